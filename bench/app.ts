// The product as a bench runs it: a fresh embedded database in a temporary folder, migrated and
// seeded, the server listening on a free port of this machine; `close()` stops both and removes the folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app.ts';
import { prepareDatabase } from '../server/boot.ts';
import { systemClock } from '../server/platform/clock.ts';
import { readConfig } from '../server/platform/config.ts';

export async function startBenchApp(name: string, config: Partial<ReturnType<typeof readConfig>> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nk-bench-${name}-`));
  const { database } = await prepareDatabase({ databaseUrl: null, dataDir }, systemClock);
  const { app, services } = await buildApp({
    config: { ...readConfig({}), dataDir, webRoot: null, ...config },
    database,
    secret: crypto.randomBytes(32).toString('hex'),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    dataDir,
    database,
    db: database.db as unknown as Kysely<any>,
    app,
    services,
    port,
    base: `http://127.0.0.1:${port}/api`,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where the seed's demo school keeps desktop computers: their category and the academic office. */
export async function cardPlaces(db: Kysely<any>, siteId: number): Promise<{ category: number; dept: number }> {
  const category = (
    await sql<{ id: number }>`select id from as_category where top_dept_id = ${siteId} and category_code = 'A02010104'`.execute(
      db,
    )
  ).rows[0]!.id;
  const dept = (
    await sql<{ id: number }>`select id from sys_dept where top_dept_id = ${siteId} and dept_name = '教务处'`.execute(db)
  ).rows[0]!.id;
  return { category, dept };
}

/** The demo's administrator signed in over HTTP: the token. */
export async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/auth/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: 'Admin@12345' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}
