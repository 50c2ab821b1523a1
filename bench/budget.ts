// Budgets (issue 7): the ledger under load and the budget screens' endpoints at 1 M journal rows,
// each against a ceiling measured in the same run on the same database.
//
// 1. Freezes per second on one hot indicator: CALLERS concurrent callers, each freeze its own
//    transaction through the Ledger (conditional UPDATE, journal row, the warning listeners), for
//    BENCH_SECONDS. Ceiling: the same callers running bare `update … set n = n + 1` transactions on a
//    one-row table. At the end the indicator must show exactly what the successes froze (0 overspend),
//    and a probe of 200 concurrent freezes on a small indicator must let exactly the affordable ones through.
// 2. Latency (p50, p95) of the budget page, the journal page (budgetSubtractDetails), statistics and
//    progre over real HTTP, signed in as admin, with ~2 000 indicators and 1 000 000 journal rows
//    generated in SQL. Ceiling: the very statements the request ran (captured by a Kysely plugin
//    during a warm request) run back to back through the database driver, nothing else. Floor beside
//    it: a bare Fastify route in the same process that runs those statements and answers the object the
//    app answered (serialised per request) — what HTTP and JSON alone add, with no product code at all.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import crypto from 'node:crypto';
import Fastify from 'fastify';
import {
  sql,
  type CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { buildApp } from '../server/app.ts';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { readConfig } from '../server/platform/config.ts';
import type { Database } from '../server/platform/db/database.ts';
import { Ledger } from '../server/modules/budget/ledger.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The bare updates are steady: shorter runs of them keep the part within about 3 minutes. */
const CEILING_SECONDS = Math.max(2, Math.round(SECONDS * 0.6));
const CALLERS = 16;
const JOURNAL_ROWS = Number(process.env.BENCH_BUDGET_JOURNAL ?? 1_000_000);
const INDICATORS = 2000;

type Row = Record<string, any>;

export interface FreezeResult {
  callers: number;
  seconds: number;
  freezes: number;
  perSecond: number;
  ceilingPerSecond: number;
  overspend: boolean;
  probe: { tried: number; succeeded: number; expected: number; available: string };
}

export interface LatencyRow {
  endpoint: string;
  statements: number;
  samples: number;
  http: { p50: number; p95: number };
  bare: { p50: number; p95: number };
  direct: { p50: number; p95: number };
}

export interface BudgetBenchResult {
  storage: 'embedded' | 'postgres';
  version: string;
  freeze: FreezeResult;
  generated: { indicators: number; journal: number; seconds: number };
  latency: LatencyRow[];
  /** p50 of a signed-in request that runs no SQL (GET /api/core/user/info): the fixed cost of any request. */
  baseline: { p50: number; statements: number };
  seconds: number;
  /** 1-minute load average before and after: other work on the machine makes the numbers noisy. */
  load1: [number, number];
}

const t0 = performance.now();
const log = (msg: string) => process.stderr.write(`bench budget [${((performance.now() - t0) / 1000).toFixed(0)} s]: ${msg}\n`);

/** Records the statements run through a Kysely instance while `recording` is set. */
export class Capture implements KyselyPlugin {
  recording: CompiledQuery[] | null = null;
  constructor(
    private readonly compile: (node: RootOperationNode, queryId: PluginTransformQueryArgs['queryId']) => CompiledQuery,
  ) {}
  private readonly pending = new Map<unknown, CompiledQuery>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.pending.set(args.queryId, this.compile(args.node, args.queryId));
    return args.node;
  }
  // Only what ran: a fragment compiled on its own (a list's select heads, cached) is no statement.
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const q = this.pending.get(args.queryId);
    this.pending.delete(args.queryId);
    if (q && this.recording) this.recording.push(q);
    return args.result;
  }
}

/** A decimal string as exact cents. */
function cents(v: unknown): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  if (!m) throw new Error(`not an amount: ${String(v)}`);
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};

/** `callers` loops running `op` for `seconds`; how many completed. */
async function loops(callers: number, seconds: number, op: () => Promise<unknown>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < end) {
        await op();
        done++;
      }
    }),
  );
  return done;
}

export async function benchBudget(storage: 'embedded' | 'postgres'): Promise<BudgetBenchResult> {
  const started = performance.now();
  const loadBefore = os.loadavg()[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-budget-'));
  const url = storage === 'postgres' ? process.env.DATABASE_URL : null;
  if (storage === 'postgres' && !url) throw new Error('postgres bench needs DATABASE_URL');
  log(`${storage}: migrate and seed`);
  const { database } = await prepareDatabase({ databaseUrl: url ?? null, dataDir }, systemClock);
  const db = database.db as unknown as Kysely<any>;
  const capture = new Capture((node, id) => db.getExecutor().compileQuery(node, id));
  const observed: Database = { ...database, db: database.db.withPlugin(capture) };
  const config = { ...readConfig({}), dataDir, webRoot: null };
  const { app } = await buildApp({
    config,
    database: observed,
    secret: crypto.randomBytes(32).toString('hex'),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  // The floor: the same statements and the same answer, from a route with no product code around it.
  const floor = new Map<string, { statements: CompiledQuery[]; answer: unknown }>();
  const bare = Fastify();
  bare.get('/*', async (req) => {
    const known = floor.get(req.url)!;
    for (const q of known.statements) await db.executeQuery(q);
    return known.answer;
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const year = String(new Date().getFullYear());
  let token = '';
  const request = (method: string, url: string, body?: unknown, toBare = false) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: toBare ? barePort : port,
          path: url,
          method,
          agent: toBare ? bareAgent : agent,
          headers: {
            hostname: 'localhost',
            token,
            year,
            'accept-language': 'zh-CN',
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  const call = async (method: string, url: string, body?: unknown) => {
    const r = await request(method, url, body);
    const parsed = JSON.parse(r.text) as { code: string; msg: string; data: any };
    if (r.status !== 200 || parsed.code !== '0') throw new Error(`${method} ${url}: ${r.status} ${parsed.code} ${parsed.msg}`);
    return parsed.data;
  };

  try {
    token = (await call('POST', '/api/auth/login', { loginName: 'admin', password: 'Admin@12345' })).token;
    const site = (await sql<Row>`select id from sys_dept where top_dept_key = 'demo'`.execute(db)).rows[0]!;
    const siteId = Number(site.id);
    const adminId = Number(
      (await sql<Row>`select id from sys_user where login_name = 'admin' and top_dept_id = ${siteId}`.execute(db)).rows[0]!.id,
    );
    const deptIds = (
      await sql<Row>`select id from sys_dept where top_dept_id = ${siteId} and id <> ${siteId} order by id`.execute(db)
    ).rows.map((r) => Number(r.id));
    const indicator = async (code: string, amount: string) =>
      Number(
        (
          await call('POST', '/api/neikong/budget/save', {
            limitCode: code,
            budgetName: `基准测试指标 ${code}`,
            deptId: deptIds[0],
            expenseType: '2',
            economicClass: '30201',
            originalAmount: amount,
          })
        ).id,
      );

    // ---- the data: ~2 000 indicators, 1 M journal rows ------------------------------------------
    log(`${storage}: generating ${INDICATORS} indicators and ${JOURNAL_ROWS} journal rows`);
    const genStart = performance.now();
    await sql`insert into nk_budget (top_dept_id, budget_year, limit_code, budget_name, dept_id, expense_type, economic_class,
        original_amount, adjusted_amount, frozen_amount, used_amount, paid_amount, major_flag, sort_no, created_by, updated_by)
      select ${siteId}, ${year}, 'BX-' || g, '基准指标 ' || g, (${sql.val(deptIds)}::bigint[])[1 + g % ${deptIds.length}],
        case when g % 5 = 0 then '3' else '2' end, case when g % 2 = 0 then '30201' else '30202' end,
        1000000, 1000000, (g % 100) * 10, (g % 700) * 1000, (g % 700) * 500, case when g % 50 = 0 then '1' else '0' end,
        1000 + g, ${adminId}, ${adminId}
      from generate_series(1, ${INDICATORS}) g`.execute(db);
    const first = Number(
      (await sql<Row>`select min(id) as id from nk_budget where top_dept_id = ${siteId} and limit_code like 'BX-%'`.execute(db))
        .rows[0]!.id,
    );
    // Bulk load the way a restore does: the journal's secondary indexes dropped and built again
    // afterwards from their own definitions, the foreign-key trigger skipped (every budget_id is an
    // indicator just made); the schema ends exactly as the migrations leave it.
    const indexes = (
      await sql<Row>`select indexname, indexdef from pg_indexes where tablename = 'nk_budget_journal'
        and indexname not in (select conname from pg_constraint where conrelid = 'nk_budget_journal'::regclass)`.execute(db)
    ).rows;
    for (const i of indexes) await sql`drop index ${sql.id(String(i.indexname))}`.execute(db);
    // Spread over the year so far; kinds in the mix a year of spending has.
    const span = Math.max(1, Math.floor((Date.now() - new Date(Number(year), 0, 1).getTime()) / 1000));
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into nk_budget_journal (top_dept_id, budget_id, budget_year, kind, amount, source_type, source_id, note,
          adjusted_after, adjust_frozen_after, frozen_after, used_after, paid_after, created_by, created_at)
        select ${siteId}, ${first} + g % ${INDICATORS}, ${year},
          (array['freeze', 'consume', 'consume', 'pay', 'unfreeze'])[1 + g % 5], (g % 997 + 1)::numeric / 10,
          'bench', g, null, 1000000, 0, 0, 0, 0, ${adminId},
          ${new Date(Number(year), 0, 1)}::timestamptz + ((g::bigint * ${span}) / ${JOURNAL_ROWS}) * interval '1 second'
        from generate_series(1, ${JOURNAL_ROWS}) g`.execute(trx);
    });
    for (const i of indexes) await sql.raw(String(i.indexdef)).execute(db);
    // What the ledger keeps beside the journal, the way it would have kept it (the monthly roll-up, migration 0012).
    if ((await sql<Row>`select to_regclass('nk_budget_month') as t`.execute(db)).rows[0]!.t) {
      await sql`insert into nk_budget_month (budget_id, month, top_dept_id, budget_year, used, paid)
        select budget_id, extract(month from created_at)::smallint, top_dept_id, budget_year,
          coalesce(sum(amount) filter (where kind = 'consume'), 0), coalesce(sum(amount) filter (where kind = 'pay'), 0)
        from nk_budget_journal where source_type = 'bench' and kind in ('consume', 'pay')
        group by budget_id, extract(month from created_at), top_dept_id, budget_year
        on conflict (budget_id, month) do update set used = nk_budget_month.used + excluded.used, paid = nk_budget_month.paid + excluded.paid`.execute(
        db,
      );
    }
    await sql`analyze nk_budget`.execute(db);
    await sql`analyze nk_budget_journal`.execute(db);
    const generated = { indicators: INDICATORS, journal: JOURNAL_ROWS, seconds: (performance.now() - genStart) / 1000 };
    log(`${storage}: generated in ${generated.seconds.toFixed(1)} s`);

    // ---- 1. freezes per second, on a site of that size -----------------------------------------
    const freeze = async (budgetId: number, amount: string) => {
      try {
        await db
          .transaction()
          .execute((trx) =>
            new Ledger(trx, siteId, adminId, new Date()).freeze(budgetId, amount, { type: 'bench', id: null, note: 'bench' }),
          );
        return true;
      } catch (err) {
        if ((err as { messageKey?: string }).messageKey === 'budget.insufficient') return false;
        throw err;
      }
    };
    await sql`create table bench_hot (id integer primary key, n bigint not null default 0)`.execute(db);
    await sql`insert into bench_hot (id) values (1)`.execute(db);
    const bare = () => db.transaction().execute((trx) => sql`update bench_hot set n = n + 1 where id = 1`.execute(trx));
    const hot = await indicator('BENCH-HOT', '100000000.00');
    log(`${storage}: ${CALLERS} callers, bare updates, freezes, bare updates`);
    await loops(CALLERS, 1, bare);
    let ceiling = (await loops(CALLERS, CEILING_SECONDS, bare)) / CEILING_SECONDS;
    const warm = await loops(CALLERS, 1, () => freeze(hot, '0.01'));
    const before = (await sql<Row>`select frozen_amount from nk_budget where id = ${hot}`.execute(db)).rows[0]!;
    let refusedHot = 0;
    const freezes = await loops(CALLERS, SECONDS, async () => {
      if (!(await freeze(hot, '0.01'))) refusedHot++;
    });
    ceiling = Math.max(ceiling, (await loops(CALLERS, CEILING_SECONDS, bare)) / CEILING_SECONDS);
    const after = (
      await sql<Row>`select adjusted_amount, adjust_frozen, frozen_amount, used_amount, available_amount,
        (select count(*) from nk_budget_journal where budget_id = ${hot} and kind = 'freeze') as journal
        from nk_budget where id = ${hot}`.execute(db)
    ).rows[0]!;
    // Exactly what the successes froze, one journal row each (the warm-up's too), and the identity.
    const exact =
      refusedHot === 0 &&
      cents(after.frozen_amount) - cents(before.frozen_amount) === BigInt(freezes) &&
      Number(after.journal) === warm + freezes &&
      cents(after.available_amount) ===
        cents(after.adjusted_amount) - cents(after.adjust_frozen) - cents(after.frozen_amount) - cents(after.used_amount) &&
      cents(after.available_amount) >= 0n;
    // The probe: 200 concurrent freezes of 73.00 on 10 000.00 → 136 through, 72.00 left.
    const small = await indicator('BENCH-PROBE', '10000.00');
    const probe = await Promise.all(Array.from({ length: 200 }, () => freeze(small, '73.00')));
    const left = (await sql<Row>`select available_amount from nk_budget where id = ${small}`.execute(db)).rows[0]!;
    const succeeded = probe.filter(Boolean).length;
    const freezeResult: FreezeResult = {
      callers: CALLERS,
      seconds: SECONDS,
      freezes,
      perSecond: freezes / SECONDS,
      ceilingPerSecond: ceiling,
      overspend: !exact || succeeded !== 136 || String(left.available_amount) !== '72.00',
      probe: { tried: 200, succeeded, expected: 136, available: String(left.available_amount) },
    };
    log(
      `${storage}: ${Math.round(freezeResult.perSecond)} freezes/s, ceiling ${Math.round(ceiling)}/s, ` +
        `${(await sql<Row>`select count(*) as n from nk_warning_record`.execute(db)).rows[0]!.n} warning records`,
    );

    // ---- 2. the budget screens at 1 M journal rows ----------------------------------------------
    const endpoints = [
      '/api/neikong/budget/page?pageNum=1&pageSize=20',
      '/api/neikong/budgetSubtractDetails/page?pageNum=1&pageSize=20',
      '/api/neikong/budget/statistics',
      '/api/neikong/budget/progre',
    ];
    const latency: LatencyRow[] = [];
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    for (const endpoint of endpoints) {
      // Warm (caches filled, the JIT hot): at least 2 requests and half a second, at most 5; then one recorded.
      const warmUntil = performance.now() + 500;
      for (let i = 0; i < 5 && (i < 2 || performance.now() < warmUntil); i++) await call('GET', endpoint);
      capture.recording = [];
      const answer = await request('GET', endpoint);
      const statements = capture.recording;
      capture.recording = null;
      const parsed = JSON.parse(answer.text) as { code: string; msg: string };
      if (answer.status !== 200 || parsed.code !== '0')
        throw new Error(`GET ${endpoint}: ${answer.status} ${parsed.code} ${parsed.msg}`);
      floor.set(endpoint, { statements, answer: parsed });
      const direct = async () => {
        for (const q of statements) await db.executeQuery(q);
      };
      await direct();
      const once = await timed(() => request('GET', endpoint));
      await request('GET', endpoint, undefined, true);
      // HTTP, direct and the floor alternate sample by sample, so a busy moment of the machine hits
      // them alike; about 6 s per endpoint, at least 5 and at most 300 samples of each.
      const n = Math.max(5, Math.min(300, Math.floor(6000 / 3 / Math.max(once, 0.1))));
      const h: number[] = [];
      const d: number[] = [];
      const f: number[] = [];
      for (let i = 0; i < n; i++) {
        h.push(await timed(() => request('GET', endpoint)));
        d.push(await timed(direct));
        f.push(await timed(() => request('GET', endpoint, undefined, true)));
      }
      latency.push({
        endpoint: `GET ${endpoint.replace('/api', '').replace(/pageNum=1&/, '')}`,
        statements: statements.length,
        samples: n,
        http: { p50: quantile(h, 0.5), p95: quantile(h, 0.95) },
        bare: { p50: quantile(f, 0.5), p95: quantile(f, 0.95) },
        direct: { p50: quantile(d, 0.5), p95: quantile(d, 0.95) },
      });
      log(`${storage}: ${endpoint} http p95 ${quantile(h, 0.95).toFixed(1)} ms, direct p95 ${quantile(d, 0.95).toFixed(1)} ms`);
    }
    // The fixed cost of a signed-in request here: one that runs no SQL once warm.
    for (let i = 0; i < 20; i++) await call('GET', '/api/core/user/info');
    capture.recording = [];
    await call('GET', '/api/core/user/info');
    const baselineStatements = capture.recording.length;
    capture.recording = null;
    const b: number[] = [];
    for (let i = 0; i < 300; i++) b.push(await timed(() => request('GET', '/api/core/user/info')));
    const baseline = { p50: quantile(b, 0.5), statements: baselineStatements };

    const version = String((await sql<Row>`select version() as v`.execute(db)).rows[0]!.v)
      .split(' ')
      .slice(0, 2)
      .join(' ');
    return {
      storage,
      version,
      freeze: freezeResult,
      generated,
      latency,
      baseline,
      seconds: (performance.now() - started) / 1000,
      load1: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    agent.destroy();
    bareAgent.destroy();
    await bare.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/** The RESULTS.md section of one run (embedded, and PostgreSQL when it ran). */
export function budgetSection(results: BudgetBenchResult[]): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const freezeRows = results.map((r) => {
    const f = r.freeze;
    const goal = r.storage === 'embedded' ? (f.perSecond >= 500 ? '≥ 500/s ✔' : '≥ 500/s ✘') : '—';
    return `| ${r.storage} | ${Math.round(f.perSecond)} | ${Math.round(f.ceilingPerSecond)} | ${(ratio(f.perSecond, f.ceilingPerSecond) * 100).toFixed(0)} % | ${
      f.overspend
        ? '✘ overspent'
        : `0 ✔ (probe: ${f.probe.succeeded} of ${f.probe.tried} × 73.00 on 10 000.00, ${f.probe.available} left)`
    } | ${goal} |`;
  });
  const latencyRows = results.flatMap((r) =>
    r.latency.map((l) => {
      const r50 = ratio(l.http.p50, l.direct.p50);
      const r95 = ratio(l.http.p95, l.direct.p95);
      const page = l.endpoint.includes('/page');
      const goals = [r95 <= 1.3 && r50 <= 1.3 ? '≤ 1.3× ✔' : '≤ 1.3× ✘'];
      if (page) goals.push(l.http.p95 < 20 ? 'p95 < 20 ms ✔' : 'p95 < 20 ms ✘');
      return `| ${r.storage} | ${l.endpoint} | ${l.statements} | ${l.samples} | ${ms(l.http.p50)} | ${ms(l.http.p95)} | ${ms(l.direct.p50)} | ${ms(
        l.direct.p95,
      )} | ${r50.toFixed(2)}× | ${r95.toFixed(2)}× | ${ms(l.bare.p50)} | ${ratio(l.bare.p50, l.direct.p50).toFixed(2)}× / ${ratio(l.bare.p95, l.direct.p95).toFixed(2)}× | ${goals.join(', ')} |`;
    }),
  );
  const about = results
    .map(
      (r) =>
        `${r.storage} (${r.version}): ${r.generated.indicators} indicators and ${r.generated.journal.toLocaleString('en-US')} journal rows generated in ${r.generated.seconds.toFixed(1)} s, whole part ${r.seconds.toFixed(0)} s, 1-minute load ${r.load1[0].toFixed(1)} before and ${r.load1[1].toFixed(1)} after`,
    )
    .join('; ');
  return `## Budgets: the ledger under load, the budget screens at 1 M journal rows

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}; ${about}.

Freezes, on the demo site after the data above was added: ${results[0]?.freeze.callers ?? CALLERS} concurrent callers for ${results[0]?.freeze.seconds ?? SECONDS} s, each freeze of 0.01 on one hot indicator its own transaction through \`Ledger.freeze\` (conditional update, journal row, the warning rules' reads); the ceiling is the same callers running bare \`update bench_hot set n = n + 1\` transactions on a one-row table of the same database for ${CEILING_SECONDS} s before and after, the better one counts. On PostgreSQL the callers share the app's pool of 10 and queue on the indicator's row lock, held from the update to the commit. Overspend: frozen must have grown by exactly the successes, with one journal row each, and the identity hold; then 200 concurrent freezes of 73.00 on an indicator of 10 000.00 must let exactly 136 through.

| storage | freezes/s | bare updates/s | ratio | overspend | goal |
|---|---:|---:|---:|---|---|
${freezeRows.join('\n')}

Latency over HTTP (keep-alive, one request at a time, client in the same process, signed in as admin, header year) against the statements that request ran, captured by a Kysely plugin during a warm request and run back to back through the database driver; HTTP, direct and floor samples alternate one by one (about 6 s per endpoint, at least 5 of each; the samples column says how many). The floor is a bare Fastify route in the same process that runs the same statements and answers the object the app answered, serialised per request: what HTTP and JSON alone add to that SQL here, with no product code. \`GET /api/core/user/info\` (signed in, ${results
    .map(
      (r) =>
        `${r.baseline.statements} SQL statements once warm, ${ms(r.baseline.p50)} ms p50 ${r.storage === 'embedded' ? 'embedded' : 'on PostgreSQL'}`,
    )
    .join('; ')}) is what any answer costs beyond its SQL.

| storage | endpoint | statements | samples | HTTP p50 ms | HTTP p95 ms | direct SQL p50 ms | direct SQL p95 ms | ratio p50 | ratio p95 | floor p50 ms | floor ratio p50 / p95 | goal |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
${latencyRows.join('\n')}
`;
}
