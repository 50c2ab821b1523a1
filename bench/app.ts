// The product as a bench runs it: a fresh embedded database in a temporary folder, migrated and
// seeded, the server listening on a free port of this machine; `close()` stops both and removes the folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
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
