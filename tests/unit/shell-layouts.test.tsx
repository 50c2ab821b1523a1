// @vitest-environment happy-dom
// The shell's frames: menu layouts render in the layout they name (C2.21), a page that cannot load
// fails in the page area with one notification, and the names the shell shows.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Outlet, useRoutes } from 'react-router-dom';
import type { MenuNode } from '../../src/api/core.ts';
import { initI18n } from '../../src/locales/index.ts';
import { RootStore, StoreContext } from '../../src/stores/index.ts';
import { buildMenuTree } from '../../src/router/menu-tree.ts';
import { menuRoutesOf } from '../../src/router/AppRoutes.tsx';
import { feedback } from '../../src/utils/feedback.ts';

// A page's own screen is not what these tests are about: each shows its name.
vi.mock('../../src/router/MenuView.tsx', () => ({
  default: ({ node, bare }: { node: { menuName: string }; bare?: boolean }) => (
    <div data-testid="page">
      {node.menuName}
      {bare ? '' : ' (own header)'}
    </div>
  ),
}));

afterEach(cleanup);
beforeAll(async () => {
  await initI18n('en-US');
});

const menu = (id: string, parentId: string, path: string, component: string, menuName = component): MenuNode => ({
  id,
  parentId,
  path,
  component,
  menuName,
  menuKey: `k${id}`,
  icon: '',
  visible: '0',
  redirect: '',
  target: '',
  hiddenChildren: false,
  hiddenHeader: false,
});

function renderAt(path: string, menus: MenuNode[]) {
  const stores = new RootStore();
  stores.session.menus = menus;
  const Routes = () => useRoutes([{ path: '/', element: <Outlet />, children: menuRoutesOf(buildMenuTree(menus)) }]);
  return render(
    <StoreContext.Provider value={stores}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </StoreContext.Provider>,
  );
}

describe('menu layouts (C2.21)', () => {
  const menus = [
    menu('1', '0', '/pv', 'PageView', 'Reports'),
    menu('2', '1', '/pv/month', 'MonthReport', 'Monthly report'),
    menu('3', '0', '/blank', 'BlankLayout'),
    menu('4', '3', '/blank/board', 'Board', 'Wall board'),
    menu('5', '0', '/outer', 'UserLayout'),
    menu('6', '5', '/outer/welcome', 'Welcome', 'Welcome page'),
    menu('7', '0', '/rv', 'RouteView'),
    menu('8', '7', '/rv/list', 'List', 'Plain list'),
    menu('9', '0', '/basic', 'BasicLayout'),
    menu('10', '9', '/basic/inner', 'Inner', 'Inner page'),
  ];

  it('PageView gives its pages one page-view header naming the page shown', async () => {
    renderAt('/pv/month', menus);
    await screen.findByTestId('layout-PageView');
    expect(screen.getByTestId('page-header').querySelector('h4')?.textContent).toBe('Monthly report');
    expect((await screen.findByTestId('page')).textContent).toBe('Monthly report');
  });

  it('PageView’s header shows the logo, description, links, search and tabs the route gives', async () => {
    const { registerView } = await import('../../src/router/views.ts');
    registerView('MonthReport', () => null, {
      logo: '/logo.svg',
      description: 'Spending by month',
      links: [{ title: 'Guide', href: '/guide' }],
      search: { placeholder: 'Find a month', onSearch: () => undefined },
      tabs: { items: [{ key: 'a', label: 'This year' }, { key: 'b', label: 'Last year' }] },
    });
    renderAt('/pv/month', menus);
    const header = await screen.findByTestId('page-header');
    expect(header.querySelector('.page-header-logo')?.getAttribute('src')).toBe('/logo.svg');
    expect(header.querySelector('.page-header-description')?.textContent).toBe('Spending by month');
    expect(header.querySelector('.page-header-links a')?.getAttribute('href')).toBe('/guide');
    expect(header.querySelector('input')?.getAttribute('placeholder')).toBe('Find a month');
    expect([...header.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent)).toEqual(['This year', 'Last year']);
    registerView('MonthReport', () => null);
    cleanup();
    renderAt('/pv/month', menus);
    expect((await screen.findByTestId('page-header')).querySelector('.page-header-description')).toBeNull();
  });

  it('BlankLayout shows its pages bare, without a page header', async () => {
    renderAt('/blank/board', menus);
    await screen.findByTestId('layout-BlankLayout');
    expect((await screen.findByTestId('page')).textContent).toBe('Wall board');
    expect(screen.queryByTestId('page-header')).toBeNull();
  });

  it('UserLayout frames its pages as the login layout does', async () => {
    renderAt('/outer/welcome', menus);
    await screen.findByTestId('layout-UserLayout');
    expect(document.querySelector('.user-layout [data-testid=login-footer]')).not.toBeNull();
    expect((await screen.findByTestId('page')).textContent).toBe('Welcome page');
  });

  it.each([
    ['/rv/list', 'Plain list'],
    ['/basic/inner', 'Inner page'],
  ])('RouteView and a nested BasicLayout pass %s through: the page keeps its own header', async (path, name) => {
    renderAt(path, menus);
    expect((await screen.findByTestId('page')).textContent).toBe(`${name} (own header)`);
  });
});

describe('a page that does not load', () => {
  it('fails after 120 s of waiting with one notification, in the page area', async () => {
    vi.useFakeTimers();
    try {
      const notify = vi.fn();
      feedback.notification = { error: notify } as never;
      const { lazyView } = await import('../../src/router/lazy.ts');
      const { default: ErrorPanel } = await import('../../renderer/ErrorPanel.tsx');
      const { Suspense } = await import('react');
      const Stalled = lazyView('Stalled', () => new Promise<never>(() => undefined));
      render(
        <div data-testid="shell">
          <ErrorPanel where="Stalled page" language="en-US">
            <Suspense fallback={<span data-testid="waiting" />}>
              <Stalled />
            </Suspense>
          </ErrorPanel>
        </div>,
      );
      expect(screen.getByTestId('waiting')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000);
      });
      vi.useRealTimers();
      await waitFor(() => expect(screen.getByTestId('error-panel')).toBeTruthy());
      expect(screen.getByTestId('shell').contains(screen.getByTestId('error-panel-retry'))).toBe(true);
      expect(notify).toHaveBeenCalledTimes(1);
      expect(notify.mock.calls[0]![0]).toMatchObject({ key: 'chunk-failed', message: 'Loading chunk Stalled failed, please reload the page' });
      // Vite's own report of a failed chunk lands in the same notification, not in a second one.
      const { watchPreloadErrors } = await import('../../src/router/lazy.ts');
      watchPreloadErrors();
      window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: new Error('Unable to preload CSS for /assets/Stalled-1.css') }));
      expect(notify).toHaveBeenCalledTimes(2);
      expect(notify.mock.calls[1]![0]).toMatchObject({ key: 'chunk-failed', message: 'Loading CSS chunk Stalled-1.css failed, please reload the page' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a schema page whose definition breaks it (issue 35)', () => {
  it('names its file and the problems, and renders again by itself at the next sound reload', async () => {
    const { default: ErrorPanel } = await import('../../renderer/ErrorPanel.tsx');
    const Page = ({ visible }: { visible: string }) => {
      if (visible.includes('$dep[')) throw new Error(`$dep is not defined in ${visible}`);
      return <span data-testid="page">list</span>;
    };
    const at = (visible: string, generation: number, problems: string[]) => (
      <ErrorPanel where="TrainingList" language="en-US" source="schemas/train/training.list.json" problems={problems} generation={generation}>
        <Page visible={visible} />
      </ErrorPanel>
    );
    const problem = 'schemas/train/training.list.json → /rowActions/0/visible: unknown name "$dep"';
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { rerender } = render(at('$dep[0] == 1', 4, [problem]));
      expect(screen.getByTestId('error-panel-where').textContent).toBe('TrainingList — schemas/train/training.list.json');
      expect(screen.getByTestId('error-panel-problems').textContent).toBe(problem);
      // The fix reloaded: a new generation, no retry clicked.
      rerender(at('$deps[0] == 1', 5, []));
      await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('list'));
      expect(screen.queryByTestId('error-panel')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});

describe('what the shell asks for and shows', () => {
  it('asks for nothing that needs a key the user does not hold, even with an empty key list', () => {
    const stores = new RootStore();
    stores.session.info = { id: 7, buttons: [] } as never;
    // The button rule of section 6 lets an empty list pass; requests are not buttons.
    expect(stores.session.hasPermission('system:noticeUserRel:list')).toBe(true);
    expect(stores.session.holds('system:noticeUserRel:list')).toBe(false);
    stores.session.info = { id: 7, buttons: ['system:noticeUserRel:list'] } as never;
    expect(stores.session.holds('system:noticeUserRel:list')).toBe(true);
    expect(stores.session.holds('neikong:budget:list')).toBe(false);
    stores.session.info = { id: 1, buttons: [] } as never;
    expect(stores.session.holds('neikong:budget:list')).toBe(true);
  });

  it('names the application in the interface language unless the site has a name of its own', async () => {
    const { loadLanguage } = await import('../../src/locales/index.ts');
    await Promise.all([loadLanguage('zh-CN'), loadLanguage('zh-TW'), loadLanguage('pt-BR')]);
    const stores = new RootStore();
    stores.site.info = { navTitle: '内控系统', loginTitle: '内控系统', config: { 'ui.appTitle': '内控系统' } } as never;
    const titles: Record<string, string> = {};
    for (const language of ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const) {
      stores.settings.setLanguage(language);
      titles[language] = `${stores.site.appTitle} | ${stores.site.navTitle}`;
    }
    expect(titles).toEqual({
      'zh-CN': '内控系统 | 内控系统',
      'zh-TW': '內控系統 | 內控系統',
      'en-US': 'Internal Control System | Internal Control System',
      'pt-BR': 'Sistema de Controle Interno | Sistema de Controle Interno',
    });
    stores.site.info = { navTitle: '资产管理平台', loginTitle: '资产管理平台', config: { 'ui.appTitle': '资产管理平台' } } as never;
    expect([stores.site.appTitle, stores.site.navTitle]).toEqual(['资产管理平台', '资产管理平台']);
  });
});

describe('files as the site shows them', () => {
  const file = { uid: '1', name: '办法.pdf', url: '/api/core/download/local/2026/05/a.pdf?fileName=%E5%8A%9E%E6%B3%95.pdf', status: 'done' as const };
  async function mount(siteConfig: Record<string, string>, post = vi.fn(async () => ({ code: '0', data: { missing: [] }, msg: 'ok' }))) {
    const { RendererContext } = await import('../../renderer/context.tsx');
    const { FileUploadInput } = await import('../../renderer/form/FileUpload.tsx');
    const env = {
      fetcher: { get: vi.fn(), post, download: vi.fn(), upload: vi.fn() },
      hasPermission: () => true,
      language: 'en-US',
      siteConfig,
      message: { error: vi.fn(), success: vi.fn() },
      errorText: String,
    } as never;
    return render(
      <RendererContext.Provider value={env}>
        <FileUploadInput value={[file]} />
      </RendererContext.Provider>,
    );
  }

  it.each([
    [{ 'ui.fileDisplay': 'card' }, 'picture-card'],
    [{ 'ui.fileDisplay': 'list' }, 'text'],
    [{}, 'text'],
  ])('site setting %j shows the upload list as %s', async (siteConfig, kind) => {
    const { container } = await mount(siteConfig);
    await screen.findByText('办法.pdf', { exact: false }).catch(() => undefined);
    expect(container.querySelector(`.ant-upload-list-${kind}`)).not.toBeNull();
  });

  it('opens a preview page with the file’s signed address encoded, not the raw link', async () => {
    const signed = '/api/core/file/signed/2026/05/a.pdf?fileName=%E5%8A%9E%E6%B3%95.pdf&inline=1&expires=1&signature=abc';
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { openFile } = await import('../../renderer/fileLink.ts');
    const env = {
      fetcher: { post: vi.fn(async () => ({ code: '0', data: { url: signed }, msg: 'ok' })) },
      message: { error: vi.fn() },
      errorText: String,
      language: 'en-US',
    } as never;
    expect(await openFile(env, file.url, file.name, 'preview')).toBe('ok');
    const address = opened.mock.calls[0]![0] as string;
    expect(address).toBe(`/preview?url=${encodeURIComponent(signed)}&name=${encodeURIComponent('办法.pdf')}`);
    expect(new URL(address, 'http://x').searchParams.get('url')).toBe(signed);
    opened.mockRestore();
  });

  it('shows only this product’s own files on the preview page', async () => {
    const { isOwnFileAddress } = await import('../../src/views/FilePreview.tsx');
    expect(isOwnFileAddress('/api/core/file/signed/a.png?x=1')).toBe(true);
    expect(isOwnFileAddress('https://evil.example/a.png')).toBe(false);
    expect(isOwnFileAddress('//evil.example/api/a.png')).toBe(false);
    expect(isOwnFileAddress('javascript:alert(1)')).toBe(false);
  });
});
