// One clock, the site's (issue 32): with this process in New York, every date-time the renderer
// shows — a list's cell, a printed field, the approval history — and every day, week, block and
// range of the week calendar are the site's (Asia/Shanghai unless the site says otherwise); a date
// is a date. The zone is set before anything reads the clock; Node follows a change of TZ at once.
process.env.TZ = 'America/New_York';

import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatInstant,
  isoOf,
  setSiteTimeZone,
  siteNow,
  siteTimeZone,
  siteToday,
  siteYear,
  toWire,
  wallOf,
} from '../../renderer/time.ts';
import { formatDate } from '../../renderer/format.ts';
import { displayValue } from '../../renderer/list/columns.tsx';
import {
  blocksByDay,
  daysOf,
  isBusy,
  onWall,
  rangeQuery,
  rangeText,
  slotStart,
  thisMonday,
} from '../../renderer/calendar/week.ts';
import type { EntityField } from '../../renderer/types.ts';

const NINE_IN_SHANGHAI = '2026-12-04T01:00:00.000Z';

afterEach(() => {
  vi.useRealTimers();
  setSiteTimeZone(undefined);
});
afterAll(() => {
  delete process.env.TZ;
});

describe('the process is elsewhere', () => {
  it('New York: the instant is 8 pm the evening before here', () => {
    expect(new Date(NINE_IN_SHANGHAI).getHours()).toBe(20);
    expect(new Date(NINE_IN_SHANGHAI).getDate()).toBe(3);
  });
});

describe('the site clock', () => {
  it('is Asia/Shanghai unless the site names another zone it knows', () => {
    expect(siteTimeZone()).toBe(DEFAULT_TIME_ZONE);
    expect(setSiteTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(formatInstant(NINE_IN_SHANGHAI)).toBe('2026-12-04 01:00:00');
    expect(setSiteTimeZone('Mars/Olympus')).toBe('Asia/Shanghai');
    expect(setSiteTimeZone('')).toBe('Asia/Shanghai');
    expect(setSiteTimeZone(null)).toBe('Asia/Shanghai');
  });

  it('shows an instant as the site wall time, whatever its spelling', () => {
    expect(formatDate(NINE_IN_SHANGHAI)).toBe('2026-12-04 09:00:00');
    expect(formatDate('2026-12-04T01:00:00Z', 'YYYY-MM-DD HH:mm')).toBe('2026-12-04 09:00');
    expect(formatDate('2026-12-04T09:00:00+08:00')).toBe('2026-12-04 09:00:00');
    expect(formatDate('2026-12-03T20:00:00-05:00')).toBe('2026-12-04 09:00:00');
    expect(formatDate(Date.parse(NINE_IN_SHANGHAI))).toBe('2026-12-04 09:00:00');
    expect(formatDate(new Date(NINE_IN_SHANGHAI))).toBe('2026-12-04 09:00:00');
  });

  it('takes the site day of an instant: 16:30 UTC is tomorrow in Shanghai', () => {
    expect(formatDate('2026-12-04T16:30:00.000Z', 'YYYY-MM-DD')).toBe('2026-12-05');
  });

  it('never shifts a date, nor a wall time written without an offset', () => {
    expect(formatDate('2026-12-04', 'YYYY-MM-DD')).toBe('2026-12-04');
    expect(formatDate('2026-12-04')).toBe('2026-12-04 00:00:00');
    expect(formatDate('2026-12-04 09:00:00')).toBe('2026-12-04 09:00:00');
    expect(formatDate('2026-12-04T09:00')).toBe('2026-12-04 09:00:00');
    expect(formatDate('2026-05', 'YYYY-MM')).toBe('2026-05');
  });

  it('leaves what is no time as it was, and nothing as nothing', () => {
    expect(formatDate('next week')).toBe('next week');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('shows a wall time the browser zone skips (New York, the night clocks go forward)', () => {
    // 02:30 on 8 March 2026 does not exist in New York; in Shanghai it does.
    expect(formatDate('2026-03-07T18:30:00.000Z')).toBe('2026-03-08 02:30:00');
  });

  it('turns a site wall time into the instant it names, and back', () => {
    expect(isoOf('2026-12-04 09:00:00')).toBe(NINE_IN_SHANGHAI);
    expect(toWire(wallOf(NINE_IN_SHANGHAI)!)).toBe('2026-12-04 09:00:00');
    setSiteTimeZone('America/Sao_Paulo');
    expect(isoOf('2026-12-04 09:00:00')).toBe('2026-12-04T12:00:00.000Z');
  });

  it("counts today and the year on the site's clock", () => {
    // New Year's Eve noon in New York is already New Year's Day in Shanghai.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T17:00:00.000Z'));
    expect(new Date().getFullYear()).toBe(2026);
    expect(siteToday()).toBe('2027-01-01');
    expect(siteYear()).toBe('2027');
    expect(siteNow().hour()).toBe(1);
  });
});

describe('lists, print and history', () => {
  const field = (type: EntityField['type']) => ({ name: 'at', type, title: 'at' }) as EntityField;
  it('a list or printed date-time cell reads the site wall time; a date cell the date', () => {
    expect(displayValue(field('datetime'), {}, { id: 1, at: NINE_IN_SHANGHAI }, {}, 'zh-CN', true)).toBe('2026-12-04 09:00:00');
    expect(displayValue(field('datetime'), { filter: 'date' }, { id: 1, at: '2026-12-04T16:30:00Z' }, {}, 'zh-CN', true)).toBe(
      '2026-12-05',
    );
    expect(displayValue(field('date'), {}, { id: 1, at: '2026-12-04' }, {}, 'zh-CN', true)).toBe('2026-12-04');
  });
});

describe('the week calendar', () => {
  const grid = { firstHour: 7, lastHour: 22, step: 30, row: 22 };
  const monday = wallOf('2026-11-30')!;
  beforeEach(() => setSiteTimeZone('Asia/Shanghai'));

  it("starts this week on the site's Monday", () => {
    // Sunday 19:00 in New York is Monday 08:00 in Shanghai.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T00:00:00.000Z'));
    expect(new Date().getDay()).toBe(0);
    expect(thisMonday().format('YYYY-MM-DD')).toBe('2026-12-07');
  });

  it("asks for the site's week as instants", () => {
    expect(rangeQuery(monday)).toEqual({ from: '2026-11-29T16:00:00.000Z', to: '2026-12-06T16:00:00.000Z' });
  });

  it('places a booking by its Shanghai wall time', () => {
    const rows = onWall([{ id: 1, from: '2026-12-02T01:00:00.000Z', to: '2026-12-02T02:00:00.000Z' }]);
    const days = daysOf(monday);
    const blocks = blocksByDay(rows, days, grid);
    expect(blocks.map((b) => b.length)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    // 09:00 is two hours, four rows, below 07:00; an hour is two rows.
    expect(blocks[2]![0]).toMatchObject({ top: 88, height: 42 });
    expect(rangeText(blocks[2]![0]!)).toBe('09:00–10:00');
    expect(isBusy(rows, days[2]!, grid, 4)).toBe(true);
    expect(isBusy(rows, days[2]!, grid, 3)).toBe(false);
    expect(isBusy(rows, days[1]!, grid, 4)).toBe(false);
    // A drag's range goes to the form as the site's wall time.
    expect(toWire(slotStart(days[2]!, grid, 4))).toBe('2026-12-02 09:00:00');
  });

  it('keeps its hours across the browser zone changing its clocks', () => {
    // The week New York moves to summer time (Sunday 8 March 2026); Shanghai does not.
    const march = wallOf('2026-03-02')!;
    const rows = onWall([{ id: 2, from: '2026-03-08T01:00:00.000Z', to: '2026-03-08T02:30:00.000Z' }]);
    const blocks = blocksByDay(rows, daysOf(march), grid);
    expect(blocks[6]![0]).toMatchObject({ top: 88, height: 64 });
    expect(rangeText(blocks[6]![0]!)).toBe('09:00–10:30');
  });

  it('cuts a booking over midnight into the days it covers', () => {
    const rows = onWall([{ id: 3, from: '2026-12-01T13:00:00.000Z', to: '2026-12-02T01:00:00.000Z' }]);
    const blocks = blocksByDay(rows, daysOf(monday), grid);
    expect(blocks[1]![0]).toMatchObject({ top: (14 * 60 * 22) / 30 });
    expect(blocks[2]![0]).toMatchObject({ top: 0, height: 4 * 22 - 2 });
    expect(rangeText(blocks[1]![0]!)).toBe('12-01 21:00–12-02 09:00');
  });
});
