// The fuzz corpus of the security campaign: every operation of GET /api/docs (the OpenAPI
// description the server generates from its routes and entity schemas), a valid request made from
// its schema, then that request with one thing wrong at a time — a field of the body, a query or
// path parameter, the body as a whole. Deterministic: one seeded PRNG, the same corpus every run.
import { isStorableText } from '../../validators/formats.ts';

export type Json = any;

export interface Param {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: Json;
  description?: string;
}

export interface Operation {
  method: string;
  /** OpenAPI path, /api/core/dept/role/{id}. */
  path: string;
  permission: string;
  tag: string;
  params: Param[];
  /** The JSON body schema, when the route declares one (or the entity gives one). */
  body: Json | null;
  multipart: boolean;
  /** page, list, infoById, export, save, update, remove, status, import: a generic entity endpoint. */
  verb: string | null;
  /**
   * For a module's read that declares no query schema: the text fields of its entity's rows (the
   * description's components), the names such a handler filters by (realName, title...).
   */
  queryHints: string[];
}

/** The input classes of the campaign (the issue's list). */
export const CLASSES = [
  'wrong-type',
  'too-long',
  'huge-number',
  'id-beyond-64-bits',
  'id-negative-or-zero',
  'nul-byte',
  'lone-surrogate',
  'unicode',
  'impossible-date',
  'bad-time',
  'whitespace-only',
  'deep-nesting',
  'deep-10000',
  'sql-injection',
  'prototype-pollution',
  'odd-body',
  'odd-header',
  'no-session',
] as const;
export type InputClass = (typeof CLASSES)[number];

export interface Case {
  op: Operation;
  klass: InputClass;
  /** What was changed: body.<field>, query.<name>, path.<name>, body, header.<name>. */
  target: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  rawBody?: string;
  /** Without the admin's token (public operations always are). */
  anonymous: boolean;
}

/** What the generator knows of the site: a row id per entity, the values of each dictionary. */
export interface World {
  idOf(entity: string): number | undefined;
  dict(type: string): string | undefined;
}

const GENERIC = ['page', 'list', 'infoById', 'export', 'save', 'update', 'remove', 'status', 'import'];

/** An id no row has, inside every integer column: writes that name it change nothing. */
export const NO_SUCH_ID = 2_147_480_001;

export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(methods)) {
      const params: Param[] = (op.parameters ?? [])
        .filter((p: Json) => !p.$ref && (p.in === 'query' || p.in === 'path'))
        .map((p: Json) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: p.schema ?? {},
          description: p.description,
        }));
      const content = op.requestBody?.content ?? {};
      const last = path
        .replace(/\/\{id\}$/, '')
        .split('/')
        .pop()!;
      const generic =
        GENERIC.includes(last) && /\/(page|list|infoById\/\{id\}|export|save|update|remove|status|import)$/.test(path);
      const verb = generic && op.summary && !/·/.test(op.summary) ? last : null;
      const tag = String(op.tags?.[0] ?? '');
      out.push({
        method: method.toUpperCase(),
        path,
        permission: String(op['x-permission'] ?? 'public'),
        tag,
        params,
        body: content['application/json']?.schema ?? null,
        multipart: Boolean(content['multipart/form-data']),
        verb,
        queryHints:
          verb || params.some((p) => p.in === 'query')
            ? []
            : Object.entries<Json>(doc.components?.schemas?.[tag]?.properties ?? {})
                .filter(([name, v]) => typeOf(v) === 'string' && !name.endsWith('Label') && !(name in UNDECLARED_QUERY))
                .map(([name]) => name),
      });
    }
  }
  return out;
}

// ---- a seeded PRNG ----------------------------------------------------------------------------

export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)]!;
    },
    shuffle<T>(list: T[]): T[] {
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
      return list;
    },
  };
}
type Prng = ReturnType<typeof prng>;

// ---- valid values from a schema ---------------------------------------------------------------

const plain = (s: Json): Json => {
  if (!s || typeof s !== 'object') return {};
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches)) {
    const chosen = branches.find((b: Json) => b.type !== 'null') ?? branches[0];
    return { ...s, ...plain(chosen), anyOf: undefined, oneOf: undefined };
  }
  return s;
};

function typeOf(s: Json): string {
  const t = plain(s).type;
  if (Array.isArray(t)) return t.includes('integer') ? 'integer' : (t.find((x: string) => x !== 'null') ?? 'string');
  if (t) return t;
  if (plain(s).properties) return 'object';
  return 'any';
}

const refOf = (s: Json): string | undefined => /^ref (\w+)/.exec(String(s?.description ?? ''))?.[1];
const dictOf = (s: Json): string | undefined => /^dict (\w+)/.exec(String(s?.description ?? ''))?.[1];
const isIdName = (name: string) => /(^id$|Id$|^ids$|Ids$)/.test(name);

const DATE_RE = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

/** Whether a string target is a date or a date and time by its schema or its name. */
function dateKind(name: string, s: Json): 'date' | 'datetime' | null {
  const p = plain(s);
  const pattern = String(p.pattern ?? '');
  if (p.format === 'date-time' || p.format === 'datetime' || /\[ T\]/.test(pattern)) return 'datetime';
  if (p.format === 'date' || DATE_RE.test(pattern)) return /Time|At$|Begin$|End$/.test(name) ? 'datetime' : 'date';
  if (/(Time|Date|At)$|^(begin|end)/i.test(name) || name.startsWith('parameter.'))
    return /Date$/.test(name) ? 'date' : 'datetime';
  return null;
}

function stringSample(name: string, s: Json, world: World): string {
  const p = plain(s);
  if (p.enum) return String(p.enum[0]);
  const dict = dictOf(s);
  if (dict) return world.dict(dict) ?? '0';
  const kind = dateKind(name, s);
  if (kind === 'date') return '2026-03-02';
  if (kind === 'datetime') return '2026-03-02 10:00:00';
  const max = typeof p.maxLength === 'number' ? p.maxLength : 20;
  if (p.format === 'phone') return '13800000000';
  // A unified social credit code with its GB 32100-2015 check character (validators/uscc.ts).
  if (p.format === 'uscc') return '91110000MA0000000H';
  if (p.pattern) {
    const re = new RegExp(p.pattern);
    for (const c of [
      'A1',
      '1.00',
      '1',
      'a',
      'abc',
      'x.y',
      '0',
      'a-1',
      '127.0.0.1',
      '13800000000',
      'sys_test',
      'Test',
      '2026',
      '2026-03',
      '110101',
    ]) {
      if (re.test(c) && c.length <= max) return c;
    }
  }
  return `fz${name.replace(/[^A-Za-z0-9]/g, '').slice(0, 6)}`.slice(0, Math.max(1, Math.min(max, 12)));
}

/** A value the schema accepts, as far as a generator can tell (ids of real rows, dictionary values). */
export function sample(name: string, s: Json, world: World, depth = 0): Json {
  const p = plain(s);
  if (p.const !== undefined) return p.const;
  if (p.enum) return p.enum[0];
  if (p.default !== undefined && typeof p.default !== 'object') return p.default;
  switch (typeOf(s)) {
    case 'integer': {
      const ref = refOf(s);
      const id = ref ? world.idOf(ref) : undefined;
      if (id !== undefined) return id;
      if (isIdName(name)) return NO_SUCH_ID;
      return Math.max(typeof p.minimum === 'number' ? p.minimum : 1, 1);
    }
    case 'number':
      return Math.max(typeof p.minimum === 'number' ? p.minimum : 1, 1);
    case 'boolean':
      return false;
    case 'array': {
      if (isIdName(name)) return [NO_SUCH_ID];
      const n = typeof p.minItems === 'number' ? p.minItems : 0;
      return Array.from({ length: n }, () => sample(name, p.items ?? {}, world, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const out: Json = {};
      const required: string[] = p.required ?? [];
      for (const [k, v] of Object.entries<Json>(p.properties ?? {})) {
        if (!required.includes(k) && typeof plain(v).pattern === 'string' && !dictOf(v) && !dateKind(k, v)) continue;
        out[k] = sample(k, v, world, depth + 1);
      }
      return out;
    }
    case 'string':
      return stringSample(name, s, world);
    default:
      return isIdName(name) ? NO_SUCH_ID : 'x';
  }
}

// ---- wrong values --------------------------------------------------------------------------------

const deep = (levels: number, leaf: Json = 1): Json => {
  let v: Json = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Wrong values of a class for a target of the given type; [] when the class does not apply. */
function wrongValues(klass: InputClass, name: string, s: Json, r: Prng): Json[] {
  const t = typeOf(s);
  const p = plain(s);
  const idLike = isIdName(name) || t === 'integer';
  switch (klass) {
    case 'wrong-type':
      return t === 'string'
        ? [r.pick([12345, true, {}, [], 1.5])]
        : t === 'integer' || t === 'number'
          ? [r.pick(['abc', 1.5, {}, [1], true, '1,2'])]
          : t === 'array'
            ? [r.pick(['x', {}, 7])]
            : t === 'object'
              ? [r.pick(['x', [], 7])]
              : [r.pick(['x', 7, [], {}])];
    case 'too-long':
      return t === 'string' || t === 'any'
        ? [
            r.pick([
              'x'.repeat((typeof p.maxLength === 'number' ? p.maxLength : 255) + 1),
              '长'.repeat(20_000),
              'x'.repeat(200_000),
            ]),
          ]
        : t === 'array'
          ? [Array.from({ length: 5000 }, (_, i) => i + 1)]
          : [];
    case 'huge-number':
      return t === 'integer' || t === 'number' || t === 'any' || t === 'string'
        ? [r.pick([1e308, -1e308, 1e21, 2 ** 53 + 2, 2 ** 31, 4294967296, 1e-320, 123456789012345680000])]
        : [];
    case 'id-beyond-64-bits':
      return idLike || t === 'any'
        ? [r.pick([9223372036854775807, 2 ** 64, 1e20, '9223372036854775808', '18446744073709551616', '99999999999999999999999'])]
        : t === 'array' && isIdName(name)
          ? [[r.pick([9223372036854775807, 1e20, 2 ** 64])]]
          : [];
    case 'id-negative-or-zero':
      return idLike || t === 'any'
        ? [r.pick([0, -1, -9223372036854775809, '-1', '0'])]
        : t === 'array' && isIdName(name)
          ? [[r.pick([0, -1])]]
          : [];
    case 'nul-byte':
      return t === 'string' || t === 'any'
        ? [r.pick(['a\u0000b', '\u0000', 'x\u0000\u0000'])]
        : t === 'array'
          ? [['a\u0000']]
          : [];
    case 'lone-surrogate':
      return t === 'string' || t === 'any' ? [r.pick(['\ud800', 'x\udfffy', '\udc00\ud800'])] : [];
    case 'unicode':
      return t === 'string' || t === 'any' || idLike
        ? [
            r.pick([
              '😀🚀👨‍👩‍👧',
              '\u202Eevil\u202C',
              'e\u0301\u0301\u0301',
              '\uFEFF\u200B',
              '１２３',
              'line\u2028sep',
              '𠜎𠜱𠝹',
              '\uFFFF\uFFFE',
              'Ω≈ç√∫',
            ]),
          ]
        : [];
    case 'impossible-date':
      return t === 'string' || t === 'any'
        ? [r.pick(['2026-02-30', '2026-13-01', '0000-01-01', '2026-00-10', '2025-02-29', '2026-04-31', '9999-99-99'])]
        : [];
    case 'bad-time':
      return t === 'string' || t === 'any'
        ? [
            r.pick([
              '2026-03-01 25:00:00',
              '2026-03-01 23:60',
              '2026-03-01T24:00:00Z',
              '2026-03-01 10:00:00+25:00',
              '2026-03-01 10:00:61',
              '2026-03-01 99:99:99',
              '2026-02-30 10:00',
            ]),
          ]
        : [];
    case 'whitespace-only':
      return t === 'string' ? [r.pick(['   ', '\t\n', '\u3000\u3000', ' \u00a0 '])] : [];
    case 'deep-nesting':
      return [deep(8 + Math.floor(r.next() * 30))];
    case 'sql-injection':
      return t === 'string' || t === 'any' || idLike
        ? [
            r.pick([
              "' OR '1'='1",
              '1; DROP TABLE sys_user; --',
              '1) or (1=1',
              "%' --",
              '\\',
              "x' union select password_hash from sys_user --",
              'id desc; select 1',
              '$1',
            ]),
          ]
        : [];
    default:
      return [];
  }
}

/** A query or path value as it travels: text, or pre-encoded bytes (invalid UTF-8). */
function wireText(v: Json): { raw: string } | string {
  if (typeof v === 'string') {
    if (!isStorableText(v.replace(/\u0000/g, ''))) return { raw: '%ED%A0%80x' };
    return v;
  }
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const enc = (v: { raw: string } | string) => (typeof v === 'string' ? encodeURIComponent(v) : v.raw);

function urlOf(op: Operation, pathValues: Record<string, Json>, query: Record<string, Json>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = wireText(pathValues[name]);
    // A wildcard keeps its slashes.
    return name === 'rest' && typeof v === 'string' ? v.split('/').map(encodeURIComponent).join('/') : enc(v) || 'x';
  });
  const q = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${enc(wireText(v))}`)
    .join('&');
  return q ? `${path}?${q}` : path;
}

/** Keys a route without a declared body or query schema is sent, as handlers commonly read them. */
const UNDECLARED_BODY: Record<string, Json> = {
  id: { type: 'integer' },
  ids: { type: 'array', items: { type: 'integer' } },
  name: { type: 'string', maxLength: 64 },
  status: { type: 'string', maxLength: 1 },
  comment: { type: 'string', maxLength: 200 },
  beginTime: { type: 'string' },
  parentId: { type: 'integer' },
  key: { type: 'string', maxLength: 64 },
};
const UNDECLARED_QUERY: Record<string, Json> = {
  id: { type: 'integer' },
  ids: { type: 'string' },
  pageNum: { type: 'integer' },
  pageSize: { type: 'integer' },
  beginTime: { type: 'string' },
  endTime: { type: 'string' },
  year: { type: 'string' },
  budgetId: { type: 'integer' },
  deptId: { type: 'integer' },
  type: { type: 'string' },
};

interface Target {
  where: 'body' | 'query' | 'path';
  name: string;
  schema: Json;
  /** A member of an array or object field: body.<field>.0 / body.<field>.<key>. */
  inner?: string;
}

export interface CorpusOptions {
  seed: number;
  world: World;
  /** Wrong values per operation beyond one of each class (the sample). */
  extraPerOperation: number;
  /** Operations that answer files and cost a spreadsheet each: fewer cases. */
  heavyCases: number;
}

const POST_LIKE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Classes tried on every target they fit (ids, dates, times, text, paging), not on a sample. */
const EXHAUSTIVE = new Set<InputClass>(['id-beyond-64-bits', 'impossible-date', 'bad-time', 'nul-byte', 'huge-number']);

/** The corpus of one operation. */
export function casesOf(op: Operation, o: CorpusOptions, r: Prng): Case[] {
  const world = o.world;
  const pathValues: Record<string, Json> = {};
  const query: Record<string, Json> = {};
  for (const p of op.params) {
    if (p.in === 'path') {
      const ref = p.name === 'id' ? world.idOf(op.tag) : undefined;
      pathValues[p.name] = ref ?? (p.name === 'id' ? NO_SUCH_ID : sample(p.name, p.schema, world));
      if (p.name === 'rest') pathValues[p.name] = 'demo/2026/01/none.txt';
    } else if (p.required) query[p.name] = sample(p.name, p.schema, world);
  }
  // A body-less POST of a module is sent the keys handlers usually read.
  const declaredBody = op.body;
  const bodySchema =
    declaredBody ?? (POST_LIKE.has(op.method) && !op.multipart ? { type: 'object', properties: UNDECLARED_BODY } : null);
  const body = bodySchema ? (declaredBody ? sample('body', bodySchema, world) : { id: NO_SUCH_ID }) : undefined;
  if (op.verb === 'update' && body) body.id = world.idOf(op.tag) ?? NO_SUCH_ID;
  const anonymous = op.permission === 'public';
  const base = (): Omit<Case, 'klass' | 'target'> => ({
    op,
    method: op.method,
    url: urlOf(op, pathValues, query),
    headers: {},
    rawBody: body === undefined ? undefined : JSON.stringify(body),
    anonymous,
  });

  const targets: Target[] = [];
  for (const p of op.params) targets.push({ where: p.in, name: p.name, schema: p.schema });
  const queryKnown = op.params.some((p) => p.in === 'query');
  if (!queryKnown && op.method === 'GET') {
    for (const [name, schema] of Object.entries(UNDECLARED_QUERY)) targets.push({ where: 'query', name, schema });
    for (const name of op.queryHints) targets.push({ where: 'query', name, schema: { type: 'string' } });
  }
  if (bodySchema) {
    for (const [name, schema] of Object.entries<Json>(plain(bodySchema).properties ?? {})) {
      targets.push({ where: 'body', name, schema });
      const inner = plain(schema);
      if (typeOf(schema) === 'array' && inner.items) targets.push({ where: 'body', name, schema: inner.items, inner: '0' });
      if (typeOf(schema) === 'object' && inner.properties)
        for (const [k, v] of Object.entries<Json>(inner.properties)) targets.push({ where: 'body', name, schema: v, inner: k });
    }
  }

  const cases: Case[] = [];
  const withValue = (klass: InputClass, t: Target, value: Json): Case => {
    const c = base();
    const label = `${t.where}.${t.name}${t.inner !== undefined ? `.${t.inner}` : ''}`;
    if (t.where === 'path') {
      c.url = urlOf(op, { ...pathValues, [t.name]: value }, query);
    } else if (t.where === 'query') {
      c.url = urlOf(op, pathValues, { ...query, [t.name]: value });
    } else {
      const b = structuredClone(body ?? {});
      if (t.inner === undefined) b[t.name] = value;
      else if (t.inner === '0') b[t.name] = [value];
      else b[t.name] = { ...(typeof b[t.name] === 'object' && b[t.name] ? b[t.name] : {}), [t.inner]: value };
      c.rawBody = JSON.stringify(b);
    }
    return { ...c, klass, target: label };
  };

  // One wrong value of each class on a target it applies to, then more at random (the sample).
  const valueClasses = CLASSES.filter(
    (k) => !['deep-10000', 'prototype-pollution', 'odd-body', 'odd-header', 'no-session'].includes(k),
  );
  const pool: Array<[InputClass, Target]> = [];
  for (const klass of valueClasses) {
    const fits = targets.filter(
      (t) => wrongValues(klass, t.name, t.schema, prng(1)).length > 0 && !(t.where === 'path' && klass === 'deep-nesting'),
    );
    if (!fits.length) continue;
    // Dates and times go to date-like targets first: a wrong date in a name field proves little.
    const preferred =
      klass === 'impossible-date' || klass === 'bad-time'
        ? fits.filter((t) => dateKind(t.name, t.schema))
        : klass === 'id-beyond-64-bits' || klass === 'id-negative-or-zero'
          ? fits.filter((t) => isIdName(t.name))
          : klass === 'whitespace-only'
            ? fits.filter((t) => t.where === 'body')
            : klass === 'nul-byte'
              ? fits.filter((t) => typeOf(t.schema) === 'string')
              : klass === 'huge-number'
                ? fits.filter((t) => /^page(Num|Size)$/.test(t.name))
                : [];
    // The classes the issue found go to every target they fit; the others to one, then the sample.
    const chosen = EXHAUSTIVE.has(klass) && preferred.length ? preferred : [r.pick(preferred.length ? preferred : fits)];
    for (const t of chosen) cases.push(withValue(klass, t, wrongValues(klass, t.name, t.schema, r)[0]));
    for (const other of fits) if (!chosen.includes(other)) pool.push([klass, other]);
  }
  r.shuffle(pool);
  for (const [klass, t] of pool.slice(0, o.extraPerOperation))
    cases.push(withValue(klass, t, wrongValues(klass, t.name, t.schema, r)[0]));

  if (POST_LIKE.has(op.method)) {
    const b = base();
    const text = b.rawBody && b.rawBody.startsWith('{') && b.rawBody !== '{}' ? b.rawBody : '{"x":1}';
    cases.push({
      ...b,
      klass: 'prototype-pollution',
      target: 'body.__proto__',
      rawBody: `{"__proto__":{"admin":true,"isAdmin":true},${text.slice(1)}`,
    });
    cases.push({
      ...b,
      klass: 'prototype-pollution',
      target: 'body.constructor',
      rawBody: `{"constructor":{"prototype":{"admin":true}},${text.slice(1)}`,
    });
    const odd = r.pick(['null', '[]', '"x"', '0', '[{"id":1}]', '{}']);
    cases.push({ ...b, klass: 'odd-body', target: 'body', rawBody: odd });
    if (op.verb === 'save' || op.verb === 'update') {
      // One body 10 000 levels deep per save endpoint (the JSON parser, the validator, the database).
      const field = Object.keys(plain(bodySchema).properties ?? {})[0] ?? 'x';
      const levels = 10_000;
      cases.push({
        ...b,
        klass: 'deep-10000',
        target: `body.${field}`,
        rawBody: `{"${field}":${'['.repeat(levels)}1${']'.repeat(levels)}}`,
      });
    }
  }
  {
    const b = base();
    const header = r.pick([
      ['year', r.pick(['99999', 'abcd', '-1', '2026x', '0000'])],
      ['accept-language', r.pick(['xx-YY', 'zh-CN;q=abc', '*', 'en-US,'.repeat(300)])],
      ['hostname', r.pick(['%%%', 'demo..localhost', 'x'.repeat(300), 'city.localhost.evil'])],
      ['token', r.pick(['x'.repeat(5000), 'null', 'Bearer x'])],
    ] as Array<[string, string]>);
    cases.push({ ...b, klass: 'odd-header', target: `header.${header[0]}`, headers: { [header[0]]: header[1] } });
  }
  if (!anonymous) {
    cases.push({ ...base(), klass: 'no-session', target: 'token', anonymous: true });
    // Pre-authentication parsing: a wrong value without a token.
    const nul = targets.find((t) => wrongValues('nul-byte', t.name, t.schema, prng(1)).length);
    if (nul)
      cases.push({
        ...withValue('nul-byte', nul, 'a\u0000'),
        anonymous: true,
        klass: 'no-session',
        target: `${nul.where}.${nul.name} (NUL)`,
      });
  }
  return cases;
}

/** The whole corpus: every operation, its sample, deterministic for the seed. */
export function corpusOf(ops: Operation[], o: CorpusOptions): Case[] {
  const r = prng(o.seed);
  const out: Case[] = [];
  for (const op of ops) {
    let cases = casesOf(op, o, r);
    // Spreadsheets cost a workbook each: keep the cases that matter most there.
    if (op.verb === 'export' || op.multipart) {
      const keep = new Set<InputClass>([
        'nul-byte',
        'impossible-date',
        'bad-time',
        'id-beyond-64-bits',
        'no-session',
        'sql-injection',
      ]);
      const first = new Map<InputClass, Case>();
      for (const c of cases) if (keep.has(c.klass) && !first.has(c.klass)) first.set(c.klass, c);
      cases = [...first.values()].slice(0, o.heavyCases);
    }
    out.push(...cases);
  }
  return out;
}

/** The required plain-text fields of an operation's body (no pattern, format or enum of their own: free text). */
export function requiredTexts(op: Operation): Array<{ name: string; title: string }> {
  const s = plain(op.body);
  const required: string[] = s?.required ?? [];
  return required
    .map((name) => [name, (s.properties ?? {})[name]] as const)
    .filter(([, v]) => {
      const branches = v?.anyOf ?? v?.oneOf;
      if (Array.isArray(branches) && branches.some((b: Json) => b.type === 'number')) return false; // money
      const p = plain(v);
      return p.type === 'string' && !p.pattern && !p.format && !p.enum;
    })
    .map(([name, v]) => ({ name, title: String(v.title ?? name) }));
}
