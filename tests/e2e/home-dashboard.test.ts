// The home dashboards (issue 7), on the shared e2e database: demo admin sees the year's budget
// figures exactly as the statistics API gives them — the five cards, the progress by month, the
// departments, the plan by expense type — drawn by ECharts; a change recorded elsewhere shows after
// `schema:changed` without a reload. Staff, without the budget menu, sees the pending-approval and
// notice blocks only: no budget block, no budget request, no error.
//
// The change is made in the year after the current one, which the seed leaves empty, so nothing
// here moves the figures other tests see.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { thousands } from '../../renderer/format.ts';
import { baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

type Row = Record<string, any>;

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Record<'admin' | 'staff', Page> = {} as never;
const errors: Record<'admin' | 'staff', string[]> = { admin: [], staff: [] };
const budgetCalls: string[] = [];
const stamp = Date.now().toString(36);
const YEAR = String(new Date().getFullYear());
const NEXT = String(new Date().getFullYear() + 1);

const yuan = (v: string) => `¥${thousands(v, 2)}`;
const pct = (v: number) => `${v.toFixed(2)}%`;

beforeAll(async () => {
  browser = await launch();
  for (const [who, password] of [
    ['admin', 'Admin@12345'],
    ['staff', 'Demo@12345'],
  ] as const) {
    const opened = await newPage(browser, { language: 'zh-CN', width: 1440 });
    contexts.push(opened.context);
    pages[who] = opened.page;
    errors[who] = opened.errors;
    if (who === 'staff') opened.page.on('request', (r) => r.url().includes('/api/neikong/') && budgetCalls.push(r.url()));
    await signIn(opened.page, who, password);
    await opened.page.waitForURL(/\/home/);
  }
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [who, page] of Object.entries(pages))
      await explainFailure(page, `failed-home-${who}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

/** A call as the signed-in user of this page, with the year given (the browser's own session). */
async function api(p: Page, method: 'GET' | 'POST', path: string, year: string, body?: unknown): Promise<any> {
  const answer = await p.evaluate(
    async ({ method, path, year, body }) => {
      const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null')?.value;
      const r = await fetch(`/api/${path}`, {
        method,
        headers: { token, year, hostname: location.hostname, 'content-type': 'application/json', 'accept-language': 'zh-CN' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return r.json();
    },
    { method, path, year, body },
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
  return answer.data;
}

const text = (p: Page, testId: string) => p.locator(`[data-testid=${testId}]`).first().textContent();
/** A card's footer as read: its label, then its figure (set apart by the layout, not by a space). */
const footer = async (p: Page, testId: string) => {
  const box = p.locator(`[data-testid=${testId}]`).first();
  const amount = box.locator('[data-testid=stat-footer-amount]');
  return `${await amount.locator('xpath=preceding-sibling::span').first().textContent()} ${await amount.textContent()}`;
};
const tableRows = (p: Page, testId: string) =>
  p.locator(`[data-testid=${testId}] tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));

describe('the home dashboards of demo admin', () => {
  it('show the year’s figures exactly as the statistics give them', async () => {
    const p = pages.admin;
    const s = await api(p, 'GET', 'neikong/budget/statistics', YEAR);
    const progre = await api(p, 'GET', 'neikong/budget/progre', YEAR);
    const depts = (await api(p, 'GET', 'neikong/budget/progreOfDept', YEAR)) as Row[];
    expect(s.count, 'the demo seed has indicators this year').toBeGreaterThan(0);
    await p.goto(`${baseUrl()}/home`);

    // 预算统计: five cards, money with thousands separators.
    await expect.poll(() => text(p, 'stat-adjusted-value')).toBe(yuan(s.adjusted));
    expect(await text(p, 'stat-used-value')).toBe(yuan(s.used));
    expect(await text(p, 'stat-paid-value')).toBe(yuan(s.paid));
    expect(await text(p, 'stat-available-value')).toBe(yuan(s.available));
    expect(await text(p, 'stat-rate-value')).toBe(pct(s.executionRate));
    expect(await text(p, 'stat-used')).toContain(`执行率 ${pct(s.executionRate)}`);
    expect(await text(p, 'stat-paid')).toContain(`支付率 ${pct(s.paymentRate)}`);
    expect(await footer(p, 'stat-rate')).toBe(`时间进度 ${pct(s.timeProgress)}`);
    expect(await footer(p, 'stat-adjusted')).toBe(`年初预算 ${yuan(s.original)}`);
    expect(s.adjusted).toMatch(/^\d+\.\d{2}$/);

    // 预算执行进度: each month's spending and cumulative rate, the gauge's figures beside it.
    await p.locator('[data-testid=progress-table]').waitFor({ state: 'attached' });
    const months = await tableRows(p, 'progress-table');
    expect(months).toHaveLength(12);
    expect(months.map((m) => m[1])).toEqual(progre.months.map((m: Row) => yuan(m.used)));
    expect(months.map((m) => m[2])).toEqual(progre.months.map((m: Row) => (m.elapsed ? pct(m.executionRate) : '')));
    expect(await text(p, 'progress-time')).toBe(pct(s.timeProgress));
    expect(await text(p, 'progress-used')).toBe(yuan(s.used));

    // 部门预算执行: every department, highest execution first.
    await p.locator('[data-testid=bars-table]').waitFor({ state: 'attached' });
    expect(await tableRows(p, 'bars-table')).toEqual(
      depts.map((d) => [d.deptName, yuan(d.adjusted), yuan(d.used), pct(d.executionRate)]),
    );

    // 预算编制: original against adjusted per expense type.
    await expect.poll(() => p.locator('[data-testid=plan-row]').count()).toBe(s.byExpenseType.length);
    expect(await p.locator('[data-testid=plan-label]').allTextContents()).toEqual(s.byExpenseType.map((x: Row) => x.label));
    expect(await p.locator('[data-testid=plan-original]').allTextContents()).toEqual(
      s.byExpenseType.map((x: Row) => yuan(x.original)),
    );
    expect((await p.locator('[data-testid=plan-adjusted]').allTextContents()).map((x) => x.trim())).toEqual(
      s.byExpenseType.map((x: Row) => yuan(x.adjusted)),
    );

    // ECharts drew them: a canvas of real size in each chart.
    for (const chart of ['progress-chart', 'progress-gauge', 'bars-chart', 'plan-chart']) {
      const size = await p
        .locator(`[data-testid=${chart}] canvas`)
        .first()
        .evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
      expect(size[0], chart).toBeGreaterThan(100);
      expect(size[1], chart).toBeGreaterThan(100);
    }
    // The pending-approval card, the contract notices and the notices block are there too.
    await expect.poll(() => p.locator('[data-testid=home-pending]').count()).toBe(1);
    expect(await text(p, 'home-notices')).toContain('单位通知');
    // The demo's works contract has an instalment due within 30 days, the uniforms end within 60.
    await expect
      .poll(() => p.locator('[data-testid=contract-notices-due] [data-testid=contract-notice]').count())
      .toBeGreaterThan(0);
    expect(await text(p, 'home-contracts')).toContain('体育场馆改造工程施工合同');
    expect(errors.admin).toEqual([]);
    await shot(p, 'home-dashboard-admin');
  });

  it('follows a change made elsewhere when schema:changed fires, in the year the header names', async () => {
    const p = pages.admin;
    const depts = (await api(p, 'GET', 'core/dept/list', NEXT)) as Row[];
    const deptId = depts.find((d) => d.deptName === '教务处')?.id;
    expect(deptId).toBeTruthy();
    const made = await api(p, 'POST', 'neikong/budget/save', NEXT, {
      limitCode: `HD-${stamp}`,
      budgetName: `看板测试${stamp}`,
      deptId,
      expenseType: '2',
      originalAmount: '8000.00',
    });
    // The browser works in the next year (as the header's year dropdown would leave it).
    await p.evaluate((year) => {
      localStorage.setItem('pro__currentYear', JSON.stringify({ value: year, expire: Date.now() + 3_600_000 }));
    }, NEXT);
    await p.goto(`${baseUrl()}/home`);
    const before = await api(p, 'GET', 'neikong/budget/statistics', NEXT);
    await expect.poll(() => text(p, 'stat-adjusted-value')).toBe(yuan(before.adjusted));
    expect(await footer(p, 'stat-rate')).toBe('时间进度 0.00%'); // a year that has not begun

    await api(p, 'POST', 'neikong/budgetSubtractDetails/save', NEXT, {
      budgetId: made.id,
      amount: '1234.56',
      note: '看板测试',
      paid: true,
    });
    const after = await api(p, 'GET', 'neikong/budget/statistics', NEXT);
    expect(after.used).not.toBe(before.used);
    // Nothing on the page asked yet: the old figure stands until a list says something changed.
    expect(await text(p, 'stat-used-value')).toBe(yuan(before.used));
    await p.evaluate(() => window.dispatchEvent(new CustomEvent('schema:changed', { detail: 'budget' })));
    await expect.poll(() => text(p, 'stat-used-value')).toBe(yuan(after.used));
    expect(await text(p, 'stat-paid-value')).toBe(yuan(after.paid));
    expect(await text(p, 'stat-available-value')).toBe(yuan(after.available));
    await expect
      .poll(() => tableRows(p, 'bars-table'))
      .toContainEqual(['教务处', expect.any(String), yuan(after.used), expect.any(String)]);

    await p.evaluate((year) => {
      localStorage.setItem('pro__currentYear', JSON.stringify({ value: year, expire: Date.now() + 3_600_000 }));
    }, YEAR);
    expect(errors.admin).toEqual([]);
  });
});

describe('the home page of staff, without the budget menu', () => {
  it('shows the pending-approval and notice blocks, no budget block, no budget request and no error', async () => {
    const p = pages.staff;
    await p.goto(`${baseUrl()}/home`);
    await p.locator('[data-testid=home-pending]').waitFor();
    await p.locator('[data-testid=home-notices]').waitFor();
    // Give any block time to have asked for something.
    await p.waitForLoadState('networkidle');
    for (const block of ['home-budget-statistics', 'home-budget-progress', 'home-budget-bars', 'home-budget-plan']) {
      expect(await p.locator(`[data-testid=${block}]`).count(), block).toBe(0);
    }
    expect(budgetCalls).toEqual([]);
    expect(await p.locator('.ant-notification-notice').count()).toBe(0);
    expect(await p.locator('canvas').count()).toBe(0);
    expect(errors.staff).toEqual([]);
  });
});
