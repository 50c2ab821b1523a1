// A standard screen built from schemas alone: the dictionary, as an administrator uses it — create,
// edit, query, sort, page, export and delete, in two languages.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, confirmRemove, explainFailure, launch, newPage, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let page: Page;
const cspViolations: string[] = [];
let close: () => Promise<void>;
const stamp = Date.now().toString(36);
const type = `e2e_${stamp}`;

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  page = opened.page;
  close = () => opened.context.close();
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page.on('response', async (r) => {
    if (process.env.E2E_DEBUG && r.url().includes('/api/core/dict'))
      console.log(r.status(), r.url().slice(0, 140), (await r.text().catch(() => '')).slice(0, 160));
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (evaluate|execute|load)/i.test(m.text())) cspViolations.push(m.text());
  });
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

const rows = (p: Page) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row');
const cellTexts = async (p: Page, column: number) =>
  p.locator(`.schema-list .ant-table-tbody tr.ant-table-row td:nth-child(${column})`).allTextContents();
const fill = async (p: Page, label: string, value: string) => {
  const input = p.locator('[data-testid=schema-form] .ant-formily-item', { hasText: label }).locator('input, textarea').first();
  await input.fill(value);
};
const okDialog = (p: Page) => p.locator('[data-testid=form-ok]').click();
const toast = (p: Page) => p.locator('.ant-message-notice').last();

describe('dictionary screens in zh-CN', () => {
  it('creates a dictionary type, finds it by query, and refuses a duplicate', async () => {
    await page.goto(`${baseUrl()}/system/dict`);
    await expect.poll(() => rows(page).count()).toBe(10);
    await page.locator('[data-testid=toolbar-add]').click();
    await fill(page, '字典名称', '端到端测试');
    await fill(page, '字典类型', 'Bad Type');
    await okDialog(page);
    await expect.poll(() => page.locator('.ant-formily-item-error-help').first().textContent()).toBe('格式不正确');
    await fill(page, '字典类型', type);
    await okDialog(page);
    await expect.poll(() => toast(page).textContent()).toContain('保存成功');

    await page.locator('[data-testid=query-form] input').nth(1).fill(type);
    await page.locator('[data-testid=query-submit]').click();
    await expect.poll(() => cellTexts(page, 3)).toEqual([type]);
    await shot(page, 'dict-query-zh');

    await page.locator('[data-testid=toolbar-add]').click();
    await fill(page, '字典名称', '重复');
    await fill(page, '字典类型', type);
    await okDialog(page);
    await expect.poll(() => toast(page).textContent()).toContain(`字典类型“${type}”已存在`);
    // What was typed goes only when the user says so.
    await page.locator('.ant-modal-footer button', { hasText: '取 消' }).click();
    await expect.poll(() => page.locator('.ant-modal-confirm-title').last().textContent()).toBe('放弃未保存的修改？');
    await page.locator('[data-testid=form-discard]').click();
    await expect.poll(() => page.locator('[data-testid=schema-form]').count()).toBe(0);
  });

  it('adds, edits and pages its entries, sorting by a column', async () => {
    await page.locator('.schema-list .ant-table-tbody a', { hasText: type }).first().click();
    await page.waitForURL(new RegExp(`/system/dictData\\?dictType=${type}`));
    await page.locator('[data-testid=schema-list-DictData]').waitFor();
    for (let i = 1; i <= 2; i++) {
      await page.locator('[data-testid=toolbar-add]').click();
      // The type comes from the page, read-only.
      await expect
        .poll(() => page.locator('[data-testid=schema-form] .ant-formily-item', { hasText: '字典类型' }).textContent())
        .toContain(type);
      await fill(page, '字典标签', `标签${String(i).padStart(2, '0')}`);
      await fill(page, '字典键值', `v${String(i).padStart(2, '0')}`);
      await fill(page, '字典排序', String(100 - i));
      await okDialog(page);
      await expect.poll(() => page.locator('.ant-modal').count()).toBe(0);
    }
    // Nine more through the same API the form uses, to have two pages.
    await page.evaluate(async (dictType) => {
      const token = JSON.parse(localStorage.getItem('pro__Access-Token')!).value;
      for (let i = 3; i <= 11; i++) {
        const n = String(i).padStart(2, '0');
        await fetch('/api/core/dictData/save', {
          method: 'POST',
          headers: { 'content-type': 'application/json', token, hostname: location.hostname },
          body: JSON.stringify({ dictType, dictLabel: `标签${n}`, dictValue: `v${n}`, dictSort: 100 - i }),
        });
      }
    }, type);
    await page.reload();
    await expect.poll(() => page.locator('.ant-pagination-total-text').textContent()).toBe('共 11 条');
    // Sorted by dictSort ascending by default: the last one added comes first.
    await expect.poll(async () => (await cellTexts(page, 2))[0]).toBe('标签11');
    await page.locator('.schema-list thead .ant-table-column-sorters', { hasText: '字典标签' }).first().click();
    await expect.poll(async () => (await cellTexts(page, 2))[0]).toBe('标签01');
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => cellTexts(page, 2)).toEqual(['标签11']);

    await page.locator('.ant-pagination-item-1').click();
    await rowAction(page.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: '标签02' }), 'row-edit');
    await fill(page, '字典标签', '标签二');
    await okDialog(page);
    await expect.poll(async () => (await cellTexts(page, 2)).slice(0, 2)).toEqual(['标签01', '标签03']);
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => cellTexts(page, 2)).toEqual(['标签二']);
    await shot(page, 'dict-data-page2-zh');
  });

  it('deletes the only row of page 2 and steps back to page 1', async () => {
    const request = page.waitForRequest((r) => r.url().includes('/api/core/dictData/page') && r.url().includes('pageNum=1'));
    await rowAction(page.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: '标签二' }), 'row-remove');
    await confirmRemove(page);
    await request;
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent()).toBe('1');
    await expect.poll(() => rows(page).count()).toBe(10);
  });

  it('exports what the query shows, with Chinese headers', async () => {
    const download = page.waitForEvent('download');
    await page.locator('[data-testid=toolbar-export]').click();
    const file = await download;
    const path = await file.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(path!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '字典标签',
      '字典键值',
      '字典排序',
      '是否默认',
      '状态',
      '备注',
      '创建时间',
    ]);
    expect(sheet.rowCount).toBe(11);
    expect(sheet.getRow(2).getCell(1).value).toBe('标签01');
    expect(file.suggestedFilename()).toBe('字典数据.xlsx');
  });
});

describe('dictionary screens in en-US', () => {
  it('shows the same screen in English and refuses to delete a type that has entries', async () => {
    await page.evaluate(() => localStorage.setItem('pro__app_language', JSON.stringify({ value: 'en-US', expire: null })));
    await page.goto(`${baseUrl()}/system/dict`);
    await page.locator('[data-testid=query-form] input').nth(1).fill(type);
    await page.locator('[data-testid=query-submit]').click();
    await expect.poll(() => cellTexts(page, 3)).toEqual([type]);
    expect(await page.locator('.schema-list thead th').allTextContents()).toEqual(
      expect.arrayContaining(['Dictionary name', 'Dictionary type', 'Status', 'Remark', 'Created at', 'Actions']),
    );
    await rowAction(page.locator('.schema-list .ant-table-tbody tr.ant-table-row').first(), 'row-remove');
    await confirmRemove(page);
    await expect
      .poll(() => toast(page).textContent())
      .toContain(`Dictionary type "${type}" still has entries and cannot be deleted`);
    await shot(page, 'dict-en');
  });

  it('deletes the entries in a batch, then the type', async () => {
    await page.locator('.schema-list .ant-table-tbody a', { hasText: type }).first().click();
    await page.waitForURL(/\/system\/dictData/);
    await page.locator('[data-testid=schema-list-DictData]').waitFor();
    await expect.poll(() => rows(page).count()).toBe(10);
    await page.locator('.schema-list thead .ant-checkbox-input').check();
    await page.locator('[data-testid=batch-remove]').click();
    await confirmRemove(page);
    await expect
      .poll(() => page.locator('.schema-list .ant-empty-description, .schema-list .ant-table-placeholder').first().textContent())
      .toContain('No data');

    await page.goto(`${baseUrl()}/system/dict`);
    await page.locator('[data-testid=query-form] input').nth(1).fill(type);
    await page.locator('[data-testid=query-submit]').click();
    await expect.poll(() => cellTexts(page, 3)).toEqual([type]);
    await rowAction(page.locator('.schema-list .ant-table-tbody tr.ant-table-row').first(), 'row-remove');
    await confirmRemove(page);
    await expect.poll(() => toast(page).textContent()).toContain('Deleted');
    await expect.poll(() => rows(page).count()).toBe(0);
  });
});

describe('under a strict Content-Security-Policy', () => {
  it('runs form linkage through the expression language, with no eval and no violation', async () => {
    const response = await page.goto(`${baseUrl()}/system/district`);
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await page.locator('[data-testid=toolbar-add]').click();
    const parent = page.locator('[data-testid=schema-form] .ant-formily-item', { hasText: 'Parent code' });
    const level = page.locator('[data-testid=schema-form] .ant-formily-item', { hasText: 'Level' }).locator('.ant-select');
    await level.click();
    await page.locator('.ant-select-item-option', { hasText: 'Province' }).click();
    await expect.poll(() => parent.count()).toBe(0);
    await level.click();
    await page.locator('.ant-select-item-option', { hasText: 'County' }).click();
    await expect.poll(() => parent.count()).toBe(1);
    await page.locator('.ant-modal-footer button', { hasText: 'Cancel' }).click();
    // Kept editing at first: the choice is still there; then discarded.
    await page.locator('.ant-modal-confirm-btns button', { hasText: 'Keep editing' }).click();
    await expect.poll(() => parent.count()).toBe(1);
    await page.locator('.ant-modal-footer button', { hasText: 'Cancel' }).click();
    await page.locator('[data-testid=form-discard]').click();
    await expect.poll(() => page.locator('[data-testid=schema-form]').count()).toBe(0);
    expect(cspViolations).toEqual([]);
  });
});
