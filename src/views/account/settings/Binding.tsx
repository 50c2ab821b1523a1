import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuTreeNode } from '../../../router/menu-tree.ts';

export default function Binding({ node }: { node: MenuTreeNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{node.menuName}</Typography.Title>
      <Empty description={t('account.bindingEmpty')} />
    </>
  );
}
