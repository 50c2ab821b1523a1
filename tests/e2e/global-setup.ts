// End-to-end runs against the real thing: the web app built by vite (a production build and a
// staging build, which has the settings drawer), served by the real server on a fresh embedded
// database, driven by Debian's Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/boot.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { readConfig } from '../../server/platform/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `web`: the folder of the built web app (web-staging, web-prod), for a test that starts a
     * server of its own (schema-reload.test.ts). */
    e2e: { port: number; prodPort: number; web: string };
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function build(mode: string, outDir: string) {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', mode, '--logLevel', 'warn'],
    {
      cwd: ROOT,
      env: { ...process.env, WEB_OUT_DIR: outDir },
      stdio: 'inherit',
    },
  );
}

export default async function setup(project: TestProject) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-e2e-'));
  // CI builds both once and runs the suite in shards beside each other (scripts/e2e-shards.sh),
  // each shard with a server and a database of its own.
  const built = process.env.NK_E2E_WEB;
  const web = (name: string) => path.join(built || work, name);
  if (!built) {
    build('staging', web('web-staging'));
    build('production', web('web-prod'));
  }
  const config = { ...readConfig({}), dataDir: path.join(work, 'data'), databaseUrl: null, host: '127.0.0.1' };
  const { database } = await prepareDatabase(config, systemClock);
  const start = async (webRoot: string) => {
    const { app } = await buildApp({ config: { ...config, webRoot }, database, secret: 'e2e-secret' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as { port: number }).port };
  };
  const staging = await start(web('web-staging'));
  const prod = await start(web('web-prod'));
  project.provide('e2e', { port: staging.port, prodPort: prod.port, web: built || work });
  return async () => {
    await staging.app.close();
    await prod.app.close();
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}
