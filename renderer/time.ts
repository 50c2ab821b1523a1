// The site's clock in the browser (issue 32, "One clock: the site's"): every date-time a person types
// or reads is the SITE's wall time — the public setting `sys.timeZone` (an IANA name, default
// Asia/Shanghai) — whatever zone the browser itself is in; a date ('YYYY-MM-DD') is a date, never
// shifted; today, months and years are the site's.
//
// A wall time here is a dayjs in UTC mode whose fields ARE the site's clock ("wall dayjs"): its
// year, month, day, hour and minute read and format as the site's, and its arithmetic (a day on, the
// start of a week) has no daylight-saving jumps of the browser's own zone. It is not an instant:
// never format it with 'Z' nor send its valueOf / toISOString; `toWire` gives the site's wall time as
// the server takes it ('YYYY-MM-DD HH:mm:ss', read in the site's zone), `isoOf` the instant it names.
// Instants ↔ wall times go through Intl (the browser's own time zone data), not through dayjs's
// timezone plugin, whose objects carry the browser's offset and drift across its clock changes.
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIME_ZONE, hasOffset, instantOfWall, isTimeZone, offsetAt } from '../validators/site-time.ts';

dayjs.extend(utc);

/** The public site setting naming the site's zone (env.siteConfig). */
export const TIME_ZONE_SETTING = 'sys.timeZone';
/** A date-time as the server takes it without an offset: the site's wall time. */
export const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DAY_FORMAT = 'YYYY-MM-DD';

export { DEFAULT_TIME_ZONE, isTimeZone };

let zone = DEFAULT_TIME_ZONE;

/**
 * The site's zone, from the site's public settings (`sys.timeZone`): called by the app when the
 * site's info arrives and by the renderer's provider. A missing or unknown name is Asia/Shanghai.
 * Returns the zone now in force.
 */
export function setSiteTimeZone(name: string | null | undefined): string {
  zone = isTimeZone(name) ? name : DEFAULT_TIME_ZONE;
  return zone;
}

export function siteTimeZone(): string {
  return zone;
}

/** The site's wall clock at an instant (ms), as the UTC milliseconds of the same fields. */
function wallMs(instant: number, tz = zone): number {
  return instant + offsetAt(instant, tz);
}

/** Text without an offset: a day, or a day and a time — the site's wall time already. */
const WALL = /^(\d{4})-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?$/;

/** Whether a value is an instant (ISO text with an offset, a Date, epoch milliseconds). */
export function isInstant(value: unknown): boolean {
  if (value instanceof Date || typeof value === 'number') return true;
  return typeof value === 'string' && hasOffset(value);
}

const wallDayjs = (ms: number) => dayjs.utc(ms);

/**
 * The site's wall clock of a value, as a wall dayjs (see the top of this file), or null for
 * nothing or what is no time at all:
 * - an instant — ISO text with Z or an offset, a Date, epoch ms, a dayjs — shown on the site's clock;
 * - text without an offset ('2026-12-04 09:00:00', '2026-12-04T09:00', '2026-12-04', '2026-12') is
 *   the site's wall time already, as the server reads it: taken field by field, never shifted.
 */
export function wallOf(value: unknown): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value.isValid() ? wallDayjs(wallMs(value.valueOf())) : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wallDayjs(wallMs(value.getTime()));
  if (typeof value === 'number') return Number.isFinite(value) ? wallDayjs(wallMs(value)) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = WALL.exec(text);
  if (m) {
    const ms = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
    const t = Date.UTC(+m[1]!, +m[2]! - 1, +(m[3] ?? 1), +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), ms);
    const d = wallDayjs(t);
    // 2026-02-30 is no day.
    return d.month() === +m[2]! - 1 ? d : null;
  }
  if (!hasOffset(text)) return null;
  const t = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(t) ? null : wallDayjs(wallMs(t));
}

/** The site's clock now. */
export function siteNow(): Dayjs {
  return wallDayjs(wallMs(Date.now()));
}

/** Today on the site's clock, 'YYYY-MM-DD'. */
export function siteToday(): string {
  return siteNow().format(DAY_FORMAT);
}

/** The site's year now, '2026'. */
export function siteYear(): string {
  return siteToday().slice(0, 4);
}

/**
 * A value shown on the site's clock ('' for nothing; what is no time stays as it was given). A
 * date ('YYYY-MM-DD') shows as that day.
 */
export function formatInstant(value: unknown, pattern = WALL_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const wall = wallOf(value);
  return wall ? wall.format(pattern) : String(value);
}

/** A wall time as the server takes it: 'YYYY-MM-DD HH:mm:ss', read in the site's zone. */
export function toWire(wall: Dayjs | string): string {
  const d = typeof wall === 'string' ? wallOf(wall) : wall;
  return d ? d.format(WALL_FORMAT) : '';
}

/**
 * The instant a site's wall time names (a time the clocks skip moves on; a repeated one is the
 * earlier), as epoch ms. The wall time is a wall dayjs or text without an offset.
 */
export function instantOf(wall: Dayjs | string): number {
  const d = typeof wall === 'string' ? wallOf(wall) : wall;
  if (!d) return Number.NaN;
  return instantOfWall(
    { year: d.year(), month: d.month() + 1, day: d.date(), hour: d.hour(), minute: d.minute(), second: d.second(), ms: d.millisecond() },
    zone,
  );
}

/** The instant a site's wall time names, as ISO text ('2026-12-04T01:00:00.000Z'). */
export function isoOf(wall: Dayjs | string): string {
  const t = instantOf(wall);
  return Number.isNaN(t) ? '' : new Date(t).toISOString();
}
