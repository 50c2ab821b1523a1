import { observer } from 'mobx-react-lite';
import { Avatar, Dropdown } from 'antd';
import { LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/index.ts';
import { withVersion } from '../../router/Guard.tsx';
import { feedback } from '../../utils/feedback.ts';

export default observer(function UserMenu() {
  const { session } = useStores();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const info = session.info;
  return (
    <Dropdown
      menu={{
        items: [
          {
            key: 'center',
            icon: <UserOutlined />,
            label: <span data-testid="menu-account-center">{t('layout.accountCenter')}</span>,
          },
          {
            key: 'settings',
            icon: <SettingOutlined />,
            label: <span data-testid="menu-account-settings">{t('layout.accountSettings')}</span>,
          },
          { key: 'password', icon: <LockOutlined />, label: t('layout.changePassword') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'center') navigate(withVersion('/account/center'));
          if (key === 'settings') navigate(withVersion('/account/settings/base'));
          if (key === 'password') navigate(withVersion('/ucenter/upPassword'));
          if (key === 'logout') {
            feedback.modal.confirm({
              title: t('layout.logout'),
              content: t('layout.logoutConfirm'),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              onOk: () => session.logout(),
            });
          }
        },
      }}
    >
      <span className="header-action" data-testid="user-menu">
        <Avatar size="small" src={info?.avatar || '/avatar2.jpg'} className="header-avatar" />
        <span className="header-name">{info?.nickName}</span>
      </span>
    </Dropdown>
  );
});
