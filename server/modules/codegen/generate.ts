// Code generation: the entity, list and form files of a new screen, and its texts, from the
// columns of an existing table or from one sample record. Pure functions: the routes read the
// table's columns; what comes out is a starting point an implementer edits and commits.
import { snake } from '../../entities/model.ts';
import { decimalPlaces } from '../../../validators/formats.ts';

export interface ColumnInfo {
  name: string;
  /** As information_schema.columns.data_type says it ('character varying'), or a short name ('varchar(50)', 'int8'). */
  dataType: string;
  maxLength?: number | null;
  nullable?: boolean;
  /** numeric(precision, scale), when the column is numeric. */
  precision?: number | null;
  scale?: number | null;
}

export interface GenOptions {
  /** Entity name, the file stem: ^[a-z][A-Za-z0-9]*$. */
  name: string;
  /** Folder under schemas/. */
  area: string;
  /** Endpoint base under /api; default /<area>/<name>. */
  api?: string;
  /** Permission key prefix; default <area>:<name>. */
  permission?: string;
}

export interface GeneratedFile {
  path: string;
  content: string;
}

export interface Generated {
  files: GeneratedFile[];
  /** Columns or keys left out: no usable field name, or a type no field type holds. */
  skipped: string[];
}

export type CodegenProblem = 'api' | 'permission' | 'noFields';

/** A refusal of the inputs; the routes turn it into a localized message. */
export class CodegenError extends Error {
  constructor(
    readonly problem: CodegenProblem,
    readonly value = '',
  ) {
    super(`codegen: ${problem} ${value}`);
  }
}

export const NAME_PATTERN = /^[a-z][A-Za-z0-9]*$/;
// The entity meta-schema's patterns (schemas/_meta/entity.schema.json).
const API_PATTERN = /^\/[a-z][A-Za-z/]*$/;
const PERMISSION_PATTERN = /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/;
const COLUMN_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Columns every entity table has (or may have); the runtime adds them, never the entity file. */
export const STANDARD_COLUMNS = [
  'id',
  'top_dept_id',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
  'version',
  'schema_version',
  'extend',
];
const STANDARD_NAMES = new Set(STANDARD_COLUMNS.map((c) => camel(c)));

export const LOCALES = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;

type FieldType = 'string' | 'text' | 'integer' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'json';

interface Field {
  type: FieldType;
  title: string;
  column?: string;
  required?: boolean;
  maxLength?: number;
  /** number: its decimal places when they are not the default 2 (a numeric(10,4) column's 4). */
  scale?: number;
  query?: 'like' | 'between';
}

/** 'user_name', 'USER_NAME', 'user-name', 'UserName' → 'userName'; '' when nothing usable is left. */
export function camel(raw: string): string {
  const parts = raw
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => (p === p.toUpperCase() ? p.toLowerCase() : p));
  const joined = parts.map((p, i) => (i === 0 ? p[0]!.toLowerCase() + p.slice(1) : p[0]!.toUpperCase() + p.slice(1))).join('');
  return NAME_PATTERN.test(joined) ? joined : '';
}

/** 'meetingDate' → 'Meeting date', 'address2' → 'Address 2'. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}

/** The API base and permission prefix, given or by default; refused when the entity meta-schema would refuse them. */
export function resolveOptions(options: GenOptions): { api: string; permission: string } {
  const api = options.api || `/${options.area}/${options.name}`;
  const permission = options.permission || `${options.area}:${options.name}`;
  if (!API_PATTERN.test(api)) throw new CodegenError('api', api);
  if (!PERMISSION_PATTERN.test(permission)) throw new CodegenError('permission', permission);
  return { api, permission };
}

/** The field type of a column's SQL type, or null when no field type holds it (uuid, bytea, arrays…). */
export function fieldTypeOfColumn(column: ColumnInfo): { type: FieldType; maxLength?: number; scale?: number } | null {
  const sqlType = column.dataType.trim().toLowerCase();
  const base = sqlType
    .replace(/\(.*\)/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const size = Number(/\((\d+)/.exec(sqlType)?.[1]) || undefined;
  const maxLength = column.maxLength ?? size;
  switch (base) {
    case 'character varying':
    case 'varchar':
    case 'character':
    case 'char':
    case 'bpchar':
      return maxLength ? { type: 'string', maxLength } : { type: 'string' };
    case 'text':
      return { type: 'text' };
    case 'smallint':
    case 'integer':
    case 'int':
    case 'int2':
    case 'int4':
    case 'bigint':
    case 'int8':
      return { type: 'integer' };
    case 'numeric':
    case 'decimal': {
      // money is numeric(18,2); another scale keeps its decimals as a plain number of that many places
      // (a number field takes two unless it says: more would be refused, issue 31).
      const written = /\(\s*\d+\s*(?:,\s*(\d+)\s*)?\)/.exec(sqlType);
      const scale = column.scale ?? (written ? Number(written[1] ?? 0) : null);
      return scale === null || scale === 2 ? { type: 'money' } : { type: 'number', scale: Math.min(scale, 10) };
    }
    case 'real':
    case 'float4':
    case 'double precision':
    case 'float8':
      return { type: 'number' };
    case 'date':
      return { type: 'date' };
    case 'timestamp':
    case 'timestamptz':
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return { type: 'datetime' };
    case 'boolean':
    case 'bool':
      return { type: 'boolean' };
    case 'json':
    case 'jsonb':
      return { type: 'json' };
    default:
      return null;
  }
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MONEY = /^-?\d+\.\d{2}$/;
const STRING_LENGTHS = [50, 100, 255];

/** The field type of one sample value. */
export function fieldTypeOfValue(value: unknown): { type: FieldType; maxLength?: number; scale?: number } {
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return { type: 'integer' };
    // The sample's places, when more than the default two (the field would refuse the sample itself).
    const places = decimalPlaces(value);
    return places > 2 && places <= 10 ? { type: 'number', scale: places } : { type: 'number' };
  }
  if (value !== null && typeof value === 'object') return { type: 'json' };
  if (typeof value !== 'string') return { type: 'string', maxLength: 255 }; // null: nothing to go by
  if (DATE.test(value) && !Number.isNaN(Date.parse(value))) return { type: 'date' };
  if (DATETIME.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')))) return { type: 'datetime' };
  if (MONEY.test(value)) return { type: 'money' };
  if (value.length > 255) return value.length <= 2000 ? { type: 'text', maxLength: 2000 } : { type: 'text' };
  return { type: 'string', maxLength: STRING_LENGTHS.find((n) => value.length <= n)! };
}

/** 'meetingRecord' → 'MeetingRecord': the list page's menu component. */
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function build(
  fields: Array<[string, Field]>,
  skipped: string[],
  options: GenOptions,
  entityExtras: { table: string; generate: boolean },
): Generated {
  if (!fields.length) throw new CodegenError('noFields');
  const { name, area } = options;
  const { api, permission } = resolveOptions(options);

  // The list's query form: the first two text inputs, and the first date as the date range.
  const strings = fields.filter(([, f]) => f.type === 'string');
  const query = strings.slice(0, 2).map(([n]) => n);
  for (const [, f] of strings.slice(0, 2)) f.query = 'like';
  const dated = fields.find(([, f]) => f.type === 'date' || f.type === 'datetime');
  if (dated) dated[1].query = 'between';

  const entity: Record<string, unknown> = {
    $schema: '../_meta/entity.schema.json',
    name,
    title: `${name}.title`,
    table: entityExtras.table,
    generate: entityExtras.generate,
    api,
    permission,
  };
  if (strings.length) entity.display = strings[0]![0];
  entity.fields = Object.fromEntries(fields);

  const shown = fields.filter(([, f]) => f.type !== 'text' && f.type !== 'json').slice(0, 6);
  const columns = (shown.length ? shown : fields.slice(0, 1)).map(([n], i) =>
    i === 0 ? { field: n, link: { action: 'view' } } : { field: n },
  );
  const list: Record<string, unknown> = {
    $schema: '../_meta/list.schema.json',
    component: pascal(name),
    entity: name,
  };
  if (query.length) list.query = query;
  if (dated) list.dateRange = dated[0];
  Object.assign(list, {
    columns,
    toolbar: [{ action: 'add' }, { action: 'export' }],
    rowActions: [{ action: 'view' }, { action: 'edit' }, { action: 'remove', danger: true }],
    batchActions: [{ action: 'remove', danger: true }],
  });

  // The form: a two-column grid; long texts and JSON values take the whole width.
  const wide = (f: Field) => f.type === 'text' || f.type === 'json';
  const form = {
    $schema: '../_meta/form.schema.json',
    entity: name,
    width: 760,
    schema: {
      type: 'object',
      properties: {
        grid: {
          type: 'void',
          'x-component': 'FormGrid',
          'x-component-props': { maxColumns: 2, minColumns: 1 },
          properties: Object.fromEntries(fields.map(([n, f]) => [n, wide(f) ? { 'x-decorator-props': { gridSpan: 2 } } : {}])),
        },
      },
    },
  };

  // The texts: a fragment to merge into schemas/<area>/i18n.json, every language humanised for a start.
  const text = (s: string) => Object.fromEntries(LOCALES.map((l) => [l, s]));
  const i18n: Record<string, unknown> = { $schema: '../_meta/i18n.schema.json', [`${name}.title`]: text(humanise(name)) };
  for (const [n] of fields) i18n[`${name}.${n}`] = text(humanise(n));

  const dir = `schemas/${area}`;
  return {
    files: [
      { path: `${dir}/${name}.entity.json`, content: json(entity) },
      { path: `${dir}/${name}.list.json`, content: json(list) },
      { path: `${dir}/${name}.form.json`, content: json(form) },
      { path: `${dir}/i18n.${name}.json`, content: json(i18n) },
    ],
    skipped,
  };
}

/** The files of an entity over an existing table (its migration stays the truth: generate false). */
export function fromColumns(table: string, columns: ColumnInfo[], options: GenOptions): Generated {
  const fields: Array<[string, Field]> = [];
  const skipped: string[] = [];
  const taken = new Set<string>();
  for (const column of columns) {
    if (STANDARD_COLUMNS.includes(column.name)) continue;
    const name = COLUMN_PATTERN.test(column.name) ? camel(column.name) : '';
    const type = fieldTypeOfColumn(column);
    if (!name || !type || taken.has(name) || STANDARD_NAMES.has(name)) {
      skipped.push(column.name);
      continue;
    }
    taken.add(name);
    const field: Field = { type: type.type, title: `${options.name}.${name}` };
    if (snake(name) !== column.name) field.column = column.name;
    // A switch is never "required": false is an answer.
    if (column.nullable === false && type.type !== 'boolean') field.required = true;
    if (type.maxLength) field.maxLength = type.maxLength;
    if (type.scale !== undefined) field.scale = type.scale;
    fields.push([name, field]);
  }
  return build(fields, skipped, options, { table, generate: false });
}

/** The files of a new entity shaped like one record; the runtime creates its table (generate true). */
export function fromSample(record: Record<string, unknown>, options: GenOptions): Generated {
  const fields: Array<[string, Field]> = [];
  const skipped: string[] = [];
  const taken = new Set<string>();
  for (const [key, value] of Object.entries(record)) {
    const name = camel(key);
    if (STANDARD_NAMES.has(name)) continue;
    if (!name || taken.has(name)) {
      skipped.push(key);
      continue;
    }
    taken.add(name);
    const type = fieldTypeOfValue(value);
    const field: Field = { type: type.type, title: `${options.name}.${name}` };
    if (type.maxLength) field.maxLength = type.maxLength;
    if (type.scale !== undefined) field.scale = type.scale;
    fields.push([name, field]);
  }
  return build(fields, skipped, options, { table: `biz_${snake(options.name)}`, generate: true });
}
