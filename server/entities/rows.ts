// Rows between the database (snake_case columns, Date, numeric strings) and the wire (field names,
// ISO datetimes, 'YYYY-MM-DD' dates, money as decimal strings).
import type { EntityDef, FieldDef } from './model.ts';

export type Row = Record<string, unknown>;

/** A database row as the browser sees it: declared fields (hidden ones left out), id, version. */
export function toWire(entity: EntityDef, row: Row, labels: Row = {}): Row {
  const out: Row = { id: row.id };
  const extend = (row.extend ?? {}) as Row;
  for (const f of entity.fields) {
    if (f.hidden || f.writeOnly || f.type === 'files') continue;
    out[f.name] = f.inExtend ? (extend[f.name] ?? null) : wireValue(f, row[f.column]);
  }
  // File lists travel as JSON strings under extend.<field> (spec section 3 "Uploaded file").
  if (entity.fields.some((f) => f.type === 'files' || f.inExtend)) out.extend = extend;
  if (entity.has.version) out.version = row.version;
  if (entity.has.schemaVersion && row.schema_version !== undefined) out.schemaVersion = row.schema_version;
  for (const [k, v] of Object.entries(labels)) out[k] = v;
  return out;
}

function wireValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (f.type === 'datetime' && v instanceof Date) return v.toISOString();
  if (f.type === 'refs') return (Array.isArray(v) ? v : []).map(Number);
  return v;
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
