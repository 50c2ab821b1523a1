// The server under load: a signed-in list page a user opens every day (the budget indicators, a page
// of 10 rows with their labels: a count and a page query) hit by autocannon at 1, 16 and 64
// connections, against bare Fastify at the same connection counts in the same run, and the server
// process's memory idle, at its peak under each level and after the load. Goal: p99 at 64
// connections < 10 × p50 at 1, and no error or non-2xx answer at any level.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { signIn, startBare, startServer } from './api.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = [1, 16, 64];
/** How long the server is left alone after the last load before its memory is read again. */
const SETTLE_SECONDS = 10;
const ENDPOINT = '/api/neikong/budget/page?pageNum=1&pageSize=10';
const PAGE_ROWS = 10;

export interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LoadLevel {
  connections: number;
  endpoint: LoadRun;
  bare: LoadRun;
  /** Highest RSS of the server process sampled every 100 ms during the endpoint run, MB. */
  peakMb: number;
  samples: number;
}

export interface LoadBenchResult {
  storage: 'embedded' | 'postgres';
  database: string;
  endpoint: string;
  seconds: number;
  levels: LoadLevel[];
  /** Server process RSS, MB: just after it listened, idle after the warm-up, after the load. */
  memory: { start: number; idle: number; after1s: number; after: number; helperMb: number };
  load1: [number, number];
  wallSeconds: number;
}

/** VmRSS of a process in MB, from /proc/<pid>/status; 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * The process that runs server/main.ts. `node --import tsx server/main.ts` is that process itself
 * (tsx's loader hooks run on a thread of it), but a wrapper (npx, a shell) would put it further
 * down, so look through the descendants. Its other children (tsx's esbuild service) are not it.
 */
export function serverProcess(child: ChildProcess): { pid: number; helpers: number[] } {
  const descendants = (pid: number): number[] => childrenOf(pid).flatMap((c) => [c, ...descendants(c)]);
  const all = [child.pid!, ...descendants(child.pid!)];
  const pid = all.find((p) => cmdline(p).includes('server/main.ts'));
  if (!pid) throw new Error(`no server/main.ts process under pid ${child.pid}: ${all.map(cmdline).join(' | ')}`);
  return { pid, helpers: descendants(pid) };
}

/** The highest RSS sampled every 100 ms from now until stop(). */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
    samples++;
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { peak: Math.max(peak, rssMb(pid)), samples: samples + 1 };
    },
  };
}

function percentile(sorted: Float64Array, q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * One autocannon run. Percentiles come from every 2xx response's own time (hrtime, sub-millisecond),
 * not from autocannon's histogram, which keeps whole milliseconds: a p50 of 0.6 ms would read 0 or 1.
 */
export function run(url: string, connections: number, duration: number, headers: Record<string, string> = {}): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ url, connections, duration, headers }, (err, r) => {
      if (err) return reject(err);
      const sorted = Float64Array.from(times).sort();
      resolve({
        rps: r.requests.total / r.duration,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted.length ? sorted[sorted.length - 1]! : NaN,
        requests: r.requests.total,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
      });
    });
    instance.on('response', (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) times.push(time);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The page must be what a user sees: code '0' and a full page of rows, signed in. */
async function checkPage(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { code?: string; data?: { records?: unknown[]; total?: number } };
  if (res.status !== 200 || body.code !== '0' || body.data?.records?.length !== PAGE_ROWS) {
    throw new Error(`${url}: HTTP ${res.status}, ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.data.total ?? 0;
}

export async function benchLoad(storage: 'embedded' | 'postgres'): Promise<LoadBenchResult> {
  const began = Date.now();
  const loadBefore = os.loadavg()[0]!;
  const bare = await startBare();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(storage);
    const { pid } = serverProcess(server.child);
    const start = rssMb(pid);
    const headers = { ...(await signIn(server.base)), year: String(new Date().getFullYear()) };
    const url = `${server.base}${ENDPOINT}`;
    await checkPage(url, headers);

    // Warm-up: JIT, caches, the database's buffers, at the middle level; then let it sit.
    await run(bare.url, 16, 2);
    await run(url, 16, 2, headers);
    await sleep(3000);
    const idle = rssMb(pid);
    const helperMb = serverProcess(server.child).helpers.reduce((n, p) => n + rssMb(p), 0);

    const levels: LoadLevel[] = [];
    for (const connections of LEVELS) {
      const ceiling = await run(bare.url, connections, DURATION);
      const sampler = sampleRss(pid);
      const endpoint = await run(url, connections, DURATION, headers);
      const { peak, samples } = sampler.stop();
      levels.push({ connections, endpoint, bare: ceiling, peakMb: peak, samples });
    }
    await sleep(1000);
    const after1s = rssMb(pid);
    await sleep((SETTLE_SECONDS - 1) * 1000);
    const after = rssMb(pid);
    // Still signed in and still answering a full page after the load.
    await checkPage(url, headers);

    let database = 'embedded (PGlite, in the server process)';
    if (storage === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v.split(
        ' ',
      )[0];
      await client.end();
      database = `PostgreSQL ${version} (its own processes, not counted in the memory)`;
    }
    return {
      storage,
      database,
      endpoint: `GET ${ENDPOINT}`,
      seconds: DURATION,
      levels,
      memory: { start, idle, after1s, after, helperMb },
      load1: [loadBefore, os.loadavg()[0]!],
      wallSeconds: (Date.now() - began) / 1000,
    };
  } finally {
    bare.child.kill();
    await server?.stop();
  }
}

const ms = (v: number) => (v >= 10 ? v.toFixed(1) : v.toFixed(2));
const mb = (v: number) => v.toFixed(0);

export function loadSection(results: LoadBenchResult[]): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const parts = results.map((r) => {
    const table = [
      '| connections | endpoint req/s | p50 ms | p99 ms | max ms | errors / timeouts / non-2xx | bare req/s | bare p99 ms | ratio req/s | server RSS peak MB |',
      '|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|',
      ...r.levels.map(
        (l) =>
          `| ${l.connections} | ${Math.round(l.endpoint.rps)} | ${ms(l.endpoint.p50)} | ${ms(l.endpoint.p99)} | ${ms(l.endpoint.max)} | ${l.endpoint.errors} / ${l.endpoint.timeouts} / ${l.endpoint.non2xx} | ${Math.round(l.bare.rps)} | ${ms(l.bare.p99)} | ${((l.endpoint.rps / l.bare.rps) * 100).toFixed(1)} % | ${mb(l.peakMb)} |`,
      ),
    ].join('\n');
    const one = r.levels.find((l) => l.connections === 1)!;
    const top = r.levels.find((l) => l.connections === 64)!;
    const goal = top.endpoint.p99 < 10 * one.endpoint.p50;
    const failures = r.levels.reduce((n, l) => n + l.endpoint.errors + l.endpoint.timeouts + l.endpoint.non2xx, 0);
    const bareFailures = r.levels.reduce((n, l) => n + l.bare.errors + l.bare.timeouts + l.bare.non2xx, 0);
    const peak = Math.max(...r.levels.map((l) => l.peakMb));
    const m = r.memory;
    return `### ${r.storage}: ${r.database}

${r.levels.length} levels of ${r.seconds} s each, bare then endpoint at each level; whole part ${r.wallSeconds.toFixed(0)} s, 1-minute load ${r.load1[0].toFixed(1)} before and ${r.load1[1].toFixed(1)} after.

${table}

- p99 at 64 connections < 10 × p50 at 1: ${ms(top.endpoint.p99)} ms vs ${ms(10 * one.endpoint.p50)} ms ${goal ? '✔' : '✘'}
- why, by Little's law: 64 connections at ${Math.round(top.endpoint.rps)} req/s hold each request ${ms((64 / top.endpoint.rps) * 1000)} ms on average; even the mean would need ${Math.round(64 / ((10 * one.endpoint.p50) / 1000))} req/s at 64 connections, ${(64 / ((10 * one.endpoint.p50) / 1000) / one.endpoint.rps).toFixed(1)} × what one connection gets
- the ceiling against the same goal: bare Fastify p99 at 64 connections ${ms(top.bare.p99)} ms vs 10 × its p50 at 1 ${ms(10 * one.bare.p50)} ms
- so the goal sits below this machine's floor: bare Fastify misses it ${(top.bare.p99 / (10 * one.bare.p50)).toFixed(1)} ×, the product ${(top.endpoint.p99 / (10 * one.endpoint.p50)).toFixed(1)} × — ${(top.endpoint.p99 / (10 * one.endpoint.p50) / (top.bare.p99 / (10 * one.bare.p50))).toFixed(2)} × the floor's ratio
- errors: ${failures} ${failures === 0 ? '✔' : '✘'} (errors, timeouts and non-2xx answers of the endpoint at every level${bareFailures ? `; the bare server had ${bareFailures}` : ''})
- memory, server process RSS: idle ${mb(m.idle)} MB / peak under load ${mb(peak)} MB / after ${mb(m.after)} MB (${mb(m.after1s)} MB 1 s after the load, ${mb(m.after)} MB ${SETTLE_SECONDS} s after; ${mb(m.start)} MB just after start-up, before the first request; the server's child processes (tsx's esbuild service), not counted, ${mb(m.helperMb)} MB at idle)
`;
  });
  return `## Under load: a signed-in list page at 1 / 16 / 64 connections vs bare Fastify

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}; autocannon (in the bench process, on the same machine as the server, no pipelining) on \`${results[0]?.endpoint ?? ''}\` signed in as admin (header year, Accept-Language zh-CN, gzip): the budget indicators of the demo site, a page of ${PAGE_ROWS} rows with their labels, checked to be a full page before and after the load. The server is \`node --import tsx server/main.ts\` as a child process, production mode, fresh data directory, after a warm-up of 2 s at 16 connections; bare Fastify (bench/bare-server.mjs, a constant envelope) is measured at the same connection count just before each level. Each run opens its connections afresh, so the first request on each includes the wait for the server to accept it. p50/p99/max from every 2xx response's own time. Memory is VmRSS of the process running server/main.ts, from /proc, idle 3 s after the warm-up, sampled every 100 ms during each level (${results.flatMap((r) => r.levels).reduce((n, l) => n + l.samples, 0)} samples in all), and again after the load.

${parts.join('\n')}`;
}
