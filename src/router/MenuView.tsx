// A menu node's screen inside the page-view wrapper (lazy: only the signed-in shell needs it).
// A hand-written view registered under the component name wins; otherwise the generic schema page,
// which shows "not built" when the component has no page schema either.
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuTreeNode } from './menu-tree.ts';
import { headerFor, viewFor } from './views.ts';
import PageLoading from '../components/PageLoading.tsx';
import PageHeaderWrapper from '../components/PageHeaderWrapper.tsx';
import NotBuilt from '../views/NotBuilt.tsx';
import SchemaPage from '../../renderer/SchemaPage.tsx';
import { RendererProvider } from '../app/RendererProvider.tsx';
import ErrorPanel from '../../renderer/ErrorPanel.tsx';
import { useStores } from '../stores/index.ts';

function SchemaView({ node }: { node: MenuTreeNode }) {
  const location = useLocation();
  const urlQuery = Object.fromEntries(new URLSearchParams(location.search));
  return (
    <RendererProvider>
      <SchemaPage component={node.component} urlQuery={urlQuery} notFound={<NotBuilt node={node} />} />
    </RendererProvider>
  );
}

export default function MenuView({ node, bare }: { node: MenuTreeNode; bare?: boolean }) {
  const View = viewFor(node.component);
  const { settings } = useStores();
  // A screen that fails (its script chunk did not load, a render error) fails inside the page area.
  const view = (
    <ErrorPanel where={node.menuName || node.component} language={settings.language}>
      <Suspense fallback={<PageLoading />}>{View ? <View node={node} /> : <SchemaView node={node} />}</Suspense>
    </ErrorPanel>
  );
  return bare ? (
    view
  ) : (
    <PageHeaderWrapper node={node} {...headerFor(node.component)}>
      {view}
    </PageHeaderWrapper>
  );
}
