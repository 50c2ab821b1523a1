// Menu component names → screens (spec section 2): the layouts, the account pages, and views by
// name. A name with no screen yet shows the "not built yet" page instead of failing.
import type { ComponentType } from 'react';
import { lazyView } from './lazy.ts';
import type { PageHeaderProps } from '../components/PageHeaderWrapper.tsx';

export const LAYOUT_NAMES = ['BasicLayout', 'BlankLayout', 'RouteView', 'PageView', 'UserLayout'] as const;
/** Whether the pages under a layout leave their header to it or go without one (layouts/MenuLayouts.tsx). */
export const framesChildren = (name: string) => name === 'PageView' || name === 'BlankLayout' || name === 'UserLayout';
export const ACCOUNT_PAGES = ['center', 'settings', 'base', 'security', 'custom', 'binding', 'notification'] as const;

const views: Record<string, ComponentType<any>> = {
  Home: lazyView('Home', () => import('../views/home/Home.tsx')),
  center: lazyView('center', () => import('../views/account/Center.tsx')),
  settings: lazyView('settings', () => import('../views/account/Settings.tsx')),
  base: lazyView('base', () => import('../views/account/settings/Base.tsx')),
  security: lazyView('security', () => import('../views/account/settings/Security.tsx')),
  custom: lazyView('custom', () => import('../views/account/settings/Custom.tsx')),
  binding: lazyView('binding', () => import('../views/account/settings/Binding.tsx')),
  notification: lazyView('notification', () => import('../views/account/settings/Notification.tsx')),
  CodeGen: lazyView('CodeGen', () => import('../views/tool/CodeGen.tsx')),
  WorkflowDesigner: lazyView('WorkflowDesigner', () => import('../views/workflow/Designer.tsx')),
  ApprovalRules: lazyView('ApprovalRules', () => import('../views/workflow/ApprovalRules.tsx')),
  LeaveBalance: lazyView('LeaveBalance', () => import('../views/leave/LeaveBalance.tsx')),
};

export function viewFor(component: string): ComponentType<any> | null {
  return views[component] ?? null;
}

/**
 * What a route gives its page-view header besides breadcrumb and title (spec section 2): logo,
 * avatar, description, links, search box, tabs. Declared with the view, shown when given.
 */
export type PageHeaderParts = Omit<PageHeaderProps, 'node' | 'title' | 'children'>;
const headers: Record<string, PageHeaderParts> = {};

export function headerFor(component: string): PageHeaderParts {
  return headers[component] ?? {};
}

/** Later areas register their screens here (schema pages, escape hatches), with their header's parts. */
export function registerView(name: string, view: ComponentType<any>, header?: PageHeaderParts) {
  views[name] = view;
  if (header) headers[name] = header;
  else delete headers[name];
}
