// Budgets end to end (issue 7), as the demo school does it: 刘明, head of 教务处, asks for 100 000
// more for 教研活动 — at the threshold, so the form asks for the meeting record first; 陈静 of
// finance approves it from the approval page; the indicator shows the new amount, the journal the
// movement, and the adjustment prints with its lines and its approval history.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, explainFailure, launch, newPage, offers, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Record<'head' | 'finance', Page> = {} as never;
const stamp = Date.now().toString(36);
const title = `区级教研活动承办追加${stamp}`;
let applyId = '';

beforeAll(async () => {
  browser = await launch();
  for (const who of ['head', 'finance'] as const) {
    const opened = await newPage(browser, { language: 'zh-CN' });
    contexts.push(opened.context);
    pages[who] = opened.page;
    await signIn(opened.page, who, 'Demo@12345');
    await opened.page.waitForURL(/\/home/);
  }
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [who, page] of Object.entries(pages))
      await explainFailure(page, `failed-budget-${who}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const toast = (p: Page) => p.locator('.ant-message-notice').last();
const item = (p: Page, label: string) => p.locator('[data-testid=schema-form] .ant-formily-item', { hasText: label });
const row = (p: Page, text: string) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: text });
const confirm = (p: Page) => p.locator('.ant-modal-confirm-btns .ant-btn-primary').click();

/** The 教研活动 indicator's row of the budget list: its adjusted amount. */
async function adjustedOf(p: Page, name: string): Promise<string> {
  await p.goto(`${baseUrl()}/budget/list`);
  await p.locator('[data-testid=schema-list-BudgetList]').waitFor();
  const r = row(p, name).first();
  await r.waitFor();
  // Tree rows: 教研活动 sits under 教学质量提升项目, which the list shows expanded or not.
  return (await r.locator('td').nth(3).textContent()) ?? '';
}

describe('a budget increase with its meeting record, approved by finance', () => {
  let before = '';

  it('shows the head his own department’s indicators only', async () => {
    const head = pages.head;
    await head.goto(`${baseUrl()}/budget/list`);
    await head.locator('[data-testid=schema-list-BudgetList]').waitFor();
    await expect.poll(() => head.locator('.schema-list .ant-table-tbody').textContent()).toContain('印刷费');
    const body = (await head.locator('.schema-list .ant-table-tbody').textContent()) ?? '';
    expect(body).toContain('差旅费');
    expect(body).not.toContain('维修（护）费'); // 总务处's
    expect(body).not.toContain('人员经费-基本工资'); // 财务室's
    before = await adjustedOf(head, '教研活动');
    expect(before).toBe('100,000.00');
  });

  it(
    'asks for the meeting record when the amount reaches the threshold, then saves and submits',
    { timeout: 180_000 },
    async () => {
      const head = pages.head;
      await head.goto(`${baseUrl()}/budget/adjustApply`);
      await head.locator('[data-testid=schema-list-BudgetAdjustApply]').waitFor();
      await head.locator('[data-testid=toolbar-add]').click();
      await item(head, '申请标题').locator('input').fill(title);
      await item(head, '调整类型').locator('.ant-select').click();
      await head.locator('.ant-select-item-option', { hasText: '追加' }).click();
      await head.getByText('添加明细').click();
      const line = head.locator('[data-testid=schema-form] .ant-formily-array-table tbody tr').first();
      await line.locator('.ant-select').first().click();
      await head.keyboard.type('教研');
      await head.locator('.ant-select-item-option', { hasText: '教研活动' }).first().click();
      await line.locator('input').nth(1).fill('100000');
      // The amount is the lines' total, computed as typed.
      await expect.poll(() => item(head, '调整金额').first().locator('.money-text').textContent()).toBe('100,000.00');
      await item(head, '调整理由').locator('textarea').fill('承办区级教研活动两次，经校长办公会研究同意。');
      // The form's two columns: title and kind side by side, the reason (gridSpan 2) across both.
      const box = async (label: string) => (await item(head, label).first().boundingBox())!;
      const [titleBox, kindBox, reasonBox] = [await box('申请标题'), await box('调整类型'), await box('调整理由')];
      expect(Math.abs(titleBox.y - kindBox.y)).toBeLessThan(2);
      expect(kindBox.x).toBeGreaterThanOrEqual(titleBox.x + titleBox.width);
      expect(reasonBox.width).toBeGreaterThan(titleBox.width * 1.9);
      await shot(head, 'budget-adjust-form');
      await head.locator('[data-testid=form-ok]').click();
      // 100 000 reaches 必填所需金额: not without minutes or a meeting record.
      await expect.poll(() => head.locator('.ant-message-notice').last().textContent()).toMatch(/会议/);
      expect(await head.locator('[data-testid=schema-form]').count()).toBe(1);

      const meeting = item(head, '会议记录').locator('.ant-select');
      await meeting.click();
      // Searched by its topic: other tests may have filed newer meeting records than the first page holds.
      await head.keyboard.type('机房设备');
      await head.locator('.ant-select-item-option', { hasText: '信息中心机房设备更新采购' }).first().click();
      await head.locator('[data-testid=form-ok]').click();
      await expect.poll(() => toast(head).textContent()).toContain('保存成功');
      await expect.poll(() => row(head, title).count()).toBe(1);
      expect(await row(head, title).textContent()).toContain('草稿');
      expect(await row(head, title).textContent()).toContain('100,000.00');

      await rowAction(row(head, title), 'row-request-submit');
      await confirm(head);
      await expect.poll(() => row(head, title).textContent()).toContain('审批中');
      // Only the one who submitted may take it back.
      expect(await offers(row(head, title), 'row-request-withdraw')).toBe(true);
      await pages.finance.goto(`${baseUrl()}/budget/adjustApply`);
      await expect.poll(() => row(pages.finance, title).count()).toBe(1);
      expect(await offers(row(pages.finance, title), 'row-request-withdraw')).toBe(false);
      await rowAction(row(head, title), 'row-navigate');
      await head.waitForURL(/\/approval\/budgetAdjustApply\/\d+/);
      applyId = /\/approval\/budgetAdjustApply\/(\d+)/.exec(head.url())![1]!;
      // An increase waits for approval: nothing moved yet.
      expect(await adjustedOf(head, '教研活动')).toBe(before);
    },
  );

  it(
    'is approved by finance on the approval page; the indicator and the home dashboard rise by the amount',
    { timeout: 180_000 },
    async () => {
      const finance = pages.finance;
      const dashboardAdjusted = async () => {
        await finance.goto(`${baseUrl()}/home`);
        const card = finance.locator('[data-testid=stat-adjusted-value]');
        await card.waitFor();
        await expect.poll(async () => (await card.textContent())?.includes('¥')).toBe(true);
        return Number(((await card.textContent()) ?? '').replace(/[^\d.]/g, ''));
      };
      const dashboardBefore = await dashboardAdjusted();
      await finance.goto(`${baseUrl()}/approval/budgetAdjustApply/${applyId}`);
      await finance.locator('[data-testid=approval-page]').waitFor();
      await expect.poll(() => finance.locator('[data-testid=approval-form]').textContent()).toContain(title);
      // The lines as filed: code and the amount available then; no editing controls.
      const lines = finance.locator('[data-testid=approval-form] .ant-table');
      expect(await lines.locator('thead th').allTextContents()).toEqual([
        '指标编码',
        '预算指标',
        '申请时可用',
        '调整金额（减为负数）',
        '备注',
      ]);
      expect(await lines.locator('tbody tr.ant-table-row td').allTextContents()).toEqual(
        expect.arrayContaining(['教研活动', '100,000.00']),
      );
      expect(await finance.locator('[data-testid=approval-meta]').textContent()).toContain('财务审核');
      await finance.locator('[data-testid=approval-comment]').fill('同意，按会议纪要执行');
      await finance.locator('[data-testid=approval-approve]').click();
      await expect.poll(() => toast(finance).textContent()).toContain('已处理');
      await expect.poll(() => finance.locator('[data-testid=approval-status]').textContent()).toBe('已通过');

      expect(await adjustedOf(finance, '教研活动')).toBe('200,000.00');
      expect(await adjustedOf(pages.head, '教研活动')).toBe('200,000.00');
      await expect.poll(dashboardAdjusted).toBe(dashboardBefore + 100_000);

      // The indicator's movements: the journal opens filtered by it, and its query form says so.
      await adjustedOf(finance, '教研活动');
      // Four actions: the first two in the row, the others under 更多.
      const indicatorRow = row(finance, '教研活动').first();
      expect(await indicatorRow.locator('td:last-child a').allTextContents()).toEqual(['变动明细', '修改', '更多 ']);
      expect(await offers(indicatorRow, 'row-remove')).toBe(true);
      await rowAction(indicatorRow, 'row-navigate');
      await finance.waitForURL(/\/budget\/journal\?budgetId=\d+/);
      const filter = finance.locator('[data-testid=query-form] .ant-form-item', { hasText: '预算指标' });
      await expect.poll(() => filter.locator('.ant-select-selection-item').textContent()).toContain('教研活动');
      const movement = finance.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: '调整生效' }).first();
      await expect.poll(() => movement.textContent()).toContain('100,000.00');
      const rows = finance.locator('.schema-list .ant-table-tbody tr.ant-table-row');
      for (const text of await rows.allTextContents()) expect(text).toContain('教研活动');
      const total = finance.locator('.schema-list .ant-pagination-total-text');
      const totalFiltered = await total.textContent();
      // Reset clears the filter and shows every indicator's movements.
      await finance.locator('[data-testid=query-form] button', { hasText: /重\s?置/ }).click();
      await expect.poll(() => filter.locator('.ant-select-selection-item').count()).toBe(0);
      await expect.poll(() => total.textContent()).not.toBe(totalFiltered);
    },
  );

  it('prints with its lines, the amount in capitals and the approval history', async () => {
    const head = pages.head;
    await head.goto(`${baseUrl()}/print/budgetAdjustApply/${applyId}`);
    await head.locator('[data-testid=print-sheet]').waitFor();
    await expect.poll(() => head.locator('[data-testid=print-table-details]').textContent()).toContain('教研活动');
    expect(await head.locator('[data-testid=print-table-details]').textContent()).toContain('100,000.00');
    expect(await head.locator('[data-testid=amount-in-words]').textContent()).toBe('壹拾万元整');
    await expect.poll(() => head.locator('[data-testid=print-approvals]').textContent()).toContain('同意，按会议纪要执行');
    expect(await head.locator('[data-testid=print-approvals]').textContent()).toContain('陈静');
    await shot(head, 'budget-adjust-print');
  });
});

describe('pulling indicators from the finance system', () => {
  const code = `E2E-${stamp}`.toUpperCase();
  const workbook = async (rows: Array<Array<string | number>>) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('指标');
    sheet.addRow(['指标编码', '指标名称', '金额', '归口部门', '支出类型']);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  const pull = async (p: Page, name: string, buffer: Buffer) => {
    await p.locator('[data-testid=toolbar-import-pullBeiShiDaFuZhongBudget]').click();
    const dialog = p.locator('.ant-modal', { hasText: '从财务系统导入' });
    await expect.poll(() => dialog.textContent()).toContain('指标编码');
    await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    await dialog.locator('.ant-btn-primary').click();
    return dialog;
  };

  it('lists every wrong row and writes nothing; a good file creates the indicator', async () => {
    const finance = pages.finance;
    await finance.goto(`${baseUrl()}/budget/list`);
    await finance.locator('[data-testid=schema-list-BudgetList]').waitFor();
    const bad = await pull(finance, '坏文件.xlsx', await workbook([[code, '端到端拉取', '-5', '教务处', '基本支出-公用经费']]));
    await expect
      .poll(() => bad.locator('[data-testid=import-errors]').textContent())
      .toContain('导入失败：1行有误，未写入任何数据');
    expect(await bad.locator('[data-testid=import-errors] .ant-table-row').count()).toBe(1);
    expect(await bad.locator('[data-testid=import-errors] .ant-table-row td').first().textContent()).toBe('2');
    await bad.locator('.ant-btn', { hasText: '取 消' }).click();

    await pull(finance, '财务指标.xlsx', await workbook([[code, '端到端拉取', '12,345.60', '教务处', '基本支出-公用经费']]));
    await expect.poll(() => toast(finance).textContent()).toContain('新建 1 条');
    await finance.locator('[data-testid=query-form] input').first().fill('端到端拉取');
    await finance.locator('[data-testid=query-submit]').click();
    await expect.poll(() => row(finance, code).count()).toBe(1);
    expect(await row(finance, code).textContent()).toContain('12,345.60');
    await shot(finance, 'budget-pull');
  });
});
