// The signed-in shell (spec section 2): side or top menu, header, multi-tab bar, content, footer
// with the version, and the settings drawer outside production. Tablets start with the side menu
// folded; phones get it as a drawer.
import { Suspense, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Drawer, Layout } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { VERSION } from '../config.ts';
import { useStores } from '../stores/index.ts';
import { deviceOf, type Device } from '../utils/device.ts';
import type { MenuTreeNode } from '../router/menu-tree.ts';
import { usePageTitle } from '../router/page-title.ts';
import { withVersion } from '../router/Guard.tsx';
import GlobalHeader from '../components/GlobalHeader.tsx';
import SideMenu from '../components/SideMenu.tsx';
import MultiTab from '../components/MultiTab.tsx';
import SettingDrawer from '../components/SettingDrawer.tsx';
import PageLoading from '../components/PageLoading.tsx';
import ErrorPanel from '../../renderer/ErrorPanel.tsx';
import SchemaBanner from '../components/SchemaBanner.tsx';

const SIDER_WIDTH = 220;
const COLLAPSED_WIDTH = 80;

function useDevice(): Device {
  const [device, setDevice] = useState(() => deviceOf(window.innerWidth));
  useEffect(() => {
    const onResize = () => setDevice(deviceOf(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return device;
}

export default observer(function BasicLayout({ tree }: { tree: MenuTreeNode[] }) {
  const { settings, site, tabs } = useStores();
  const location = useLocation();
  const pageTitle = usePageTitle();
  const device = useDevice();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mobile = device === 'mobile';
  const collapsed = device === 'tablet' ? true : !settings.sidebarOpen;
  const side = settings.layout === 'sidemenu' || mobile;
  const siderWidth = side && !mobile ? (collapsed ? COLLAPSED_WIDTH : SIDER_WIDTH) : 0;
  const fixedSider = side && !mobile && settings.fixedSidebar;

  const fullPath = location.pathname + location.search;
  const title = pageTitle(tree, location.pathname, fullPath);
  useEffect(() => {
    // Every visited route is a tab, keyed by its full path.
    tabs.open(fullPath, title);
  }, [fullPath, title]);

  const logo = (
    <Link to={withVersion('/home')} className="sider-logo" data-testid="logo">
      <img src={site.info?.navLogo || '/logo.svg'} alt="" />
      {!collapsed && <h1 className={site.navTitle.length > 12 ? 'sider-logo-long' : undefined}>{site.navTitle}</h1>}
    </Link>
  );

  const menu = (
    <SideMenu
      tree={tree}
      mode="inline"
      theme={settings.navTheme}
      collapsed={!mobile && collapsed}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  return (
    <Layout className={`basic-layout ${site.wechatLayout ? 'wechat-layout' : ''}`} style={{ minHeight: '100vh' }}>
      {side &&
        (mobile ? (
          <Drawer
            open={drawerOpen}
            placement="left"
            width={SIDER_WIDTH}
            onClose={() => setDrawerOpen(false)}
            styles={{ body: { padding: 0, background: settings.navTheme === 'dark' ? '#001529' : '#fff' } }}
            closable={false}
          >
            {logo}
            {menu}
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={COLLAPSED_WIDTH}
            collapsed={collapsed}
            theme={settings.navTheme}
            className="basic-sider"
            data-testid="side-menu"
            style={fixedSider ? { position: 'fixed', left: 0, top: 0, bottom: 0, overflow: 'auto', zIndex: 10 } : undefined}
          >
            {logo}
            {menu}
          </Layout.Sider>
        ))}
      <Layout style={{ marginLeft: fixedSider ? siderWidth : 0, transition: 'margin-left .2s' }}>
        <GlobalHeader
          tree={tree}
          collapsed={mobile ? !drawerOpen : collapsed}
          siderWidth={fixedSider ? siderWidth : 0}
          showTrigger={side}
          onToggle={() => (mobile ? setDrawerOpen(!drawerOpen) : settings.setSidebarOpen(!settings.sidebarOpen))}
        />
        {settings.multiTab && !site.wechatLayout && (
          <div className={settings.layout === 'topmenu' && settings.contentWidth === 'Fixed' ? 'content-fixed' : undefined}>
            <MultiTab />
          </div>
        )}
        <Layout.Content
          className={`basic-content ${settings.layout === 'topmenu' && settings.contentWidth === 'Fixed' ? 'content-fixed' : ''}`}
          style={{ margin: site.wechatLayout ? 12 : 24 }}
        >
          {/* A page whose chunk did not load (or that fails to render) fails here, in the page
              area: the menu, header and tabs stay, with a retry. */}
          <SchemaBanner />
          <ErrorPanel where={title} language={settings.language}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorPanel>
        </Layout.Content>
        <Layout.Footer className="global-footer" data-testid="footer">
          {site.appTitle} · {VERSION}
        </Layout.Footer>
      </Layout>
      {import.meta.env.MODE !== 'production' && <SettingDrawer />}
    </Layout>
  );
});
