// The account pages (issue 18) as 赵丽华 (deputy2) uses them: the account centre from the user
// menu, a new nick name seen in the header, a light menu and English kept with the account and
// found again on another browser, and the first browser signed out from the second.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const nick = `丽华 ${Date.now().toString(36)}`;
let browser: Browser;
const contexts: BrowserContext[] = [];
let first: Page;
let second: Page | null = null;

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN', userAgent: FIREFOX });
  contexts.push(opened.context);
  first = opened.page;
  await signIn(first, 'deputy2', 'Demo@12345');
  await first.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await explainFailure(first, 'failed-account-first');
    if (second) await explainFailure(second, 'failed-account-second');
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const userMenu = async (page: Page, item: string) => {
  await page.locator('[data-testid=user-menu]').hover();
  await page.locator(`[data-testid=${item}]`).click();
};

describe('account pages', () => {
  it('opens the account centre from the user menu and shows a new nick name in the header', async () => {
    await userMenu(first, 'menu-account-center');
    await first.waitForURL(/\/account\/center/);
    await expect.poll(() => first.locator('[data-testid=center-nick-name]').innerText()).toBe('赵丽华');
    await expect.poll(() => first.locator('[data-testid=center-dept]').innerText()).toContain('校长办公室');

    await userMenu(first, 'menu-account-settings');
    await first.waitForURL(/\/account\/settings\/base/);
    await first.locator('[data-testid=base-nick-name]').fill(nick);
    await first.locator('[data-testid=base-save]').click();
    await expect.poll(() => first.locator('[data-testid=user-menu] .header-name').innerText()).toBe(nick);
  });

  it('keeps a light menu and English with the account: another browser signs in to them', async () => {
    await first.locator('[data-testid=account-settings-menu] .ant-menu-item', { hasText: '个性化' }).click();
    await first.waitForURL(/\/account\/settings\/custom/);
    const saved = first.waitForResponse((r) => r.url().includes('/api/core/account/preference/update'));
    await first.locator('[data-testid=custom-theme] .ant-radio-button-wrapper', { hasText: '亮色' }).click();
    await saved;
    await expect.poll(() => first.locator('[data-testid=side-menu]').getAttribute('class')).toContain('ant-layout-sider-light');
    const savedLanguage = first.waitForResponse((r) => r.url().includes('/api/core/account/preference/update'));
    await first.locator('[data-testid=custom-language] .ant-select').click();
    await first.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'English' }).click();
    await savedLanguage;
    await expect.poll(() => first.locator('[data-testid=custom-language]').innerText()).toContain('Language');

    // A fresh browser, in Chinese and dark by default, signs in to English and a light menu.
    const opened = await newPage(browser, { language: 'zh-CN' });
    contexts.push(opened.context);
    second = opened.page;
    await signIn(second, 'deputy2', 'Demo@12345');
    await second.waitForURL(/\/home/);
    await expect.poll(() => second!.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => second!.locator('[data-testid=side-menu]').getAttribute('class')).toContain('ant-layout-sider-light');
    await expect.poll(() => second!.locator('[data-testid=user-menu] .header-name').innerText()).toBe(nick);
  });

  it('signs the first browser out from the second: its next request is refused', async () => {
    const page = second!;
    await page.goto(`${baseUrl()}/account/settings/security`);
    const firefox = page.locator('[data-testid=session-row]', { hasText: 'Firefox 128' });
    await expect.poll(() => firefox.count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid=session-row][data-current="1"]').count()).toBe(1);
    await firefox.locator('[data-testid=session-sign-out]').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expect.poll(() => firefox.count()).toBe(0);

    await first.reload();
    await first.waitForURL(/\/user\/login/);
  });
});

// Issue 34: the page header shows the parts a page supplies (spec C2.76) — the account centre its
// owner's avatar and description, the settings on a narrow screen their sections as tabs — and the
// demo teacher's binding page shows the phone and email the seed bound.
describe('the page header’s optional parts', () => {
  let page: Page;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await newPage(browser, { language: 'zh-CN', width: 760 });
    page = opened.page;
    close = () => opened.context.close();
    await signIn(page, 'staff', 'Demo@12345');
    await page.waitForURL(/\/home/);
  });
  afterAll(async () => close());

  it('shows the account centre’s avatar and description, and the settings’ sections as tabs', async () => {
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.goto(`${baseUrl()}/account/center`);
    const header = page.locator('[data-testid=page-header]');
    await expect.poll(() => header.locator('[data-testid=page-header-avatar]').isVisible()).toBe(true);
    await expect.poll(() => header.locator('[data-testid=page-header-description]').innerText()).toContain('教务处');
    await shot(page, 'page-header-center');

    await page.setViewportSize({ width: 760, height: 900 });
    await page.goto(`${baseUrl()}/account/settings/base`);
    const tabs = header.locator('[data-testid=page-header-tabs] .ant-tabs-tab');
    await expect.poll(() => tabs.count()).toBe(5);
    await header.locator('[data-testid=page-header-tabs] .ant-tabs-tab', { hasText: '账户绑定' }).click();
    await page.waitForURL(/\/account\/settings\/binding/);
    await expect.poll(() => page.locator('[data-testid=binding-phone]').innerText()).toContain('13800138001');
    expect(await page.locator('[data-testid=binding-email]').innerText()).toContain('linxiaoyu@demo-school.cn');
    await shot(page, 'page-header-settings-tabs');
    // Leaving the page takes its parts along: home's header has no tabs.
    await page.goto(`${baseUrl()}/account/center`);
    await expect.poll(() => header.locator('[data-testid=page-header-avatar]').isVisible()).toBe(true);
    expect(await header.locator('[data-testid=page-header-tabs]').count()).toBe(0);
  });
});
