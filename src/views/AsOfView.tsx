// /asof/{entity}/{id}?seq=<trail number>|at=<time>: a document as it stood at a moment of its audit
// trail (issue 36), read-only, inside the shell; whoever may see it is the server's to say.
import { useCallback } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import DocumentAsOf from '../../renderer/detail/DocumentAsOf.tsx';
import { RendererProvider } from '../app/RendererProvider.tsx';
import { useStores } from '../stores/index.ts';

export default function AsOfView() {
  const { entity = '', id = '' } = useParams();
  const [search] = useSearchParams();
  const { tabs } = useStores();
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const onTitle = useCallback((title: string) => tabs.rename(fullPath, title), [tabs, fullPath]);
  const seq = search.get('seq') ?? undefined;
  const at = search.get('at') ?? undefined;
  return (
    <RendererProvider>
      <DocumentAsOf key={fullPath} entity={entity} id={id} seq={seq} at={at} onTitle={onTitle} />
    </RendererProvider>
  );
}
