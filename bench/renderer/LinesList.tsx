// The same 200 lines as a plain list page through the runtime (renderer/list/ListPage.tsx): the
// ceiling the document with 200 lines is held to (issue 14: within 1.3×).
import { useMemo, useRef } from 'react';
import { App } from 'antd';
import { RendererContext, type Envelope, type Fetcher, type RendererEnv } from '../../renderer/context.tsx';
import { installFormily } from '../../renderer/form/locale.ts';
import ListPage from '../../renderer/list/ListPage.tsx';
import { dictsOf, DOC_LINES, docLines, LANGUAGE, LINES_READY_TEXT, linesBundle } from './fixtures.ts';
import { listComplete, useReady } from './probe.ts';

const ok = <T,>(data: T): Promise<Envelope<T>> => Promise.resolve({ code: '0', msg: '', data });
const refused = () => Promise.resolve({ code: '500', msg: 'not in the benchmark', data: null as never });

/** Every page request gets the 200 lines. */
const fetcher: Fetcher = {
  get: <T,>(url: string) =>
    url === `${linesBundle.entity.api}/page` ? ok({ records: docLines, total: docLines.length } as T) : refused(),
  post: refused,
  download: refused,
  upload: refused,
};

const complete = listComplete(DOC_LINES, LINES_READY_TEXT);

export default function LinesListPage() {
  const { message, modal } = App.useApp();
  const env = useMemo<RendererEnv>(
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
    [message, modal],
  );
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, complete);
  installFormily(LANGUAGE); // as SchemaPage does before it renders a ListPage
  return (
    <div ref={ref} style={{ padding: 24 }}>
      <RendererContext.Provider value={env}>
        <ListPage bundle={linesBundle} urlQuery={{}} />
      </RendererContext.Provider>
    </div>
  );
}
