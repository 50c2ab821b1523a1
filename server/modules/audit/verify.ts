// Checks a site's audit chain (issue 36): every record's hash is the hash of the record before and
// its own content, the numbers run without a gap, the searchable columns say what the content says,
// and the last record is the head the site keeps. The first record that fails is named with what
// failed; the archive (records past the retention) is read first, so the chain is whole.
import { sql, type Kysely } from 'kysely';
import { chainHash, GENESIS, sealTrail } from '../../platform/db/trail-seal.ts';

export type ChainFault = 'hash' | 'link' | 'gap' | 'column' | 'head';

export interface ChainReport {
  ok: boolean;
  /** Records read and checked. */
  checked: number;
  /** The first record that does not match, and why. */
  fault?: { seq: number; kind: ChainFault; detail: string };
  head: { seq: number; hash: string };
  from: number;
  to: number;
}

interface Stored {
  seq: number;
  at: Date | string;
  actor_id: number | null;
  dept_id: number | null;
  op: string;
  tbl: string;
  doc_entity: string | null;
  doc_ids: number[] | string;
  amount: string | null;
  content: string;
  prev_hash: string;
  hash: string;
}

const BATCH = 5000;

/** What a record's columns must say, read from its content. */
function columnFault(r: Stored, siteId: number): string | null {
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(r.content);
  } catch {
    return 'content is not JSON';
  }
  const ctx = (c.ctx ?? {}) as Record<string, unknown>;
  const ids = Array.isArray(r.doc_ids) ? r.doc_ids.map(Number) : String(r.doc_ids).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  const atMs = new Date(r.at).getTime();
  const contentAtMs = Math.floor(Date.parse(String(c.at)));
  const checks: Array<[string, boolean]> = [
    ['site', Number(c.site) === siteId],
    ['at', Math.abs(atMs - contentAtMs) < 1],
    ['op', c.op === r.op],
    ['table', c.table === r.tbl],
    ['entity', (c.entity ?? null) === r.doc_entity],
    ['docIds', JSON.stringify(((c.docIds as unknown[]) ?? []).map(Number)) === JSON.stringify(ids)],
    ['amount', (c.amount === null || c.amount === undefined ? null : Number(c.amount)) === (r.amount === null ? null : Number(r.amount))],
    ['actor', (ctx.actorId === undefined ? null : Number(ctx.actorId)) === (r.actor_id === null ? null : Number(r.actor_id))],
    ['dept', (ctx.deptId === undefined ? null : Number(ctx.deptId)) === (r.dept_id === null ? null : Number(r.dept_id))],
  ];
  const wrong = checks.filter(([, ok]) => !ok).map(([name]) => name);
  return wrong.length ? `column ${wrong.join(', ')} differs from the content` : null;
}

/** Verifies records `from`..`to` (by number) of a site's chain; the whole chain by default. */
export async function verifyChain(db: Kysely<any>, siteId: number, range: { from?: number; to?: number } = {}): Promise<ChainReport> {
  // What committed a moment ago is chained first.
  await sealTrail(db, siteId, true);
  const head = await db
    .selectFrom('sys_audit_head')
    .select(['seq', 'hash'])
    .where('top_dept_id', '=', siteId)
    .executeTakeFirst();
  const headSeq = Number(head?.seq ?? 0);
  const from = Math.max(1, range.from ?? 1);
  const to = Math.min(headSeq, range.to ?? headSeq);
  const report: ChainReport = { ok: true, checked: 0, head: { seq: headSeq, hash: head?.hash ?? GENESIS }, from, to };
  const fail = (seq: number, kind: ChainFault, detail: string) => {
    report.ok = false;
    report.fault = { seq, kind, detail };
    return report;
  };
  let expectedSeq = from;
  // The link into the range: the hash of the record before it (genesis before the first).
  let prev: string | null = from === 1 ? GENESIS : null;
  let last: Stored | null = null;
  for (const table of ['sys_audit_archive', 'sys_audit']) {
    let after = expectedSeq - 1;
    for (;;) {
      const rows = (
        await sql<Stored>`
          select seq, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content, prev_hash, hash
            from ${sql.table(table)}
           where top_dept_id = ${siteId} and seq > ${after} and seq <= ${to}
           order by seq limit ${BATCH}`.execute(db)
      ).rows;
      if (!rows.length) break;
      for (const r of rows) {
        const seq = Number(r.seq);
        if (seq !== expectedSeq) return fail(expectedSeq, 'gap', `record ${expectedSeq} is missing (next found: ${seq})`);
        if (prev !== null && r.prev_hash !== prev) return fail(seq, 'link', 'its link does not match the hash of the record before it');
        if (chainHash(r.prev_hash, seq, r.content) !== r.hash) return fail(seq, 'hash', 'its content does not match its hash');
        const column = columnFault(r, siteId);
        if (column) return fail(seq, 'column', column);
        prev = r.hash;
        last = r;
        expectedSeq = seq + 1;
        report.checked++;
      }
      after = Number(rows[rows.length - 1]!.seq);
      if (rows.length < BATCH) break;
    }
  }
  if (expectedSeq <= to) return fail(expectedSeq, 'gap', `record ${expectedSeq} is missing`);
  if (to === headSeq && headSeq > 0 && last && (last as Stored).hash !== head?.hash)
    return fail(headSeq, 'head', 'the last record is not the head the site keeps');
  return report;
}
