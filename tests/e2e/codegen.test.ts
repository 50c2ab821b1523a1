// The code generation tool as an implementer uses it: paste a sample record, preview the files,
// download the zip. A sample that is not JSON is caught in the page, without a request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let page: Page;
let errors: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'en-US' });
  page = opened.page;
  errors = opened.errors;
  close = () => opened.context.close();
  await signIn(page, 'admin', 'Admin@12345');
  await page.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await explainFailure(page, `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

describe('code generation', () => {
  it('previews and downloads the files generated from a sample record', async () => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tool/gen/preview')) requests.push(r.url());
    });
    await page.goto(`${baseUrl()}/tool/gen`);
    await page.locator('.ant-segmented-item', { hasText: 'From a sample JSON record' }).click();
    const sample = page.locator('[data-testid=codegen-sample]');
    await sample.fill('{ "hallName": "Hall A", ');
    await page.locator('[data-testid=codegen-name]').fill('venueHall');
    await page.locator('[data-testid=codegen-area]').fill('venue');
    // api and permission follow the name and area.
    await expect.poll(() => page.locator('[data-testid=codegen-api]').inputValue()).toBe('/venue/venueHall');
    await expect.poll(() => page.locator('[data-testid=codegen-permission]').inputValue()).toBe('venue:venueHall');

    await page.locator('[data-testid=codegen-preview]').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').first().textContent()).toMatch(/^Not valid JSON/);
    expect(requests).toEqual([]);

    await sample.fill(
      JSON.stringify(
        { hallName: 'Hall A', capacity: 120, hourlyRate: '80.00', openedOn: '2023-09-01', notes: 'x'.repeat(300) },
        null,
        2,
      ),
    );
    await page.locator('[data-testid=codegen-preview]').click();
    const file = page.locator('[data-testid=codegen-file]').first();
    await expect.poll(() => file.textContent()).toContain('"hallName"');
    expect(await file.textContent()).toContain('"generate": true');
    expect(requests).toHaveLength(1);
    expect(await page.locator('[data-testid=codegen-files] .ant-tabs-tab').allTextContents()).toEqual([
      'venueHall.entity.json',
      'venueHall.list.json',
      'venueHall.form.json',
      'i18n.venueHall.json',
    ]);
    await shot(page, 'codegen-preview');
    await page.locator('[data-testid=codegen-files]').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    await shot(page, 'codegen-file');

    const downloaded = page.waitForEvent('download');
    await page.locator('[data-testid=codegen-download]').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('venueHall-schemas.zip');
    expect(download.suggestedFilename().endsWith('.zip')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('offers the tables that have no entity yet', async () => {
    await page.mouse.wheel(0, -2000);
    await page.locator('.ant-segmented-item', { hasText: 'From a database table' }).click();
    await page.locator('[data-testid=codegen-table]').click();
    const options = page.locator('.ant-select-dropdown .ant-select-item-option');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect((await options.allTextContents()).filter((x) => x.startsWith('sys_dict_type '))).toEqual([]);
    expect(await options.first().textContent()).toMatch(/^\w+ \(\d+ columns\)$/);
    await shot(page, 'codegen-tables');
  });
});
