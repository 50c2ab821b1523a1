// Rows between the database (snake_case columns, Date, numeric strings) and the wire (field names,
// ISO datetimes, 'YYYY-MM-DD' dates, money as decimal strings).
import type { EntityDef, FieldDef } from './model.ts';
import { run } from '../../validators/expression/evaluate.ts';
import { toInstant } from '../platform/site-time.ts';

export type Row = Record<string, unknown>;

/**
 * How an entity's rows go on the wire, worked out once per entity definition: every list answer
 * wires each of its rows, and walking the field definitions row by row cost more than the rest of
 * the answer's own work.
 */
interface WirePlan {
  names: string[];
  columns: string[];
  /** 0 as stored, 1 datetime, 2 reference list, 3 a member of extend. */
  kinds: number[];
  extend: boolean;
  version: boolean;
  schemaVersion: boolean;
  /** The display names refSelects() adds beside reference fields (`deptIdLabel`). */
  labels: string[];
  /** The table's columns a wired row is made of (fields kept in a link table are selected apart). */
  read: string[];
  /** toWire() for this entity as straight-line code (see mapperOf). */
  map: (row: Row) => Row;
  /** Fields computed from the wired row (`compute`), in their order. */
  computed: Array<{ name: string; rule: string; money: boolean }>;
}

const plans = new WeakMap<EntityDef, WirePlan>();

function planOf(entity: EntityDef): WirePlan {
  let plan = plans.get(entity);
  if (plan) return plan;
  const shown = entity.fields.filter((f) => !f.hidden && !f.writeOnly && f.type !== 'files');
  plan = {
    names: shown.map((f) => f.name),
    columns: shown.map((f) => f.column),
    kinds: shown.map((f) => (f.inExtend ? 3 : f.type === 'datetime' ? 1 : f.type === 'refs' ? 2 : 0)),
    // File lists travel as JSON strings under extend.<field> (spec section 3 "Uploaded file").
    extend: entity.fields.some((f) => f.type === 'files' || f.inExtend),
    version: entity.has.version,
    schemaVersion: entity.has.schemaVersion,
    labels: entity.fields.filter((f) => f.type === 'ref' && !f.hidden).map((f) => `${f.name}Label`),
    read: [],
    map: () => ({}),
    computed: shown.filter((f) => f.compute).map((f) => ({ name: f.name, rule: f.compute!, money: f.type === 'money' })),
  };
  plan.read = [
    'id',
    // An aggregate is selected under its column's name by the read's head; a computed field has none.
    ...new Set(shown.filter((f) => !f.inExtend && !f.through && !f.aggregate && !f.compute).map((f) => f.column)),
    ...(plan.extend && entity.has.extend ? ['extend'] : []),
    ...(plan.version ? ['version'] : []),
    ...(plan.schemaVersion ? ['schema_version'] : []),
  ];
  plan.map = mapperOf(plan);
  plans.set(entity, plan);
  return plan;
}

/**
 * A plan as one function with an object literal, so every wired row of an entity has one shape and
 * each member is a fixed property access (a loop over names made every access a lookup by key,
 * which cost more than the page's own SQL work besides running it). Names go in as JSON string
 * literals: whatever a schema calls a field stays a string, never code.
 */
function mapperOf(plan: WirePlan): (row: Row) => Row {
  const q = (k: string) => JSON.stringify(k);
  const members = plan.names.map((name, i) => {
    const v = plan.kinds[i] === 3 ? `extend[${q(name)}]` : `row[${q(plan.columns[i]!)}]`;
    const value =
      plan.kinds[i] === 1
        ? `(v = ${v}) === null || v === undefined ? null : v instanceof Date ? v.toISOString() : v`
        : plan.kinds[i] === 2
          ? `(v = ${v}) === null || v === undefined ? null : (Array.isArray(v) ? v : []).map(Number)`
          : `(v = ${v}) === undefined ? null : v`;
    return `${q(name)}: ${value}`;
  });
  const body = [
    'let v;',
    'const extend = row.extend ?? {};',
    'const out = {',
    '  id: row.id,',
    ...members.map((m) => `  ${m},`),
    ...(plan.extend ? ['  extend,'] : []),
    ...(plan.version ? ['  version: row.version,'] : []),
    '};',
    ...(plan.schemaVersion ? ['if (row.schema_version !== undefined) out.schemaVersion = row.schema_version;'] : []),
    ...plan.labels.map((k) => `if (${q(k)} in row) out[${q(k)}] = row[${q(k)}];`),
    'return out;',
  ];
  return new Function('row', body.join('\n')) as (row: Row) => Row;
}

/** The columns to read for rows that only go on the wire (a page), instead of all of them. */
export function wireColumns(entity: EntityDef): string[] {
  return planOf(entity).read;
}

/** A database row as the browser sees it: declared fields (hidden ones left out), id, version, and
 * the reference labels the row was read with. */
export function toWire(entity: EntityDef, row: Row): Row {
  const plan = planOf(entity);
  const out = plan.map(row);
  for (const c of plan.computed) {
    const v = run(c.rule, out);
    out[c.name] = c.money ? (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : null) : (v ?? null);
  }
  return out;
}

/**
 * Figures the server works out at every save (`derive`) and stores: set on the row from its values
 * as they will be (`stored` under what the body sends), never taken from the body.
 */
export function deriveFields(entity: EntityDef, row: Row, stored: Row = {}): void {
  for (const f of entity.fields) {
    if (!f.derive) continue;
    const v = run(f.derive, { ...stored, ...row });
    row[f.name] =
      f.type === 'money'
        ? typeof v === 'number' && Number.isFinite(v)
          ? v.toFixed(2)
          : null
        : f.type === 'integer'
          ? typeof v === 'number' && Number.isFinite(v)
            ? Math.round(v)
            : null
          : (v ?? null);
  }
}

/**
 * The date-times of a body as instants (./site-time.ts): what a person typed without an offset is the
 * site's wall time, whatever the zone of the server or of the database session. Lines too.
 */
export function readInstants(entity: EntityDef, row: Row, zone: string, entities: ReadonlyMap<string, EntityDef>): void {
  const each = (e: EntityDef, r: Row) => {
    for (const f of e.fields) {
      const v = r[f.name];
      if (f.type === 'datetime' && typeof v === 'string' && v) r[f.name] = toInstant(v, zone);
    }
  };
  each(entity, row);
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const line = entities.get(decl.entity);
    const lines = row[member];
    if (line && Array.isArray(lines)) for (const l of lines) if (l && typeof l === 'object') each(line, l as Row);
  }
}

/** A validated request body as columns to write (only writable fields that were sent). */
export function toColumns(entity: EntityDef, body: Row): Row {
  const out: Row = {};
  for (const f of entity.fields) {
    if (f.readOnly || f.standard || f.type === 'files' || f.through || f.inExtend || !(f.name in body)) continue;
    out[f.column] = columnValue(f, body[f.name]);
  }
  return out;
}

/**
 * Figures the server keeps (read-only fields: a contract's stamp duty, a purchase's required
 * method) that a module's hook worked out: the body never carries them (validation drops
 * read-only members), so one present after the hooks is the hook's.
 */
export function keptByHooks(entity: EntityDef, row: Row): Row {
  const kept = entity.fields.filter(
    (f) =>
      f.readOnly && !f.standard && !f.aggregate && !f.compute && !f.through && !f.inExtend && f.type !== 'files' && f.name in row,
  );
  return kept.length ? toColumns({ ...entity, fields: kept.map((f) => ({ ...f, readOnly: false })) }, row) : {};
}

/** The extend members a body sets: each file field's list as a JSON string, extend fields as they are. */
export function filesPatch(entity: EntityDef, body: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of entity.fields) {
    if (!(f.name in body) || f.readOnly) continue;
    if (f.type === 'files') out[f.name] = JSON.stringify(body[f.name] ?? []);
    else if (f.inExtend) out[f.name] = body[f.name] ?? null;
  }
  return out;
}

function columnValue(f: FieldDef, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return v === '' && (f.type === 'string' || f.type === 'text') ? '' : null;
  if (f.type === 'money') return typeof v === 'number' ? v.toFixed(2) : String(v);
  if (f.type === 'json' || f.type === 'files' || f.type === 'refs') return JSON.stringify(v);
  return v;
}
