// Travel allowances and meeting and training ceilings from the site's expense standards (开支标准,
// DOMAIN.md "Expenses and funds"; schemas/expense/expenseStandard.*, seeded from the central rules).
// The arithmetic and the rules' sources are in ./rules.ts; places are rows of the official region
// table (./regions.ts). A claim's allowance lines name the traveller, the place, the rank, the
// dates and the nights; the server works out, each time the claim is saved:
//
//   days      = return date − departure date + 1 (calendar days, both ends counted)
//   nights    ≤ days − 1, else the line is refused
//   meals     = days × the meal allowance of the place (the city's, else its province's, else '*')
//   transport = days × the city-transport allowance (same choice of region)
//   allowance = meals + transport (needs no invoice)
//   hotel ceiling = nights × the lodging ceiling of the place and rank
//   hotel claimed = the hotel's invoices up to the ceiling; the rest is the traveller's own, shown
//                   as over standard to the approver (the claim's `warning` effect), never paid
//   total     = allowance + hotel claimed
//
// The browser's figures are never taken. A standard the site lacks refuses the save, naming it.
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { t } from '../../platform/messages.ts';
import { cents, fromCents } from '../budget/ledger.ts';
import { resolveRegion } from './regions.ts';
import {
  HOTEL,
  MEAL,
  MEETING,
  TRAINING,
  TRANSPORT,
  isFault,
  meetingCeiling,
  parseDayTiers,
  trainingCeiling,
  TRAINING_DAY_TIERS,
  tripDays,
  MAX_TRIP_DAYS,
  workOutTraveller,
  type StandardRow,
} from './rules.ts';

export const TRAINING_DAY_TIERS_KEY = 'expense.trainingDayTiers';

async function standardsOf(ctx: HookContext, kinds: string[]): Promise<StandardRow[]> {
  const table = ctx.s.schemas.entity(ctx.site.key, 'expenseStandard').table;
  return (
    await sql<StandardRow>`select kind, region, rank, grade, amount from ${sql.table(table)}
      where top_dept_id = ${ctx.site.id} and kind in (${sql.join(kinds)}) order by id`.execute(ctx.trx)
  ).rows;
}

/** A line's refusal, naming the collection and the line as the runtime's own line faults do. */
function lineFault(ctx: HookContext, n: number, key: Parameters<typeof t>[0], params: Record<string, string | number>) {
  const locale = ctx.request.locale;
  const lines = ctx.s.schemas.texts['reimburse.allowances']?.[locale] ?? 'allowances';
  return new AppError(Code.invalid, 'line.error', { lines, n, detail: t(key, locale, params) });
}

export async function workOutAllowances(ctx: HookContext, lines: Array<Record<string, unknown>>) {
  if (!lines.length) return;
  const standards = await standardsOf(ctx, [MEAL, TRANSPORT, HOTEL]);
  for (const [i, line] of lines.entries()) {
    const figures = workOutTraveller(standards, {
      region: String(line.region ?? ''),
      rank: String(line.rank ?? '3'),
      startDate: String(line.startDate ?? ''),
      endDate: String(line.endDate ?? ''),
      nights: Number(line.nights ?? 0),
      hotel: String(line.hotel ?? '0') || '0',
    });
    if (isFault(figures)) {
      // A standard the site lacks is the site's to mend: said as before, without the line.
      if (figures.key === 'standard.missing') throw new AppError(Code.invalid, 'standard.missing', figures.params);
      throw lineFault(ctx, i + 1, figures.key, figures.params);
    }
    // The place is kept as the table's code; its words (city) are the table's, not the typist's.
    line.region = resolveRegion(line.region)!.code;
    line.nights = Number(line.nights ?? 0);
    line.hotel = fromCents(cents(line.hotel ?? '0'));
    Object.assign(line, figures);
  }
}

/**
 * A meeting or training application's ceiling: the class's rate per person-day × people × days
 * (training days beyond the 15th at 70 %, beyond the 30th at 60 %, or the site's own tiers: ./rules.ts), none for other kinds or without a class,
 * people or days. Worked out at every save whatever the request says; submitted above it, the
 * approvers see an over-standard warning (the application's effects). Days come from the dates
 * when both are given (both ends counted), as a trip's do.
 */
export async function workOutCeiling(ctx: HookContext, row: Record<string, unknown>) {
  if (row.startDate && row.endDate) {
    const days = tripDays(row.startDate, row.endDate);
    if (days === null || days > MAX_TRIP_DAYS)
      throw new AppError(Code.invalid, 'beforehand.dates', { start: String(row.startDate), end: String(row.endDate) });
    row.days = days;
  }
  const kind = String(row.kind ?? '');
  const grade = kind === '3' ? row.meetingClass : kind === '4' ? row.trainingClass : null;
  const people = Number(row.people ?? 0);
  const days = Number(row.days ?? 0);
  row.standardCeiling = null;
  if (!grade || !(people > 0) || !(days > 0)) return;
  const standardKind = kind === '3' ? MEETING : TRAINING;
  const rate = (await standardsOf(ctx, [standardKind]))
    .filter((s) => String(s.grade ?? '') === String(grade))
    .sort((a, b) => Number(a.region === '*') - Number(b.region === '*'))[0];
  if (!rate) return;
  row.standardCeiling =
    standardKind === TRAINING
      ? trainingCeiling(rate.amount, people, days, await trainingDayTiers(ctx))
      : meetingCeiling(rate.amount, people, days);
}

/** The site's training tiers (setting expense.trainingDayTiers, refused at save when malformed). */
async function trainingDayTiers(ctx: HookContext) {
  return parseDayTiers(await ctx.s.siteConfig.value(ctx.site.id, TRAINING_DAY_TIERS_KEY)) ?? TRAINING_DAY_TIERS;
}

defineHooks('beforehand', {
  async beforeSave(ctx, row, existing) {
    // An update names only what changed: the ceiling is worked out on the application as it will be.
    const merged = { ...(existing ?? {}), ...row };
    await workOutCeiling(ctx, merged);
    row.standardCeiling = merged.standardCeiling;
    if ('days' in row || merged.days !== existing?.days) row.days = merged.days;
  },
});

defineHooks('reimburse', {
  async beforeSave(ctx, row) {
    if (Array.isArray(row.allowances)) await workOutAllowances(ctx, row.allowances as Array<Record<string, unknown>>);
  },
});

/**
 * A standard names a region of the official table (kept as its code, with the table's words
 * beside it for the list) or '*' for any other region; anything else is refused. The words are the
 * table's, never the request's (they are no read-only field only so that the seed can carry them).
 */
defineHooks('expenseStandard', {
  beforeSave(_ctx, row) {
    delete row.regionName;
    if (!('region' in row)) return;
    const text = String(row.region ?? '').trim();
    if (text === '*') {
      row.region = '*';
      row.regionName = null;
      return;
    }
    const region = resolveRegion(text);
    if (!region) throw new AppError(Code.invalid, 'standard.region', { value: text });
    row.region = region.code;
    row.regionName = region.label;
  },
});

// The training tiers are a site's setting: a malformed list is refused where it is typed, never
// read as the central rule later without a word.
defineHooks('config', {
  beforeSave(_ctx, row, existing) {
    if (String(row.configKey ?? existing?.configKey ?? '') !== TRAINING_DAY_TIERS_KEY || !('configValue' in row)) return;
    const tiers = parseDayTiers(row.configValue);
    if (!tiers) throw new AppError(Code.invalid, 'config.badDayTiers', { value: String(row.configValue ?? '').slice(0, 40) });
    row.configValue = tiers.map((tier) => `${tier.after}:${tier.percent}`).join(',');
  },
});
