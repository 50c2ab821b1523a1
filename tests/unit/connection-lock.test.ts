// The embedded database's single connection goes to the oldest request first (issue 37): a request
// under way finishes before newer ones start, whatever order their queries ask in.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ConnectionLock } from '../../server/platform/db/pglite-dialect.ts';
import { currentRequest, runAsRequest, serverTiming } from '../../server/platform/db/request-turn.ts';

const turn = () => new Promise<void>((r) => setImmediate(r));

/** One query of the current request: take the connection, work an event-loop turn, give it back. */
async function query(lock: ConnectionLock, order: string[], name: string) {
  await lock.acquire();
  order.push(name);
  await turn();
  lock.release();
}

describe('the connection lock of the embedded database', () => {
  it('serves the request that began first, not the query that asked first', async () => {
    const lock = new ConnectionLock();
    const order: string[] = [];
    await lock.acquire();
    const newer = runAsRequest(() => query(lock, order, 'newer'), 200);
    const older = runAsRequest(() => query(lock, order, 'older'), 100);
    lock.release();
    await Promise.all([newer, older]);
    expect(order).toEqual(['older', 'newer']);
  });

  it('lets a request of several queries finish before requests that arrived after it', async () => {
    const lock = new ConnectionLock();
    const order: string[] = [];
    const long = runAsRequest(async () => {
      for (let i = 0; i < 3; i++) await query(lock, order, 'long');
    }, 1);
    // They ask while the long request holds its first turn.
    const b = runAsRequest(() => query(lock, order, 'b'), 2);
    const c = runAsRequest(() => query(lock, order, 'c'), 3);
    await Promise.all([long, b, c]);
    expect(order).toEqual(['long', 'long', 'long', 'b', 'c']);
  });

  it('chooses the next holder after the handover turn, so an older request asking meanwhile goes first', async () => {
    const lock = new ConnectionLock();
    const order: string[] = [];
    await lock.acquire();
    const newer = runAsRequest(() => query(lock, order, 'newer'), 200);
    lock.release();
    // Same tick as the release: the connection is not handed over yet.
    const older = runAsRequest(() => query(lock, order, 'older'), 100);
    await Promise.all([newer, older]);
    expect(order).toEqual(['older', 'newer']);
  });

  it('queues a query of no request (a job, the sealer) by the time it asked', async () => {
    const lock = new ConnectionLock();
    const order: string[] = [];
    await lock.acquire();
    const before = performance.now() - 1000;
    const job = query(lock, order, 'job');
    const later = runAsRequest(() => query(lock, order, 'later request'), performance.now() + 1000);
    const earlier = runAsRequest(() => query(lock, order, 'earlier request'), before);
    lock.release();
    await Promise.all([job, later, earlier]);
    expect(order).toEqual(['earlier request', 'job', 'later request']);
  });

  it('counts the turns a request took and its wait, for Server-Timing', async () => {
    const lock = new ConnectionLock();
    await lock.acquire();
    const seen = runAsRequest(async () => {
      await query(lock, [], 'a');
      await query(lock, [], 'b');
      return currentRequest()!;
    });
    await new Promise((r) => setTimeout(r, 20));
    lock.release();
    const r = await seen;
    expect(r.turns).toBe(2);
    expect(r.waitedMs).toBeGreaterThanOrEqual(15);
    expect(serverTiming(r)).toMatch(/^db-queue;dur=\d+\.\d;desc="2 turns", db-hold;dur=\d+\.\d$/);
    expect(runAsRequest(() => serverTiming(currentRequest()!))).toBeNull();
  });
});

describe('a long transaction on the embedded database', () => {
  it('lets the event loop turn while it holds the connection: timers fire and the server can answer', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { Kysely, sql } = await import('kysely');
    const { PGliteDialect } = await import('../../server/platform/db/pglite-dialect.ts');
    const pg = await PGlite.create();
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pg) });
    try {
      let fired = false;
      let seenInside = false;
      setTimeout(() => (fired = true), 0);
      // An import's shape: statement after statement for 300 ms, one transaction.
      await db.transaction().execute(async (trx) => {
        const until = performance.now() + 300;
        while (performance.now() < until) {
          await sql`select 1`.execute(trx);
          if (fired) seenInside = true;
        }
      });
      expect(seenInside).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
