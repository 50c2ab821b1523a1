// Chromium from Debian, driven by playwright-core (it cannot download a browser here).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export function baseUrl(site = 'demo', production = false): string {
  const { port, prodPort } = inject('e2e');
  const host = site === 'demo' ? 'localhost' : `${site}.localhost`;
  return `http://${host}:${production ? prodPort : port}`;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  options: {
    language?: string;
    userAgent?: string;
    width?: number;
    /** The viewport's height (820 unless told: a phone's is 844, issue 34). */
    height?: number;
    /** The browser's own time zone (an IANA name); the site's clock must not care (issue 32). */
    timezoneId?: string;
  } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
    locale: 'zh-CN',
    userAgent: options.userAgent,
    timezoneId: options.timezoneId,
    // The product honours "reduce motion" (no zoom-in dialogs): a click lands where the button is,
    // not where a still-growing dialog had it a frame before.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The API's refusals, kept so that a failed test can say what the server answered.
  const refusals: string[] = [];
  apiRefusals.set(page, refusals);
  page.on('response', async (r) => {
    if (!r.url().includes('/api/')) return;
    const type = r.headers()['content-type'] ?? '';
    const body = type.includes('json') ? await r.text().catch(() => '') : '';
    const code = /"code"\s*:\s*"([^"]*)"/.exec(body)?.[1];
    if (r.status() >= 400 || (code && code !== '0'))
      refusals.push(`${r.status()} ${r.request().method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')} ${body.slice(0, 200)}`);
    if (refusals.length > 20) refusals.shift();
  });
  if (options.language) {
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('pro__app_language'))
        localStorage.setItem('pro__app_language', JSON.stringify({ value: lang, expire: null }));
    }, options.language);
  }
  return { context, page, errors };
}

export async function signIn(page: Page, loginName: string, password: string, site = 'demo') {
  await page.goto(`${baseUrl(site)}/user/login`);
  await page.locator('input#loginName').fill(loginName);
  await page.locator('input#password').fill(password);
  await page.locator('[data-testid=login-submit]').click();
}

const apiRefusals = new WeakMap<Page, string[]>();
/** What the API refused this page so far (status, method, path, the answer's start). */
export const refusalsOf = (page: Page): readonly string[] => apiRefusals.get(page) ?? [];

/** A failed test's evidence: a screenshot, and in the log what the user saw (URL, dialogs, messages)
 * and what the API refused last — a CI run keeps its log, not its screenshots. */
export async function explainFailure(page: Page, name: string) {
  await shot(page, name).catch(() => undefined);
  const seen = await page
    .evaluate(() => {
      const texts = (selector: string) =>
        [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((e) => e.offsetParent !== null)
          .map((e) => e.innerText.trim());
      return { url: location.href, dialogs: texts('.ant-modal-content'), messages: texts('.ant-message-notice') };
    })
    .catch((err: Error) => ({ error: err.message }));
  console.log(`[${name}]`, JSON.stringify({ ...seen, refusals: apiRefusals.get(page) ?? [] }, null, 1));
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** The open "more" menu of a list row (rendered apart from the row, as antd dropdowns are). */
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');

/** Clicks a row's action as a user finds it: among the row's links, or under its "more" menu. */
export async function rowAction(row: Locator, testId: string) {
  // As a user waits for the row to show its links before choosing.
  await row.locator(`[data-testid=${testId}], [data-testid=row-more]`).first().waitFor();
  const inline = row.locator(`[data-testid=${testId}]`);
  if (await inline.count()) return inline.first().click();
  await row.locator('[data-testid=row-more]').click();
  await openMenu(row.page()).locator(`[data-testid=${testId}]`).click();
}

/** Whether a row offers an action, in the row or under its "more" menu. */
export async function offers(row: Locator, testId: string): Promise<boolean> {
  await row.first().waitFor();
  if (await row.locator(`[data-testid=${testId}]`).count()) return true;
  const more = row.locator('[data-testid=row-more]');
  if (!(await more.count())) return false;
  await more.click();
  const menu = openMenu(row.page());
  await menu.waitFor();
  const found = (await menu.locator(`[data-testid=${testId}]`).count()) > 0;
  await row.page().keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return found;
}

/** Confirms a row's removal: a popover beside the link, or a dialog when it came from the menu. */
export async function confirmRemove(page: Page) {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary, .ant-modal-confirm:visible .ant-btn-primary').first().click();
}

/**
 * The real API as a user signs in, for what a test does off screen (approvers deciding without a
 * page of their own): a call that answers the envelope's data and fails the test on any refusal.
 */
export async function apiAs(loginName: string, password = 'Demo@12345', headers: Record<string, string> = {}) {
  const login = await fetch(`${baseUrl()}/api/auth/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password }),
  }).then((r) => r.json());
  expect(login.code, login.msg).toBe('0');
  return async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl()}/api${url}`, {
      method,
      headers: { 'content-type': 'application/json', token: login.data.token, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };
}
