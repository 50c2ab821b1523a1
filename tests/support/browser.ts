// Chromium from Debian, driven by playwright-core (it cannot download a browser here).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export async function newPage(browser: Browser, options: { language?: string; userAgent?: string; width?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: 820 },
    locale: 'zh-CN',
    userAgent: options.userAgent,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
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

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}
