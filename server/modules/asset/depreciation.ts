// Depreciation of fixed assets (资产折旧, DOMAIN.md "Assets", government accounting standard no. 3):
// straight line, no residual value, from the month of entry, none in the month the card leaves;
// monthly = round(cost / life, 2), and the month that completes the life (or would pass the cost)
// takes the remainder, so a card's depreciation always sums to its cost. Cards of a life of 0 months
// (land, heritage, library books) are never depreciated. The figures are those of ./rules.ts
// (`dueIn`), which the statement below computes for every card at once.
//
// A card behind its schedule — entered into a month already booked, or back-dated — catches up in
// the first run that sees it: that month's row books every month of its life it missed, at once
// (`months` says how many, `monthNo` the month of its life reached), so no card ever gets fewer
// months than its life, and a month once booked is never reopened. A card with history (a legacy
// asset) starts from its opening accumulated depreciation and months: the rest of its cost over the
// rest of its life.
//
// A month is one batch per site: one set-based statement books every card's month
// (assetDepreciation rows, the cards' accumulated figures) and one row of assetDepreciationRun says
// the month is done, under a per-site lock — run twice, the second answers the first's result.
// Months follow each other: asked for a month after the last one booked, the months between are
// booked first, in order. The scheduled job books the month just ended, every day from 01:00 (the
// first run of a month does it, the others find it done); an asset keeper books a month by hand
// (POST /api/asset/depreciate/run { period: 'YYYY-MM' }, key asset:depreciate:add).
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { defineJob } from '../../platform/jobs.ts';
import { siteNow } from '../../platform/site-time.ts';
import type { Site } from '../../platform/sites.ts';
import type { EntityDef } from '../../entities/model.ts';
import { moneyText } from '../../../validators/locale.ts';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface MonthResult {
  period: string;
  cards: number;
  amount: string;
}

function nextPeriod(p: string): string {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function lastDay(p: string): string {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month before the one of a day ('2026-11-26' → '2026-10'). */
export function previousPeriod(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const c = (e: EntityDef, name: string) => sql.ref(e.byName.get(name)!.column);

/** Books one month of the site's cards: a single statement over them all. */
async function bookMonth(trx: Transaction<any>, s: Services, site: Site, period: string, userId: number | null) {
  const card = s.schemas.entity(site.key, 'assetCard');
  const dep = s.schemas.entity(site.key, 'assetDepreciation');
  const end = lastDay(period);
  const now = new Date(s.clock.now());
  const [y, m] = period.split('-').map(Number) as [number, number];
  const at = y * 12 + m - 1;
  const cost = c(card, 'cost');
  const life = c(card, 'lifeMonths');
  const entry = c(card, 'entryDate');
  // The card's schedule (rules.ts scheduleAt): its opening figures, then the rest of its cost over the
  // rest of its life, the month that completes the life (or reaches the cost) taking the remainder.
  const booked = await sql<{ cards: number; amount: string }>`
    with base as (
      select id, ${c(card, 'categoryId')} as category_id, ${c(card, 'deptId')} as dept_id, ${cost} as cost, ${life} as life,
        ${c(card, 'accumulatedDepreciation')} as acc, coalesce(${c(card, 'depreciatedMonths')}, 0) as months,
        coalesce(${c(card, 'openingDepreciation')}, 0) as b0, coalesce(${c(card, 'openingMonths')}, 0) as m0,
        least(${life}, ${at}::int - (extract(year from ${entry})::int * 12 + extract(month from ${entry})::int - 1) + 1) as k
      from ${sql.table(card.table)}
      where top_dept_id = ${site.id} and ${entry} <= ${end}::date and ${life} > 0
        and ${cost} > ${c(card, 'accumulatedDepreciation')}
        and (${c(card, 'disposedDate')} is null or ${c(card, 'disposedDate')} > ${end}::date)
        and coalesce(${c(card, 'depreciatedThrough')}, '') < ${period}
    ), due as (
      select id, category_id, dept_id, k, k - months as n,
        (case when k >= life then cost
              else least(cost, b0 + (k - m0) * round((cost - b0) / nullif(life - m0, 0), 2)) end) - acc as amount
      from base where k > months
    ), moved as (
      update ${sql.table(card.table)} t set
        ${c(card, 'accumulatedDepreciation')} = t.${c(card, 'accumulatedDepreciation')} + due.amount,
        ${c(card, 'depreciatedMonths')} = due.k,
        ${c(card, 'depreciatedThrough')} = ${period}
      from due where t.id = due.id
      returning t.id, t.${c(card, 'accumulatedDepreciation')} as accumulated, t.${cost} as cost
    ), written as (
      insert into ${sql.table(dep.table)} (top_dept_id, ${c(dep, 'period')}, ${c(dep, 'cardId')}, ${c(dep, 'categoryId')},
        ${c(dep, 'deptId')}, ${c(dep, 'amount')}, ${c(dep, 'accumulated')}, ${c(dep, 'netValue')}, ${c(dep, 'monthNo')},
        ${c(dep, 'months')}, created_at)
      select ${site.id}, ${period}, due.id, due.category_id, due.dept_id, due.amount, moved.accumulated,
        moved.cost - moved.accumulated, due.k, due.n, ${now}
      from due join moved on moved.id = due.id
      returning ${c(dep, 'amount')} as amount
    )
    select count(*)::int as cards, coalesce(sum(amount), 0)::numeric(18,2)::text as amount from written`.execute(trx);
  const { cards, amount } = booked.rows[0]!;
  const run = s.schemas.entity(site.key, 'assetDepreciationRun');
  await trx
    .insertInto(run.table)
    .values({
      top_dept_id: site.id,
      [run.byName.get('period')!.column]: period,
      [run.byName.get('cards')!.column]: Number(cards),
      [run.byName.get('amount')!.column]: amount,
      created_at: now,
      created_by: userId,
    })
    .execute();
  return { period, cards: Number(cards), amount };
}

/**
 * Books `period` on the site, and the months before it not booked yet; a month booked already
 * answers what it booked.
 */
export async function depreciate(s: Services, site: Site, period: string, userId: number | null): Promise<MonthResult> {
  const db = s.database.db as unknown as Kysely<any>;
  const run = s.schemas.entity(site.key, 'assetDepreciationRun');
  const p = sql.ref(run.byName.get('period')!.column);
  return db.transaction().execute(async (trx) => {
    // One run per site at a time: the scheduler and a keeper's click do not book a month twice.
    await sql`select pg_advisory_xact_lock(hashtext('asset.depreciation'), ${site.id}::int)`.execute(trx);
    const done = await sql<{ period: string; cards: number; amount: string }>`select ${p} as period,
        ${sql.ref(run.byName.get('cards')!.column)} as cards, ${sql.ref(run.byName.get('amount')!.column)}::text as amount
      from ${sql.table(run.table)} where top_dept_id = ${site.id} order by ${p} desc`.execute(trx);
    const same = done.rows.find((r) => r.period === period);
    if (same) return { period, cards: Number(same.cards), amount: same.amount };
    const last = done.rows[0]?.period;
    // A month before the last one booked and never booked itself (before the site's first run): nothing.
    if (last && period < last) return { period, cards: 0, amount: '0.00' };
    let result: MonthResult = { period, cards: 0, amount: '0.00' };
    for (let m = last ? nextPeriod(last) : period; m <= period; m = nextPeriod(m))
      result = await bookMonth(trx, s, site, m, userId);
    return result;
  });
}

export function depreciationRoutes(app: FastifyInstance, s: Services) {
  app.post(
    '/asset/depreciate/run',
    { config: { permission: 'asset:depreciate:add', log: { module: 'assetDepreciation', action: 'other' } } },
    async (request) => {
      const { site, principal } = caller(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const period = typeof body.period === 'string' ? body.period.slice(0, 7) : '';
      // A month that has begun: the current one may be booked early (a year-end close), a future one never.
      if (!PERIOD.test(period) || period > siteNow(s.clock.now(), site.timeZone).month)
        throw new AppError(Code.invalid, 'asset.badPeriod');
      const r = await depreciate(s, site, period, principal.userId);
      return ok(request, r, 'asset.depreciated', { period: r.period, cards: r.cards, amount: moneyText(r.amount) });
    },
  );
}

defineJob({
  key: 'assetDepreciation',
  title: 'job.assetDepreciation',
  at: '01:00',
  async run(s, site, today) {
    const r = await depreciate(s, site, previousPeriod(today), null);
    return { message: 'asset.depreciated', params: { period: r.period, cards: r.cards, amount: moneyText(r.amount) } };
  },
});
