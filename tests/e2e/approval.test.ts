// Approval end to end (issue 6), as the people of the demo school do it: 林小雨 (staff, 教务处) asks
// for leave; 刘明 (head, the leader of 教务处) approves it from his task list; five days go on to the
// principal 王建国, who finds it on his home page; the applicant sees it approved with its history.
// A second application is rejected, changed and submitted again, then approved in a batch; a third
// is withdrawn before anyone decided.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, explainFailure, launch, newPage, offers, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Record<'staff' | 'head' | 'principal', Page> = {} as never;
const stamp = Date.now().toString(36);
const reasons = { approved: `回老家探亲${stamp}`, rejected: `参加培训${stamp}`, withdrawn: `处理私事${stamp}` };
const ids: Record<string, string> = {};

beforeAll(async () => {
  browser = await launch();
  for (const who of ['staff', 'head', 'principal'] as const) {
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
      await explainFailure(page, `failed-approval-${who}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
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
const history = (p: Page) => p.locator('[data-testid=history-item]');
const status = (p: Page) => p.locator('[data-testid=approval-status]').textContent();

async function pickDate(p: Page, label: string, date: string) {
  const input = item(p, label).locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** Staff fills in a leave application (事假) in the list's dialog. */
async function apply(p: Page, reason: string, days: number) {
  await p.goto(`${baseUrl()}/leave/apply`);
  await p.locator('[data-testid=schema-list-LeaveApply]').waitFor();
  await p.locator('[data-testid=toolbar-add]').click();
  await item(p, '请假类型').locator('.ant-select').click();
  await p.locator('.ant-select-item-option', { hasText: '事假' }).click();
  await pickDate(p, '开始日期', '2026-03-02');
  await pickDate(p, '结束日期', `2026-03-0${1 + days}`);
  await item(p, '事由').locator('input').fill(reason);
  await p.locator('[data-testid=form-ok]').click();
  await expect.poll(() => toast(p).textContent()).toContain('保存成功');
  await expect.poll(() => row(p, reason).count()).toBe(1);
  // The days are the server's, counted from the dates (2026-03-02 is a Monday).
  await expect.poll(() => row(p, reason).textContent()).toContain(String(days));
}

/** Staff submits it from the list (row action 提交审批, confirmed). */
async function submit(p: Page, reason: string) {
  await rowAction(row(p, reason), 'row-request-submit');
  await expect.poll(() => p.locator('.ant-modal-confirm-content').textContent()).toContain('审批期间不能修改');
  await confirm(p);
  await expect.poll(() => row(p, reason).textContent()).toContain('审批中');
}

/** Staff opens the approval page from the list (row action 审批进度); remembers the document's id. */
async function progress(p: Page, reason: string) {
  await rowAction(row(p, reason), 'row-navigate');
  await p.waitForURL(/\/approval\/leaveApply\/\d+/);
  ids[reason] = /\/approval\/leaveApply\/(\d+)/.exec(p.url())![1]!;
  await p.locator('[data-testid=approval-page]').waitFor();
}

describe('a five-day leave through the department head and the principal', () => {
  it('is applied for and submitted by staff', async () => {
    const staff = pages.staff;
    await apply(staff, reasons.approved, 5);
    expect(await row(staff, reasons.approved).textContent()).toContain('草稿');
    await submit(staff, reasons.approved);
    // In approval it can no longer be edited or submitted again.
    expect(await offers(row(staff, reasons.approved), 'row-edit')).toBe(false);
    expect(await offers(row(staff, reasons.approved), 'row-request-submit')).toBe(false);
  });

  it('waits in the head’s to-do tab; he reads it read-only with its history and approves with a comment', async () => {
    const head = pages.head;
    await head.goto(`${baseUrl()}/workflow/task`);
    await head.locator('[data-testid=schema-list-WorkflowTask]').waitFor();
    expect(await head.locator('.schema-list .ant-tabs-tab-active').textContent()).toBe('待办');
    await expect.poll(() => row(head, reasons.approved).count()).toBe(1);
    expect(await row(head, reasons.approved).textContent()).toContain('部门负责人审批');
    expect(await row(head, reasons.approved).textContent()).toContain('林小雨');
    await row(head, reasons.approved).locator('a', { hasText: reasons.approved }).click();
    await head.waitForURL(/\/approval\/leaveApply\/\d+/);

    await expect.poll(() => head.locator('[data-testid=approval-title]').textContent()).toBe(`请假申请：${reasons.approved}`);
    await expect.poll(() => status(head)).toBe('审批中');
    const form = head.locator('[data-testid=approval-form]');
    await expect.poll(() => form.textContent()).toContain(reasons.approved);
    expect(await form.textContent()).toContain('事假');
    expect(await form.textContent()).toContain('2026-03-02');
    // Read-only: nothing to type into.
    expect(await form.locator('input, textarea').count()).toBe(0);
    expect(await head.locator('[data-testid=approval-meta]').textContent()).toContain('部门负责人审批');
    await expect.poll(() => history(head).count()).toBe(1);
    expect(await history(head).first().textContent()).toContain('提交申请');
    expect(await history(head).first().textContent()).toContain('林小雨');
    // The applicant's own button is not his.
    expect(await head.locator('[data-testid=approval-withdraw]').count()).toBe(0);

    await head.locator('[data-testid=approval-comment]').fill('同意，注意安全');
    await shot(head, 'approval-page-head');
    await head.locator('[data-testid=approval-approve]').click();
    await expect.poll(() => toast(head).textContent()).toContain('已处理');
    await expect.poll(() => history(head).count()).toBe(2);
    expect(await head.locator('[data-testid=approval-actions]').count()).toBe(0);
    await expect.poll(() => head.locator('[data-testid=approval-meta]').textContent()).toContain('校长审批');
    expect(await history(head).nth(1).textContent()).toContain('同意，注意安全');

    // Gone from his to-do tab, there in his done tab.
    await head.goto(`${baseUrl()}/workflow/task`);
    await head.locator('[data-testid=schema-list-WorkflowTask]').waitFor();
    await expect.poll(() => head.locator('.schema-list .ant-table-tbody').textContent()).not.toContain(reasons.approved);
    await head.locator('[data-testid=list-tab-done]').click();
    await expect.poll(() => row(head, reasons.approved).count()).toBe(1);
    expect(await row(head, reasons.approved).textContent()).toContain('同意');
  });

  it('reaches the principal’s home page card (days ≥ 3), and he approves it there', async () => {
    const principal = pages.principal;
    await principal.goto(`${baseUrl()}/home`);
    const card = principal.locator('[data-testid=home-pending]');
    await expect.poll(() => card.locator('[data-testid=pending-item]').first().textContent()).toContain(reasons.approved);
    expect(await card.locator('[data-testid=pending-item]').first().textContent()).toContain('校长审批');
    expect(Number(await card.locator('[data-testid=pending-count] .ant-scroll-number').getAttribute('title'))).toBeGreaterThan(0);
    await shot(principal, 'approval-home-card');
    await card.locator('[data-testid=pending-item]', { hasText: reasons.approved }).locator('a').click();
    await principal.waitForURL(/\/approval\/leaveApply\/\d+/);
    await expect.poll(() => history(principal).count()).toBe(2);
    await principal.locator('[data-testid=approval-approve]').click();
    await expect.poll(() => status(principal)).toBe('已通过');
    await expect.poll(() => history(principal).count()).toBe(3);
    // Off his card; 'more' goes to the task list.
    await principal.locator('[data-testid=logo]').click();
    await principal.waitForURL(/\/home/);
    await expect.poll(() => principal.locator('[data-testid=home-pending]').textContent()).not.toContain(reasons.approved);
    await principal.locator('[data-testid=pending-more]').click();
    await principal.waitForURL(/\/workflow\/task/);
  });

  it('shows the applicant 已通过, and the three steps in order with who took them', async () => {
    const staff = pages.staff;
    await staff.goto(`${baseUrl()}/leave/apply`);
    await expect.poll(() => row(staff, reasons.approved).textContent()).toContain('已通过');
    await progress(staff, reasons.approved);
    await expect.poll(() => history(staff).count()).toBe(3);
    const steps = await history(staff).allTextContents();
    expect(steps[0]).toContain('提交申请');
    expect(steps[0]).toContain('林小雨');
    expect(steps[1]).toContain('部门负责人审批');
    expect(steps[1]).toContain('刘明');
    expect(steps[1]).toContain('同意');
    expect(steps[1]).toContain('同意，注意安全');
    expect(steps[2]).toContain('校长审批');
    expect(steps[2]).toContain('王建国');
    expect(steps[2]).toContain('同意');
    expect(await status(staff)).toBe('已通过');
    expect(await staff.locator('[data-testid=approval-actions]').count()).toBe(0);
    expect(await staff.locator('[data-testid=approval-meta]').textContent()).toContain('流程已结束');
    await shot(staff, 'approval-page-approved');
  });
});

describe('a rejected application', () => {
  it('needs a reason to reject; goes back to staff as 已驳回', async () => {
    const staff = pages.staff;
    await apply(staff, reasons.rejected, 1);
    await submit(staff, reasons.rejected);
    await progress(staff, reasons.rejected);

    const head = pages.head;
    await head.goto(`${baseUrl()}/approval/leaveApply/${ids[reasons.rejected]}`);
    await head.locator('[data-testid=approval-reject]').click();
    await expect.poll(() => toast(head).textContent()).toContain('驳回时请填写审批意见');
    expect(await history(head).count()).toBe(1);
    await head.locator('[data-testid=approval-comment]').fill('请写明培训名称');
    await head.locator('[data-testid=approval-reject]').click();
    await expect.poll(() => status(head)).toBe('已驳回');
    await expect.poll(() => history(head).count()).toBe(2);
    expect(await history(head).nth(1).textContent()).toContain('驳回');

    await staff.goto(`${baseUrl()}/leave/apply`);
    await expect.poll(() => row(staff, reasons.rejected).textContent()).toContain('已驳回');
  });

  it('is changed and submitted again, then approved in a batch from the task list', async () => {
    const staff = pages.staff;
    await rowAction(row(staff, reasons.rejected), 'row-edit');
    await item(staff, '事由').locator('input').fill(`${reasons.rejected} 教研培训`);
    await staff.locator('[data-testid=form-ok]').click();
    await expect.poll(() => toast(staff).textContent()).toContain('保存成功');
    await expect.poll(() => row(staff, `${reasons.rejected} 教研培训`).count()).toBe(1);
    await submit(staff, reasons.rejected);

    const head = pages.head;
    await head.goto(`${baseUrl()}/workflow/task`);
    await expect.poll(() => row(head, reasons.rejected).count()).toBe(1);
    await row(head, reasons.rejected).locator('.ant-checkbox-input').check();
    await head.locator('[data-testid=batch-request-approveAll]').click();
    await expect.poll(() => head.locator('.ant-modal-confirm-content').textContent()).toContain('确定同意所选的全部任务吗');
    await confirm(head);
    await expect.poll(() => toast(head).textContent()).toContain('已完成 1 项');
    await expect.poll(() => row(head, reasons.rejected).count()).toBe(0);

    await staff.goto(`${baseUrl()}/leave/apply`);
    await expect.poll(() => row(staff, reasons.rejected).textContent()).toContain('已通过');
    await progress(staff, reasons.rejected);
    await expect.poll(() => history(staff).count()).toBe(4);
    const steps = await history(staff).allTextContents();
    expect(steps.map((s) => /提交申请|驳回|同意/.exec(s)?.[0])).toEqual(['提交申请', '驳回', '提交申请', '同意']);
    expect(steps[1]).toContain('请写明培训名称');
  });
});

describe('withdrawing', () => {
  it('takes an application back before anyone approved it', async () => {
    const staff = pages.staff;
    await apply(staff, reasons.withdrawn, 2);
    await submit(staff, reasons.withdrawn);
    await progress(staff, reasons.withdrawn);
    await expect.poll(() => staff.locator('[data-testid=approval-withdraw]').count()).toBe(1);
    // Not hers to decide.
    expect(await staff.locator('[data-testid=approval-approve]').count()).toBe(0);
    await staff.locator('[data-testid=approval-withdraw]').click();
    await confirm(staff);
    await expect.poll(() => status(staff)).toBe('已撤回');
    expect(await staff.locator('[data-testid=approval-withdraw]').count()).toBe(0);
    await expect.poll(() => history(staff).count()).toBe(2);
    expect(await history(staff).nth(1).textContent()).toContain('撤回');

    // Gone from the head's to-do list; editable again for staff.
    const head = pages.head;
    await head.goto(`${baseUrl()}/workflow/task`);
    await head.locator('[data-testid=schema-list-WorkflowTask]').waitFor();
    await expect.poll(() => head.locator('.schema-list .ant-table-tbody').textContent()).not.toContain(reasons.withdrawn);
    await staff.goto(`${baseUrl()}/leave/apply`);
    await expect.poll(() => row(staff, reasons.withdrawn).textContent()).toContain('已撤回');
    expect(await offers(row(staff, reasons.withdrawn), 'row-edit')).toBe(true);
  });
});
