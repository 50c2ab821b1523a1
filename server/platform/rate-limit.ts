// Counting hits in fixed windows, shared by every app node through the database (issue 13: a
// flood of sign-in attempts from one address or at one site is refused with Retry-After).
import type { Clock } from './clock.ts';
import type { Database } from './db/database.ts';

const SWEEP_EVERY = 500;
const KEEP_MS = 24 * 3_600_000;

export class RateLimits {
  private hitsSinceSweep = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  private windowOf(windowMs: number) {
    const now = this.clock.now();
    const start = now - (now % windowMs);
    return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  }

  /** Seconds to wait when `subject` already had `limit` hits in this window, else null. */
  async over(scope: string, subject: string, limit: number, windowMs: number): Promise<number | null> {
    const w = this.windowOf(windowMs);
    const row = await this.database.db
      .selectFrom('sys_rate_window')
      .select('hits')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('window_start', '=', w.start)
      .executeTakeFirst();
    return (row?.hits ?? 0) >= limit ? w.retryAfter : null;
  }

  /** Counts one hit; seconds to wait when it went over `limit`, else null. */
  async hit(scope: string, subject: string, limit: number, windowMs: number): Promise<number | null> {
    const w = this.windowOf(windowMs);
    const { db } = this.database;
    const row = await db
      .insertInto('sys_rate_window')
      .values({ scope, subject: subject.slice(0, 128), window_start: w.start, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['scope', 'subject', 'window_start']).doUpdateSet((eb) => ({ hits: eb('sys_rate_window.hits', '+', 1) })),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await db
        .deleteFrom('sys_rate_window')
        .where('window_start', '<', new Date(this.clock.now() - KEEP_MS))
        .execute();
    }
    return row.hits > limit ? w.retryAfter : null;
  }
}
