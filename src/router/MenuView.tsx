// A menu node's screen inside the page-view wrapper (lazy: only the signed-in shell needs it).
import { Suspense } from 'react';
import type { MenuTreeNode } from './menu-tree.ts';
import { viewFor } from './views.ts';
import PageLoading from '../components/PageLoading.tsx';
import PageHeaderWrapper from '../components/PageHeaderWrapper.tsx';
import NotBuilt from '../views/NotBuilt.tsx';

export default function MenuView({ node, bare }: { node: MenuTreeNode; bare?: boolean }) {
  const View = viewFor(node.component);
  const view = <Suspense fallback={<PageLoading />}>{View ? <View node={node} /> : <NotBuilt node={node} />}</Suspense>;
  return bare ? view : <PageHeaderWrapper node={node}>{view}</PageHeaderWrapper>;
}
