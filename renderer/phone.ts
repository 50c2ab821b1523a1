// The one place the renderer decides it is on a phone (issue 34): a viewport narrower than 576 px
// (antd's `sm` breakpoint). Below it forms are one column with labels above their controls, lists
// are cards, an approval's decisions sit in a bar at the bottom and dialogs take the whole width
// (phone.css). Components ask usePhone(); plain functions ask isPhone().
import { useSyncExternalStore } from 'react';
import './phone.css';

export const PHONE_QUERY = '(max-width: 575.98px)';

const media = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;

export function isPhone(): boolean {
  return media()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const m = media();
  if (!m) return () => undefined;
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
}

/** Whether the viewport is a phone's, re-rendering the caller when a window is resized across 576 px. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
