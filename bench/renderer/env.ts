// The renderer's surroundings in the benchmark, as the app gives them (renderer/context.tsx): the
// language, permissions, dictionaries from the fixtures, antd's message and modal, and calls
// answered from memory by the page's own fetcher.
import { useMemo } from 'react';
import { App } from 'antd';
import type { Envelope, Fetcher, RendererEnv } from '../../renderer/context.tsx';
import { dictsOf, LANGUAGE } from './fixtures.ts';

export const refused = () => Promise.resolve<Envelope<never>>({ code: '500', msg: 'not in the benchmark', data: null as never });

/** A page that calls nothing. */
const NO_CALLS: Fetcher = { get: refused, post: refused, download: refused, upload: refused };

/** The renderer's surroundings as the app gives them, calls answered by `fetcher`. */
export function useBenchEnv(fetcher: Fetcher = NO_CALLS) {
  const { message, modal } = App.useApp();
  return useMemo<RendererEnv>(
    () => ({
      fetcher,
      hasPermission: () => true,
      navigate: () => undefined,
      leave: () => undefined,
      language: LANGUAGE,
      userId: 1,
      siteConfig: {},
      dicts: (types) => Promise.resolve(dictsOf(types)),
      message,
      modal,
      errorText: (err) => String(err),
    }),
    [fetcher, message, modal],
  );
}
