// The menu of the shell, side (inline) or top (horizontal), built from the user's menu tree, with
// the fold / unfold-all trigger of spec section 2.
import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuChain, type MenuTreeNode } from '../router/menu-tree.ts';
import { withVersion } from '../router/Guard.tsx';
import MenuIcon from './MenuIcon.tsx';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuTreeNode[]): Item[] {
  return nodes
    .filter((n) => !n.hidden)
    .map((n) => {
      const children = n.hiddenChildren ? [] : n.children.filter((c) => !c.hidden);
      // A title the menu's width cuts short ('Indicadores orçamen…') says itself whole on hover: an
      // item's own title; a submenu's in the span antd would put it in (it takes a span as that one).
      return children.length
        ? {
            key: n.path || n.id,
            icon: <MenuIcon name={n.icon} />,
            label: (
              <span className="ant-menu-title-content" title={n.menuName}>
                {n.menuName}
              </span>
            ),
            children: toItems(children),
          }
        : { key: n.path || n.id, icon: <MenuIcon name={n.icon} />, label: n.menuName, title: n.menuName };
    });
}

function submenuKeys(nodes: MenuTreeNode[]): string[] {
  return nodes.flatMap((n) =>
    !n.hidden && !n.hiddenChildren && n.children.some((c) => !c.hidden) ? [n.path || n.id, ...submenuKeys(n.children)] : [],
  );
}

export interface SideMenuProps {
  tree: MenuTreeNode[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  onNavigate?: () => void;
}

export default observer(function SideMenu({ tree, mode, theme, collapsed, onNavigate }: SideMenuProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const items = useMemo(() => toItems(tree), [tree]);
  const allKeys = useMemo(() => submenuKeys(tree), [tree]);
  const chain = menuChain(tree, location.pathname);
  const selected = chain.length ? [chain[chain.length - 1]!.path] : [];
  const [openKeys, setOpenKeys] = useState<string[]>(() => chain.slice(0, -1).map((n) => n.path));

  useEffect(() => {
    // Opening a page opens its submenu, keeping what the user opened.
    const parents = chain.slice(0, -1).map((n) => n.path);
    if (parents.some((k) => !openKeys.includes(k))) setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [location.pathname]);

  const byPath = (key: string) => {
    const find = (nodes: MenuTreeNode[]): MenuTreeNode | undefined =>
      nodes.map((n) => ((n.path || n.id) === key ? n : find(n.children))).find(Boolean);
    return find(tree);
  };
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = byPath(String(key));
    if (node?.target === '_blank' || /^https?:/.test(String(key))) {
      window.open(String(key), '_blank', 'noopener');
      return;
    }
    navigate(withVersion(String(key)));
    onNavigate?.();
  };

  const anyOpen = openKeys.length > 0;
  return (
    <>
      {mode === 'inline' && !collapsed && allKeys.length > 0 && (
        <div className={`menu-fold-trigger menu-fold-trigger-${theme}`}>
          <a onClick={() => setOpenKeys(anyOpen ? [] : allKeys)} data-testid="menu-fold-all">
            {anyOpen ? t('layout.foldAll') : t('layout.unfoldAll')}
          </a>
        </div>
      )}
      <Menu
        mode={mode}
        theme={theme}
        items={items}
        selectedKeys={selected}
        {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
        onClick={onClick}
        style={
          mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: '64px' } : { borderInlineEnd: 'none' }
        }
      />
    </>
  );
});
