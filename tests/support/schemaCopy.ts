// A server over a copy of schemas/ (issue 35): the tests that break, fix or add a schema file do it in
// a temporary copy the server reads through SCHEMAS_DIR, never in the tree. `schemaCopy()` copies at
// once (so a test file can name paths in the copy and change them before the server starts);
// `start()` points SCHEMAS_DIR at the copy, and only then loads the server's modules (they read it
// when first imported; a test file using this must not import server modules statically), builds
// the app and signs the administrator in; `close()` stops it and removes the copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestServer } from './server.ts';

export interface SchemaReload {
  ok: boolean;
  health: { problems: Array<{ file: string }> };
}

export interface SchemaCopy {
  /** The copy's folder. */
  root: string;
  /** A path in the copy, from one relative to schemas/ (e.g. 'policy/policy.list.json'). */
  file: (rel: string) => string;
  /** SCHEMAS_DIR set to the copy, the app built, the administrator signed in. */
  start: () => Promise<{ server: TestServer; admin: string; reload: () => Promise<SchemaReload> }>;
  /** The server stopped, SCHEMAS_DIR unset, the copy removed. */
  close: () => Promise<void>;
}

export function schemaCopy(prefix = 'nk-schemas-'): SchemaCopy {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(path.resolve('schemas'), root, { recursive: true });
  let server: TestServer | undefined;
  return {
    root,
    file: (rel) => path.join(root, rel),
    async start() {
      process.env.SCHEMAS_DIR = root;
      const { startServer } = await import('./server.ts');
      const { SchemaReloader } = await import('../../server/modules/schema/reload.ts');
      server = await startServer();
      const admin = await server.login('admin', 'Admin@12345');
      const reloader = new SchemaReloader(server.services);
      return { server, admin, reload: () => reloader.reload() as Promise<SchemaReload> };
    },
    async close() {
      await server?.close();
      delete process.env.SCHEMAS_DIR;
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
