// Lazy screens with the chunk-load rules of spec sections 8–9: a chunk that has not arrived
// after 120 s fails with "Loading chunk … failed", and a failed script or stylesheet chunk is
// reported to the user in their language.
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

export function lazyView<T extends ComponentType<any>>(name: string, load: () => Promise<{ default: T }>) {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout>;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(name)), CHUNK_LOAD_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout])
      .catch((err) => {
        feedback.notification.error({
          message: i18n.t('request.chunkFailed', { name }),
          description: String(err?.message ?? err),
        });
        throw err instanceof ChunkLoadError ? err : new ChunkLoadError(name);
      })
      .finally(() => clearTimeout(timer));
  });
}

/** Vite reports a failed stylesheet or module preload here. */
export function watchPreloadErrors() {
  window.addEventListener('vite:preloadError', (event) => {
    const detail = (event as Event & { payload?: Error }).payload;
    const name = String(detail?.message ?? '').match(/[\w.-]+\.(css|js)/)?.[0] ?? '';
    const key = name.endsWith('.css') ? 'request.cssChunkFailed' : 'request.chunkFailed';
    feedback.notification.error({ message: i18n.t(key, { name }) });
  });
}
