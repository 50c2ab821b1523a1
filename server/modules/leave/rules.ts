// The rules of leave as pure functions (issue 34): the annual leave of 职工带薪年休假条例
// (国务院令第514号, 2008) 第三条 by years of service, the years of service themselves, and the
// days a leave takes on a site's working calendar. No database here: ./leave.ts feeds them.

/** Calendar days: 'YYYY-MM-DD'. */
export type Day = string;

/**
 * 第三条: 职工累计工作已满1年不满10年的，年休假5天；已满10年不满20年的，年休假10天；已满20年的，
 * 年休假15天。 Under a full year (第二条: 连续工作1年以上的 — and 第三条's first tier): none.
 */
export const ANNUAL_LEAVE_TIERS: ReadonlyArray<{ fromYears: number; days: number }> = [
  { fromYears: 20, days: 15 },
  { fromYears: 10, days: 10 },
  { fromYears: 1, days: 5 },
];

/** The annual leave days for completed years of service (第三条). */
export function annualLeaveDays(years: number): number {
  if (!Number.isFinite(years) || years < 0) return 0;
  return ANNUAL_LEAVE_TIERS.find((t) => years >= t.fromYears)?.days ?? 0;
}

const parts = (d: Day) => d.split('-').map(Number) as [number, number, number];

/**
 * Whole years completed from `start` (the day one started working) to `asOf`: a year is complete
 * on its anniversary (2016-03-01 → 2026-03-01 is 10 years; 2026-02-28 still 9). A 29 February
 * start completes its years on 1 March of a common year. Null or a later start: 0.
 */
export function yearsOfService(start: Day | null | undefined, asOf: Day): number {
  if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(start) || start > asOf) return 0;
  const [y0, m0, d0] = parts(start);
  const [y1, m1, d1] = parts(asOf);
  let years = y1 - y0;
  if (m1 < m0 || (m1 === m0 && d1 < d0)) years -= 1;
  return Math.max(0, years);
}

/** A day's weekday, 0 Sunday … 6 Saturday (in UTC: a calendar day has no zone). */
export function weekday(d: Day): number {
  const [y, m, dd] = parts(d);
  return new Date(Date.UTC(y, m - 1, dd)).getUTCDay();
}

export function nextDay(d: Day): Day {
  const [y, m, dd] = parts(d);
  return new Date(Date.UTC(y, m - 1, dd + 1)).toISOString().slice(0, 10);
}

/** The site's working calendar: public holidays off, adjusted working days (调休) on. */
export interface WorkCalendar {
  holidays: ReadonlySet<Day>;
  workdays: ReadonlySet<Day>;
}

/** Whether a day is worked: a weekday that is no holiday, or a weekend day made a working day. */
export function isWorkingDay(d: Day, cal: WorkCalendar): boolean {
  if (cal.workdays.has(d)) return true;
  if (cal.holidays.has(d)) return false;
  const w = weekday(d);
  return w !== 0 && w !== 6;
}

/**
 * The days a leave from `start` to `end` (both included) takes: its working days on the calendar,
 * or every calendar day for a kind counted in natural days (maternity). `end` before `start`: null.
 */
export function leaveDays(start: Day, end: Day, cal: WorkCalendar, natural = false): number | null {
  if (end < start) return null;
  let n = 0;
  for (let d = start; d <= end; d = nextDay(d)) if (natural || isWorkingDay(d, cal)) n += 1;
  return n;
}
