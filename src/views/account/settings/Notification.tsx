import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuTreeNode } from '../../../router/menu-tree.ts';

export default function Notification({ node }: { node: MenuTreeNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{node.menuName}</Typography.Title>
      <Typography.Paragraph>{t('account.notificationText')}</Typography.Paragraph>
    </>
  );
}
