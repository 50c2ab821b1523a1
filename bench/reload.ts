// Schemas reloaded in development (issue 14: within 2 s, server and browser): the embedded demo,
// the server with SCHEMA_WATCH on, a browser's event stream open. A list file is saved again (same
// meaning, other spacing) five times; measured from the write to the event the browser receives
// (check, tables, registry, caches). The floor in the same run: schemas:check alone, which every
// reload must pass before it serves anything. Medians.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

// The bench saves files: it works on a copy of schemas/ (SCHEMAS_DIR), never the tree itself. The
// server's modules read SCHEMAS_DIR when loaded, so they are loaded after it is set. The copy is
// made when the part runs (made on import, every `npm run bench` of any part left one behind).
const RUNS = 5;
const log = (m: string) => console.error(`[bench reload] ${m}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface ReloadBenchResult {
  reloadMs: number;
  /** A bad list column saved → the event naming it reaches the browser (the banner, issue 35). */
  problemMs: number;
  checkMs: number;
  runs: number[];
  problemRuns: number[];
}

export async function benchReload(): Promise<ReloadBenchResult> {
  const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-schemas-'));
  fs.cpSync(path.resolve(import.meta.dirname, '../schemas'), ROOT, { recursive: true });
  process.env.SCHEMAS_DIR = ROOT;
  const { buildApp } = await import('../server/app.ts');
  const { prepareDatabase } = await import('../server/boot.ts');
  const { systemClock } = await import('../server/platform/clock.ts');
  const { readConfig } = await import('../server/platform/config.ts');
  const { runSchemasCheck } = await import('../server/schemas/check.ts');
  // Loaded earlier by another bench of the same run: the tree itself, the file restored after.
  const { SCHEMAS_DIR } = await import('../server/schemas/files.ts');
  const FILE = path.join(SCHEMAS_DIR, 'policy/policy.list.json');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-reload-'));
  log('migrate and seed');
  const { database } = await prepareDatabase({ databaseUrl: null, dataDir }, systemClock);
  const { app } = await buildApp({
    config: { ...readConfig({}), dataDir, webRoot: null, watchSchemas: true },
    database,
    secret: crypto.randomBytes(32).toString('hex'),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const original = fs.readFileSync(FILE, 'utf8');
  const controller = new AbortController();
  try {
    const events = await fetch(`http://127.0.0.1:${port}/api/schema/events`, { signal: controller.signal });
    const reader = events.body!.getReader();
    const next = async () => {
      for (;;) {
        const { value } = await reader.read();
        const text = new TextDecoder().decode(value);
        if (text.includes('data:'))
          return JSON.parse(text.slice(text.indexOf('data:') + 5)) as { ok: boolean; problems: string[] };
      }
    };
    await reader.read(); // the stream's opening comment
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      fs.writeFileSync(FILE, `${JSON.stringify(JSON.parse(original), null, i % 2 ? 4 : 3)}\n`);
      const news = await next();
      if (!news.ok) throw new Error('the reload found a problem');
      runs.push(performance.now() - started);
    }
    // A fault today's check names (a list column of a field the entity does not have), then the
    // fix: from each save of the fault to the news that carries the problem to the browser.
    const problemRuns: number[] = [];
    const bad = original.replace(/"field":\s*"[A-Za-z]+"/, '"field": "noSuchField"');
    if (bad === original) throw new Error('no list column to break');
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      fs.writeFileSync(FILE, bad);
      const news = await next();
      if (news.ok || !news.problems.some((p) => p.includes('policy/policy.list.json'))) throw new Error('the fault was not told');
      problemRuns.push(performance.now() - started);
      fs.writeFileSync(FILE, original);
      if (!(await next()).ok) throw new Error('the fix was not taken');
    }
    const checks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      runSchemasCheck();
      checks.push(performance.now() - started);
    }
    return { reloadMs: median(runs), problemMs: median(problemRuns), checkMs: median(checks), runs, problemRuns };
  } finally {
    fs.writeFileSync(FILE, original);
    controller.abort();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(ROOT, { recursive: true, force: true });
  }
}

export function reloadSection(r: ReloadBenchResult): string {
  const at = new Date().toISOString().slice(0, 16);
  return [
    '## Schemas reloaded in development',
    '',
    `Measured ${at}Z on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ')[0] ?? 'CPU'}, Node ${process.version}, embedded database with the demo seed (\`npm run bench -- reload\`). A list file saved again (${r.runs.length} times), from the write to the event an open browser receives; the floor is \`schemas:check\` alone, which a reload must pass first.`,
    '',
    '| measure | median | goal |',
    '| --- | ---: | ---: |',
    `| save → browser told (check, tables, registry, caches) | ${r.reloadMs.toFixed(0)} ms | ≤ 1000 ms (${(r.reloadMs / 1000).toFixed(2)} of it) |`,
    `| a bad list column saved → banner told (the news naming it) | ${r.problemMs.toFixed(0)} ms | ≤ 1000 ms (${(r.problemMs / 1000).toFixed(2)} of it) |`,
    `| floor: schemas:check alone | ${r.checkMs.toFixed(0)} ms | — |`,
    `| ratio to the floor: save → told / bad → banner | ${(r.reloadMs / r.checkMs).toFixed(2)}× / ${(r.problemMs / r.checkMs).toFixed(2)}× | — |`,
    '',
    `Runs: ${r.runs.map((x) => x.toFixed(0)).join(', ')} ms; bad: ${r.problemRuns.map((x) => x.toFixed(0)).join(', ')} ms.`,
    '',
  ].join('\n');
}
