// A text box that shows each key in the frame it is typed in and hands the value to the form when
// the typing pauses. The form's work for a key — the value, its rules, the linkages and totals that
// follow it, the item's message — then runs once a burst of keys is over instead of between the
// keys' frames, where it stood in front of the next frame (Chromium holds tasks queued during a key
// back until the frame after it has begun). amis keeps a typed value in its control the same way and
// hands it over 250 ms later; antd's Form.Item offers the same as `validateDebounce`. The character
// count is the box's own and follows every key. The value is handed over at once when the box loses
// the focus (a click on save blurs it first) or takes Enter, Escape or a shortcut, so nothing reads
// the form before the last key is in it.
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

type Box = HTMLInputElement | HTMLTextAreaElement;

interface BoxProps {
  value?: unknown;
  onChange?: (e: ChangeEvent<Box>) => void;
  onBlur?: (e: FocusEvent<Box>) => void;
  onKeyDown?: (e: KeyboardEvent<Box>) => void;
}

/** The pause in typing after which a box hands its value to the form (amis waits 250 ms). */
export const TYPING_PAUSE_MS = 150;

/** The text box `Box` (antd Input, TextArea) with the form's value handed over when the typing pauses. */
export function deferred<P extends object>(Box: ComponentType<P>) {
  return forwardRef<unknown, P>(function DeferredBox(props, ref) {
    const { value, onChange, onBlur, onKeyDown } = props as BoxProps;
    const [shown, setShown] = useState(value);
    // The last change not yet handed over: its target holds the box's value when it is.
    const pending = useRef<ChangeEvent<Box> | null>(null);
    const handOver = useRef(onChange);
    handOver.current = onChange;
    const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
    const flush = useRef(() => {
      clearTimeout(timer.current);
      const change = pending.current;
      pending.current = null;
      if (change) handOver.current?.(change);
    }).current;
    // The form's value wins when it changes from elsewhere (a reset, a linkage, a picker's fill).
    useEffect(() => {
      if (!pending.current) setShown(value);
    }, [value]);
    // Leaving with keys not handed over (a dialog closed by the keyboard) hands them over.
    useEffect(() => flush, [flush]);
    const boxProps = {
      ...props,
      ref,
      value: shown,
      onChange: (e: ChangeEvent<Box>) => {
        setShown(e.target.value);
        pending.current = e;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, TYPING_PAUSE_MS);
      },
      onBlur: (e: FocusEvent<Box>) => {
        flush();
        onBlur?.(e);
      },
      onKeyDown: (e: KeyboardEvent<Box>) => {
        // Keys that may act on the form (submit, close, a shortcut) find the value in it.
        if (e.key === 'Enter' || e.key === 'Escape' || e.ctrlKey || e.metaKey || e.altKey) flush();
        onKeyDown?.(e);
      },
    };
    return <Box {...(boxProps as unknown as P)} />;
  });
}
