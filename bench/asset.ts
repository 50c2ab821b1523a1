// Assets (issue 17), on the embedded database with the demo seed and 100,000 more cards of the demo
// school:
// - Depreciation of a month: the product's run (POST /asset/depreciate/run's function — lock, months
//   in order, the set-based booking, the run row) against one set-based SQL statement doing the same
//   arithmetic and writes on the same cards (update the cards, insert the entries), run in a
//   transaction rolled back just before the product books that month. Three consecutive months,
//   medians; goal ≤ 1.5×.
// - The card list at 100,000 cards: GET /asset/card/page over real HTTP (page 1, 10 rows, default
//   sort, labels, figures, data scope, count) against the same page read by direct SQL (count and
//   10 rows) on the same connection pool; p95 of 100 requests each.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { adminToken, cardPlaces, startBenchApp } from './app.ts';
import { depreciate } from '../server/modules/asset/depreciation.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const REQUESTS = 100;
const log = (m: string) => console.error(`[bench asset] ${m}`);

export interface AssetBenchResult {
  cards: number;
  months: Array<{ period: string; appMs: number; sqlMs: number; booked: number }>;
  depreciationRatio: number;
  list: { p95Ms: number; sqlP95Ms: number; ratio: number; total: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

export async function benchAsset(): Promise<AssetBenchResult> {
  log('migrate and seed');
  // The months after the seed's are booked through the function itself (the endpoint refuses months
  // not begun yet; the work is the same).
  const bench = await startBenchApp('asset');
  const { services, db, base } = bench;
  try {
    const site = services.sites.get('demo')!;
    const { category, dept } = await cardPlaces(db, site.id);
    log(`insert ${CARDS} cards`);
    // Entered over the last five years at costs between 1,000 and 50,000, lives of 60 to 120 months.
    await sql`insert into as_card (top_dept_id, asset_no, asset_name, category_id, cost, entry_date, life_months, dept_id, location,
        asset_state, source, accumulated_depreciation, depreciated_months, created_at)
      select ${site.id}, 'BN-' || lpad(g::text, 7, '0'), '基准台式计算机', ${category}, (1000 + (g * 7919) % 49000)::numeric(18,2),
        (current_date - ((g * 31) % 1800))::date, 60 + (g % 61), ${dept}, '基准楼 ' || (g % 50), '1', '1', 0, 0, now()
      from generate_series(1, ${CARDS}) g`.execute(db);
    await sql`analyze as_card`.execute(db);
    // Book up to the month before the first measured one, so each measured month is a month's work.
    const last = (
      await sql<{ period: string }>`select max(period) as period from as_depreciation_run where top_dept_id = ${site.id}`.execute(
        db,
      )
    ).rows[0]!.period;
    const next = (p: string) => {
      const [y, m] = p.split('-').map(Number) as [number, number];
      return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    };
    let period = next(last);
    log(`catch up from ${period}`);
    await depreciate(services, site, period, null);
    const months: AssetBenchResult['months'] = [];
    for (let round = 0; round < 3; round++) {
      period = next(period);
      const end = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10);
      // The floor: the same arithmetic and writes as one statement, rolled back.
      const t0 = performance.now();
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`with due as (
              select id, category_id, dept_id,
                case when depreciated_months + 1 >= life_months or accumulated_depreciation + round(cost / life_months, 2) >= cost
                  then cost - accumulated_depreciation else round(cost / life_months, 2) end as amount
              from as_card where top_dept_id = ${site.id} and entry_date <= ${end}::date and life_months > 0
                and cost > accumulated_depreciation and (disposed_date is null or disposed_date > ${end}::date)
                and coalesce(depreciated_through, '') < ${period}
            ), moved as (
              update as_card t set accumulated_depreciation = t.accumulated_depreciation + due.amount,
                depreciated_months = t.depreciated_months + 1, depreciated_through = ${period}
              from due where t.id = due.id returning t.id, t.accumulated_depreciation, t.cost, t.depreciated_months
            )
            insert into as_depreciation (top_dept_id, period, card_id, category_id, dept_id, amount, accumulated, net_value, month_no, created_at)
            select ${site.id}, ${period}, due.id, due.category_id, due.dept_id, due.amount, moved.accumulated_depreciation,
              moved.cost - moved.accumulated_depreciation, moved.depreciated_months, now()
            from due join moved on moved.id = due.id`.execute(trx);
          throw new Error('rollback');
        })
        .catch((err: Error) => {
          if (err.message !== 'rollback') throw err;
        });
      const sqlMs = performance.now() - t0;
      const t1 = performance.now();
      const booked = await depreciate(services, site, period, null);
      const appMs = performance.now() - t1;
      months.push({ period, appMs, sqlMs, booked: booked.cards });
      log(`${period}: product ${appMs.toFixed(0)} ms, one statement ${sqlMs.toFixed(0)} ms, ${booked.cards} cards`);
    }

    log('card list');
    const token = await adminToken(base);
    const pageTimes: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t = performance.now();
      const r = (await (
        await fetch(`${base}/asset/card/page?pageNum=1&pageSize=10`, { headers: { token, 'accept-language': 'zh-CN' } })
      ).json()) as { data: { total: number } };
      if (i >= 5) pageTimes.push(performance.now() - t);
      total = r.data.total;
    }
    const sqlTimes: number[] = [];
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t = performance.now();
      await Promise.all([
        sql`select count(*) from as_card where top_dept_id = ${site.id}`.execute(db),
        sql`select * from as_card where top_dept_id = ${site.id} order by asset_no desc nulls last, id desc limit 10`.execute(db),
      ]);
      if (i >= 5) sqlTimes.push(performance.now() - t);
    }
    const appMedian = median(months.map((m) => m.appMs));
    const sqlMedian = median(months.map((m) => m.sqlMs));
    return {
      cards: CARDS,
      months,
      depreciationRatio: appMedian / sqlMedian,
      list: { p95Ms: p95(pageTimes), sqlP95Ms: p95(sqlTimes), ratio: p95(pageTimes) / p95(sqlTimes), total },
    };
  } finally {
    await bench.close();
  }
}

export function assetSection(r: AssetBenchResult): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const rows = r.months
    .map(
      (m) => `| ${m.period} | ${m.booked} | ${m.appMs.toFixed(0)} | ${m.sqlMs.toFixed(0)} | ${(m.appMs / m.sqlMs).toFixed(2)}× |`,
    )
    .join('\n');
  return `## Assets: depreciation of ${r.cards.toLocaleString('en-US')} cards, and their list

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}, embedded database (PGlite), the demo seed plus ${r.cards.toLocaleString('en-US')} cards of the demo school (\`npm run bench -- asset\`).

Depreciation of one month: the product's run (per-site lock, months in order, the booking, the run row) against one set-based SQL statement doing the same arithmetic and writes on the same cards, rolled back just before the product books the month. Goal ≤ 1.5×.

| month | cards booked | product ms | one statement ms | ratio |
|---|---:|---:|---:|---:|
${rows}

Median ratio: **${r.depreciationRatio.toFixed(2)}×** (goal ≤ 1.5× ${r.depreciationRatio <= 1.5 ? '✔' : '✘'}).

The card list at ${r.list.total.toLocaleString('en-US')} cards of the site: GET /asset/card/page (page 1 of 10 rows, default sort, reference labels, computed figures, data scope and the count) over real HTTP, p95 of ${REQUESTS} requests **${r.list.p95Ms.toFixed(1)} ms**, against the same count and 10 rows read by direct SQL, p95 ${r.list.sqlP95Ms.toFixed(1)} ms: **${r.list.ratio.toFixed(2)}×**.
`;
}
