// A work queue per role on home (issue 34): the keeper, the dispatcher, the cashier and finance
// sign in and find their queue blocks on home, each with its count (the count the API answers, more
// than none on the demo); the cashier's on a phone too. Finance opens the task list, filters it by
// document type and amount, selects two tasks and approves them in one batch.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

type Row = Record<string, any>;
let browser: Browser;
const opened: Page[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') for (const p of opened) await explainFailure(p, `queues-${ctx.task.name}`);
});

async function home(who: string, width = 1440, height = 900): Promise<Page> {
  const { page } = await newPage(browser, { width, height, language: 'zh-CN' });
  opened.push(page);
  await signIn(page, who, 'Demo@12345');
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
  await page.goto(`${baseUrl()}/home`);
  await page.locator('[data-testid=home-queues]').waitFor();
  return page;
}

/** The block's count as the badge shows it. */
const countOf = async (page: Page, key: string) =>
  Number(await page.locator(`[data-testid=queue-${key}] [data-testid=queue-count] .ant-scroll-number`).getAttribute('title'));

const EXPECTED: Record<string, string[]> = {
  assets: ['toIssue', 'belowSafetyStock'],
  dispatcher: ['toArrange'],
  cashier: ['toPay'],
  finance: ['toApprove'],
};

describe('queue blocks on home', () => {
  for (const [who, keys] of Object.entries(EXPECTED)) {
    it(`shows ${who} their queues with counts`, async () => {
      const api = await apiAs(who);
      const answered = (await api('GET', '/home/queues')) as Row[];
      const page = await home(who);
      for (const key of keys) {
        const q = answered.find((x) => x.key === key)!;
        expect(q, key).toBeDefined();
        expect(q.total, key).toBeGreaterThan(0);
        const block = page.locator(`[data-testid=queue-${key}]`);
        await block.waitFor();
        await expect.poll(() => countOf(page, key)).toBe(q.total);
        // Its first rows.
        expect(await block.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(q.rows.length);
      }
      // The keeper, the dispatcher and the cashier see none of each other's queues.
      if (who !== 'finance')
        for (const other of ['toIssue', 'belowSafetyStock', 'toArrange', 'toPay'].filter((k) => !keys.includes(k)))
          expect(await page.locator(`[data-testid=queue-${other}]`).count(), other).toBe(0);
      await page.locator(`[data-testid=queue-${keys[0]}]`).scrollIntoViewIfNeeded();
      await shot(page, `queues-home-${who}`);
    });
  }

  it('fits the cashier’s phone (390×844)', async () => {
    const page = await home('cashier', 390, 844);
    const block = page.locator('[data-testid=queue-toPay]');
    await block.waitFor();
    expect(await countOf(page, 'toPay')).toBeGreaterThan(0);
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390 + 1);
    // Its table within the card: no sideways scrolling of the block.
    const table = (await block.locator('.ant-table').boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await shot(page, 'queues-home-cashier-phone');
  });
});

describe('the task list as finance', () => {
  it('filters by type and amount, and approves two selected tasks in one batch', async () => {
    const api = await apiAs('finance', 'Demo@12345', { 'accept-language': 'zh-CN' });
    // The demo's head submits his draft adjustment too: two of one type wait for finance.
    const head = await apiAs('head');
    const draft = ((await head('GET', '/neikong/budgetAdjustApply/page?title=教辅资料印刷追加')) as Row).records[0];
    if (draft?.approvalStatus === '0') await head('POST', `/neikong/budgetAdjustApply/submit?id=${draft.id}`, { id: draft.id });
    const todo = ((await api('GET', '/workflow/task/page?scope=todo&pageSize=100')) as Row).records as Row[];
    // A document type with two tasks that have an amount: filter to it and to their amount range.
    const priced = todo.filter((t) => t.amount !== null);
    const byType = new Map<string, Row[]>();
    for (const t of priced) byType.set(t.entity, [...(byType.get(t.entity) ?? []), t]);
    const found = [...byType.entries()].find(([, ts]) => ts.length >= 2);
    expect(found, `finance should have two priced tasks of one type: ${JSON.stringify([...byType.keys()])}`).toBeDefined();
    const [type, tasks] = found!;
    const two = tasks.slice(0, 2);
    const amounts = two.map((t) => Number(t.amount));
    const low = Math.floor(Math.min(...amounts));
    const high = Math.ceil(Math.max(...amounts));
    const expected = tasks.filter((t) => Number(t.amount) >= low && Number(t.amount) <= high);

    const { page } = await newPage(browser, { width: 1440, height: 900, language: 'zh-CN' });
    opened.push(page);
    await signIn(page, 'finance', 'Demo@12345');
    await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    await page.goto(`${baseUrl()}/workflow/task`);
    const list = page.locator('[data-testid=schema-list-WorkflowTask]');
    await list.waitFor();
    const form = page.locator('[data-testid=query-form]');
    // The columns: amount, document type, applicant, department.
    const columns = (await list.locator('.ant-table-thead').textContent()) ?? '';
    for (const title of ['单据类型', '金额', '申请人', '部门']) expect(columns).toContain(title);
    // The type, chosen by its name.
    await form.locator('.ant-form-item', { hasText: '单据类型' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: two[0]!.entityLabel }).first().click();
    const box = (name: string) => page.locator(`input[data-testid=${name}], [data-testid=${name}] input`).first();
    await box('query-amountBegin').fill(String(low));
    await box('query-amountEnd').fill(String(high));
    await page.locator('[data-testid=query-submit]').click();
    const rows = list.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(expected.length);
    for (const t of expected) expect(await list.locator(`tr[data-row-key="${t.id}"]`).textContent()).toContain(t.entityLabel);
    expect(type).toBe(two[0]!.entity);

    for (const t of two) await list.locator(`tr[data-row-key="${t.id}"] .ant-checkbox-input`).check();
    await shot(page, 'queues-tasks-finance-selected');
    await page.locator('[data-testid=batch-request-approveAll]').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('2');
    for (const t of two) await expect.poll(() => list.locator(`tr[data-row-key="${t.id}"]`).count()).toBe(0);
    await shot(page, 'queues-tasks-finance-approved');
    const after = ((await api('GET', '/workflow/task/page?scope=todo&pageSize=100')) as Row).records as Row[];
    for (const t of two) expect(after.some((x) => x.id === t.id)).toBe(false);
    const done = ((await api('GET', '/workflow/task/page?scope=done&pageSize=100')) as Row).records as Row[];
    for (const t of two) expect(done.find((x) => x.id === t.id)?.decision).toBe('approve');
  });
});
