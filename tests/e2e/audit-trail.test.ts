// The auditor's screen (issue 36): 何平 (auditor) opens 审计追踪, chooses the document type 耗材领用申请
// and types a request's number as users know it (LY-…): the list holds that request's records only,
// its type in words — at 1366 px and on a phone at 390 px.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
const stamp = Date.now().toString(36).slice(-5);
let applyNo = '';

beforeAll(async () => {
  browser = await launch();
  // A consumable request made and changed through the API, by the assets office and staff.
  const assets = await apiAs('assets');
  const staff = await apiAs('staff');
  const warehouse = await assets('POST', '/consumable/warehouse/save', {
    warehouseCode: `AW${stamp}`,
    warehouseName: `审计库${stamp}`,
  });
  const categories = await assets('GET', '/consumable/category/list');
  const product = await assets('POST', '/consumable/product/save', {
    productCode: `AP${stamp}`,
    productName: `审计笔${stamp}`,
    categoryId: categories[0].id,
    unit: '个',
    safetyStock: 0,
  });
  const saved = await staff('POST', '/consumable/apply/save', {
    warehouseId: warehouse.id,
    applyDate: '2026-04-08',
    reason: `审计检索${stamp}`,
    items: [{ productId: product.id, quantity: 3 }],
  });
  const doc = await staff('GET', `/consumable/apply/infoById/${saved.id}`);
  await staff('POST', '/consumable/apply/update', { ...doc, items: [{ ...doc.items[0], quantity: 4 }] });
  applyNo = doc.applyNo;
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await explainFailure(page, 'failed-audit-trail');
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
});

async function searchDocument(width: number, height: number, name: string, phone: boolean) {
  const opened = await newPage(browser, { language: 'zh-CN', width, height });
  context = opened.context;
  page = opened.page;
  await signIn(page, 'auditor', 'Demo@12345');
  await page.waitForURL(/\/home/);
  await page.goto(`${baseUrl()}/monitor/auditTrail`);
  const form = page.locator('[data-testid=query-form]');
  await form.waitFor();
  // The document type is chosen by its words, typed to narrow the long list.
  await form.locator('#docEntity').click();
  await form.locator('#docEntity').fill('耗材领用');
  await page.locator('.ant-select-item-option', { hasText: '耗材领用申请' }).first().click();
  await form.locator('#docIds').fill(applyNo);
  await page.locator('[data-testid=query-submit]').click();
  // The request's own row and its line, each created and changed: exactly four records, each of its
  // type in words (a table row at 1366 px, a card on the phone).
  const rows = page.locator(phone ? '[data-testid=phone-card]' : '.schema-list .ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(4);
  for (let i = 0; i < 4; i++) {
    const text = (await rows.nth(i).textContent()) ?? '';
    expect(text).toContain('耗材领用申请');
  }
  // The chain's head above the table: the number and hash the head call answers, to write down.
  const head = await (await apiAs('auditor'))('GET', '/monitor/audit/head');
  const note = page.locator('[data-testid=list-note]');
  await expect.poll(() => note.textContent()).toContain('审计链头');
  const said = (await note.textContent()) ?? '';
  const seq = Number(said.match(/第 (\d+) 条/)?.[1]);
  expect(seq).toBeGreaterThan(0);
  expect(seq).toBeLessThanOrEqual(head.seq);
  expect(said).toMatch(/哈希 [0-9a-f]{64}/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, name);
}

it('finds a request’s records by its number, its type in words, at 1366 px', async () => {
  await searchDocument(1366, 900, 'audit-trail-desktop', false);
  // The type column's cell is the words, not the internal name.
  const header = await page.locator('.schema-list thead th').allTextContents();
  const column = header.findIndex((h) => h.includes('单据类型'));
  expect(column).toBeGreaterThanOrEqual(0);
  const cells = await page
    .locator(`.schema-list .ant-table-tbody tr.ant-table-row > td:nth-child(${column + 1})`)
    .allTextContents();
  expect(cells).toEqual(['耗材领用申请', '耗材领用申请', '耗材领用申请', '耗材领用申请']);
});

it('finds the same on a phone at 390 px', async () => {
  await searchDocument(390, 844, 'audit-trail-phone', true);
});
