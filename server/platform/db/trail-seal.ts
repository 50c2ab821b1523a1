// The audit trail's sealer (issue 36): right after a write commits, each site's new records are
// numbered and chained — seq = the head's + 1, hash = sha256(prev_hash ':' seq ':' content) — in
// the order they are found committed. One sealer per site at a time (an advisory lock), on any of
// however many app nodes; a sweep every few seconds seals what a busy moment left. Readers of the
// trail (verify, history, the auditor's search) seal first, so they see every record chained.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/** The advisory lock class of the sealer (the second key is the site). */
const LOCK_CLASS = 36036;
const BATCH = 2000;
const SWEEP_MS = 3000;
const DEBOUNCE_MS = 200;
export const GENESIS = '0'.repeat(64);

export function chainHash(prevHash: string, seq: number, content: string): string {
  return createHash('sha256').update(`${prevHash}:${seq}:${content}`, 'utf8').digest('hex');
}

/**
 * Seals the site's unsealed records (every site's when none is named). With `wait`, waits for
 * another sealer of the site to finish instead of leaving it to them. Answers how many it sealed.
 */
export async function sealTrail(db: Kysely<any>, siteId?: number, wait = false): Promise<number> {
  const sites =
    siteId === undefined
      ? (await sql<{ site: number }>`select distinct top_dept_id as site from sys_audit where hash is null`.execute(db)).rows.map(
          (r) => Number(r.site),
        )
      : [siteId];
  let sealed = 0;
  for (const site of sites) sealed += await sealSite(db, site, wait);
  return sealed;
}

async function sealSite(db: Kysely<any>, site: number, wait: boolean): Promise<number> {
  // Nothing unsealed in what has committed: nothing to wait for either (a sealer at work on this site
  // holds records this reading still sees unsealed). Readers of the trail ask this first.
  const pending = await sql`select 1 from sys_audit where top_dept_id = ${site} and hash is null limit 1`.execute(db);
  if (!pending.rows.length) return 0;
  return db.transaction().execute(async (trx) => {
    if (wait) await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${site}::int)`.execute(trx);
    else {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK_CLASS}, ${site}::int) as ok`.execute(trx);
      if (!got.rows[0]?.ok) return 0;
    }
    await sql`insert into sys_audit_head (top_dept_id, seq, hash) values (${site}, 0, ${GENESIS}) on conflict do nothing`.execute(
      trx,
    );
    const head = (
      await sql<{
        seq: number;
        hash: string;
      }>`select seq, hash from sys_audit_head where top_dept_id = ${site} for update`.execute(trx)
    ).rows[0]!;
    let seq = Number(head.seq);
    let prev = head.hash;
    let sealed = 0;
    for (;;) {
      const rows = (
        await sql<{ id: number; content: string }>`select id, content from sys_audit
          where top_dept_id = ${site} and hash is null order by id limit ${BATCH}`.execute(trx)
      ).rows;
      if (!rows.length) break;
      const ids: number[] = [];
      const seqs: number[] = [];
      const prevs: string[] = [];
      const hashes: string[] = [];
      for (const r of rows) {
        seq++;
        const hash = chainHash(prev, seq, r.content);
        ids.push(Number(r.id));
        seqs.push(seq);
        prevs.push(prev);
        hashes.push(hash);
        prev = hash;
      }
      await sql`update sys_audit a set seq = v.seq, prev_hash = v.prev, hash = v.hash
        from (select unnest(${ids}::bigint[]) as id, unnest(${seqs}::bigint[]) as seq,
                     unnest(${prevs}::text[]) as prev, unnest(${hashes}::text[]) as hash) v
       where a.id = v.id`.execute(trx);
      sealed += rows.length;
      if (rows.length < BATCH) break;
    }
    if (sealed) await sql`update sys_audit_head set seq = ${seq}, hash = ${prev} where top_dept_id = ${site}`.execute(trx);
    return sealed;
  });
}

/** Seals soon after writes, and now and then regardless. */
export class TrailSealer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopped = false;
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly db: Kysely<any>) {
    this.sweep = setInterval(() => this.kick(), SWEEP_MS);
    this.sweep.unref();
  }

  /** A write committed: seal shortly (many writes of a busy moment, one seal). */
  kick(): void {
    if (this.stopped) return;
    if (this.timer || this.running) {
      this.again = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = sealTrail(this.db)
        .catch(() => undefined)
        .finally(() => {
          this.running = null;
          if (this.again) {
            this.again = false;
            this.kick();
          }
        });
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
