// The guard's other paths: forced password change, other sites, open routes, the settings drawer
// (staging only), and the error catalogue when the server misbehaves.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('forced password change', () => {
  it('sends newcomer to change the password whatever page was asked for, then signs in with the new one', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl()}/system/user`);
    await page.locator('input#loginName').fill('newcomer');
    await page.locator('input#password').fill('Demo@12345');
    await page.locator('[data-testid=login-submit]').click();
    await page.waitForURL(/\/ucenter\/upPassword\?rePassword=1&v=v2\.5\.44/);
    expect(await page.locator('[data-testid=password-forced]').textContent()).toContain('first sign-in');
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL(/\/ucenter\/upPassword/);

    await page.locator('input#oldPassword').fill('Demo@12345');
    await page.locator('input#newPassword').fill('abcdefgh');
    await page.locator('input#confirm').fill('abcdefgh');
    await page.locator('[data-testid=password-submit]').click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').first().textContent())
      .toBe('At least 8 characters with both letters and digits');
    await shot(page, 'password-forced');

    await page.locator('input#newPassword').fill('Welcome2026');
    await page.locator('input#confirm').fill('Welcome2026');
    const reloaded = page.waitForEvent('load');
    await page.locator('[data-testid=password-submit]').click();
    await reloaded;
    await page.waitForURL(/\/user\/login/);
    await page.locator('input#loginName').fill('newcomer');
    await page.locator('input#password').fill('Welcome2026');
    await page.locator('[data-testid=login-submit]').click();
    await page.waitForURL(/\/home\?v=v2\.5\.44$/);
    await context.close();
  });
});

describe('sites', () => {
  it('shows the city organisation’s own titles on city.localhost', async () => {
    const { page, context } = await newPage(browser, { language: 'zh-CN' });
    const asked = page.waitForRequest((r) => r.url().includes('/api/core/dept/topDeptKey?hostname=city.localhost'));
    await page.goto(`${baseUrl('city')}/user/login`);
    await asked;
    await expect.poll(() => page.locator('[data-testid=login-title]').textContent()).toBe('资产管理平台');
    expect(await page.title()).toBe('资产管理平台');
    await shot(page, 'city-login-zh');
    await signIn(page, 'cityadmin', 'City@12345', 'city');
    await page.waitForURL(/\/home/);
    await expect.poll(() => page.locator('.sider-logo h1').textContent()).toBe('资产管理平台');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__topDeptKey')!).value)).toBe('city');
    // The demo site's sign-in does not work here.
    await context.close();
  });

  it('asks for the site key only when it is not cached', async () => {
    const { page, context } = await newPage(browser);
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/core/dept/topDeptKey')) asked++;
    });
    await page.goto(`${baseUrl()}/user/login`);
    await page.locator('[data-testid=login-title]').waitFor();
    await page.reload();
    await page.locator('[data-testid=login-title]').waitFor();
    expect(asked).toBe(1);
    await context.close();
  });
});

describe('open routes', () => {
  it('render register, register result and disable without a token; others go to login', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/user/register', '/user/register-result', '/disable']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto(`${baseUrl()}/user`);
    await page.waitForURL(/\/user\/login/);
    await page.goto(`${baseUrl()}/disable.html`);
    expect(await page.locator('h1').textContent()).toBe('This organisation is disabled');
    await context.close();
  });
});

describe('settings drawer', () => {
  // The page under test, for the evidence when it fails (a hang at the clipboard or the theme
  // switch times the test out, so no catch inside it would run).
  let open: Page | undefined;
  afterEach(async (ctx) => {
    if (open && ctx.task.result?.state === 'fail') await explainFailure(open, 'failed-settings-drawer');
    await open?.context().close().catch(() => undefined);
    open = undefined;
  });

  it('is offered outside production, with the spec’s interlocks, and kept in local storage', async () => {
    const { page, context } = await newPage(browser);
    open = page;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'staff', 'Demo@12345');
    await page.waitForURL(/\/home/);
    await page.locator('[data-testid=setting-drawer-handle]').click();
    const autoHide = page.locator('[data-testid=setting-auto-hide]');
    expect(await autoHide.isDisabled()).toBe(true);
    await page.locator('[data-testid=setting-fixed-header]').click();
    expect(await autoHide.isDisabled()).toBe(false);
    await autoHide.click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__auto_hide_header')!).value)).toBe(true);
    await page.locator('[data-testid=setting-fixed-header]').click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__auto_hide_header')!).value)).toBe(false);

    await page.locator('[data-testid=setting-topmenu]').click();
    expect(await page.locator('[data-testid=setting-fixed-sidebar]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid=side-menu]').count()).toBe(0);
    expect(await page.locator('.global-header .ant-menu-horizontal').count()).toBe(1);
    await page.locator('[data-testid=setting-sidemenu]').click();
    expect(await page.locator('[data-testid=setting-fixed-sidebar]').isDisabled()).toBe(false);

    await page.locator('[data-testid="color-#722ED1"]').click();
    await expect.poll(() => page.locator('.ant-message-notice').first().textContent()).toContain('Switching theme!');
    // The primary colour reaches the drawer's handle and the links.
    const purple = 'rgb(114, 46, 209)';
    await expect.poll(() => page.locator('[data-testid=setting-drawer-handle]').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(purple);
    expect(await page.locator('a[data-testid=logo]').first().evaluate((e) => getComputedStyle(e).color)).toBe(purple);
    await page.locator('[data-testid=setting-copy]').click();
    await expect.poll(() => page.locator('.ant-message-notice').last().textContent()).toContain('Copied');
    // The clipboard answers a page that has the focus.
    await page.bringToFront();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.primaryColor).toBe('#722ED1');
    await page.locator('[data-testid=setting-multi-tab]').click();
    expect(await page.locator('[data-testid=multi-tab]').count()).toBe(0);
    await shot(page, 'settings-drawer');
    await page.reload();
    await page.locator('[data-testid=footer]').waitFor();
    expect(await page.locator('[data-testid=multi-tab]').count()).toBe(0);
    await context.close();
  });

  it('is absent from the production build', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl('demo', true)}/user/login`);
    await page.locator('input#loginName').fill('staff');
    await page.locator('input#password').fill('Demo@12345');
    await page.locator('[data-testid=login-submit]').click();
    await page.waitForURL(/\/home/);
    await page.locator('[data-testid=footer]').waitFor();
    expect(await page.locator('[data-testid=setting-drawer-handle]').count()).toBe(0);
    await context.close();
  });
});

describe('when the server says no', () => {
  it('shows 错误 / 请求用户信息失败，请重试 and logs out when user info fails', async () => {
    const { page, context } = await newPage(browser, { language: 'zh-CN' });
    await signIn(page, 'auditor', 'Demo@12345');
    await page.waitForURL(/\/home/);
    await page.route('**/api/core/user/info', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
    await page.reload();
    await expect.poll(() => page.locator('.ant-notification-notice-message').first().textContent()).toBe('错误');
    expect(await page.locator('.ant-notification-notice-description').first().textContent()).toBe('请求用户信息失败，请重试');
    await page.waitForURL(/\/user\/login/);
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await context.close();
  });

  it('shows the no-permission notice for an empty menu', async () => {
    const { page, context } = await newPage(browser);
    await page.route('**/api/core/menu/user', (route) => route.fulfill({ json: { code: '0', data: [], msg: 'ok' } }));
    await signIn(page, 'auditor', 'Demo@12345');
    await expect
      .poll(() => page.locator('.ant-notification-notice-description').first().textContent())
      .toBe('No permission at all, please contact maintenance staff to configure permissions');
    await context.close();
  });

  it('handles 40102 once: one notice, then the session ends and the page reloads to login', async () => {
    const { page, context } = await newPage(browser, { language: 'pt-BR' });
    await signIn(page, 'auditor', 'Demo@12345');
    await page.waitForURL(/\/home/);
    // Every call now says the session is over.
    const sessionCalls = (url: URL) => /\/api\/core\/(user|menu|dictData)\//.test(url.pathname);
    await page.route(sessionCalls, (route) => route.fulfill({ json: { code: '40102', data: null, msg: 'expired X' } }));
    await page.reload();
    const reloaded = page.waitForEvent('load');
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(1);
    expect(await page.locator('.ant-notification-notice-message').textContent()).toBe('Sessão inválida');
    expect(await page.locator('.ant-notification-notice-description').textContent()).toBe('expired X');
    await page.unroute(sessionCalls);
    await reloaded;
    await page.waitForURL(/\/user\/login/);
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await context.close();
  });

  it('sends a disabled organisation to /disable.html', async () => {
    const { page, context } = await newPage(browser);
    await page.route('**/api/core/dept/infoByTopDeptKey/**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.extend.disable = true;
      await route.fulfill({ json: body });
    });
    await page.goto(`${baseUrl()}/user/login`);
    await page.waitForURL(/\/disable\.html$/);
    await context.close();
  });
});

describe('the WeChat browser', () => {
  it('gets the compact layout: no page header, no tab bar', async () => {
    const { page, context } = await newPage(browser, {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47',
      width: 390,
    });
    await signIn(page, 'staff', 'Demo@12345');
    await page.waitForURL(/\/home/);
    await page.locator('[data-testid=home-title]').waitFor();
    expect(await page.locator('[data-testid=page-header]').count()).toBe(0);
    expect(await page.locator('[data-testid=multi-tab]').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.page-header-wrapper')!).marginTop)).toBe('-12px');
    await shot(page, 'wechat-home');
    await context.close();
  });
});
