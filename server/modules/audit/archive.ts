// The audit trail's retention (issue 36): a site keeps `audit.retentionDays` of records in the live
// trail; once a month older ones move to sys_audit_archive — the chain's first part, whole and in
// order (verify reads the archive first), so nothing is ever dropped and the chain still verifies.
// The move is the only delete the append-only guard lets through (its transaction-local setting).
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import type { Site } from '../../platform/sites.ts';
import { defineJob } from '../../platform/jobs.ts';
import { sealTrail } from '../../platform/db/trail-seal.ts';

export const RETENTION_KEY = 'audit.retentionDays';
const DAY_MS = 86_400_000;

/** Moves the site's sealed records older than the retention to the archive; answers how many. */
export async function archiveTrail(s: Services, site: Site): Promise<{ moved: number; through: number }> {
  const days = Math.floor(Number(await s.siteConfig.value(site.id, RETENTION_KEY)));
  if (!Number.isFinite(days) || days <= 0) return { moved: 0, through: 0 };
  const db = s.database.db as unknown as Kysely<any>;
  await sealTrail(db, site.id, true);
  const cut = new Date(s.clock.now() - days * DAY_MS);
  return db.transaction().execute(async (trx) => {
    // The archive is a prefix of the chain: everything up to the last record older than the cut.
    const last = await sql<{ seq: number | null }>`select max(seq) as seq from sys_audit
      where top_dept_id = ${site.id} and hash is not null and at < ${cut}`.execute(trx);
    const through = Number(last.rows[0]?.seq ?? 0);
    if (!through) return { moved: 0, through: 0 };
    await sql`select set_config('nk.audit_archive', 'on', true)`.execute(trx);
    await sql`insert into sys_audit_archive select * from sys_audit
      where top_dept_id = ${site.id} and seq <= ${through} order by seq`.execute(trx);
    const moved = await sql`delete from sys_audit where top_dept_id = ${site.id} and seq <= ${through}`.execute(trx);
    await sql`select set_config('nk.audit_archive', 'off', true)`.execute(trx);
    return { moved: Number(moved.numAffectedRows ?? 0), through };
  });
}

defineJob({
  key: 'auditArchive',
  title: 'job.auditArchive',
  at: '02:30',
  cadence: { every: 'month', day: 1, at: '02:30' },
  async run(s, site) {
    const r = await archiveTrail(s, site);
    return { message: 'audit.archived', params: { count: r.moved, seq: r.through } };
  },
});
