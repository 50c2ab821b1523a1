// Every entity and page of the product, as each site sees them (base files with the site's
// overrides), with the validators of their request bodies. Built once per site on first use.
import type { Kysely } from 'kysely';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../validators/ajv.ts';
import { DEFAULT_SCALE, ID_MAX, INT_MAX, INT_MIN, MONEY_PATTERN } from '../../validators/formats.ts';
import type { Json } from '../../validators/merge-patch.ts';
import { schemaHealth } from '../schemas/quarantine.ts';
import { loadOverrides, overrideSites, resolveForSite, siteTexts, type SchemaFile } from '../schemas/files.ts';
import { compileEntity, writableFields, type EntityDef, type FieldDef } from './model.ts';
import { tableColumns } from './table.ts';
import { markOwnedAcross } from './owned.ts';
import { filesOf, versionOf } from './versions.ts';

export interface SiteSchemas {
  files: SchemaFile[];
  entities: Map<string, EntityDef>;
  /** Page files by the menu component they render. */
  pages: Map<string, SchemaFile>;
  forms: Map<string, SchemaFile>;
  validators: Compiled<{ save: ValidateFunction; update: ValidateFunction }>;
  /** Bodies of state actions that take inputs (a payment's method and voucher), by `<entity>.<action>`. */
  actionValidators: Compiled<ValidateFunction>;
  /** Texts as the site has them (the base's, with its own i18n.json patches). */
  texts: Record<string, Record<string, string>>;
}

const bodyAjv = createAjv({ coerce: false });

/** Values made on first use and kept (a site's validators). */
export class Compiled<V> {
  private readonly made = new Map<string, V | undefined>();
  constructor(private readonly make: (key: string) => V | undefined) {}
  get(key: string): V | undefined {
    if (!this.made.has(key)) this.made.set(key, this.make(key));
    return this.made.get(key);
  }
}

function fieldSchema(f: FieldDef): Record<string, unknown> {
  const nullable = (s: Record<string, unknown>) => (f.required ? s : { anyOf: [s, { type: 'null' }] });
  switch (f.type) {
    case 'string':
    case 'text':
    case 'dict': {
      const s: Record<string, unknown> = {
        type: 'string',
        maxLength: f.maxLength ?? (f.type === 'text' ? 10000 : f.type === 'dict' ? 100 : 255),
      };
      if (f.minLength !== undefined) s.minLength = f.minLength;
      else if (f.required) s.minLength = 1;
      // A required text of whitespace alone is empty: refused with the 'required' message.
      if (f.required) s['x-notBlank'] = true;
      if (f.pattern) s.pattern = f.pattern;
      if (f.format) s.format = f.format;
      return nullable(s);
    }
    case 'integer':
      // An integer column (PostgreSQL integer): its range unless the field sets a narrower one.
      return nullable({
        type: 'integer',
        minimum: Math.max(f.minimum ?? INT_MIN, INT_MIN),
        maximum: Math.min(f.maximum ?? INT_MAX, INT_MAX),
      });
    case 'ref':
      // An id (bigint, exact as a JavaScript number), or 0 for a tree's root.
      return nullable({ type: 'integer', minimum: Math.max(f.minimum ?? 0, 0), maximum: Math.min(f.maximum ?? ID_MAX, ID_MAX) });
    case 'number':
      return nullable({
        type: 'number',
        ...(f.minimum !== undefined ? { minimum: f.minimum } : {}),
        ...(f.maximum !== undefined ? { maximum: f.maximum } : {}),
        // At most the field's decimal places: more are refused, never rounded (issue 31).
        'x-decimals': f.scale ?? DEFAULT_SCALE,
      });
    case 'money':
      // Exact decimals travel as strings; a plain number is taken too.
      return nullable({
        // numeric(18,2): sixteen digits before the point, as the pattern allows.
        anyOf: [
          { type: 'string', pattern: MONEY_PATTERN },
          { type: 'number', exclusiveMinimum: -1e16, exclusiveMaximum: 1e16 },
        ],
        // Two places, text or number: 1.005 and 2.675 are refused by name, never rounded to 1.00 / 2.67
        // by the write (issue 31); checked before the anyOf, so the message says how many places.
        'x-decimals': 2,
        ...(f.minimum !== undefined ? { 'x-moneyMinimum': f.minimum } : {}),
        ...(f.maximum !== undefined ? { 'x-moneyMaximum': f.maximum } : {}),
      });
    case 'date':
      return nullable({ type: 'string', format: 'date' });
    case 'datetime':
      return nullable({ type: 'string', format: 'datetime' });
    case 'boolean':
      return nullable({ type: 'boolean' });
    case 'files':
      return nullable({
        type: 'array',
        // A required file list (the files to stamp) holds a file: an empty list is no file.
        ...(f.required ? { minItems: 1 } : {}),
        maxItems: f.maxFiles ?? 100,
        items: {
          type: 'object',
          required: ['url'],
          properties: {
            url: { type: 'string', maxLength: 600 },
            name: { type: 'string', maxLength: 80 },
            fileName: { type: 'string', maxLength: 80 },
            uid: { type: ['string', 'number'] },
            id: { type: ['string', 'number'] },
            status: { type: 'string', maxLength: 20 },
            size: { type: 'number' },
            // The upload's answer as the browser kept it (spec section 3 "Uploaded file").
            response: {
              type: 'object',
              properties: {
                uid: { type: ['string', 'number'] },
                fileName: { type: 'string', maxLength: 80 },
                url: { type: 'string', maxLength: 600 },
                id: { type: ['string', 'number'] },
              },
            },
          },
        },
      });
    case 'json': {
      if (!f.rows) return nullable({ type: ['object', 'array'] });
      // Keys beyond the row's fields (a form library's bookkeeping) are dropped, not stored.
      const rows = Object.entries(f.rows).map(([name, r]) => [name, { ...r, name, column: name } as FieldDef] as const);
      return nullable({
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          properties: Object.fromEntries(rows.map(([name, r]) => [name, fieldSchema(r)])),
          required: rows.filter(([, r]) => r.required).map(([name]) => name),
          additionalProperties: false,
        },
      });
    }
    case 'refs':
      return nullable({
        type: 'array',
        // A required choice of several (a user's roles) holds one at least.
        ...(f.required ? { minItems: 1 } : {}),
        maxItems: 2000,
        uniqueItems: true,
        items: { type: 'integer', minimum: 1, maximum: ID_MAX },
      });
  }
}

/**
 * The body of a state action that takes inputs: the fields it names (read-only in the edit form or
 * not: the action is where they are set), the ones it requires, and the row's id and version.
 */
export function actionBodySchema(
  entity: EntityDef,
  fields: string[],
  required: string[] = [],
  entities?: ReadonlyMap<string, EntityDef>,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  // `<lines>.<field>`: an input of each line (an acceptance's result per purchased item): the
  // collection comes as [{ id, <field>… }], every line of the document once.
  for (const [member, names] of Object.entries(lineInputsOf(fields))) {
    const line = entities?.get(entity.lines?.[member]?.entity ?? '');
    if (!line) throw new Error(`${entity.name}: a state action names no line collection ${member}`);
    const item: Record<string, unknown> = { id: { type: 'integer', minimum: 1, maximum: ID_MAX } };
    for (const n of names) {
      const f = line.byName.get(n);
      if (!f) throw new Error(`${entity.name}: a state action names no field ${n} of ${line.name}`);
      item[n] = fieldSchema({ ...f, required: required.includes(`${member}.${n}`) });
    }
    const itemRequired = ['id', ...names.filter((n) => required.includes(`${member}.${n}`))];
    properties[member] = {
      type: 'array',
      maxItems: entity.lines![member]!.maxItems ?? 500,
      items: { type: 'object', properties: item, required: itemRequired, additionalProperties: false },
    };
  }
  for (const name of fields.filter((n) => !n.includes('.'))) {
    const f = entity.byName.get(name);
    if (!f) throw new Error(`${entity.name}: a state action names no field ${name}`);
    properties[name] = fieldSchema({ ...f, required: required.includes(name) });
  }
  properties.id = { type: 'integer', minimum: 1, maximum: ID_MAX };
  // Several documents at once with the same inputs (a payment batch).
  properties.ids = { type: 'array', items: { type: 'integer', minimum: 1, maximum: ID_MAX }, maxItems: 100 };
  properties.version = { type: 'integer', minimum: 0, maximum: INT_MAX };
  const lineMembers = Object.keys(lineInputsOf(fields));
  return { type: 'object', properties, required: [...required.filter((n) => !n.includes('.')), ...lineMembers] };
}

/** An action's line inputs by collection: `items.acceptResult` → { items: ['acceptResult'] }. */
export function lineInputsOf(fields: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const n of fields) {
    const [member, field] = n.split('.');
    if (field) (out[member!] ??= []).push(field);
  }
  return out;
}

/** The JSON Schema of a save (insert) or update body: the same rules the browser's form applies. */
export function bodySchema(
  entity: EntityDef,
  mode: 'save' | 'update',
  entities?: ReadonlyMap<string, EntityDef>,
): Record<string, unknown> {
  const fields = writableFields(entity, mode);
  const properties: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  const required = mode === 'save' ? fields.filter((f) => f.required && f.default === undefined).map((f) => f.name) : [];
  // A document's lines travel in its body, each validated like a row of the line entity; an update
  // that leaves them out keeps them.
  for (const [member, decl] of Object.entries(entity.lines ?? {})) {
    const line = entities?.get(decl.entity);
    if (!line) throw new Error(`${entity.name}: lines.${member} names no entity ${decl.entity}`);
    const item = bodySchema(line, 'save') as { properties: Record<string, unknown> };
    item.properties.id = { type: 'integer', minimum: 1, maximum: ID_MAX };
    properties[member] = {
      type: 'array',
      minItems: decl.minItems ?? 0,
      maxItems: decl.maxItems ?? 500,
      items: item,
    };
    if (mode === 'save' && (decl.minItems ?? 0) > 0) required.push(member);
  }
  if (mode === 'update') {
    properties.id = { type: 'integer', minimum: 1, maximum: ID_MAX };
    required.push('id');
    if (entity.has.version) {
      properties.version = { type: 'integer', minimum: 0, maximum: INT_MAX };
      required.push('version');
    }
  }
  return { type: 'object', properties, required };
}

export class SchemaRegistry {
  private readonly sites = new Map<string, SiteSchemas>();

  private constructor(
    readonly base: SchemaFile[],
    readonly texts: Record<string, Record<string, string>>,
    private readonly columns: Map<string, Set<string>>,
  ) {}

  static async load(db: Kysely<any>): Promise<SchemaRegistry> {
    // The files serving (server/schemas/quarantine.ts): an area with a problem is left out, or keeps
    // its last sound version at a reload.
    const health = schemaHealth();
    const base = health.files;
    const tables = base.filter((f) => f.kind === 'entity').map((f) => String(f.json.table));
    // Server messages name a field by its title in the base texts; the texts of fields a site adds
    // are there too (a site's renaming of a base label shows on its pages: forSite().texts).
    const texts = { ...health.texts };
    for (const site of overrideSites())
      for (const [key, text] of Object.entries(siteTexts(texts, loadOverrides(site)))) texts[key] ??= text;
    return new SchemaRegistry(base, texts, await tableColumns(db, tables));
  }

  /** The base files as written (routes are registered from these). */
  baseFiles(): SchemaFile[] {
    return this.base;
  }

  /** Entities as written in the base files (routes are registered from these), with those of an
   * area out of service whose entity file reads: their routes answer 503 until the fix. */
  baseEntities(): EntityDef[] {
    const serving = new Set(this.base.filter((f) => f.kind === 'entity').map((f) => f.name));
    const entities = this.base
      .filter((f) => f.kind === 'entity')
      .map((f) => {
        const e = this.compile(f.json);
        e.schemaVersion = versionOf(filesOf(this.base, e));
        return e;
      });
    for (const f of schemaHealth().routeOnly) {
      if (serving.has(f.name)) continue;
      try {
        entities.push(this.compile(f.json));
      } catch {
        continue;
      }
    }
    markOwnedAcross(new Map(entities.map((e) => [e.name, e])));
    return entities;
  }

  private compile(json: Record<string, Json>): EntityDef {
    return compileEntity(json, this.columns.get(String(json.table)) ?? null);
  }

  forSite(siteKey: string): SiteSchemas {
    let site = this.sites.get(siteKey);
    if (!site) {
      const overrides = loadOverrides(siteKey);
      // A site without overrides sees the base files as they are: it shares one compiled set with
      // every such site (issue 37), so a hundred plain sites hold one registry, not a hundred copies.
      if (!overrides.size) {
        this.plain ??= this.compileSite(overrides);
        this.sites.set(siteKey, this.plain);
        return this.plain;
      }
      site = this.compileSite(overrides);
      this.sites.set(siteKey, site);
    }
    return site;
  }

  private plain: SiteSchemas | null = null;

  private compileSite(overrides: Map<string, Record<string, Json>>): SiteSchemas {
    const files = resolveForSite(this.base, overrides);
    const entities = new Map(files.filter((f) => f.kind === 'entity').map((f) => [f.name, this.compile(f.json)]));
    markOwnedAcross(entities);
    // The version a row records covers the files the site sees (its overrides included).
    for (const e of entities.values()) e.schemaVersion = versionOf(filesOf(files, e));
    // Body validators are compiled when an entity is first written, not for every entity when the
    // site's first request comes (a hundred entities' ajv code took seconds: the page waited).
    const validators = new Compiled((name: string) => {
      const e = entities.get(name);
      return e
        ? { save: bodyAjv.compile(bodySchema(e, 'save', entities)), update: bodyAjv.compile(bodySchema(e, 'update', entities)) }
        : undefined;
    });
    const actionValidators = new Compiled((key: string) => {
      const [entityName, action] = key.split('.');
      const e = entities.get(entityName ?? '');
      const a = e?.states?.actions?.[action ?? ''];
      return e && a?.fields?.length ? bodyAjv.compile(actionBodySchema(e, a.fields, a.required, entities)) : undefined;
    });
    return {
      actionValidators,
      files,
      entities,
      // A menu component renders a list, or a form that is a page of its own (a contract's form).
      pages: new Map([
        ...files.filter((f) => f.kind === 'list').map((f): [string, SchemaFile] => [String(f.json.component), f]),
        ...files
          .filter((f) => f.kind === 'form' && f.json.page && typeof f.json.page === 'object')
          .map((f): [string, SchemaFile] => [String((f.json.page as Record<string, Json>).component), f]),
        // A read-only detail page of one record (an asset card with its history).
        ...files
          .filter((f) => f.kind === 'detail')
          .map((f): [string, SchemaFile] => [String((f.json.page as Record<string, Json>).component), f]),
        // A week calendar of one resource's bookings (a venue's week).
        ...files.filter((f) => f.kind === 'calendar').map((f): [string, SchemaFile] => [String(f.json.component), f]),
        // A report an endpoint answers whole (a month of stock per warehouse and item, issue 34).
        ...files.filter((f) => f.kind === 'report').map((f): [string, SchemaFile] => [String(f.json.component), f]),
      ]),
      forms: new Map(files.filter((f) => f.kind === 'form').map((f) => [f.name, f])),
      validators,
      texts: siteTexts(this.texts, overrides),
    };
  }

  entity(siteKey: string, name: string): EntityDef {
    const e = this.forSite(siteKey).entities.get(name);
    if (!e) throw new Error(`no entity ${name}`);
    return e;
  }
}
