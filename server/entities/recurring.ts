// A new row saved as a series of occurrences (issue 34), declared in an entity file:
//
//   "recurring": { "from": "startTime", "to": "endTime", "max": 60 }
//
// The save body may then carry `repeatEvery` ("day" | "week") and `repeatUntil` ('YYYY-MM-DD', the
// last day an occurrence may fall on). The save writes one row per occurrence — `from` and `to` moved
// by whole days of the site's calendar, so 09:00 stays 09:00 across a change of clocks — in one
// transaction, each through the same insert as a single save (values, rules, noOverlap under its
// lock). The first refusal rolls the whole series back and names the occurrence's day.
import { isRealDate } from '../../validators/formats.ts';
import { addDays, toInstant, wallText } from '../platform/site-time.ts';
import { AppError, Code } from '../platform/errors.ts';
import type { EntityDef } from './model.ts';

type Row = Record<string, unknown>;

export const DEFAULT_MAX_OCCURRENCES = 60;

export interface SeriesRule {
  every: 'day' | 'week';
  until: string;
}

/** The series the body asks for, or null for a single row (nothing asked, or the entity has none). */
export function seriesOf(entity: EntityDef, body: unknown): SeriesRule | null {
  if (!entity.recurring || !body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { repeatEvery, repeatUntil } = body as Row;
  if (repeatEvery == null || repeatEvery === '' || repeatEvery === 'none') return null;
  if (
    (repeatEvery !== 'day' && repeatEvery !== 'week') ||
    typeof repeatUntil !== 'string' ||
    !isRealDate(repeatUntil.slice(0, 10))
  )
    throw new AppError(Code.invalid, 'recurring.badRule');
  return { every: repeatEvery, until: repeatUntil.slice(0, 10) };
}

/** The rows of the series, each with the day it falls on: the validated row moved by 1 or 7 days at a time. */
export function occurrences(entity: EntityDef, row: Row, rule: SeriesRule, zone: string): Array<{ day: string; row: Row }> {
  const decl = entity.recurring!;
  const wall = (v: unknown) => wallText(toInstant(String(v), zone), zone, true);
  const from = row[decl.from];
  const to = row[decl.to];
  if (from == null || from === '') return [{ day: '', row }];
  const start = wall(from);
  const end = to == null || to === '' ? null : wall(to);
  const firstDay = start.slice(0, 10);
  if (rule.until < firstDay) throw new AppError(Code.invalid, 'recurring.badRule');
  const step = rule.every === 'week' ? 7 : 1;
  const max = decl.max ?? DEFAULT_MAX_OCCURRENCES;
  const out: Array<{ day: string; row: Row }> = [];
  for (let k = 0; ; k++) {
    const day = addDays(firstDay, k * step);
    if (day > rule.until) break;
    if (out.length >= max) {
      // Count them all for the message (bounded: until is a real date, step at least a day).
      let n = out.length;
      for (let j = k; addDays(firstDay, j * step) <= rule.until && n < 100_000; j++) n++;
      throw new AppError(Code.invalid, 'recurring.tooMany', { max, n });
    }
    // The same wall time k days on, as the instant the validated row would carry.
    const shift = (text: string) => toInstant(`${addDays(text.slice(0, 10), k * step)} ${text.slice(11)}`, zone);
    out.push({
      day,
      row: { ...structuredClone(row), [decl.from]: shift(start), ...(end ? { [decl.to]: shift(end) } : {}) },
    });
  }
  return out;
}
