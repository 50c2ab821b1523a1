// The site's clock (DOMAIN.md "Time"), shared by server and browser: every date-time a person types or
// reads is in the site's time zone (the setting `sys.timeZone`, default Asia/Shanghai), whatever the
// zone of the server, of the database session or of the browser; a date is a date; days, months and
// years — today, a budget month, a document number's year, a job's day — are counted in the site's
// zone. Instants are stored as instants (timestamptz) and travel as ISO text; text without an offset
// is the site's wall time. Built on Intl (Node's full ICU, the browser's own zone data), no library.

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the text names a time zone this machine knows (an IANA name such as Asia/Shanghai). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of an instant in a zone. */
export function wallOf(instant: number, zone: string): Wall {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter(zone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines said 24 for midnight before hourCycle h23.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function offsetAt(instant: number, zone: string): number {
  const w = wallOf(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today, the time of day, the month and the year on the site's clock. */
export function siteNow(now: number, zone: string): { day: string; time: string; month: string; year: string } {
  const w = wallOf(now, zone);
  const day = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return { day, time: `${pad(w.hour)}:${pad(w.minute)}`, month: day.slice(0, 7), year: day.slice(0, 4) };
}

/** The year and month (1–12) of an instant on the site's clock. */
export function yearMonthOf(now: Date | number, zone: string): { year: number; month: number } {
  const { month } = siteNow(now instanceof Date ? now.getTime() : now, zone);
  return { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) };
}

/** An instant as the site's wall clock, 'YYYY-MM-DD HH:mm' (messages, exports). */
export function wallText(instant: Date | number | string, zone: string, seconds = false): string {
  const t = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(t)) return String(instant);
  const w = wallOf(t, zone);
  const text = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
  return seconds ? `${text}:${pad(w.second)}` : text;
}

/** The instant a wall time of the site's zone names (a time a change of clocks skips moves on; a repeated one is the earlier). */
export function instantOfWall(w: Wall & { ms?: number }, zone: string): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms ?? 0);
  // The zone's offset before and after the moment (they differ only across a change of clocks).
  const before = asUtc - offsetAt(asUtc - 43_200_000, zone);
  const after = asUtc - offsetAt(asUtc + 43_200_000, zone);
  const shows = (t: number) => {
    const at = wallOf(t, zone);
    return at.year === w.year && at.month === w.month && at.day === w.day && at.hour === w.hour && at.minute === w.minute;
  };
  const valid = [before, after].filter(shows);
  // A time that happens twice is the earlier; one the clocks skip is read with the offset before
  // the change, which puts it after it (02:30 in a spring-forward night is 03:30).
  return valid.length ? Math.min(...valid) : before;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;
/** An offset after a time of day (a bare day's '-04' is its day, not an offset). */
const HAS_OFFSET = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Whether text names an instant: a time of day followed by Z or an offset. */
export function hasOffset(text: string): boolean {
  return HAS_OFFSET.test(text.trim());
}

/**
 * A date-time as a person or a file gives it, as an ISO instant ('…Z'): text with an offset (or Z)
 * names its instant, text without one — '2026-12-04 09:00', '2026-12-04T09:00:00', a bare day — is
 * the site's wall time. Anything else is given back untouched (validation has refused it before).
 * One form for every stored instant, so two of them compare as text too.
 */
export function toInstant(text: string, zone: string): string {
  const trimmed = text.trim();
  if (HAS_OFFSET.test(trimmed)) {
    const t = Date.parse(trimmed.replace(' ', 'T'));
    return Number.isFinite(t) ? new Date(t).toISOString() : text;
  }
  const m = WALL.exec(trimmed);
  if (!m) return text;
  const fraction = m[7] ?? '';
  const instant = instantOfWall(
    {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4] ?? 0),
      minute: Number(m[5] ?? 0),
      second: Number(m[6] ?? 0),
      ms: Number(fraction.slice(0, 3).padEnd(3, '0')),
    },
    zone,
  );
  const iso = new Date(instant).toISOString();
  // Microseconds beyond the millisecond go with it as written.
  return fraction.length > 3 ? iso.replace(/\.\d{3}Z$/, `.${fraction}Z`) : iso;
}

/** The first instant of a site's day, and of the day after ('YYYY-MM-DD'). */
export function dayBounds(day: string, zone: string): { from: string; to: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const from = instantOfWall({ year: y, month: m, day: d, hour: 0, minute: 0, second: 0 }, zone);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const to = instantOfWall(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 },
    zone,
  );
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** A day moved by whole days ('2026-12-31' + 1 → '2027-01-01'). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
