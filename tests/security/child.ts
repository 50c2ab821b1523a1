// The real server as an operator runs it: `server/main.ts` in a process of its own (TypeScript
// through tsx, as scripts/start.mjs starts it), on its own DATA_DIR and a free port, its log
// kept line by line. The campaign reads that log and kills the process with -9.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { Template } from '../support/database.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface Answer {
  status: number;
  /** The envelope, or an empty one when the answer is not JSON (a file, an HTML page). */
  body: { code: string; data: any; msg: string };
  raw: string;
  headers: http.IncomingHttpHeaders;
}

export interface Call {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (a body JSON.stringify cannot make: __proto__ keys, 10 000 levels). */
  rawBody?: string;
  token?: string;
  site?: 'demo' | 'city';
  lang?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

// A connection per request: a server that closes a connection after answering a refused body never
// breaks the next request, so a missing answer is the server's.
const agent = new http.Agent({ keepAlive: false });

/** One HTTP call to a server on 127.0.0.1; a refused connection or a timeout rejects. */
export function call(port: number, url: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  const body = c.rawBody ?? (c.body !== undefined ? JSON.stringify(c.body) : undefined);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  if (c.token) headers.token = c.token;
  if (c.site) headers.hostname = c.site === 'demo' ? 'localhost' : `${c.site}.localhost`;
  if (c.lang) headers['accept-language'] = c.lang;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: url, method: c.method ?? (body !== undefined ? 'POST' : 'GET'), headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let parsed: Answer['body'];
          try {
            parsed = JSON.parse(raw);
            if (!parsed || typeof parsed !== 'object') throw new Error('not an envelope');
          } catch {
            parsed = { code: '', data: undefined, msg: '' };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, raw, headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(c.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${c.method ?? 'GET'} ${url.slice(0, 120)}`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface ChildServer {
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Every line the server wrote to stdout and stderr, in order. */
  log: string[];
  call(url: string, c?: Call): Promise<Answer>;
  /** Sign in through the API; throws when the server refuses. */
  login(loginName: string, password: string, site?: 'demo' | 'city'): Promise<string>;
  /** SIGTERM and wait for the exit (the server's own shutdown). */
  stop(): Promise<void>;
  /** kill -9, and wait until the process is gone. */
  kill9(): Promise<void>;
  exited: Promise<number | null>;
}

/** A data directory of its own: a copy of the run's embedded template (migrated and seeded), or empty. */
export function freshDataDir(templateDir?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-security-'));
  if (templateDir) {
    fs.cpSync(templateDir, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'embedded.pid'), { force: true });
  }
  return dir;
}

/**
 * Storage of its own for a child server, equal to the run's template: a copied data directory
 * (embedded), or a database made from the template on the PostgreSQL server (DATABASE_URL set).
 */
export async function storageFrom(
  template: Template,
): Promise<{ dataDir: string; env: Record<string, string>; drop(): Promise<void> }> {
  if (template.kind === 'embedded') {
    const dataDir = freshDataDir(template.dir);
    return { dataDir, env: {}, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `nk_sec_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.name}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const dataDir = freshDataDir();
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const a = new pg.Client({ connectionString: template.url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts `server/main.ts` on the data directory (or DATABASE_URL in env) and a free port; resolves
 * once it listens (its start banner names the port).
 */
export async function startChild(
  dataDir: string,
  env: Record<string, string> = {},
  startTimeoutMs = 120_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'security-campaign-secret',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  // A test process that dies leaves no server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', orphan);
      // A server that dies says so in its log, which a failing test prints.
      log.push(`[server exited: code ${code}, signal ${signal}]`);
      resolve(code);
    }),
  );
  let port = 0;
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${startTimeoutMs} ms:\n${log.join('\n')}`)),
      startTimeoutMs,
    );
    const take = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          log.push(line);
          const m = /is running: http:\/\/localhost:(\d+)\//.exec(line);
          if (m && !port) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        }
      });
      stream.on('end', () => rest && log.push(rest));
    };
    take(child.stdout!);
    take(child.stderr!);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${log.join('\n')}`));
    });
  });
  port = await listening;
  const server: ChildServer = {
    port,
    dataDir,
    process: child,
    log,
    exited,
    call: (url, c) => call(port, url, c),
    async login(loginName, password, site = 'demo') {
      const r = await call(port, '/api/auth/login/account', { body: { loginName, password }, site });
      if (r.body.code !== '0') throw new Error(`login ${loginName}@${site} failed: ${r.body.code} ${r.body.msg}`);
      return r.body.data.token as string;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
  return server;
}

/** Log lines of the server at level error or above (pino JSON: level ≥ 50), and its unhandled errors. */
export function errorLines(log: string[]): { errors: string[]; unhandled: string[] } {
  const errors = log.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
  return { errors, unhandled: log.filter((l) => l.includes('unhandled error')) };
}
