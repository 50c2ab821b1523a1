// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import enUS from '../../src/locales/en-US.ts';
import ptBR from '../../src/locales/pt-BR.ts';
import zhCN from '../../src/locales/zh-CN.ts';
import zhTW from '../../src/locales/zh-TW.ts';

const resources = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS, 'pt-BR': ptBR };
import { TabsStore } from '../../src/stores/tabs.ts';
import { SettingsStore } from '../../src/stores/settings.ts';
import { storage } from '../../src/utils/storage.ts';
import { greetingFor } from '../../src/views/home/greeting.ts';
import { buildMenuTree, menuChain } from '../../src/router/menu-tree.ts';
import { deviceOf } from '../../src/utils/device.ts';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const value = (t: Tree, path: string) => path.split('.').reduce<string | Tree>((acc, k) => (acc as Tree)[k]!, t);

describe('interface texts', () => {
  const reference = keys(resources['zh-CN'] as unknown as Tree).sort();
  it.each(Object.keys(resources))('%s has every key, none empty', (locale) => {
    const tree = resources[locale as keyof typeof resources] as unknown as Tree;
    expect(keys(tree).sort()).toEqual(reference);
    for (const k of reference) expect(String(value(tree, k)).trim(), `${locale} ${k}`).not.toBe('');
  });
  it('keep the Chinese texts the spec gives word for word', () => {
    const zh = resources['zh-CN'];
    expect(zh.layout.foldAll).toBe('全部折叠');
    expect(zh.layout.unfoldAll).toBe('全部展开');
    expect(zh.settings.copied).toBe('复制完毕');
    expect(zh.settings.copyFailed).toBe('复制失败');
    expect(zh.settings.switchingTheme).toBe('正在切换主题！');
    expect(zh.request.userInfoTitle).toBe('错误');
    expect(zh.request.userInfoFailed).toBe('请求用户信息失败，请重试');
  });
  it('give the English texts the spec names', () => {
    const en = resources['en-US'];
    expect(en.tabs.lastTab).toBe('This is the last tab, cannot be closed');
    expect(en.exception[403]).toBe('Sorry, you have no access to this page');
    expect(en.request.noPermission).toBe('No permission at all, please contact maintenance staff to configure permissions');
    expect(en.request.authFailed).toBe('Authorization verification failed');
  });
});

describe('multi-tab', () => {
  const open = (...paths: string[]) => {
    const tabs = new TabsStore();
    for (const p of paths) tabs.open(p, p);
    return tabs;
  };
  it('keys tabs by full path and reuses an open one', () => {
    const tabs = open('/a?v=1', '/a?v=2', '/a?v=1');
    expect(tabs.tabs.map((t) => t.fullPath)).toEqual(['/a?v=1', '/a?v=2']);
    expect(tabs.active).toBe('/a?v=1');
  });
  it('refuses to close the last tab', () => {
    expect(open('/a').close('/a')).toEqual({ ok: false, reason: 'lastTab' });
  });
  it('closes left, right, all, and activates a neighbour when the active tab goes', () => {
    const tabs = open('/1', '/2', '/3', '/4');
    expect(tabs.closeLeft('/1')).toEqual({ ok: false, reason: 'noLeft' });
    expect(tabs.closeRight('/4')).toEqual({ ok: false, reason: 'noRight' });
    expect(tabs.closeRight('/2')).toEqual({ ok: true, activate: '/2' });
    expect(tabs.tabs.map((t) => t.fullPath)).toEqual(['/1', '/2']);
    tabs.open('/3', '/3');
    expect(tabs.close('/3')).toEqual({ ok: true, activate: '/2' });
    tabs.open('/5', '/5');
    expect(tabs.closeAll('/1')).toEqual({ ok: true, activate: '/1' });
    expect(tabs.tabs.map((t) => t.fullPath)).toEqual(['/1']);
  });
});

describe('layout settings', () => {
  beforeEach(() => localStorage.clear());
  it('start from the spec’s defaults', () => {
    const s = new SettingsStore();
    expect([s.sidebarOpen, s.fixedSidebar, s.fixedHeader, s.multiTab, s.colorWeak, s.language]).toEqual([
      true,
      true,
      false,
      true,
      false,
      'en-US',
    ]);
  });
  it('turn auto-hide off with the fixed header and the fixed side menu off in top menu', () => {
    const s = new SettingsStore();
    s.setAutoHideHeader(true);
    expect(s.autoHideHeader).toBe(false);
    s.setFixedHeader(true);
    s.setAutoHideHeader(true);
    s.setFixedHeader(false);
    expect(s.autoHideHeader).toBe(false);
    expect(storage.get('auto_hide_header')).toBe(false);
    s.setContentWidth('Fluid');
    expect(s.contentWidth).toBe('Fixed');
    s.setLayout('topmenu');
    expect(s.fixedSidebar).toBe(false);
    s.setContentWidth('Fluid');
    expect(s.contentWidth).toBe('Fluid');
    expect(JSON.parse(localStorage.getItem('pro__layout')!)).toEqual({ value: 'topmenu', expire: null });
  });
});

describe('storage', () => {
  it('forgets an entry after its lifetime', () => {
    storage.set('x', 'y', -1);
    expect(storage.get('x')).toBeNull();
    storage.set('x', 'y', 60_000);
    expect(storage.get('x')).toBe('y');
  });
});

describe('small rules', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
  ])('hour %i greets %s', (hour, greeting) => expect(greetingFor(hour)).toBe(greeting));

  it.each([
    [575, 'mobile'],
    [576, 'tablet'],
    [1199, 'tablet'],
    [1200, 'desktop'],
  ])('%ipx is %s', (w, d) => expect(deviceOf(w)).toBe(d));

  it('builds the menu tree and finds a page’s chain', () => {
    const node = (id: string, parentId: string, path: string) => ({
      id,
      parentId,
      path,
      menuName: id,
      menuKey: id,
      icon: '',
      visible: '0',
      component: '',
      redirect: '',
      target: '',
      hiddenChildren: false,
      hiddenHeader: false,
    });
    const tree = buildMenuTree([node('1', '0', '/a'), node('2', '1', '/a/b'), node('3', '2', '/a/b/c'), node('4', '0', '/d')]);
    expect(tree.map((n) => n.id)).toEqual(['1', '4']);
    expect(menuChain(tree, '/a/b/c').map((n) => n.id)).toEqual(['1', '2', '3']);
  });
});
