// A document's history tab (issue 36): 林小雨 (staff) changed her leave's type and reason, submitted
// it, and opens its approval page on her phone (390 px): the 变更历史 tab shows, newest first, who
// changed what — field, before, after in her words (事假 → 病假).
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const stamp = Date.now().toString(36);
let leaveId = 0;

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN', width: 390, height: 844 });
  context = opened.context;
  page = opened.page;
  await signIn(page, 'staff', 'Demo@12345');
  await page.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await explainFailure(page, 'failed-audit-history');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

it('shows the applicant what changed, field by field, in the document’s history tab', async () => {
  const staff = await apiAs('staff');
  const saved = await staff('POST', '/leave/apply/save', {
    leaveType: 'personal',
    startDate: '2026-05-11',
    endDate: '2026-05-12',
    reason: `探亲${stamp}`,
  });
  leaveId = saved.id;
  await staff('POST', '/leave/apply/update', { id: saved.id, version: saved.version, leaveType: 'sick', reason: `看病${stamp}` });
  await staff('POST', `/leave/apply/submit?id=${saved.id}`, {});

  await page.goto(`${baseUrl()}/approval/leaveApply/${saved.id}`);
  await page.locator('[data-testid=approval-page]').waitFor();
  await page.locator('[data-testid=approval-trail-tab]').click();
  const entries = page.locator('[data-testid=trail-entry]');
  await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3);
  // Newest first: the submission, then the change, then the creation.
  const change = entries.filter({ hasText: '修改' }).filter({ hasText: `看病${stamp}` }).first();
  await expect.poll(() => change.textContent()).toContain('事假');
  const text = (await change.textContent()) ?? '';
  expect(text).toContain('请假类型');
  expect(text).toContain('病假');
  expect(text).toContain(`探亲${stamp}`);
  expect(text).toContain('林小雨');
  expect(text).toContain('教务处');
  expect(text).not.toMatch(/leave_type|version/);
  expect(await entries.first().textContent()).toContain('提交');
  // At 390 px nothing runs off the screen sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await change.scrollIntoViewIfNeeded();
  await shot(page, 'audit-history-phone');
});

it('opens the document as it was before the change from its history entry, read-only, on the phone', async () => {
  // The creation is the oldest entry, the last one newest first.
  const entries = page.locator('[data-testid=trail-entry]');
  const created = entries.filter({ hasText: '新建' }).last();
  await created.locator('[data-testid=trail-asof]').click();
  await page.waitForURL(new RegExp(`/asof/leaveApply/${leaveId}\\?seq=\\d+`));
  const doc = page.locator('[data-testid=document-asof]');
  await doc.waitFor();
  // The older values: personal leave and the first reason, not what it says now.
  await expect.poll(() => doc.textContent()).toContain(`探亲${stamp}`);
  const text = (await doc.textContent()) ?? '';
  expect(text).toContain('事假');
  expect(text).not.toContain(`看病${stamp}`);
  expect(await page.locator('[data-testid=asof-banner]').textContent()).toMatch(/只读/);
  // Read-only: no box to type in.
  expect(await doc.locator('input:not([type=hidden]), textarea').count()).toBe(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, 'audit-asof-phone');
});

it('shows a paid claim’s approved amount against what was paid at the top of its history', async () => {
  // 林小雨 claims 1,200 on an indicator of her department; it is approved and the cashier pays 500 of it.
  const admin = await apiAs('admin', 'Admin@12345');
  const staff = await apiAs('staff');
  const depts = (await admin('GET', '/core/dept/list')) as Array<Record<string, any>>;
  const budget = await admin('POST', '/neikong/budget/save', {
    limitCode: `E2E-${stamp}`,
    budgetName: `历史对照${stamp}`,
    deptId: depts.find((d) => d.deptName === '教务处')!.id,
    expenseType: '2',
    economicClass: '30211',
    fundSource: '1',
    originalAmount: '50000.00',
  });
  const claim = await staff('POST', '/expense/funds/save', {
    title: `教研差旅${stamp}`,
    budgetId: budget.id,
    payee: '林小雨',
    payeeAccount: '6222 0200 0000 9999',
    payeeBank: '工商银行',
    items: [{ economicClass: '30211', summary: '火车票', amount: '1200.00' }],
    invoices: [
      { invoiceCode: '011002300111', invoiceNo: String(Date.now()).slice(-8), invoiceDate: new Date().toISOString().slice(0, 10), amount: '1200.00' },
    ],
  });
  await staff('POST', `/expense/funds/submit?id=${claim.id}&confirmed=1`, {});
  const approvers = await Promise.all(
    ['head', 'finance', 'deputy', 'deputy2', 'principal', 'secretary', 'assets', 'buyer'].map((who) => apiAs(who)),
  );
  for (let step = 0; step < 10; step++) {
    if ((await admin('GET', `/expense/funds/infoById/${claim.id}`)).approvalStatus === '2') break;
    for (const who of approvers) {
      const tasks = (await who('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Array<Record<string, any>>;
      const task = tasks.find((t) => t.entity === 'reimburse' && t.businessKey === claim.id);
      if (!task) continue;
      await who('POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
      break;
    }
  }
  const cashier = await apiAs('cashier');
  const payment = await cashier('POST', '/expense/payment/save', {
    payMethod: '3',
    paidDate: new Date().toISOString().slice(0, 10),
    items: [{ sourceType: 'reimburse', sourceId: claim.id, amount: '500.00' }],
  });
  await cashier('POST', `/expense/payment/pay?id=${payment.id}`, {});
  const wide = await newPage(browser, { language: 'zh-CN', width: 1366, height: 900 });
  try {
    await signIn(wide.page, 'admin', 'Admin@12345');
    await wide.page.waitForURL(/\/home/);
    for (const [width, name] of [
      [1366, 'audit-paid-wide'],
      [390, 'audit-paid-phone'],
    ] as const) {
      await wide.page.setViewportSize({ width, height: 900 });
      await wide.page.goto(`${baseUrl()}/approval/reimburse/${claim.id}`);
      await wide.page.locator('[data-testid=approval-trail-tab]').click();
      const summary = wide.page.locator('[data-testid=trail-paid]');
      await summary.waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain('审批通过时应付金额');
      expect(text).toContain('已支付');
      expect(text).toContain('1,200.00');
      expect(await wide.page.locator('[data-testid=trail-paid-paid]').textContent()).toBe('500.00');
      expect(await wide.page.locator('[data-testid=trail-paid-difference]').textContent()).toBe('700.00');
      const overflow = await wide.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(wide.page, name);
    }
  } finally {
    await wide.context.close();
  }
});

it('opens, from a record of the auditor’s trail screen, the document as of that record', async () => {
  const auditor = await newPage(browser, { language: 'zh-CN', width: 1366, height: 900 });
  try {
    await signIn(auditor.page, 'auditor', 'Demo@12345');
    await auditor.page.waitForURL((url) => !url.pathname.startsWith('/user'));
    await auditor.page.goto(`${baseUrl()}/monitor/auditTrail`);
    const open = auditor.page.locator('[data-testid=row-navigate]').first();
    await open.waitFor();
    await open.click();
    await auditor.page.waitForURL(/\/asof\/\w+\?seq=\d+/);
    // The newest record's document (whatever it is: a sign-in is a login log's row) in its own form.
    await auditor.page.locator('[data-testid=document-asof]').waitFor();
    expect(await auditor.page.locator('[data-testid=asof-banner]').textContent()).toMatch(/#\d+/);
    expect(await auditor.page.locator('[data-testid=asof-error]').count()).toBe(0);
    await shot(auditor.page, 'audit-asof-from-trail');
  } finally {
    await auditor.context.close();
  }
});
