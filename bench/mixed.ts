// Tail latency under a mixed load (issue 37): the working day of bench/workload.ts — list pages,
// documents, claims of 20 lines saved and submitted, approvals — on the embedded database at 1, 16
// and 64 connections, against bare Fastify at the same connection count in the same run, driven by
// the same client (a closed loop of fetch). Then a document alone at 64 connections with autocannon,
// against bare Fastify with autocannon. Goal: p99 at 64 connections ≤ 10 × bare's p99, 0 errors.
import os from 'node:os';
import { startBare, startServer } from './api.ts';
import { cpuFloor, cpuMeter, type CpuFloor } from './cpu.ts';
import { run as autocannonRun, serverProcess, type LoadRun } from './load.ts';
import { KIND_LABELS, KINDS, prepareMixedWorkload, runBareLoop, type KindFigures, type MixedFigures } from './workload.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_MIXED_LEVELS ?? '1,16,64').split(',').map(Number);
const GOAL = 10;

export interface MixedLevel {
  connections: number;
  mixed: MixedFigures;
  bare: KindFigures;
  load1: number;
  /** Where the CPU went during the product's run, and the least mean wait it allows. */
  cpu: CpuFloor;
}

export interface MixedBenchResult {
  storage: 'embedded';
  seconds: number;
  levels: MixedLevel[];
  /** A claim's infoById alone with autocannon, and bare Fastify so, at the top level. */
  document: { connections: number; run: LoadRun; bare: LoadRun };
  load1: [number, number];
  wallSeconds: number;
}

const log = (m: string) => console.error(`[bench mixed] ${m}`);

export async function benchMixed(): Promise<MixedBenchResult> {
  const began = Date.now();
  const loadBefore = os.loadavg()[0]!;
  const bare = await startBare();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer('embedded');
    const workload = await prepareMixedWorkload({ bases: [server.base], log });
    log('warm-up');
    await runBareLoop(bare.url, 16, 2);
    await workload.run({ connections: 16, seconds: 2 });
    const levels: MixedLevel[] = [];
    const pid = serverProcess(server.child).pid;
    for (const connections of LEVELS) {
      log(`${connections} connections`);
      const ceiling = await runBareLoop(bare.url, connections, SECONDS);
      const meter = cpuMeter([pid], { postgres: null });
      const mixed = await workload.run({ connections, seconds: SECONDS });
      const cpu = cpuFloor(meter.stop(), mixed.requests, connections);
      levels.push({ connections, mixed, bare: ceiling, load1: os.loadavg()[0]!, cpu });
    }
    const top = Math.max(...LEVELS);
    log(`a document alone at ${top} connections`);
    const doc = workload.document();
    const bareDoc = await autocannonRun(bare.url, top, SECONDS);
    const docRun = await autocannonRun(doc.url, top, SECONDS, doc.headers);
    return {
      storage: 'embedded',
      seconds: SECONDS,
      levels,
      document: { connections: top, run: docRun, bare: bareDoc },
      load1: [loadBefore, os.loadavg()[0]!],
      wallSeconds: (Date.now() - began) / 1000,
    };
  } finally {
    bare.child.kill();
    await server?.stop();
  }
}

/** The least mean wait of a level's closed loops: the embedded connection's, or the cores', the larger. */
const connectionFloor = (l: MixedLevel) => l.connections * l.mixed.all.heldMean;
const floorOf = (l: MixedLevel) => Math.max(l.cpu.floorMeanMs, connectionFloor(l));

const ms = (v: number) => (Number.isNaN(v) ? '—' : v >= 10 ? v.toFixed(0) : v.toFixed(1));

export function mixedSection(r: MixedBenchResult): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const top = r.levels[r.levels.length - 1]!;
  const ratio = top.mixed.all.p99 / top.bare.p99;
  const errors = r.levels.reduce((n, l) => n + l.mixed.errors, 0);
  const levels = [
    '| connections | requests/s | p50 ms | p95 ms | p99 ms | max ms | errors | bare p99 ms | p99 ratio to bare | server CPU a request, ms | cores busy (server + client) | floor: least mean wait, ms | p99 / floor | 1-min load |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.levels.map(
      (l) =>
        `| ${l.connections} | ${Math.round(l.mixed.perSecond)} | ${ms(l.mixed.all.p50)} | ${ms(l.mixed.all.p95)} | ${ms(l.mixed.all.p99)} | ${ms(l.mixed.all.max)} | ${l.mixed.errors} | ${ms(l.bare.p99)} | ${(l.mixed.all.p99 / l.bare.p99).toFixed(1)} × | ${ms(l.cpu.perRequestMs)} | ${l.cpu.coresBusy.toFixed(2)} | ${ms(floorOf(l))} | ${(l.mixed.all.p99 / floorOf(l)).toFixed(2)} × | ${l.load1.toFixed(1)} |`,
    ),
  ].join('\n');
  const kinds = [
    `| at ${top.connections} connections | requests | p50 ms | p95 ms | p99 ms | max ms | errors | turns at the connection (mean) | holding it, mean ms | wait for it p99 / max ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...KINDS.map((k) => {
      const f = top.mixed.kinds[k];
      return `| ${KIND_LABELS[k]} | ${f.requests} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.errors} | ${f.turns.toFixed(1)} | ${ms(f.heldMean)} | ${ms(f.waitP99)} / ${ms(f.waitMax)} |`;
    }),
  ].join('\n');
  const tail = top.mixed.tail;
  const failures = r.levels.flatMap((l) => KINDS.flatMap((k) => l.mixed.kinds[k].failures));
  const d = r.document;
  return `## Mixed load: a working day at 1 / 16 / 64 connections vs bare Fastify

Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${cpu}, Node ${process.version}, 1-minute load ${r.load1[0].toFixed(1)} before and ${r.load1[1].toFixed(1)} after; the whole part ${r.wallSeconds.toFixed(0)} s. The server is \`node --import tsx server/main.ts\` as a child process (production mode, fresh data directory, ${r.storage} database). Each connection is a closed loop (bench/workload.ts): a list page (reimbursements as staff, or the indicators as admin), a document (a claim of 20 lines), a claim of 20 lines and 20 invoices saved and submitted, the head's to-do list and one task approved. Bare Fastify (bench/bare-server.mjs) is driven by the same client at the same connection count just before each level; ${r.seconds} s each, after a 2 s warm-up at 16.

${levels}

${kinds}

- p99 at ${top.connections} connections ≤ ${GOAL} × bare Fastify's p99 at the same load: ${ms(top.mixed.all.p99)} ms vs ${ms(GOAL * top.bare.p99)} ms, ${ratio.toFixed(1)} × ${ratio <= GOAL ? '✔' : '✘'}
- the floor, measured in the same run: ${top.connections} closed loops wait on average at least ${top.connections} ÷ the requests a second the machine can serve (Little's law, whatever the order of the queue). The server took ${ms(top.cpu.perRequestMs)} ms of CPU a request (from /proc; the client ${ms(top.cpu.clientPerRequestMs)} ms more), so ${os.cpus().length} cores serve at most ${Math.round((os.cpus().length * 1000) / top.cpu.perRequestMs)} a second: at least ${ms(top.cpu.floorMeanMs)} ms on average. The embedded database is one connection, held ${ms(top.mixed.all.heldMean)} ms a request (Server-Timing), so it serves at most ${Math.round(1000 / top.mixed.all.heldMean)} a second: at least ${ms(connectionFloor(top))} ms on average. The larger, ${ms(floorOf(top))} ms, is the floor; ${floorOf(top) > GOAL * top.bare.p99 ? `the goal, ${ms(GOAL * top.bare.p99)} ms, is ${(floorOf(top) / (GOAL * top.bare.p99)).toFixed(1)} × below it, so no order of the queue can meet the goal on this machine` : `the goal, ${ms(GOAL * top.bare.p99)} ms, is above it`}. p99 ${ms(top.mixed.all.p99)} ms is **${(top.mixed.all.p99 / floorOf(top)).toFixed(2)} × the floor**: the queue is fair when the slowest 1 % wait little more than the mean anyone must.
- errors: ${errors} ${errors === 0 ? '✔' : '✘'}${failures.length ? ` (${[...new Set(failures)].slice(0, 3).join('; ')})` : ''}; approvals skipped for want of a free task: ${r.levels.reduce((n, l) => n + l.mixed.nothingToApprove, 0)}
${tail ? `- the tail: the slowest 1 % at ${top.connections} connections took ${ms(tail.meanMs)} ms on average, of which ${ms(tail.meanWaitMs)} ms waiting for the database connection over ${tail.meanTurns.toFixed(1)} turns; the other 99 % waited ${ms(tail.restMeanWaitMs)} ms over ${tail.restMeanTurns.toFixed(1)} turns (Server-Timing)\n` : ''}- a document alone (\`GET /api/expense/funds/infoById/…\`, autocannon, ${d.connections} connections): p50 ${ms(d.run.p50)} ms, p99 ${ms(d.run.p99)} ms, max ${ms(d.run.max)} ms, ${Math.round(d.run.rps)} req/s, errors / timeouts / non-2xx ${d.run.errors} / ${d.run.timeouts} / ${d.run.non2xx}; bare Fastify so: p99 ${ms(d.bare.p99)} ms, ratio ${(d.run.p99 / d.bare.p99).toFixed(1)} ×
`;
}
