// A real server for API tests: its own database copied from the run's template, a clock the
// test can move, a known captcha text, listening on a random port, spoken to over real HTTP.
import http from 'node:http';
import { inject } from 'vitest';
import { buildApp, type Services } from '../../server/app.ts';
import { ManualClock } from '../../server/platform/clock.ts';
import { readConfig } from '../../server/platform/config.ts';
import type { Database } from '../../server/platform/db/database.ts';
import { cloneDatabase, type Template, type TestDatabase } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: Template;
  }
}

export const CAPTCHA_TEXT = 'K7PX';

export interface Reply<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code: string; data: T; msg: string };
  raw: string;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string;
  /** Sent as the `hostname` header, as the browser does. */
  site?: string;
  host?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export class TestServer {
  /** Set for a server started on a database of its own (startServer). */
  testDb: TestDatabase | null = null;
  readonly cleanups: Array<() => Promise<void>> = [];

  constructor(
    readonly services: Services,
    readonly port: number,
    readonly clock: ManualClock,
  ) {}

  get database(): Database {
    return this.services.database;
  }

  request<T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const body = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
    if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    if (options.token) headers.token = options.token;
    if (options.site) headers.hostname = options.site === 'demo' ? 'localhost' : `${options.site}.localhost`;
    if (options.lang) headers['accept-language'] = options.lang;
    headers.host = options.host ?? `127.0.0.1:${this.port}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, path, method: options.method ?? (body !== undefined ? 'POST' : 'GET'), headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            let parsed: Reply<T>['body'];
            try {
              parsed = JSON.parse(raw);
            } catch {
              parsed = { code: '', data: undefined as T, msg: '' };
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, raw });
          });
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  get<T = any>(path: string, options: RequestOptions = {}) {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>(path, { ...options, method: 'POST', body: body ?? {} });
  }

  /** Sign in and return the token; fails the test when sign-in fails. */
  async login(loginName: string, password: string, site = 'demo'): Promise<string> {
    const r = await this.post<{ token: string }>('/api/auth/login/account', { loginName, password }, { site });
    if (r.body.code !== '0') throw new Error(`login ${loginName}@${site} failed: ${r.body.code} ${r.body.msg}`);
    return r.body.data.token;
  }

  async close() {
    for (const cleanup of this.cleanups) await cleanup();
  }
}

export async function startServer(): Promise<TestServer> {
  const testDb: TestDatabase = await cloneDatabase(inject('dbTemplate'));
  const server = await startNode(testDb.database, testDb.dataDir);
  server.testDb = testDb;
  server.cleanups.push(
    () => testDb.database.close(),
    () => testDb.drop(),
  );
  return server;
}

/** One app node on a database; closing it leaves the database open. */
export async function startNode(database: Database, dataDir: string, clock = new ManualClock()): Promise<TestServer> {
  const config = { ...readConfig({}), dataDir, webRoot: null };
  const { app, services } = await buildApp({ config, database, secret: 'test-secret', clock, captchaText: () => CAPTCHA_TEXT });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const server = new TestServer(services, port, clock);
  server.cleanups.push(() => app.close());
  return server;
}
