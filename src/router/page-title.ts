// What a page is called, in its tab, its page header and the home card: the menu's name, except
// that home is 'to-do items' for users whose role makes it their to-do list (spec section 1).
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/index.ts';
import { menuChain, type MenuTreeNode } from './menu-tree.ts';

export const HOME_PATH = '/home';

export function usePageTitle() {
  const { session, tabs } = useStores();
  const { t } = useTranslation();
  const homeTitle = session.info?.todoHome ? t('home.todoTitle') : t('layout.home');

  /** A menu node's title, home's as the user's role names it. */
  const nodeTitle = (node: MenuTreeNode) => (node.path === HOME_PATH ? homeTitle : node.menuName);

  /** The title of the page at a path (its tab's title). */
  return Object.assign(
    (tree: MenuTreeNode[], pathname: string, fullPath: string): string => {
      const chain = menuChain(tree, pathname);
      if (chain.length) return nodeTitle(chain[chain.length - 1]!);
      if (pathname === HOME_PATH) return homeTitle;
      // An approval page names its tab after the document once it has read it (ApprovalView); until
      // then, and only for a new tab, its number.
      const approval = /^\/approval\/[^/]+\/([^/]+)$/.exec(pathname);
      if (approval) return tabs.titleOf(fullPath) ?? t('layout.approval', { id: approval[1] });
      // A document as of a moment of its trail likewise (AsOfView, issue 36).
      const asOf = /^\/asof\/[^/]+(?:\/([^/]+))?$/.exec(pathname);
      if (asOf) return tabs.titleOf(fullPath) ?? t('layout.asOf', { id: asOf[1] ?? '' });
      return pathname;
    },
    { nodeTitle, homeTitle },
  );
}
