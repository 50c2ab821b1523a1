// Stock you can plan by (issue 34), as the keeper (assets) sees it: a consumable request's line shows
// what its product has available in the chosen warehouse and turns red with a warning when the
// quantity asked is more; the monthly report shows each warehouse and item with opening, in, out and
// closing, where closing = opening + in − out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

type Row = Record<string, unknown>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const tag = Date.now().toString(36).slice(-5).toUpperCase();
const warehouseName = `E2E库${tag}`;
const productName = `E2E耗材${tag}`;

beforeAll(async () => {
  const keeper = await apiAs('assets');
  const warehouse = (await keeper('POST', '/consumable/warehouse/save', { warehouseCode: `EW${tag}`, warehouseName })) as Row;
  const categories = (await keeper('GET', '/consumable/category/list')) as Row[];
  const product = (await keeper('POST', '/consumable/product/save', {
    productCode: `EP${tag}`,
    productName,
    categoryId: categories[0]!.id,
    unit: '盒',
  })) as Row;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const order = (await keeper('POST', '/consumable/order/save', {
    warehouseId: warehouse.id,
    orderDate: today,
    source: '9',
    items: [{ productId: product.id, quantity: 12, unitPrice: '3.50' }],
  })) as Row;
  await keeper('POST', `/consumable/order/receive?id=${order.id}`, {});
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  context = opened.context;
  page = opened.page;
  await signIn(page, 'assets', 'Demo@12345');
  await page.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await explainFailure(page, `failed-stock-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const item = (label: string) => page.locator('.ant-modal:visible .ant-formily-item', { hasText: label });
const choose = async (box: ReturnType<Page['locator']>, text: string) => {
  await box.locator('.ant-select').first().click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
};

describe('stock you can plan by', () => {
  it('shows the available stock on a request line and warns when the quantity is more', async () => {
    await page.goto(`${baseUrl()}/consumable/apply`);
    await page.locator('[data-testid=schema-list-ConsumableApply]').waitFor();
    await page.locator('[data-testid=toolbar-add]').click();
    await choose(item('仓库'), warehouseName);
    const line = item('明细').first().locator('.ant-table-tbody tr.ant-table-row').first();
    await choose(line.locator('td').nth(0), productName);
    const figure = line.locator('[data-testid=line-figure]');
    await expect.poll(() => figure.innerText()).toBe('12');
    expect(await figure.getAttribute('data-over')).toBe('0');
    await line.locator('td').nth(3).locator('input').fill('15');
    await expect.poll(() => figure.getAttribute('data-over')).toBe('1');
    expect(await figure.innerText()).toContain('超出可用数 12');
    expect(await figure.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(255, 77, 79)');
    await shot(page, 'stock-request-line-over');
    await line.locator('td').nth(3).locator('input').fill('5');
    await expect.poll(() => figure.getAttribute('data-over')).toBe('0');
    await page.keyboard.press('Escape');
  });

  it('reports the month: closing = opening + in − out, with totals and an export', async () => {
    await page.goto(`${baseUrl()}/consumable/monthly`);
    await page.locator('[data-testid=report-page]').waitFor();
    const rows = page.locator('[data-testid=report-page] .ant-table-tbody tr.ant-table-row');
    const mine = rows.filter({ hasText: productName });
    await mine.first().waitFor();
    const cells = (await mine.first().locator('td').allInnerTexts()).map((t) => t.trim());
    const n = (t: string) => Number(t.replace(/,/g, ''));
    // warehouse, code, product, unit, then opening / in / out / closing, quantity and amount each.
    expect(cells[0]).toBe(warehouseName);
    expect([n(cells[4]!), n(cells[6]!), n(cells[8]!), n(cells[10]!)]).toEqual([0, 12, 0, 12]);
    expect(cells[11]).toBe('42.00');
    for (const r of await rows.all()) {
      const c = (await r.locator('td').allInnerTexts()).map((t) => n(t.trim()));
      expect(c[4]! + c[6]! - c[8]!).toBe(c[10]);
      expect(Math.round((c[5]! + c[7]! - c[9]!) * 100)).toBe(Math.round(c[11]! * 100));
    }
    await page.locator('[data-testid=report-totals]').waitFor();
    expect(await page.locator('[data-testid=report-totals]').innerText()).toContain('合计');
    await page.locator('[data-testid=report-export]').waitFor();
    // The warehouse filter narrows to its rows.
    await page.locator('[data-testid=report-query-warehouseId]').click();
    await page.keyboard.type(warehouseName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: warehouseName }).first().click();
    await page.locator('[data-testid=report-search]').click();
    await expect.poll(() => rows.count()).toBe(1);
    await shot(page, 'stock-monthly-report');
    const download = page.waitForEvent('download');
    await page.locator('[data-testid=report-export]').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
