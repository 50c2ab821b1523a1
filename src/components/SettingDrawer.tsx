// The settings drawer of spec sections 2 and 4 (non-production builds only): menu theme, primary
// colour, navigation mode, content width, fixed header, auto-hide header, fixed side menu,
// colour-weak, multi-tab, and copying the settings.
import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Divider, Drawer, List, Select, Switch, Tooltip, theme } from 'antd';
import { CheckOutlined, CloseOutlined, CopyOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS } from '../config.ts';
import { useStores } from '../stores/index.ts';
import type { LayoutMode, NavTheme } from '../stores/settings.ts';
import { feedback } from '../utils/feedback.ts';

const COLOR_NAMES = ['daybreak', 'dust', 'volcano', 'sunset', 'cyan', 'green', 'geekblue', 'purple'] as const;

/** Theme changes are shown while they apply (spec: '正在切换主题！'). */
function switchingTheme(t: (k: string) => string, apply: () => void) {
  const hide = feedback.message.loading(t('settings.switchingTheme'), 0);
  apply();
  // Two frames: React commits, then the browser paints the new theme.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(hide, 300)));
}

function Row({ title, action, disabled, hint }: { title: string; action: ReactNode; disabled?: boolean; hint?: string }) {
  const body = <List.Item actions={[action]}>{<span style={{ opacity: disabled ? 0.5 : 1 }}>{title}</span>}</List.Item>;
  return disabled && hint ? (
    <Tooltip title={hint} placement="left">
      {body}
    </Tooltip>
  ) : (
    body
  );
}

export default observer(function SettingDrawer() {
  const { settings } = useStores();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { token } = theme.useToken();

  const blocks = (value: string, options: Array<{ value: string; label: string; cls: string }>, onPick: (v: string) => void) => (
    <div className="setting-blocks">
      {options.map((o) => (
        <Tooltip key={o.value} title={o.label}>
          <div className={`setting-block ${o.cls}`} onClick={() => onPick(o.value)} data-testid={`setting-${o.value}`}>
            {value === o.value && <CheckOutlined className="setting-block-check" />}
          </div>
        </Tooltip>
      ))}
    </div>
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(settings.snapshot, null, 2));
      feedback.message.success(t('settings.copied'));
    } catch {
      feedback.message.error(t('settings.copyFailed'));
    }
  };

  return (
    <>
      <div
        className="setting-drawer-handle"
        onClick={() => setOpen(!open)}
        data-testid="setting-drawer-handle"
        title={t('settings.open')}
        style={{ background: token.colorPrimary }}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} width={300} title={t('settings.title')} rootClassName="setting-drawer">
        <h4>{t('settings.menuTheme')}</h4>
        {blocks(
          settings.navTheme,
          [
            { value: 'dark', label: t('settings.dark'), cls: 'setting-block-dark' },
            { value: 'light', label: t('settings.light'), cls: 'setting-block-light' },
          ],
          (v) => switchingTheme(t, () => settings.setNavTheme(v as NavTheme)),
        )}
        <h4>{t('settings.color')}</h4>
        <div className="setting-colors">
          {THEME_COLORS.map((color, i) => (
            <Tooltip key={color} title={t(`settings.colors.${COLOR_NAMES[i]}`)}>
              <span
                className="setting-color"
                style={{ background: color }}
                data-testid={`color-${color}`}
                onClick={() => switchingTheme(t, () => settings.setPrimaryColor(color))}
              >
                {settings.primaryColor.toUpperCase() === color && <CheckOutlined />}
              </span>
            </Tooltip>
          ))}
        </div>
        <Divider />
        <h4>{t('settings.navMode')}</h4>
        {blocks(
          settings.layout,
          [
            { value: 'sidemenu', label: t('settings.sidemenu'), cls: 'setting-block-side' },
            { value: 'topmenu', label: t('settings.topmenu'), cls: 'setting-block-top' },
          ],
          (v) => settings.setLayout(v as LayoutMode),
        )}
        <List split={false}>
          <Row
            title={t('settings.contentWidth')}
            action={
              <Select
                size="small"
                style={{ width: 90 }}
                value={settings.contentWidth}
                onChange={(v) => settings.setContentWidth(v)}
                options={[
                  { value: 'Fixed', label: t('settings.fixed') },
                  { value: 'Fluid', label: t('settings.fluid'), disabled: settings.layout !== 'topmenu' },
                ]}
                data-testid="setting-content-width"
              />
            }
          />
          <Row
            title={t('settings.fixedHeader')}
            action={
              <Switch
                size="small"
                checked={settings.fixedHeader}
                onChange={(v) => settings.setFixedHeader(v)}
                data-testid="setting-fixed-header"
              />
            }
          />
          <Row
            title={t('settings.autoHideHeader')}
            disabled={!settings.fixedHeader}
            hint={t('settings.autoHideHint')}
            action={
              <Switch
                size="small"
                checked={settings.autoHideHeader}
                disabled={!settings.fixedHeader}
                onChange={(v) => settings.setAutoHideHeader(v)}
                data-testid="setting-auto-hide"
              />
            }
          />
          <Row
            title={t('settings.fixedSidebar')}
            disabled={settings.layout === 'topmenu'}
            hint={t('settings.fixedSidebarHint')}
            action={
              <Switch
                size="small"
                checked={settings.fixedSidebar}
                disabled={settings.layout === 'topmenu'}
                onChange={(v) => settings.setFixedSidebar(v)}
                data-testid="setting-fixed-sidebar"
              />
            }
          />
        </List>
        <Divider />
        <h4>{t('settings.other')}</h4>
        <List split={false}>
          <Row
            title={t('settings.colorWeak')}
            action={
              <Switch
                size="small"
                checked={settings.colorWeak}
                onChange={(v) => settings.setColorWeak(v)}
                data-testid="setting-color-weak"
              />
            }
          />
          <Row
            title={t('settings.multiTab')}
            action={
              <Switch
                size="small"
                checked={settings.multiTab}
                onChange={(v) => settings.setMultiTab(v)}
                data-testid="setting-multi-tab"
              />
            }
          />
        </List>
        <Divider />
        <Button block icon={<CopyOutlined />} onClick={() => void copy()} data-testid="setting-copy">
          {t('settings.copy')}
        </Button>
        <p style={{ marginTop: 12, color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{t('settings.copyHint')}</p>
      </Drawer>
    </>
  );
});
