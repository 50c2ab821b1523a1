// How cost grows with the rows (issue 37): the screens a school uses every day, over real HTTP, at
// 10,000 and at 1,000,000 reimbursement claims of the demo school (bench/district/documents.ts),
// on a throw-away PostgreSQL: each size a database of its own, measured side by side. Each operation against the statements it ran (captured by a Kysely
// plugin during a warm request, run back to back through the driver), sample by sample. Goal: each
// p95 at the largest size within 1.3× of its p95 at the smallest.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { buildApp } from '../server/app.ts';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { readConfig } from '../server/platform/config.ts';
import type { Database } from '../server/platform/db/database.ts';
import { Capture } from './budget.ts';
import { generateDocuments } from './district/documents.ts';
import { generateSites } from './district/sites.ts';
import { admin, withDatabase } from './sites.ts';

const SIZES = (process.env.BENCH_ROWS ?? '10000,1000000').split(',').map(Number);
// 300: the p95 of 100 samples is the fifth-worst, which one collection or checkpoint moves by a third
// in operations of a few milliseconds (a supplier picker, untouched by claims, read 1.21× at 10 M).
const SAMPLES = Number(process.env.BENCH_ROWS_SAMPLES ?? 300);
// Claims in the whole installation at the largest size: the demo school's and, beyond them, other
// schools' as many each (BENCH_ROWS_INSTALLATION=10000000: nine more schools of a million claims).
const INSTALLATION = Number(process.env.BENCH_ROWS_INSTALLATION ?? 0);

type Row = Record<string, any>;

export interface RowsMeasure {
  operation: string;
  statements: number;
  http: { p50: number; p95: number };
  direct: { p50: number; p95: number };
}

export interface RowsSize {
  documents: number;
  generated: { documents: number; rows: number; seconds: number; rowsPerSecond: number };
  /** Other sites' claims in the same database (BENCH_ROWS_INSTALLATION). */
  others?: { sites: number; documents: number; rows: number; seconds: number };
  measures: RowsMeasure[];
}

export interface RowsBenchResult {
  version: string;
  sizes: RowsSize[];
  seconds: number;
  load1: [number, number];
}

const t0 = performance.now();
const log = (msg: string) => process.stderr.write(`bench rows [${((performance.now() - t0) / 1000).toFixed(0)} s]: ${msg}\n`);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};

type Step = () => Promise<unknown>;
interface Operation {
  name: string;
  steps: Step[];
  who: string;
}

/** One size: its own database on the server, its claims, a node of the product on it, its operations. */
interface SizeUnderTest {
  size: number;
  generated: RowsSize['generated'];
  others?: RowsSize['others'];
  db: Kysely<any>;
  capture: Capture;
  operations: Operation[];
  /** Runs `steps` signed in as `who` (a token). */
  run: (who: string, steps: Step[]) => Promise<void>;
  close: () => Promise<void>;
}

async function prepareSize(url: string, size: number, installation = size): Promise<SizeUnderTest> {
  const name = `nk_rows_${size}`;
  await admin(url, async (c) => {
    await c.query(`drop database if exists ${name}`);
    await c.query(`create database ${name}`);
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-rows-'));
  log(`${size}: migrate and seed`);
  const { database } = await prepareDatabase({ databaseUrl: withDatabase(url, name), dataDir }, systemClock);
  const db = database.db as unknown as Kysely<any>;
  const capture = new Capture((node, id) => db.getExecutor().compileQuery(node, id));
  const observed: Database = { ...database, db: database.db.withPlugin(capture) };
  const { app } = await buildApp({
    config: { ...readConfig({}), dataDir, webRoot: null },
    database: observed,
    secret: crypto.randomBytes(32).toString('hex'),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const year = String(new Date().getFullYear());
  let token = '';
  const request = (method: string, url: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method,
          agent,
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
    if (r.status !== 200 || String(parsed.code) !== '0')
      throw new Error(`${method} ${url}: ${r.status} ${parsed.code} ${parsed.msg}`);
    return parsed.data;
  };
  const close = async () => {
    agent.destroy();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const login = async (loginName: string, password: string) =>
      (await call('POST', '/api/auth/login', { loginName, password })).token as string;
    const adminToken = await login('admin', 'Admin@12345');
    // Finance approves every claim's last step: the home page with a queue to show. The head of a
    // department reads the claims of his department only (data scope), as most people do.
    const finance = await login('finance', 'Demo@12345');
    const head = await login('head', 'Demo@12345');
    const siteId = Number((await sql<Row>`select id from sys_dept where top_dept_key = 'demo'`.execute(db)).rows[0]!.id);
    log(`${size}: generating ${size.toLocaleString('en-US')} claims`);
    const g = await generateDocuments(db, {
      siteId,
      count: size,
      progress: (n, of) => n < of && log(`  ${n.toLocaleString('en-US')} of ${of.toLocaleString('en-US')}`),
    });
    const rows = g.documents + g.lines + g.instances + g.tasks + g.history;
    log(
      `${size}: generated ${rows.toLocaleString('en-US')} rows in ${g.seconds.toFixed(1)} s (${Math.round(g.rowsPerSecond)} rows/s)`,
    );
    // The other schools of the installation, each with as many claims (the last with what is left).
    let others: RowsSize['others'];
    if (installation > size) {
      const began = performance.now();
      const count = Math.ceil((installation - size) / size);
      log(`${size}: ${count} other sites for ${installation.toLocaleString('en-US')} claims in the installation`);
      const made = await generateSites(db, { count, usersPerSite: 200 });
      others = { sites: made.sites.length, documents: 0, rows: 0, seconds: 0 };
      for (const site of made.sites) {
        const o = await generateDocuments(db, { siteId: site.id, count: Math.min(size, installation - size - others.documents) });
        others.documents += o.documents;
        others.rows += o.documents + o.lines + o.instances + o.tasks + o.history;
        log(
          `  ${site.key}: ${others.documents.toLocaleString('en-US')} of ${(installation - size).toLocaleString('en-US')} other claims`,
        );
      }
      others.seconds = (performance.now() - began) / 1000;
    }
    // A vacuum and a checkpoint, so the size is measured and not the write-back of the generation.
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);

    // What the operations read: a draft to open and save, a department with claims in approval.
    const draft = (
      await sql<Row>`select id from exp_reimburse where top_dept_id = ${siteId} and approval_status = '0'
        and budget_year = ${year} order by id desc limit 1`.execute(db)
    ).rows[0]!;
    const approved = (
      await sql<Row>`select id from exp_reimburse where top_dept_id = ${siteId} and approval_status = '2'
        and budget_year = ${year} order by id desc limit 1 offset ${Math.min(100, Math.floor(size / 20))}`.execute(db)
    ).rows[0]!;
    const dept = (await sql<Row>`select dept_id from exp_reimburse where id = ${Number(approved.id)}`.execute(db)).rows[0]!
      .dept_id as number;
    token = adminToken;
    const claim = await call('GET', `/api/expense/funds/infoById/${Number(draft.id)}`);
    const save = async () => {
      // The claim's own fields; its lines left as they are (an update without them).
      const { items: _items, allowances: _allowances, invoices: _invoices, ...fields } = claim;
      const saved = await call('POST', '/api/expense/funds/update', { ...fields, reason: `第 ${performance.now()} 次保存` });
      claim.version = saved?.version ?? claim.version + 1;
    };
    const operations: Operation[] = [
      {
        name: 'list: claims, first page',
        steps: [() => call('GET', '/api/expense/funds/page?pageNum=1&pageSize=10')],
        who: adminToken,
      },
      {
        name: 'list: claims in approval of a department',
        steps: [() => call('GET', `/api/expense/funds/page?pageNum=1&pageSize=10&approvalStatus=1&deptId=${dept}`)],
        who: adminToken,
      },
      {
        name: 'list: claims, page 50',
        steps: [() => call('GET', '/api/expense/funds/page?pageNum=50&pageSize=10')],
        who: adminToken,
      },
      {
        name: "list: claims, first page, as a department's head (data scope)",
        steps: [() => call('GET', '/api/expense/funds/page?pageNum=1&pageSize=10')],
        who: head,
      },
      {
        name: 'open: an approved claim (infoById, approval, audit history)',
        steps: [
          () => call('GET', `/api/expense/funds/infoById/${Number(approved.id)}`),
          () => call('GET', `/api/workflow/instance/business?entity=reimburse&id=${Number(approved.id)}`),
          () => call('GET', `/api/monitor/audit/history?entity=reimburse&id=${Number(approved.id)}`),
        ],
        who: adminToken,
      },
      { name: 'save: a draft claim (update)', steps: [save], who: adminToken },
      {
        name: 'home: blocks, as finance (queues, to-do, notices)',
        steps: [
          () => call('GET', '/api/home/queues'),
          () => call('GET', '/api/workflow/task/page?scope=todo&pageNum=1&pageSize=6&countTo=100'),
          () => call('GET', '/api/core/noticeUserRel/page?pageNum=1&pageSize=5'),
        ],
        who: finance,
      },
      {
        name: 'tasks: done by me, as finance',
        steps: [() => call('GET', '/api/workflow/task/page?scope=done&pageNum=1&pageSize=10')],
        who: finance,
      },
      { name: 'budget: statistics', steps: [() => call('GET', '/api/neikong/budget/statistics')], who: adminToken },
      {
        name: 'picker: suppliers',
        steps: [() => call('GET', '/api/purchase/supplier/pick?pageNum=1&pageSize=10')],
        who: adminToken,
      },
    ];
    return {
      size,
      generated: { documents: g.documents, rows, seconds: g.seconds, rowsPerSecond: g.rowsPerSecond },
      others,
      db,
      capture,
      operations,
      run: async (who, steps) => {
        token = who;
        for (const step of steps) await step();
      },
      close: async () => {
        await close();
        await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export async function benchRows(): Promise<RowsBenchResult> {
  const started = performance.now();
  const loadBefore = os.loadavg()[0]!;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the rows bench runs on PostgreSQL: DATABASE_URL');
  // Each size in a database of its own on the one server, measured side by side, sample by sample:
  // what disturbs the machine for a while (the kernel writing back, another tenant) falls on both.
  const sizes: SizeUnderTest[] = [];
  try {
    const largest = Math.max(...SIZES);
    for (const size of SIZES) sizes.push(await prepareSize(url, size, size === largest ? INSTALLATION : size));
    // The gigabytes just written are on disk, not being written back while the operations are timed.
    execFileSync('sync');
    await new Promise((r) => setTimeout(r, 5000));
    const measures: RowsMeasure[][] = sizes.map(() => []);
    for (const [i, op] of sizes[0]!.operations.entries()) {
      const captured: CompiledQuery[][] = [];
      for (const s of sizes) {
        const o = s.operations[i]!;
        for (let w = 0; w < 5; w++) await s.run(o.who, o.steps);
        s.capture.recording = [];
        await s.run(o.who, o.steps);
        captured.push(s.capture.recording);
        s.capture.recording = null;
      }
      const direct = async (k: number) => {
        for (const q of captured[k]!) await sizes[k]!.db.executeQuery(q);
      };
      for (let k = 0; k < sizes.length; k++) await direct(k);
      const h: number[][] = sizes.map(() => []);
      const d: number[][] = sizes.map(() => []);
      for (let n = 0; n < SAMPLES; n++) {
        for (const [k, s] of sizes.entries()) {
          const o = s.operations[i]!;
          let t = performance.now();
          await s.run(o.who, o.steps);
          h[k]!.push(performance.now() - t);
          t = performance.now();
          await direct(k);
          d[k]!.push(performance.now() - t);
        }
      }
      // Where an operation's SQL grows, which statement: each timed alone at every size (the log).
      const alone = await Promise.all(
        captured.map(async (qs, k) => {
          const times: number[] = [];
          for (const q of qs) {
            const t = performance.now();
            for (let r = 0; r < 5; r++) await sizes[k]!.db.executeQuery(q);
            times.push((performance.now() - t) / 5);
          }
          return times;
        }),
      );
      const last = alone.length - 1;
      for (const [j, q] of captured[last]!.entries()) {
        const grew = alone[last]![j]! / Math.max(alone[0]![j] ?? 0, 0.05);
        if (alone[last]![j]! > 5 && grew > 1.5)
          log(
            `  ${op.name}: ${alone[last]![j]!.toFixed(1)} ms (${grew.toFixed(1)}×): ${q.sql.replace(/\s+/g, ' ').slice(0, 400)}`,
          );
      }
      for (const [k, s] of sizes.entries()) {
        const m = {
          operation: op.name,
          statements: captured[k]!.length,
          http: { p50: quantile(h[k]!, 0.5), p95: quantile(h[k]!, 0.95) },
          direct: { p50: quantile(d[k]!, 0.5), p95: quantile(d[k]!, 0.95) },
        };
        measures[k]!.push(m);
        log(
          `${s.size}: ${op.name}: http p50 ${m.http.p50.toFixed(1)} p95 ${m.http.p95.toFixed(1)} ms, its SQL p95 ${m.direct.p95.toFixed(1)} ms`,
        );
      }
    }
    const version = String((await sql<Row>`select version() as v`.execute(sizes[0]!.db)).rows[0]!.v)
      .split(' ')
      .slice(0, 2)
      .join(' ');
    return {
      version,
      sizes: sizes.map((s, k) => ({ documents: s.size, generated: s.generated, others: s.others, measures: measures[k]! })),
      seconds: (performance.now() - started) / 1000,
      load1: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    for (const s of sizes) await s.close();
  }
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/** The RESULTS.md section. */
export function rowsSection(r: RowsBenchResult): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const small = r.sizes[0]!;
  const large = r.sizes[r.sizes.length - 1]!;
  const rows = large.measures.map((l, i) => {
    const s = small.measures[i]!;
    const growth = l.http.p95 / s.http.p95;
    const median = l.http.p50 / s.http.p50;
    return `| ${l.operation} | ${l.statements} | ${ms(s.http.p50)} | ${ms(s.http.p95)} | ${ms(s.direct.p95)} | ${(s.http.p95 / s.direct.p95).toFixed(2)}× | ${ms(
      l.http.p50,
    )} | ${ms(l.http.p95)} | ${ms(l.direct.p95)} | ${(l.http.p95 / l.direct.p95).toFixed(2)}× | ${median.toFixed(2)}× | ${growth.toFixed(2)}× ${growth <= 1.3 ? '✔' : '✘'} |`;
  });
  const generated = r.sizes
    .map(
      (s) =>
        `${s.documents.toLocaleString('en-US')} claims: ${s.generated.rows.toLocaleString('en-US')} rows in ${s.generated.seconds.toFixed(1)} s (${Math.round(
          s.generated.rowsPerSecond,
        ).toLocaleString('en-US')} rows/s)`,
    )
    .join('; ');
  const n = (v: number) => v.toLocaleString('en-US');
  const others = large.others
    ? ` At ${n(large.documents)} the installation holds ${n(large.documents + large.others.documents)} claims: ${n(large.others.sites)} other schools (generated like the district's, \`bench/district/sites.ts\`) with ${n(large.others.documents)} claims more (${n(large.others.rows)} rows in ${large.others.seconds.toFixed(0)} s).`
    : '';
  return `## Rows: the daily screens at ${n(small.documents)} and ${n(large.documents)} claims of a site

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}, ${r.version} (throw-away, \`scripts/with-postgres.sh\`), the demo seed plus reimbursement claims of the demo school generated by \`bench/district/documents.ts\` (3 lines each; 10 % drafts, 15 % in approval, 60 % approved, 10 % rejected, 5 % withdrawn; with their approval instances, tasks and history): ${generated}.${others} Whole part ${r.seconds.toFixed(0)} s, 1-minute load ${r.load1[0].toFixed(1)} before and ${r.load1[1].toFixed(1)} after.

Each size is a database of its own on the one server with a node of the product on it, and the sizes are measured side by side, sample by sample (one sample at ${n(small.documents)}, one at ${n(large.documents)}, …), so that what disturbs the machine for a while falls on both. Over real HTTP (keep-alive, one request at a time, signed in as admin unless said, header year), ${SAMPLES} samples of each after 5 warm-ups; an operation of several requests is what its screen asks for, one after the other. Its SQL: the statements the operation ran (captured during a warm run), back to back through the driver, sample by sample with the HTTP ones. Goal: p95 at ${n(large.documents)} ≤ 1.3 × p95 at ${n(small.documents)}.

| operation | statements | p50 ms at ${n(small.documents)} | p95 | its SQL p95 | ratio | p50 ms at ${n(large.documents)} | p95 | its SQL p95 | ratio | growth p50 | growth p95 |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`;
}
