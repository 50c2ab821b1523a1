// How a node's cost grows with the number of sites (issue 37): one installation on PostgreSQL with
// the demo's 2 sites, and the same grown to 100 (bench/district/sites.ts: ~200 people and a budget
// year each). For each: a fresh app node (`node --import tsx server/main.ts`, as `npm start` runs
// it) started twice — the first start after the sites were made, then a restart of the same
// release — its time to listening and RSS; its RSS after one user of every site signed in and
// opened their menu and a list page (every per-site cache filled); then p50/p95 of the menu and of
// that list page for a user of site 1 against one of the last site. Goal: 100 sites cost < 3× what
// 2 cost (start-up, memory), and a request on site 100 costs what it costs on site 1.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import type { DB } from '../server/platform/db/types.ts';
import { startProcess } from './api.ts';
import { DISTRICT_PASSWORD, districtKey, generateSites } from './district/sites.ts';
import { rssMb, serverProcess } from './load.ts';

const SAMPLES = Number(process.env.BENCH_SITES_SAMPLES ?? 200);
const SITES = Number(process.env.BENCH_SITES ?? 100);
const USERS = Number(process.env.BENCH_SITES_USERS ?? 200);
const MENU = '/api/core/menu/user';
const LIST_SCHEMA = '/api/schema/page/BudgetList';
const LIST = '/api/neikong/budget/page?pageNum=1&pageSize=10';

interface Start {
  /** From spawning the process to its "is running" line, ms (Node and tsx loading included). */
  wallMs: number;
  /** What the server itself reports: from its first line to listening (migrations, seed, sync, routes). */
  ownMs: number;
  rssMb: number;
}

export interface SitesRun {
  sites: number;
  users: number;
  first: Start;
  restart: Start;
  /** RSS after one user of every site signed in and opened their menu and the list page. */
  filledMb: number;
  /** Time to sign in and open menu and list on every site once (cold caches), s. */
  fillSeconds: number;
  latency: Record<'site1' | 'siteN', { menu: [number, number]; list: [number, number] }>;
  lastKey: string;
}

export interface SitesBenchResult {
  database: string;
  generation: { sites: number; users: number; indicators: number; seconds: number };
  runs: SitesRun[];
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function startNode(
  url: string,
): Promise<{ child: ChildProcess; base: string; start: Start; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-sites-'));
  const began = performance.now();
  const { child, match } = await startProcess(
    'node',
    ['--import', 'tsx', 'server/main.ts'],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: url,
      APP_SECRET: 'bench-sites-secret-bench-sites-secret',
    },
    /localhost:(\d+)\/[\s\S]*?\((\d+) ms\)/,
  );
  const wallMs = performance.now() - began;
  const { pid } = serverProcess(child);
  return {
    child,
    base: `http://127.0.0.1:${match[1]}`,
    start: { wallMs, ownMs: Number(match[2]), rssMb: rssMb(pid) },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(base: string, site: string, loginName: string, password: string): Promise<Record<string, string>> {
  const hostname = `${site}.localhost`;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', hostname },
    body: JSON.stringify({ loginName, password }),
  });
  const body = (await res.json()) as { code?: string; data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in ${loginName}@${site}: ${JSON.stringify(body).slice(0, 300)}`);
  return { token: body.data.token, hostname, 'accept-language': 'zh-CN', year: String(new Date().getFullYear()) };
}

async function get(base: string, url: string, headers: Record<string, string>): Promise<number> {
  const began = performance.now();
  const res = await fetch(`${base}${url}`, { headers });
  const body = (await res.json()) as { code?: string };
  const ms = performance.now() - began;
  if (res.status !== 200 || body.code !== '0')
    throw new Error(`${url} on ${headers.hostname}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return ms;
}

/** What a user does when they open the app: their menu, then a list page (its schema and first page). */
async function openApp(base: string, headers: Record<string, string>) {
  await get(base, MENU, headers);
  await get(base, LIST_SCHEMA, headers);
  await get(base, LIST, headers);
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};

async function measure(url: string, sites: Array<{ key: string; login: string; password: string }>): Promise<SitesRun> {
  // The first start is a new release's: every site was last synced to another one (where the
  // product records that at all), so it syncs each site once; the restart is of the same release.
  await admin(url, (c) => c.query("update sys_site_sync set release = 'the previous release'").catch(() => undefined));
  const first = await startNode(url);
  await first.stop();
  const node = await startNode(url);
  try {
    const { pid } = serverProcess(node.child);
    const fillBegan = performance.now();
    const signedIn: Array<Record<string, string>> = [];
    for (const s of sites) {
      const headers = await signIn(node.base, s.key, s.login, s.password);
      await openApp(node.base, headers);
      signedIn.push(headers);
    }
    const fillSeconds = (performance.now() - fillBegan) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    const filledMb = rssMb(pid);
    // Site 1 and the last site, interleaved so a busy moment of the machine falls on both.
    const ends = { site1: signedIn[0]!, siteN: signedIn[signedIn.length - 1]! };
    const times = {
      site1: { menu: [] as number[], list: [] as number[] },
      siteN: { menu: [] as number[], list: [] as number[] },
    };
    for (let i = 0; i < 20; i++) for (const h of Object.values(ends)) await openApp(node.base, h);
    for (let i = 0; i < SAMPLES; i++) {
      for (const which of ['site1', 'siteN'] as const) {
        times[which].menu.push(await get(node.base, MENU, ends[which]));
        times[which].list.push(await get(node.base, LIST, ends[which]));
      }
    }
    const sum = (t: { menu: number[]; list: number[] }) => ({
      menu: [pct(t.menu, 0.5), pct(t.menu, 0.95)] as [number, number],
      list: [pct(t.list, 0.5), pct(t.list, 0.95)] as [number, number],
    });
    const users = await admin(url, async (c) => Number((await c.query('select count(*) as n from sys_user')).rows[0].n));
    return {
      sites: sites.length,
      users,
      first: first.start,
      restart: node.start,
      filledMb,
      fillSeconds,
      latency: { site1: sum(times.site1), siteN: sum(times.siteN) },
      lastKey: sites[sites.length - 1]!.key,
    };
  } finally {
    await node.stop();
  }
}

export async function benchSites(log: (line: string) => void = (l) => console.error(l)): Promise<SitesBenchResult> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the sites bench needs PostgreSQL (DATABASE_URL, or run it through scripts/with-postgres.sh)');
  const names = { base: 'nk_sites_base', two: 'nk_sites_2', many: `nk_sites_${SITES}` };
  await admin(url, async (c) => {
    for (const n of Object.values(names)) await c.query(`drop database if exists ${n}`);
    await c.query(`create database ${names.base}`);
  });
  try {
    // The demo's first start once (its budget year goes through the API: slow), copied for both runs.
    log(`sites: seeding the demo's two sites`);
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-sites-files-'));
    try {
      const { database } = await prepareDatabase({ databaseUrl: withDatabase(url, names.base), dataDir: files }, systemClock);
      await database.close();
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
    await admin(url, async (c) => {
      await c.query(`create database ${names.two} template ${names.base}`);
      await c.query(`create database ${names.many} template ${names.base}`);
    });
    log(`sites: generating ${SITES - 2} sites of ${USERS} people`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, names.many), poolSize: 2 });
    let generation: SitesBenchResult['generation'];
    try {
      const made = await generateSites(database.db as unknown as Kysely<DB>, {
        count: SITES - 2,
        usersPerSite: USERS,
        progress: (done, count) => done % 10 === 0 && log(`sites: ${done}/${count}`),
      });
      generation = { sites: made.sites.length, users: made.users, indicators: made.indicators, seconds: made.seconds };
    } finally {
      await database.close();
    }
    log(`sites: generated in ${generation.seconds.toFixed(1)} s`);
    const demo = [
      { key: 'demo', login: 'admin', password: 'Admin@12345' },
      { key: 'city', login: 'cityadmin', password: 'City@12345' },
    ];
    const generated = Array.from({ length: SITES - 2 }, (_, i) => ({
      key: districtKey(i + 3),
      login: 'admin',
      password: DISTRICT_PASSWORD,
    }));
    const runs: SitesRun[] = [];
    log(`sites: 2 sites`);
    runs.push(await measure(withDatabase(url, names.two), demo));
    log(`sites: ${SITES} sites`);
    runs.push(await measure(withDatabase(url, names.many), [...demo, ...generated]));
    const version = await admin(url, async (c) =>
      String((await c.query("select current_setting('server_version') as v")).rows[0].v),
    );
    return { database: `PostgreSQL ${version.split(' ')[0]}`, generation, runs };
  } finally {
    await admin(url, async (c) => {
      for (const n of Object.values(names)) await c.query(`drop database if exists ${n} with (force)`);
    }).catch(() => undefined);
  }
}

const f = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const ratio = (a: number, b: number, goal: number) => `${(a / b).toFixed(2)} × ${a / b < goal ? '✔' : '✘'}`;

export function sitesSection(r: SitesBenchResult): string {
  const [two, many] = [r.runs[0]!, r.runs[r.runs.length - 1]!];
  const row = (x: SitesRun) =>
    `| ${x.sites} | ${x.users} | ${f(x.first.ownMs)} | ${f(x.restart.ownMs)} | ${f(x.restart.wallMs)} | ${f(x.restart.rssMb)} | ${f(x.filledMb)} | ${f(x.fillSeconds)} |`;
  const lat = (x: SitesRun) =>
    [
      `| site 1 (demo) | ${f(x.latency.site1.menu[0])} | ${f(x.latency.site1.menu[1])} | ${f(x.latency.site1.list[0])} | ${f(x.latency.site1.list[1])} |`,
      `| site ${x.sites} (${x.lastKey}) | ${f(x.latency.siteN.menu[0])} | ${f(x.latency.siteN.menu[1])} | ${f(x.latency.siteN.list[0])} | ${f(x.latency.siteN.list[1])} |`,
    ].join('\n');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `## Sites: one installation of ${many.sites} sites vs 2

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}, ${r.database} (throw-away). The ${r.generation.sites} generated sites (bench/district/sites.ts: ${r.generation.users} people, ${r.generation.indicators} budget indicators) took ${f(r.generation.seconds)} s to make. Each run: a fresh node (\`node --import tsx server/main.ts\`, production) started as a new release's first start (every site's recorded release made stale first, so each site is synced) and once more (a restart of the same release); start-up is the server's own figure, from its first line to listening (migrations, seed, each site's sync, routes), and from spawning the process to that line; RSS of the server process from /proc. Then one administrator of every site signed in and opened the menu (\`${MENU}\`) and a list page (\`${LIST_SCHEMA}\`, \`${LIST}\`); then ${SAMPLES} sequential requests of each, site 1 and the last site interleaved, after a warm-up.

| sites | users | new release's start ms | restart ms | restart, spawn to listening ms | RSS after start MB | RSS every site open MB | every site opened s |
|---:|---:|---:|---:|---:|---:|---:|---:|
${row(two)}
${row(many)}

| ${many.sites} sites | menu p50 ms | menu p95 ms | list p50 ms | list p95 ms |
|---|---:|---:|---:|---:|
${lat(many)}

- start-up (restart), ${many.sites} / 2 sites: ${ratio(many.restart.ownMs, two.restart.ownMs, 3)} (goal < 3 ×); a new release's first start ${(many.first.ownMs / two.first.ownMs).toFixed(2)} ×
- memory after start, ${many.sites} / 2: ${ratio(many.restart.rssMb, two.restart.rssMb, 3)}; with every site's caches filled: ${ratio(many.filledMb, two.filledMb, 3)} (goal < 3 ×)
- site ${many.sites} / site 1, p95: menu ${ratio(many.latency.siteN.menu[1], many.latency.site1.menu[1], 1.5)}, list ${ratio(many.latency.siteN.list[1], many.latency.site1.list[1], 1.5)} (goal ≈ 1, ✔ under 1.5 ×)
`;
}
