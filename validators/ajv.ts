// The ajv instances every part of the product validates with: the server's request schemas
// now, the entity and form schemas later. Messages come from ./messages.ts in the user's language.
import { Ajv, type ErrorObject, type Options, type SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Locale } from './locale.ts';
import { centsOf, FILE_NAME_MAX, IPV4_PATTERN, MONEY_PATTERN, PHONE_PATTERN } from './formats.ts';
import { typeNames, validationMessage, validationMessages, type ValidationKey } from './messages.ts';

export type { ErrorObject };

/**
 * Request bodies are taken as sent (a number where text belongs is an error, never silently
 * converted); query strings and path parameters are text on the wire, so they are coerced.
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
  moneyLimit(ajv, 'x-moneyMinimum', (value, limit) => value >= limit);
  moneyLimit(ajv, 'x-moneyMaximum', (value, limit) => value <= limit);
  return ajv;
}

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
    type: 'type',
  };
  const key = known[error.keyword] ?? 'invalid';
  if (key === 'type') {
    const t = String(p.type).split(',')[0] as keyof typeof typeNames;
    return validationMessage('type', locale, { field, type: typeNames[t]?.[locale] ?? String(p.type) });
  }
  return validationMessage(key, locale, { field, limit: String(p.limit ?? '') });
}
