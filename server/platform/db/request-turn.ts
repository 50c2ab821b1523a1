// The request a query serves, for the embedded database's single connection (issue 37). PGlite is
// one connection, so every query of every request takes its turn at it; a request that runs ten
// queries takes ten turns. The lock in pglite-dialect.ts reads from here when the request began, so
// it can serve the request already under way before the ones that came after, and counts here the
// turns each request took and how long it waited for them (the `Server-Timing` answer header).
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

export interface RequestTurns {
  /** performance.now() when the request arrived: its place in the queue for the connection. */
  startedAt: number;
  /** Times it took the connection (a query, or a transaction from BEGIN to COMMIT). */
  turns: number;
  /** Time spent waiting for the connection, ms, all turns together. */
  waitedMs: number;
  /** Time holding it, ms. */
  heldMs: number;
}

const storage = new AsyncLocalStorage<RequestTurns>();

/** Runs a request (what follows its first hook) as one customer of the connection. */
export function runAsRequest<T>(fn: () => T, startedAt = performance.now()): T {
  return storage.run({ startedAt, turns: 0, waitedMs: 0, heldMs: 0 }, fn);
}

/** The request the caller serves; none for a job, the sealer, start-up. */
export function currentRequest(): RequestTurns | undefined {
  return storage.getStore();
}

/** `Server-Timing` of a request that used the connection, as browsers' developer tools show it. */
export function serverTiming(r: RequestTurns): string | null {
  if (!r.turns) return null;
  return `db-queue;dur=${r.waitedMs.toFixed(1)};desc="${r.turns} turns", db-hold;dur=${r.heldMs.toFixed(1)}`;
}
