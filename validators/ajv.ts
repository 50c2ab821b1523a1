// The ajv instances every part of the product validates with: the server's request schemas
// now, the entity and form schemas later. Messages come from ./messages.ts in the user's language.
import { Ajv, type ErrorObject, type Options, type SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Locale } from './locale.ts';
import {
  centsOf,
  decimalPlaces,
  FILE_NAME_MAX,
  ID_MAX,
  IPV4_PATTERN,
  isBlank,
  isRealDate,
  isRealDateTime,
  isStorableText,
  MONEY_PATTERN,
  PHONE_PATTERN,
  textDecimalPlaces,
} from './formats.ts';
import { typeNames, validationMessage, validationMessages, type ValidationKey } from './messages.ts';
import { isUscc } from './uscc.ts';

export type { ErrorObject };

/**
 * Request bodies are taken as sent (a number where text belongs is an error, never silently
 * converted); query strings and path parameters are text on the wire, so they are coerced.
 *
 * Every schema this instance compiles gets the request rules of docs/decisions.md "Input
 * hardening": the whole value may hold no text the database cannot store (a NUL character, a
 * lone surrogate — in any string or key, however deep), and an integer without bounds of its own
 * stays within ±(2^53 − 1), the ids of a PostgreSQL bigint a JavaScript number holds exactly.
 */
export function createAjv(options: { coerce: boolean }): Ajv {
  const ajvOptions: Options = {
    allErrors: false,
    removeAdditional: true,
    useDefaults: true,
    coerceTypes: options.coerce ? 'array' : false,
    strict: false,
  };
  const ajv = new Ajv(ajvOptions);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addFormat('ipv4', IPV4_PATTERN);
  ajv.addFormat('money', MONEY_PATTERN);
  ajv.addFormat('fileName', {
    type: 'string',
    validate: (s: string) => s.length > 0 && s.length <= FILE_NAME_MAX && !/[\\/:*?"<>|\u0000]/.test(s),
  });
  ajv.addFormat('phone', PHONE_PATTERN);
  // A unified social credit code (a supplier's tax id) with its GB 32100-2015 check character.
  ajv.addFormat('uscc', { type: 'string', validate: isUscc });
  // Days and times that exist (2026-02-30 and 25:00 do not), as the database will take them.
  ajv.addFormat('date', { type: 'string', validate: isRealDate });
  ajv.addFormat('datetime', { type: 'string', validate: isRealDateTime });
  // Decimal places within the field's scale (money 2, a number field its `scale`): more are refused,
  // never rounded (issue 31) — a JSON number by its shortest decimal text, a decimal text by its digits.
  // Checked before anyOf: a money text of three places is told so, not that its format is wrong.
  ajv.addKeyword({ keyword: 'x-decimals', schemaType: 'number', errors: true, validate: withinScale, before: 'anyOf' });
  moneyLimit(ajv, 'x-moneyMinimum', (value, limit) => value >= limit);
  moneyLimit(ajv, 'x-moneyMaximum', (value, limit) => value <= limit);
  // A required text of whitespace alone is as empty as '' (reported as 'required').
  ajv.addKeyword({
    keyword: 'x-notBlank',
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, data: string) => !on || !isBlank(data),
  });
  ajv.addKeyword({ keyword: 'x-text', schemaType: 'boolean', errors: true, validate: storableText });
  const compile = ajv.compile.bind(ajv);
  const prepared = new WeakMap<object, object>();
  ajv.compile = ((schema: unknown, meta?: boolean) => {
    if (!schema || typeof schema !== 'object' || '$id' in schema || '$async' in schema) return compile(schema as object, meta);
    let ready = prepared.get(schema);
    if (!ready) prepared.set(schema, (ready = { ...(withIdBounds(schema) as object), 'x-text': true }));
    return compile(ready, meta);
  }) as Ajv['compile'];
  return ajv;
}

/** Keywords whose value is a schema, a list of schemas, or a map of them. */
const ONE = ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'];

/** A copy of the schema in which every integer without bounds of its own has ±ID_MAX. */
function withIdBounds(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = { ...(schema as Record<string, unknown>) };
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer')) {
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = ID_MAX;
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = -ID_MAX;
  }
  for (const k of ONE) if (s[k] && typeof s[k] === 'object' && !Array.isArray(s[k])) s[k] = withIdBounds(s[k]);
  for (const k of LIST) if (Array.isArray(s[k])) s[k] = (s[k] as unknown[]).map(withIdBounds);
  for (const k of MAP) {
    const m = s[k];
    if (m && typeof m === 'object' && !Array.isArray(m))
      s[k] = Object.fromEntries(Object.entries(m as Record<string, unknown>).map(([name, v]) => [name, withIdBounds(v)]));
  }
  return s;
}

const pointer = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Where in the value the first text the database cannot store is (a JSON pointer), or null. */
export function unstorableAt(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return at;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at + pointer(i)]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        if (!isStorableText(k)) return at + pointer(k.replace(/[\u0000\ud800-\udfff]/g, '?'));
        stack.push([x, at + pointer(k)]);
      }
    }
  }
  return null;
}

const storableText: SchemaValidateFunction = (on: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
  if (!on) return true;
  const at = unstorableAt(data);
  if (at === null) return true;
  storableText.errors = [{ keyword: 'x-text', instancePath: `${cxt?.instancePath ?? ''}${at}`, params: {} }];
  return false;
};

/**
 * `x-decimals`: a number has at most that many places by its shortest decimal text (1.005 has three,
 * 1e-7 seven), a decimal text by the digits written ('2.500' has three). Anything else passes: the
 * field's type, pattern or format says what is wrong with it.
 */
const withinScale: SchemaValidateFunction = (scale: number, data: unknown): boolean => {
  const places = typeof data === 'number' ? decimalPlaces(data) : typeof data === 'string' ? textDecimalPlaces(data) : null;
  if (places === null || places <= scale) return true;
  withinScale.errors = [{ keyword: 'x-decimals', params: { limit: scale } }];
  return false;
};

/** An amount sent as text or as a number, as exact cents (null: not an amount; the pattern says so). */
function moneyCents(v: unknown): bigint | null {
  if (typeof v === 'number') return Number.isFinite(v) ? centsOf(v.toFixed(2)) : null;
  return typeof v === 'string' ? centsOf(v) : null;
}

/**
 * minimum / maximum of a money field: amounts travel as decimal strings, which ajv's own numeric
 * keywords pass over, so the limit is compared in exact cents.
 */
function moneyLimit(ajv: Ajv, keyword: string, holds: (value: bigint, limit: bigint) => boolean) {
  const validate: SchemaValidateFunction = (limit: number, data: unknown): boolean => {
    const value = moneyCents(data);
    const bound = moneyCents(limit);
    if (value === null || bound === null || holds(value, bound)) return true;
    validate.errors = [{ keyword, params: { limit } }];
    return false;
  };
  ajv.addKeyword({ keyword, schemaType: 'number', errors: true, validate });
}

/** The field an ajv error is about: 'loginName', 'items/0/amount', or the missing property. */
export function errorField(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return base ? `${base}/${missing}` : missing;
  }
  return base;
}

/** One ajv error as a sentence naming the field, in the locale. */
export function describeError(error: ErrorObject, locale: Locale, labels: Record<string, string> = {}): string {
  const name = errorField(error);
  const field = labels[name] ?? (name || validationMessages.body[locale]);
  const p = error.params as Record<string, unknown>;
  const known: Partial<Record<string, ValidationKey>> = {
    required: 'required',
    maxLength: 'maxLength',
    minLength: 'minLength',
    maximum: 'maximum',
    minimum: 'minimum',
    exclusiveMaximum: 'maximum',
    exclusiveMinimum: 'minimum',
    'x-moneyMaximum': 'maximum',
    'x-moneyMinimum': 'minimum',
    pattern: 'pattern',
    format: 'pattern',
    enum: 'enum',
    const: 'enum',
    maxItems: 'maxItems',
    minItems: 'minItems',
    type: 'type',
    'x-decimals': 'decimals',
    'x-notBlank': 'required',
    'x-text': 'unstorable',
  };
  // A tax id's format says what a code is: 18 characters and the check character of GB 32100-2015.
  const key = error.keyword === 'format' && p.format === 'uscc' ? 'uscc' : (known[error.keyword] ?? 'invalid');
  // No decimals at all: a whole number, as an integer field says it.
  if (key === 'decimals' && Number(p.limit) === 0)
    return validationMessage('type', locale, { field, type: typeNames.integer[locale] });
  if (key === 'type') {
    const t = String(p.type).split(',')[0] as keyof typeof typeNames;
    return validationMessage('type', locale, { field, type: typeNames[t]?.[locale] ?? String(p.type) });
  }
  return validationMessage(key, locale, { field, limit: String(p.limit ?? '') });
}
