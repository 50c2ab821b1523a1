// Personalisation: the layout preferences every user may set (the same store as the drawer).
import { observer } from 'mobx-react-lite';
import { List, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../stores/index.ts';
import type { MenuTreeNode } from '../../../router/menu-tree.ts';

export default observer(function Custom({ node }: { node: MenuTreeNode }) {
  const { settings } = useStores();
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{node.menuName}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('account.customText')}</Typography.Paragraph>
      <List>
        <List.Item
          actions={[
            <Radio.Group key="theme" value={settings.navTheme} onChange={(e) => settings.setNavTheme(e.target.value)}>
              <Radio.Button value="dark">{t('settings.dark')}</Radio.Button>
              <Radio.Button value="light">{t('settings.light')}</Radio.Button>
            </Radio.Group>,
          ]}
        >
          {t('settings.menuTheme')}
        </List.Item>
        <List.Item
          actions={[
            <Radio.Group key="layout" value={settings.layout} onChange={(e) => settings.setLayout(e.target.value)}>
              <Radio.Button value="sidemenu">{t('settings.sidemenu')}</Radio.Button>
              <Radio.Button value="topmenu">{t('settings.topmenu')}</Radio.Button>
            </Radio.Group>,
          ]}
        >
          {t('settings.navMode')}
        </List.Item>
        <List.Item actions={[<Switch key="weak" checked={settings.colorWeak} onChange={(v) => settings.setColorWeak(v)} />]}>
          {t('settings.colorWeak')}
        </List.Item>
        <List.Item actions={[<Switch key="tabs" checked={settings.multiTab} onChange={(v) => settings.setMultiTab(v)} />]}>
          {t('settings.multiTab')}
        </List.Item>
      </List>
    </>
  );
});
