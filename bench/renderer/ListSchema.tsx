// The list screen through the generic runtime: renderer/list/ListPage.tsx over a generated bundle,
// in a RendererContext whose fetcher answers from memory (the page request with all its rows).
import { useRef } from 'react';
import { RendererContext, type Envelope, type Fetcher } from '../../renderer/context.tsx';
import ListPage from '../../renderer/list/ListPage.tsx';
import type { PageBundle, Row } from '../../renderer/types.ts';
import { LIST_PAGE_SIZE, LIST_READY_TEXT, listBundle, listRows } from './fixtures.ts';
import { refused, useBenchEnv } from './env.ts';
import { listComplete, useReady } from './probe.ts';

const ok = <T,>(data: T): Promise<Envelope<T>> => Promise.resolve({ code: '0', msg: '', data });

/**
 * A list page of the runtime given these rows, whatever its pageSize; ready once `readyText` shows in
 * the first row (and `mounted` rows are in the DOM, a virtual body's first screenful by default).
 */
export function schemaListPage(bundle: PageBundle, rows: Row[], pageSize: number, readyText: string, mounted?: number) {
  const fetcher: Fetcher = {
    get: <T,>(url: string) => (url === `${bundle.entity.api}/page` ? ok({ records: rows, total: rows.length } as T) : refused()),
    post: refused,
    download: refused,
    upload: refused,
  };
  const complete = listComplete(pageSize, readyText, mounted);
  return function SchemaListPage() {
    const env = useBenchEnv(fetcher);
    const ref = useRef<HTMLDivElement>(null);
    useReady(ref, complete);
    return (
      <div ref={ref} style={{ padding: 24 }}>
        <RendererContext.Provider value={env}>
          <ListPage bundle={bundle} urlQuery={{}} />
        </RendererContext.Provider>
      </div>
    );
  };
}

export default schemaListPage(listBundle, listRows, LIST_PAGE_SIZE, LIST_READY_TEXT);
