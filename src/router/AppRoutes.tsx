// The route table (spec section 2): the constant routes, and after sign-in the routes generated
// from the user's menu tree inside the shell. Only those routes exist; anything else goes to /404.
import { Suspense, useMemo, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { useStores } from '../stores/index.ts';
import { buildMenuTree, flattenTree, type MenuTreeNode } from './menu-tree.ts';
import { lazyView } from './lazy.ts';
import { LAYOUT_NAMES, framesChildren } from './views.ts';
import { Guard, withVersion } from './Guard.tsx';
import PageLoading from '../components/PageLoading.tsx';
import { PREVIEW_PATH } from '../../renderer/preview.ts';

const BasicLayout = lazyView('BasicLayout', () => import('../layouts/BasicLayout.tsx'));
const UserLayout = lazyView('UserLayout', () => import('../layouts/UserLayout.tsx'));
const Login = lazyView('login', () => import('../views/user/Login.tsx'));
const Register = lazyView('register', () => import('../views/user/Register.tsx'));
const RegisterResult = lazyView('registerResult', () => import('../views/user/RegisterResult.tsx'));
const UpPassword = lazyView('upPassword', () => import('../views/ucenter/UpPassword.tsx'));
const Exception = lazyView('exception', () => import('../views/exception/Exception.tsx'));
const Disabled = lazyView('disable', () => import('../views/Disabled.tsx'));
const Home = lazyView('Home', () => import('../views/home/Home.tsx'));
const MenuView = lazyView('MenuView', () => import('./MenuView.tsx'));
const MenuLayout = lazyView('MenuLayout', () => import('../layouts/MenuLayouts.tsx').then((m) => ({ default: m.MenuLayout })));
const PrintView = lazyView('print', () => import('../views/PrintView.tsx'));
const ApprovalView = lazyView('approval', () => import('../views/ApprovalView.tsx'));
const AsOfView = lazyView('asOf', () => import('../views/AsOfView.tsx'));
const FilePreview = lazyView('preview', () => import('../views/FilePreview.tsx'));

export interface RouteHandle {
  name: string;
  title?: string;
  node?: MenuTreeNode;
}

const suspended = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/**
 * A menu node as a route. Layout components (RouteView, PageView, ...) pass their children
 * through; a view with children (account settings) frames them and shows them in its <Outlet/>.
 */
function menuRoute(node: MenuTreeNode, insideView = false): RouteObject | null {
  if (!node.path || /^https?:/.test(node.path)) return null;
  const handle: RouteHandle = { name: node.menuKey, title: node.menuName, node };
  const isLayout = (LAYOUT_NAMES as readonly string[]).includes(node.component) || !node.component;
  // Under a view, a PageView or a blank or login frame, a page shows no header of its own.
  const bareBelow = insideView || !isLayout || framesChildren(node.component);
  const children = node.children.map((c) => menuRoute(c, bareBelow)).filter((r): r is RouteObject => r !== null);
  if (!children.length && !isLayout)
    return { path: node.path, element: suspended(<MenuView node={node} bare={insideView} />), handle };
  const first = node.redirect || node.children.find((c) => c.path)?.path;
  const index = first ? [{ index: true, element: <Navigate to={withVersion(first)} replace /> }] : [];
  return {
    path: node.path,
    element: isLayout
      ? node.component && node.component !== 'RouteView' && node.component !== 'BasicLayout'
        ? suspended(<MenuLayout name={node.component} node={node} />)
        : <Outlet />
      : suspended(<MenuView node={node} bare={insideView} />),
    handle,
    children: [...index, ...children],
  };
}

/** The routes of the user's menu tree (inside the shell). */
export function menuRoutesOf(tree: MenuTreeNode[]): RouteObject[] {
  return tree.map((n) => menuRoute(n)).filter((r): r is RouteObject => r !== null);
}

export function buildRoutes(tree: MenuTreeNode[]): RouteObject[] {
  const menuRoutes = menuRoutesOf(tree);
  const hasHome = flattenTree(tree).some((n) => n.path === '/home');
  return [
    {
      path: '/user',
      element: suspended(<UserLayout />),
      children: [
        { index: true, element: <Navigate to="/user/login" replace /> },
        { path: 'login', element: suspended(<Login />), handle: { name: 'login' } },
        { path: 'register', element: suspended(<Register />), handle: { name: 'register' } },
        { path: 'register-result', element: suspended(<RegisterResult />), handle: { name: 'registerResult' } },
      ],
    },
    { path: '/disable', element: suspended(<Disabled />), handle: { name: 'disable' } },
    { path: '/ucenter/upPassword', element: suspended(<UpPassword />), handle: { name: 'upPassword' } },
    { path: '/print/:entity/:id', element: suspended(<PrintView />), handle: { name: 'print' } },
    // A stored file in a window of its own (renderer/fileLink.ts PREVIEW_PATH).
    { path: PREVIEW_PATH, element: suspended(<FilePreview />), handle: { name: 'preview' } },
    { path: '/403', element: suspended(<Exception type="403" />), handle: { name: '403' } },
    { path: '/404', element: suspended(<Exception type="404" />), handle: { name: '404' } },
    { path: '/500', element: suspended(<Exception type="500" />), handle: { name: '500' } },
    {
      path: '/',
      element: suspended(<BasicLayout tree={tree} />),
      handle: { name: 'index' },
      children: [
        { index: true, element: <Navigate to="/home" replace /> },
        ...menuRoutes,
        // A document's approval page, inside the shell; whoever may see it is the server's to say.
        { path: '/approval/:entity/:id', element: suspended(<ApprovalView />), handle: { name: 'approval' } },
        // A document as it stood at a moment of its audit trail (issue 36), read-only; without an id,
        // the document the trail record ?seq= wrote (the auditor's trail screen).
        { path: '/asof/:entity/:id?', element: suspended(<AsOfView />), handle: { name: 'asOf' } },
        ...(hasHome ? [] : [{ path: '/home', element: suspended(<Home />), handle: { name: 'dashboard' } }]),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

export const AppRoutes = observer(function AppRoutes() {
  const { session } = useStores();
  const menus = session.menus;
  const tree = useMemo(() => (menus ? buildMenuTree(menus) : []), [menus]);
  const routes = useMemo(() => buildRoutes(tree), [tree]);
  const element = useRoutes(routes);
  return <Guard>{element}</Guard>;
});
