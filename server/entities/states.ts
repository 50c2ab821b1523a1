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
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../app.ts';
import { run } from '../../validators/expression/evaluate.ts';
import { ok } from '../platform/answer.ts';
import { AppError, Code } from '../platform/errors.ts';
import { caller } from '../platform/gate.ts';
import { EntityService, oneIdOf } from './crud.ts';
import { runEffects } from './effects.ts';
import { permissionOf, type EntityDef } from './model.ts';

export interface StateAction {
  from: string[];
  to: string;
  when?: string;
  permission?: string;
  title: string;
  confirm?: string;
}

export interface StatesDecl {
  field: string;
  actions: Record<string, StateAction>;
}

/** Whether the document (wire names) may take the action now. */
export function actionApplies(states: StatesDecl, action: StateAction, doc: Record<string, unknown>): boolean {
  if (!action.from.includes(String(doc[states.field] ?? ''))) return false;
  return !action.when || Boolean(run(action.when, doc));
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
          const id = oneIdOf(request);
          const svc = await new EntityService(s, entity, request).prepare();
          const title = s.schemas.texts[action.title]?.[request.locale] ?? name;
          const now = new Date(s.clock.now());
          const field = entity.byName.get(states.field)!;
          await s.database.db.transaction().execute(async (trx) => {
            const doc = svc.wire(await svc.find(id, trx, true));
            if (!actionApplies(states, action, doc)) throw new AppError(Code.conflict, 'state.notAllowed', { action: title });
            const from = doc[states.field] === null || doc[states.field] === undefined ? null : String(doc[states.field]);
            await sql`update ${sql.table(entity.table)} set ${sql.ref(field.column)} = ${action.to}
              where id = ${id} and top_dept_id = ${site.id}`.execute(trx);
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
            await runEffects({ s, trx, site, principal, entity, request }, name, { ...doc, [states.field]: action.to });
          });
          return ok(request, svc.wire(await svc.find(id)), 'state.done', { action: title });
        },
      );
    }
  }
}

interface RowAction {
  action: string;
  endpoint?: string;
  to?: string;
  title?: string;
  permission?: string;
  confirm?: string;
  visible?: string;
  danger?: boolean;
}

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
    add({
      action: 'request',
      endpoint: name,
      title: a.title,
      permission: permissionOf(entity, a.permission ?? name),
      ...(a.confirm ? { confirm: a.confirm } : {}),
      visible: a.when ? `(${from}) && (${a.when})` : from,
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
