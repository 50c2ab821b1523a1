import { List, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuTreeNode } from '../../../router/menu-tree.ts';
import { withVersion } from '../../../router/Guard.tsx';

export default function Security({ node }: { node: MenuTreeNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Typography.Title level={5}>{node.menuName}</Typography.Title>
      <List
        itemLayout="horizontal"
        dataSource={[{ title: t('account.security'), description: t('account.securityText') }]}
        renderItem={(item) => (
          <List.Item
            actions={[
              <a key="change" onClick={() => navigate(withVersion('/ucenter/upPassword'))}>
                {t('account.change')}
              </a>,
            ]}
          >
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
    </>
  );
}
