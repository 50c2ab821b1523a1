import { observer } from 'mobx-react-lite';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../stores/index.ts';
import DescriptionList from '../../../components/DescriptionList.tsx';
import type { MenuTreeNode } from '../../../router/menu-tree.ts';

export default observer(function Base({ node }: { node: MenuTreeNode }) {
  const { session } = useStores();
  const { t } = useTranslation();
  const info = session.info;
  return (
    <>
      <Typography.Title level={5}>{node.menuName}</Typography.Title>
      <DescriptionList
        col={1}
        items={[
          { term: t('account.loginName'), children: info?.loginName },
          { term: t('account.realName'), children: info?.realName },
          { term: t('account.dept'), children: info?.deptName },
        ]}
      />
    </>
  );
});
