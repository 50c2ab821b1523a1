// Venue booking in the week calendar (issue 18), as a teacher (林小雨) does it: open the calendar,
// pick the venue, drag over free time next Wednesday, name the meeting, save, and see its block; a
// second booking moved onto the same time is refused with the message naming the first. And one clock,
// the site's (issue 32): a teacher whose laptop is in New York books 09:00 and sees 09:00 — in the
// form, the calendar, the list and the print — and 09:00 in Shanghai is what is stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const venue = `e2e 会议室 ${Date.now().toString(36)}`;
/** The day the first case booked its meeting on (YYYY-MM-DD), for the day view. */
let bookedDay = '';
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
    bookedDay = day;
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

  it('shows every room of that day side by side, the meeting in its room at its hour', async () => {
    expect(bookedDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.goto(`${baseUrl()}/venue/day`);
    await page.locator('[data-testid=calendar-dayview]').waitFor();
    // Forward a day at a time to the meeting's day (it lies within the next two weeks).
    for (let i = 0; i < 15 && !(await page.locator('[data-testid=calendar-day]').innerText()).startsWith(bookedDay); i++) {
      await page.locator('[data-testid=calendar-next]').click();
    }
    expect(await page.locator('[data-testid=calendar-day]').innerText()).toContain(bookedDay);
    const rooms = await page.locator('[data-testid=calendar-room]').allInnerTexts();
    expect(rooms.length, 'every room of the school a column').toBeGreaterThan(1);
    const column = rooms.indexOf(venue);
    expect(column, `${venue} among ${rooms.join(', ')}`).toBeGreaterThanOrEqual(0);
    const block = page.locator(`[data-testid=calendar-room-${column}] [data-testid=calendar-block]`, { hasText: 'e2e 教研活动' });
    await block.waitFor();
    expect(await block.innerText()).toContain('09:00–10:00');
    // At the 09:00 row: two hours after the first row (07:00), half-hour rows.
    const room = (await page.locator(`[data-testid=calendar-room-${column}]`).boundingBox())!;
    const at = (await block.boundingBox())!;
    expect(Math.round(at.y - room.y)).toBe(4 * ROW);
    await shot(page, 'venue-day-view');
  });

  it('refuses a booking for more people than the room seats, in the form', async () => {
    await page.goto(`${baseUrl()}/venue/day`);
    await page.locator('[data-testid=calendar-dayview]').waitFor();
    await page.locator('[data-testid=calendar-next]').click();
    const rooms = await page.locator('[data-testid=calendar-room]').allInnerTexts();
    const column = rooms.indexOf(venue);
    const room = (await page.locator(`[data-testid=calendar-room-${column}]`).boundingBox())!;
    // A click on the 14:00 row of the room opens the form with the room and the half hour filled.
    await page.mouse.click(room.x + room.width / 2, room.y + (14 - FIRST) * 2 * ROW + ROW / 2);
    await item('会议/活动主题').locator('input').waitFor();
    await item('会议/活动主题').locator('input').fill('e2e 全校大会');
    await item('参加人数').locator('input').fill('5000');
    await page.locator('[data-testid=form-ok]').click();
    const refusal = page.locator('.ant-message-notice', { hasText: '参加人数 5000 人超过该场地的容纳人数 20 人' });
    await refusal.waitFor();
    await shot(page, 'venue-over-capacity-refused');
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await page.locator('[data-testid=form-discard]').click().catch(() => undefined);
    expect(await page.locator(`[data-testid=calendar-room-${column}] [data-testid=calendar-block]`).count()).toBe(0);
  });
});

describe('one clock, the site’s', () => {
  let ny: BrowserContext | undefined;
  afterAll(async () => {
    await ny?.close();
  });

  it('a booking typed at 09:00 in a browser in New York is 09:00 Shanghai everywhere', async () => {
    const opened = await newPage(browser, { language: 'zh-CN', timezoneId: 'America/New_York' });
    ny = opened.context;
    const p = opened.page;
    try {
      // The browser really is elsewhere: 01:00 UTC is the evening before there.
      expect(await p.evaluate(() => new Date('2026-12-04T01:00:00Z').getHours())).toBe(20);
      await signIn(p, 'staff', 'Demo@12345');
      await p.waitForURL(/\/home/);
      await p.goto(`${baseUrl()}/venue/calendar`);
      await p.locator('[data-testid=calendar]').waitFor();
      await p.locator('.nk-cal-resource').click();
      await p.keyboard.type(venue);
      await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: venue }).click();
      await p.locator('[data-testid=calendar-next]').click();
      await p.locator('[data-testid=calendar-day-3]').waitFor();
      await expect.poll(() => p.locator('[data-testid=calendar-block]').count()).toBe(1);

      // Next Thursday from 09:00: dragged over the first half hour, the end typed as 10:00.
      const box = (await p.locator('[data-testid=calendar-day-3]').boundingBox())!;
      const y = (h: number) => box.y + (h - FIRST) * 2 * ROW + ROW / 2;
      await p.mouse.move(box.x + box.width / 2, y(9));
      await p.mouse.down();
      await p.mouse.move(box.x + box.width / 2, y(9) + 2, { steps: 2 });
      await p.mouse.up();
      const field = (label: string) => p.locator('.ant-modal:visible .ant-formily-item', { hasText: label }).locator('input');
      await field('开始时间').waitFor();
      const start = await field('开始时间').inputValue();
      expect(start).toMatch(/ 09:00:00$/);
      const day = start.slice(0, 10);
      await field('结束时间').click();
      await field('结束时间').fill(`${day} 10:00:00`);
      await p.keyboard.press('Enter');
      expect(await field('结束时间').inputValue()).toBe(`${day} 10:00:00`);
      await field('会议/活动主题').fill('e2e 纽约的老师');
      await shot(p, 'venue-new-york-form');
      await p.locator('[data-testid=form-ok]').click();

      // The calendar: the block at 09:00, in the 09:00 row of Thursday.
      const block = p.locator('[data-testid=calendar-block]', { hasText: 'e2e 纽约的老师' });
      await block.waitFor();
      expect(await block.innerText()).toContain('09:00–10:00');
      const top = (await block.boundingBox())!.y - box.y;
      expect(Math.abs(top - (9 - FIRST) * 2 * ROW)).toBeLessThan(4);
      await shot(p, 'venue-new-york-calendar');

      // What is stored is 09:00 in Shanghai: 01:00 UTC.
      const staff = await apiAs('staff');
      const saved = (
        (await staff('GET', `/venue/booking/page?subject=${encodeURIComponent('e2e 纽约的老师')}`)).records as Array<
          Record<string, unknown>
        >
      )[0]!;
      expect(new Date(String(saved.startTime)).toISOString()).toBe(`${day}T01:00:00.000Z`);
      expect(new Date(String(saved.endTime)).toISOString()).toBe(`${day}T02:00:00.000Z`);

      // The list.
      await p.goto(`${baseUrl()}/venue/booking`);
      const listed = p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: String(saved.bookingNo) });
      await listed.waitFor();
      expect(await listed.innerText()).toContain(`${day} 09:00:00`);
      expect(await listed.innerText()).toContain(`${day} 10:00:00`);
      await shot(p, 'venue-new-york-list');
      // Opened again to edit, the stored instants show as 09:00 and 10:00 in the pickers.
      await rowAction(listed, 'row-edit');
      await field('开始时间').waitFor();
      expect(await field('开始时间').inputValue()).toBe(`${day} 09:00:00`);
      expect(await field('结束时间').inputValue()).toBe(`${day} 10:00:00`);
      await p.locator('.ant-modal:visible .ant-modal-close').click();

      // The print.
      await p.goto(`${baseUrl()}/print/venueBooking/${saved.id}`);
      await expect.poll(async () => (await p.locator('body').textContent()) ?? '').toContain(String(saved.bookingNo));
      const sheet = (await p.locator('body').textContent()) ?? '';
      expect(sheet).toContain(`${day} 09:00:00`);
      expect(sheet).toContain(`${day} 10:00:00`);
      await shot(p, 'venue-new-york-print');
    } catch (err) {
      await explainFailure(p, 'failed-venue-new-york');
      throw err;
    }
  });
});
