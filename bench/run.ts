// `npm run bench`: every benchmark of the product, each a ratio against a ceiling measured in the
// same run on the same machine, written into bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi, type ApiBenchRow } from './api.ts';
import { benchBudget, budgetSection, type BudgetBenchResult } from './budget.ts';
import { benchBuild, buildSection } from './build.ts';
import { benchLoad, loadSection, type LoadBenchResult } from './load.ts';
import { benchMixed, mixedSection } from './mixed.ts';
import { benchExpense, expenseSection } from './expense.ts';
import { benchRenderer, rendererSection } from './renderer.ts';
import { runSecurityCampaign, securitySection } from './security.ts';
import { assetSection, benchAsset } from './asset.ts';
import { benchReload, reloadSection } from './reload.ts';
import { benchImport, benchStream, streamSection } from './stream.ts';
import { benchTrail, trailSection } from './trail.ts';
import { benchSites, sitesSection, type SitesBenchResult } from './sites.ts';
import { benchDistrict, districtSection, type DistrictBenchResult } from './district.ts';
import { benchRows, rowsSection, type RowsBenchResult } from './rows.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md');

function postgresAvailable(): boolean {
  return (
    fs.existsSync('/usr/lib/postgresql') &&
    fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`))
  );
}

async function main() {
  const part = process.argv[2];
  if (part === 'api-postgres') {
    // Re-entered by with-postgres.sh: print the rows for the parent to collect.
    process.stdout.write(`ROWS ${JSON.stringify(await benchApi('postgres'))}\n`);
    return;
  }
  if (part === 'budget-postgres') {
    process.stdout.write(`BUDGET ${JSON.stringify(await benchBudget('postgres'))}\n`);
    return;
  }
  if (part === 'sites-postgres') {
    process.stdout.write(`SITES ${JSON.stringify(await benchSites())}\n`);
    return;
  }
  if (part === 'district-postgres') {
    process.stdout.write(`DISTRICT ${JSON.stringify(await benchDistrict())}\n`);
    return;
  }
  if (part === 'rows-postgres') {
    process.stdout.write(`ROWS37 ${JSON.stringify(await benchRows())}\n`);
    return;
  }
  if (part === 'stream-import') {
    // Re-entered by the stream part: one import on a fresh server of this process of its own.
    process.stdout.write(`IMPORT ${JSON.stringify(await benchImport(Number(process.argv[3])))}\n`);
    return;
  }
  if (part === 'load-postgres') {
    process.stdout.write(`LOAD ${JSON.stringify(await benchLoad('postgres'))}\n`);
    return;
  }
  // `npm run bench -- <part>` runs one part only: build, renderer, api, budget, expense, asset, stream, reload, trail, rows, load, sites, mixed, district or security.
  const parts = [
    'build',
    'renderer',
    'api',
    'budget',
    'expense',
    'asset',
    'stream',
    'reload',
    'trail',
    'rows',
    'load',
    'sites',
    'mixed',
    'district',
    'security',
  ];
  if (part && !parts.includes(part)) throw new Error(`unknown bench part ${part}: one of ${parts.join(', ')}`);
  const want = (name: string) => !part || part === name;
  if (want('build')) {
    const build = buildSection(benchBuild());
    writeSection('build', build);
    console.log(build);
  }

  if (want('renderer')) {
    const renderer = rendererSection(await benchRenderer());
    writeSection('renderer', renderer);
    console.log(renderer);
  }

  if (want('api')) await api();
  if (want('budget')) await budget();
  if (want('expense')) {
    const result = await benchExpense();
    const section = expenseSection(result);
    writeSection('expense', section);
    console.log(section);
    if (result.overspend) process.exitCode = 1;
  }
  if (want('asset')) {
    const section = assetSection(await benchAsset());
    writeSection('asset', section);
    console.log(section);
  }
  if (want('stream')) {
    const section = streamSection(await benchStream());
    writeSection('stream', section);
    console.log(section);
  }
  if (want('reload')) {
    const section = reloadSection(await benchReload());
    writeSection('reload', section);
    console.log(section);
  }
  if (want('trail')) {
    const section = trailSection(await benchTrail());
    writeSection('trail', section);
    console.log(section);
  }
  if (want('rows')) await rows();
  if (want('load')) await load();
  if (want('sites')) await sites();
  if (want('district')) await district();
  if (want('mixed')) {
    const result = await benchMixed();
    const section = mixedSection(result);
    writeSection('mixed', section);
    console.log(section);
    process.stdout.write(`MIXED ${JSON.stringify(result)}\n`);
  }
  if (want('security')) security();
}

/** The security campaign (tests/security) and its figures; a failed campaign fails the bench run. */
function security() {
  const run = runSecurityCampaign();
  const section = securitySection(run);
  writeSection('security', section);
  console.log(section);
  if (!run.passed) process.exitCode = 1;
}

/** The rows part runs on PostgreSQL only: a district's database is one. */
async function rows() {
  const result = await onPostgres('rows', 'ROWS37', () => benchRows());
  if (!result) {
    console.log('rows: skipped (no PostgreSQL)');
    return;
  }
  const section = rowsSection(result);
  writeSection('rows', section);
  console.log(section);
}

async function load() {
  const results: LoadBenchResult[] = [await benchLoad('embedded')];
  if (process.env.DATABASE_URL) results.push(await benchLoad('postgres'));
  else if (postgresAvailable() && process.env.BENCH_PG !== '0') {
    const out = execFileSync('bash', ['scripts/with-postgres.sh', 'node', '--import', 'tsx', 'bench/run.ts', 'load-postgres'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 10 * 1024 * 1024,
    });
    const line = out.split('\n').find((l) => l.startsWith('LOAD '));
    if (line) results.push(JSON.parse(line.slice(5)) as LoadBenchResult);
  }
  const section = loadSection(results);
  writeSection('load', section);
  console.log(section);
}

/**
 * A PostgreSQL part's result: run here when DATABASE_URL is set, else re-entered as `<part>-postgres`
 * under scripts/with-postgres.sh (a throw-away server) and read back from its `<PREFIX> {json}` line;
 * undefined when no PostgreSQL is installed or BENCH_PG=0.
 */
async function onPostgres<T>(part: string, prefix: string, run: () => Promise<T>): Promise<T | undefined> {
  if (process.env.DATABASE_URL) return run();
  if (!postgresAvailable() || process.env.BENCH_PG === '0') return undefined;
  const out = execFileSync('bash', ['scripts/with-postgres.sh', 'node', '--import', 'tsx', 'bench/run.ts', `${part}-postgres`], {
    cwd: ROOT,
    // A district's server keeps its working set in its own buffers (README "At a district's scale"):
    // on the default 128 MB a million claims' pages live in the kernel's cache, which this machine
    // reclaims when idle (DAMON), and the figures at 1 M varied 2× from run to run.
    env: { ...process.env, PGTEST_SETTINGS: process.env.PGTEST_SETTINGS ?? '-c shared_buffers=4GB -c effective_cache_size=12GB' },
    encoding: 'utf8',
    maxBuffer: 10 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.split('\n').find((l) => l.startsWith(`${prefix} `));
  return line ? (JSON.parse(line.slice(prefix.length + 1)) as T) : undefined;
}

/** PostgreSQL only: a district is several nodes on one server. */
async function district() {
  const result = await onPostgres('district', 'DISTRICT', () => benchDistrict());
  if (!result) {
    console.log('district: skipped (no PostgreSQL: apt-get install postgresql)');
    return;
  }
  const section = districtSection(result);
  writeSection('district', section);
  console.log(section);
}

/** PostgreSQL only: several sites on one installation is what several nodes on one server are for. */
async function sites() {
  const result = await onPostgres('sites', 'SITES', () => benchSites());
  if (!result) {
    console.log('sites: skipped (no PostgreSQL: apt-get install postgresql)');
    return;
  }
  const section = sitesSection(result);
  writeSection('sites', section);
  console.log(section);
}

async function budget() {
  const results: BudgetBenchResult[] = [await benchBudget('embedded')];
  if (process.env.DATABASE_URL) results.push(await benchBudget('postgres'));
  else if (postgresAvailable() && process.env.BENCH_PG !== '0') {
    const out = execFileSync('bash', ['scripts/with-postgres.sh', 'node', '--import', 'tsx', 'bench/run.ts', 'budget-postgres'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 10 * 1024 * 1024,
    });
    const line = out.split('\n').find((l) => l.startsWith('BUDGET '));
    if (line) results.push(JSON.parse(line.slice(7)) as BudgetBenchResult);
  }
  const section = budgetSection(results);
  writeSection('budget', section);
  console.log(section);
}

async function api() {
  const rows: ApiBenchRow[] = await benchApi('embedded');
  if (process.env.DATABASE_URL) rows.push(...(await benchApi('postgres')));
  else if (postgresAvailable() && process.env.BENCH_PG !== '0') {
    const out = execFileSync('bash', ['scripts/with-postgres.sh', 'node', '--import', 'tsx', 'bench/run.ts', 'api-postgres'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 10 * 1024 * 1024,
    });
    const line = out.split('\n').find((l) => l.startsWith('ROWS '));
    if (line) rows.push(...(JSON.parse(line.slice(5)) as ApiBenchRow[]));
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const table = [
    '| storage | endpoint | requests/s | p99 ms | ratio to bare Fastify | goal |',
    '|---|---|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.storage} | ${r.endpoint} | ${Math.round(r.rps)} | ${r.p99} | ${(r.ratio * 100).toFixed(0)} % | ${
          r.ratio === 1 ? 'ceiling' : r.ratio >= 0.4 ? '≥ 40 % ✔' : '≥ 40 % ✘'
        } |`,
    ),
  ].join('\n');
  const section = `## API: hot endpoints vs bare Fastify\n\nMeasured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}; autocannon, 16 connections, median of ${process.env.BENCH_ROUNDS ?? 3} rounds of ${process.env.BENCH_SECONDS ?? 5} s (each after a 2 s warm-up), against the best ceiling of those rounds, server and load generator on the same machine. Signed in as admin (every menu, every key), Accept-Language zh-CN.\n\n${table}\n`;
  writeSection('api', section);
  console.log(section);
}

/** Replace one `<!-- bench:name -->` section of RESULTS.md, keeping the others. */
export function writeSection(name: string, body: string) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  let text = fs.existsSync(RESULTS)
    ? fs.readFileSync(RESULTS, 'utf8')
    : '# Benchmark results\n\nWritten by `npm run bench`; see bench/README.md for what each number means.\n';
  const block = `${start}\n${body}${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(RESULTS, text);
}

await main();
