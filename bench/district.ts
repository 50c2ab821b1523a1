// `npm run bench -- district` (issue 37): a district on one installation. On a throw-away PostgreSQL
// the demo's two sites are grown to a hundred (bench/district/sites.ts: ~200 people, roles, a budget
// year each) and every site gets its year of reimbursement claims with lines and approvals
// (bench/district/documents.ts: 10,000 a site, a million in all), written in SQL in bounded time.
// Then the working day of bench/workload.ts (lists, documents, claims of 20 lines saved and
// submitted, approvals) runs over real HTTP against one app node and against two behind a
// round-robin balancer, each beside bare Fastify driven by the same client at the same connection
// count in the same run. Goal: p99 at 64 connections within 10× bare's, 0 errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import type { DB } from '../server/platform/db/types.ts';
import { startBare } from './api.ts';
import { cpuFloor, cpuMeter, postmasterOf, type CpuFloor } from './cpu.ts';
import { generateDocuments } from './district/documents.ts';
import { DISTRICT_PASSWORD, districtKey, generateSites } from './district/sites.ts';
import { rssMb, serverProcess } from './load.ts';
import { admin, startNode, withDatabase } from './sites.ts';
import { DEMO_SCHOOL, prepareMixedWorkload, runBareLoop, type KindFigures, type MixedFigures, type School } from './workload.ts';

const SITES = Number(process.env.BENCH_DISTRICT_SITES ?? 100);
const USERS = Number(process.env.BENCH_DISTRICT_USERS ?? 200);
const DOCS = Number(process.env.BENCH_DISTRICT_DOCS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_DISTRICT_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
// A district's working day spreads its people over its schools: the demo school and this many more.
const SCHOOLS = Number(process.env.BENCH_DISTRICT_SCHOOLS ?? 16);
const NAME = 'nk_district';

export interface DistrictNodes {
  nodes: number;
  /** Schools whose people worked: 1 (one school's staff all at once), or the district's spread. */
  schools: number;
  mixed: MixedFigures;
  bare: KindFigures;
  /** RSS of each node after the run, MB. */
  rssMb: number[];
  /** Where the CPU went during the working day (nodes, PostgreSQL, client), and the least mean wait it allows. */
  cpu: CpuFloor;
  /** PostgreSQL's backends of the district's database during the run, sampled: busy, and waiting for a lock. */
  backends: BackendFigures;
}

export interface BackendFigures {
  samples: number;
  activeMean: number;
  activeMax: number;
  lockWaitMean: number;
  lockWaitMax: number;
  /** The statements found waiting most often, and in how many backend samples. */
  waitedOn: Array<{ statement: string; samples: number }>;
}

/**
 * What PostgreSQL's backends are doing, every 200 ms until stopped: how many run a statement and how
 * many of those wait for a lock (another transaction's row, a hot budget indicator), so a tail can be
 * told from the CPU's queue.
 */
async function sampleBackends(url: string): Promise<{ stop(): Promise<BackendFigures> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const active: number[] = [];
  const waiting: number[] = [];
  const statements = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await client.query(`select state = 'active' as active, wait_event_type = 'Lock' as waiting,
        regexp_replace(left(query, 90), '\\s+', ' ', 'g') as statement
        from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      active.push(r.rows.filter((b) => b.active).length);
      const blocked = r.rows.filter((b) => b.active && b.waiting);
      waiting.push(blocked.length);
      for (const b of blocked) statements.set(b.statement, (statements.get(b.statement) ?? 0) + 1);
      await new Promise((done) => setTimeout(done, 200));
    }
  })();
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return {
        samples: active.length,
        activeMean: mean(active),
        activeMax: Math.max(0, ...active),
        lockWaitMean: mean(waiting),
        lockWaitMax: Math.max(0, ...waiting),
        waitedOn: [...statements]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([statement, n]) => ({ statement, samples: n })),
      };
    },
  };
}

export interface DistrictBenchResult {
  database: string;
  generation: {
    sites: number;
    users: number;
    indicators: number;
    sitesSeconds: number;
    documents: number;
    rows: number;
    documentsSeconds: number;
  };
  /** The first node's start on the grown installation: its own figure to listening, and its RSS. */
  start: { ownMs: number; wallMs: number; rssMb: number };
  runs: DistrictNodes[];
  load1: [number, number];
}

export async function benchDistrict(log: (line: string) => void = (l) => console.error(l)): Promise<DistrictBenchResult> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the district bench needs PostgreSQL (DATABASE_URL, or run it through scripts/with-postgres.sh)');
  const load0 = os.loadavg()[0]!;
  await admin(url, async (c) => {
    await c.query(`drop database if exists ${NAME}`);
    await c.query(`create database ${NAME}`);
  });
  const district = withDatabase(url, NAME);
  try {
    log(`district: seeding the demo's two sites`);
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-district-files-'));
    try {
      const { database } = await prepareDatabase({ databaseUrl: district, dataDir: files }, systemClock);
      await database.close();
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
    const database = await openDatabase({ kind: 'postgres', url: district, poolSize: 2 });
    let generation: DistrictBenchResult['generation'];
    try {
      const db = database.db as unknown as Kysely<DB>;
      log(`district: ${SITES - 2} sites of ${USERS} people`);
      const made = await generateSites(db, {
        count: Math.max(0, SITES - 2),
        usersPerSite: USERS,
        progress: (done, count) => done % 10 === 0 && log(`district: ${done}/${count} sites`),
      });
      const sites = (
        await db.selectFrom('sys_dept').select('id').where('top_dept_key', 'is not', null).orderBy('id').execute()
      ).map((s) => Number(s.id));
      log(`district: ${DOCS} claims in each of ${sites.length} sites`);
      const began = performance.now();
      let documents = 0;
      let rows = 0;
      for (const [i, siteId] of sites.entries()) {
        const g = await generateDocuments(db, { siteId, count: DOCS });
        documents += g.documents;
        rows += g.documents + g.lines + g.instances + g.tasks + g.history;
        if ((i + 1) % 10 === 0) log(`district: claims of ${i + 1}/${sites.length} sites`);
      }
      // What a district's database does after a bulk load (autovacuum would, later): the planner's figures.
      await sql`analyze`.execute(db);
      generation = {
        sites: sites.length,
        users: made.users,
        indicators: made.indicators,
        sitesSeconds: made.seconds,
        documents,
        rows,
        documentsSeconds: (performance.now() - began) / 1000,
      };
    } finally {
      await database.close();
    }
    log(
      `district: generated ${generation.documents} claims (${generation.rows} rows) in ${generation.documentsSeconds.toFixed(0)} s`,
    );

    const bare = await startBare();
    const first = await startNode(district);
    const nodes = [first];
    const runs: DistrictNodes[] = [];
    try {
      // A generated school's claimant is a member of 教务处 (u0010: the tenth person, departments in
      // turn) and their head is head6 (bench/district/sites.ts).
      const generated = (n: number): School => ({
        site: districtKey(n),
        admin: { loginName: 'admin', password: DISTRICT_PASSWORD },
        claimant: { loginName: 'u0010', password: DISTRICT_PASSWORD },
        approver: { loginName: 'head6', password: DISTRICT_PASSWORD },
        dept: '教务处',
      });
      const postmaster = await postmasterOf(district);
      const spread = [DEMO_SCHOOL, ...Array.from({ length: Math.min(SCHOOLS, SITES - 2) }, (_, i) => generated(i + 3))];
      for (const [count, schools] of [
        [1, [DEMO_SCHOOL]],
        [1, spread],
        [2, [DEMO_SCHOOL]],
        [2, spread],
      ] as const) {
        if (nodes.length < count) nodes.push(await startNode(district));
        log(
          `district: the working day on ${count} node(s), ${schools.length} school(s), ${CONNECTIONS} connections, ${SECONDS} s`,
        );
        const workload = await prepareMixedWorkload({
          bases: nodes.map((n) => n.base),
          schools: [...schools],
          log: (m) => log(`district: ${m}`),
        });
        const bareFigures = await runBareLoop(bare.url, CONNECTIONS, SECONDS);
        const pids = nodes.map((n) => serverProcess(n.child).pid);
        const sampler = await sampleBackends(district);
        const meter = cpuMeter(pids, { postgres: postmaster });
        const mixed = await workload.run({ connections: CONNECTIONS, seconds: SECONDS });
        const cpu = cpuFloor(meter.stop(), mixed.requests, CONNECTIONS);
        const backends = await sampler.stop();
        runs.push({ nodes: count, schools: schools.length, mixed, bare: bareFigures, rssMb: pids.map(rssMb), cpu, backends });
      }
    } finally {
      for (const n of nodes) await n.stop();
      bare.child.kill();
    }
    const version = await admin(url, async (c) =>
      String((await c.query("select current_setting('server_version') as v")).rows[0].v),
    );
    return {
      database: `PostgreSQL ${version.split(' ')[0]}`,
      generation,
      start: first.start,
      runs,
      load1: [load0, os.loadavg()[0]!],
    };
  } finally {
    await admin(url, (c) => c.query(`drop database if exists ${NAME} with (force)`)).catch(() => undefined);
  }
}

const f = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function districtSection(r: DistrictBenchResult): string {
  const g = r.generation;
  const lines = [
    '## A district on one installation',
    '',
    `Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ')[0] ?? 'CPU'}, Node ${process.version}, ${r.database} (\`npm run bench -- district\`); load average ${r.load1[0].toFixed(1)} → ${r.load1[1].toFixed(1)}.`,
    '',
    `Generated: ${g.sites} sites, ${g.users.toLocaleString('en-US')} people and ${g.indicators.toLocaleString('en-US')} indicators more in ${f(g.sitesSeconds)} s; ${g.documents.toLocaleString('en-US')} claims (${g.rows.toLocaleString('en-US')} rows with lines, approvals, tasks and history) in ${f(g.documentsSeconds)} s (${f(g.rows / g.documentsSeconds)} rows/s). A node's start on it: ${f(r.start.ownMs)} ms to listening, RSS ${f(r.start.rssMb)} MB.`,
    '',
    `The working day (bench/workload.ts) at ${r.runs[0]?.mixed.connections ?? CONNECTIONS} connections for ${r.runs[0]?.mixed.seconds ?? SECONDS} s, bare Fastify by the same client at the same count just before: once as one school's staff all at once (every connection a person of the demo school: its indicator and its claims' number rule are the hot rows), once as the district's day (connection i a person of school i mod ${Math.max(...r.runs.map((x) => x.schools))}: the demo school and generated ones, each with its own indicator).`,
    '',
    "| nodes | schools | requests/s | p50 ms | p95 ms | p99 ms | max ms | errors | bare p99 ms | p99 / bare | mean by Little's law ms | p99 / that mean | CPU a request, ms: nodes / PostgreSQL (client) | cores busy | floor: least mean wait, ms | p99 / floor | nodes' RSS MB |",
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...r.runs.map((x) => {
      const c = x.cpu;
      const ratio = x.mixed.all.p99 / x.bare.p99;
      // A closed loop of n connections at X requests/s waits n / X on average whatever the order of
      // the queue (Little's law): no fairness brings p99 below it, so the tail is measured against it.
      const mean = (x.mixed.connections * 1000) / x.mixed.perSecond;
      const verdict = ratio <= 10 && x.mixed.errors === 0 ? '✔' : c.floorMeanMs > 10 * x.bare.p99 ? '✘ (below the floor)' : '✘';
      return `| ${x.nodes} | ${x.schools} | ${f(x.mixed.perSecond)} | ${f(x.mixed.all.p50)} | ${f(x.mixed.all.p95)} | ${f(x.mixed.all.p99)} | ${f(x.mixed.all.max)} | ${x.mixed.errors} | ${f(x.bare.p99)} | ${ratio.toFixed(2)} × ${verdict} | ${f(mean)} | ${(x.mixed.all.p99 / mean).toFixed(2)} × | ${f(c.nodesPerRequestMs)} / ${f(c.databasePerRequestMs)} (${f(c.clientPerRequestMs)}) | ${c.coresBusy.toFixed(2)} | ${f(c.floorMeanMs)} | ${(x.mixed.all.p99 / c.floorMeanMs).toFixed(2)} × | ${x.rssMb.map(f).join(' / ')} |`;
    }),
    '',
    ...r.runs
      .filter((x) => x.mixed.errors)
      .map(
        (x) =>
          `Errors of ${x.nodes} node${x.nodes > 1 ? 's' : ''} and ${x.schools} school${x.schools > 1 ? 's' : ''}: ${Object.entries(
            x.mixed.kinds,
          )
            .filter(([, k]) => k.errors)
            .map(([kind, k]) => `${kind} ${k.errors} (${k.failures.join('; ')})`)
            .join(', ')}.\n`,
      ),
    'p99 per kind of request (ms):',
    '',
    `| nodes | schools | ${Object.keys(r.runs[0]?.mixed.kinds ?? {}).join(' | ')} |`,
    `| ---: | ---: | ${Object.keys(r.runs[0]?.mixed.kinds ?? {})
      .map(() => '---:')
      .join(' | ')} |`,
    ...r.runs.map(
      (x) =>
        `| ${x.nodes} | ${x.schools} | ${Object.values(x.mixed.kinds)
          .map((k) => `${f(k.p99)} (${k.requests})`)
          .join(' | ')} |`,
    ),
    '',
    `The floor, measured in the same run: ${r.runs[0]?.mixed.connections ?? CONNECTIONS} closed loops wait on average at least their number ÷ the requests a second the machine can serve (Little's law, whatever the order of the queues), and ${os.cpus().length} cores serve at most ${os.cpus().length} ÷ the CPU a request took in the nodes and PostgreSQL together (from /proc; the load generator's own is not counted against the product, though it runs on the same cores). Against bare Fastify the goal (10 × its p99) and the floor, run by run: ${r.runs.map((x) => `${x.nodes} node${x.nodes > 1 ? 's' : ''} and ${x.schools} school${x.schools > 1 ? 's' : ''}, goal ${f(10 * x.bare.p99)} ms, floor ${f(x.cpu.floorMeanMs)} ms${x.cpu.floorMeanMs > 10 * x.bare.p99 ? ' (the goal sits below what this machine can do for this work)' : ''}`).join('; ')}.`,
    '',
    `PostgreSQL's backends of the district's database during the run (sampled every 200 ms): ${r.runs
      .map(
        (x) =>
          `${x.nodes} node${x.nodes > 1 ? 's' : ''} and ${x.schools} school${x.schools > 1 ? 's' : ''}: ${x.backends.activeMean.toFixed(1)} running a statement on average (at most ${x.backends.activeMax}), ${x.backends.lockWaitMean.toFixed(1)} of them waiting for a lock (at most ${x.backends.lockWaitMax})${x.backends.waitedOn.length ? `, most often in ${x.backends.waitedOn.map((w) => `\`${w.statement.replaceAll('`', "'")}…\` (${w.samples})`).join(', ')}` : ''}`,
      )
      .join('; ')}.`,
    '',
    "Two nodes share the machine's two cores with PostgreSQL and the load generator: the second node adds no CPU here, so the two-node row shows whether a balanced installation holds (errors, the tail against its floor), not that it is faster.",
  ];
  return lines.join('\n');
}
