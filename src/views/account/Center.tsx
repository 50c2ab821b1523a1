import { observer } from 'mobx-react-lite';
import { Avatar, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/index.ts';
import DescriptionList from '../../components/DescriptionList.tsx';

export default observer(function Center() {
  const { session, site } = useStores();
  const { t } = useTranslation();
  const info = session.info;
  if (!info) return null;
  return (
    <Card>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <Avatar size={96} src={info.avatar || '/avatar2.jpg'} />
        <DescriptionList
          title={info.nickName}
          col={2}
          items={[
            { term: t('account.loginName'), children: info.loginName },
            { term: t('account.realName'), children: info.realName },
            { term: t('account.organisation'), children: site.info?.extend.topDeptName },
            { term: t('account.dept'), children: info.deptName },
            { term: t('account.roles'), children: info.roles.map((r) => <Tag key={r.id}>{r.roleName}</Tag>) },
            { term: t('account.permissions'), children: info.buttons.length },
          ]}
        />
      </div>
    </Card>
  );
});
