// Salaries (issue 18) as finance (陈静) and a teacher (林小雨) see them: this month's sheet imported
// from an xlsx, approved, paid out; the teacher's 我的工资条 lists her own payslips only.
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, offers, rowAction, shot, signIn } from '../support/browser.ts';

type Row = Record<string, any>;
let browser: Browser;
let page: Page;
const now = new Date(Date.now() + 8 * 3_600_000);
const today = now.toISOString().slice(0, 10);
const month = today.slice(0, 7);

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser, { language: 'zh-CN' })).page;
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(page, `failed-salary-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => browser?.close());

const item = (p: Page, label: string) => p.locator('.ant-modal:visible .ant-formily-item', { hasText: label });
const row = (p: Page, text: string) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: text });

describe('a month of salaries', () => {
  it('finance imports the month from an xlsx; approved and paid out, the teacher sees her own payslip only', async () => {
    const finance = await apiAs('finance');
    // The demo's sheet of this month (submitted, no step decided yet) is withdrawn and makes way for the import.
    for (const s of (await finance('GET', `/salary/sheet/list?salaryMonth=${month}`)) as Row[]) {
      if (String(s.approvalStatus) === '1') await finance('POST', `/salary/sheet/withdraw?id=${s.id}`, { id: s.id });
      await finance('POST', '/salary/sheet/remove', { ids: [s.id] });
    }

    await signIn(page, 'finance', 'Demo@12345');
    await page.waitForURL(/\/home/);
    await page.goto(`${baseUrl()}/salary/list`);
    await page.locator('[data-testid=schema-list-SalaryList]').waitFor();
    await page.locator('[data-testid=toolbar-add]').click();
    await item(page, '工资月份').locator('input').fill(month);
    await item(page, '标题').first().locator('input').fill(`${month} 工资（导入）`);
    await item(page, '预算指标').locator('.ant-select').click();
    await page.keyboard.type('工资发放');
    await page.locator('.ant-select-item-option', { hasText: '人员经费-工资发放' }).first().click();

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('工资');
    sheet.addRow(['姓名', '身份证号', '银行账号', '开户行', '基本工资', '岗位工资', '绩效工资', '表内个税']);
    sheet.addRow(['staff', '110105199001011234', '6222020000001234', '工商银行', 6000, 2000, 2000, 0]);
    sheet.addRow(['黄磊', '110105198802021235', '6222020000005678', '工商银行', 7000, 2500, 2500, 0]);
    const file = path.join(os.tmpdir(), `salary-${Date.now()}.xlsx`);
    await workbook.xlsx.writeFile(file);
    await page.locator('[data-testid=lines-import]').click();
    const dialog = page.locator('.ant-modal-content', { has: page.locator('.ant-modal-title', { hasText: '从 Excel 导入' }) });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.locator('.ant-btn-primary').click();
    const lines = item(page, '工资明细').locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(2);
    await shot(page, 'salary-sheet-form');
    await page.locator('[data-testid=form-ok]').click();
    const sheetRow = row(page, `${month} 工资（导入）`);
    await expect.poll(() => sheetRow.count()).toBe(1);
    // The server's figures: both lines' tax differs from the 0 the file said.
    expect(await sheetRow.textContent()).toContain('22,000.00');

    const id = ((await finance('GET', `/salary/sheet/list?salaryMonth=${month}`)) as Row[])[0]!.id;
    await finance('POST', `/salary/sheet/submit?id=${id}&confirmed=1`, { id });
    // Finance prepared it, so its own review went to the principal, and the principal's step, the
    // principal having decided the first, to the party secretary (segregation of duties).
    for (const [who, call] of [
      ['principal', await apiAs('principal')],
      ['secretary', await apiAs('secretary')],
    ] as const) {
      const tasks = (await call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Row[];
      const task = tasks.find((t) => t.entity === 'salarySheet' && Number(t.businessKey) === id);
      expect(task, `waits on ${who}`).toBeTruthy();
      await call('POST', '/workflow/task/approve', { taskId: task!.id, comment: '同意' });
    }
    // Finance, who prepared it, is not offered the pay-out; the cashier pays it.
    await page.reload();
    await sheetRow.waitFor();
    await sheetRow.locator('[data-testid^=row-]').first().waitFor();
    expect(await offers(sheetRow, 'row-edit-pay')).toBe(false);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'cashier', 'Demo@12345');
    await page.waitForURL(/\/home/);
    await page.goto(`${baseUrl()}/salary/list`);
    await page.locator('[data-testid=schema-list-SalaryList]').waitFor();
    await sheetRow.waitFor();
    await rowAction(sheetRow, 'row-edit-pay');
    await item(page, '发放日期').locator('input').click();
    await page.keyboard.type(today);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=form-ok]').click();
    await expect.poll(async () => (await sheetRow.textContent()) ?? '').toContain('已发放');
    await shot(page, 'salary-sheet-paid');

    // The teacher's own payslips: this month's among them, nobody else's.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'staff', 'Demo@12345');
    await page.waitForURL(/\/home/);
    await page.goto(`${baseUrl()}/salary/mine`);
    await page.locator('[data-testid=schema-list-SalaryMine]').waitFor();
    const slips = page.locator('.schema-list .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => row(page, month).count()).toBe(1);
    const texts = await slips.allTextContents();
    expect(texts.every((t) => t.includes('林小雨'))).toBe(true);
    expect(texts.some((t) => t.includes('黄磊'))).toBe(false);
    expect(await row(page, month).textContent()).toContain('110105********1234');
    await shot(page, 'salary-mine');
  });
});
