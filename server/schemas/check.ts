// schemas:check — proves the files under schemas/ agree with their meta-schemas, with each other
// (entities, lists, forms, menus, dictionaries, texts, permission keys), with the tables the
// migrations define, and that every site override still applies to its base file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { danglingPaths, type Json } from '../../validators/merge-patch.ts';
import { applySitePatch, markersIn, patchPointer } from '../../validators/keyed-patch.ts';
import { snake, STANDARD_FIELDS } from '../entities/model.ts';
import { SCHEMAS_DIR } from './files.ts';
import { sequenceProblem } from '../entities/sequence.ts';
import { filterable, isDateRange } from '../entities/query.ts';
import { parseJsonText } from '../../validators/json-text.ts';
import { expressionError, scopeOf, settingNames, templateExpressions, type ExpressionScope } from '../../validators/expression/check.ts';
import { readModel, reasonValuesOf, SETTING_ENTRY } from '../modules/workflow/bpmn.ts';
import { t } from '../platform/messages.ts';
import { splitStatements } from '../platform/db/split-statements.ts';
import { ORGANISATIONS } from '../seed/organisations.ts';
import { FORM_COMPONENTS } from '../../validators/formComponents.ts';

const KNOWN_COMPONENTS = new Set<string>(FORM_COMPONENTS);

export interface Problem {
  /** Path relative to schemas/, e.g. system/dictType.list.json or sites/acme/system/dictType.entity.json. */
  file: string;
  /** JSON pointer into the file ('' for the whole file). */
  pointer: string;
  message: string;
  /** A base file that fails only as this site's patches leave the other files (issue 35): the site's fault. */
  siteView?: string;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../platform/db/migrations');

/** Dictionaries the seeding generates rather than reads from system/dicts.json. */
const GENERATED_DICTS = new Set(['ys_budget_year']);
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;

/** The meta-schema a file must name, by its file name. */
function expectedMeta(rel: string): string | undefined {
  const base = rel.split('/').pop()!;
  const kind = /\.(entity|list|form|seed|detail|calendar|report|reminders)\.json$/.exec(base)?.[1];
  if (kind) return `${kind}.schema.json`;
  const fixed: Record<string, string> = {
    'menu.json': 'menu.schema.json',
    'i18n.json': 'i18n.schema.json',
    'actions.json': 'actions.schema.json',
    'dicts.json': 'dicts.schema.json',
    'configs.json': 'configs.schema.json',
    'queues.json': 'queues.schema.json',
  };
  return fixed[base];
}

// ---------------------------------------------------------------------------------------------
// Small helpers: the files are checked against their meta-schemas first, but the cross-reference
// checks below still run on files that failed, so they never trust a shape.

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: Json | undefined): Obj => (isObj(v) ? v : {});
const arr = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const esc = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${esc(p)}`).join('');

function walkJson(dir: string, root: string, skip: Set<string>, out: string[] = [], ext = '.json'): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(dir === root && skip.has(entry.name))) walkJson(full, root, skip, out, ext);
    } else if (entry.name.endsWith(ext)) out.push(full);
  }
  return out;
}

const relOf = (root: string, full: string) => path.relative(root, full).split(path.sep).join('/');

// ---------------------------------------------------------------------------------------------
// Migrations: the tables and their column types as the .sql files leave them.

export type Tables = Map<string, Map<string, string>>;

/** The statements of a migration file (the splitter migrations run with). */
export const splitSqlStatements = splitStatements;

/** Splits at commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const unquote = (name: string) => name.replace(/"/g, '').split('.').pop()!.toLowerCase();

/** 'varchar(100) not null default ...' → 'varchar(100)'. */
function columnTypeOf(rest: string): string {
  const stop = /^(not|null|default|primary|references|unique|check|constraint|collate|generated)\b/i;
  let type = '';
  let depth = 0;
  let i = 0;
  while (i < rest.length) {
    if (depth === 0 && /\s/.test(rest[i]!) && stop.test(rest.slice(i).trimStart())) break;
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')') depth--;
    type += rest[i];
    i++;
  }
  return type
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1');
}

function parseColumn(def: string): [string, string] | null {
  if (/^(constraint|primary\s+key|unique|foreign\s+key|check|exclude|like)\b/i.test(def)) return null;
  const m = /^("[^"]+"|[A-Za-z_][A-Za-z0-9_]*)\s+([\s\S]+)$/.exec(def);
  return m ? [unquote(m[1]!), columnTypeOf(m[2]!)] : null;
}

/** Tables and columns from `create table` and `alter table … add/drop/rename/alter column`. */
export function parseMigrations(dir = MIGRATIONS_DIR): Tables {
  const tables: Tables = new Map();
  if (!fs.existsSync(dir)) return tables;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    for (const raw of splitSqlStatements(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      const stmt = raw.replace(/--.*$/gm, '').trim();
      const create = /^create\s+(?:(?:global\s+|local\s+)?(?:temp|temporary|unlogged)\s+)?table\s+(?:if\s+not\s+exists\s+)?((?:"[^"]+"|[\w.])+)\s*\(/i.exec(
        stmt,
      );
      if (create) {
        const name = unquote(create[1]!);
        const start = create[0].length;
        let depth = 1;
        let end = start;
        while (end < stmt.length && depth > 0) {
          if (stmt[end] === '(') depth++;
          else if (stmt[end] === ')') depth--;
          end++;
        }
        const columns = tables.get(name) ?? new Map<string, string>();
        for (const def of splitTopLevel(stmt.slice(start, end - 1))) {
          const col = parseColumn(def);
          if (col) columns.set(col[0], col[1]);
        }
        tables.set(name, columns);
        continue;
      }
      const drop = /^drop\s+table\s+(?:if\s+exists\s+)?([\s\S]+)$/i.exec(stmt);
      if (drop) {
        for (const t of drop[1]!.replace(/\s+(cascade|restrict)\s*$/i, '').split(',')) tables.delete(unquote(t.trim()));
        continue;
      }
      const alter = /^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?((?:"[^"]+"|[\w.])+)\s+([\s\S]+)$/i.exec(stmt);
      if (!alter) continue;
      const name = unquote(alter[1]!);
      const columns = tables.get(name);
      if (!columns) continue;
      for (const action of splitTopLevel(alter[2]!)) {
        let m: RegExpExecArray | null;
        if ((m = /^rename\s+to\s+(\S+)$/i.exec(action))) {
          tables.delete(name);
          tables.set(unquote(m[1]!), columns);
        } else if ((m = /^add\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?([\s\S]+)$/i.exec(action))) {
          const col = parseColumn(m[1]!);
          if (col && !/^(constraint|primary|unique|foreign|check|exclude)$/i.test(col[0])) columns.set(col[0], col[1]);
        } else if ((m = /^drop\s+(?:column\s+)?(?:if\s+exists\s+)?("[^"]+"|\w+)/i.exec(action))) {
          if (!/^constraint$/i.test(m[1]!)) columns.delete(unquote(m[1]!));
        } else if ((m = /^rename\s+(?:column\s+)?("[^"]+"|\w+)\s+to\s+("[^"]+"|\w+)$/i.exec(action))) {
          const type = columns.get(unquote(m[1]!));
          if (type !== undefined) {
            columns.delete(unquote(m[1]!));
            columns.set(unquote(m[2]!), type);
          }
        } else if ((m = /^alter\s+(?:column\s+)?("[^"]+"|\w+)\s+(?:set\s+data\s+)?type\s+([\s\S]+?)(?:\s+using\s+[\s\S]*)?$/i.exec(action))) {
          if (columns.has(unquote(m[1]!))) columns.set(unquote(m[1]!), columnTypeOf(m[2]!));
        }
      }
    }
  }
  return tables;
}

const CHARACTER = ['varchar', 'character varying', 'text'];
const COMPATIBLE: Record<string, string[]> = {
  string: CHARACTER,
  dict: [...CHARACTER, 'char', 'character', 'bpchar'],
  text: ['text', 'varchar', 'character varying'],
  integer: ['integer', 'int', 'int4', 'bigint', 'int8', 'smallint', 'int2'],
  ref: ['bigint', 'int8', 'integer', 'int', 'int4'],
  number: ['double precision', 'float8', 'numeric', 'decimal', 'real', 'float4'],
  money: ['numeric(18,2)', 'decimal(18,2)'],
  date: ['date'],
  datetime: ['timestamptz', 'timestamp with time zone'],
  boolean: ['boolean', 'bool'],
  json: ['jsonb', 'json'],
  files: ['jsonb', 'json'],
  refs: ['jsonb', 'json'],
};

/** Why the column cannot hold the field, or null when it can. */
function incompatibility(
  field: Obj,
  sqlType: string,
  dictValues: Map<string, string[]>,
): string | null {
  const type = str(field.type) ?? '';
  // A `contains` filter reads a database list of ids (issue 36): `? = any(column)`.
  if (field.query === 'contains')
    return ['bigint[]', 'int8[]', 'integer[]', 'int4[]'].includes(sqlType) ? null : `column type ${sqlType} is no list of ids (bigint[]) a contains filter reads`;
  const allowed = COMPATIBLE[type];
  if (!allowed) return null; // an unknown type is the meta-schema's problem
  // 'varchar(100)' → 'varchar' and 100; 'timestamp(3) with time zone' → 'timestamp with time zone'.
  const base = sqlType.replace(/\([^)]*\)/g, '');
  const size = /\((\d+)/.exec(sqlType)?.[1];
  const ok = type === 'money' ? allowed.includes(sqlType) : allowed.includes(base);
  if (!ok) return `column type ${sqlType} does not fit a ${type} field (${allowed.join(' / ')})`;
  const length = size ? Number(size) : undefined;
  if (length === undefined || !['varchar', 'character varying', 'char', 'character', 'bpchar'].includes(base)) return null;
  if (type === 'dict') {
    const values = dictValues.get(str(field.dict) ?? '') ?? [];
    const longest = values.reduce((n, v) => Math.max(n, v.length), 0);
    return longest > length ? `column type ${sqlType} is shorter than dictionary value lengths (up to ${longest})` : null;
  }
  if (['char', 'character', 'bpchar'].includes(base)) return `column type ${sqlType} does not fit a ${type} field`;
  const max = typeof field.maxLength === 'number' ? field.maxLength : type === 'text' ? 10000 : 255;
  return max > length ? `column type ${sqlType} is shorter than the field's maxLength ${max}` : null;
}

// ---------------------------------------------------------------------------------------------
// Meta-schemas.

interface Meta {
  validators: Map<string, ValidateFunction>;
  problems: Problem[];
}

function loadMeta(root: string): Meta {
  // The meta-schemas themselves are not validated against draft 2020-12 (validateSchema: false) and
  // the generated code is not optimised: both only cost start-up time here.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false, code: { optimize: false } });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const problems: Problem[] = [];
  const ids: string[] = [];
  for (const full of walkJson(path.join(root, '_meta'), path.join(root, '_meta'), new Set())) {
    const rel = relOf(root, full);
    try {
      const schema = JSON.parse(fs.readFileSync(full, 'utf8')) as Obj;
      const id = str(schema.$id) ?? path.basename(full);
      ajv.addSchema(schema as object, id);
      ids.push(id);
    } catch (e) {
      problems.push({ file: rel, pointer: '', message: (e as Error).message });
    }
  }
  const validators = new Map<string, ValidateFunction>();
  for (const id of ids) {
    try {
      validators.set(id, ajv.getSchema(id)!);
    } catch (e) {
      problems.push({ file: `_meta/${id}`, pointer: '', message: (e as Error).message });
    }
  }
  return { validators, problems };
}

function describeAjvError(e: ErrorObject): { pointer: string; message: string } {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    return { pointer: `${e.instancePath}${ptr(String(p.additionalProperty))}`, message: 'is not allowed here' };
  }
  if (e.keyword === 'propertyNames') {
    return { pointer: `${e.instancePath}${ptr(String(p.propertyName))}`, message: 'is not an allowed property name' };
  }
  if (e.keyword === 'enum') {
    return { pointer: e.instancePath, message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
  }
  return { pointer: e.instancePath, message: e.message ?? e.keyword };
}

/** Checks one file against the meta-schema it names. */
function checkMeta(meta: Meta, rel: string, json: Json, schemaPath: (s: string) => boolean): Problem[] {
  const named = isObj(json) ? str(json.$schema) : undefined;
  if (!named) return [{ file: rel, pointer: '', message: 'names no meta-schema ($schema)' }];
  const id = named.split('/').pop()!;
  const validate = meta.validators.get(id);
  if (!validate) return [{ file: rel, pointer: '/$schema', message: `names an unknown meta-schema ${named}` }];
  const problems: Problem[] = [];
  if (!schemaPath(named)) problems.push({ file: rel, pointer: '/$schema', message: `${named} does not lead to schemas/_meta/${id}` });
  const expected = expectedMeta(rel);
  if (expected && id !== expected) {
    problems.push({ file: rel, pointer: '/$schema', message: `names ${id}, but a file of this name follows ${expected}` });
    return problems;
  }
  if (!validate(json)) {
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      const d = describeAjvError(e);
      const key = `${d.pointer}\n${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ file: rel, ...d });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Cross-references and tables over one view of the files (the base, or a site's).

interface EntityInfo {
  rel: string;
  json: Obj;
  fields: Map<string, Obj>;
}

/**
 * What an expression over a row of the entity reads (issue 35): its fields, id and line collections
 * by wire name, plus `extra` (null: any member). Without an entity any name reads.
 */
function rowScope(entity: Pick<EntityInfo, 'json' | 'fields'> | undefined, extra: Record<string, string[] | null> = {}): ExpressionScope {
  if (!entity) return {};
  return scopeOf([...entity.fields.keys(), 'id', ...Object.keys(obj(entity.json.lines))], extra);
}

/** What Formily binds in a form's {{ }} expressions (its reaction and schema scope; renderer/form/locale.ts compiles them). */
const FORMILY_SCOPE = ['$self', '$form', '$values', '$deps', '$dependencies', '$target', '$observable', '$effect', '$memo', '$props', '$record', '$records', '$index', '$lookup'];

/**
 * A form's expressions (issue 35): every {{ }} of its nodes — reactions' when, fulfill and otherwise
 * (state, schema, run), x-visible, x-hidden, x-display, x-disabled, any other — read the Formily
 * scope, with `$values.<name>` a field of the entity or the form; a reaction's dependencies name
 * nodes of the form; a submit gate's `when` reads the form's values.
 */
function formExpressionProblems(rel: string, json: Obj, entity: EntityInfo | undefined, entities: Map<string, EntityInfo>): Problem[] {
  const problems: Problem[] = [];
  const keys = new Set<string>();
  const collect = (v: Json, at: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => collect(x, `${at}/${i}`));
    if (!isObj(v)) return;
    for (const [k, child] of Object.entries(obj(v.properties))) {
      keys.add(k);
      const here = `${at}/properties/${esc(k)}`;
      // A picker's fillLines[member].where reads each line `from` of the picked row (renderer/form/RefSelect.tsx).
      const picked = entities.get(str(entity?.fields.get(k)?.ref) ?? '');
      for (const [member, spec] of Object.entries(obj(obj(obj(child)['x-component-props']).fillLines))) {
        const where = str(obj(spec).where);
        if (where === undefined) continue;
        const lines = picked ? entities.get(str(obj(obj(picked.json.lines)[str(obj(spec).from) ?? '']).entity) ?? '') : undefined;
        const bad = expressionError(where, rowScope(lines));
        if (bad) problems.push({ file: rel, pointer: `${here}/x-component-props/fillLines/${esc(member)}/where`, message: bad });
      }
      collect(child, here);
    }
    if (v.items !== undefined) collect(v.items, `${at}/items`);
  };
  collect(json.schema ?? null, '/schema');
  const values = entity ? [...entity.fields.keys(), 'id', ...Object.keys(obj(entity.json.lines)), ...keys] : null;
  const scope = scopeOf(FORMILY_SCOPE, { $values: values });
  // A line collection's sub-table (ArrayTable): each line's nodes see `$record`, the line — its
  // members the line entity's fields and `id` — and `$index`, its place (issue 35).
  const lineScopes = new Map<string, ExpressionScope>();
  const lineOf = new Map<ExpressionScope, string>();
  for (const [name, spec] of Object.entries(obj(entity?.json.lines))) {
    const line = entities.get(str(obj(spec).entity) ?? '');
    if (!line) continue;
    const lineScope = scopeOf(FORMILY_SCOPE, { $values: values, $record: [...line.fields.keys(), 'id'], $index: [] });
    lineScopes.set(name, lineScope);
    lineOf.set(lineScope, name);
  }
  const check = (source: string, at: string, on: ExpressionScope) => {
    const found = templateExpressions(source);
    if (source.includes('{{') && source.split('{{').length - 1 !== found.length) problems.push({ file: rel, pointer: at, message: `a {{ without its }}: "${source}"` });
    for (const e of found) {
      const bad = expressionError(e, on);
      const line = lineOf.get(on);
      if (bad) problems.push({ file: rel, pointer: at, message: line && /^\$record has no member/.test(bad) ? `${bad} — $record is a line of ${line}` : bad });
    }
  };
  const scan = (v: Json, at: string, on: ExpressionScope = scope): void => {
    if (typeof v === 'string') return check(v, at, on);
    if (Array.isArray(v)) return v.forEach((x, i) => scan(x, `${at}/${i}`, on));
    if (!isObj(v)) return;
    const reactions = v['x-reactions'];
    for (const [i, r] of (Array.isArray(reactions) ? reactions : [reactions]).entries()) {
      const deps = obj(r).dependencies;
      const list = Array.isArray(deps) ? deps : Object.values(obj(deps));
      list.forEach((d, j) => {
        // '.quantity' (a sibling in a line), 'items.*.amount', 'kind': its last name is a node of the form.
        const last = String(d).split('.').filter((p) => p && p !== '*' && !/^\d+$/.test(p)).pop();
        if (last !== undefined && !keys.has(last) && !entity?.fields.has(last))
          problems.push({ file: rel, pointer: `${at}/x-reactions${Array.isArray(reactions) ? `/${i}` : ''}/dependencies/${Array.isArray(deps) ? j : esc(Object.keys(obj(deps))[j]!)}`, message: `dependency ${String(d)} names no field of the form` });
      });
    }
    const name = /\/properties\/([^/]+)$/.exec(at)?.[1];
    for (const [k, child] of Object.entries(v))
      scan(child, `${at}/${esc(k)}`, k === 'items' && name !== undefined && lineScopes.has(name) ? lineScopes.get(name)! : on);
  };
  scan(json.schema ?? null, '/schema');
  const gateScope = values ? scopeOf(values) : {};
  arr(json.submitGates).forEach((g, i) => {
    const when = str(obj(g).when);
    const bad = when === undefined ? null : expressionError(when, gateScope);
    if (bad) problems.push({ file: rel, pointer: `/submitGates/${i}/when`, message: bad });
  });
  return problems;
}

function crossCheck(files: Map<string, Json>, tables: Tables): Problem[] {
  const problems: Problem[] = [];
  const report = (file: string, pointer: string, message: string) => problems.push({ file, pointer, message });
  const byKind = (re: RegExp) => [...files].filter(([rel]) => re.test(rel)).map(([rel, json]) => ({ rel, json: obj(json) }));

  // Texts: every i18n.json merged, key → the four languages.
  const texts = new Map<string, Obj>();
  for (const { json } of byKind(/(^|\/)i18n\.json$/)) {
    for (const [k, v] of Object.entries(json)) if (k !== '$schema') texts.set(k, obj(v));
  }
  const text = (file: string, pointer: string, key: Json | undefined) => {
    if (typeof key !== 'string') return;
    const entry = texts.get(key);
    if (!entry) return report(file, pointer, `i18n key ${key} is in no i18n.json`);
    const missing = LANGUAGES.filter((l) => typeof entry[l] !== 'string' || !(entry[l] as string).trim());
    if (missing.length) report(file, pointer, `i18n key ${key} has no ${missing.join(', ')} text`);
  };

  // Dictionaries.
  const dictValues = new Map<string, string[]>();
  for (const t of arr(obj(files.get('system/dicts.json')).types)) {
    const type = str(obj(t).type);
    if (type) dictValues.set(type, arr(obj(t).data).map((d) => String(obj(d).value ?? '')));
  }
  for (const t of GENERATED_DICTS) if (!dictValues.has(t)) dictValues.set(t, ['2000']);
  // A core file that is not JSON is its own problem (reported once, at itself): references to it
  // are not checked against nothing, or every area naming a dictionary would be blamed (issue 35).
  const dictsRead = files.has('system/dicts.json');

  // Menus: keys, paths, buttons and the permission keys they define.
  const actions = obj(files.get('actions.json'));
  const permissions = new Set<string>();
  const menuKeys = new Map<string, string>();
  const menuPaths = new Map<string, string>();
  const menuComponents = new Map<string, string>();
  const roleKeys = new Set(ORGANISATIONS.flatMap((o) => o.roles.map((r) => r.key)));
  for (const { rel, json } of byKind(/^[^/]+\/menu\.json$/)) {
    const walk = (nodes: Json[], at: string) =>
      nodes.forEach((n, i) => {
        const node = obj(n);
        const here = `${at}/${i}`;
        const key = str(node.key);
        if (key) {
          const first = menuKeys.get(key);
          if (first) report(rel, `${here}/key`, `menu key ${key} is also used at ${first}`);
          else menuKeys.set(key, `${rel}#${here}`);
        }
        const p = str(node.path);
        if (p) {
          const first = menuPaths.get(p);
          if (first) report(rel, `${here}/path`, `menu path ${p} is also used at ${first}`);
          else menuPaths.set(p, `${rel}#${here}`);
          if (str(node.component)) menuComponents.set(p, str(node.component)!);
        }
        arr(node.roles).forEach((r, j) => {
          if (typeof r === 'string' && r !== '*' && !roleKeys.has(r))
            report(rel, `${here}/roles/${j}`, `role ${r} is no role of the organisations' seed (${[...roleKeys].join(', ')})`);
        });
        arr(node.buttons).forEach((b, j) => {
          if (typeof b === 'string' && files.has('actions.json') && !(b in actions)) {
            report(rel, `${here}/buttons/${j}`, `button ${b} is not an action of actions.json`);
          }
        });
        const perm = str(node.permission);
        if (perm) {
          const prefix = perm.replace(/:[^:]+$/, '');
          permissions.add(perm);
          permissions.add(`${prefix}:query`);
          for (const b of arr(node.buttons)) if (typeof b === 'string') permissions.add(`${prefix}:${b}`);
        }
        walk(arr(node.children), `${here}/children`);
      });
    walk(arr(json.menus), '/menus');
  }
  const permission = (file: string, pointer: string, key: Json | undefined) => {
    if (typeof key === 'string' && !permissions.has(key)) report(file, pointer, `permission ${key} is defined by no menu manifest`);
  };

  // Entities, with the standard fields their tables have.
  const entities = new Map<string, EntityInfo>();
  for (const { rel, json } of byKind(/\.entity\.json$/)) {
    const stem = rel.split('/').pop()!.replace(/\.entity\.json$/, '');
    const name = str(json.name) ?? stem;
    if (name !== stem) report(rel, '/name', `entity name ${name} differs from the file name ${stem}`);
    if (entities.has(name)) {
      report(rel, '/name', `entity ${name} is also defined in ${entities.get(name)!.rel}`);
      continue;
    }
    const fields = new Map(Object.entries(obj(json.fields)).map(([k, v]) => [k, obj(v)]));
    const generate = json.generate === true;
    const columns = tables.get(str(json.table) ?? '');
    for (const std of STANDARD_FIELDS) {
      // A table no migration creates is reported once, at /table; its standard fields are assumed.
      if (!fields.has(std.name) && (generate || !columns || columns.has(std.column))) {
        fields.set(std.name, { type: std.type, title: std.title, column: std.column, ...(std.query ? { query: std.query } : {}) });
      }
    }
    entities.set(name, { rel, json, fields });
  }
  // The document types' dictionary is drawn from the entity files (server/platform/dictionaries.ts).
  if (!dictValues.has('sys_entity')) dictValues.set('sys_entity', [...entities.keys()]);

  for (const { rel, json, fields } of entities.values()) {
    // What the document's expressions read (issue 35): its fields and line collections, by wire name.
    const docScope = rowScope({ json, fields });
    const expression = (pointer: string, source: Json | undefined, scope: ExpressionScope = docScope) => {
      const bad = expressionError(String(source ?? ''), scope);
      if (bad) report(rel, pointer, bad);
    };
    const cascadeScope = scopeOf([...docScope.names!.keys(), 'line', 'row', 'unit', 'today']);
    const field = (pointer: string, name: Json | undefined, what: string, allowId = false) => {
      if (typeof name !== 'string' || fields.has(name) || (allowId && name === 'id')) return;
      report(rel, pointer, `${what} ${name} is not a field of the entity`);
    };
    text(rel, '/title', json.title);
    field('/defaultSort/field', obj(json.defaultSort).field, 'sort field', true);
    field('/status/field', obj(json.status).field, 'status field');
    field('/dataScope/dept', obj(json.dataScope).dept, 'department field');
    field('/dataScope/owner', obj(json.dataScope).owner, 'owner field', true);
    permission(rel, '/dataScope/allWith', obj(json.dataScope).allWith);
    for (const [i, index] of (Array.isArray(json.indexes) ? json.indexes : []).entries())
      for (const [k, name] of (Array.isArray(index) ? index : []).entries()) field(`/indexes/${i}/${k}`, name, 'indexed field');
    field('/display', json.display, 'display field');
    // A register's offer: fields of its own, and words for the refusals.
    if (json.offer !== undefined) {
      const offer = obj(json.offer);
      for (const name of Object.keys(obj(offer.where))) field(`/offer/where/${name}`, name, 'offer field');
      text(rel, '/offer/message', offer.message);
      if (offer.missing !== undefined) text(rel, '/offer/missing', offer.missing);
      if (json.pick !== 'pick') report(rel, '/pick', 'a register with an offer is read by its pickers at "pick": "pick"');
    }
    // How pickers show the rows: columns of its fields, a search over string fields.
    const picker = obj(json.picker);
    arr(picker.columns).forEach((c, i) => field(`/picker/columns/${i}`, c, 'picker column'));
    arr(picker.search).forEach((c, i) => {
      field(`/picker/search/${i}`, c, 'picker search field');
      const type = fields.get(String(c))?.type;
      if (type !== undefined && type !== 'string' && type !== 'text')
        report(rel, `/picker/search/${i}`, `${String(c)} is a ${String(type)}: a search looks in string fields`);
    });
    // Document features: numbers by rule, business states, the effects of events.
    for (const [name, f] of fields) {
      const rule = str(f.sequence);
      const problem = rule === undefined ? null : sequenceProblem(rule);
      if (problem) report(rel, `/fields/${name}/sequence`, problem);
    }
    const states = obj(json.states);
    const actionNames = Object.keys(obj(states.actions));
    if (json.states !== undefined) {
      field('/states/field', states.field, 'state field');
      for (const [name, a] of Object.entries(obj(states.actions))) {
        const action = obj(a);
        text(rel, `/states/actions/${name}/title`, action.title);
        if (action.confirm !== undefined) text(rel, `/states/actions/${name}/confirm`, action.confirm);
        if (action.when !== undefined) expression(`/states/actions/${name}/when`, action.when);
        arr(action.fields).forEach((f, i) => {
          // `<lines>.<field>`: an input of each line of the collection.
          const [member, sub] = String(f).split('.', 2) as [string, string | undefined];
          if (sub === undefined) return field(`/states/actions/${name}/fields/${i}`, f, 'input field');
          const of = entities.get(str(obj(obj(json.lines)[member]).entity) ?? '')?.fields;
          if (!of) report(rel, `/states/actions/${name}/fields/${i}`, `${member} names no lines of the entity`);
          else if (!of.has(sub)) report(rel, `/states/actions/${name}/fields/${i}`, `${sub} is not a field of the lines ${member}`);
        });
        arr(action.checks).forEach((c, i) => {
          expression(`/states/actions/${name}/checks/${i}/rule`, obj(c).rule);
          text(rel, `/states/actions/${name}/checks/${i}/message`, obj(c).message);
        });
        const inputs = new Set(arr(action.fields).map(String));
        arr(action.required).forEach((f, i) => {
          if (!inputs.has(String(f))) report(rel, `/states/actions/${name}/required/${i}`, `required input ${String(f)} is not among the action's fields`);
        });
        if (action.form !== undefined && ![...files.keys()].some((f) => f.endsWith(`/${String(action.form)}.form.json`)))
          report(rel, `/states/actions/${name}/form`, `form ${String(action.form)} has no file ${String(action.form)}.form.json`);
        const prefix = str(json.permission);
        const key = `${prefix ?? ''}:${str(action.permission) ?? name}`;
        if (prefix && !permissions.has(key)) report(rel, `/states/actions/${name}`, `permission ${key} is defined by no menu manifest (add "${str(action.permission) ?? name}" to the menu's buttons)`);
      }
    }
    // Paid through a payment: its settling action and the fields of what and whom to pay.
    if (json.payable !== undefined) {
      const payable = obj(json.payable);
      if (!actionNames.includes(String(payable.action))) report(rel, '/payable/action', `${String(payable.action)} is not an action of states`);
      field('/payable/amount', payable.amount ?? '(none)', 'payable amount field');
      for (const key of ['payee', 'account', 'bank'] as const) {
        if (payable[key] === undefined) continue;
        // A field, or `<lines>.<field>` (a batch's payees).
        const [member, sub] = String(payable[key]).split('.', 2) as [string, string | undefined];
        if (sub === undefined) field(`/payable/${key}`, payable[key], `${key} field`);
        else if (!entities.get(str(obj(obj(json.lines)[member]).entity) ?? '')?.fields.has(sub))
          report(rel, `/payable/${key}`, `${String(payable[key])}: not a field of the entity's lines`);
      }
    }
    const events = new Set(['submit', 'approved', 'rejected', 'withdrawn', 'cancelled', ...actionNames]);
    for (const [event, list] of Object.entries(obj(json.effects))) {
      if (!events.has(event)) report(rel, `/effects/${event}`, `effects of ${event}: not an approval event (submit, approved, rejected, withdrawn, cancelled) nor an action of states`);
      else if (event === 'submit' || event === 'approved' || event === 'rejected' || event === 'withdrawn' || event === 'cancelled') {
        if (!json.process) report(rel, `/effects/${event}`, `effects of ${event}: the entity goes through no approval (process)`);
      }
      arr(list).forEach((e, i) => {
        const effect = obj(e);
        const at = `/effects/${event}/${i}`;
        if (effect.when !== undefined) expression(`${at}/when`, effect.when);
        if (effect.contract !== undefined) {
          if (!['applyChange', 'instalment', 'bookDuty', 'closePlan'].includes(String(effect.contract)))
            report(rel, `${at}/contract`, `contract effect ${String(effect.contract)}: applyChange, instalment, bookDuty or closePlan`);
          for (const key of ['ref', 'instalment', 'amount'] as const)
            if (effect[key] !== undefined) field(`${at}/${key}`, effect[key], `${key} field`);
          return;
        }
        if (effect.notStarted !== undefined) {
          field(`${at}/notStarted`, effect.notStarted, 'time field');
          text(rel, `${at}/message`, effect.message);
          return;
        }
        if (effect.loan !== undefined) {
          if (!['writeOff', 'settle', 'reopen'].includes(String(effect.loan))) report(rel, `${at}/loan`, `loan effect ${String(effect.loan)}: writeOff, settle or reopen`);
          field(`${at}/ref`, effect.ref ?? '(none)', 'loan field');
          if (effect.loan === 'writeOff') field(`${at}/amount`, effect.amount ?? '(none)', 'amount field');
          return;
        }
        if (effect.warning !== undefined) {
          // A field of the document, or `<lines>.<field>`: a field of each of its lines.
          const lineFields = (member: string) => entities.get(str(obj(obj(json.lines)[member]).entity) ?? '')?.fields;
          const path = (pointer: string, p: Json | undefined) => {
            const [head, sub] = String(p).split('.', 2) as [string, string | undefined];
            if (sub === undefined) return field(pointer, head, 'warning field');
            const of = lineFields(head);
            if (!of) report(rel, pointer, `${head} names no lines of the entity`);
            else if (!of.has(sub)) report(rel, pointer, `${sub} is not a field of the lines ${head}`);
          };
          if (effect.indicator !== undefined) field(`${at}/indicator`, effect.indicator, 'indicator field');
          if (effect.warning === 'words') {
            if (!arr(effect.text).length) report(rel, `${at}/text`, 'a words warning names the fields it reads: text');
            arr(effect.text).forEach((p, j) => path(`${at}/text/${j}`, p));
          } else if (effect.warning === 'overStandard') {
            const member = str(effect.lines);
            if (member && !lineFields(member)) report(rel, `${at}/lines`, `${member} names no lines of the entity`);
            for (const key of ['value', 'ceiling', 'name'] as const) {
              if (effect[key] === undefined) {
                if (key !== 'name') report(rel, `${at}/${key}`, `an overStandard warning names its ${key} field`);
                continue;
              }
              path(`${at}/${key}`, member ? `${member}.${String(effect[key])}` : effect[key]);
            }
          } else report(rel, `${at}/warning`, `warning effect ${String(effect.warning)}: words or overStandard`);
          return;
        }
        const lineEntityOf = (member: string) => entities.get(str(obj(obj(json.lines)[member]).entity) ?? '');
        if (effect.invoices !== undefined) {
          if (!['hold', 'release'].includes(String(effect.invoices))) report(rel, `${at}/invoices`, `invoices effect ${String(effect.invoices)}: hold or release`);
          const joins = Object.keys(obj(json.lines)).some((m) =>
            [...(lineEntityOf(m)?.fields.values() ?? [])].some((f) => f.invoice !== undefined),
          );
          if (!joins) report(rel, `${at}/invoices`, 'no line collection of the entity holds invoices (a field with "invoice")');
          return;
        }
        if (effect.stock !== undefined) {
          if (!['in', 'out', 'move'].includes(String(effect.stock))) report(rel, `${at}/stock`, `stock effect ${String(effect.stock)}: in, out or move`);
          const balance = entities.get(String(effect.balance));
          const ledger = entities.get(String(effect.ledger));
          if (!balance) report(rel, `${at}/balance`, `balance entity ${String(effect.balance)} does not exist`);
          else for (const n of ['warehouseId', 'productId', 'quantity', 'amount']) if (!balance.fields.has(n)) report(rel, `${at}/balance`, `the balance entity has no field ${n}`);
          if (!ledger) report(rel, `${at}/ledger`, `ledger entity ${String(effect.ledger)} does not exist`);
          else for (const n of ['moveDate', 'warehouseId', 'productId', 'direction', 'quantity', 'amount', 'balanceQuantity', 'balanceAmount', 'docKind', 'docId', 'docNo'])
            if (!ledger.fields.has(n)) report(rel, `${at}/ledger`, `the ledger entity has no field ${n}`);
          const line = lineEntityOf(String(effect.lines));
          if (!line) report(rel, `${at}/lines`, `${String(effect.lines)} names no lines of the entity`);
          else for (const key of ['product', 'quantity', 'amount'] as const)
            if (effect[key] !== undefined && !line.fields.has(String(effect[key]))) report(rel, `${at}/${key}`, `${String(effect[key])} is not a field of the lines`);
          const places = effect.stock === 'move' ? (['from', 'to'] as const) : (['warehouse'] as const);
          for (const key of places) field(`${at}/${key}`, effect[key] ?? '(none)', `${key} field`);
          if (effect.date !== undefined) field(`${at}/date`, effect.date, 'date field');
          return;
        }
        if (effect.linesFrom !== undefined) {
          const source = entities.get(String(effect.linesFrom));
          if (!source) return report(rel, `${at}/linesFrom`, `entity ${String(effect.linesFrom)} does not exist`);
          const line = lineEntityOf(String(effect.lines));
          if (!line) return report(rel, `${at}/lines`, `${String(effect.lines)} names no lines of the entity`);
          for (const [theirs, ours] of Object.entries(obj(effect.where))) {
            if (!source.fields.has(theirs)) report(rel, `${at}/where/${theirs}`, `${theirs} is not a field of ${String(effect.linesFrom)}`);
            field(`${at}/where/${theirs}`, ours, 'where field');
          }
          for (const theirs of Object.keys(obj(effect.exclude)))
            if (!source.fields.has(theirs)) report(rel, `${at}/exclude/${theirs}`, `${theirs} is not a field of ${String(effect.linesFrom)}`);
          for (const [name, rule] of Object.entries(obj(effect.fields))) {
            if (!line.fields.has(name)) report(rel, `${at}/fields/${name}`, `${name} is not a field of the lines ${String(effect.lines)}`);
            expression(`${at}/fields/${name}`, rule, cascadeScope);
          }
          return;
        }
        if (effect.copyTo !== undefined && effect.into !== undefined) {
          const target = entities.get(String(effect.copyTo));
          if (!target) return report(rel, `${at}/copyTo`, `entity ${String(effect.copyTo)} does not exist`);
          const into = entities.get(str(obj(obj(target.json.lines)[String(effect.into)]).entity) ?? '');
          if (!into) report(rel, `${at}/into`, `${String(effect.into)} names no lines of ${String(effect.copyTo)}`);
          if (!lineEntityOf(String(effect.from ?? effect.lines))) report(rel, `${at}/from`, `${String(effect.from ?? effect.lines)} names no lines of the entity`);
          for (const [key, names] of [['fields', target.fields], ['lineFields', into?.fields]] as const)
            for (const [name, rule] of Object.entries(obj(effect[key]))) {
              if (names && !names.has(name)) report(rel, `${at}/${key}/${name}`, `${name} is not a field there`);
              expression(`${at}/${key}/${name}`, rule, cascadeScope);
            }
          // The where picks lines: it reads each line's fields and the document as `doc` (cascade.ts).
          if (effect.where !== undefined)
            expression(`${at}/where`, effect.where, rowScope(lineEntityOf(String(effect.from ?? effect.lines)), { doc: null }));
          return;
        }
        if (effect.update !== undefined || effect.copyTo !== undefined) {
          const target = entities.get(String(effect.update ?? effect.copyTo));
          if (!target) return report(rel, at, `entity ${String(effect.update ?? effect.copyTo)} does not exist`);
          const members = effect.update !== undefined ? obj(effect.set) : obj(effect.fields);
          for (const [name, rule] of Object.entries(members)) {
            if (!target.fields.has(name)) report(rel, `${at}/${name}`, `${name} is not a field of ${String(effect.update ?? effect.copyTo)}`);
            expression(`${at}/${name}`, rule, cascadeScope);
          }
          for (const name of Object.keys(obj(effect.from))) if (!target.fields.has(name)) report(rel, `${at}/from/${name}`, `${name} is not a field of ${String(effect.update)}`);
          if (effect.history !== undefined && !target.fields.has(String(effect.history))) report(rel, `${at}/history`, `${String(effect.history)} is not a field of the target`);
          const ref = String(effect.ref ?? '');
          const [member, sub] = ref.includes('.') ? ref.split('.', 2) : [null, ref];
          if (effect.update !== undefined) {
            if (member) {
              const line = lineEntityOf(member);
              if (!line) report(rel, `${at}/ref`, `${member} names no lines of the entity`);
              else if (!line.fields.has(String(sub))) report(rel, `${at}/ref`, `${String(sub)} is not a field of the lines ${member}`);
              else for (const ours of Object.keys(obj(effect.keep))) if (!line.fields.has(ours)) report(rel, `${at}/keep/${ours}`, `${ours} is not a field of the lines ${member}`);
            } else field(`${at}/ref`, sub ?? '(none)', 'ref field');
          } else if (effect.lines !== undefined && !lineEntityOf(String(effect.lines))) report(rel, `${at}/lines`, `${String(effect.lines)} names no lines of the entity`);
          return;
        }
        if (effect.payment !== undefined) {
          if (effect.payment !== 'settle') report(rel, `${at}/payment`, `payment effect ${String(effect.payment)}: settle`);
          const line = lineEntityOf(String(effect.lines ?? 'items'));
          if (!line) return report(rel, `${at}/lines`, `${String(effect.lines ?? 'items')} names no lines of the entity`);
          for (const n of ['sourceType', 'sourceId', 'amount', 'due', 'itemState'])
            if (!line.fields.has(n)) report(rel, `${at}/lines`, `the payment's lines have no field ${n}`);
          return;
        }
        if (effect.budget === undefined) return report(rel, at, `an effect names its kind first: budget, loan, warning, contract, stock, invoices, update, copyTo, linesFrom, payment or notStarted`);
        if (!['freeze', 'release', 'consume', 'pay'].includes(String(effect.budget))) report(rel, `${at}/budget`, `budget effect ${String(effect.budget)}: freeze, release, consume or pay`);
        if (effect.budget === 'consume' && effect.amount !== undefined) field(`${at}/amount`, effect.amount, 'amount field');
        if (effect.budget === 'freeze') {
          field(`${at}/indicator`, effect.indicator ?? '(none)', 'indicator field');
          field(`${at}/amount`, effect.amount ?? '(none)', 'amount field');
          if (effect.drawFrom !== undefined) {
            field(`${at}/drawFrom`, effect.drawFrom, 'drawFrom field');
            const origin = fields.get(String(effect.drawFrom));
            if (origin && origin.type !== 'ref') report(rel, `${at}/drawFrom`, `drawFrom ${String(effect.drawFrom)} is not a ref field`);
            // Read over the document it draws from (server/modules/budget/effects.ts).
            if (effect.drawWhen !== undefined) expression(`${at}/drawWhen`, effect.drawWhen, rowScope(entities.get(str(origin?.ref) ?? '')));
          }
        }
      });
    }
    // Lines: each collection names a line entity that says it holds this document's lines; sums go
    // from a line field into a document field.
    for (const [member, l] of Object.entries(obj(json.lines))) {
      const decl = obj(l);
      const at = ptr('lines', member);
      text(rel, `${at}/title`, decl.title);
      if (fields.has(member)) report(rel, at, `lines ${member} has the name of a field`);
      const line = entities.get(str(decl.entity) ?? '');
      if (!line) {
        report(rel, `${at}/entity`, `entity ${String(decl.entity)} does not exist`);
        continue;
      }
      if (line.json.lineOf !== json.name) report(rel, `${at}/entity`, `entity ${String(decl.entity)} does not say "lineOf": "${String(json.name)}"`);
      for (const [docField, summed] of Object.entries(obj(decl.sum))) {
        field(`${at}/sum/${docField}`, docField, 'sum field');
        const lineField = typeof summed === 'string' ? summed : obj(summed).field;
        // Read over each line, the document as `doc` (server/entities/lines.ts).
        if (typeof summed !== 'string') expression(`${at}/sum/${docField}/when`, obj(summed).when, rowScope(line, { doc: null }));
        if (!line.fields.has(String(lineField))) report(rel, `${at}/sum/${docField}`, `${String(lineField)} is not a field of ${String(decl.entity)}`);
        if (fields.get(docField) && fields.get(docField)!.readOnly !== true)
          report(rel, `${at}/sum/${docField}`, `${docField} is a sum the server makes: mark it readOnly`);
      }
    }
    if (json.lineOf !== undefined) {
      const doc = entities.get(String(json.lineOf));
      if (!doc) report(rel, '/lineOf', `entity ${String(json.lineOf)} does not exist`);
      else if (!Object.values(obj(doc.json.lines)).some((l) => obj(l).entity === json.name))
        report(rel, '/lineOf', `entity ${String(json.lineOf)} names no lines of ${String(json.name)}`);
    }
    arr(json.checks).forEach((c, i) => {
      const check = obj(c);
      expression(`/checks/${i}/rule`, check.rule);
      text(rel, `/checks/${i}/message`, check.message);
    });
    arr(json.noOverlap).forEach((r, i) => {
      const rule = obj(r);
      const at = `/noOverlap/${i}`;
      field(`${at}/resource`, rule.resource, 'resource field');
      for (const end of ['from', 'to'] as const) {
        field(`${at}/${end}`, rule[end], `${end} field`);
        const type = fields.get(String(rule[end]))?.type;
        if (type !== undefined && type !== 'datetime' && type !== 'date') report(rel, `${at}/${end}`, `${String(rule[end])} is a ${String(type)}, not a datetime`);
      }
      for (const name of Object.keys(obj(rule.activeIn))) field(`${at}/activeIn/${name}`, name, 'activeIn field');
      text(rel, `${at}/message`, rule.message);
    });
    const perm = str(json.permission);
    if (perm && !permissions.has(`${perm}:list`)) {
      report(rel, '/permission', `permission ${perm}:list is defined by no menu manifest`);
    }
    for (const [name, f] of Object.entries(obj(json.fields))) {
      const at = ptr('fields', name);
      const def = obj(f);
      text(rel, `${at}/title`, def.title);
      arr(def.uniqueWith).forEach((u, i) => field(`${at}/uniqueWith/${i}`, u, 'uniqueWith field'));
      // An invoice's number in the register (server/entities/invoices.ts): a string field of a line
      // entity, beside a string code field; the register replaces `unique`.
      if (def.invoice !== undefined) {
        const decl = obj(def.invoice);
        if (json.lineOf === undefined) report(rel, `${at}/invoice`, 'an invoice register holds lines of documents: the entity says no lineOf');
        if (def.type !== 'string') report(rel, `${at}/invoice`, `an invoice number is a string field, not ${String(def.type)}`);
        if (def.unique !== undefined) report(rel, `${at}/unique`, 'an invoice number is unique through its register: drop unique');
        if (decl.code !== undefined) {
          field(`${at}/invoice/code`, decl.code, 'invoice code field');
          const code = fields.get(String(decl.code));
          if (code && code.type !== 'string') report(rel, `${at}/invoice/code`, `the invoice code ${String(decl.code)} is not a string field`);
        }
        // A document whose invoices these are, going through approval, frees them when cancelled.
        const doc = entities.get(String(json.lineOf));
        if (doc?.json.process !== undefined) {
          const frees = arr(obj(doc.json.effects).cancelled).some((e) => obj(e).invoices === 'release');
          if (!frees) report(doc.rel, '/effects/cancelled', `its lines ${String(json.name)} hold invoices: a cancelled document frees them ({ "invoices": "release" })`);
        }
      }
      // Decimal places are a number field's: money has two, an integer none (issue 31).
      if (def.scale !== undefined && def.type !== 'number') report(rel, `${at}/scale`, `scale is for number fields, not ${String(def.type)}`);
      if (def.type === 'dict') {
        const dict = str(def.dict);
        if (!dict) report(rel, at, 'a dict field names no dictionary (dict)');
        else if (dictsRead && !dictValues.has(dict)) report(rel, `${at}/dict`, `dictionary ${dict} is not in system/dicts.json`);
      }
      // A document filter (issue 36): a json list of ids, its entity named by a sys_entity dict field.
      if (def.query === 'contains' && def.type !== 'json')
        report(rel, `${at}/query`, `contains filters a list of ids: a json field over a bigint[] column, not ${String(def.type)}`);
      if (def.idsOf !== undefined) {
        const of = fields.get(String(def.idsOf));
        if (def.query !== 'contains') report(rel, `${at}/idsOf`, 'idsOf names the entity of a contains filter\'s ids: the field has no "query": "contains"');
        if (!of) report(rel, `${at}/idsOf`, `field ${String(def.idsOf)} does not exist`);
        else if (of.type !== 'dict' || of.dict !== 'sys_entity' || !of.query)
          report(rel, `${at}/idsOf`, `${String(def.idsOf)} is not a filter (query) over the document types' dictionary (dict sys_entity)`);
      }
      if (def.derive !== undefined) expression(`${at}/derive`, def.derive);
      if (def.aggregate !== undefined || def.compute !== undefined) {
        if (def.query !== undefined) report(rel, `${at}/query`, 'a figure read or computed at every read cannot be a filter');
        if (def.compute !== undefined) expression(`${at}/compute`, def.compute);
        const agg = obj(def.aggregate);
        if (def.aggregate !== undefined) {
          const of = entities.get(str(agg.of) ?? '');
          if (!of) report(rel, `${at}/aggregate/of`, `entity ${String(agg.of)} does not exist`);
          else {
            if (agg.sum === undefined && agg.min === undefined && agg.count === undefined) report(rel, `${at}/aggregate`, 'an aggregate names what it sums (sum), its earliest value (min) or counts (count)');
            if (agg.min !== undefined && !of.fields.has(String(agg.min)))
              report(rel, `${at}/aggregate/min`, `${String(agg.min)} is not a field of ${String(agg.of)}`);
            arr(agg.sum).forEach((n, i) => {
              const t = of.fields.get(String(n))?.type;
              if (t !== 'money' && t !== 'number' && t !== 'integer')
                report(rel, `${at}/aggregate/sum/${i}`, `${String(n)} is not a number field of ${String(agg.of)}`);
            });
            for (const theirs of Object.keys(obj(agg.where)))
              if (!of.fields.has(theirs)) report(rel, `${at}/aggregate/where/${theirs}`, `${theirs} is not a field of ${String(agg.of)}`);
            for (const [theirs, ours] of Object.entries(obj(agg.match))) {
              if (!of.fields.has(theirs) && theirs !== 'id' && !(theirs === 'docId' && of.json.lineOf !== undefined))
                report(rel, `${at}/aggregate/match/${theirs}`, `${theirs} is not a field of ${String(agg.of)}`);
              field(`${at}/aggregate/match/${theirs}`, ours, 'match field', true);
            }
          }
        }
      }
      if (def.type === 'ref' || def.type === 'refs') {
        const ref = str(def.ref);
        if (!ref) report(rel, at, `a ${def.type} field names no entity (ref)`);
        else if (!entities.has(ref)) report(rel, `${at}/ref`, `entity ${ref} does not exist`);
      }
      // What a chosen row brings: fields of this entity from fields of the referred one, alike in kind.
      if (def.snapshot !== undefined) {
        const target = entities.get(str(def.ref) ?? '');
        if (def.type !== 'ref') report(rel, `${at}/snapshot`, `snapshot is for ref fields, not ${String(def.type)}`);
        for (const [ours, theirs] of Object.entries(obj(def.snapshot))) {
          field(`${at}/snapshot/${ours}`, ours, 'snapshot field');
          const mine = fields.get(ours);
          const from = target?.fields.get(String(theirs));
          if (target && !from) report(rel, `${at}/snapshot/${ours}`, `${String(theirs)} is not a field of ${String(def.ref)}`);
          else if (mine && from) {
            const kind = (t: unknown) => (t === 'text' || t === 'string' ? 'string' : String(t));
            if (kind(mine.type) !== kind(from.type))
              report(rel, `${at}/snapshot/${ours}`, `${ours} is a ${String(mine.type)}, ${String(def.ref)}.${String(theirs)} a ${String(from.type)}`);
            else if (mine.type === 'string' && (Number(from.maxLength ?? 255) > Number(mine.maxLength ?? 255) || from.type === 'text'))
              report(rel, `${at}/snapshot/${ours}`, `${String(def.ref)}.${String(theirs)} may be longer than ${ours} (maxLength)`);
          }
        }
      }
      // The referred rows that fit: fields of the referred entity its pickers may filter by.
      if (def.refPrefix !== undefined) {
        const target = entities.get(str(def.ref) ?? '');
        if (def.type !== 'ref') report(rel, `${at}/refPrefix`, `refPrefix is for ref fields, not ${String(def.type)}`);
        for (const theirs of Object.keys(obj(def.refPrefix))) {
          const f = target?.fields.get(theirs);
          if (target && !f) report(rel, `${at}/refPrefix/${theirs}`, `${theirs} is not a field of ${String(def.ref)}`);
          else if (f && (f.query === undefined || (f.type !== 'string' && f.type !== 'dict')))
            report(rel, `${at}/refPrefix/${theirs}`, `${theirs} of ${String(def.ref)} is not a string or dict filter (query)`);
        }
      }
    }

    // A grouped view: its groups and figures are fields of both, over a source that exists.
    if (json.view !== undefined) {
      const view = obj(json.view);
      const of = entities.get(str(view.of) ?? '');
      if (!of) report(rel, '/view/of', `entity ${String(view.of)} does not exist`);
      const sides = [
        ...Object.entries(obj(view.groupBy)).map(([k, v]) => ['groupBy', k, String(v).split(':')[0]!] as const),
        ...Object.entries(obj(view.sum)).map(([k, v]) => ['sum', k, String(v)] as const),
        ...Object.keys(obj(view.where)).map((k) => ['where', k, k] as const),
      ];
      for (const [part, ours, theirs] of sides) {
        if (part !== 'where') field(`/view/${part}/${ours}`, ours, `view ${part} field`);
        if (of && !of.fields.has(theirs)) report(rel, `/view/${part}/${ours}`, `${theirs} is not a field of ${String(view.of)}`);
      }
      if (view.count !== undefined) field('/view/count', view.count, 'view count field');
      continue;
    }
    // The table a migration defines.
    if (json.generate === true) continue;
    const table = str(json.table);
    if (!table) continue;
    const columns = tables.get(table);
    if (!columns) {
      report(rel, '/table', `table ${table} is created by no migration (and the entity is not "generate": true)`);
      continue;
    }
    for (const [name, f] of Object.entries(obj(json.fields))) {
      const def = obj(f);
      if (def.aggregate !== undefined || def.compute !== undefined) continue;
      // File lists live in the extend column (a JSON string per field), not in a column of their own.
      if (def.type === 'files' || def.inExtend === true) {
        if (!columns.has('extend')) report(rel, ptr('fields', name), `file field needs column ${table}.extend (jsonb)`);
        continue;
      }
      const through = obj(def.through);
      if (def.through !== undefined) {
        const link = tables.get(str(through.table) ?? '');
        if (!link) report(rel, `${ptr('fields', name)}/through/table`, `link table ${str(through.table)} is created by no migration`);
        else
          for (const c of ['self', 'other'])
            if (!link.has(str(through[c]) ?? ''))
              report(rel, `${ptr('fields', name)}/through/${c}`, `column ${str(through.table)}.${str(through[c])} is in no migration`);
        continue;
      }
      const column = str(def.column) ?? snake(name);
      const sqlType = columns.get(column);
      if (sqlType === undefined) report(rel, ptr('fields', name), `column ${table}.${column} is in no migration`);
      else {
        const why = incompatibility(def, sqlType, dictValues);
        if (why) report(rel, ptr('fields', name), `${table}.${column}: ${why}`);
      }
    }
  }

  // Detail pages: a record read-only, with tabs.
  const detailComponents = new Map<string, string>();
  for (const { rel, json } of byKind(/\.detail\.json$/)) {
    const name = str(json.entity);
    const entity = name ? entities.get(name) : undefined;
    if (!entity) {
      report(rel, '/entity', `entity ${String(name)} does not exist`);
      continue;
    }
    const page = obj(json.page);
    const component = str(page.component);
    if (component) detailComponents.set(component, rel);
    if (str(page.path) && menuComponents.get(str(page.path)!) !== component)
      report(rel, '/page/path', `no menu entry at ${String(page.path)} renders component ${String(component)}`);
    if (str(page.back) && !menuPaths.has(str(page.back)!)) report(rel, '/page/back', `no menu entry has the path ${String(page.back)}`);
    const has = (e: EntityInfo, f: string) => f === 'id' || e.fields.has(f);
    arr(json.heading).forEach((f, i) => !has(entity, String(f)) && report(rel, ptr('heading', i), `${String(f)} is not a field of entity ${name}`));
    if (json.lookup !== undefined && !has(entity, String(json.lookup))) report(rel, '/lookup', `${String(json.lookup)} is not a field of entity ${name}`);
    arr(json.actions).forEach((a, i) => {
      text(rel, ptr('actions', i, 'title'), obj(a).title);
      for (const [k, f] of Object.entries(obj(obj(a).body))) if (!has(entity, String(f))) report(rel, ptr('actions', i, 'body', k), `${String(f)} is not a field of entity ${name}`);
    });
    arr(json.tabs).forEach((tab, i) => {
      const t = obj(tab);
      text(rel, ptr('tabs', i, 'title'), t.title);
      if (t.kind === 'rows') {
        const other = entities.get(str(t.entity) ?? '');
        if (!other) return report(rel, ptr('tabs', i, 'entity'), `entity ${String(t.entity)} does not exist`);
        for (const [theirs, ours] of Object.entries(obj(t.match))) {
          if (!has(other, theirs)) report(rel, ptr('tabs', i, 'match', theirs), `${theirs} is not a field of ${String(t.entity)}`);
          if (!has(entity, String(ours))) report(rel, ptr('tabs', i, 'match', theirs), `${String(ours)} is not a field of ${name}`);
        }
        arr(t.columns).forEach((c, j) => !has(other, String(c)) && report(rel, ptr('tabs', i, 'columns', j), `${String(c)} is not a field of ${String(t.entity)}`));
      }
      if (t.kind === 'qr') {
        if (!has(entity, String(t.value))) report(rel, ptr('tabs', i, 'value'), `${String(t.value)} is not a field of ${name}`);
        arr(t.caption).forEach((c, j) => !has(entity, String(c)) && report(rel, ptr('tabs', i, 'caption', j), `${String(c)} is not a field of ${name}`));
      }
    });
  }

  // Week calendars of a resource's bookings.
  for (const { rel, json } of byKind(/\.calendar\.json$/)) {
    const name = str(json.entity);
    const entity = name ? entities.get(name) : undefined;
    if (!entity) {
      report(rel, '/entity', `entity ${String(name)} does not exist`);
      continue;
    }
    const component = str(json.component);
    if (component && ![...menuComponents.values()].includes(component)) report(rel, '/component', `no menu entry renders component ${component}`);
    permission(rel, '/permission', json.permission);
    const typeOf = (f: Json | undefined) => str(entity.fields.get(String(f))?.type);
    for (const key of ['resource', 'from', 'to', 'title', 'color'] as const) {
      if (json[key] === undefined) continue;
      if (!entity.fields.has(String(json[key]))) report(rel, `/${key}`, `${String(json[key])} is not a field of entity ${name}`);
    }
    if (entity.fields.has(String(json.resource)) && typeOf(json.resource) !== 'ref') report(rel, '/resource', 'the resource is a ref field');
    // A team calendar (issue 34): people as rows, whole days — the resource names a user, from/to are dates.
    const team = json.view === 'team';
    if (team && json.resource !== 'createdBy' && entity.fields.has(String(json.resource)) && str(entity.fields.get(String(json.resource))?.ref) !== 'user')
      report(rel, '/resource', 'a team calendar\'s resource is a ref to user');
    // The general kind (issue 35, `views`): a date or a date-time range, both ends of one type.
    const general = json.views !== undefined;
    if (general && json.view !== undefined) report(rel, '/view', 'view belongs to a venue or team calendar, not one with views');
    const dayKind = team ? 'date' : general && typeOf(json.from) === 'date' ? 'date' : 'datetime';
    for (const key of ['from', 'to'] as const)
      if (entity.fields.has(String(json[key])) && typeOf(json[key]) !== dayKind) report(rel, `/${key}`, `${String(json[key])} is not a ${dayKind} field`);
    if (!general) for (const key of ['filters', 'texts'] as const) if (json[key] !== undefined) report(rel, `/${key}`, `${key} belongs to a calendar with views`);
    if (Array.isArray(json.filters))
      json.filters.forEach((f, i) => {
        const field = entity.fields.get(String(f));
        if (!field) report(rel, ptr('filters', i), `${String(f)} is not a field of entity ${name}`);
        else if (!obj(field).query) report(rel, ptr('filters', i), `${String(f)} has no query in entity ${name}`);
      });
    if (json.filters === true && !byKind(/\.list\.json$/).some((f) => f.json.entity === name))
      report(rel, '/filters', `entity ${name} has no list file whose query fields to use`);
    for (const [k, v] of Object.entries(obj(json.texts))) text(rel, `/texts/${k}`, v);
    for (const key of ['active', 'pending'] as const) {
      if (json[key] !== undefined && !team) report(rel, `/${key}`, `${key} belongs to a team calendar`);
      for (const f of Object.keys(obj(json[key]))) if (!entity.fields.has(f)) report(rel, `/${key}/${f}`, `${f} is not a field of entity ${name}`);
    }
    if (json.color !== undefined && entity.fields.has(String(json.color)) && typeOf(json.color) !== 'dict') report(rel, '/color', 'the colour is a dict field');
    const hours = arr(json.hours);
    if (hours.length === 2 && Number(hours[0]) >= Number(hours[1])) report(rel, '/hours', 'the first hour comes before the last');
    const form = str(json.form);
    if (form !== undefined && ![...files.keys()].some((f) => f.endsWith(`/${form}.form.json`)))
      report(rel, '/form', `form ${form} has no file ${form}.form.json`);
  }

  // Reminders over an entity's rows (issue 35): the entity, every field, role, state and text they name.
  const reminderKeys = new Map<string, string>();
  for (const { rel, json } of byKind(/\.reminders\.json$/)) {
    const name = str(json.entity);
    const stem = rel.split('/').pop()!.replace(/\.reminders\.json$/, '');
    const entity = name ? entities.get(name) : undefined;
    if (!entity) {
      report(rel, '/entity', `entity ${String(name)} does not exist`);
      continue;
    }
    if (name !== stem) report(rel, '/entity', `entity ${name} differs from the file name ${stem}`);
    const typeOf = (f: string) => str(entity.fields.get(f)?.type);
    const stateField = str(obj(entity.json.states).field) ?? str(obj(entity.json.status).field) ?? 'approvalStatus';
    for (const [key, r] of Object.entries(obj(json.reminders))) {
      const def = obj(r);
      const at = (...parts: Array<string | number>) => ptr('reminders', key, ...parts);
      const first = reminderKeys.get(key);
      if (first) report(rel, at(), `reminder ${key} is also defined in ${first}`);
      else reminderKeys.set(key, rel);
      const field = (pointer: string, f: Json | undefined, kinds?: string[], what = 'field') => {
        if (typeof f !== 'string') return false;
        if (!entity.fields.has(f)) return report(rel, pointer, `${f} is not a field of entity ${name}`), false;
        if (kinds && !kinds.includes(typeOf(f) ?? '')) return report(rel, pointer, `${f} is not ${what}`), false;
        return true;
      };
      const when = obj(def.when);
      const dates = Array.isArray(when.date) ? when.date : when.date === undefined ? [] : [when.date];
      dates.forEach((d, i) =>
        field(Array.isArray(when.date) ? at('when', 'date', i) : at('when', 'date'), d, ['date', 'datetime'], 'a date field'),
      );
      if (when.overdue !== undefined && when.within !== true) report(rel, at('when', 'overdue'), 'overdue needs within: true');
      if (when.state !== undefined) {
        const sf = str(when.field) ?? stateField;
        if (field(at('when', when.field === undefined ? 'state' : 'field'), sf, ['dict'], 'a dict field')) {
          const values = dictValues.get(str(entity.fields.get(sf)?.dict) ?? '');
          if (values && !values.includes(String(when.state)))
            report(rel, at('when', 'state'), `${String(when.state)} is not a value of ${sf}'s dictionary ${String(entity.fields.get(sf)?.dict)}`);
        }
      }
      for (const [f, v] of Object.entries(obj(def.where))) {
        if (!field(at('where', f), f)) continue;
        const values = typeOf(f) === 'dict' ? dictValues.get(str(entity.fields.get(f)?.dict) ?? '') : undefined;
        for (const one of Array.isArray(v) ? v : [v])
          if (values && !values.includes(String(one))) report(rel, at('where', f), `${String(one)} is not a value of ${f}'s dictionary`);
      }
      arr(def.notify).forEach((n, i) => {
        const who = obj(n);
        if (typeof who.role === 'string' && !roleKeys.has(who.role))
          report(rel, at('notify', i, 'role'), `role ${who.role} is no role of the organisations' seed`);
        if (who.field !== undefined && field(at('notify', i, 'field'), who.field) && str(entity.fields.get(String(who.field))?.ref) !== 'user' && who.field !== 'createdBy')
          report(rel, at('notify', i, 'field'), `${String(who.field)} is not a ref to user`);
        if (who.deptLeader !== undefined && field(at('notify', i, 'deptLeader'), who.deptLeader) && str(entity.fields.get(String(who.deptLeader))?.ref) !== 'dept')
          report(rel, at('notify', i, 'deptLeader'), `${String(who.deptLeader)} is not a ref to dept`);
      });
      // Each text and its placeholders: the row's fields, {daysBefore}; {date} and {days} with a date
      // condition; the title's {count} of a combined notice.
      const own = ['daysBefore', ...(dates.length ? ['date', 'days'] : [])];
      const placeholders = (pointer: string, key: Json | undefined, names: string[], row = true) => {
        text(rel, pointer, key);
        const t = texts.get(str(key) ?? '');
        for (const l of LANGUAGES)
          for (const m of String(t?.[l] ?? '').matchAll(/\{(\w+)(?::money)?\}/g))
            if (!names.includes(m[1]!) && !(row && entity.fields.has(m[1]!)))
              report(rel, pointer, `{${m[1]}} in the ${l} text of ${String(key)} is no name it may use (${row ? `a field of entity ${name}, ` : ''}${names.map((n) => `{${n}}`).join(', ')})`);
      };
      if (def.combine === true) {
        placeholders(at('title'), def.title, ['count', 'daysBefore'], false);
        if (def.message !== undefined) report(rel, at('message'), 'a combined reminder says its rows by line, not message');
        for (const prop of ['line', 'lineOverdue'] as const) {
          const v = def[prop];
          if (v === undefined) continue;
          if (prop === 'lineOverdue' && (when.within !== true || when.overdue === false))
            report(rel, at(prop), 'lineOverdue needs when.within (and overdue not false)');
          if (typeof v === 'string') placeholders(at(prop), v, own);
          else
            for (const [f, k] of Object.entries(obj(v))) {
              if (!dates.includes(f)) report(rel, at(prop, f), `${f} is not a date of when.date`);
              placeholders(at(prop, f), k, own);
            }
        }
        if (isObj(def.line)) for (const d of dates) if (typeof d === 'string' && !(d in obj(def.line))) report(rel, at('line'), `no line for the date ${d}`);
      } else {
        for (const prop of ['line', 'lineOverdue'] as const) if (def[prop] !== undefined) report(rel, at(prop), `${prop} needs combine: true`);
        placeholders(at('title'), def.title, own);
        placeholders(at('message'), def.message, own);
      }
    }
  }

  // Reports an endpoint answers whole (issue 34).
  for (const { rel, json } of byKind(/\.report\.json$/)) {
    if (!entities.has(str(json.entity) ?? '')) report(rel, '/entity', `entity ${String(json.entity)} does not exist`);
    const component = str(json.component);
    if (component && ![...menuComponents.values()].includes(component)) report(rel, '/component', `no menu entry renders component ${component}`);
    permission(rel, '/permission', json.permission);
    if (json.export !== undefined) permission(rel, '/export/permission', obj(json.export).permission);
    text(rel, '/title', json.title);
    arr(json.query).forEach((q, i) => text(rel, ptr('query', i, 'title'), obj(q).title));
    arr(json.columns).forEach((c, i) => text(rel, ptr('columns', i, 'title'), obj(c).title));
  }

  // Forms.
  const forms = new Set<string>();
  // Menu components a schema renders: a list, or a form that is a page of its own.
  const components = new Map<string, string>();
  for (const { rel, json } of byKind(/\.form\.json$/)) {
    forms.add(rel.split('/').pop()!.replace(/\.form\.json$/, ''));
    const page = obj(json.page);
    if (isObj(json.page)) {
      const component = str(page.component);
      const at = str(page.path);
      if (component && components.has(component))
        report(rel, '/page/component', `component ${component} is also rendered by ${components.get(component)}`);
      else if (component) components.set(component, rel);
      if (at && menuComponents.get(at) !== component)
        report(rel, '/page/path', `no menu entry at ${at} renders component ${String(component)}`);
      const back = str(page.back);
      if (back && !menuPaths.has(back)) report(rel, '/page/back', `no menu entry has the path ${back}`);
    }
    const name = str(json.entity);
    const entity = name ? entities.get(name) : undefined;
    if (name && !entity) {
      report(rel, '/entity', `entity ${name} does not exist`);
      continue;
    }
    if (!entity) continue;
    // Keys under void (layout) nodes are the entity's fields; a field's own properties or items
    // describe its value (a json field's shape) and are not.
    const walk = (node: Obj, at: string) => {
      for (const [key, child] of Object.entries(obj(node.properties))) {
        const c = obj(child);
        const here = `${at}/properties/${esc(key)}`;
        // Texts a form names itself: validation messages, choice labels.
        for (const [rule, message] of Object.entries(obj(c['x-messages']))) text(rel, `${here}/x-messages/${rule}`, message);
        for (const kind of ['x-component', 'x-decorator'] as const) {
          const named = str(c[kind]);
          if (named && !KNOWN_COMPONENTS.has(named.split('.')[0]!))
            report(rel, `${here}/${kind}`, `no form component ${named} (known: ${FORM_COMPONENTS.join(', ')})`);
        }
        arr(c.enum).forEach((e, i) => isObj(e) && text(rel, `${here}/enum/${i}/label`, obj(e).label));
        if (c.type === 'void') walk(c, here);
        // A form-only input (a new account's password) is declared so and says its own type and
        // component; the request carries it to the entity's hooks, never to a column (issue 35).
        else if (c['x-form-only'] === true) {
          if (typeof c.type !== 'string' || typeof c['x-component'] !== 'string') report(rel, here, `${key}: an input of the form alone names its type and x-component`);
        } else if (!entity.fields.has(key) && !Object.hasOwn(obj(entity.json.lines), key))
          report(rel, here, `${key} is not a field of entity ${name} (an input of the form alone says "x-form-only": true)`);
      }
      if (isObj(node.items)) walk(node.items, `${at}/items`);
      else arr(node.items).forEach((item, i) => walk(obj(item), `${at}/items/${i}`));
    };
    walk(obj(json.schema), '/schema');
    problems.push(...formExpressionProblems(rel, json, entity, entities));
  }

  // Lists.
  for (const { rel, json } of byKind(/\.list\.json$/)) {
    const component = str(json.component);
    if (component) {
      const first = components.get(component);
      if (first) report(rel, '/component', `component ${component} is also rendered by ${first}`);
      else components.set(component, rel);
    }
    text(rel, '/title', json.title);
    if (json.note !== undefined) text(rel, '/note/text', obj(json.note).text);
    const form = str(json.form);
    if (form && !forms.has(form)) report(rel, '/form', `form ${form} does not exist`);
    const action = (a: Json, at: string) => {
      const def = obj(a);
      text(rel, `${at}/title`, def.title);
      text(rel, `${at}/confirm`, def.confirm);
      text(rel, `${at}/hint`, def.hint);
      permission(rel, `${at}/permission`, def.permission);
      const actionForm = str(def.form);
      if (actionForm && !forms.has(actionForm)) report(rel, `${at}/form`, `form ${actionForm} does not exist`);
    };
    for (const group of ['toolbar', 'rowActions', 'batchActions']) arr(json[group]).forEach((a, i) => action(a, `/${group}/${i}`));
    // `visible` over the row (issue 35): a row action's as renderer/list/ListPage.tsx binds it
    // ({ ...row, $user }), a column link's over the row (columns.tsx); nothing reads it elsewhere.
    const listEntity = entities.get(str(json.entity) ?? '');
    const rowNames = Object.fromEntries(arr(json.rowNames).map((n) => [String(n), null]));
    const visible = (a: Json, at: string, scope: ExpressionScope | null) => {
      const def = obj(a);
      if (def.visible === undefined) return;
      if (!scope) return report(rel, `${at}/visible`, 'visible is read over a row: only row actions and column links have one');
      const bad = expressionError(String(def.visible), scope);
      if (bad) report(rel, `${at}/visible`, bad);
    };
    arr(json.rowActions).forEach((a, i) => visible(a, `/rowActions/${i}`, rowScope(listEntity, { ...rowNames, $user: ['userId'] })));
    for (const group of ['toolbar', 'batchActions']) arr(json[group]).forEach((a, i) => visible(a, `/${group}/${i}`, null));
    arr(json.columns).forEach((c, i) => isObj(obj(c).link) && visible(obj(c).link, `/columns/${i}/link`, rowScope(listEntity, rowNames)));
    arr(json.columns).forEach((c, i) => {
      text(rel, `/columns/${i}/title`, obj(c).title);
      if (isObj(obj(c).link)) action(obj(c).link, `/columns/${i}/link`);
    });

    const name = str(json.entity);
    const entity = name ? entities.get(name) : undefined;
    if (name && !entity) {
      report(rel, '/entity', `entity ${name} does not exist`);
      continue;
    }
    if (!entity) continue;
    const field = (pointer: string, f: Json | undefined, allowId = false) => {
      if (typeof f === 'string' && !entity.fields.has(f) && !(allowId && f === 'id')) {
        report(rel, pointer, `${f} is not a field of entity ${name}`);
      }
    };
    arr(json.columns).forEach((c, i) => field(`/columns/${i}/field`, obj(c).field));
    arr(json.query).forEach((q, i) => {
      field(`/query/${i}`, q);
      // A filter box the server would ignore gives wrong results (issue 35): the server's own rule.
      const def = entity.fields.get(String(q));
      if (def && !filterable(def))
        report(rel, `/query/${i}`, `${String(q)} cannot be filtered on (${def.query === undefined ? 'the field has no "query"' : `a ${String(def.type)} field${def.hidden === true ? ', hidden' : ''}${def.inExtend === true ? ', kept in extend' : ''}`})`);
    });
    field('/dateRange', json.dateRange);
    // The range box filters the entity's first date range field, whatever the list names (query.ts).
    const range = [...entity.fields].find(([, f]) => isDateRange(f))?.[0];
    if (typeof json.dateRange === 'string' && entity.fields.has(json.dateRange) && json.dateRange !== range)
      report(rel, '/dateRange', range
        ? `the server applies the date range to ${range}, the first date field with "query": "between", not to ${json.dateRange}`
        : `the server applies no date range: entity ${name} has no date field with "query": "between"`);
    field('/defaultSort/field', obj(json.defaultSort).field, true);
    for (const key of Object.keys(obj(json.fixedQuery))) field(ptr('fixedQuery', key), key);
    // A file action opens the link a field of the row holds: only a row has one.
    const fileAction = (a: Json, at: string, onRow: boolean) => {
      const def = obj(a);
      if (def.action !== 'download' && def.action !== 'preview') return;
      if (!onRow) report(rel, `${at}/action`, `${String(def.action)} acts on a row: use it in rowActions or a column link`);
      else field(`${at}/field`, str(def.field) ?? 'url');
    };
    for (const group of ['toolbar', 'rowActions', 'batchActions'])
      arr(json[group]).forEach((a, i) => fileAction(a, `/${group}/${i}`, group === 'rowActions'));
    arr(json.columns).forEach((c, i) => isObj(obj(c).link) && fileAction(obj(c).link, `/columns/${i}/link`, true));
    if (json.tree === true && !str(entity.json.tree)) report(rel, '/tree', `entity ${name} names no tree field`);
  }

  // Print templates: their entity, the fields they print (a slip per line sees the line's fields
  // too), the line collections their tables and slips go over, and their texts.
  for (const { rel, json } of byKind(/\.print\.json$/)) {
    const name = str(json.entity);
    const entity = name ? entities.get(name) : undefined;
    if (!entity) {
      report(rel, '/entity', `entity ${String(name)} does not exist`);
      continue;
    }
    text(rel, '/title', json.title);
    const linesOf = (member: string | undefined) =>
      member ? entities.get(str(obj(obj(entity.json.lines)[member]).entity) ?? '')?.fields : undefined;
    const each = str(json.each);
    const slip = linesOf(each);
    if (each && !slip) report(rel, '/each', `${each} names no lines of entity ${name}`);
    const known = (f: string) => entity.fields.has(f) || f === 'id' || Boolean(slip?.has(f));
    arr(json.sections).forEach((sec, i) => {
      const s = obj(sec);
      const at = `/sections/${i}`;
      text(rel, `${at}/title`, s.title);
      arr(s.labels).forEach((l, j) => text(rel, `${at}/labels/${j}`, l));
      arr(s.fields).forEach((f, j) => typeof f === 'string' && !known(f) && report(rel, `${at}/fields/${j}`, `${f} is not a field of entity ${name}`));
      const field = str(s.field);
      if (s.type === 'table' && field) {
        const lines = linesOf(field);
        if (!lines && !entity.fields.has(field)) report(rel, `${at}/field`, `${field} is neither lines nor a field of entity ${name}`);
        arr(s.columns).forEach((c, j) => {
          text(rel, `${at}/columns/${j}/title`, obj(c).title);
          const key = str(obj(c).key);
          if (lines && key && !lines.has(key) && obj(c).blank !== true) report(rel, `${at}/columns/${j}/key`, `${key} is not a field of the lines ${field}`);
        });
      } else if (field && !known(field)) report(rel, `${at}/field`, `${field} is not a field of entity ${name}`);
    });
  }

  // Every document that goes through approval prints (issue 34): its print file is
  // `<area>/<print or name>.print.json` naming the entity, as the print action loads it.
  const printed = new Set(
    byKind(/\.print\.json$/).map(({ rel, json }) => `${String(json.entity)}\n${path.basename(rel, '.print.json')}`),
  );
  for (const [name, { rel, json }] of entities) {
    if (json.process === undefined) continue;
    const stem = str(json.print) ?? name;
    if (!printed.has(`${name}\n${stem}`))
      report(rel, '/process', `entity ${name} goes through approval but has no print file ${stem}.print.json`);
  }

  // Seeds.
  for (const { rel, json } of byKind(/\.seed\.json$/)) {
    const name = str(json.entity);
    const entity = name ? entities.get(name) : undefined;
    if (name && !entity) {
      report(rel, '/entity', `entity ${name} does not exist`);
      continue;
    }
    if (!entity) continue;
    const tree = obj(json.tree);
    if (json.tree !== undefined) {
      if (!str(entity.json.tree)) report(rel, '/tree', `entity ${name} is not a tree`);
      if (!entity.fields.has(String(tree.key))) report(rel, '/tree/key', `${String(tree.key)} is not a field of entity ${name}`);
    }
    const seen = new Set<unknown>();
    arr(json.rows).forEach((row, i) => {
      for (const key of Object.keys(obj(row))) {
        if (json.tree !== undefined && key === tree.parent) {
          if (!seen.has(obj(row)[key])) report(rel, ptr('rows', i, key), `parent ${String(obj(row)[key])} is not a row before this one`);
          continue;
        }
        if (!entity.fields.has(key)) report(rel, ptr('rows', i, key), `${key} is not a field of entity ${name}`);
      }
      if (json.tree !== undefined) seen.add(obj(row)[String(tree.key)]);
    });
  }

  // The home page's work queues (issue 34): texts, the entity, who sees them, the columns.
  for (const [rel, json] of files) {
    if (!/(^|\/)home\/queues\.json$/.test(rel)) continue;
    for (const [key, q] of Object.entries(obj(obj(json).queues))) {
      if (q === null) continue;
      const def = obj(q);
      text(rel, ptr('queues', key, 'title'), def.title);
      if (def.empty !== undefined) text(rel, ptr('queues', key, 'empty'), def.empty);
      const entity = str(def.entity) ? entities.get(str(def.entity)!) : undefined;
      if (str(def.entity) && !entity) report(rel, ptr('queues', key, 'entity'), `entity ${str(def.entity)} does not exist`);
      if (!str(def.entity) && (!str(def.endpoint) || !str(def.permission)))
        report(rel, ptr('queues', key), 'a queue without an entity names its endpoint and its permission');
      permission(rel, ptr('queues', key, 'permission'), def.permission);
      if (str(def.match)) {
        const bad = expressionError(str(def.match)!, rowScope(entity));
        if (bad) report(rel, ptr('queues', key, 'match'), `match: ${bad}`);
      }
      arr(def.columns).forEach((c, i) => {
        const field = typeof c === 'string' ? c : str(obj(c).field);
        if (!isObj(c) || obj(c).title === undefined) {
          if (!entity) report(rel, ptr('queues', key, 'columns', i), `column ${field} needs a title (the queue has no entity)`);
          else if (field && !entity.fields.has(field)) report(rel, ptr('queues', key, 'columns', i), `${field} is not a field of entity ${str(def.entity)}`);
        } else text(rel, ptr('queues', key, 'columns', i, 'title'), obj(c).title);
      });
    }
  }

  return problems;
}

// ---------------------------------------------------------------------------------------------

export interface CheckResult {
  /** JSON files checked (base files and site overrides; the meta-schemas not counted). */
  files: number;
  problems: Problem[];
}

/** A JSON.parse fault with its line and column (Node 20 names only the position). */
function jsonFault(full: string, message: string): string {
  const at = /at position (\d+)/.exec(message);
  if (!at || /line \d+/.test(message)) return message;
  const before = fs.readFileSync(full, 'utf8').slice(0, Number(at[1]));
  const line = before.split('\n').length;
  return `${message} (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

const problemKey = (p: Problem) => `${p.file}\n${p.pointer}\n${p.message}`;

/** Everything schemas:check reports, with the number of files it read. */
export function runSchemasCheck(root = SCHEMAS_DIR, migrationsDir = MIGRATIONS_DIR): CheckResult {
  const meta = loadMeta(root);
  const problems: Problem[] = [...meta.problems];
  // Files that are not JSON: reported once, at the file itself — never again at a site file that patches one.
  const unreadable = new Set<string>();
  const read = (full: string, rel: string): Json | undefined => {
    try {
      return parseJsonText(fs.readFileSync(full, 'utf8')) as Json;
    } catch (e) {
      problems.push({ file: rel, pointer: '', message: `not JSON: ${jsonFault(full, (e as Error).message)}` });
      unreadable.add(rel);
      return undefined;
    }
  };
  const metaDir = path.join(root, '_meta');
  let count = 0;

  // a. Base files against their meta-schemas.
  const base = new Map<string, Json>();
  for (const full of walkJson(root, root, new Set(['_meta', 'sites']))) {
    const rel = relOf(root, full);
    count++;
    const json = read(full, rel);
    if (json === undefined) continue;
    base.set(rel, json);
    const leadsToMeta = (named: string) =>
      path.resolve(path.dirname(full), named) === path.join(metaDir, named.split('/').pop()!);
    problems.push(...checkMeta(meta, rel, json, leadsToMeta));
    for (const pointer of markersIn(json)) problems.push({ file: rel, pointer, message: 'a site-patch marker belongs in a site file (schemas/sites/<key>/)' });
  }

  // b, c. Cross-references and tables.
  const tables = parseMigrations(migrationsDir);
  const baseCross = crossCheck(base, tables);
  problems.push(...baseCross);
  const baseKeys = new Set(problems.map(problemKey));

  // Default processes: the process and each approval step said in four languages (the approval
  // page, the task lists and print show them in the reader's language).
  const settingsDeclared = new Map<string, { secret: boolean }>();
  for (const c of (obj(base.get('system/configs.json')).configs as Json[] | undefined) ?? [])
    settingsDeclared.set(String(obj(c).key), { secret: obj(c).secret === true });
  const texts = new Map<string, Obj>();
  for (const [rel, json] of base) {
    if (!/(^|\/)i18n\.json$/.test(rel)) continue;
    for (const [k, v] of Object.entries(obj(json))) if (k !== '$schema') texts.set(k, obj(v));
  }
  // One process file (a base one, or a site's own under sites/<key>/, with the site's texts): the
  // same checks wherever it lives (issue 35).
  const checkProcess = (rel: string, xml: string, texts: Map<string, Obj>, files: Map<string, Json>): string | undefined => {
    const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const processTag = /<bpmn:process\b[^>]*>/.exec(xml)?.[0];
    const processKey = processTag && attr(processTag, 'id');
    if (!processKey) {
      problems.push({ file: rel, pointer: '', message: 'no bpmn:process with an id' });
      return;
    }
    const needs = (key: string, pointer: string, what: string) => {
      const entry = texts.get(key);
      const missing = LANGUAGES.filter((l) => typeof entry?.[l] !== 'string' || !(entry[l] as string).trim());
      if (!entry) problems.push({ file: rel, pointer, message: `${what} has no texts: add ${key} to an i18n.json` });
      else if (missing.length) problems.push({ file: rel, pointer, message: `${what}: i18n key ${key} has no ${missing.join(', ')} text` });
    };
    needs(`process.${processKey}`, `#${processKey}`, `process ${processKey}`);
    // A setting a process reads by name (a condition's setting('…'), a `setting:<key>` list entry,
    // a reason's value) is a setting of the release, never a write-only one: a threshold or an
    // owning department is the site's to change, never a literal of the file (issue 33).
    const unescape = (text: string) =>
      text.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!);
    const readsSetting = (key: string, pointer: string) => {
      const declared = settingsDeclared.get(key);
      if (declared === undefined) {
        if (base.has('system/configs.json'))
          problems.push({ file: rel, pointer, message: `reads setting ${key}, which system/configs.json does not declare` });
      }
      else if (declared.secret) problems.push({ file: rel, pointer, message: `reads setting ${key}, which is write-only (secret)` });
    };
    for (const [, id, body] of xml.matchAll(
      /<bpmn:sequenceFlow\b[^>]*\bid="([^"]*)"[^>]*>\s*<bpmn:conditionExpression\b[^>]*>([\s\S]*?)<\/bpmn:conditionExpression>/g,
    )) {
      const text = unescape(body!);
      const bad = expressionError(text, processScope(files, processKey));
      if (bad) problems.push({ file: rel, pointer: `#${id}`, message: `condition: ${bad}` });
      for (const key of settingNames(text)) readsSetting(key, `#${id}`);
    }
    for (const [tag] of xml.matchAll(/<bpmn:userTask\b[^>]*>/g)) {
      const id = attr(tag, 'id') ?? '';
      needs(`process.${processKey}.${id}`, `#${id}`, `step ${id} (${attr(tag, 'name') ?? ''})`);
      for (const list of ['nk:candidates', 'nk:copyTo'])
        for (const entry of (attr(tag, list) ?? '').split(',')) {
          const m = SETTING_ENTRY.exec(entry.trim());
          if (m) readsSetting(m[1]!, `#${id}`);
        }
      const reason = attr(tag, 'nk:reason');
      if (reason) needs(reason, `#${id}`, `the reason of step ${id}`);
      const values = reasonValuesOf(unescape(attr(tag, 'nk:reasonValues') ?? ''), processScope(files, processKey));
      if (typeof values === 'string') problems.push({ file: rel, pointer: `#${id}`, message: `nk:reasonValues: ${values}` });
      if (typeof values !== 'string') for (const e of Object.values(values)) for (const key of settingNames(e)) readsSetting(key, `#${id}`);
    }
    return processKey;
  };
  const baseProcesses = new Set<string>();
  for (const full of walkJson(root, root, new Set(['_meta', 'sites']), [], '.bpmn')) {
    count++;
    const key = checkProcess(relOf(root, full), fs.readFileSync(full, 'utf8'), texts, base);
    if (key) baseProcesses.add(key);
  }
  // An entity's process is one the release (or, for a site, the site) deploys.
  const unknownProcesses = (files: Map<string, Json>, known: Set<string>, changed: (rel: string) => boolean) => {
    for (const [rel, json] of files) {
      const key = obj(json).process;
      if (rel.endsWith('.entity.json') && typeof key === 'string' && !known.has(key) && changed(rel))
        problems.push({ file: rel, pointer: '/process', message: `process ${key}: no .bpmn file declares it` });
    }
  };
  unknownProcesses(base, baseProcesses, () => true);

  // d. Site overrides.
  const sitesDir = path.join(root, 'sites');
  const sites = fs.existsSync(sitesDir)
    ? fs
        .readdirSync(sitesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  for (const site of sites) {
    const dir = path.join(sitesDir, site);
    const view = new Map(base);
    const overridden = new Map<string, string>();
    // Each patch as written: a fault found in the merged view is pointed at the patch's operation.
    const patched = new Map<string, Json>();
    const inPatch = (rel: string, pointer: string) => {
      const patch = patched.get(rel);
      return patch === undefined ? pointer : patchPointer(rel, view.get(rel), patch, pointer);
    };
    for (const full of walkJson(dir, dir, new Set())) {
      const rel = relOf(dir, full);
      const file = `sites/${site}/${rel}`;
      count++;
      const patch = read(full, file);
      if (patch === undefined) continue;
      const original = base.get(rel);
      if (original === undefined && /\.reminders\.json$/.test(rel) && !unreadable.has(rel)) {
        // A site's own reminders file (no base file of its path, issue 35): a whole file, read by that
        // site alone — checked against reminders.schema.json and, with the site's view, like a base one.
        const leadsToMeta = (named: string) =>
          path.resolve(path.dirname(full), named) === path.join(metaDir, named.split('/').pop()!);
        problems.push(...checkMeta(meta, file, patch, leadsToMeta));
        for (const pointer of markersIn(patch)) problems.push({ file, pointer, message: 'a site-patch marker belongs in a patch, not in a site-only file' });
        view.set(rel, patch);
        overridden.set(rel, file);
        continue;
      }
      if (original === undefined) {
        if (!unreadable.has(rel)) problems.push({ file, pointer: '', message: `overrides ${rel}, which does not exist` });
        continue;
      }
      for (const p of danglingPaths(original, patch, '', additionsOf(rel))) {
        problems.push({ file, pointer: p, message: `the base file ${rel} has no such member to change or remove` });
      }
      // Keyed merge (validators/keyed-patch.ts): an element named that the base lacks, a marker
      // with no meaning, a position after nothing are the site file's faults.
      const { json: merged, problems: patchProblems } = applySitePatch(rel, original, patch);
      problems.push(...patchProblems.map((p) => ({ file, ...p })));
      const named = str(obj(patch).$schema);
      if (named !== undefined && named.split('/').pop() !== 'site-patch.schema.json')
        problems.push({ file, pointer: '/$schema', message: `a site file is a patch: its $schema is _meta/site-patch.schema.json, not ${named}` });
      view.set(rel, merged);
      overridden.set(rel, file);
      patched.set(rel, patch);
      // A fault the base file has at the same place is the base's, named there already.
      const metaProblems = checkMeta(meta, file, merged, () => true).filter((p) => !baseKeys.has(problemKey({ ...p, file: rel })));
      problems.push(...metaProblems.map((p) => ({ ...p, pointer: inPatch(rel, p.pointer), message: `merged: ${p.message}` })));
      if (/\.entity\.json$/.test(rel)) {
        for (const key of ['name', 'table', 'api', 'permission']) {
          if (JSON.stringify(obj(original)[key]) !== JSON.stringify(obj(merged)[key])) {
            problems.push({ file, pointer: `/${key}`, message: `an override must not change the entity's ${key}` });
          }
        }
      }
    }
    // The site's own processes (deployed for it alone), read with its texts: the base's as its
    // i18n.json patches leave them.
    const siteProcesses = walkJson(dir, dir, new Set(), [], '.bpmn');
    const known = new Set(baseProcesses);
    if (siteProcesses.length) {
      const siteTexts = new Map<string, Obj>();
      for (const [rel, json] of view) {
        if (!/(^|\/)i18n\.json$/.test(rel)) continue;
        for (const [k, v] of Object.entries(obj(json))) if (k !== '$schema') siteTexts.set(k, obj(v));
      }
      for (const full of siteProcesses) {
        count++;
        const key = checkProcess(`sites/${site}/${relOf(dir, full)}`, fs.readFileSync(full, 'utf8'), siteTexts, view);
        if (key) known.add(key);
      }
    }
    const before = problems.length;
    unknownProcesses(view, known, (rel) => overridden.has(rel) && obj(view.get(rel)).process !== obj(base.get(rel)).process);
    for (const p of problems.slice(before)) p.file = overridden.get(p.file) ?? p.file;
    if (!overridden.size) continue;
    for (const p of crossCheck(view, tables)) {
      if (baseKeys.has(problemKey(p))) continue;
      const file = overridden.get(p.file);
      problems.push({ file: file ?? p.file, pointer: inPatch(p.file, p.pointer), message: `site ${site}: ${p.message}`, ...(file ? {} : { siteView: site }) });
    }
  }

  // Grouped by file; within a file in the order found.
  return { files: count, problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)) };
}

/**
 * What a site's patch of a file may add besides changing what the base has: fields of an entity
 * (with their type: a patch of a field the base no longer has is stale, not new), nodes of a form,
 * texts. Columns, query fields, actions, print fields and menu entries are keyed arrays
 * (validators/keyed-patch.ts): applySitePatch checks those operations.
 */
function additionsOf(rel: string): (at: string[], value: Json) => boolean {
  if (rel.endsWith('.entity.json')) return (at, v) => at.length === 2 && at[0] === 'fields' && 'type' in obj(v);
  if (rel.endsWith('.form.json') || rel.endsWith('.detail.json')) return (at) => at[at.length - 2] === 'properties';
  if (rel.endsWith('i18n.json')) return (at) => at.length === 1;
  if (rel.endsWith('home/queues.json')) return (at) => at.length === 2 && at[0] === 'queues';
  if (rel.endsWith('.reminders.json')) return (at) => at.length === 2 && at[0] === 'reminders';
  return () => false;
}

/**
 * What a process's conditions and reason values read (issue 35): the variables the workflow service
 * binds at submit (server/modules/workflow/service.ts variablesOf, chains.ts chainVariables) — the
 * fields of the documents whose entity names the process (file fields left out), id, the applicant —
 * and setting('…'). A process no entity names (bound at run time) may read any name.
 */
function processScope(files: Map<string, Json>, processKey: string): ExpressionScope {
  const names = new Set<string>();
  let bound = false;
  for (const [rel, json] of files) {
    if (!rel.endsWith('.entity.json') || obj(json).process !== processKey) continue;
    bound = true;
    for (const [name, f] of Object.entries(obj(obj(json).fields))) if (obj(f).type !== 'files') names.add(name);
    for (const std of STANDARD_FIELDS) names.add(std.name);
  }
  if (!bound) return { settings: true };
  return scopeOf([...names, 'id', 'starterId', 'starterDeptId', 'starterRoles', 'starterDeptRoles'], {}, { settings: true });
}

/**
 * What the deploy at start (server/seed/sync.ts) would refuse in each process file, base and site
 * (issue 35): the same readModel, so a process that would be quarantined is named by
 * `npm run schemas:check` first — by file and `#elementId` where the fault is at one element.
 * A fault the expression check already names at the same place (a condition) is not said twice.
 */
export async function processModelProblems(root = SCHEMAS_DIR, already: Problem[] = []): Promise<Problem[]> {
  const files: [rel: string, full: string][] = walkJson(root, root, new Set(['_meta', 'sites']), [], '.bpmn').map((full) => [relOf(root, full), full]);
  const sitesDir = path.join(root, 'sites');
  if (fs.existsSync(sitesDir))
    for (const d of fs.readdirSync(sitesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const dir = path.join(sitesDir, d.name);
      for (const full of walkJson(dir, dir, new Set(), [], '.bpmn')) files.push([`sites/${d.name}/${relOf(dir, full)}`, full]);
    }
  const said = new Set(already.filter((p) => p.message.startsWith('condition: ')).map((p) => `${p.file}\n${p.pointer}`));
  const problems: Problem[] = [];
  for (const [file, full] of files) {
    for (const p of (await readModel(fs.readFileSync(full, 'utf8'))).problems) {
      const pointer = p.id ? `#${p.id}` : '';
      if (p.key === 'workflow.badCondition' && said.has(`${file}\n${pointer}`)) continue;
      const named = p.element && p.element !== p.id ? `${p.element}: ` : '';
      problems.push({ file, pointer, message: `not deployable (quarantined at start): ${named}${t(p.key, 'en-US')}` });
    }
  }
  return problems;
}

/**
 * Everything `npm run schemas:check` reports: runSchemasCheck (synchronous — the live reload's
 * quarantine runs it) and the deploy reading of every process (readModel is asynchronous).
 */
export async function runFullSchemasCheck(root = SCHEMAS_DIR, migrationsDir = MIGRATIONS_DIR): Promise<CheckResult> {
  const result = runSchemasCheck(root, migrationsDir);
  const problems = [...result.problems, ...(await processModelProblems(root, result.problems))];
  return { files: result.files, problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)) };
}

/** Every problem of the schema files under root, checked against the migrations in migrationsDir. */
export function checkSchemas(root = SCHEMAS_DIR, migrationsDir = MIGRATIONS_DIR): Problem[] {
  return runSchemasCheck(root, migrationsDir).problems;
}

/**
 * What is wrong with the schemas, one line each as `file → JSON pointer: message` (empty when
 * nothing): the server refuses to start on any, naming where, rather than serve a screen that breaks.
 */
export function schemaProblems(root?: string): string[] {
  return runSchemasCheck(root).problems.map((p) => `schemas/${p.file} → ${p.pointer || '(whole file)'}: ${p.message}`);
}
