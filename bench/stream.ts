// Exports and imports at size (issue 37), on the embedded database with the demo seed and
// BENCH_STREAM_ROWS (default 100,000) more asset cards of the demo school:
// - Export: GET /asset/card/export over real HTTP (default sort, reference and dictionary labels,
//   data scope) of a tenth of the cards (a filter) and of all of them: time, bytes, and the server
//   process's peak RSS above its idle RSS (the server runs in this process: sampled every 50 ms).
//   Floor: the same rows read by direct SQL in the same run. Bounded: the peak at all the cards is
//   not ~10× the peak at a tenth of them.
// - The same large export read by a slow client (64 KB every 20 ms): the server must not hold the
//   file for it.
// - Import: POST /asset/card/import of BENCH_STREAM_IMPORT (default 10,000) cards and of a tenth of
//   them (time, peak RSS above idle, and the longest wait of a request made meanwhile: the embedded
//   database is one connection). Floor: the same cards inserted by one SQL statement. Then the same
//   file again with a full collection before each heap sample: the heap the import holds (live),
//   not the garbage the collector has not yet reclaimed. Each import size runs in a process of its
//   own on a fresh database (`benchImport`), so what an earlier part left is no part of its figure.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { adminToken, cardPlaces, startBenchApp } from './app.ts';

const ROWS = Number(process.env.BENCH_STREAM_ROWS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_STREAM_IMPORT ?? 10_000);
const log = (m: string) => console.error(`[bench stream] ${m}`);
const MB = 1024 * 1024;

export interface ExportFigure {
  rows: number;
  ms: number;
  bytes: number;
  peakMB: number;
  /** The JavaScript heap's peak above idle: what the product's code holds (not the database's pages). */
  heapMB: number;
  sqlMs: number;
  /** The same export again, the heap sampled after a full collection every 250 ms: what it holds. */
  liveMB: number;
}
export interface ImportFigure {
  rows: number;
  ms: number;
  peakMB: number;
  heapMB: number;
  sqlMs: number;
  /** The longest answer of GET /asset/card/page (one row, and the count), asked every 100 ms while the import ran. */
  longestWaitMs: number;
  /** The longest answer of a request that reads no database (the server's 404), asked as often. */
  longestBareMs: number;
  /** The same import again, the heap sampled after a full collection every 250 ms: what it holds. */
  liveMB: number;
}
export interface StreamBenchResult {
  cards: number;
  exports: ExportFigure[];
  slow: { rows: number; ms: number; peakMB: number; heapMB: number };
  imports: ImportFigure[];
  exportRatio: number;
  importRatio: number;
}

/**
 * Runs `work` while sampling this process's RSS and JavaScript heap every 50 ms: its time and the
 * peaks above idle (MB). The RSS also counts the embedded database (WebAssembly memory) and what the
 * allocator has not given back; the heap is the product's JavaScript.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function measured<T>(
  work: () => Promise<T>,
  live = false,
): Promise<{ value: T; ms: number; peakMB: number; heapMB: number }> {
  // Idle after collections that free what weak references and finalisers held too.
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 100));
  }
  const idle = process.memoryUsage();
  let peak = idle.rss;
  // Live: the highest collected heap of the samples themselves. What idle held and the work's
  // first collections let go (the audit sealer's last batch of an import before: 2,000 records'
  // text until its next run) is no part of this work's heap.
  let heap = live ? 0 : idle.heapUsed;
  // Live: the lowest collected heap seen is the floor too — what an earlier part left for the
  // collector to free later (a 100,000-row export's) would otherwise hide what this one holds.
  let floor = idle.heapUsed;
  const sample = () => {
    if (live) gc();
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heap = Math.max(heap, m.heapUsed);
    if (live) floor = Math.min(floor, m.heapUsed);
  };
  const timer = setInterval(sample, live ? 250 : 50);
  const t = performance.now();
  try {
    const value = await work();
    sample();
    return {
      value,
      ms: performance.now() - t,
      peakMB: (peak - idle.rss) / MB,
      heapMB: (heap - Math.min(floor, idle.heapUsed)) / MB,
    };
  } finally {
    clearInterval(timer);
  }
}

/** GET over real HTTP, the body counted and dropped (or read slowly: `pace` ms per 64 KB). */
function download(url: string, token: string, pace = 0): Promise<{ status: number; bytes: number; type: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { token, 'accept-language': 'zh-CN' } }, (res) => {
      let bytes = 0;
      if (pace) {
        res.pause();
        const step = () => {
          let chunk: Buffer | null;
          let taken = 0;
          while (taken < 65536 && (chunk = res.read() as Buffer | null)) taken += chunk.length;
          bytes += taken;
          if (res.readableEnded) return;
          setTimeout(step, pace);
        };
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, type: String(res.headers['content-type']) }));
        res.on('readable', () => undefined);
        setTimeout(step, pace);
        return;
      }
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
  });
}

export async function benchStream(): Promise<StreamBenchResult> {
  const { exports, slow } = await benchExports();
  // Each import in a process of its own, after the exports' server has closed.
  const imports = [Math.round(IMPORT_ROWS / 10), IMPORT_ROWS].map(importInOwnProcess);
  // Bounded: the product's heap at all the rows against at a tenth of them (1 MB at least, the noise).
  const ratio = (xs: Array<{ liveMB: number }>) => Math.max(xs[1]!.liveMB, 1) / Math.max(xs[0]!.liveMB, 1);
  return { cards: ROWS, exports, slow, imports, exportRatio: ratio(exports), importRatio: ratio(imports) };
}

/** The exports of a tenth of ROWS cards and of all of them, and the slow client, on one server. */
async function benchExports(): Promise<Pick<StreamBenchResult, 'exports' | 'slow'>> {
  log('migrate and seed');
  const bench = await startBenchApp('stream');
  const { services, db, base } = bench;
  try {
    const site = services.sites.get('demo')!;
    const { category, dept } = await cardPlaces(db, site.id);
    // The whole list is ROWS cards: the seed's and as many more.
    const seeded = Number(
      (await sql<{ n: number }>`select count(*) as n from as_card where top_dept_id = ${site.id}`.execute(db)).rows[0]!.n,
    );
    log(`insert ${ROWS - seeded} cards`);
    // A tenth of them stand in one building (the filter of the smaller export).
    await sql`insert into as_card (top_dept_id, asset_no, asset_name, category_id, spec, unit, cost, entry_date, life_months, dept_id,
        location, asset_state, source, supplier, accumulated_depreciation, depreciated_months, remark, created_at)
      select ${site.id}, 'BN-' || lpad(g::text, 7, '0'), '基准台式计算机', ${category}, 'i5/16G/512G', '台',
        (1000 + (g * 7919) % 49000)::numeric(18,2), (current_date - ((g * 31) % 1800))::date, 60 + (g % 61), ${dept},
        case when g % 10 = 0 then '流式楼' else '基准楼 ' || (g % 50) end, '0', '1', '基准供应商有限公司', 0, 0,
        '基准数据 ' || g, now()
      from generate_series(1, ${ROWS - seeded}) g`.execute(db);
    await sql`analyze as_card`.execute(db);

    const token = await adminToken(base);
    // A warm-up: the first export compiles what every later one reuses.
    await download(`${base}/asset/card/export?location=${encodeURIComponent('流式楼')}&pageSize=10`, token);

    const exports: ExportFigure[] = [];
    for (const [filter, where] of [
      [`?location=${encodeURIComponent('流式楼')}`, sql`and location like '%流式楼%'`],
      ['', sql``],
    ] as const) {
      const m = await measured(() => download(`${base}/asset/card/export${filter}`, token));
      if (m.value.status !== 200 || !m.value.type.includes('spreadsheetml')) throw new Error(`export answered ${m.value.type}`);
      const live = await measured(() => download(`${base}/asset/card/export${filter}`, token), true);
      const t = performance.now();
      const read = await sql<{ n: number }>`select * from as_card where top_dept_id = ${site.id} ${where}
        order by asset_no desc nulls last, id desc`.execute(db);
      const sqlMs = performance.now() - t;
      exports.push({
        rows: read.rows.length,
        ms: m.ms,
        bytes: m.value.bytes,
        peakMB: m.peakMB,
        heapMB: m.heapMB,
        sqlMs,
        liveMB: live.heapMB,
      });
      log(
        `export ${read.rows.length} rows: ${m.ms.toFixed(0)} ms, ${(m.value.bytes / MB).toFixed(1)} MB, peak +${m.peakMB.toFixed(1)} MB, heap +${m.heapMB.toFixed(1)} MB (live +${live.heapMB.toFixed(1)} MB); SQL ${sqlMs.toFixed(0)} ms`,
      );
    }
    const slowRun = await measured(() => download(`${base}/asset/card/export`, token, 20));
    const slow = { rows: exports[1]!.rows, ms: slowRun.ms, peakMB: slowRun.peakMB, heapMB: slowRun.heapMB };
    log(`slow client: ${slow.ms.toFixed(0)} ms, peak +${slow.peakMB.toFixed(1)} MB, heap +${slow.heapMB.toFixed(1)} MB`);

    return { exports, slow };
  } finally {
    await bench.close();
  }
}

/** `benchImport(n)` in a child process (bench/run.ts's `stream-import` part), read back from its IMPORT line. */
function importInOwnProcess(n: number): ImportFigure {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'stream-import', String(n)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = out.split('\n').find((l) => l.startsWith('IMPORT '));
  if (!line) throw new Error(`the import of ${n} rows printed no figure`);
  return JSON.parse(line.slice('IMPORT '.length)) as ImportFigure;
}

/** An import of n cards into a fresh server of its own (this process): its figures. */
export async function benchImport(n: number): Promise<ImportFigure> {
  log(`import ${n}: migrate and seed`);
  const bench = await startBenchApp('import');
  const { services, db, base } = bench;
  try {
    const site = services.sites.get('demo')!;
    const { category, dept } = await cardPlaces(db, site.id);
    const token = await adminToken(base);
    const file = await cardsFile(n);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'cards.xlsx');
      const r = await fetch(`${base}/asset/card/import`, {
        method: 'POST',
        body: form,
        headers: { token, 'accept-language': 'zh-CN' },
      });
      return (await r.json()) as { code: string; msg: string; data: { imported: number } };
    };
    // The probe runs in a process of its own: in this one it would wait with the server it times.
    const probe = waitsMeanwhile(
      `${base}/asset/card/page?pageNum=1&pageSize=1`,
      `${base.replace(/\/api$/, '')}/bench-no-such-page`,
      token,
    );
    const m = await measured(upload);
    const { db: longestWaitMs, bare: longestBareMs } = await probe.stop();
    if (m.value.code !== '0' || m.value.data.imported !== n) throw new Error(`import of ${n}: ${m.value.code} ${m.value.msg}`);
    const again = await measured(upload, true);
    if (again.value.code !== '0') throw new Error(`import of ${n} again: ${again.value.code} ${again.value.msg}`);
    // The floor: the same cards by one statement, rolled back.
    const t = performance.now();
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into as_card (top_dept_id, asset_no, asset_name, category_id, spec, unit, cost, entry_date, life_months, dept_id,
          location, asset_state, source, supplier, accumulated_depreciation, depreciated_months, remark, created_at)
        select ${site.id}, 'SQL-' || lpad(g::text, 7, '0'), '导入台式计算机', ${category}, 'i5/16G/512G', '台',
          (1000 + g % 4900)::numeric(18,2), '2024-03-01', 72, ${dept}, '导入楼', '0', '1', '导入供应商有限公司', 0, 0,
          '导入 ' || g, now()
        from generate_series(1, ${n}) g`.execute(trx);
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
    const sqlMs = performance.now() - t;
    const figure: ImportFigure = {
      rows: n,
      ms: m.ms,
      peakMB: m.peakMB,
      heapMB: m.heapMB,
      sqlMs,
      longestWaitMs,
      longestBareMs,
      liveMB: again.heapMB,
    };
    log(
      `import ${n} rows: ${m.ms.toFixed(0)} ms, peak +${m.peakMB.toFixed(1)} MB, heap +${m.heapMB.toFixed(1)} MB (live +${again.heapMB.toFixed(1)} MB), a request waited up to ${longestWaitMs.toFixed(0)} ms (no database: ${longestBareMs.toFixed(0)} ms); SQL ${sqlMs.toFixed(0)} ms`,
    );
    return figure;
  } finally {
    await bench.close();
  }
}

/** An xlsx of n asset cards as a user fills the import template (its workbook unreachable after: not in the idle heap). */
export async function cardsFile(n: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cards');
  sheet.addRow([
    '资产名称',
    '资产分类',
    '规格型号',
    '计量单位',
    '原值',
    '入账日期',
    '使用年限（月）',
    '使用部门',
    '存放地点',
    '取得方式',
    '供应商',
    '备注',
  ]);
  for (let i = 1; i <= n; i++)
    sheet.addRow([
      '导入台式计算机',
      'A02010104',
      'i5/16G/512G',
      '台',
      `${1000 + (i % 4900)}.00`,
      '2024-03-01',
      72,
      '教务处',
      `导入楼 ${n}`,
      '采购',
      '导入供应商有限公司',
      `导入 ${i}`,
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Asks both addresses every 100 ms from a child process until stopped: the longest answer of each
 * (ms). A request that came while the server could not answer counts from when it was sent.
 */
function waitsMeanwhile(dbUrl: string, bareUrl: string, token: string) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const [db, bare, token] = process.argv.slice(1);
      const worst = { db: 0, bare: 0 };
      let running = true;
      process.stdin.on('end', () => (running = false)).resume();
      const ask = async (key, url) => {
        while (running) {
          const t = performance.now();
          await fetch(url, { headers: key === 'db' ? { token } : {} }).then((r) => r.arrayBuffer()).catch(() => {});
          worst[key] = Math.max(worst[key], performance.now() - t);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await Promise.all([ask('db', db), ask('bare', bare)]);
      process.stdout.write(JSON.stringify(worst));`,
      dbUrl,
      bareUrl,
      token,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const done = new Promise<{ db: number; bare: number }>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited ${code}`)))),
  );
  return {
    stop() {
      child.stdin.end();
      return done;
    },
  };
}

export function streamSection(r: StreamBenchResult): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const n = (x: number) => x.toLocaleString('en-US');
  const exports = r.exports
    .map(
      (e) =>
        `| ${n(e.rows)} | ${e.ms.toFixed(0)} | ${(e.bytes / MB).toFixed(1)} | ${e.peakMB.toFixed(1)} | ${e.heapMB.toFixed(1)} | ${e.liveMB.toFixed(1)} | ${e.sqlMs.toFixed(0)} | ${(e.ms / e.sqlMs).toFixed(1)}× |`,
    )
    .join('\n');
  const imports = r.imports
    .map(
      (i) =>
        `| ${n(i.rows)} | ${i.ms.toFixed(0)} | ${i.peakMB.toFixed(1)} | ${i.heapMB.toFixed(1)} | ${i.liveMB.toFixed(1)} | ${i.longestWaitMs.toFixed(0)} | ${i.longestBareMs.toFixed(0)} | ${i.sqlMs.toFixed(0)} | ${(i.ms / i.sqlMs).toFixed(1)}× |`,
    )
    .join('\n');
  return `## Streams: exports of ${n(r.cards)} rows and imports of ${n(r.imports[1]!.rows)}

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}, embedded database (PGlite), the demo seed plus ${n(r.cards)} asset cards (\`npm run bench -- stream\`). Peak: the server process's RSS sampled every 50 ms, above its RSS just before (the server runs in the bench's process); it also counts the embedded database (WebAssembly memory) and what the allocator has not given back. Peak heap: the JavaScript heap's peak above idle, garbage not yet collected included. Live heap: the same export or import run again, the heap sampled after a full collection every 250 ms, above the lowest such sample (or idle) — what the product holds; "bounded" compares it.

Export (GET /asset/card/export over real HTTP: default sort, category, department and dictionary labels, data scope; read in pages of 1,000 rows, each its own statement) against the same rows read by direct SQL:

| rows | ms | MB sent | peak RSS MB | peak heap MB | live heap MB | SQL ms | ratio |
|---:|---:|---:|---:|---:|---:|---:|---:|
${exports}

Live heap (1 MB at least: the noise) at ${n(r.exports[1]!.rows)} rows / at ${n(r.exports[0]!.rows)}: **${r.exportRatio.toFixed(2)}×** (bounded: well under the 10× of the rows ${r.exportRatio < 5 ? '✔' : '✘'}). A slow client (64 KB every 20 ms) of the ${n(r.slow.rows)} rows: ${r.slow.ms.toFixed(0)} ms, peak RSS +${r.slow.peakMB.toFixed(1)} MB, heap +${r.slow.heapMB.toFixed(1)} MB.

Import (POST /asset/card/import: the sheet read row by row, every row through the save pipeline, all or nothing, one transaction; each size in a process of its own on a fresh database, so that nothing the exports left is collected during it) against the same cards inserted by one SQL statement. "Waited" is the longest answer, asked every 100 ms from another process meanwhile, of GET /asset/card/page?pageSize=1 (it needs the database, which the import's transaction holds to its end) and of a request that needs none (the server's 404):

| rows | ms | peak RSS MB | peak heap MB | live heap MB | waited ms | no database ms | SQL ms | ratio |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${imports}

Live heap (1 MB at least) at ${n(r.imports[1]!.rows)} rows / at ${n(r.imports[0]!.rows)}: **${r.importRatio.toFixed(2)}×** (bounded: well under the 10× of the rows ${r.importRatio < 5 ? '✔' : '✘'}).
`;
}
