// Travel allowances from the site's expense standards (开支标准, DOMAIN.md "Expenses and funds";
// schemas/expense/expenseStandard.*, seeded from the central rules). A claim's allowance lines
// name the traveller, the city, the rank, the days and the nights; the server works out, each
// time the claim is saved, what the standards give:
//
//   meals     = days × the meal allowance of the city (else of any other region, '*')
//   transport = days × the city-transport allowance (same choice of region)
//   allowance = meals + transport
//   hotel ceiling = nights × the hotel ceiling of the city and rank (else '*' and the rank)
//   total     = allowance + the hotel the traveller claims (invoiced, so counted against invoices)
//
// The browser's figures are never taken. A standard the site lacks refuses the save, naming it.
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';

interface Standard {
  kind: string;
  region: string;
  rank: string | null;
  amount: string;
}

/** Standard kinds (dictionary expense_standard_kind). */
const MEAL = '1';
const TRANSPORT = '2';
const HOTEL = '3';

async function standardsOf(ctx: HookContext): Promise<Standard[]> {
  const table = ctx.s.schemas.entity(ctx.site.key, 'expenseStandard').table;
  return (
    await sql<Standard>`select kind, region, rank, amount from ${sql.table(table)}
      where top_dept_id = ${ctx.site.id} and kind in (${MEAL}, ${TRANSPORT}, ${HOTEL})`.execute(ctx.trx)
  ).rows;
}

/** The standard of a kind for the city (and rank), else the one for any other region. */
function pick(standards: Standard[], kind: string, city: string, rank?: string): Standard | undefined {
  const of = (region: string) =>
    standards.find((s) => s.kind === kind && s.region === region && (rank === undefined || String(s.rank ?? '') === rank));
  return of(city.trim()) ?? of('*');
}

export async function workOutAllowances(ctx: HookContext, lines: Array<Record<string, unknown>>) {
  if (!lines.length) return;
  const standards = await standardsOf(ctx);
  for (const line of lines) {
    const city = String(line.city ?? '');
    const rank = String(line.rank ?? '3');
    const days = BigInt(Number(line.days ?? 0));
    const nights = BigInt(Number(line.nights ?? 0));
    const meal = pick(standards, MEAL, city);
    const transport = pick(standards, TRANSPORT, city);
    const hotel = pick(standards, HOTEL, city, rank);
    const missing = !meal ? MEAL : !transport ? TRANSPORT : !hotel && nights > 0n ? HOTEL : null;
    if (missing) throw new AppError(Code.invalid, 'standard.missing', { city, kind: missing });
    const meals = days * cents(meal!.amount);
    const rides = days * cents(transport!.amount);
    line.meal = fromCents(meals);
    line.transport = fromCents(rides);
    line.hotelCeiling = fromCents(hotel ? nights * cents(hotel.amount) : 0n);
    line.amount = fromCents(meals + rides);
    // What the traveller's hotel cost, as its invoices say: claimed with the allowance; above the
    // ceiling it is still claimed, and the approver sees a warning (the reimbursement's effects).
    const lodging = cents(String(line.hotel ?? '0') || '0');
    line.hotel = fromCents(lodging);
    line.total = fromCents(meals + rides + lodging);
  }
}

/** Standard kinds of meetings and training, per person-day by class (DOMAIN.md). */
const MEETING = '4';
const TRAINING = '5';

/**
 * A meeting or training application's ceiling: the class's rate per person-day × people × days
 * (none for other kinds, or without a class, people or days: no standard to keep), worked out at
 * every save whatever the request says. Submitted above it, the approvers see an over-standard
 * warning (the application's effects).
 */
export async function workOutCeiling(ctx: HookContext, row: Record<string, unknown>) {
  const kind = String(row.kind ?? '');
  const grade = kind === '3' ? row.meetingClass : kind === '4' ? row.trainingClass : null;
  const people = Number(row.people ?? 0);
  const days = Number(row.days ?? 0);
  row.standardCeiling = null;
  if (!grade || !(people > 0) || !(days > 0)) return;
  const table = ctx.s.schemas.entity(ctx.site.key, 'expenseStandard').table;
  const rate = (
    await sql<{ amount: string }>`select amount from ${sql.table(table)} where top_dept_id = ${ctx.site.id}
      and kind = ${kind === '3' ? MEETING : TRAINING} and grade = ${String(grade)} order by region = '*' limit 1`.execute(ctx.trx)
  ).rows[0];
  if (rate) row.standardCeiling = fromCents(cents(rate.amount) * BigInt(people) * BigInt(days));
}

defineHooks('beforehand', {
  async beforeSave(ctx, row, existing) {
    // An update names only what changed: the ceiling is worked out on the application as it will be.
    const merged = { ...(existing ?? {}), ...row };
    await workOutCeiling(ctx, merged);
    row.standardCeiling = merged.standardCeiling;
  },
});

defineHooks('reimburse', {
  async beforeSave(ctx, row) {
    if (Array.isArray(row.allowances)) await workOutAllowances(ctx, row.allowances as Array<Record<string, unknown>>);
  },
});
