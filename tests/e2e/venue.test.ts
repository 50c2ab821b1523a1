// Venue booking in the week calendar (issue 18), as a teacher (林小雨) does it: open the calendar,
// pick the venue, drag over free time next Wednesday, name the meeting, save, and see its block; a
// second booking moved onto the same time is refused with the message naming the first.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const venue = `e2e 会议室 ${Date.now().toString(36)}`;
/** Pixels a half-hour row is tall in the calendar, and its first hour. */
const ROW = 22;
const FIRST = 7;

beforeAll(async () => {
  const admin = await apiAs('admin', 'Admin@12345');
  await admin('POST', '/venue/info/save', { name: venue, capacity: 20, venueState: '0', location: '实验楼 二层' });
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  context = opened.context;
  page = opened.page;
  await signIn(page, 'staff', 'Demo@12345');
  await page.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(page, `failed-venue-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Drags over a day column of the calendar from one hour to another (half-hour rows). */
async function drag(day: number, from: number, to: number) {
  const box = (await page.locator(`[data-testid=calendar-day-${day}]`).boundingBox())!;
  const y = (h: number) => box.y + (h - FIRST) * 2 * ROW + ROW / 2;
  await page.mouse.move(box.x + box.width / 2, y(from));
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y(to - 0.5), { steps: 6 });
  await page.mouse.up();
}
const item = (label: string) => page.locator('.ant-modal:visible .ant-formily-item', { hasText: label });

describe('venue calendar', () => {
  it('books a free slot by dragging and refuses an overlapping one', async () => {
    await page.goto(`${baseUrl()}/venue/calendar`);
    await page.locator('[data-testid=calendar]').waitFor();
    await page.locator('.nk-cal-resource').click();
    await page.keyboard.type(venue);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: venue }).click();
    await page.locator('[data-testid=calendar-next]').click();
    await expect.poll(() => page.locator('[data-testid=calendar-block]').count()).toBe(0);

    // Next Wednesday 09:00–10:00.
    await drag(2, 9, 10);
    await item('开始时间').locator('input').waitFor();
    expect(await item('开始时间').locator('input').inputValue()).toMatch(/ 09:00:00$/);
    expect(await item('结束时间').locator('input').inputValue()).toMatch(/ 10:00:00$/);
    await item('会议/活动主题').locator('input').fill('e2e 教研活动');
    await page.locator('[data-testid=form-ok]').click();
    const block = page.locator('[data-testid=calendar-block]', { hasText: 'e2e 教研活动' });
    await block.waitFor();
    expect(await block.innerText()).toContain('09:00–10:00');
    await shot(page, 'venue-calendar');

    // A second booking from 10:00, moved to start at 09:30: refused, naming the first.
    await block.click();
    const number = (await page.locator('[data-testid=calendar-popover]').innerText()).match(/CD-\d{4}-\d{4}/)![0];
    await page.keyboard.press('Escape');
    await drag(2, 10, 11);
    const start = item('开始时间').locator('input');
    await start.waitFor();
    const day = (await start.inputValue()).slice(0, 10);
    await start.click();
    await start.fill(`${day} 09:30:00`);
    await page.keyboard.press('Enter');
    await item('会议/活动主题').locator('input').fill('e2e 撞车的会');
    await page.locator('[data-testid=form-ok]').click();
    const refusal = page.locator('.ant-message-notice', { hasText: '已被预约' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(number);
    await shot(page, 'venue-overlap-refused');
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await page.locator('[data-testid=form-discard]').click();
    expect(await page.locator('[data-testid=calendar-block]').count()).toBe(1);
  });
});
