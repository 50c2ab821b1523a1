// A Kysely dialect over an embedded PGlite instance. PGlite is one connection, so the driver
// hands it out to one holder at a time: a transaction keeps it from BEGIN to COMMIT, and every
// other query waits its turn. (The `kysely-pglite` package pulls in oclif and breaks `npm ls`.)
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { performance } from 'node:perf_hooks';
import { currentRequest, type RequestTurns } from './request-turn.ts';

/** How long one holder runs the connection before the event loop gets a turn. */
const TURN_MS = 20;
/** When the event loop last had a turn between the connection's queries (a yield, or a handover). */
let turnAt = performance.now();

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // PGlite answers synchronously under its promises, so a transaction of thousands of statements
    // (an import) ran as one chain of microtasks: the process accepted no connection, answered no
    // static file and fired no timer until it committed. Every TURN_MS the holder lets the loop turn;
    // it keeps the connection (others' queries still wait for COMMIT), but the server stays alive.
    if (performance.now() - turnAt > TURN_MS) {
      await new Promise<void>((turn) => setImmediate(turn));
      turnAt = performance.now();
    }
    const result = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the embedded database');
  }
}

interface Waiter {
  /** When the request it serves arrived; a query of no request (a job, the sealer), when it asked. */
  startedAt: number;
  /** Arrival order among equals (the queries of one request). */
  seq: number;
  grant: () => void;
}

/**
 * The single PGlite connection serves one holder at a time, and the waiters go by the age of the
 * request they serve, oldest first: a request already under way finishes before new ones start.
 * First come first served per query would not do that: a request that runs ten queries queues ten
 * times behind everyone, so under 64 connections its time grows with the queue × its queries while
 * a request of one query is soon through — the tail (issue 37). A query of no request queues by the
 * time it asked, behind the requests that began before and ahead of those after.
 */
export class ConnectionLock {
  private busy = false;
  /** Sorted by startedAt, then seq: the next holder is the first. */
  private readonly waiters: Waiter[] = [];
  private seq = 0;
  /** The request holding the connection and since when, for its Server-Timing. */
  private holder: { request: RequestTurns | undefined; since: number } | null = null;

  async acquire(): Promise<void> {
    const request = currentRequest();
    const asked = performance.now();
    if (this.busy) {
      await new Promise<void>((grant) => this.enqueue({ startedAt: request?.startedAt ?? asked, seq: this.seq++, grant }));
    } else this.busy = true;
    const now = performance.now();
    if (request) {
      request.turns++;
      request.waitedMs += now - asked;
    }
    this.holder = { request, since: now };
  }

  release(): void {
    if (this.holder?.request) this.holder.request.heldMs += performance.now() - this.holder.since;
    this.holder = null;
    if (!this.waiters.length) {
      this.busy = false;
      return;
    }
    // PGlite answers synchronously under its promises: handing over straight away would chain one
    // waiter's queries after another's as microtasks, and the server would accept no connection and
    // read no request until the queue ran dry (seconds under 64 connections, bench load). The next
    // holder starts after the event loop's turn instead, and is chosen then, so an older request
    // that asked during that turn goes first.
    setImmediate(() => {
      // The loop has turned: the next holder need not yield before its first query.
      turnAt = performance.now();
      this.waiters.shift()!.grant();
    });
  }

  /** Sorted insert (binary search): a few dozen waiters at most, one per open request. */
  private enqueue(w: Waiter): void {
    let lo = 0;
    let hi = this.waiters.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.waiters[mid]!;
      if (m.startedAt < w.startedAt || (m.startedAt === w.startedAt && m.seq < w.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.waiters.splice(lo, 0, w);
  }
}

class PGliteDriver implements Driver {
  private readonly lock = new ConnectionLock();
  private readonly connection: PGliteConnection;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
