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
/** Records checked by one statement of the database. */
const WINDOW = 100_000;

/** What a record's columns must say, read from its content. */
function columnFault(r: Stored, siteId: number): string | null {
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(r.content);
  } catch {
    return 'content is not JSON';
  }
  const ctx = (c.ctx ?? {}) as Record<string, unknown>;
  const ids = Array.isArray(r.doc_ids)
    ? r.doc_ids.map(Number)
    : String(r.doc_ids).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  const atMs = new Date(r.at).getTime();
  const contentAtMs = Math.floor(Date.parse(String(c.at)));
  const checks: Array<[string, boolean]> = [
    ['site', Number(c.site) === siteId],
    ['at', Math.abs(atMs - contentAtMs) < 1],
    ['op', c.op === r.op],
    ['table', c.table === r.tbl],
    ['entity', (c.entity ?? null) === r.doc_entity],
    ['docIds', JSON.stringify(((c.docIds as unknown[]) ?? []).map(Number)) === JSON.stringify(ids)],
    [
      'amount',
      (c.amount === null || c.amount === undefined ? null : Number(c.amount)) === (r.amount === null ? null : Number(r.amount)),
    ],
    ['actor', (ctx.actorId === undefined ? null : Number(ctx.actorId)) === (r.actor_id === null ? null : Number(r.actor_id))],
    ['dept', (ctx.deptId === undefined ? null : Number(ctx.deptId)) === (r.dept_id === null ? null : Number(r.dept_id))],
  ];
  const wrong = checks.filter(([, ok]) => !ok).map(([name]) => name);
  return wrong.length ? `column ${wrong.join(', ')} differs from the content` : null;
}

/** The records a window of a table holds, as the checks read them. */
const STORED = sql.raw('seq, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content, prev_hash, hash');

/**
 * The first record of `after`+1..`hi` whose number, link or hash is wrong, checked inside the database
 * (sha256 over the same text chainHash hashes), so a million records are not carried to Node to be
 * hashed there. `carry` is the hash of record `after` (null where it is not known: the range's start).
 */
async function firstChainFault(db: Kysely<any>, table: string, siteId: number, after: number, hi: number, carry: string | null) {
  return (
    await sql<{ seq: string | number; before_seq: string | number; gap: boolean; link: boolean; hash: boolean }>`
      select seq, before_seq, before_seq + 1 <> seq as gap, prev_hash <> coalesce(before_hash, prev_hash) as link,
             encode(sha256(convert_to(prev_hash || ':' || seq || ':' || content, 'UTF8')), 'hex') <> hash as hash
        from (select seq, prev_hash, hash, content,
                     coalesce(lag(hash) over (order by seq), ${carry}::text) as before_hash,
                     coalesce(lag(seq) over (order by seq), ${after}::bigint) as before_seq
                from ${sql.table(table)} where top_dept_id = ${siteId} and seq > ${after} and seq <= ${hi}) w
       where before_seq + 1 <> seq or prev_hash <> coalesce(before_hash, prev_hash)
          or encode(sha256(convert_to(prev_hash || ':' || seq || ':' || content, 'UTF8')), 'hex') <> hash
       order by seq limit 1`.execute(db)
  ).rows[0];
}

/**
 * The first record of `after`+1..`below`-1 whose searchable columns may not say what its content says,
 * read inside the database; each suspect is confirmed by columnFault (the one rule) before it is named.
 * Content that is not JSON stops the database's reading: those records are read in Node.
 */
async function firstColumnFault(db: Kysely<any>, table: string, siteId: number, after: number, below: number) {
  for (let from = after; from < below - 1;) {
    let suspect: Stored | undefined;
    try {
      suspect = // `offset 0` keeps the content parsed once a record, not once a reference.
        (
          await sql<Stored>`select ${STORED} from (select *, content::jsonb as c from ${sql.table(table)}
            where top_dept_id = ${siteId} and seq > ${from} and seq < ${below} offset 0) r
          where c->>'site' is distinct from top_dept_id::text or c->>'op' is distinct from op
             or c->>'table' is distinct from tbl or (c->>'entity') is distinct from doc_entity
             or coalesce(c->'docIds', '[]') <> to_jsonb(doc_ids)
             or (c->>'amount')::numeric is distinct from amount
             or (c->'ctx'->>'actorId')::numeric is distinct from actor_id
             or (c->'ctx'->>'deptId')::numeric is distinct from dept_id
             or date_trunc('milliseconds', (c->>'at')::timestamptz) is distinct from date_trunc('milliseconds', at)
          order by seq limit 1`.execute(db)
        ).rows[0];
    } catch {
      for (let at = from; ;) {
        const rows = (
          await sql<Stored>`select ${STORED} from ${sql.table(table)}
            where top_dept_id = ${siteId} and seq > ${at} and seq < ${below} order by seq limit ${BATCH}`.execute(db)
        ).rows;
        for (const r of rows) {
          const detail = columnFault(r, siteId);
          if (detail) return { seq: Number(r.seq), detail };
        }
        if (rows.length < BATCH) return null;
        at = Number(rows[rows.length - 1]!.seq);
      }
    }
    if (!suspect) return null;
    const detail = columnFault(suspect, siteId);
    if (detail) return { seq: Number(suspect.seq), detail };
    from = Number(suspect.seq);
  }
  return null;
}

/** Verifies records `from`..`to` (by number) of a site's chain; the whole chain by default. */
export async function verifyChain(
  db: Kysely<any>,
  siteId: number,
  range: { from?: number; to?: number } = {},
): Promise<ChainReport> {
  // What committed a moment ago is chained first.
  await sealTrail(db, siteId, true);
  const head = await db.selectFrom('sys_audit_head').select(['seq', 'hash']).where('top_dept_id', '=', siteId).executeTakeFirst();
  const headSeq = Number(head?.seq ?? 0);
  const from = Math.max(1, range.from ?? 1);
  const to = Math.min(headSeq, range.to ?? headSeq);
  const report: ChainReport = { ok: true, checked: 0, head: { seq: headSeq, hash: head?.hash ?? GENESIS }, from, to };
  const fail = (seq: number, kind: ChainFault, detail: string) => {
    report.ok = false;
    report.fault = { seq, kind, detail };
    return report;
  };
  // The last record checked: its number and hash (the link into the range: genesis before the first).
  let after = from - 1;
  let prev: string | null = from === 1 ? GENESIS : null;
  for (const table of ['sys_audit_archive', 'sys_audit']) {
    for (;;) {
      const hi = Math.min(to, after + WINDOW);
      if (hi <= after) break;
      const window = (
        await sql<{ n: string | number; last: string | number | null }>`select count(*) as n, max(seq) as last
          from ${sql.table(table)} where top_dept_id = ${siteId} and seq > ${after} and seq <= ${hi}`.execute(db)
      ).rows[0]!;
      if (!Number(window.n)) break;
      const chain = await firstChainFault(db, table, siteId, after, hi, prev);
      const column = await firstColumnFault(db, table, siteId, after, chain ? Number(chain.seq) : hi + 1);
      if (column) return fail(column.seq, 'column', column.detail);
      if (chain) {
        const seq = Number(chain.seq);
        if (chain.gap)
          return fail(
            Number(chain.before_seq) + 1,
            'gap',
            `record ${Number(chain.before_seq) + 1} is missing (next found: ${seq})`,
          );
        if (chain.link) return fail(seq, 'link', 'its link does not match the hash of the record before it');
        return fail(seq, 'hash', 'its content does not match its hash');
      }
      report.checked += Number(window.n);
      after = Number(window.last);
      prev = (
        await sql<{
          hash: string;
        }>`select hash from ${sql.table(table)} where top_dept_id = ${siteId} and seq = ${after}`.execute(db)
      ).rows[0]!.hash;
      if (after < hi) break;
    }
  }
  if (after < to) return fail(after + 1, 'gap', `record ${after + 1} is missing`);
  if (to === headSeq && headSeq > 0 && prev !== head?.hash)
    return fail(headSeq, 'head', 'the last record is not the head the site keeps');
  return report;
}
