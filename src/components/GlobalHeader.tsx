// The shell's header: menu trigger (or the top menu), then the right-hand tools of spec section 2
// in order: header slots (notice bell), current year, user, language.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HEADER_AUTO_HIDE_PX } from '../config.ts';
import { useStores } from '../stores/index.ts';
import type { MenuTreeNode } from '../router/menu-tree.ts';
import { withVersion } from '../router/Guard.tsx';
import SideMenu from './SideMenu.tsx';
import YearSelect from './header/YearSelect.tsx';
import UserMenu from './header/UserMenu.tsx';
import LangSelect from './header/LangSelect.tsx';
import { headerSlots } from './header/slots.ts';

export interface GlobalHeaderProps {
  tree: MenuTreeNode[];
  collapsed: boolean;
  onToggle: () => void;
  siderWidth: number;
  showTrigger: boolean;
}

export default observer(function GlobalHeader({ tree, collapsed, onToggle, siderWidth, showTrigger }: GlobalHeaderProps) {
  const { settings, site, session } = useStores();
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!settings.fixedHeader || !settings.autoHideHeader) {
      setHidden(false);
      return;
    }
    // Hide while scrolling down past the threshold, show again on the way up.
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > HEADER_AUTO_HIDE_PX && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [settings.fixedHeader, settings.autoHideHeader]);

  const top = settings.layout === 'topmenu';
  const fixed = settings.fixedHeader;
  const style = fixed
    ? { position: 'fixed' as const, top: 0, right: 0, zIndex: 9, width: top ? '100%' : `calc(100% - ${siderWidth}px)` }
    : undefined;

  return (
    <>
      {fixed && <div style={{ height: 64 }} />}
      <Layout.Header
        className={`global-header ${top ? `global-header-top global-header-${settings.navTheme}` : ''} ${hidden ? 'global-header-hidden' : ''}`}
        style={style}
        data-testid="global-header"
      >
        <div className={`global-header-inner ${top && settings.contentWidth === 'Fixed' ? 'content-fixed' : ''}`}>
          {top ? (
            <Link to={withVersion('/home')} className="header-logo" data-testid="logo">
              <img src={site.info?.navLogo || '/logo.svg'} alt="" />
              <h1>{site.navTitle}</h1>
            </Link>
          ) : (
            showTrigger && (
              <span className="header-trigger" onClick={onToggle} title={collapsed ? t('layout.expand') : t('layout.collapse')}>
                {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </span>
            )
          )}
          {top ? <SideMenu tree={tree} mode="horizontal" theme={settings.navTheme} /> : <div style={{ flex: 1 }} />}
          <div className="header-right">
            {headerSlots()
              .filter((slot) => session.holds(slot.permission))
              .map((slot) => (
                <slot.component key={slot.key} />
              ))}
            <YearSelect />
            <UserMenu />
            <LangSelect />
          </div>
        </div>
      </Layout.Header>
    </>
  );
});
