// Beforehand applications as staff file them (issues 14, 15): 林小雨 of 教务处 applies for a trip
// on her department's 差旅费 — already 85 % used in the demo year, so her submission asks her to
// confirm with the indicator's figures first — and sees it go into approval. The list offers
// submit, progress and withdraw without its file naming them.
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, offers, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let staff: Page;
const stamp = Date.now().toString(36);
const purpose = `赴北京参加教研交流${stamp}`;

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  context = opened.context;
  staff = opened.page;
  await signIn(staff, 'staff', 'Demo@12345');
  await staff.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(staff, `failed-expense-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const item = (p: Page, label: string) => p.locator('[data-testid=schema-form] .ant-formily-item', { hasText: label });
const row = (p: Page, text: string) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: text });

describe('a beforehand application', () => {
  it('is filed with the fields of its kind, numbered, and submitted after confirming the indicator’s figures', async () => {
    await staff.goto(`${baseUrl()}/expense/beforehandList`);
    await staff.locator('[data-testid=schema-list-BeforehandList]').waitFor();
    await staff.locator('[data-testid=toolbar-add]').click();
    // A general matter asks for no trip; a trip asks who goes where.
    expect(await item(staff, '出差城市').count()).toBe(0);
    await item(staff, '申请类型').locator('.ant-select').click();
    await staff.locator('.ant-select-item-option', { hasText: '差旅' }).click();
    await item(staff, '出差城市').locator('input').fill('北京');
    await item(staff, '出差人员').locator('input').fill('林小雨');
    await item(staff, '事由').locator('input').fill(purpose);
    await item(staff, '预算指标').locator('.ant-select').click();
    await staff.keyboard.type('差旅');
    await staff.locator('.ant-select-item-option', { hasText: '差旅费' }).first().click();
    await item(staff, '预计金额').locator('input').fill('300');
    // Staff may not list meeting records: that picker stays shut, and nothing was refused.
    await expect
      .poll(() => item(staff, '会议记录').locator('.ant-select-selection-placeholder').textContent())
      .toBe('无权查看可选项');
    expect(await staff.locator('.ant-notification-notice').count()).toBe(0);
    await shot(staff, 'expense-beforehand-form');
    await staff.locator('[data-testid=form-ok]').click();
    // No minutes attached: the form asks once whether to go on without (spec section 4, advised).
    const advised = staff.locator('.ant-modal-confirm', { hasText: '会议纪要' });
    await advised.waitFor();
    await advised.locator('.ant-btn-primary').click();
    await expect.poll(() => row(staff, purpose).count()).toBe(1);
    const text = (await row(staff, purpose).textContent()) ?? '';
    expect(text).toMatch(new RegExp(`SQ-${new Date().getFullYear()}-\\d{4}`));
    expect(text).toContain('草稿');
    expect(text).toContain('300.00');

    await rowAction(row(staff, purpose), 'row-request-submit');
    await staff.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    // 差旅费 is 85 % used: the indicator's figures, and a question before anything is held.
    const warning = staff.locator('.ant-modal-confirm', { hasText: '使用率' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('差旅费');
    await expect.poll(async () => (await row(staff, purpose).textContent()) ?? '').toContain('草稿');
    await shot(staff, 'expense-beforehand-confirm');
    await warning.locator('.ant-btn-primary').click();
    await expect.poll(async () => (await row(staff, purpose).textContent()) ?? '').toContain('审批中');
    // The approval actions came with the document.
    expect(await offers(row(staff, purpose), 'row-request-withdraw')).toBe(true);
    expect(await offers(row(staff, purpose), 'row-navigate')).toBe(true);
    expect(await offers(row(staff, purpose), 'row-request-close')).toBe(false);

    // The head and finance approve it (their approval page is tested with the claim below).
    const id = Number(
      (await api('staff').then((call) => call('GET', `/expense/beforehand/page?title=${encodeURIComponent(purpose)}`))).records[0]
        .id,
    );
    await approve('beforehand', id);
    await staff.reload();
    await staff.locator('[data-testid=schema-list-BeforehandList]').waitFor();
    await expect.poll(async () => (await row(staff, purpose).textContent()) ?? '').toContain('已通过');
  });
});

/**
 * The head, finance and the deputy in charge approve a document through the API, and the principal
 * when the amount reaches the site's approval.headThreshold (the approval page is tested with a claim).
 */
async function approve(entity: string, id: number) {
  for (const who of ['head', 'finance', 'deputy', 'principal']) {
    const call = await api(who);
    const tasks = (await call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Array<Record<string, unknown>>;
    const task = tasks.find((t) => t.entity === entity && Number(t.businessKey) === id);
    if (who === 'principal' && !task) return;
    expect(task, `${who} has the task`).toBeTruthy();
    await call('POST', '/workflow/task/approve', { taskId: task!.id, comment: '同意' });
  }
}

/** The paid total of the home dashboard's budget statistics, as a number. */
async function homePaid(page: Page): Promise<number> {
  const value = page.locator('[data-testid=stat-paid-value]');
  await value.waitFor();
  await expect.poll(async () => (await value.textContent()) ?? '').toMatch(/¥[\d,]+\.\d\d/);
  return Number(((await value.textContent()) ?? '').replace(/[¥,]/g, ''));
}

/** The cashier, signed in, on the claims list. */
async function cashierOnClaims() {
  const opened = await newPage(browser, { language: 'zh-CN' });
  await signIn(opened.page, 'cashier', 'Demo@12345');
  await opened.page.waitForURL(/\/home/);
  await opened.page.goto(`${baseUrl()}/expense/fundsList`);
  await opened.page.locator('[data-testid=schema-list-FundsList]').waitFor();
  return opened;
}

const api = (loginName: string) => apiAs(loginName);

describe('a reimbursement', () => {
  const claim = `跟岗培训交通住宿报销${stamp}`;
  // Fully digital invoices (数电票: 20 digits, no code), new on every run.
  const invoiceNo = (k: number) => `2611${`${Date.now()}`.slice(-10)}0000${String(k).padStart(2, '0')}`;

  it('is filed against the approved application with lines and two invoices, and totals itself', async () => {
    await staff.goto(`${baseUrl()}/expense/fundsList`);
    await staff.locator('[data-testid=schema-list-FundsList]').waitFor();
    // A claim is a long document: its form is a page of its own (the menu's hidden 报销单填报).
    await staff.locator('[data-testid=toolbar-add]').click();
    await staff.waitForURL(/\/expense\/fundsForm/);
    await staff.locator('[data-testid=schema-form-page-FundsForm]').waitFor();
    await item(staff, '报销事由').locator('input').fill(claim);
    // The travel application she filed, now approved, brings its indicator along.
    await item(staff, '事前申请').locator('.ant-select').first().click();
    await staff.locator('.ant-select-item-option', { hasText: purpose }).click();
    await expect.poll(() => item(staff, '预算指标').first().textContent()).toContain('差旅费');

    const lines = item(staff, '报销明细').locator('.ant-table-tbody tr.ant-table-row');
    await lines.first().waitFor();
    const fillLine = async (k: number, klass: string, summary: string, amount: string) => {
      const cells = lines.nth(k).locator('td');
      await cells.nth(0).locator('.ant-select').click();
      await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: klass }).click();
      await cells.nth(1).locator('input').fill(summary);
      await cells.nth(2).locator('input').fill(amount);
    };
    await fillLine(0, '30211 差旅费', '高铁往返', '553');
    await item(staff, '报销明细').locator('.ant-btn', { hasText: '添加明细' }).click();
    await fillLine(1, '30211 差旅费', '住宿 2 晚', '760.50');

    const invoices = item(staff, '发票').locator('.ant-table-tbody tr.ant-table-row');
    for (const [k, amount] of [
      [0, '553'],
      [1, '760.50'],
    ] as const) {
      await item(staff, '发票').locator('.ant-btn', { hasText: '添加发票' }).click();
      const cells = invoices.nth(k).locator('td');
      await cells.nth(1).locator('input').fill(invoiceNo(k));
      await cells.nth(2).locator('input').click();
      await staff.keyboard.type('2026-11-20');
      await staff.keyboard.press('Enter');
      await cells.nth(3).locator('input').fill(amount);
      await cells.nth(4).locator('input').fill('91110108MA01ABCD2X');
    }
    // A traveller's allowance: worked out by the server from the standards (Beijing: 100 meals and
    // 80 transport a day). The place is a choice from the region table, the days come from the dates.
    await item(staff, '差旅补助').locator('.ant-btn', { hasText: '添加出差人员' }).click();
    const traveller = item(staff, '差旅补助').locator('.ant-table-tbody tr.ant-table-row').first().locator('td');
    await traveller.nth(0).locator('input').fill('林小雨');
    await traveller.nth(1).locator('.ant-select').click();
    await staff.keyboard.type('北京');
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '北京市' }).first().click();
    for (const [cell, day] of [
      [3, '2026-11-19'],
      [4, '2026-11-20'],
    ] as const) {
      await traveller.nth(cell).locator('input').click();
      await staff.keyboard.type(day);
      await staff.keyboard.press('Enter');
    }
    await traveller.nth(6).locator('input').fill('1');
    // A note with a warning word (礼品): the approvers will see it.
    await item(staff, '备注').locator('textarea').fill('培训期间购买礼品赠送带教老师');
    // The total follows the lines as they are typed.
    await expect.poll(() => item(staff, '报销金额').first().textContent()).toContain('1,313.50');
    await shot(staff, 'expense-reimburse-form');
    await staff.locator('[data-testid=form-ok]').click();
    const advised = staff.locator('.ant-modal-confirm', { hasText: '会议纪要' });
    if (await advised.isVisible().catch(() => false)) await advised.locator('.ant-btn-primary').click();
    // Saved, the page closes (its tab too) and the list shows the claim.
    await staff.waitForURL(/\/expense\/fundsList/);
    expect(await staff.locator('.multi-tab-title', { hasText: '报销单填报' }).count()).toBe(0);
    await expect.poll(() => row(staff, claim).count()).toBe(1);
    const text = (await row(staff, claim).textContent()) ?? '';
    expect(text).toMatch(new RegExp(`BX-${new Date().getFullYear()}-\\d{4}`));
    // The server's total: the lines and the allowance.
    expect(text).toContain('1,673.50');
    expect(text).toContain('草稿');

    // Edited, it opens on the same page with its lines, named by the link's formData.
    await rowAction(row(staff, claim), 'row-edit');
    await staff.waitForURL(/\/expense\/fundsForm\?formData=/);
    await expect.poll(() => item(staff, '报销事由').locator('input').inputValue()).toBe(claim);
    expect(await item(staff, '报销明细').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await staff.locator('[data-testid=form-cancel]').click();
    await staff.waitForURL(/\/expense\/fundsList/);
  });

  it('goes into approval, is approved, and the cashier pays it with a voucher', async () => {
    await rowAction(row(staff, claim), 'row-request-submit');
    await staff.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    // Beyond the application's 300 it spends 差旅费 further, 85 % used: the figures are confirmed.
    const high = staff.locator('.ant-modal-confirm', { hasText: '使用率' });
    await high.waitFor();
    await high.locator('.ant-btn-primary').click();
    await expect.poll(async () => (await row(staff, claim).textContent()) ?? '').toContain('审批中');
    const id = Number(
      (await api('staff').then((call) => call('GET', `/expense/funds/page?title=${encodeURIComponent(claim)}`))).records[0].id,
    );
    // The head's approval page shows what the claim raised.
    const head = await newPage(browser, { language: 'zh-CN' });
    try {
      await signIn(head.page, 'head', 'Demo@12345');
      await head.page.waitForURL(/\/home/);
      await head.page.goto(`${baseUrl()}/approval/reimburse/${id}`);
      await head.page.locator('[data-testid=approval-warnings]').waitFor();
      expect(await head.page.locator('[data-testid=approval-warning]').textContent()).toContain('含预警词“礼品”');
      await shot(head.page, 'expense-reimburse-approval-warnings');
    } finally {
      await head.context.close();
    }
    // The indicator the claim spends, and the site's paid total, before the money moves.
    const finance = await api('finance');
    const budgetId = Number((await finance('GET', `/expense/funds/infoById/${id}`)).budgetId);
    const usedBefore = Number((await finance('GET', `/neikong/budget/infoById/${budgetId}`)).usedAmount);
    await approve('reimburse', id);

    const opened = await newPage(browser, { language: 'zh-CN' });
    const cashier = opened.page;
    try {
      await signIn(cashier, 'cashier', 'Demo@12345');
      await cashier.waitForURL(/\/home/);
      const paidBefore = await homePaid(cashier);
      await cashier.goto(`${baseUrl()}/expense/fundsList`);
      await cashier.locator('[data-testid=schema-list-FundsList]').waitFor();
      await expect.poll(async () => (await row(cashier, claim).textContent()) ?? '').toContain('已通过');
      await rowAction(row(cashier, claim), 'row-edit-pay');
      const dialog = cashier.locator('.ant-modal', { hasText: '付款 · 报销单' });
      await dialog.waitFor();
      // The document's number and amount are shown; the payment's inputs are entered.
      expect(await dialog.textContent()).toContain('1,673.50');
      // What is still payable (claimed − written off) and to whom, before the cashier pays.
      expect(await item(cashier, '应付金额').textContent()).toContain('1,673.50');
      expect(await item(cashier, '收款账号').count()).toBe(1);
      expect(await item(cashier, '付款方式').textContent()).toContain('银行转账');
      await item(cashier, '付款日期').locator('input').click();
      await cashier.keyboard.type('2026-11-25');
      await cashier.keyboard.press('Enter');
      await item(cashier, '凭证号').locator('input').fill('记-11-025');
      await shot(cashier, 'expense-reimburse-pay');
      await cashier.locator('[data-testid=form-ok]').click();
      await expect.poll(async () => (await row(cashier, claim).textContent()) ?? '').toContain('已付款');
      expect(await offers(row(cashier, claim), 'row-edit-pay')).toBe(false);

      // The printed form: lines, invoices and the amount in capitals.
      await cashier.goto(`${baseUrl()}/print/reimburse/${id}`);
      await cashier.locator('[data-testid=print-sheet]').waitFor();
      await expect.poll(() => cashier.locator('[data-testid=print-table-items]').textContent()).toContain('住宿 2 晚');
      expect(await cashier.locator('[data-testid=print-table-items]').textContent()).toContain('30211 差旅费');
      expect(await cashier.locator('[data-testid=print-table-invoices]').textContent()).toContain('760.50');
      expect(await cashier.locator('[data-testid=print-table-allowances]').textContent()).toContain('360.00');
      expect(await cashier.locator('[data-testid=amount-in-words]').textContent()).toBe('壹仟陆佰柒拾叁元伍角');
      // Paid: how, when and under which voucher.
      const sheet = (await cashier.locator('[data-testid=print-sheet]').textContent()) ?? '';
      for (const paid of ['已付款', '银行转账', '2026-11-25', '记-11-025']) expect(sheet).toContain(paid);
      await shot(cashier, 'expense-reimburse-print');
      // Its paste sheet: the claim's number and a ruled area for the paper invoices.
      await cashier.goto(`${baseUrl()}/print/reimburse/${id}?template=reimbursePaste`);
      await cashier.locator('[data-testid=print-paste]').waitFor();
      expect(await cashier.locator('.print-title').textContent()).toBe('报销单据粘贴单');
      expect(await cashier.locator('[data-testid=print-sheet]').textContent()).toMatch(/BX-\d{4}-\d{4}/);
      await shot(cashier, 'expense-reimburse-paste-sheet');

      // The home dashboard's paid total and the indicator's used figure moved by the claim.
      await cashier.goto(`${baseUrl()}/home`);
      await expect.poll(() => homePaid(cashier)).toBeCloseTo(paidBefore + 1673.5, 2);
      const indicator = await finance('GET', `/neikong/budget/infoById/${budgetId}`);
      await cashier.goto(`${baseUrl()}/budget/list`);
      const query = cashier.locator('[data-testid=query-form]');
      await query.locator('.ant-form-item', { hasText: '指标编码' }).locator('input').fill(String(indicator.limitCode));
      await query.locator('[data-testid=query-submit]').click();
      const line = cashier.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: String(indicator.limitCode) });
      await expect
        .poll(async () => (await line.first().textContent()) ?? '')
        .toContain((usedBefore + 1673.5).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    } finally {
      await opened.context.close();
    }
  });
});

describe('a payment batch', () => {
  it('is two approved claims the cashier selects and pays with one voucher', async () => {
    const staffApi = await api('staff');
    const training = (
      (await staffApi('GET', '/neikong/budget/noChildrenList')) as Array<{ id: number; budgetName: string }>
    ).find((b) => b.budgetName === '培训费')!;
    const titles = [`批量付款甲${stamp}`, `批量付款乙${stamp}`];
    let k = 0;
    for (const title of titles) {
      const amount = `${12 + k}.00`;
      const saved = await staffApi('POST', '/expense/funds/save', {
        title,
        budgetId: training.id,
        items: [{ economicClass: '30216', summary: '培训资料', amount }],
        invoices: [{ invoiceNo: `2611${`${Date.now()}`.slice(-10)}00009${k}`, invoiceDate: '2026-11-20', amount }],
      });
      k++;
      await staffApi('POST', `/expense/funds/submit?id=${saved.id}&confirmed=1`, {});
      await approve('reimburse', saved.id);
    }
    const opened = await cashierOnClaims();
    const cashier = opened.page;
    try {
      for (const title of titles) {
        await expect.poll(async () => (await row(cashier, title).textContent()) ?? '').toContain('未付款');
        await row(cashier, title).locator('.ant-checkbox-input').check();
      }
      await cashier.locator('[data-testid=batch-edit-pay]').click();
      const dialog = cashier.locator('.ant-modal', { hasText: '批量付款' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('已选 2 项');
      await item(cashier, '付款日期').locator('input').click();
      await cashier.keyboard.type('2026-11-25');
      await cashier.keyboard.press('Enter');
      await item(cashier, '凭证号').locator('input').fill(`记-11-B${stamp}`.slice(0, 20));
      await shot(cashier, 'expense-payment-batch');
      await cashier.locator('[data-testid=form-ok]').click();
      for (const title of titles)
        await expect.poll(async () => (await row(cashier, title).textContent()) ?? '').toContain('已付款');
    } finally {
      await opened.context.close();
    }
  });
});

describe('cost control', () => {
  it('shows finance each ceiling with what is spent and left, read from the indicators', async () => {
    const opened = await newPage(browser, { language: 'zh-CN' });
    const finance = opened.page;
    try {
      await signIn(finance, 'finance', 'Demo@12345');
      await finance.waitForURL(/\/home/);
      await finance.goto(`${baseUrl()}/expense/costControl`);
      await finance.locator('[data-testid=schema-list-CostControl]').waitFor();
      const travel = row(finance, '30211 差旅费');
      await expect.poll(() => travel.count()).toBe(1);
      const cells = (await travel.locator('td').allTextContents()).map((c) => c.trim());
      expect(cells).toContain('教务处');
      expect(cells).toContain('75,000.00');
      // Spent is the department's travel indicators, frozen and used; left is the rest.
      const [spent, left] = [cells[3]!, cells[4]!].map((c) => Number(c.replace(/,/g, '')));
      expect(spent).toBeGreaterThan(60_000);
      expect(spent + left).toBeCloseTo(75_000, 2);
      await shot(finance, 'expense-cost-control');
    } finally {
      await opened.context.close();
    }
  });
});

describe('a loan', () => {
  it('paid out is repaid in cash by the cashier, the outstanding amount offered', async () => {
    const opened = await newPage(browser, { language: 'zh-CN' });
    const cashier = opened.page;
    try {
      await signIn(cashier, 'cashier', 'Demo@12345');
      await cashier.waitForURL(/\/home/);
      await cashier.goto(`${baseUrl()}/expense/loanList`);
      await cashier.locator('[data-testid=schema-list-LoanList]').waitFor();
      const loan = row(cashier, '暑期外出学习差旅借款');
      await expect.poll(async () => (await loan.textContent()) ?? '').toContain('已借出');
      expect(await loan.textContent()).toContain('3,000.00');
      await rowAction(loan, 'row-edit-repay');
      const dialog = cashier.locator('.ant-modal', { hasText: '现金还款 · 借款单' });
      await dialog.waitFor();
      await expect.poll(() => item(cashier, '现金还款').locator('input').inputValue()).toBe('3000.00');
      await item(cashier, '还款日期').locator('input').click();
      await cashier.keyboard.type('2026-11-25');
      await cashier.keyboard.press('Enter');
      await shot(cashier, 'expense-loan-repay');
      await cashier.locator('[data-testid=form-ok]').click();
      await expect.poll(async () => (await loan.textContent()) ?? '').toContain('已还款');
      expect(await offers(loan, 'row-edit-repay')).toBe(false);
    } finally {
      await opened.context.close();
    }
  });
});

describe('an employee fee batch', () => {
  it('is filed with its payees, and the server withholds each one’s tax', async () => {
    const title = `课程评审专家费${stamp}`;
    await staff.goto(`${baseUrl()}/expense/employeeFee`);
    await staff.locator('[data-testid=schema-list-EmployeeFee]').waitFor();
    await staff.locator('[data-testid=toolbar-add]').click();
    await item(staff, '发放事由').locator('input').fill(title);
    await item(staff, '预算指标').locator('.ant-select').click();
    await staff.keyboard.type('培训');
    await staff.locator('.ant-select-item-option', { hasText: '培训费' }).first().click();
    const payees = item(staff, '领款人').locator('.ant-table-tbody tr.ant-table-row');
    const fill = async (k: number, name: string, id: string, gross: string) => {
      const cells = payees.nth(k).locator('td');
      await cells.nth(0).locator('input').fill(name);
      await cells.nth(1).locator('input').fill(id);
      await cells.nth(4).locator('input').fill(gross);
    };
    await fill(0, '周教授', '11010519600101123X', '3000');
    // The second payee comes from a sheet, as a batch of many would.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('payees');
    sheet.addRow(['姓名', '身份证号', '收款账号', '应发金额']);
    sheet.addRow(['吴专家', '110105196502021234', '6222020000002222', 5000]);
    const file = path.join(os.tmpdir(), `payees-${stamp}.xlsx`);
    await workbook.xlsx.writeFile(file);
    await staff.locator('[data-testid=lines-import]').click();
    const dialog = staff.locator('.ant-modal-content', {
      has: staff.locator('.ant-modal-title', { hasText: '从Excel导入领款人' }),
    });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.locator('.ant-btn-primary').click();
    await expect.poll(() => payees.count()).toBe(2);
    expect(await payees.nth(1).locator('td').nth(0).locator('input').inputValue()).toBe('吴专家');
    await expect.poll(() => item(staff, '应发合计').first().textContent()).toContain('8,000.00');
    await shot(staff, 'expense-employee-fee-form');
    await staff.locator('[data-testid=form-ok]').click();
    await expect.poll(() => row(staff, title).count()).toBe(1);
    const text = (await row(staff, title).textContent()) ?? '';
    expect(text).toMatch(/LW-\d{4}-\d{4}/);
    // 440 + 800 withheld; 6,760 paid out.
    expect(text).toContain('1,240.00');
    expect(text).toContain('6,760.00');
    // A payslip per payee, with what was withheld from each.
    const id = (await api('staff').then((call) => call('GET', `/expense/employeeFee/page?title=${encodeURIComponent(title)}`)))
      .records[0].id;
    await staff.goto(`${baseUrl()}/print/employeeFee/${id}?template=employeeFeeSlip`);
    const slips = staff.locator('[data-testid=print-slip]');
    await expect.poll(() => slips.count()).toBe(2);
    expect(await slips.nth(0).textContent()).toContain('周教授');
    expect(await slips.nth(1).textContent()).toMatch(/吴专家.*5,000\.00.*800\.00.*4,200\.00/);
    await shot(staff, 'expense-employee-fee-slips');
  });
});

describe('a page whose script does not load', () => {
  it('fails inside the page area with a retry, the shell staying', async () => {
    const opened = await newPage(browser, { language: 'zh-CN' });
    const page = opened.page;
    try {
      await signIn(page, 'staff', 'Demo@12345');
      await page.waitForURL(/\/home/);
      // The full-page form's chunk is lost on the way (a deploy replaced it, the network dropped).
      await page.route(/\/assets\/FormPage-[^/]+\.js$/, (route) => route.abort());
      await page.goto(`${baseUrl()}/expense/fundsForm`);
      const panel = page.locator('[data-testid=error-panel]');
      await panel.waitFor();
      expect(await panel.textContent()).toContain('页面脚本加载失败，请检查网络后重试');
      // The page's component and the file that defines it (issue 35: the panel names where to look).
      expect(await page.locator('[data-testid=error-panel-where]').textContent()).toBe(
        'FundsForm — schemas/expense/reimburse.form.json',
      );
      // The menu and the tabs are still there to go elsewhere.
      expect(await page.locator('.ant-layout-sider .ant-menu-item, .ant-layout-sider .ant-menu-submenu').count()).toBeGreaterThan(
        3,
      );
      await shot(page, 'error-panel-chunk');
      await page.unroute(/\/assets\/FormPage-[^/]+\.js$/);
      await page.locator('[data-testid=error-panel-retry]').click();
      await page.locator('[data-testid=schema-form-page-FundsForm]').waitFor();
    } finally {
      await opened.context.close();
    }
  });
});

describe('the expense screens in another language', () => {
  it('speak Portuguese: the claim form, its sub-tables and the actions', async () => {
    const opened = await newPage(browser, { language: 'pt-BR' });
    const page = opened.page;
    try {
      await signIn(page, 'staff', 'Demo@12345');
      await page.waitForURL(/\/home/);
      await page.goto(`${baseUrl()}/expense/fundsList`);
      await page.locator('[data-testid=schema-list-FundsList]').waitFor();
      await page.locator('[data-testid=toolbar-add]').click();
      const form = page.locator('[data-testid=schema-form]');
      await form.waitFor();
      for (const words of [
        'Itens',
        'Diárias de viagem',
        'Notas fiscais',
        'Adicionar viajante',
        'Número da nota',
        'Valor solicitado',
      ])
        expect(await form.textContent(), words).toContain(words);
      expect(await form.textContent()).not.toMatch(/报销|发票/);
      expect(await page.locator('[data-testid=form-ok]').textContent()).toContain('Salvar');
      expect(await page.locator('[data-testid=form-cancel]').textContent()).toContain('Cancelar');
      await shot(page, 'expense-reimburse-form-pt-BR');
    } finally {
      await opened.context.close();
    }
  });
});
