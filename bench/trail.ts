// The audit trail (issue 36), three figures, each against its ceiling measured in the same run:
//  1. document saves per second (a consumable request of 5 lines, CALLERS at once, over HTTP) with
//     the trail, against the same saves with the trail's triggers dropped — measured with, without,
//     with again, so neither order nor the table's growth favours one side; goal: the trail costs
//     ≤ 15 %;
//  2. verifying a chain of RECORDS records (1,000,000 by default) against reading the same rows in
//     the same batches without checking them; goal: under 10 s;
//  3. a document's history of 200 changes against its plain read (infoById); goal: within 1.2×.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startBenchApp } from './app.ts';
import { installTrailTriggers } from '../server/platform/db/trail.ts';
import { trailPlan } from '../server/schemas/tables.ts';
import { chainHash, GENESIS } from '../server/platform/db/trail-seal.ts';
import { verifyChain } from '../server/modules/audit/verify.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALLERS = 4;
const LINES = 5;
const RECORDS = Number(process.env.BENCH_TRAIL_RECORDS ?? 1_000_000);
const CHANGES = 200;
const RUNS = 15;
const ROUNDS = Number(process.env.BENCH_TRAIL_ROUNDS ?? 4);
const BENCH_SITE = 424242;

export interface TrailBenchResult {
  saves: {
    withRates: number[];
    withoutRates: number[];
    withTrail: number;
    without: number;
    cost: number;
    callers: number;
    lines: number;
  };
  chain: { records: number; insertMs: number; verifyMs: number; scanMs: number; readMs: number; ok: boolean };
  history: { changes: number; entries: number; historyMs: number; readMs: number; recordsMs: number };
}

const log = (m: string) => console.error(`[bench trail] ${m}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchTrail(): Promise<TrailBenchResult> {
  log('migrate and seed');
  const bench = await startBenchApp('trail');
  const { services, db, base } = bench;
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
    const warehouse = Number(
      (await call('assets', 'POST', '/consumable/warehouse/save', { warehouseCode: 'BT1', warehouseName: '基准库' })).id,
    );
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

    // 1. saves per second, with and without the trail, alternating ROUNDS times so that neither the
    //    order, the table's growth nor a neighbour's load favours one side; the medians are compared.
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
    const dropTriggers = async () => {
      const triggers = (
        await sql<{
          tgname: string;
          relname: string;
        }>`select t.tgname, c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname like 'nk_audit_%'`.execute(db)
      ).rows;
      for (const t of triggers) await sql.raw(`drop trigger ${t.tgname} on "${t.relname}"`).execute(db);
      return triggers.length;
    };
    await savesPerSecond('warm-up');
    const withRates: number[] = [];
    const withoutRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      withRates.push(await savesPerSecond(`round ${round}, with the trail`));
      const dropped = await dropTriggers();
      withoutRates.push(await savesPerSecond(`round ${round}, without it (${dropped} triggers dropped)`));
      // Installed again as at start: the entity files say which document each table's rows belong to.
      await installTrailTriggers(db, trailPlan(services.schemas.baseEntities()));
    }
    const withTrail = median(withRates);
    const without = median(withoutRates);
    const cost = (without - withTrail) / without;

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
      entries = (
        (await call('staff', 'GET', `/monitor/audit/history?entity=consumableApply&id=${doc.id}`)) as { entries: unknown[] }
      ).entries.length;
      historyTimes.push(performance.now() - t0);
    }
    // The floor of any history: the document's records themselves, read in one statement.
    const site = Number(
      (await sql<{ site: number }>`select top_dept_id as site from cs_apply where id = ${Number(doc.id)}`.execute(db)).rows[0]!
        .site,
    );
    const floorTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await sql`select seq, at, tbl, op, content from sys_audit where top_dept_id = ${site} and doc_ids @> array[${Number(doc.id)}]::bigint[]
        and doc_entity = 'consumableApply' order by seq`.execute(db);
      floorTimes.push(performance.now() - t0);
    }
    log(
      `history of ${entries} entries: ${median(historyTimes).toFixed(1)} ms; plain read ${median(readTimes).toFixed(1)} ms; its records alone ${median(floorTimes).toFixed(1)} ms`,
    );

    // 2. a chain of RECORDS records of another site, written sealed (numbered, linked and hashed as
    //    the sealer does, chainHash) in batches of 10,000; the figure is verify's, against reading the
    //    same rows in the same batches.
    log(`writing ${RECORDS} records`);
    let t0 = performance.now();
    const at = new Date();
    const atText = at.toISOString();
    let prev = GENESIS;
    for (let from = 1; from <= RECORDS; from += 10_000) {
      const to = Math.min(RECORDS, from + 9_999);
      const seqs: number[] = [];
      const contents: string[] = [];
      const prevs: string[] = [];
      const hashes: string[] = [];
      for (let g = from; g <= to; g++) {
        const content = JSON.stringify({
          site: BENCH_SITE,
          at: atText,
          op: 'update',
          table: 'bench_doc',
          ctx: { actorId: 1, deptId: 1, siteId: BENCH_SITE, actorName: '基准', route: 'POST /api/bench/doc/update' },
          entity: 'benchDoc',
          docIds: [g],
          amount: null,
          rows: [{ key: { id: g }, changes: { reason: [`事由 ${g}`, `事由（改） ${g}`], updated_at: [atText, atText] } }],
        });
        const hash = chainHash(prev, g, content);
        seqs.push(g);
        contents.push(content);
        prevs.push(prev);
        hashes.push(hash);
        prev = hash;
      }
      await sql`insert into sys_audit (top_dept_id, seq, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content, prev_hash, hash)
        select ${BENCH_SITE}, v.seq, ${at}, 1, 1, 'update', 'bench_doc', 'benchDoc', array[v.seq]::bigint[], null, v.content, v.prev, v.hash
          from unnest(${seqs}::bigint[], ${contents}::text[], ${prevs}::text[], ${hashes}::text[]) as v(seq, content, prev, hash)`.execute(
        db,
      );
    }
    await sql`insert into sys_audit_head (top_dept_id, seq, hash) values (${BENCH_SITE}, ${RECORDS}, ${prev})`.execute(db);
    const insertMs = performance.now() - t0;
    t0 = performance.now();
    const report = await verifyChain(db, BENCH_SITE);
    const verifyMs = performance.now() - t0;
    // Floors: the database reading the same records once and parsing what each says, in one statement
    // (what no check of the records' columns against their content can beat), and
    // the same rows carried to Node in verify's batches (what verify did before it checked in SQL).
    t0 = performance.now();
    await sql`select count(*) from (select content::jsonb ->> 'op' as op, prev_hash, hash from sys_audit
      where top_dept_id = ${BENCH_SITE} offset 0) r where op is not null and hash is not null and prev_hash is not null`.execute(
      db,
    );
    const scanMs = performance.now() - t0;
    t0 = performance.now();
    let read = 0;
    for (let after = 0; ;) {
      const rows = (
        await sql<{
          seq: number;
        }>`select seq, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content, prev_hash, hash
          from sys_audit where top_dept_id = ${BENCH_SITE} and seq > ${after} order by seq limit 5000`.execute(db)
      ).rows;
      if (!rows.length) break;
      read += rows.length;
      after = Number(rows[rows.length - 1]!.seq);
    }
    const readMs = performance.now() - t0;
    log(
      `verified ${report.checked} in ${(verifyMs / 1000).toFixed(1)} s (ok: ${report.ok}); read ${read} in ${(readMs / 1000).toFixed(1)} s`,
    );

    return {
      saves: { withRates, withoutRates, withTrail, without, cost, callers: CALLERS, lines: LINES },
      chain: { records: report.checked, insertMs, verifyMs, scanMs, readMs, ok: report.ok },
      history: {
        changes: CHANGES,
        entries,
        historyMs: median(historyTimes),
        readMs: median(readTimes),
        recordsMs: median(floorTimes),
      },
    };
  } finally {
    await bench.close();
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
    `| saves of a ${r.saves.lines}-line consumable request, ${r.saves.callers} callers, median of ${r.saves.withRates.length} alternating rounds | ${r.saves.withTrail.toFixed(1)} per s with the trail | ${r.saves.without.toFixed(1)} per s without it | costs ${pct(r.saves.cost)} | ≤ 15 % |`,
    `| verify a chain of ${r.chain.records.toLocaleString('en-US')} records | ${s(r.chain.verifyMs)} | ${s(r.chain.scanMs)} the database reading and parsing the same records once | ${(r.chain.verifyMs / r.chain.scanMs).toFixed(2)}× | < 10 s |`,
    `| the same, against carrying the rows to Node in verify's batches | ${s(r.chain.verifyMs)} | ${s(r.chain.readMs)} | ${(r.chain.verifyMs / r.chain.readMs).toFixed(2)}× | |`,
    `| a document's history of ${r.history.changes} changes (${r.history.entries} entries) | ${r.history.historyMs.toFixed(1)} ms | ${r.history.readMs.toFixed(1)} ms its plain read | ${(r.history.historyMs / r.history.readMs).toFixed(2)}× | ≤ 1.2× |`,
    `| the same, against reading its ${r.history.entries} records alone in one statement (the floor) | ${r.history.historyMs.toFixed(1)} ms | ${r.history.recordsMs.toFixed(1)} ms | ${(r.history.historyMs / r.history.recordsMs).toFixed(2)}× | |`,
    '',
    `Rounds (saves per second, with / without): ${r.saves.withRates.map((w, i) => `${w.toFixed(1)} / ${r.saves.withoutRates[i]!.toFixed(1)}`).join(', ')}. The chain's ${r.chain.records.toLocaleString('en-US')} records were written, already numbered and hashed, in ${s(r.chain.insertMs)}; verify ${r.chain.ok ? 'found it sound' : 'found a fault'}.`,
    '',
  ].join('\n');
}
