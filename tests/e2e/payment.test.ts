// The cashier's day (issue 33): 周敏 of 财务室 pays, in one payment, a claim net of the loan it
// writes off, a contract instalment and an employee-fee batch — chosen from what waits to be paid,
// each at what is still payable — then prints the payment slip with the total in capitals; the
// advances list shows who still owes what, and for how long.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, refusalsOf, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let cashier: Page;
const stamp = Date.now().toString(36);
const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const year = today.slice(0, 4);
const voucher = `PZ-${stamp}`;
const APPROVERS = ['head', 'finance', 'deputy', 'deputy2', 'principal', 'secretary', 'assets', 'buyer'];

type Row = Record<string, any>;
const api = (loginName: string) => apiAs(loginName, 'Demo@12345', { year });

async function approveAll(entity: string, path: string, id: number) {
  const admin = await apiAs('admin', 'Admin@12345', { year });
  for (let step = 0; step < 10; step++) {
    if ((await admin('GET', `${path}/infoById/${id}`)).approvalStatus === '2') return;
    let decided = false;
    for (const who of APPROVERS) {
      const call = await api(who);
      const task = ((await call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Row[]).find(
        (t) => t.entity === entity && Number(t.businessKey) === id,
      );
      if (!task) continue;
      await call('POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
      decided = true;
      break;
    }
    expect(decided, `someone decides a step of ${entity} ${id}`).toBe(true);
  }
}

let claimNo = '';
let feeNo = '';
let contractNo = '';
let claimDue = '';
let advanceNo = '';

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  context = opened.context;
  cashier = opened.page;

  // The day's work, made through the API as staff and approvers make it.
  const staff = await api('staff');
  // The department's goods-and-services indicator with the most left (other files spend the travel one).
  const budgetId = Number(
    ((await staff('GET', '/neikong/budget/noChildrenList')) as Row[])
      .filter((b) => String(b.economicClass ?? '').startsWith('302'))
      .sort((a, b) => Number(b.availableAmount) - Number(a.availableAmount))[0]!.id,
  );
  const loan = await staff('POST', '/expense/loan/save', {
    title: `出差借款${stamp}`,
    amount: '500.00',
    payee: '林小雨',
    payeeAccount: '6222 0200 0000 5678',
    payeeBank: '工商银行',
  });
  await staff('POST', `/expense/loan/submit?id=${loan.id}&confirmed=1`, {});
  await approveAll('loan', '/expense/loan', loan.id);
  await (
    await api('cashier')
  )('POST', `/expense/loan/pay?id=${loan.id}`, { id: loan.id, payMethod: '1', paidDate: today });
  const claim = await staff('POST', '/expense/funds/save', {
    title: `出差报销${stamp}`,
    budgetId,
    loanId: loan.id,
    writeOff: '500.00',
    payee: '林小雨',
    payeeAccount: '6222 0200 0000 5678',
    payeeBank: '工商银行',
    items: [{ economicClass: '30211', summary: '差旅', amount: '1280.00' }],
    invoices: [
      {
        invoiceCode: '011002300111',
        invoiceNo: String(90000000 + (Date.now() % 9_000_000)),
        invoiceDate: today,
        amount: '1280.00',
      },
    ],
  });
  claimNo = claim.reimburseNo;
  await staff('POST', `/expense/funds/submit?id=${claim.id}&confirmed=1`, {});
  await approveAll('reimburse', '/expense/funds', claim.id);
  claimDue = '780.00';
  const fee = await staff('POST', '/expense/employeeFee/save', {
    title: `讲座劳务费${stamp}`,
    feeKind: '2',
    budgetId,
    payees: [{ payeeName: '周教授', idNumber: '110105198001011234', bankAccount: '6222020000001111', gross: '1500.00' }],
  });
  feeNo = fee.feeNo;
  await staff('POST', `/expense/employeeFee/submit?id=${fee.id}&confirmed=1`, {});
  await approveAll('employeeFee', '/expense/employeeFee', fee.id);
  // An advance that stays out: the advances list shows it, paid today, 0 days old.
  const advance = await staff('POST', '/expense/loan/save', { title: `备用金${stamp}`, amount: '300.00', payee: '林小雨' });
  advanceNo = advance.loanNo;
  await staff('POST', `/expense/loan/submit?id=${advance.id}&confirmed=1`, {});
  await approveAll('loan', '/expense/loan', advance.id);
  await (
    await api('cashier')
  )('POST', `/expense/loan/pay?id=${advance.id}`, { id: advance.id, payMethod: '3', paidDate: today });
  // The buyer requests the lighting contract's next instalment (the seeded works instalment due this
  // month stays for the home page's contract notices), approved along its chain.
  const buyer = await api('buyer');
  const lights = (
    (await buyer('GET', `/contract/contract/page?name=${encodeURIComponent('体育馆LED照明灯具采购合同')}`)).records as Row[]
  )[0]!;
  const open = ((await buyer('GET', `/contract/payment/instalments?contractId=${lights.id}`)) as Row[])[0]!;
  const request = await buyer('POST', '/contract/payment/save', {
    contractId: lights.id,
    instalmentNo: open.instalmentNo,
    amount: open.left,
    reason: `第 ${open.instalmentNo} 期合同款${stamp}`,
  });
  await buyer('POST', `/contract/payment/submit?id=${request.id}&confirmed=1`, {});
  await approveAll('contractPayment', '/contract/payment', request.id);
  contractNo = request.paymentNo;

  await signIn(cashier, 'cashier', 'Demo@12345');
  await cashier.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(cashier, `failed-payment-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const item = (p: Page, label: string) => p.locator('[data-testid=schema-form] .ant-formily-item', { hasText: label });
const row = (p: Page, text: string) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: text });

describe("the cashier's day", () => {
  it('pays a claim net of its loan, a contract instalment and an employee-fee batch in one payment', async () => {
    await cashier.goto(`${baseUrl()}/expense/paymentList`);
    await cashier.locator('[data-testid=schema-list-PaymentList]').waitFor();
    await cashier.locator('[data-testid=toolbar-add]').click();
    await item(cashier, '付款日期').locator('input').click();
    await cashier.keyboard.type(today);
    await cashier.keyboard.press('Enter');
    await item(cashier, '凭证号').locator('input').fill(voucher);
    // What waits to be paid, each at what is still payable: the claim at 1,280 less the 500 loan.
    await cashier.locator('[data-testid=lines-pick]').click();
    const dialog = cashier
      .locator('.ant-modal')
      .filter({ has: cashier.locator('.ant-modal-title', { hasText: '选择待支付单据' }) });
    await dialog.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const pickRow = (text: string) => dialog.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
    await dialog.locator('.ant-input-search input').fill(stamp);
    await dialog.locator('.ant-input-search input').press('Enter');
    await expect.poll(() => pickRow(claimNo).count()).toBe(1);
    expect(await pickRow(claimNo).textContent()).toContain('780.00');
    await pickRow(claimNo).click();
    await pickRow(feeNo).click();
    await dialog.locator('.ant-input-search input').fill(contractNo);
    await dialog.locator('.ant-input-search input').press('Enter');
    await expect.poll(() => pickRow(contractNo).count()).toBe(1);
    await pickRow(contractNo).click();
    await shot(cashier, 'payment-pick');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const lines = item(cashier, '付款明细').locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(3);
    expect(await lines.filter({ hasText: claimNo }).textContent()).toContain('林小雨');
    await shot(cashier, 'payment-form');
    await cashier.locator('[data-testid=form-ok]').click();
    await expect.poll(() => row(cashier, voucher).count()).toBe(1);
    expect(await row(cashier, voucher).textContent()).toContain('待支付');

    await rowAction(row(cashier, voucher), 'row-request-pay');
    await cashier.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(async () => (await row(cashier, voucher).textContent()) ?? '').toContain('已支付');
    expect(refusalsOf(cashier)).toEqual([]);
    // Paid: each document says so, with the payment's day and voucher.
    const admin = await apiAs('admin', 'Admin@12345', { year });
    const claims = (await admin('GET', `/expense/funds/page?reimburseNo=${claimNo}`)).records as Row[];
    expect(claims[0]).toMatchObject({ payState: '1', paidDate: today, voucherNo: voucher, paidSoFar: claimDue });
  });

  it('prints the payment slip with the total in capitals', async () => {
    const payments = (await (await api('cashier'))('GET', `/expense/payment/page?voucherNo=${voucher}`)).records as Row[];
    await cashier.goto(`${baseUrl()}/print/payment/${payments[0]!.id}`);
    await cashier.locator('[data-testid=print-sheet]').waitFor();
    const table = cashier.locator('[data-testid=print-table-items]');
    await expect.poll(() => table.textContent()).toContain(claimNo);
    expect(await table.textContent()).toContain(contractNo);
    expect(await table.textContent()).toContain('报销单');
    const sheet = (await cashier.locator('[data-testid=print-sheet]').textContent()) ?? '';
    expect(sheet).toContain('人民币');
    expect(sheet).toMatch(/[壹贰叁肆伍陆柒捌玖].*元/);
    expect(sheet).toContain(voucher);
    await shot(cashier, 'payment-print');
  });

  it('lists the advances still out, with their age in days', async () => {
    await cashier.goto(`${baseUrl()}/expense/advanceList`);
    await cashier.locator('[data-testid=schema-list-AdvanceList]').waitFor();
    const header = (await cashier.locator('.schema-list .ant-table-thead').textContent()) ?? '';
    expect(header).toContain('借出天数');
    await expect.poll(() => row(cashier, advanceNo).count()).toBe(1);
    const cells = (await row(cashier, advanceNo).locator('td').allTextContents()).map((t) => t.trim());
    expect(cells).toContain('300.00');
    expect(cells[cells.length - 2]).toBe('0');
    // The loan the claim wrote off in full is settled: no longer an advance outstanding.
    expect(await row(cashier, `出差借款${stamp}`).count()).toBe(0);
    await shot(cashier, 'payment-advances');
  });
});
