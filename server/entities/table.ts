// Tables of entities: generated ones are created and extended at start (new columns only, never
// a drop); every entity's columns are read back so the runtime knows what its table has.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { columnType, compileEntity, type EntityDef, type FieldDef } from './model.ts';
import type { SchemaFile } from '../schemas/files.ts';

const ident = (name: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL name: ${name}`);
  return name;
};

/** A field's literal default as SQL (a value the runtime works out, such as `$today`, has none). */
function defaultClause(f: FieldDef): string {
  const v = f.default;
  if (typeof v === 'boolean') return ` default ${v}`;
  if (typeof v === 'number' && Number.isFinite(v)) return ` default ${v}`;
  if (typeof v === 'string' && !v.startsWith('$')) return ` default '${v.replace(/'/g, "''")}'`;
  return '';
}

/** A field the table holds in a column of its own (not in extend, another table, or worked out). */
export const stored = (f: FieldDef | undefined): f is FieldDef =>
  Boolean(f?.column && !f.inExtend && !f.through && !f.aggregate && !f.compute);

/** An index name as PostgreSQL keeps it (63 bytes), so that a name compared with pg_indexes matches. */
const indexName = (name: string) => ident(name.slice(0, 63));

/**
 * The indexes a site's list reads through (issue 37):
 * - `<table>_list_<digest>`: a list's first page in its default order (the sort column, then
 *   id, the tie-break of ./query.ts) reads ten rows of a million instead of sorting them all; a list
 *   of the caller's year (entity.year) reads that year only, the year leading.
 * - `<table>_state_<column>`: each state a document has (its approval status, its states field) in
 *   that order too, for every year: the state tabs, the home page's queues and the cashier's list of
 *   what waits read a state's rows, and a state's rows are what is in flight, not the years' history.
 * - `<table>_scope_<digest>`: the data scope's department leading, then the year and the order: what
 *   most people read is their department's rows, and a department's head counting his claims among
 *   a million read a fifth of the site's list index to find them (36 ms; through this one 0.6 ms).
 *   `<table>_scope_<state column>`: a department's rows in a state — a head's "in approval" tab —
 *   in that order too (its count read a sixth of the state's index: 2.0 ms; through this 0.8 ms).
 * Each carries the data scope's columns, the year and the states that it does not lead with, so
 * that a count filtered by them reads the index alone.
 */
function listIndexes(entity: EntityDef, t: string): string[] {
  const dir = entity.defaultSort.order === 'asc' ? 'asc' : 'desc';
  const sortField = entity.fields.find((f) => f.name === entity.defaultSort.field && stored(f));
  const order = sortField && sortField.column !== 'id' ? `${ident(sortField.column)} ${dir} nulls last, id ${dir}` : `id ${dir}`;
  const yearField = entity.year ? entity.byName.get(entity.year) : undefined;
  const yearColumn = stored(yearField) ? yearField.column : undefined;
  const year = yearColumn ? `${ident(yearColumn)}, ` : '';
  const [deptField, ownerField] = entity.dataScope
    ? [entity.dataScope.dept, entity.dataScope.owner ?? 'createdBy'].map((n) =>
        n && n !== 'id' ? entity.byName.get(n) : undefined,
      )
    : [];
  const deptColumn = stored(deptField) ? deptField.column : undefined;
  const ownerColumn = stored(ownerField) ? ownerField.column : undefined;
  const states = new Set<string>();
  for (const name of [entity.process ? 'approvalStatus' : undefined, entity.states?.field]) {
    const f = name ? entity.byName.get(name) : undefined;
    if (stored(f)) states.add(f.column);
  }
  // What an index carries besides its key: the columns a list filters by that the key does not hold.
  const include = (...key: (string | undefined)[]) => {
    const rest = [deptColumn, ownerColumn, yearColumn, ...states].filter(
      (c, i, all): c is string => !!c && !key.includes(c) && all.indexOf(c) === i,
    );
    return rest.length ? ` include (${rest.map(ident).join(', ')})` : '';
  };
  const wanted = new Map<string, string>();
  // The name says what the index is for and ends in a digest of its definition: a release that
  // changes the order, the year, the states or the scope makes a new index, and the old one goes.
  const named = (stem: string, definition: string) =>
    wanted.set(indexName(`${stem.slice(0, 55)}_${createHash('sha1').update(definition).digest('hex').slice(0, 7)}`), definition);
  named(`${entity.table}_list`, `(top_dept_id, ${year}${order})${include(yearColumn)}`);
  for (const column of states)
    named(`${entity.table}_state_${column}`, `(top_dept_id, ${ident(column)}, ${order})${include(column)}`);
  if (deptColumn) {
    const dept = ident(deptColumn);
    named(`${entity.table}_scope`, `(top_dept_id, ${dept}, ${year}${order})${include(deptColumn, yearColumn)}`);
    for (const column of states)
      named(
        `${entity.table}_scope_${column}`,
        `(top_dept_id, ${dept}, ${ident(column)}, ${order})${include(deptColumn, column)}`,
      );
  }
  const keep = [...wanted.keys()].map((n) => `'${n}'`).join(', ');
  return [
    // Indexes of an earlier release's order or states (and the `_sort` of before issue 37) go.
    `do $$ declare i text; begin
  for i in select indexname from pg_indexes where schemaname = current_schema() and tablename = '${t}'
    and (indexname = '${t}_sort' or starts_with(indexname, '${t}_list') or starts_with(indexname, '${t}_state_')
      or starts_with(indexname, '${t}_scope'))
    and indexname not in (${keep})
  loop execute format('drop index %I', i); end loop;
end $$`,
    ...[...wanted].map(([name, columns]) => `create index if not exists ${name} on ${t} ${columns}`),
  ];
}

/** DDL of a generated entity's table, idempotent: create if missing, then add missing columns. */
export function generatedDdl(entity: EntityDef): string[] {
  const t = ident(entity.table);
  // File lists live in extend; every other field has a column.
  const own = entity.fields.filter(
    (f) => !f.standard && f.type !== 'files' && !f.through && !f.inExtend && !f.aggregate && !f.compute,
  );
  const statements = [
    `create table if not exists ${t} (
  id bigserial primary key,
  ${entity.site ? 'top_dept_id bigint not null,' : ''}
  extend jsonb not null default '{}'::jsonb,
  schema_version varchar(32),
  version integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_by bigint,
  updated_at timestamptz not null default now()
)`,
    // A field added later with a default fills the rows already there (PostgreSQL writes the default
    // into every existing row when it adds the column); an existing column is left as it is.
    ...own.map((f) => `alter table ${t} add column if not exists ${ident(f.column)} ${columnType(f)}${defaultClause(f)}`),
  ];
  if (entity.lineOf) {
    // A document's line: which document, and where in it.
    statements.push(
      `alter table ${t} add column if not exists doc_id bigint not null`,
      `alter table ${t} add column if not exists line_no integer not null default 0`,
      `create index if not exists ${t}_doc on ${t} (doc_id, line_no)`,
    );
  } else if (entity.site) {
    statements.push(`create index if not exists ${t}_site on ${t} (top_dept_id, created_at desc)`);
    statements.push(...listIndexes(entity, t));
  }
  // Lookups the entity declares (a payment's lines by the document they pay): named after their
  // fields, with the site first on a site's own table.
  for (const fields of entity.indexes ?? []) {
    const columns = fields
      .map((n) => entity.byName.get(n))
      .filter(stored)
      .map((f) => f.column);
    if (columns.length !== fields.length) continue;
    const lead = entity.site && !entity.lineOf ? ['top_dept_id'] : [];
    statements.push(
      `create index if not exists ${indexName([entity.table, 'by', ...columns].join('_'))} on ${t} (${[...lead, ...columns].map(ident).join(', ')})`,
    );
  }
  // A line's unique value is kept unique by the lines' writer (./lines.ts) under a lock: an index
  // would refuse two lines of one save that swap their values.
  for (const f of own.filter((f) => f.unique && !entity.lineOf)) {
    // Unique together with other fields (a number unique per year): those columns are in the index too,
    // under a name of its own; the narrower index of a table made before is dropped.
    const together = (f.uniqueWith ?? []).map((n) => entity.byName.get(n)?.column).filter((c): c is string => !!c);
    const name = ident([entity.table, f.column, ...together, 'unique'].join('_'));
    if (together.length) statements.push(`drop index if exists ${ident(`${entity.table}_${f.column}_unique`)}`);
    statements.push(
      `create unique index if not exists ${name} on ${t} (${entity.site ? 'top_dept_id, ' : ''}${[f.column, ...together].map(ident).join(', ')})`,
    );
  }
  return statements;
}

export async function ensureGeneratedTables(db: Kysely<any>, files: SchemaFile[]): Promise<void> {
  for (const file of files.filter((f) => f.kind === 'entity' && f.json.generate === true)) {
    for (const statement of generatedDdl(compileEntity(file.json, null))) await sql.raw(statement).execute(db);
  }
}

export async function tableColumns(db: Kysely<any>, tables: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!tables.length) return out;
  const rows = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})`.execute(db);
  for (const r of rows.rows) {
    const set = out.get(r.table_name) ?? new Set<string>();
    set.add(r.column_name);
    out.set(r.table_name, set);
  }
  return out;
}
