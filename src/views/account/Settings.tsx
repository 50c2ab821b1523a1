// Account settings (issue 18), after ant-design-pro's: the sections (base, security, custom, binding,
// notification, from the menu tree) in a menu on the left of wide screens and as the page header's
// tabs on narrow ones, the chosen one beside or below under its title.
import { useMemo } from 'react';
import { Card, Grid, Menu, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { MenuTreeNode } from '../../router/menu-tree.ts';
import { withVersion } from '../../router/Guard.tsx';
import { usePageHeader } from '../../components/page-header-slot.ts';

export default function Settings({ node }: { node: MenuTreeNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md !== false;
  const current = node.children.find((c) => c.path === location.pathname) ?? node.children[0];
  // On narrow screens the sections are the page header's tabs (spec section 2, C2.76); on wide ones
  // the menu on the left.
  usePageHeader(
    useMemo(
      () =>
        wide
          ? null
          : {
              tabs: {
                items: node.children.map((c) => ({ key: c.path, label: c.menuName })),
                activeKey: current?.path,
                onChange: (key: string) => navigate(withVersion(key)),
              },
            },
      [wide, node.children, current?.path, navigate],
    ),
  );
  return (
    <Card
      styles={{ body: { padding: wide ? '16px 0' : 0, display: 'flex', flexDirection: wide ? 'row' : 'column', minHeight: 420 } }}
    >
      {wide && (
        <Menu
          mode="inline"
          data-testid="account-settings-menu"
          style={{ width: 224, borderInlineEnd: '1px solid rgba(5,5,5,.06)' }}
          selectedKeys={current ? [current.path] : []}
          items={node.children.map((c) => ({ key: c.path, label: c.menuName }))}
          onClick={({ key }) => navigate(withVersion(key))}
        />
      )}
      <div style={{ flex: 1, padding: wide ? '8px 40px' : '16px', minWidth: 0 }}>
        {current && (
          <Typography.Title level={4} style={{ marginBottom: 16 }}>
            {current.menuName}
          </Typography.Title>
        )}
        <Outlet />
      </div>
    </Card>
  );
}
