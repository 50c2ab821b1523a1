// Account settings: a frame with its sub-pages (base, security, custom, binding, notification) from
// the menu tree, the chosen one shown beside.
import { Card, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { MenuTreeNode } from '../../router/menu-tree.ts';
import { withVersion } from '../../router/Guard.tsx';

export default function Settings({ node }: { node: MenuTreeNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Card styles={{ body: { padding: 0, display: 'flex', minHeight: 420 } }}>
      <Menu
        mode="inline"
        style={{ width: 224 }}
        selectedKeys={[location.pathname]}
        items={node.children.map((c) => ({ key: c.path, label: c.menuName }))}
        onClick={({ key }) => navigate(withVersion(key))}
      />
      <div style={{ flex: 1, padding: '8px 40px' }}>
        <Outlet />
      </div>
    </Card>
  );
}
