// The audit trail (issue 36), three figures, each against its ceiling measured in the same run:
//  1. document saves per second (a consumable request of 5 lines, CALLERS at once, over HTTP) with
//     the trail, against the same saves with the trail's triggers dropped — measured with, without,
//     with again, so neither order nor the table's growth favours one side; goal: the trail costs
//     ≤ 15 %;
//  2. verifying a chain of RECORDS records (1,000,000 by default) against reading the same rows in
//     the same batches without checking them; goal: under 10 s;
//  3. a document's history of 200 changes against its plain read (infoById); goal: within 1.2×.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app.ts';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { readConfig } from '../server/platform/config.ts';
import { installTrailTriggers } from '../server/platform/db/trail.ts';
import { trailPlan } from '../server/schemas/tables.ts';
import { sealTrail } from '../server/platform/db/trail-seal.ts';
import { verifyChain } from '../server/modules/audit/verify.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALLERS = 4;
const LINES = 5;
const RECORDS = Number(process.env.BENCH_TRAIL_RECORDS ?? 1_000_000);
const CHANGES = 200;
const RUNS = 15;
const BENCH_SITE = 424242;

export interface TrailBenchResult {
  saves: { withTrail: number; withTrailAgain: number; without: number; cost: number; callers: number; lines: number };
  chain: { records: number; insertMs: number; sealMs: number; verifyMs: number; readMs: number; ok: boolean };
  history: { changes: number; entries: number; historyMs: number; readMs: number };
}

const log = (m: string) => console.error(`[bench trail] ${m}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchTrail(): Promise<TrailBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-trail-'));
  log('migrate and seed');
  const { database } = await prepareDatabase({ databaseUrl: null, dataDir }, systemClock);
  const db = database.db as unknown as Kysely<any>;
  const { app, services } = await buildApp({
    config: { ...readConfig({}), dataDir, webRoot: null },
    database,
    secret: crypto.randomBytes(32).toString('hex'),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  const tokens: Record<string, string> = {};
  const call = async (who: string, method: string, url: string, body?: unknown) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { token: tokens[who] ?? '', 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await r.json()) as { code: string; msg: string; data: any };
    if (answer.code !== '0') throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  try {
    for (const who of ['assets', 'staff'])
      tokens[who] = (await call(who, 'POST', '/auth/login/account', { loginName: who, password: 'Demo@12345' })).token;
    const warehouse = Number((await call('assets', 'POST', '/consumable/warehouse/save', { warehouseCode: 'BT1', warehouseName: '基准库' })).id);
    const categories = (await call('assets', 'GET', '/consumable/category/list')) as Array<{ id: number }>;
    const products: number[] = [];
    for (let i = 0; i < LINES; i++)
      products.push(
        Number(
          (
            await call('assets', 'POST', '/consumable/product/save', {
              productCode: `BT-P${i}`,
              productName: `基准耗材${i}`,
              categoryId: categories[0]!.id,
              unit: '个',
              safetyStock: 0,
            })
          ).id,
        ),
      );
    const request = (n: number) => ({
      warehouseId: warehouse,
      applyDate: '2026-04-08',
      reason: `基准领用 ${n}`,
      items: products.map((productId, i) => ({ productId, quantity: 1 + ((n + i) % 7) })),
    });

    // 1. saves per second, with / without / with the trail.
    let n = 0;
    const savesPerSecond = async (label: string) => {
      const end = performance.now() + SECONDS * 1000;
      let done = 0;
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          while (performance.now() < end) {
            await call('staff', 'POST', '/consumable/apply/save', request(++n));
            done++;
          }
        }),
      );
      const rate = done / SECONDS;
      log(`${label}: ${rate.toFixed(1)} saves/s`);
      return rate;
    };
    await savesPerSecond('warm-up');
    const withTrail = await savesPerSecond('with the trail');
    const triggers = (
      await sql<{ tgname: string; relname: string }>`select t.tgname, c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like 'nk_audit_%'`.execute(db)
    ).rows;
    for (const t of triggers) await sql.raw(`drop trigger ${t.tgname} on "${t.relname}"`).execute(db);
    const without = await savesPerSecond('without it');
    // Installed again as at start: the entity files say which document each table's rows belong to.
    await installTrailTriggers(db, trailPlan(services.schemas.baseEntities()));
    const withTrailAgain = await savesPerSecond('with it again');
    const cost = (without - (withTrail + withTrailAgain) / 2) / without;

    // 3. a history of 200 changes against the plain read.
    const doc = await call('staff', 'POST', '/consumable/apply/save', request(++n));
    let current = await call('staff', 'GET', `/consumable/apply/infoById/${doc.id}`);
    for (let i = 0; i < CHANGES - 1; i++) {
      await call('staff', 'POST', '/consumable/apply/update', { ...current, reason: `改第 ${i + 1} 次` });
      current = await call('staff', 'GET', `/consumable/apply/infoById/${doc.id}`);
    }
    const historyTimes: number[] = [];
    const readTimes: number[] = [];
    let entries = 0;
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      await call('staff', 'GET', `/consumable/apply/infoById/${doc.id}`);
      readTimes.push(performance.now() - t0);
      t0 = performance.now();
      entries = ((await call('staff', 'GET', `/monitor/audit/history?entity=consumableApply&id=${doc.id}`)) as unknown[]).length;
      historyTimes.push(performance.now() - t0);
    }
    log(`history of ${entries} entries: ${median(historyTimes).toFixed(1)} ms; plain read ${median(readTimes).toFixed(1)} ms`);

    // 2. a chain of RECORDS records: written, sealed, verified; the floor reads the same rows.
    log(`writing ${RECORDS} records`);
    let t0 = performance.now();
    for (let from = 1; from <= RECORDS; from += 100_000) {
      const to = Math.min(RECORDS, from + 99_999);
      await sql`insert into sys_audit (top_dept_id, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content)
        select ${BENCH_SITE}, now(), 1, 1, 'update', 'bench_doc', 'benchDoc', array[g]::bigint[], null,
          jsonb_build_object('site', ${BENCH_SITE}::bigint, 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            'op', 'update', 'table', 'bench_doc', 'ctx', jsonb_build_object('actorId', 1, 'deptId', 1, 'siteId', ${BENCH_SITE}::bigint),
            'entity', 'benchDoc', 'docIds', jsonb_build_array(g), 'amount', null,
            'rows', jsonb_build_array(jsonb_build_object('key', jsonb_build_object('id', g),
              'changes', jsonb_build_object('reason', jsonb_build_array('事由 ' || g, '事由（改） ' || g)))))::text
        from generate_series(${from}::bigint, ${to}::bigint) g`.execute(db);
    }
    const insertMs = performance.now() - t0;
    t0 = performance.now();
    await sealTrail(db, BENCH_SITE, true);
    const sealMs = performance.now() - t0;
    log(`sealed in ${(sealMs / 1000).toFixed(1)} s`);
    t0 = performance.now();
    const report = await verifyChain(db, BENCH_SITE);
    const verifyMs = performance.now() - t0;
    t0 = performance.now();
    let read = 0;
    for (let after = 0; ; ) {
      const rows = (
        await sql<{ seq: number }>`select seq, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content, prev_hash, hash
          from sys_audit where top_dept_id = ${BENCH_SITE} and seq > ${after} order by seq limit 5000`.execute(db)
      ).rows;
      if (!rows.length) break;
      read += rows.length;
      after = Number(rows[rows.length - 1]!.seq);
    }
    const readMs = performance.now() - t0;
    log(`verified ${report.checked} in ${(verifyMs / 1000).toFixed(1)} s (ok: ${report.ok}); read ${read} in ${(readMs / 1000).toFixed(1)} s`);

    return {
      saves: { withTrail, withTrailAgain, without, cost, callers: CALLERS, lines: LINES },
      chain: { records: report.checked, insertMs, sealMs, verifyMs, readMs, ok: report.ok },
      history: { changes: CHANGES, entries, historyMs: median(historyTimes), readMs: median(readTimes) },
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function trailSection(r: TrailBenchResult): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    '## The audit trail',
    '',
    `Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ')[0] ?? 'CPU'}, Node ${process.version}, embedded database with the demo seed (\`npm run bench -- trail\`).`,
    '',
    '| measure | figure | ceiling in the same run | ratio | goal |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| saves of a ${r.saves.lines}-line request, ${r.saves.callers} callers (with the trail, twice) | ${r.saves.withTrail.toFixed(1)} / ${r.saves.withTrailAgain.toFixed(1)} per s | ${r.saves.without.toFixed(1)} per s without it | costs ${pct(r.saves.cost)} | ≤ 15 % |`,
    `| verify a chain of ${r.chain.records.toLocaleString('en-US')} records | ${s(r.chain.verifyMs)} | ${s(r.chain.readMs)} reading the same rows | ${(r.chain.verifyMs / r.chain.readMs).toFixed(2)}× | < 10 s |`,
    `| a document's history of ${r.history.changes} changes (${r.history.entries} entries) | ${r.history.historyMs.toFixed(1)} ms | ${r.history.readMs.toFixed(1)} ms its plain read | ${(r.history.historyMs / r.history.readMs).toFixed(2)}× | ≤ 1.2× |`,
    '',
    `The chain's ${r.chain.records.toLocaleString('en-US')} records were written in ${s(r.chain.insertMs)} and sealed (numbered and hashed) in ${s(r.chain.sealMs)}; verify ${r.chain.ok ? 'found it sound' : 'found a fault'}.`,
    '',
  ].join('\n');
}
