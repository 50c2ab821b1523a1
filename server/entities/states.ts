// Business states of a document (issue 14), declared in its entity file beside the approval:
//
//   "states": { "field": "bizState", "actions": {
//     "close": { "from": ["0"], "to": "1", "when": "approvalStatus == '2'", "title": "beforehand.close",
//                "confirm": "beforehand.closeConfirm" } } }
//
// Each action is POST <api>/<action>?id= with the key <permission>:<action> (or the action's own
// `permission`). The server takes it only from the states listed in `from` and when `when` (the
// expression language over the document) holds, in one transaction with the row locked: the field
// moves, the document's history gets a row (sys_state_history), and the effects the entity declares
// for the action run (./effects.ts: a close releases what the document still holds). Lists show the
// actions as row actions by themselves, where they apply.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Services } from '../platform/services.ts';
import { run } from '../../validators/expression/evaluate.ts';
import { ok } from '../platform/answer.ts';
import { AppError, Code } from '../platform/errors.ts';
import { caller } from '../platform/gate.ts';
import { describeError } from '../../validators/ajv.ts';
import { EntityService, fieldLabel } from './crud.ts';
import { idsOf } from './routes.ts';
import { paidOf } from './payable.ts';
import { t } from '../platform/messages.ts';
import { filesPatch, readInstants, toColumns } from './rows.ts';
import { runEffects } from './effects.ts';
import { checkDocument, docName } from './lines.ts';
import { permissionOf, type EntityDef } from './model.ts';
import { APPROVED_BY, separationOf } from './owned.ts';

export interface StateAction {
  from: string[];
  to: string;
  when?: string;
  permission?: string;
  title: string;
  confirm?: string;
  /** Inputs the action takes (a payment's method, date and voucher), entered in the action's `form`. */
  fields?: string[];
  required?: string[];
  /** The form file the list opens for the inputs. */
  form?: string;
  /** Rules over the document and the inputs (a cash repayment settles exactly what is outstanding). */
  checks?: Array<{ rule: string; message: string }>;
  /**
   * Who may not take the action (DOMAIN.md "Controls"): the document's `applicant`, whoever
   * `approvers` approved a step of it. An action whose effects pay (`budget: pay`) separates both
   * whatever the file says; a site's patch may add, never take away (./owned.ts separationOf).
   */
  separate?: Array<'applicant' | 'approvers'>;
}

export interface StatesDecl {
  field: string;
  /** States in which the document may still be changed or removed (default: any). */
  editable?: string[];
  actions: Record<string, StateAction>;
}

/**
 * Why the user may not take the action on this document (segregation of duties), or null. The
 * applicant is who made the document and whoever submitted it; the approvers, whoever approved a
 * step of any of its approval runs.
 */
export async function separationRefusal(
  trx: Transaction<any>,
  entity: EntityDef,
  separate: Set<'applicant' | 'approvers'>,
  doc: Record<string, unknown>,
  userId: number,
  siteId: number,
): Promise<'state.ownDocument' | 'state.approvedIt' | null> {
  if (!separate.size) return null;
  if (separate.has('applicant')) {
    if (Number(doc.createdBy) === userId) return 'state.ownDocument';
    const started = await sql`select 1 from wf_instance where top_dept_id = ${siteId} and entity = ${entity.name}
      and business_key = ${Number(doc.id)} and starter_id = ${userId} limit 1`.execute(trx);
    if (started.rows.length) return 'state.ownDocument';
  }
  if (separate.has('approvers')) {
    const approved = await sql`select 1 from wf_task where top_dept_id = ${siteId} and entity = ${entity.name}
      and business_key = ${Number(doc.id)} and status = '1' and decision = 'approve' and completed_by = ${userId} limit 1`.execute(
      trx,
    );
    if (approved.rows.length) return 'state.approvedIt';
  }
  return null;
}

/** Whether the document (wire names) may take the action now. */
export function actionApplies(states: StatesDecl, action: StateAction, doc: Record<string, unknown>): boolean {
  if (!action.from.includes(String(doc[states.field] ?? ''))) return false;
  return !action.when || Boolean(run(action.when, doc));
}

/**
 * GET <api>/history/:id — what happened to a record: each state change and each document that moved
 * it (an asset card taken into use by a request, disposed of by a disposal), newest first, with who
 * and when. For the entities a detail page shows a history of; the record must be one the caller
 * may read (site and data scope), under the key <permission>:query.
 */
export function historyRoutes(app: FastifyInstance, s: Services) {
  const shown = new Set(
    s.schemas
      .baseFiles()
      .filter((f) => f.kind === 'detail' && Array.isArray(f.json.tabs))
      .filter((f) => (f.json.tabs as Array<Record<string, unknown>>).some((t) => t.kind === 'history'))
      .map((f) => String(f.json.entity)),
  );
  for (const base of s.schemas.baseEntities()) {
    if (!shown.has(base.name)) continue;
    app.get<{ Params: { id: string } }>(
      `${base.api}/history/:id`,
      {
        config: { permission: permissionOf(base, 'query') },
        schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } } },
      },
      async (request) => {
        const { site } = caller(request);
        const entity = s.schemas.entity(site.key, base.name);
        const id = Number(request.params.id);
        // Someone else's id, or one outside the caller's scope, reads as a missing one.
        await new EntityService(s, entity, request).find(id);
        const rows = await sql<Record<string, unknown>>`select h.id, h.action, h.from_state, h.to_state, h.created_at,
            h.source_entity, h.source_id, h.source_no, h.note, u.real_name
          from sys_state_history h left join sys_user u on u.id = h.user_id
          where h.top_dept_id = ${site.id} and h.entity = ${entity.name} and h.doc_id = ${id}
          order by h.id desc limit 500`.execute(s.database.db);
        const entities = s.schemas.forSite(site.key).entities;
        return ok(
          request,
          rows.rows.map((r) => {
            const source = r.source_entity ? entities.get(String(r.source_entity)) : undefined;
            return {
              id: Number(r.id),
              action: String(r.action),
              fromState: r.from_state,
              toState: r.to_state,
              createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
              userName: r.real_name ?? null,
              // The document that moved the record: its kind in the caller's words, its number, and
              // whether it has an approval page to open.
              source: source
                ? {
                    entity: source.name,
                    title: s.schemas.texts[source.title]?.[request.locale] ?? source.name,
                    id: Number(r.source_id),
                    no: r.source_no,
                    approvable: Boolean(source.process),
                  }
                : null,
              note: r.note ?? null,
            };
          }),
        );
      },
    );
  }
}

export function stateRoutes(app: FastifyInstance, s: Services) {
  for (const base of s.schemas.baseEntities()) {
    for (const [name, declared] of Object.entries(base.states?.actions ?? {})) {
      const url = `${base.api}/${name}`;
      if (app.hasRoute({ method: 'POST', url: `${app.prefix}${url}` })) continue;
      app.post(
        url,
        { config: { permission: permissionOf(base, declared.permission ?? name), log: { module: base.name, action: 'status' } } },
        async (request) => {
          const { site, principal } = caller(request);
          const entity: EntityDef = s.schemas.entity(site.key, base.name);
          const states = entity.states!;
          const action = states.actions[name]!;
          // One document, or several at once with the same inputs (the cashier pays a batch of claims
          // with one voucher): all of them or none, a refusal naming the document it stopped at.
          const ids = idsOf(request).sort((a, b) => a - b);
          if (ids.length > MAX_BATCH) throw new AppError(Code.invalid, 'state.batchTooLarge', { n: MAX_BATCH });
          const svc = await new EntityService(s, entity, request).prepare();
          const title = s.schemas.texts[action.title]?.[request.locale] ?? name;
          const now = new Date(s.clock.now());
          const inputs = actionInputs(s, site.key, entity, name, request);
          await s.database.db.transaction().execute(async (trx) => {
            for (const id of ids) await svc.find(id, trx, true);
            for (const id of ids) {
              // Read again under the lock with what a read adds (figures from other rows, labels).
              const doc = svc.wire(await svc.find(id, trx));
              try {
                await takeAction({ s, trx, request, svc, name, doc, inputs, now });
              } catch (err) {
                if (!(err instanceof AppError) || ids.length === 1) throw err;
                const named = entity.display ? doc[entity.display] : null;
                throw new AppError(err.code, 'state.batchStopped', {
                  doc: String(named ?? `#${id}`),
                  detail: t(err.messageKey, request.locale, err.params),
                });
              }
            }
          });
          if (ids.length > 1) return ok(request, { done: ids.length }, 'state.doneMany', { action: title, n: ids.length });
          return ok(request, svc.wire(await svc.find(ids[0]!)), 'state.done', { action: title });
        },
      );
    }
  }
}

export interface ActionRun {
  s: Services;
  trx: Transaction<any>;
  request: FastifyRequest;
  /** The service of the document's entity for this request (prepared). */
  svc: EntityService;
  name: string;
  /** The document as read under its row lock (wire names). */
  doc: Record<string, unknown>;
  inputs: Record<string, unknown>;
  now: Date;
  /** A payment settles the document (./payable.ts): the rest after its parts paid before. */
  viaPayment?: boolean;
}

/**
 * Takes a state action on one document inside the caller's transaction, the row already locked:
 * where it applies, not by someone it separates, its checks, the field moved, a history row, its
 * effects. A payment settling the documents it pays takes each one's `pay` through here too.
 */
export async function takeAction({ s, trx, request, svc, name, doc, inputs, now, viaPayment }: ActionRun): Promise<void> {
  const { site, principal } = caller(request);
  const entity = svc.entity;
  const states = entity.states!;
  const action = states.actions[name]!;
  const title = s.schemas.texts[action.title]?.[request.locale] ?? name;
  const field = entity.byName.get(states.field)!;
  const id = Number(doc.id);
  if (!actionApplies(states, action, doc)) throw new AppError(Code.conflict, 'state.notAllowed', { action: title });
  const separated = separationOf(action, entity.effects?.[name]);
  const refused = await separationRefusal(trx, entity, separated, doc, principal.userId, site.id);
  if (refused) throw new AppError(Code.forbidden, refused, { action: title });
  // A document paid in part is settled by a payment, which pays what is left of it, never in full again.
  if (entity.payable?.action === name && !viaPayment) {
    const paid = (await paidOf(trx, s.schemas.forSite(site.key).entities, site.id, entity.name, [id])).get(id) ?? 0n;
    if (paid > 0n)
      throw new AppError(Code.conflict, 'payment.partlyPaid', {
        doc: docName(entity, doc),
        paid: (Number(paid) / 100).toFixed(2),
      });
  }
  const lineInputs = await writeLineInputs(s, trx, entity, request, doc, inputs);
  checkDocument({ ...entity, checks: action.checks }, { ...doc, ...inputs, ...lineInputs }, s.schemas.texts, request.locale);
  const from = doc[states.field] === null || doc[states.field] === undefined ? null : String(doc[states.field]);
  const own = Object.fromEntries(Object.entries(inputs).filter(([k]) => !(k in lineInputs)));
  await svc.checkValues(trx, own, id, doc);
  const set: Record<string, unknown> = { ...inputColumns(entity, own), [field.column]: action.to };
  if (entity.has.version) set.version = sql`version + 1`;
  await (trx as unknown as Kysely<any>)
    .updateTable(entity.table)
    .set(set)
    .where('id', '=', id)
    .where('top_dept_id', '=', site.id)
    .execute();
  await svc.assertNoOverlap(trx, id);
  await trx
    .insertInto('sys_state_history')
    .values({
      top_dept_id: site.id,
      entity: entity.name,
      doc_id: id,
      action: name,
      from_state: from,
      to_state: action.to,
      user_id: principal.userId,
      created_at: now,
    })
    .execute();
  await runEffects({ s, trx, site, principal, entity, request }, name, {
    ...doc,
    ...inputs,
    ...lineInputs,
    [states.field]: action.to,
  });
}

/** The action's inputs from the body, validated like fields (none when it takes none). */
function actionInputs(
  s: Services,
  siteKey: string,
  entity: EntityDef,
  name: string,
  request: FastifyRequest,
): Record<string, unknown> {
  const validate = s.schemas.forSite(siteKey).actionValidators.get(`${entity.name}.${name}`);
  if (!validate) return {};
  const body = structuredClone(request.body ?? {}) as Record<string, unknown>;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new AppError(Code.invalid, 'request.invalid', { detail: 'body' });
  for (const n of entity.states!.actions[name]!.fields ?? []) if (body[n] === '') body[n] = null;
  if (!validate(body)) {
    const labels = Object.fromEntries(entity.fields.map((f) => [f.name, fieldLabel(s, f, request.locale)]));
    throw new AppError(Code.invalid, 'request.invalid', { detail: describeError(validate.errors![0]!, request.locale, labels) });
  }
  // A departure or return time typed without an offset is the site's wall time.
  readInstants(entity, body, caller(request).site.timeZone, s.schemas.forSite(siteKey).entities);
  const fields = entity.states!.actions[name]!.fields ?? [];
  const members = [...new Set(fields.filter((n) => n.includes('.')).map((n) => n.split('.')[0]!))];
  return Object.fromEntries([...fields, ...members].filter((n) => n in body).map((n) => [n, body[n]]));
}

/**
 * The inputs an action takes per line (`items.acceptResult`): every line of the document once, by
 * its id, each value checked like the line entity's field; written to the lines. Answers the
 * collections as they now are, for the action's checks and effects.
 */
async function writeLineInputs(
  s: Services,
  trx: Transaction<any>,
  entity: EntityDef,
  request: FastifyRequest,
  doc: Record<string, unknown>,
  inputs: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const { site } = caller(request);
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const sent = inputs[member];
    if (!Array.isArray(sent)) continue;
    const line = s.schemas.entity(site.key, decl.entity);
    const lines = (Array.isArray(doc[member]) ? doc[member] : []) as Array<Record<string, unknown>>;
    const byId = new Map(sent.map((l: Record<string, unknown>) => [Number(l.id), l]));
    if (byId.size !== sent.length || lines.length !== sent.length || lines.some((l) => !byId.has(Number(l.id))))
      throw new AppError(Code.invalid, 'state.everyLine', { lines: s.schemas.texts[decl.title]?.[request.locale] ?? member });
    const svc = await new EntityService(s, line, request).prepare();
    out[member] = [];
    for (const [i, l] of lines.entries()) {
      const values = Object.fromEntries(Object.entries(byId.get(Number(l.id))!).filter(([k]) => k !== 'id'));
      try {
        await svc.checkValues(trx, values, Number(l.id), l);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const label = s.schemas.texts[decl.title]?.[request.locale] ?? member;
        throw new AppError(err.code, 'line.error', {
          lines: label,
          n: i + 1,
          detail: t(err.messageKey, request.locale, err.params),
        });
      }
      const set = inputColumns(line, values);
      if (Object.keys(set).length)
        await (trx as unknown as Kysely<any>).updateTable(line.table).set(set).where('id', '=', Number(l.id)).execute();
      (out[member] as unknown[]).push({ ...l, ...values });
    }
  }
  return out;
}

/** Columns of the inputs: file lists go into extend like a save puts them. */
function inputColumns(entity: EntityDef, inputs: Record<string, unknown>): Record<string, unknown> {
  const open = { ...entity, fields: entity.fields.map((f) => (f.name in inputs ? { ...f, readOnly: false } : f)) };
  const columns = toColumns(open, inputs);
  const files = filesPatch(open, inputs);
  if (Object.keys(files).length) columns.extend = sql`coalesce(extend, '{}'::jsonb) || ${JSON.stringify(files)}::jsonb`;
  return columns;
}

interface RowAction {
  action: string;
  endpoint?: string;
  form?: string;
  to?: string;
  title?: string;
  permission?: string;
  confirm?: string;
  visible?: string;
  danger?: boolean;
}

/** Documents one call of a state action may take at once (a payment batch). */
const MAX_BATCH = 100;

const quoted = (values: string[]) => values.map((v) => `'${v.replace(/[\\']/g, '')}'`);
const EDITABLE = ['0', '3', '4']; // draft, rejected, withdrawn (DOMAIN.md approval status)

/**
 * The row actions a document has by being one (issue 14), for lists that do not write them: the
 * approval's submit, progress and withdraw for an entity with a `process`, and the actions of its
 * `states`, each shown where it applies. An action the list already declares (same endpoint or
 * target) is not added twice.
 */
export function documentActions(entity: EntityDef, declared: RowAction[]): RowAction[] {
  const out: RowAction[] = [];
  const has = (a: RowAction) => declared.some((d) => (a.endpoint && d.endpoint === a.endpoint) || (a.to && d.to === a.to));
  const add = (a: RowAction) => {
    if (!has(a)) out.push(a);
  };
  if (entity.process && entity.byName.has('approvalStatus')) {
    const editable = quoted(EDITABLE)
      .map((v) => `approvalStatus == ${v}`)
      .join(' || ');
    add({
      action: 'request',
      endpoint: 'submit',
      title: 'workflow.submit',
      permission: permissionOf(entity, 'edit'),
      confirm: 'workflow.submitConfirm',
      visible: editable,
    });
    add({
      action: 'navigate',
      to: `/approval/${entity.name}/{id}`,
      title: 'workflow.progress',
      permission: permissionOf(entity, 'query'),
      visible: "approvalStatus != '0'",
    });
    add({
      action: 'request',
      endpoint: 'withdraw',
      title: 'workflow.withdraw',
      permission: permissionOf(entity, 'edit'),
      confirm: 'workflow.withdrawConfirm',
      visible: `approvalStatus == '1' && createdBy == $user.userId`,
    });
  }
  const states = entity.states;
  for (const [name, a] of Object.entries(states?.actions ?? {})) {
    const from = quoted(a.from)
      .map((v) => `${states!.field} == ${v}`)
      .join(' || ');
    // Not offered to whom the server would refuse it (segregation of duties).
    const separated = separationOf(a, entity.effects?.[name]);
    const duties = [
      ...(separated.has('applicant') ? ['createdBy != $user.userId'] : []),
      ...(separated.has('approvers') && entity.byName.has(APPROVED_BY) ? [`!includes(${APPROVED_BY}, $user.userId)`] : []),
    ];
    const when = [a.when, ...duties].filter(Boolean).map((c) => `(${c})`);
    // An action with inputs opens its form on the row and posts it to the action.
    add({
      action: a.form ? 'edit' : 'request',
      endpoint: name,
      ...(a.form ? { form: a.form } : {}),
      title: a.title,
      permission: permissionOf(entity, a.permission ?? name),
      ...(a.confirm && !a.form ? { confirm: a.confirm } : {}),
      visible: when.length ? [`(${from})`, ...when].join(' && ') : from,
    });
  }
  return out;
}

/** The declared row actions with the document's own ones put before the dangerous ones (remove). */
export function withDocumentActions(entity: EntityDef, declared: RowAction[] | undefined): RowAction[] {
  const list = declared ?? [];
  const extra = documentActions(entity, list);
  if (!extra.length) return list;
  const firstDanger = list.findIndex((a) => a.danger);
  return firstDanger < 0 ? [...list, ...extra] : [...list.slice(0, firstDanger), ...extra, ...list.slice(firstDanger)];
}
