// The team leave calendar (issue 34), as the head of 教务处 (刘明) uses it: a colleague of the
// department (林小雨) files a personal leave this month; the head opens 团队请假日历 from the leave
// menu and sees her row and a hatched, pending block over those days; approved ones are solid. On a
// phone (390×844) the page does not scroll sideways — the grid scrolls inside its card.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const reason = `e2e 团队日历 ${Date.now().toString(36)}`;
/** The day the colleague's leave falls on (YYYY-MM-DD). */
let day = '';

beforeAll(async () => {
  const staff = await apiAs('staff');
  // A working day of this month (the site's) free of her other leave: the first the server accepts.
  const now = new Date(Date.now() + 8 * 3600_000);
  const month = now.toISOString().slice(0, 7);
  for (let d = 1; d <= 28 && !day; d++) {
    const candidate = `${month}-${String(d).padStart(2, '0')}`;
    const answer = await fetch(`${baseUrl()}/api/leave/apply/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: await tokenOf('staff') },
      body: JSON.stringify({ leaveType: 'personal', startDate: candidate, endDate: candidate, reason }),
    }).then((r) => r.json());
    if (answer.code === '0') {
      day = candidate;
      await staff('POST', `/leave/apply/submit?id=${answer.data.id}`, {});
    }
  }
  expect(day, 'a day of this month takes a leave').not.toBe('');
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  context = opened.context;
  page = opened.page;
  await signIn(page, 'head', 'Demo@12345');
  await page.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(page, `failed-leave-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

let token = '';
async function tokenOf(who: string): Promise<string> {
  if (token) return token;
  const login = await fetch(`${baseUrl()}/api/auth/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: who, password: 'Demo@12345' }),
  }).then((r) => r.json());
  token = login.data.token;
  return token;
}

const colleagueBlock = (p: Page) => p.locator(`[data-testid=calendar-block][title^="林小雨 事假 ${day}"]`);

describe('team leave calendar', () => {
  it('shows the head a colleague’s pending leave in the month', async () => {
    // From the menu: 请假管理 → 团队请假日历.
    await page.goto(`${baseUrl()}/home`);
    await page.locator('.ant-menu', { hasText: '请假管理' }).getByText('请假管理').first().click();
    await page.getByText('团队请假日历').first().click();
    await page.waitForURL(/\/leave\/team/);
    await page.locator('[data-testid=calendar-team]').waitFor();
    const block = colleagueBlock(page);
    await block.waitFor();
    expect(await block.getAttribute('data-pending')).toBe('true');
    expect(await block.innerText()).toContain('审批中');
    expect(await page.locator('[data-testid=calendar-person]', { hasText: '林小雨' }).count()).toBe(1);
    // Someone of another department (学生处's 黄磊) is not on it.
    expect(await page.locator('[data-testid=calendar-person]', { hasText: '黄磊' }).count()).toBe(0);
    await block.click();
    await expect.poll(() => page.locator('[data-testid=calendar-popover]').innerText()).toContain(reason);
    await shot(page, 'leave-team-month');
    // A second click closes the popover.
    await block.click();
    await page.locator('[data-testid=calendar-popover]').waitFor({ state: 'hidden' });

    // The week view of that day still shows it.
    await page.locator('[data-testid=calendar-mode]').getByText('周').click();
    const weeks = Math.round(
      (Date.parse(day) - Date.parse(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))) / 86_400_000 / 7,
    );
    // A week at a time, each given its answer before the next click (else a slow answer is clicked past).
    const shown = () => colleagueBlock(page).waitFor({ timeout: 3_000 }).then(() => true, () => false);
    for (let i = 0; i < Math.abs(weeks) + 1 && !(await shown()); i++)
      await page.locator(weeks < 0 ? '[data-testid=calendar-prev]' : '[data-testid=calendar-next]').click();
    await colleagueBlock(page).waitFor();
    await shot(page, 'leave-team-week');
  });

  it('fits a phone: the page does not scroll sideways', async () => {
    const phone = await newPage(browser, { language: 'zh-CN', width: 390, height: 844 });
    try {
      await signIn(phone.page, 'head', 'Demo@12345');
      await phone.page.waitForURL(/\/home/);
      await phone.page.goto(`${baseUrl()}/leave/team`);
      await colleagueBlock(phone.page).waitFor();
      await expect.poll(() => phone.page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(phone.page, 'leave-team-phone');
    } finally {
      await phone.context.close();
    }
  });
});
