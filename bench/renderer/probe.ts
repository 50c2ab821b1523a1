// What the harness reads from a page: when its first complete render was painted, and for each
// key typed into an input, how long until the frame that shows it.
import { useLayoutEffect, type RefObject } from 'react';

export interface KeySample {
  /** keydown → the paint after the first animation frame in which the input holds the key. */
  paint: number;
  /** keydown → the input event handled (React's render of it included). */
  work: number;
}

export interface BenchState {
  /** performance.now() when the entry module started. */
  start: number;
  /** The shell and the page's modules fetched and evaluated, ms after `start`. */
  loaded?: number;
  /** First complete render painted, ms after `start`. */
  ready?: number;
  /** The same moment, ms after navigation start. */
  sinceNavigation?: number;
  keys: KeySample[];
  errors: string[];
}

declare global {
  interface Window {
    __bench: BenchState;
    /** Resolves once `n` keys have been timed. */
    __benchKeys(n: number): Promise<void>;
  }
}

/** cb(time) once the frame after this call has been painted: the next animation frame, then a task. */
export function afterPaint(cb: (time: number) => void) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => cb(performance.now());
    channel.port2.postMessage(null);
  });
}

/** Marks window.__bench.ready the first time `complete(root)` holds, after that render is painted. */
export function useReady(ref: RefObject<HTMLElement | null>, complete: (root: HTMLElement) => boolean) {
  useLayoutEffect(() => {
    const root = ref.current!;
    let done = false;
    const check = () => {
      if (done || !complete(root)) return;
      done = true;
      observer.disconnect();
      afterPaint((time) => {
        window.__bench.ready = time - window.__bench.start;
        window.__bench.sinceNavigation = time;
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    check();
    return () => observer.disconnect();
  }, []);
}

/** Times every key typed into an input of the page. */
export function installKeyProbe() {
  let waiting: { n: number; resolve: () => void } | null = null;
  const push = (sample: KeySample) => {
    window.__bench.keys.push(sample);
    if (waiting && window.__bench.keys.length >= waiting.n) {
      waiting.resolve();
      waiting = null;
    }
  };
  window.__benchKeys = (n) =>
    window.__bench.keys.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }));
  let inputStart = 0;
  let pending: { start: number; work?: number } | null = null;
  window.addEventListener('input', () => (inputStart = performance.now()), true);
  window.addEventListener('input', () => {
    // Bubble phase on window: after React's listener on the root and the sync render it flushes.
    if (pending && pending.work === undefined && inputStart) pending.work = performance.now() - pending.start;
  });
  window.addEventListener(
    'keydown',
    (e) => {
      const target = e.target;
      if (!(target instanceof HTMLInputElement)) return;
      const now = performance.now();
      // The event's own time counts the wait in the input queue too, when the browser gives one.
      const start = e.timeStamp > 0 && e.timeStamp <= now && now - e.timeStamp < 1000 ? e.timeStamp : now;
      const before = target.value;
      const sample: { start: number; work?: number } = { start };
      pending = sample;
      let frames = 0;
      const frame = () => {
        if (target.value !== before) {
          afterPaint((time) => push({ paint: time - start, work: sample.work ?? NaN }));
        } else if (++frames < 120) requestAnimationFrame(frame);
        else push({ paint: NaN, work: NaN });
      };
      requestAnimationFrame(frame);
    },
    true,
  );
}

/**
 * The list is complete when the first page of rows is in, with dictionary labels, and not loading;
 * `mounted` rows of it in the DOM (a virtual body's first screenful by default, all of them without one).
 */
export function listComplete(pageSize: number, firstRowText: string, mounted = Math.min(pageSize, 10)) {
  return (root: HTMLElement) => {
    const rows = root.querySelectorAll('.ant-table-row');
    return (
      // A virtual body mounts only the rows in view: the first screenful counts.
      rows.length >= mounted && !root.querySelector('.ant-spin-spinning') && (rows[0]!.textContent ?? '').includes(firstRowText)
    );
  };
}

/**
 * A document's lines are complete when a page of them is mounted with their values shown
 * (the first line's summary in its cell, as text or in its box).
 */
export function linesComplete(rows: number, firstLineText: string) {
  return (root: HTMLElement) => {
    const mounted = root.querySelectorAll('.ant-table-row');
    if (mounted.length < rows) return false;
    // The first line's text, in its box when the line is open, as plain text when not.
    const first = mounted[0]!;
    return (
      (first.textContent ?? '').includes(firstLineText) ||
      [...first.querySelectorAll('input')].some((i) => i.value === firstLineText)
    );
  };
}

/** A field's item in the antd and Formily forms. */
export const FORM_ITEM = '.ant-formily-item, .ant-form-item';
/** amis's (issue 20) item with its control: a field counts once its renderer (a lazy chunk) has drawn the control. */
export const AMIS_ITEM = '.cxd-Form-item .cxd-Form-control';

/** The form is complete when every field's item is mounted. */
export function formComplete(fields: number, item = FORM_ITEM) {
  return (root: HTMLElement) => root.querySelectorAll(item).length >= fields;
}
