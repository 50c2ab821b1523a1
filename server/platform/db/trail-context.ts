// Who is writing, for the audit trail (issue 36). The database records every write itself (the
// nk_audit triggers of migration 0032); what it cannot know — the person, the role and department
// they act in, the site, the address, the user agent, what they were doing — the server tells it
// per transaction: `set_config('nk.ctx', …, true)` right after BEGIN. A write outside a
// transaction is wrapped in one so it carries the same. The context travels with the request (or
// the job) in an AsyncLocalStorage, so no module passes it along and none can forget it.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What a trail record says about its writer (the `ctx` of each record). */
export interface TrailContext {
  siteId?: number;
  actorId?: number;
  actorName?: string;
  deptId?: number;
  roles?: string[];
  ip?: string;
  userAgent?: string;
  /** What was being done: `POST /api/…`, a job's key, `seed`. */
  action?: string;
  /** Set by a module for the records of what follows (an approval's step, an import's file). */
  note?: Record<string, unknown>;
}

/** A context is a function so it reads the request as it is when the write happens (signed in by then). */
const storage = new AsyncLocalStorage<() => TrailContext>();

export function runWithTrail<T>(context: () => TrailContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * The writer as a module knows them before the request does: signing in writes the session before
 * the request has a person, so the session's record names the person signing in.
 */
export function trailAs<T>(
  who: Pick<TrailContext, 'actorId' | 'actorName' | 'deptId' | 'siteId'>,
  fn: () => Promise<T>,
): Promise<T> {
  const outer = storage.getStore();
  return storage.run(() => {
    const base = outer?.() ?? {};
    return {
      ...base,
      ...Object.fromEntries(Object.entries(who).filter(([, v]) => v !== undefined && v !== null)),
      ...pick(base),
    };
  }, fn);
}
/** What the request says once it knows its person wins over what a module said before. */
function pick(base: TrailContext): Partial<TrailContext> {
  return base.actorId === undefined ? {} : { actorId: base.actorId, actorName: base.actorName, deptId: base.deptId };
}

/** Adds to the current context what a module knows (the approval step, the import's file). */
export function noteTrail(note: Record<string, unknown>, fn: () => Promise<unknown>) {
  const outer = storage.getStore();
  return storage.run(() => {
    const base = outer?.() ?? {};
    return { ...base, note: { ...base.note, ...note } };
  }, fn);
}

function contextText(): string | null {
  const read = storage.getStore();
  if (!read) return null;
  const ctx = read();
  // Only what has a value; the text is part of what the chain hashes.
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return JSON.stringify(out);
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

function writes(compiled: CompiledQuery): boolean {
  const kind = compiled.query.kind as string;
  if (WRITE_NODES.has(kind)) return true;
  return kind === 'RawNode' && /^\s*(insert|update|delete|merge|with)\b/i.test(compiled.sql);
}

/** Told when a write may have committed (the sealer chains the new records). */
export interface TrailHooks {
  committed(): void;
}

class TrailConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly hooks: TrailHooks,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const write = !this.inTransaction && writes(compiled);
    const ctx = write ? contextText() : null;
    if (!ctx) {
      const result = await this.inner.executeQuery<R>(compiled);
      if (write) this.hooks.committed();
      return result;
    }
    // A lone write: its own transaction, so its records carry who wrote it.
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      await this.inner.executeQuery(CompiledQuery.raw(`select set_config('nk.ctx', $1, true)`, [ctx]));
      const result = await this.inner.executeQuery<R>(compiled);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      this.hooks.committed();
      return result;
    } catch (err) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw err;
    }
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class TrailDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly hooks: TrailHooks,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrailConnection(await this.inner.acquireConnection(), this.hooks);
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = conn as TrailConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    const ctx = contextText();
    if (ctx) await c.inner.executeQuery(CompiledQuery.raw(`select set_config('nk.ctx', $1, true)`, [ctx]));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as TrailConnection;
    c.inTransaction = false;
    await this.inner.commitTransaction(c.inner);
    this.hooks.committed();
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as TrailConnection;
    c.inTransaction = false;
    await this.inner.rollbackTransaction(c.inner);
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection((conn as TrailConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The same dialect, whose transactions tell the database who writes. */
export function withTrailContext(dialect: Dialect, hooks: TrailHooks): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TrailDriver(dialect.createDriver(), hooks),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
