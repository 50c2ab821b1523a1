// /approval/{entity}/{id}: a document's approval page, inside the shell (the renderer's page kind).
// Its tab takes the document's name once the page has read it.
import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import ApprovalPage from '../../renderer/approval/ApprovalPage.tsx';
import { RendererProvider } from '../app/RendererProvider.tsx';
import { useStores } from '../stores/index.ts';

export default function ApprovalView() {
  const { entity = '', id = '' } = useParams();
  const { tabs } = useStores();
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const onTitle = useCallback((title: string) => tabs.rename(fullPath, title), [tabs, fullPath]);
  return (
    <RendererProvider>
      <ApprovalPage key={`${entity}/${id}`} entity={entity} id={id} onTitle={onTitle} />
    </RendererProvider>
  );
}
