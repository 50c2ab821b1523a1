// Lazy screens with the chunk-load rules of spec sections 8–9: a chunk that has not arrived
// after 120 s fails with "Loading chunk … failed", and a failed script or stylesheet chunk is
// reported to the user in their language — once: Vite's preload error and the failed import it
// causes are one failure, so both land in the same notification (one key).
import { lazy, type ComponentType } from 'react';
import i18n from '../locales/index.ts';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config.ts';
import { feedback } from '../utils/feedback.ts';

export class ChunkLoadError extends Error {
  constructor(readonly chunk: string) {
    super(`Loading chunk ${chunk} failed.`);
    this.name = 'ChunkLoadError';
  }
}

/** The one notification of a chunk that did not load; a later failure replaces it, never stacks. */
export const CHUNK_NOTICE_KEY = 'chunk-failed';

export function notifyChunkFailed(name: string, cause: unknown) {
  const message = String((cause as Error | undefined)?.message ?? cause ?? '');
  const css = /\.css\b|preload CSS/i.test(message);
  feedback.notification.error({
    key: CHUNK_NOTICE_KEY,
    message: i18n.t(css ? 'request.cssChunkFailed' : 'request.chunkFailed', { name }),
    description: message,
  });
}

export function lazyView<T extends ComponentType<any>>(name: string, load: () => Promise<{ default: T }>) {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout>;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(name)), CHUNK_LOAD_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout])
      .catch((err) => {
        notifyChunkFailed(name, err);
        // The page area's error panel (ErrorPanel) shows it with a retry; the shell stays.
        throw err instanceof ChunkLoadError ? err : new ChunkLoadError(name);
      })
      .finally(() => clearTimeout(timer));
  });
}

/** Vite reports a failed stylesheet or module preload here (also for imports outside lazyView). */
export function watchPreloadErrors() {
  window.addEventListener('vite:preloadError', (event) => {
    const detail = (event as Event & { payload?: Error }).payload;
    const name = String(detail?.message ?? '').match(/[\w.-]+\.(css|js)/)?.[0] ?? '';
    notifyChunkFailed(name, detail);
  });
}
