// Personalisation: language and layout (theme, navigation, content width, multi-tab), applied here at
// once and kept with the account, so a sign-in on another browser brings them along.
import { observer } from 'mobx-react-lite';
import { List, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../stores/index.ts';
import { LANGUAGES, type Language } from '../../../locales/index.ts';
import { switchLanguage } from '../../../app/language.ts';
import { saveLayoutPreference } from '../../../app/preferences.ts';
import type { ContentWidth, LayoutMode, NavTheme } from '../../../stores/settings.ts';

export default observer(function Custom() {
  const stores = useStores();
  const { settings } = stores;
  const { t } = useTranslation();
  const keep = (patch: Parameters<typeof saveLayoutPreference>[0]) => void saveLayoutPreference(patch);
  const row = (title: string, action: React.ReactNode, testId: string) => (
    <List.Item actions={[action]} data-testid={testId}>
      {title}
    </List.Item>
  );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('account.customText')}</Typography.Paragraph>
      <List>
        {row(
          t('account.language'),
          <Select<Language>
            key="language"
            style={{ width: 160 }}
            value={settings.language}
            options={LANGUAGES.map((l) => ({ value: l.code, label: `${l.flag} ${l.label}` }))}
            onChange={(language) => {
              void switchLanguage(stores, language);
              keep({ language });
            }}
          />,
          'custom-language',
        )}
        {row(
          t('account.theme'),
          <Radio.Group
            key="theme"
            value={settings.navTheme}
            onChange={(e) => {
              settings.setNavTheme(e.target.value as NavTheme);
              keep({ navTheme: e.target.value });
            }}
          >
            <Radio.Button value="dark">{t('account.themeDark')}</Radio.Button>
            <Radio.Button value="light">{t('account.themeLight')}</Radio.Button>
          </Radio.Group>,
          'custom-theme',
        )}
        {row(
          t('account.navigation'),
          <Radio.Group
            key="layout"
            value={settings.layout}
            onChange={(e) => {
              settings.setLayout(e.target.value as LayoutMode);
              keep({ layout: settings.layout, contentWidth: settings.contentWidth });
            }}
          >
            <Radio.Button value="sidemenu">{t('account.navSide')}</Radio.Button>
            <Radio.Button value="topmenu">{t('account.navTop')}</Radio.Button>
          </Radio.Group>,
          'custom-layout',
        )}
        {row(
          t('account.contentWidth'),
          <Tooltip key="width" title={settings.layout === 'sidemenu' ? t('account.widthHint') : undefined}>
            <Radio.Group
              value={settings.contentWidth}
              disabled={settings.layout === 'sidemenu'}
              onChange={(e) => {
                settings.setContentWidth(e.target.value as ContentWidth);
                keep({ contentWidth: settings.contentWidth });
              }}
            >
              <Radio.Button value="Fixed">{t('account.widthFixed')}</Radio.Button>
              <Radio.Button value="Fluid">{t('account.widthFluid')}</Radio.Button>
            </Radio.Group>
          </Tooltip>,
          'custom-width',
        )}
        {row(
          t('account.multiTab'),
          <Switch
            key="tabs"
            checked={settings.multiTab}
            onChange={(v) => {
              settings.setMultiTab(v);
              keep({ multiTab: v });
            }}
          />,
          'custom-multitab',
        )}
      </List>
    </>
  );
});
