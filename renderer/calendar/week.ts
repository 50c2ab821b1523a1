// The week calendar's arithmetic, on the site's clock (../time.ts, issue 32): the week, its days and
// hours are the site's, a booking's instants are placed by the site's wall time, whatever the
// browser's own zone. Every dayjs here is a wall dayjs; only `rangeQuery` turns walls into instants.
import type { Dayjs } from 'dayjs';
import { isoOf, siteNow, wallOf } from '../time.ts';

export interface Timed {
  from: string;
  to: string;
}

/** A booking with its times on the site's clock. */
export type OnWall<T> = T & { start: Dayjs; end: Dayjs };

/** A booking's block in a day column: pixels from the first hour's top, and tall. */
export type Block<T> = OnWall<T> & { top: number; height: number };

/** Monday of the week a (wall) day is in. */
export const mondayOf = (d: Dayjs) => d.startOf('day').subtract((d.day() + 6) % 7, 'day');

/** Monday of this week on the site's clock. */
export const thisMonday = () => mondayOf(siteNow());

/** Today's first moment on the site's clock. */
export const siteDayStart = () => siteNow().startOf('day');

/** The seven days of a week from its Monday. */
export const daysOf = (monday: Dayjs) => Array.from({ length: 7 }, (_, i) => monday.add(i, 'day'));

/** What the calendar asks the server for: [Monday 00:00, next Monday 00:00) of the site, as instants. */
export function rangeQuery(monday: Dayjs): { from: string; to: string } {
  return { from: isoOf(monday), to: isoOf(monday.add(7, 'day')) };
}

/** Bookings as the server answers them (instants), with their times on the site's clock; unreadable ones left out. */
export function onWall<T extends Timed>(rows: readonly T[]): Array<OnWall<T>> {
  const out: Array<OnWall<T>> = [];
  for (const r of rows) {
    const start = wallOf(r.from);
    const end = wallOf(r.to);
    if (start && end) out.push({ ...r, start, end });
  }
  return out;
}

export interface Grid {
  firstHour: number;
  lastHour: number;
  /** Minutes a row stands for. */
  step: number;
  /** Pixels a row is tall. */
  row: number;
}

/** The blocks of each day, each cut to the shown hours. */
export function blocksByDay<T>(rows: ReadonlyArray<OnWall<T>>, days: readonly Dayjs[], grid: Grid): Array<Array<Block<T>>> {
  const { firstHour, lastHour, step, row } = grid;
  return days.map((d) => {
    const start = d.startOf('day').add(firstHour, 'hour');
    const end = d.startOf('day').add(lastHour, 'hour');
    const out: Array<Block<T>> = [];
    for (const r of rows) {
      if (!(r.start.isBefore(end) && start.isBefore(r.end))) continue;
      const a = Math.max(0, r.start.diff(start, 'minute'));
      const b = Math.min((lastHour - firstHour) * 60, r.end.diff(start, 'minute'));
      out.push({ ...r, top: (a / step) * row, height: Math.max(row - 2, ((b - a) / step) * row - 2) });
    }
    return out;
  });
}

/** The wall time at the top of a slot of a day. */
export const slotStart = (day: Dayjs, grid: Pick<Grid, 'firstHour' | 'step'>, slot: number) =>
  day
    .startOf('day')
    .add(grid.firstHour, 'hour')
    .add(slot * grid.step, 'minute');

/** Whether a slot of a day is taken by a booking. */
export function isBusy(
  rows: ReadonlyArray<OnWall<unknown>>,
  day: Dayjs,
  grid: Pick<Grid, 'firstHour' | 'step'>,
  slot: number,
): boolean {
  const start = slotStart(day, grid, slot);
  const end = start.add(grid.step, 'minute');
  return rows.some((r) => r.start.isBefore(end) && start.isBefore(r.end));
}

/** A booking's time as the calendar says it: '09:00–10:00', or with days when it spans more than one. */
export function rangeText(b: { start: Dayjs; end: Dayjs }): string {
  return b.start.isSame(b.end, 'day')
    ? `${b.start.format('HH:mm')}–${b.end.format('HH:mm')}`
    : `${b.start.format('MM-DD HH:mm')}–${b.end.format('MM-DD HH:mm')}`;
}

/** A row's bar in a month's week row: its first and last column (0–6), its lane, and whether it goes on before or after the week. */
export interface Bar<T> {
  row: T;
  first: number;
  last: number;
  lane: number;
  before: boolean;
  after: boolean;
}

/**
 * The bars of a month's week row (issue 35): each row meeting the week once, cut to the week (a range
 * over a Sunday is one bar in each week it touches), laid in lanes top-down — the earlier start first,
 * then the longer — each bar in the first lane free over all its days. A row's `end` is exclusive.
 */
export function weekBars<T extends { start: Dayjs; end: Dayjs }>(rows: readonly T[], week: readonly Dayjs[]): Array<Bar<T>> {
  const bars: Array<Bar<T>> = [];
  for (const row of rows) {
    const met = week.map((d) => row.start.isBefore(d.add(1, 'day')) && d.isBefore(row.end));
    const first = met.indexOf(true);
    if (first < 0) continue;
    const last = met.lastIndexOf(true);
    const before = first === 0 && row.start.isBefore(week[0]!);
    const after = last === week.length - 1 && row.end.isAfter(week[last]!.add(1, 'day'));
    bars.push({ row, first, last, lane: 0, before, after });
  }
  bars.sort((a, b) => a.first - b.first || b.last - b.first - (a.last - a.first));
  /** Each lane's last taken column. */
  const lanes: number[] = [];
  for (const bar of bars) {
    let lane = lanes.findIndex((end) => end < bar.first);
    if (lane < 0) lane = lanes.length;
    lanes[lane] = bar.last;
    bar.lane = lane;
  }
  return bars;
}
