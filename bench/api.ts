// API throughput of the hot endpoints against bare Fastify, measured in the same run with
// autocannon: every page load asks for the user's info and menus. Goal: ≥ 40 % of bare Fastify.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(ready);
      if (match) resolve({ child, match });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`${command} exited ${code}: ${out.slice(-2000)}`)));
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so the JIT and caches are hot, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, bytes: r.throughput.average };
}

export interface ApiBenchRow {
  storage: string;
  endpoint: string;
  rps: number;
  p99: number;
  ratio: number;
}

/** The ceiling: bench/bare-server.mjs, Fastify answering a constant envelope; its URL. */
export async function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const bare = await startProcess('node', ['bench/bare-server.mjs'], {}, /PORT (\d+)/);
  return { child: bare.child, url: `http://127.0.0.1:${bare.match[1]}/api/hello` };
}

/**
 * The real server as a child process (`node --import tsx server/main.ts`, production mode, on a
 * fresh data directory): on the embedded database, or on DATABASE_URL for 'postgres'.
 * `stop` ends it and removes the data directory.
 */
export async function startServer(
  storage: 'embedded' | 'postgres',
): Promise<{ child: ChildProcess; base: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-bench-'));
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  if (storage === 'embedded') delete env.DATABASE_URL;
  else if (!process.env.DATABASE_URL) throw new Error('postgres bench needs DATABASE_URL');
  const server = await startProcess(
    'node',
    ['--import', 'tsx', 'server/main.ts'],
    storage === 'embedded' ? { ...env, DATABASE_URL: '' } : env,
    /localhost:(\d+)\//,
  ).catch((err: Error) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    child: server.child,
    base: `http://127.0.0.1:${server.match[1]}`,
    stop: async () => {
      server.child.kill();
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sign in as the demo site's admin (every menu, every key); the headers a browser then sends. */
export async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: 'Admin@12345' }),
  }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  // What a browser sends: its language and that it takes gzip.
  return {
    token: login.data.token,
    hostname: 'localhost',
    'accept-language': 'zh-CN',
    'accept-encoding': 'gzip, deflate, br',
  };
}

export async function benchApi(storage: 'embedded' | 'postgres'): Promise<ApiBenchRow[]> {
  const bare = await startBare();
  const bareUrl = bare.url;
  let ceiling = await load(bareUrl);

  const server = await startServer(storage);
  const base = server.base;
  try {
    const headers = await signIn(base);
    // Rounds of ceiling, menus, info; the median of each counts and the best ceiling, so a busy
    // moment on the machine neither flatters nor spoils the ratio.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const endpoints = ['/api/core/menu/user', '/api/core/user/info'];
    const samples = new Map<string, Array<{ rps: number; p99: number }>>(endpoints.map((e) => [e, []]));
    for (let round = 0; round < rounds; round++) {
      if (round > 0) {
        const again = await load(bareUrl);
        if (again.rps > ceiling.rps) ceiling = again;
      }
      for (const endpoint of endpoints) samples.get(endpoint)!.push(await load(`${base}${endpoint}`, headers));
    }
    const median = (xs: Array<{ rps: number; p99: number }>) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)]!;
    return [
      { storage, endpoint: 'bare Fastify hello-world', rps: ceiling.rps, p99: ceiling.p99, ratio: 1 },
      ...endpoints.map((endpoint) => {
        const m = median(samples.get(endpoint)!);
        return { storage, endpoint: `GET ${endpoint}`, rps: m.rps, p99: m.p99, ratio: m.rps / ceiling.rps };
      }),
    ];
  } finally {
    bare.child.kill();
    await server.stop();
  }
}
