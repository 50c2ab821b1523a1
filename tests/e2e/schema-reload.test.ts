// A live reload as an implementer meets it (issue 35), on a server of its own that watches a copy
// of schemas/ (SCHEMAS_DIR, SCHEMA_WATCH): a value typed into an open dialog survives a harmless
// change to the list's and the form's files; a file of another area that is not JSON shows the
// administrator's banner naming the file, line and column, and the page in front keeps working;
// the fix takes the banner away. Staff never see it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { explainFailure, launch, newPage, shot } from '../support/browser.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-e2e-schemas-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-e2e-reload-'));
const LIST = path.join(root, 'policy/policy.list.json');
const FORM = path.join(root, 'policy/policy.form.json');
const OTHER = path.join(root, 'notice/notice.list.json');
const originals = new Map<string, string>();

let browser: Browser;
let page: Page;
let closeApp: () => Promise<void>;
let url: string;

beforeAll(async () => {
  fs.cpSync(path.resolve('schemas'), root, { recursive: true });
  for (const f of [LIST, FORM, OTHER]) originals.set(f, fs.readFileSync(f, 'utf8'));
  // The server's modules read SCHEMAS_DIR when loaded: set before they are imported.
  process.env.SCHEMAS_DIR = root;
  const { buildApp } = await import('../../server/app.ts');
  const { prepareDatabase } = await import('../../server/boot.ts');
  const { systemClock } = await import('../../server/platform/clock.ts');
  const { readConfig } = await import('../../server/platform/config.ts');
  const config = {
    ...readConfig({}),
    dataDir,
    databaseUrl: null,
    host: '127.0.0.1',
    watchSchemas: true,
    webRoot: path.join(inject('e2e').web, 'web-staging'),
  };
  const { database } = await prepareDatabase(config, systemClock);
  const { app } = await buildApp({ config, database, secret: 'e2e-reload-secret', logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  closeApp = async () => {
    await app.close();
    await database.close();
  };
  browser = await launch();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) await explainFailure(page, `failed-reload-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await browser?.close();
  await closeApp?.();
  delete process.env.SCHEMAS_DIR;
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signInAs(loginName: string, password: string, watch?: (p: Page) => void) {
  const opened = await newPage(browser, { language: 'zh-CN' });
  page = opened.page;
  watch?.(page);
  await page.goto(`${url}/user/login`);
  await page.locator('input#loginName').fill(loginName);
  await page.locator('input#password').fill(password);
  await page.locator('[data-testid=login-submit]').click();
  await page.waitForURL(/\/home/);
  return opened;
}

/** Resolves when the page fetches its definition again (what a reload's news makes it do). */
const refetched = (p: Page) =>
  p.waitForResponse((r) => r.url().includes('/api/schema/page/PolicyShare') && r.request().method() === 'GET', {
    timeout: 15_000,
  });

const banner = (p: Page) => p.locator('[data-testid=schema-banner]');
const titleInput = (p: Page) =>
  p.locator('[data-testid=schema-form] .ant-formily-item', { hasText: '标题' }).locator('input').first();

it('keeps what was typed in an open dialog across a reload, and names a broken file on the banner', async () => {
  const { context, errors } = await signInAs('admin', 'Admin@12345');
  await page.goto(`${url}/policy/share`);
  await page.locator('[data-testid=schema-list-PolicyShare] .ant-table-tbody tr.ant-table-row').first().waitFor();
  await expect.poll(() => banner(page).count()).toBe(0);

  await page.locator('[data-testid=toolbar-add]').click();
  await titleInput(page).fill('热重载保留的标题');
  await shot(page, 'reload-typed');

  // A harmless change to the list file (a column's width): the page fetches its definition again.
  const list = JSON.parse(originals.get(LIST)!);
  list.columns[0].width = 260;
  let fetched = refetched(page);
  fs.writeFileSync(LIST, `${JSON.stringify(list, null, 2)}\n`);
  await fetched;
  await page.waitForTimeout(300);
  await expect.poll(() => page.locator('[data-testid=schema-form]').count()).toBe(1);
  await expect.poll(() => titleInput(page).inputValue()).toBe('热重载保留的标题');

  // And to the form file of the open dialog: the dialog's definition changes, the value stays.
  const form = JSON.parse(originals.get(FORM)!);
  form.width = 800;
  fetched = refetched(page);
  fs.writeFileSync(FORM, `${JSON.stringify(form, null, 2)}\n`);
  await fetched;
  await page.waitForTimeout(300);
  await expect.poll(() => page.locator('[data-testid=schema-form]').count()).toBe(1);
  await expect.poll(() => titleInput(page).inputValue()).toBe('热重载保留的标题');
  await shot(page, 'reload-kept');
  await expect.poll(() => banner(page).count()).toBe(0);

  // Another area's list that is not JSON: the banner names file, line and column; this page works.
  await page.keyboard.press('Escape');
  const discard = page.locator('[data-testid=form-discard]');
  await discard.or(page.locator('body')).first().waitFor();
  if (await discard.count()) await discard.click();
  await expect.poll(() => page.locator('[data-testid=schema-form]').count()).toBe(0);
  fs.writeFileSync(OTHER, originals.get(OTHER)!.replace('"entity"', '"entity" "oops"'));
  await expect.poll(() => banner(page).count(), { timeout: 15_000 }).toBe(1);
  const told = await banner(page).innerText();
  expect(told).toContain('schemas/notice/notice.list.json');
  expect(told).toMatch(/line \d+,? column \d+/);
  await expect.poll(() => page.locator('[data-testid=schema-list-PolicyShare] .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  // The page's own alert is for its own area's files only: this page took the new version.
  expect(await page.locator('[data-testid=schema-problems]').count()).toBe(0);
  await shot(page, 'reload-banner');

  // The fix: the banner goes, the page renders (the area that was broken too).
  fs.writeFileSync(OTHER, originals.get(OTHER)!);
  await expect.poll(() => banner(page).count(), { timeout: 15_000 }).toBe(0);
  await page.goto(`${url}/policy/share`);
  await page.locator('[data-testid=schema-list-PolicyShare] .ant-table-tbody tr.ant-table-row').first().waitFor();
  await expect.poll(() => banner(page).count()).toBe(0);
  await shot(page, 'reload-fixed');
  expect(errors).toEqual([]);
  await context.close();
});

it('never shows the banner to staff', async () => {
  fs.writeFileSync(OTHER, originals.get(OTHER)!.replace('"entity"', '"entity" "oops"'));
  const answers: Array<{ code: string; data: unknown }> = [];
  try {
    const { context } = await signInAs('staff', 'Demo@12345', (p) =>
      p.on('response', async (r) => {
        if (r.url().includes('/api/schema/health')) answers.push(await r.json());
      }),
    );
    // The shell asked, and the server told a non-administrator nothing.
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.code === '0' && a.data === null)).toBe(true);
    await page.waitForTimeout(1500);
    expect(await banner(page).count()).toBe(0);
    await shot(page, 'reload-staff');
    await context.close();
  } finally {
    fs.writeFileSync(OTHER, originals.get(OTHER)!);
  }
});
