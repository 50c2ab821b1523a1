// A document's history (issue 36, "the history tab"): every record the trail holds of the document —
// its own row, its lines, its approval decisions and state actions — in time order, said in the
// reader's language: field titles from the entity files, dictionary words, referenced rows' names,
// amounts as the reader writes them; a secret stays ******.
//   GET /api/monitor/audit/history?entity=&id=   → { entries, approvedVsPaid } (./approved-paid.ts)
// Whoever may read the document may read its history, and nobody else: the entity's <permission>:query
// key and its data scope (find), or — for a document in approval — its applicant, approvers and those
// it was copied to (findOnSite), as the approval page reads it. Another's id reads as a missing one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { sealTrail } from '../../platform/db/trail-seal.ts';
import { moneyText, type Locale } from '../../../validators/locale.ts';
import type { DocumentHistoryAnswer, FieldChange, HistoryEntry } from '../../../validators/audit-history.ts';
import { approvedVsPaid } from './approved-paid.ts';
import type { EntityDef, FieldDef } from '../../entities/model.ts';
import { historyStepIn } from '../workflow/service.ts';
import { readDocument } from '../workflow/involvement.ts';

type Row = Record<string, unknown>;

/** One field of one change, as the reader reads it. */
export type { FieldChange, HistoryEntry };

/** Columns that keep the books rather than say anything of the document. */
const BOOKKEEPING = new Set([
  'id',
  'top_dept_id',
  'doc_id',
  'version',
  'updated_at',
  'updated_by',
  'schema_version',
  'del_flag',
  'sort',
]);
const ON_INSERT = new Set(['created_at', 'created_by']);
const MAX_RECORDS = 2000;

/** The document as its reader may read it, or the refusal /infoById (or the approval page) gives. */
export async function assertReadable(s: Services, request: FastifyRequest, entity: EntityDef, id: number) {
  return (await readDocument(s, request, entity, id)).row;
}

export default function historyRoute(app: FastifyInstance, s: Services) {
  app.get<{ Querystring: { entity: string; id: number } }>(
    '/monitor/audit/history',
    {
      config: { permission: 'login' },
      schema: {
        querystring: {
          type: 'object',
          required: ['entity', 'id'],
          properties: { entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' }, id: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const entities = s.schemas.forSite(site.key).entities;
      const entity = entities.get(request.query.entity);
      if (!entity || !entity.table || entity.view || entity.lineOf) throw new AppError(Code.notFound, 'record.notFound');
      const id = Number(request.query.id);
      await assertReadable(s, request, entity, id);
      const answer: DocumentHistoryAnswer = {
        entries: await documentHistory(s, site, entity, id, request.locale),
        approvedVsPaid: await approvedVsPaid(s, site, entity, id, request.locale),
      };
      return ok(request, answer);
    },
  );
}

/** The records of one document, oldest first, in the reader's words. */
export async function documentHistory(
  s: Services,
  site: { id: number; key: string },
  entity: EntityDef,
  id: number,
  locale: Locale,
): Promise<HistoryEntry[]> {
  const db = s.database.db as unknown as Kysely<any>;
  await sealTrail(db, site.id, true);
  const { entities, texts } = s.schemas.forSite(site.key);
  const text = (key: string | undefined) => (key ? (texts[key]?.[locale] ?? key) : '');

  // The approval decisions and state actions of the document are rows of their own tables.
  const decisions = (
    await sql<Row>`select h.id, h.node_name, h.decision, h.comment, h.user_name, h.created_at, t.element_id, i.process_key
      from wf_history h join wf_instance i on i.id = h.instance_id left join wf_task t on t.id = h.task_id
      where i.top_dept_id = ${site.id} and i.entity = ${entity.name} and i.business_key = ${id}`.execute(db)
  ).rows;
  const states = (
    await sql<Row>`select id, action, from_state, to_state from sys_state_history
      where top_dept_id = ${site.id} and entity = ${entity.name} and doc_id = ${id}`.execute(db)
  ).rows;
  const decisionIds = decisions.map((d) => Number(d.id));
  const stateIds = states.map((r) => Number(r.id));
  // The document's own records and those of its decisions and state actions, found by the index on
  // doc_ids (`@>` / `&&`, which it serves; `= any()` it does not), archive and trail in one statement,
  // with the department each was written in.
  const ofDocument = (table: string) => sql`select seq, at, dept_id, tbl, op, content from ${sql.table(table)}
       where top_dept_id = ${site.id} and seq is not null and (
         (doc_ids @> array[${id}]::bigint[] and doc_entity = ${entity.name})
         ${decisionIds.length ? sql`or (doc_ids && array[${sql.join(decisionIds)}]::bigint[] and tbl = 'wf_history')` : sql``}
         ${stateIds.length ? sql`or (doc_ids && array[${sql.join(stateIds)}]::bigint[] and tbl = 'sys_state_history')` : sql``})`;
  const records = (
    await sql<Row>`select r.*, d.dept_name from (${ofDocument('sys_audit_archive')} union all ${ofDocument('sys_audit')}) r
      left join sys_dept d on d.id = r.dept_id order by r.seq limit ${MAX_RECORDS}`.execute(db)
  ).rows;

  const dicts = await s.dictionaries.get(site.id, locale);
  const decisionById = new Map(decisions.map((d) => [Number(d.id), d]));
  const stateById = new Map(states.map((r) => [Number(r.id), r]));
  const lineTables = new Map<string, { def: EntityDef; title: string }>();
  for (const decl of Object.values(entity.lines ?? {})) {
    const def = entities.get(decl.entity);
    if (def?.table) lineTables.set(def.table, { def, title: text(decl.title) });
  }

  // Referenced rows' names, read once per referenced table.
  const wanted = new Map<string, Set<number>>();
  const bodies = records.map((r) => JSON.parse(String(r.content)) as { ctx?: Row; rows?: Row[] });
  const defOf = (tbl: string) => (tbl === entity.table ? entity : lineTables.get(tbl)?.def);
  const fieldOf = (def: EntityDef | undefined, column: string) => def?.fields.find((f) => f.column === column);
  bodies.forEach((b, i) => {
    const def = defOf(String(records[i]!.tbl));
    if (!def) return;
    for (const row of b.rows ?? []) {
      const values =
        'changes' in row
          ? Object.entries(row.changes as Record<string, unknown[]>).flatMap(([c, v]) => v.map((x) => [c, x]))
          : Object.entries(row);
      for (const [column, value] of values as Array<[string, unknown]>) {
        const f = fieldOf(def, column);
        if (f?.type !== 'ref' || value === null || value === undefined || !Number.isSafeInteger(Number(value))) continue;
        const target = entities.get(f.ref!);
        if (!target?.table || !target.display) continue;
        const set = wanted.get(target.name) ?? new Set<number>();
        set.add(Number(value));
        wanted.set(target.name, set);
      }
    }
  });
  const names = new Map<string, string>();
  for (const [name, ids] of wanted) {
    const target = entities.get(name)!;
    const display = target.byName.get(target.display!);
    if (!display || display.type === 'json' || display.type === 'files') continue;
    const rows = await sql<{
      id: number;
      label: unknown;
    }>`select id, ${sql.ref(display.column)} as label from ${sql.table(target.table)}
      where id in (${sql.join([...ids])})`.execute(db);
    for (const r of rows.rows) names.set(`${name}:${Number(r.id)}`, String(r.label ?? ''));
  }

  const shown = (f: FieldDef | undefined, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    if (value === '******') return '******';
    if (!f) return typeof value === 'object' ? JSON.stringify(value) : String(value);
    switch (f.type) {
      case 'dict':
        return dicts.get(f.dict!)?.find((d) => d.dictValue === String(value))?.dictLabel ?? String(value);
      case 'ref':
        return names.get(`${f.ref}:${Number(value)}`) ?? String(value);
      case 'money':
        return moneyText(String(value), locale);
      case 'files': {
        // A file list travels as a JSON string under extend: its files' names.
        let list = value;
        if (typeof list === 'string') {
          try {
            list = JSON.parse(list);
          } catch {
            return list as string;
          }
        }
        return Array.isArray(list) ? list.map((x) => String((x as Row)?.name ?? x)).join(', ') || null : String(value);
      }
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
  // The extend column's members, each a field of its own; the flags the server keeps in it (readOnly) are bookkeeping.
  const extendPairs = (def: EntityDef, before: unknown, after: unknown) => {
    const b = (before && typeof before === 'object' ? before : {}) as Row;
    const a = (after && typeof after === 'object' ? after : {}) as Row;
    return [...new Set([...Object.keys(b), ...Object.keys(a)])].flatMap((name) => {
      const f = def.byName.get(name);
      if (!f?.inExtend && f?.type !== 'files') return [];
      if (f.readOnly || JSON.stringify(b[name] ?? null) === JSON.stringify(a[name] ?? null)) return [];
      return [[name, b[name] ?? null, a[name] ?? null, f] as const];
    });
  };
  const changesOf = (def: EntityDef | undefined, row: Row, op: string): FieldChange[] => {
    const pairs: Array<[string, unknown, unknown]> =
      op === 'update'
        ? Object.entries(row.changes as Record<string, [unknown, unknown]>).map(([c, [b, a]]) => [c, b, a])
        : Object.entries(row).map(([c, v]) => (op === 'insert' ? [c, null, v] : [c, v, null]));
    return pairs
      .flatMap(([c, b, a]) => (c === 'extend' && def ? extendPairs(def, b, a) : [[c, b, a, fieldOf(def, c)] as const]))
      .filter(([c]) => !BOOKKEEPING.has(c) && !(op !== 'update' && ON_INSERT.has(c)))
      .map(([c, b, a, f]) => {
        return { field: f ? text(f.title) : c, before: shown(f, b), after: shown(f, a) };
      })
      .filter((c) => c.before !== c.after || c.before === '******');
  };

  // A record written in the same transaction as a decision or a state action belongs to its step.
  const stepAt = new Map<string, string>();
  const entries = records.map((r, i): HistoryEntry => {
    const body = bodies[i]!;
    const ctx = body.ctx ?? {};
    const tbl = String(r.tbl);
    const op = String(r.op);
    const base = {
      seq: Number(r.seq),
      at: (r.at instanceof Date ? r.at : new Date(String(r.at))).toISOString(),
      actorName: (ctx.actorName as string | undefined) ?? null,
      deptName: (r.dept_name as string | null) ?? null,
      op,
      step: null as string | null,
      changes: [] as FieldChange[],
    };
    const rows = body.rows ?? [];
    if (tbl === 'wf_history') {
      const d = decisionById.get(Number(rows[0]?.id));
      if (d && op === 'insert') {
        const step = historyStepIn(texts, d, locale);
        stepAt.set(base.at, step);
        const value = String(d.decision);
        return {
          ...base,
          op: 'decision',
          kind: 'decision',
          step,
          actorName: (d.user_name as string | null) ?? base.actorName,
          decision: {
            value,
            label: dicts.get('wf_decision')?.find((x) => x.dictValue === value)?.dictLabel ?? value,
            comment: (d.comment as string | null) ?? null,
          },
        };
      }
    }
    if (tbl === 'sys_state_history') {
      const h = stateById.get(Number(rows[0]?.id));
      if (h && op === 'insert') {
        const action = entity.states?.actions[String(h.action)];
        const step = action ? text(action.title) : String(h.action);
        stepAt.set(base.at, step);
        const field = entity.states ? entity.byName.get(entity.states.field) : undefined;
        return {
          ...base,
          op: 'state',
          kind: 'state',
          step,
          changes: [
            { field: field ? text(field.title) : '', before: shown(field, h.from_state), after: shown(field, h.to_state) },
          ],
        };
      }
    }
    if (tbl === entity.table) return { ...base, kind: 'document', changes: rows.flatMap((row) => changesOf(entity, row, op)) };
    const line = lineTables.get(tbl);
    if (line) {
      const change: 'added' | 'removed' | 'changed' = op === 'insert' ? 'added' : op === 'delete' ? 'removed' : 'changed';
      return {
        ...base,
        kind: 'lines',
        collection: line.title,
        lines: rows.map((row) => ({ change, changes: changesOf(line.def, row, op) })).filter((l) => l.changes.length),
      };
    }
    return { ...base, kind: 'other', changes: rows.flatMap((row) => changesOf(undefined, row, op)) };
  });
  for (const e of entries) if (!e.step) e.step = stepAt.get(e.at) ?? null;
  // What says nothing to a reader (an update of bookkeeping columns only) is left out.
  return entries.filter((e) => e.kind === 'decision' || e.kind === 'state' || e.changes.length || e.lines?.length);
}
