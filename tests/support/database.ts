// Test databases: one template made per run (migrated and seeded, ~5 s), then a cheap copy per
// test file: a copied data directory for the embedded database, CREATE DATABASE … TEMPLATE on
// PostgreSQL (when DATABASE_URL is set, as in CI's second pass).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../server/boot.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { openDatabase, type Database } from '../../server/platform/db/database.ts';

export type Template = { kind: 'embedded'; dir: string } | { kind: 'postgres'; url: string; name: string };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTemplate(): Promise<Template> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `nk_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    // The demo seed uploads files (the documents to stamp): they go to a folder of the template's,
    // gone with it; the tests read none of them.
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-template-files-'));
    try {
      const { database } = await prepareDatabase({ databaseUrl: withDatabase(url, name), dataDir: files }, systemClock);
      await database.close();
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
    return { kind: 'postgres', url, name };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-template-'));
  const { database } = await prepareDatabase({ databaseUrl: null, dataDir: dir }, systemClock);
  await database.close();
  return { kind: 'embedded', dir };
}

export async function dropTemplate(template: Template) {
  if (template.kind === 'embedded') return fs.rmSync(template.dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`drop database if exists ${template.name}`);
  await admin.end();
}

/** A database of its own for one test file, equal to the template. */
export interface TestDatabase {
  database: Database;
  dataDir: string;
  /** The same database as another app node sees it: its own pool and listener on PostgreSQL. */
  openAnotherNode(): Promise<Database>;
  drop(): Promise<void>;
}

export async function cloneDatabase(template: Template): Promise<TestDatabase> {
  if (template.kind === 'embedded') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-test-'));
    fs.cpSync(template.dir, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'embedded.pid'), { force: true });
    const database = await openDatabase({ kind: 'embedded', dataDir: dir });
    return {
      database,
      dataDir: dir,
      // One process owns an embedded database; a second node in it shares the connection and bus.
      openAnotherNode: async () => database,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `nk_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE needs the template to have no other sessions; retry briefly if one lingers.
  for (let i = 0; ; i++) {
    try {
      await admin.query(`create database ${name} template ${template.name}`);
      break;
    } catch (err) {
      if (i >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await admin.end();
  const url = withDatabase(template.url, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    database,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'nk-test-')),
    openAnotherNode: () => openDatabase({ kind: 'postgres', url, poolSize: 3 }),
    drop: async () => {
      const a = new pg.Client({ connectionString: template.url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
