// A document as it stood at a moment (issue 36, "open a document as it was"): its row and its lines
// rebuilt from the audit trail alone — the document's records (live and archived) replayed in chain
// order up to the moment: an insert gives the whole row, an update its changed columns' after values,
// a delete takes the row away; lines likewise by their id. The answer has the shape /infoById gives
// (field names, extend members, lines under their collection's member name, references' labels);
// a value the trail recorded as ****** stays ******.
//   GET /api/monitor/audit/asOf?entity=&id=&seq=   (or &at=<a time, the site's wall time without an offset>;
//   without id, the document record #seq wrote)
// Whoever may read the document's history may read it (history.ts assertReadable), and the auditor —
// the audit trail's query key reads every document of the site's trail.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { sealTrail } from '../../platform/db/trail-seal.ts';
import { toInstant } from '../../../validators/site-time.ts';
import type { DocumentAsOf } from '../../../validators/audit-history.ts';
import type { EntityDef } from '../../entities/model.ts';
import { toWire } from '../../entities/rows.ts';
import { assertReadable } from './history.ts';

type Row = Record<string, unknown>;

/** The key the auditor's trail screen reads with (schemas/monitor/auditTrail.entity.json). */
export const TRAIL_QUERY_KEY = 'monitor:audit:query';

/** The moment asked for: a trail number, or an instant (ISO). */
export type Moment = { seq: number } | { at: string } | null;

/** The moment of a request's query (?seq= or ?at=), or the refusal that says what is wrong with it. */
export function momentOf(q: { seq?: string; at?: string }, zone: string): Moment {
  if (q.seq !== undefined && q.seq !== '') {
    if (!/^\d{1,15}$/.test(q.seq.trim()) || Number(q.seq) < 1)
      throw new AppError(Code.invalid, 'audit.asOfBadSeq', { value: q.seq.slice(0, 40) });
    return { seq: Number(q.seq) };
  }
  if (q.at !== undefined && q.at !== '') {
    const text = q.at.trim();
    const instant = toInstant(text, zone);
    if (!/Z$/.test(instant) || !Number.isFinite(Date.parse(instant)))
      throw new AppError(Code.invalid, 'audit.asOfBadTime', { value: text.slice(0, 40) });
    return { at: instant };
  }
  return null;
}

/** A column's value as the wire row of /infoById carries it (the trail holds JSON: numbers, ISO text). */
function columnValue(def: EntityDef, column: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '******') return value;
  const f = def.fields.find((x) => x.column === column && !x.inExtend);
  if (!f) return value;
  switch (f.type) {
    case 'money':
      return typeof value === 'number' ? value.toFixed(2) : value;
    case 'datetime': {
      const t = Date.parse(String(value));
      return Number.isFinite(t) ? new Date(t) : value;
    }
    default:
      return value;
  }
}

/** The records of one document (its row, its lines) up to the moment, archive first, in chain order. */
async function recordsOf(db: Kysely<any>, siteId: number, entity: EntityDef, id: number, moment: Moment) {
  // A record's moment is the end of its transaction: what else the transaction wrote (a document's
  // lines after its row, the status an approval sets) counts too — its records share the time `at`.
  let upTo = moment && 'at' in moment ? sql`and at <= ${moment.at}::timestamptz` : sql``;
  if (moment && 'seq' in moment) {
    const found = (
      await sql<{ at: string }>`select at::text as at from sys_audit where top_dept_id = ${siteId} and seq = ${moment.seq}
        union all select at::text from sys_audit_archive where top_dept_id = ${siteId} and seq = ${moment.seq} limit 1`.execute(
        db,
      )
    ).rows[0];
    upTo = found ? sql`and (seq <= ${moment.seq} or at = ${found.at}::timestamptz)` : sql`and seq <= ${moment.seq}`;
  }
  const out: Array<{ seq: number; at: Date; tbl: string; op: string; rows: Row[] }> = [];
  for (const table of ['sys_audit_archive', 'sys_audit']) {
    const rows = await sql<Row>`select seq, at, tbl, op, content from ${sql.table(table)}
       where top_dept_id = ${siteId} and seq is not null and doc_entity = ${entity.name} and ${id} = any(doc_ids) ${upTo}
       order by seq`.execute(db);
    for (const r of rows.rows) {
      const body = JSON.parse(String(r.content)) as { rows?: Row[] };
      out.push({
        seq: Number(r.seq),
        at: r.at instanceof Date ? r.at : new Date(String(r.at)),
        tbl: String(r.tbl),
        op: String(r.op),
        rows: body.rows ?? [],
      });
    }
  }
  return out;
}

export interface Rebuilt {
  /** The document's row (columns) at the moment, null when it did not exist then. */
  row: Row | null;
  /** Each line collection's rows (columns) at the moment, by member. */
  lines: Record<string, Row[]>;
  /** Whether the trail holds the document at all on this site (up to the moment or not). */
  known: boolean;
  /** Whether it was removed by the moment. */
  removed: boolean;
  /** The last record replayed. */
  last: { seq: number; at: Date } | null;
}

/** Replays the document's records up to the moment. */
export async function rebuild(
  db: Kysely<any>,
  siteId: number,
  entities: ReadonlyMap<string, EntityDef>,
  entity: EntityDef,
  id: number,
  moment: Moment,
): Promise<Rebuilt> {
  const records = await recordsOf(db, siteId, entity, id, moment);
  const lineTables = new Map<string, string>();
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const def = entities.get(decl.entity);
    if (def?.table) lineTables.set(def.table, member);
  }
  let row: Row | null = null;
  let removed = false;
  const lines = new Map<string, Map<number, Row>>([...lineTables.values()].map((m) => [m, new Map()]));
  const apply = (target: Row, changes: Record<string, [unknown, unknown]>) => {
    for (const [column, pair] of Object.entries(changes)) target[column] = Array.isArray(pair) ? pair[1] : pair;
  };
  const keyOf = (r: Row) => Number((r.key as Row | undefined)?.id ?? r.id);
  for (const rec of records) {
    if (rec.tbl === entity.table) {
      for (const r of rec.rows) {
        if (rec.op === 'insert' && Number(r.id) === id) {
          row = { ...r };
          removed = false;
        } else if (rec.op === 'update' && row && keyOf(r) === id) apply(row, r.changes as Record<string, [unknown, unknown]>);
        else if (rec.op === 'delete' && Number(r.id) === id) {
          row = null;
          removed = true;
        }
      }
      continue;
    }
    const member = lineTables.get(rec.tbl);
    if (!member) continue;
    const held = lines.get(member)!;
    for (const r of rec.rows) {
      if (rec.op === 'insert' && Number(r.doc_id) === id) held.set(Number(r.id), { ...r });
      else if (rec.op === 'update') {
        const line = held.get(keyOf(r));
        if (line) apply(line, r.changes as Record<string, [unknown, unknown]>);
      } else if (rec.op === 'delete') held.delete(Number(r.id));
    }
  }
  const known =
    records.length > 0 ||
    (moment !== null && (await recordsOf(db, siteId, entity, id, null)).some((r) => r.tbl === entity.table));
  const last = records.at(-1);
  return {
    row,
    lines: Object.fromEntries(
      [...lines].map(([member, held]) => [
        member,
        [...held.values()].sort((a, b) => Number(a.line_no ?? 0) - Number(b.line_no ?? 0) || Number(a.id) - Number(b.id)),
      ]),
    ),
    known,
    removed,
    last: last ? { seq: last.seq, at: last.at } : null,
  };
}

/** A rebuilt row as /infoById answers it: wire names, typed values, references' labels. */
export async function wired(
  db: Kysely<any>,
  entities: ReadonlyMap<string, EntityDef>,
  def: EntityDef,
  rows: Row[],
): Promise<Row[]> {
  const typed = rows.map((r) => Object.fromEntries(Object.entries(r).map(([c, v]) => [c, columnValue(def, c, v)])));
  for (const f of def.fields) {
    if (f.type !== 'ref' || f.hidden || !f.ref) continue;
    const target = entities.get(f.ref);
    const display = target?.display ? target.byName.get(target.display) : undefined;
    if (!target?.table || !display || display.inExtend || display.type === 'json' || display.type === 'files') continue;
    const ids = [...new Set(typed.map((r) => Number(r[f.column])).filter((n) => Number.isSafeInteger(n) && n > 0))];
    const names = new Map<number, unknown>();
    if (ids.length) {
      const found = await sql<{
        id: number;
        label: unknown;
      }>`select id, ${sql.ref(display.column)} as label from ${sql.table(target.table)}
        where id in (${sql.join(ids)})`.execute(db);
      for (const r of found.rows) names.set(Number(r.id), r.label);
    }
    for (const r of typed) r[`${f.name}Label`] = names.get(Number(r[f.column])) ?? null;
  }
  return typed.map((r) => toWire(def, r));
}

/** The document at the moment, in the shape /infoById answers; the refusal that says why not. */
export async function documentAsOf(
  s: Services,
  site: { id: number; key: string },
  entity: EntityDef,
  id: number,
  moment: Moment,
): Promise<DocumentAsOf> {
  const db = s.database.db as unknown as Kysely<any>;
  await sealTrail(db, site.id, true);
  const entities = s.schemas.forSite(site.key).entities;
  const state = await rebuild(db, site.id, entities, entity, id, moment);
  if (!state.known) throw new AppError(Code.notFound, 'record.notFound');
  if (!state.row) throw new AppError(Code.notFound, state.removed ? 'audit.asOfRemoved' : 'audit.asOfBefore');
  const [document] = await wired(db, entities, entity, [state.row]);
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const def = entities.get(decl.entity);
    document![member] = def ? await wired(db, entities, def, state.lines[member] ?? []) : [];
  }
  const schemaVersion = typeof state.row.schema_version === 'string' ? state.row.schema_version : null;
  return { document: document!, seq: state.last!.seq, at: state.last!.at.toISOString(), schemaVersion };
}

/** The (first) document of an entity a trail record of the site wrote, or 0. */
async function docOfRecord(s: Services, siteId: number, entity: EntityDef, seq: number): Promise<number> {
  const db = s.database.db as unknown as Kysely<any>;
  await sealTrail(db, siteId, true);
  const found = (
    await sql<{
      id: number;
    }>`select doc_ids[1] as id from sys_audit where top_dept_id = ${siteId} and seq = ${seq} and doc_entity = ${entity.name}
      union all select doc_ids[1] from sys_audit_archive where top_dept_id = ${siteId} and seq = ${seq} and doc_entity = ${entity.name}
      limit 1`.execute(db)
  ).rows[0];
  return found ? Number(found.id) : 0;
}

export default function asOfRoute(app: FastifyInstance, s: Services) {
  app.get<{ Querystring: { entity: string; id?: number; seq?: string; at?: string } }>(
    '/monitor/audit/asOf',
    {
      config: { permission: 'login' },
      schema: {
        querystring: {
          type: 'object',
          required: ['entity'],
          properties: {
            entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' },
            id: { type: 'integer', minimum: 1 },
            seq: { type: 'string', maxLength: 40 },
            at: { type: 'string', maxLength: 40 },
          },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const entity = s.schemas.forSite(site.key).entities.get(request.query.entity);
      if (!entity || !entity.table || entity.view || entity.lineOf) throw new AppError(Code.notFound, 'record.notFound');
      const moment = momentOf(request.query, site.timeZone);
      // Without an id, the document the trail record ?seq= wrote (a record of the auditor's trail screen).
      const id = request.query.id
        ? Number(request.query.id)
        : moment && 'seq' in moment
          ? await docOfRecord(s, site.id, entity, moment.seq)
          : 0;
      if (!id) throw new AppError(Code.notFound, 'record.notFound');
      // The auditor reads the site's whole trail; anyone else, what they may read of the document.
      if (!s.access.can(principal, TRAIL_QUERY_KEY)) await assertReadable(s, request, entity, id);
      return ok(request, await documentAsOf(s, site, entity, id, moment));
    },
  );
}
