// Tables of entities: generated ones are created and extended at start (new columns only, never
// a drop); every entity's columns are read back so the runtime knows what its table has.
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
    // A list's first page reads in its default order: an index in that order (with id, the tie-break
    // of ./query.ts) lets it read ten rows of a hundred thousand instead of sorting them all.
    // A list of the caller's year (entity.year) reads that year only: the year leads, so a site's
    // million claims over the years cost a year's first page what ten thousand do (issue 37); and a
    // list in id order (the default) has its index too, as a district's tables hold many sites.
    const sortField = own.find((f) => f.name === entity.defaultSort.field);
    const dir = entity.defaultSort.order === 'asc' ? 'asc' : 'desc';
    const yearField = entity.year ? own.find((f) => f.name === entity.year) : undefined;
    const year = yearField ? `${ident(yearField.column)}, ` : '';
    const order = sortField ? `${ident(sortField.column)} ${dir} nulls last, id ${dir}` : `id ${dir}`;
    if (yearField || !sortField) {
      statements.push(`drop index if exists ${ident(`${entity.table}_sort`)}`);
      statements.push(`create index if not exists ${ident(`${entity.table}_list`)} on ${t} (top_dept_id, ${year}${order})`);
    } else statements.push(`create index if not exists ${ident(`${entity.table}_sort`)} on ${t} (top_dept_id, ${order})`);
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
