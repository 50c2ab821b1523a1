// The layouts a menu node may name as its component (spec section 2, C2.21): each frames the
// node's children its own way inside the shell. BasicLayout and RouteView pass them through (the
// shell is already around them, and each child page keeps its own header); PageView gives them
// one page-view header, the current page's; BlankLayout shows them bare; UserLayout shows them
// in the login layout's frame.
import { Outlet, useLocation } from 'react-router-dom';
import { useStores } from '../stores/index.ts';
import { buildMenuTree, menuChain, type MenuTreeNode } from '../router/menu-tree.ts';
import PageHeaderWrapper from '../components/PageHeaderWrapper.tsx';
import UserLayout from './UserLayout.tsx';
import { headerFor } from '../router/views.ts';

function PageView({ node }: { node: MenuTreeNode }) {
  const { session } = useStores();
  const { pathname } = useLocation();
  const chain = menuChain(buildMenuTree(session.menus ?? []), pathname);
  // The header names the page shown, not the layout node (which is the page itself at its index).
  const page = chain[chain.length - 1] ?? node;
  return (
    <div data-testid="layout-PageView">
      <PageHeaderWrapper node={page} {...headerFor(page.component)}>
        <Outlet />
      </PageHeaderWrapper>
    </div>
  );
}

export function MenuLayout({ name, node }: { name: string; node: MenuTreeNode }) {
  switch (name) {
    case 'PageView':
      return <PageView node={node} />;
    case 'BlankLayout':
      return (
        <div data-testid="layout-BlankLayout">
          <Outlet />
        </div>
      );
    case 'UserLayout':
      return (
        <div data-testid="layout-UserLayout">
          <UserLayout />
        </div>
      );
    default:
      return <Outlet />;
  }
}
