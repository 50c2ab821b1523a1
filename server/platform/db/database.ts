// One way into the database for the whole server: Kysely over PGlite (embedded default, a data
// directory on disk) or over a real PostgreSQL server through a pg pool (DATABASE_URL).
// Both speak the same SQL; both return int8 as number, numeric as an exact decimal string and
// date as 'YYYY-MM-DD', so no code above this file knows which one it talks to.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect.ts';
import { withTrailContext } from './trail-context.ts';
import { TrailSealer } from './trail-seal.ts';
import type { DB } from './types.ts';

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

export type Bus = {
  /** Tell every app node (including this one) about a change. */
  publish(channel: string, payload: string): Promise<void>;
  /** Receive changes; payload '*' after a reconnect means "you may have missed some: forget everything". */
  subscribe(channel: string, handler: (payload: string) => void): void;
};

export interface Database extends Bus {
  db: Kysely<DB>;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions = { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string; poolSize?: number };

const int8 = (v: string) => Number(v);
const asText = (v: string) => v;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'embedded' ? openEmbedded(options.dataDir) : openPostgres(options.url, options.poolSize ?? 10);
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(pgDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  const pglite = await PGlite.create(pgDir, {
    parsers: { [OID.int8]: int8, [OID.numeric]: asText, [OID.date]: asText },
  });
  const { db, sealer } = trailed(new PGliteDialect(pglite));
  // One process owns an embedded database, so the bus is this process.
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    db,
    kind: 'embedded',
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      await sealer.stop();
      await db.destroy();
      releaseLock();
    },
  };
}

/** Kysely over the dialect, its writes carrying who wrote them, the trail sealed after each commit (issue 36). */
function trailed(dialect: Dialect): { db: Kysely<DB>; sealer: TrailSealer } {
  const hooks = { committed: () => {} };
  const db = new Kysely<DB>({ dialect: withTrailContext(dialect, hooks) });
  const sealer = new TrailSealer(db);
  hooks.committed = () => sealer.kick();
  return { db, sealer };
}

/** PGlite must never be opened by two processes at once: refuse with a clear message. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'embedded.pid');
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is open in process ${holder}. Stop it first, or use DATABASE_URL to share one PostgreSQL between several app nodes.`,
      );
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const types = {
    getTypeParser(oid: number, format?: string) {
      if (oid === OID.int8) return int8;
      if (oid === OID.numeric || oid === OID.date) return asText;
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  pool.on('error', () => {
    /* an idle client lost its server; the pool replaces it */
  });
  const { db, sealer } = trailed(new PostgresDialect({ pool }));
  const listener = new Listener(url, types);
  return {
    db,
    kind: 'postgres',
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, handler) {
      listener.subscribe(channel, handler);
    },
    async close() {
      await sealer.stop();
      await listener.close();
      await db.destroy();
    },
  };
}

/** LISTEN on a dedicated connection; on reconnect every handler hears '*' (caches start over). */
class Listener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Array<(payload: string) => void>>();
  private closed = false;
  private connecting: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly types: pg.CustomTypesConfig,
  ) {}

  subscribe(channel: string, handler: (payload: string) => void) {
    const list = this.handlers.get(channel) ?? [];
    list.push(handler);
    this.handlers.set(channel, list);
    if (list.length === 1) {
      // One query at a time on the listening connection.
      this.queue = this.queue
        .then(() => this.ensure())
        .then(() => this.client?.query(`listen "${channel.replace(/"/g, '')}"`))
        .catch(() => void setTimeout(() => void this.reconnect(), 1000).unref());
    }
  }

  private ensure(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, types: this.types });
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      if (this.closed) return;
      for (const list of this.handlers.values()) for (const h of list) h('*');
      setTimeout(() => void this.reconnect(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    this.client = client;
  }

  private async reconnect() {
    try {
      await this.ensure();
      for (const channel of this.handlers.keys()) await this.client?.query(`listen "${channel.replace(/"/g, '')}"`);
      // Whatever was published while we were away is lost: start over once more.
      for (const list of this.handlers.values()) for (const h of list) h('*');
    } catch {
      setTimeout(() => void this.reconnect(), 2000).unref();
    }
  }

  async close() {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
