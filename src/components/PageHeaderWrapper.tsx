// The page-view wrapper of spec section 2: breadcrumb of every matched route (all but the last two
// are links), title and the optional logo, avatar, description, links, search box and tabs a page
// hands in. Hidden when the route's menu node says hiddenHeader, and in the WeChat layout.
import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Avatar, Breadcrumb, Input, Tabs, Typography } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/index.ts';
import type { MenuTreeNode } from '../router/menu-tree.ts';
import { menuChain, buildMenuTree } from '../router/menu-tree.ts';
import { withVersion } from '../router/Guard.tsx';
import { usePageTitle } from '../router/page-title.ts';
import { PageHeaderSlot, type PageHeaderParts } from './page-header-slot.ts';

export interface PageHeaderProps extends PageHeaderParts {
  node?: MenuTreeNode;
  title?: ReactNode;
  children?: ReactNode;
}

export default observer(function PageHeaderWrapper(given: PageHeaderProps) {
  // The view's declared parts, then what the page shown hands in (usePageHeader).
  const [fromPage, setFromPage] = useState<PageHeaderParts | null>(null);
  const props: PageHeaderProps = { ...given, ...fromPage };
  const { site, session } = useStores();
  const { t } = useTranslation();
  const location = useLocation();
  const { nodeTitle } = usePageTitle();
  const wechat = site.wechatLayout;
  const hidden = props.node?.hiddenHeader || wechat;
  const tree = buildMenuTree(session.menus ?? []);
  const chain = menuChain(tree, location.pathname);
  // The shell's root is home; a page that is home itself is not listed twice.
  const root = chain[0]?.path === '/home' ? [] : [{ title: t('layout.home'), path: '/home' }];
  const crumbs = [...root, ...chain.map((n) => ({ title: nodeTitle(n), path: n.path }))];
  const title = props.title ?? (props.node && nodeTitle(props.node));

  return (
    <div className="page-header-wrapper" style={{ margin: wechat ? '-12px -12px 0' : '-24px -24px 0' }}>
      {!hidden && (
        <div className="page-header" data-testid="page-header">
          <Breadcrumb
            items={crumbs.map((c, i) => ({
              title: i < crumbs.length - 2 ? <Link to={withVersion(c.path)}>{c.title}</Link> : c.title,
            }))}
          />
          <div className="page-header-main">
            {props.logo && <img className="page-header-logo" src={props.logo} alt="" data-testid="page-header-logo" />}
            {props.avatar && <Avatar src={props.avatar} size="large" data-testid="page-header-avatar" />}
            <div className="page-header-text">
              {title && (
                <Typography.Title level={4} style={{ margin: '8px 0' }}>
                  {title}
                </Typography.Title>
              )}
              {props.description && (
                <div className="page-header-description" data-testid="page-header-description">
                  {props.description}
                </div>
              )}
              {props.links && (
                <div className="page-header-links" data-testid="page-header-links">
                  {props.links.map((l) => (
                    <a key={l.href} href={l.href}>
                      {l.title}
                    </a>
                  ))}
                </div>
              )}
            </div>
            {props.search && (
              <Input.Search
                data-testid="page-header-search"
                style={{ maxWidth: 360 }}
                placeholder={props.search.placeholder}
                onSearch={props.search.onSearch}
                enterButton
              />
            )}
          </div>
          {props.tabs && (
            <Tabs
              data-testid="page-header-tabs"
              items={props.tabs.items}
              activeKey={props.tabs.activeKey}
              onChange={props.tabs.onChange}
              style={{ marginBottom: -16 }}
            />
          )}
        </div>
      )}
      <div className="page-content" style={{ margin: wechat ? 12 : 24 }}>
        <PageHeaderSlot.Provider value={setFromPage}>{props.children}</PageHeaderSlot.Provider>
      </div>
    </div>
  );
});
