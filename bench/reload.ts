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
import { buildApp } from '../server/app.ts';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { readConfig } from '../server/platform/config.ts';
import { runSchemasCheck } from '../server/schemas/check.ts';

const FILE = path.resolve(import.meta.dirname, '../schemas/policy/policy.list.json');
const RUNS = 5;
const log = (m: string) => console.error(`[bench reload] ${m}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface ReloadBenchResult {
  reloadMs: number;
  checkMs: number;
  runs: number[];
}

export async function benchReload(): Promise<ReloadBenchResult> {
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
        if (text.includes('data:')) return JSON.parse(text.slice(text.indexOf('data:') + 5)) as { ok: boolean };
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
    const checks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      runSchemasCheck();
      checks.push(performance.now() - started);
    }
    return { reloadMs: median(runs), checkMs: median(checks), runs };
  } finally {
    fs.writeFileSync(FILE, original);
    controller.abort();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
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
    `| save → browser told (check, tables, registry, caches) | ${r.reloadMs.toFixed(0)} ms | ≤ 2000 ms (${(r.reloadMs / 2000).toFixed(2)} of it) |`,
    `| floor: schemas:check alone | ${r.checkMs.toFixed(0)} ms | — |`,
    `| ratio to the floor | ${(r.reloadMs / r.checkMs).toFixed(2)}× | — |`,
    '',
    `Runs: ${r.runs.map((x) => x.toFixed(0)).join(', ')} ms.`,
    '',
  ].join('\n');
}
