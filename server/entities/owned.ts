// What the server owns of a record (DOMAIN.md "Controls", docs/decisions.md "Fields the server
// owns"): states, figures it works out, the applicant and their department, numbers it gives, what
// effects write. A request never sets them — on save, update or import the members are dropped
// before anything reads the body, and the answer shows what was stored. Dropping, not refusing:
// a form (or a script) sends back the record it read, computed figures and all, and that must
// save.
//
// Which fields are owned is worked out from the schemas themselves, so an entity added tomorrow is
// covered the day it lands:
// - what the file marks `readOnly`, and what the runtime adds (audit columns, `derive`, `compute`,
//   `aggregate`: model.ts);
// - a document's approval status, the field of its business states, the inputs of its state
//   actions (set by the action only), and, when it goes through approval, its department and owner;
// - fields another entity's effects write (an asset card's keeper, moved by a transfer document; a
//   car's state, moved by its trips): set once when the row is made, owned afterwards (`setOnce`,
//   Frappe's set_only_once).
import type { EntityDef, FieldDef } from './model.ts';
import type { Row } from './rows.ts';

/** Whether a request may set the field on a new row (`save`, `import`) or on a stored one (`update`). */
export function takenFromRequest(f: FieldDef, mode: 'save' | 'update'): boolean {
  if (f.readOnly || f.standard) return false;
  return !(mode === 'update' && f.setOnce);
}

/** The fields of one entity that are owned by the nature of the entity itself (compileEntity calls it). */
export function ownedByDeclaration(entity: {
  process?: string;
  states?: { field: string; actions: Record<string, { fields?: string[] }> };
  dataScope?: { dept?: string; owner?: string };
  fields: FieldDef[];
}): Set<string> {
  const owned = new Set<string>();
  const names = new Set(entity.fields.map((f) => f.name));
  const document = Boolean(entity.process) && names.has('approvalStatus');
  if (document) {
    owned.add('approvalStatus');
    if (entity.dataScope?.dept) owned.add(entity.dataScope.dept);
    if (entity.dataScope?.owner) owned.add(entity.dataScope.owner);
  }
  if (entity.states) {
    owned.add(entity.states.field);
    for (const action of Object.values(entity.states.actions))
      for (const input of action.fields ?? []) if (!input.includes('.')) owned.add(input);
  }
  return new Set([...owned].filter((n) => names.has(n)));
}

/**
 * What the entities of one site own of each other: a line input of a state action (an acceptance's
 * result per purchased item) belongs to the action, and a field another entity's `update` effect
 * writes is set once. Marks the field definitions in place (each site compiles its own).
 */
export function markOwnedAcross(entities: ReadonlyMap<string, EntityDef>): void {
  for (const e of entities.values()) {
    for (const action of Object.values(e.states?.actions ?? {})) {
      for (const input of action.fields ?? []) {
        const [member, name] = input.split('.');
        if (!name) continue;
        const line = entities.get(e.lines?.[member!]?.entity ?? '');
        const f = line?.byName.get(name);
        if (f) f.readOnly = true;
      }
    }
    for (const effects of Object.values(e.effects ?? {})) {
      for (const effect of effects) {
        const target = typeof effect.update === 'string' ? entities.get(effect.update) : undefined;
        if (!target || !effect.set || typeof effect.set !== 'object') continue;
        for (const name of Object.keys(effect.set as Record<string, unknown>)) {
          const f = target.byName.get(name);
          if (f && !f.readOnly) f.setOnce = true;
        }
      }
    }
  }
}

/**
 * The body without the members of owned fields, the document's lines included (a line keeps its
 * id, which says which stored line it is). Members that are no field at all are left to whoever
 * reads them (a confirmation flag); the columns written come from fields alone (rows.ts toColumns).
 */
export function withoutOwned(
  entity: EntityDef,
  body: Row,
  mode: 'save' | 'update',
  entities: ReadonlyMap<string, EntityDef>,
): Row {
  for (const f of entity.fields) if (f.name in body && !takenFromRequest(f, mode)) delete body[f.name];
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const line = entities.get(decl.entity);
    const lines = body[member];
    if (!line || !Array.isArray(lines)) continue;
    for (const l of lines) {
      if (!l || typeof l !== 'object' || Array.isArray(l)) continue;
      // A line sent again keeps what the server holds of it; a new line starts from the defaults.
      for (const f of line.fields) if (f.name in l && !takenFromRequest(f, 'save')) delete (l as Row)[f.name];
    }
  }
  return body;
}

/** Who may not take a state action: what it declares, and both sides for an action that pays. */
export function separationOf(
  action: { separate?: Array<'applicant' | 'approvers'> },
  effects: Array<Record<string, unknown>> | undefined,
): Set<'applicant' | 'approvers'> {
  const out = new Set(action.separate ?? []);
  if ((effects ?? []).some((e) => e.budget === 'pay')) {
    out.add('applicant');
    out.add('approvers');
  }
  return out;
}

/**
 * The field an approvable document gets when an action of it is separated from its approvers: who
 * approved a step of it, read at every read from the approval's tasks — the list then offers the
 * action only to whom the server would let take it.
 */
export const APPROVED_BY = 'approvedBy';

export function approvedByField(entityName: string): Omit<FieldDef, 'column'> & { column: string } {
  return {
    name: APPROVED_BY,
    type: 'refs',
    ref: 'user',
    title: 'workflow.approvedBy',
    column: 'approved_by',
    readOnly: true,
    sortable: false,
    aggregate: {
      of: 'wfTask',
      list: 'completedBy',
      match: { businessKey: 'id' },
      where: { entity: entityName, decision: 'approve', status: '1' },
    },
  };
}

/** Every owned field of an entity, as the security campaign and the docs list them. */
export function ownedFields(entity: EntityDef, mode: 'save' | 'update'): FieldDef[] {
  return entity.fields.filter((f) => !takenFromRequest(f, mode));
}
