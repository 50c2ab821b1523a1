// An entity schema file as the server uses it: fields with their columns and types, the standard
// columns the table has (audit, version, site), and a content version that saved rows record.
import crypto from 'node:crypto';
import type { Json } from '../../validators/merge-patch.ts';
import type { StatesDecl } from './states.ts';
import { APPROVED_BY, approvedByField, ownedByDeclaration, separationOf, takenFromRequest } from './owned.ts';

export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'dict'
  | 'ref'
  | 'refs'
  | 'files'
  | 'json';

/** A link table holding a refs field: one row per (this row, referred row). */
export interface Through {
  table: string;
  self: string;
  other: string;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  title: string;
  column: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** number: decimal places taken (default 2); more are refused, never rounded (issue 31). */
  scale?: number;
  unique?: boolean;
  uniqueWith?: string[];
  dict?: string;
  ref?: string;
  default?: unknown;
  /**
   * How the list filters by it. `contains` (issue 36): the column is a list of ids (a database
   * bigint[], a json field of a table a migration makes) and the filter keeps the rows whose list
   * holds the document the parameter names — its id, or with `idsOf` its number as users know it.
   */
  query?: 'eq' | 'like' | 'in' | 'between' | 'gte' | 'lte' | 'contains';
  /**
   * contains: the field (a dict over `sys_entity`) naming the entity of the ids; a parameter that
   * is no id is that entity's number (a field with a `sequence`, or `code`) on the caller's site.
   */
  idsOf?: string;
  sortable?: boolean;
  readOnly?: boolean;
  hidden?: boolean;
  export?: boolean;
  maxFiles?: number;
  /** json: a list of records, each with these fields (checked as an entity's, spaces alone are no name). */
  rows?: Record<string, Omit<FieldDef, 'name' | 'column'>>;
  /** A secret: taken from requests, never sent back; an empty value on update keeps the stored one. */
  writeOnly?: boolean;
  /** The value lives in the row's extend jsonb as extend.<name> (spec section 3), not in a column. */
  inExtend?: boolean;
  /** refs kept in a link table instead of a jsonb column of ids. */
  through?: Through;
  /** Added by the runtime (audit columns), not written in the file. */
  standard?: boolean;
  /** A document number the server gives a new row by this per-site rule (SQ-{yyyy}-{0000}, ./sequence.ts). */
  sequence?: string;
  /** A date or time that may not lie before the site's now (today for a date) when set or changed. */
  notBefore?: 'now';
  /**
   * A figure read from other rows at every read (no column): the sum of fields of the site's rows of
   * entity `of` whose `match` fields equal this row's (a ceiling's spending: the department's
   * indicators of the class and year, frozen + used).
   */
  aggregate?: {
    of: string;
    sum?: string[];
    /** The earliest value instead of a sum (the next instalment's date). */
    min?: string;
    match: Record<string, string>;
    /** Values, lists of values, or day bounds from today ({ "lt": "$today" }, { "lte": "$today+30" }). */
    where?: Record<string, string | string[] | Record<string, string>>;
    /** How many rows match, instead of a sum. */
    count?: true;
    /** The distinct values of this field of the matching rows, as a list (who approved a document). */
    list?: string;
  };
  /** A figure computed from the row's other fields at every read (the expression language; no column). */
  compute?: string;
  /** ref: the referred row cannot be removed while this row refers to it (a product with stock moves). */
  restrict?: boolean;
  /**
   * ref: the referred row fits only when each named field of it begins with one of the prefixes (a
   * purchase's indicator of economic class 302 or 310): the picker offers only those, a save is refused.
   */
  refPrefix?: Record<string, string[]>;
  /**
   * ref: when a row is chosen, these fields of this row take the chosen row's values at that save
   * (this field → the referred entity's field): a contract's counterparty, bank and account copied
   * from the supplier register, a snapshot a later edit of the supplier does not rewrite.
   */
  snapshot?: Record<string, string>;
  /** A figure worked out from the row at every save and stored (a line's quantity × unit price). */
  derive?: string;
  /**
   * Given when the row is made, owned by the server afterwards: what another entity's effects move
   * (an asset card's keeper, moved by a transfer document). Marked by ./owned.ts, or in the file.
   */
  setOnce?: boolean;
  /** The number of an invoice in a register, unique per site however it is spelt (./invoices.ts). */
  invoice?: { register: string; code?: string };
}

export interface EntityDef {
  name: string;
  title: string;
  table: string;
  api: string;
  permission: string;
  site: boolean;
  readOnly: boolean;
  removable: boolean;
  generate: boolean;
  cache?: 'site';
  dataScope?: { dept?: string; owner?: string; allWith?: string };
  /** Columns other tables' queries look rows up by (a payment line by the document it pays). */
  indexes?: string[][];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  status?: { field: string; transitions?: Record<string, string[]> };
  process?: string;
  print?: string;
  /** Field shown where another entity refers to a row of this one. */
  display?: string;
  /** Endpoint (under api) pickers of other entities read choices from; default page. */
  pick?: string;
  /** Endpoint (under api) an approver's approve or reject goes to instead of /workflow/task/<decision>. */
  decide?: string;
  /** Rows in these states every picker of the site is offered, whatever its data scope. */
  pool?: Record<string, string[]>;
  /** How pickers of other entities show its rows: columns, and the fields `keyword` searches. */
  picker?: PickerDecl;
  /**
   * The export's heading (issue 36): the name of a producer a module registers
   * (./headings.ts); its lines become the export's second sheet (the audit trail's chain head).
   */
  exportHeading?: string;
  /**
   * The rows other entities may choose (a supplier register's active suppliers): the pick endpoint
   * offers only them, and a save naming another through any reference to this entity is refused.
   */
  offer?: OfferDecl;
  /** Rows form a tree by this field (the parent's id, 0 at the root). */
  tree?: string;
  /** Field naming the user whose rows these are: every caller, admins too, sees only their own. */
  personal?: string;
  /** Field holding the budget year: lists show the year of the caller's `year` header, inserts take it. */
  year?: string;
  /** Documents follow the meeting-record rule of spec section 4. */
  meetingRecord: boolean;
  /** The amount the meeting-record threshold reads: `money`, else the document's first money field. */
  meetingAmount: string;
  /** What the document's events move (./effects.ts): event → effects in order. */
  effects?: Record<string, Array<Record<string, unknown>>>;
  /** Business states and the actions between them (./states.ts). */
  states?: StatesDecl;
  /** Line collections the document owns (./lines.ts): body member → the line entity and its sums. */
  lines?: Record<string, LinesDecl>;
  /** The document entity whose lines these rows are (./lines.ts): no endpoints of its own. */
  lineOf?: string;
  /** Rules over the whole document (the expression language), checked on every save. */
  checks?: Array<{ rule: string; message: string }>;
  /** Time ranges that must not overlap per resource (./overlap.ts). */
  noOverlap?: OverlapRule[];
  /** A new row may be saved as a series of occurrences (./recurring.ts). */
  recurring?: RecurringDecl;
  /** A read-only grouped view over another entity's rows (no table of its own; crud.ts from()). */
  view?: ViewDecl;
  /** What the cashier pays of an approved document, and how it is marked paid (modules/payment). */
  payable?: PayableDecl;
  fields: FieldDef[];
  byName: Map<string, FieldDef>;
  /** Whether the table carries these standard columns. */
  has: { version: boolean; schemaVersion: boolean; extend: boolean };
  /** Content hash of the entity file: the schema version a saved row records. */
  schemaVersion: string;
}

/** The picker of an entity's rows (a budget indicator: code, class, department, available). */
/** Which rows of a register may be chosen, and the words of a refusal (./crud.ts offers them, ./save.ts refuses the others). */
export interface OfferDecl {
  /** Field → the values a chosen row must hold (a supplier's status '0', active). */
  where: Record<string, string[]>;
  /** Text key of the refusal of a row outside `where`: {name} the row's display field, {field} the reference. */
  message: string;
  /** Text key of the refusal of an id that is no row of the site's register (missing or another site's). */
  missing?: string;
}

export interface PickerDecl {
  /** Fields shown as the choices' columns. */
  columns?: string[];
  /** Fields the picker's typed text is looked for in (the `keyword` query parameter), any of them. */
  search?: string[];
}

/** One resource's bookings never overlap (./overlap.ts). */
export interface OverlapRule {
  resource: string;
  from: string;
  to: string;
  activeIn?: Record<string, string[]>;
  message: string;
}

/**
 * A new row saved as a series (./recurring.ts): the body's `repeatEvery` ("day" | "week") and
 * `repeatUntil` (a date) make one row per occurrence, `from` and `to` moved by whole days of the
 * site's calendar, all written in one transaction or none; at most `max` occurrences.
 */
export interface RecurringDecl {
  from: string;
  to: string;
  max?: number;
}

export interface ViewDecl {
  /** The entity whose rows are grouped (its site, data scope apply to them). */
  of: string;
  /** View field ← source field, or `<field>:month` / `<field>:year` (a date's 'YYYY-MM' / 'YYYY'). */
  groupBy: Record<string, string>;
  /** View field ← Σ source field. */
  sum?: Record<string, string>;
  /** View field ← the number of rows in the group. */
  count?: string;
  /** Only source rows whose fields have these values. */
  where?: Record<string, string | string[]>;
}

/**
 * A document the cashier pays through a payment (DOMAIN.md "payment"): what it owes in all, to whom,
 * and the state action that marks it paid (its effects pay the budget). Partial payments only where
 * `partial` says so; what is still payable is `amount` less what paid payments already paid of it.
 */
export interface PayableDecl {
  /** The state action that settles it (`pay`): where it applies, the document waits to be paid. */
  action: string;
  /** Field: what is payable in all (a claim less the loan it writes off). */
  amount: string;
  payee?: string;
  account?: string;
  bank?: string;
  partial?: boolean;
}

export interface LinesDecl {
  /** The line entity (its file says `lineOf` this document). */
  entity: string;
  /** The collection's title (a text key): the sub-table's heading, and what a line's fault names. */
  title: string;
  /**
   * Document field ← Σ of a line field, computed by the server on every save; `{ field, when }` sums
   * only the lines where `when` holds (an expression over the line, the document as `doc`).
   */
  sum?: Record<string, string | { field: string; when: string }>;
  minItems?: number;
  maxItems?: number;
}

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Audit columns every table may have; an entity gets the fields its table has. */
export const STANDARD_FIELDS: FieldDef[] = [
  {
    name: 'createdBy',
    type: 'ref',
    ref: 'user',
    title: 'common.createdBy',
    column: 'created_by',
    readOnly: true,
    standard: true,
    // Who made the row: a list may offer it as a filter (the advances' applicant).
    query: 'eq',
  },
  {
    name: 'createdAt',
    type: 'datetime',
    title: 'common.createdAt',
    column: 'created_at',
    readOnly: true,
    standard: true,
    query: 'between',
  },
  {
    name: 'updatedBy',
    type: 'ref',
    ref: 'user',
    title: 'common.updatedBy',
    column: 'updated_by',
    readOnly: true,
    standard: true,
  },
  { name: 'updatedAt', type: 'datetime', title: 'common.updatedAt', column: 'updated_at', readOnly: true, standard: true },
];

/** The SQL type of a field's column. */
export function columnType(f: FieldDef): string {
  switch (f.type) {
    case 'string':
      return `varchar(${f.maxLength ?? 255})`;
    case 'text':
      return 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return 'double precision';
    case 'money':
      return 'numeric(18,2)';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'dict':
      return `varchar(${f.maxLength ?? 100})`;
    case 'ref':
      return 'bigint';
    case 'refs':
    case 'files':
    case 'json':
      return 'jsonb';
  }
}

/**
 * Builds the entity from its file. `columns` are the table's columns as the database (or the
 * migrations) have them; a generated table has every standard column.
 */
export function compileEntity(json: Record<string, Json>, columns: ReadonlySet<string> | null): EntityDef {
  const file = json as unknown as {
    name: string;
    title: string;
    table: string;
    api: string;
    permission: string;
    site?: boolean;
    readOnly?: boolean;
    removable?: boolean;
    generate?: boolean;
    cache?: 'site';
    dataScope?: { dept?: string; owner?: string; allWith?: string };
    indexes?: string[][];
    defaultSort?: { field: string; order?: 'asc' | 'desc' };
    status?: { field: string; transitions?: Record<string, string[]> };
    process?: string;
    print?: string;
    display?: string;
    pick?: string;
    decide?: string;
    pool?: Record<string, string[]>;
    picker?: PickerDecl;
    offer?: OfferDecl;
    tree?: string;
    personal?: string;
    year?: string;
    meetingRecord?: boolean;
    effects?: Record<string, Array<Record<string, unknown>>>;
    states?: StatesDecl;
    lines?: Record<string, LinesDecl>;
    lineOf?: string;
    checks?: Array<{ rule: string; message: string }>;
    noOverlap?: OverlapRule[];
    recurring?: RecurringDecl;
    view?: ViewDecl;
    payable?: PayableDecl;
    exportHeading?: string;
    fields: Record<string, Omit<FieldDef, 'name' | 'column'> & { column?: string }>;
  };
  const generate = file.generate ?? false;
  // A grouped view has no table, so none of the standard columns.
  const hasColumn = (c: string) => !file.view && (generate || !columns || columns.has(c));
  const fields: FieldDef[] = Object.entries(file.fields).map(([name, f]) => ({
    ...f,
    name,
    column: f.column ?? snake(name),
    // A figure read or computed at every read has no column to sort by.
    ...(f.aggregate || f.compute ? { readOnly: true, sortable: false } : {}),
    ...(f.derive ? { readOnly: true } : {}),
  }));
  for (const std of STANDARD_FIELDS) {
    if (!fields.some((f) => f.name === std.name) && hasColumn(std.column)) fields.push({ ...std });
  }
  // A document's states, its department and owner, an action's inputs: the server's (./owned.ts).
  const owned = ownedByDeclaration({ ...file, fields });
  for (const f of fields) if (owned.has(f.name)) f.readOnly = true;
  // Every document that goes through approval follows the meeting-record rule (spec section 4): the
  // per-form setting decides whether its form shows the section, so each has the section's fields.
  const meetingRecord = file.meetingRecord ?? (Boolean(file.process) && fields.some((f) => f.name === 'approvalStatus'));
  if (meetingRecord) {
    for (const extra of MEETING_FIELDS) {
      if (!fields.some((f) => f.name === extra.name)) fields.push({ ...extra, column: snake(extra.name) });
    }
  }
  // An action kept from whoever approved the document (a payment) is offered by the list only to
  // the others: the rows say who approved them (./owned.ts).
  const separatedFromApprovers = Object.entries(file.states?.actions ?? {}).some(([name, a]) =>
    separationOf(a, file.effects?.[name]).has('approvers'),
  );
  if (file.process && separatedFromApprovers && !fields.some((f) => f.name === APPROVED_BY))
    fields.push(approvedByField(file.name));
  const meetingAmount = fields.some((f) => f.name === 'money')
    ? 'money'
    : (fields.find((f) => f.type === 'money' && !f.aggregate && !f.compute)?.name ?? 'money');
  const byName = new Map(fields.map((f) => [f.name, f]));
  const sortField = file.defaultSort?.field ?? (byName.has('createdAt') ? 'createdAt' : 'id');
  return {
    name: file.name,
    title: file.title,
    table: file.table,
    api: file.api,
    permission: file.permission,
    site: file.site ?? true,
    readOnly: file.readOnly ?? file.view !== undefined,
    removable: file.removable ?? true,
    generate,
    cache: file.cache,
    dataScope: file.dataScope,
    indexes: file.indexes,
    defaultSort: { field: sortField, order: file.defaultSort?.order ?? 'desc' },
    status: file.status,
    process: file.process,
    print: file.print,
    display: file.display,
    pick: file.pick,
    decide: file.decide,
    pool: file.pool,
    picker: file.picker,
    exportHeading: file.exportHeading,
    offer: file.offer,
    tree: file.tree,
    personal: file.personal,
    year: file.year,
    meetingRecord,
    meetingAmount,
    effects: file.effects,
    states: file.states,
    lines: file.lines,
    lineOf: file.lineOf,
    checks: file.checks,
    noOverlap: file.noOverlap,
    recurring: file.recurring,
    view: file.view,
    payable: file.payable,
    fields,
    byName,
    has: { version: hasColumn('version'), schemaVersion: hasColumn('schema_version'), extend: hasColumn('extend') },
    schemaVersion: crypto.createHash('sha1').update(JSON.stringify(json)).digest('hex').slice(0, 12),
  };
}

/**
 * The meeting-record section's fields (spec section 3) a document gets when it does not declare
 * them: the record it links, the minutes, and the flags the server keeps — never taken from a body.
 */
const MEETING_FIELDS: Array<Omit<FieldDef, 'column'>> = [
  { name: 'meetingRecordId', type: 'ref', ref: 'meetingRecord', title: 'meetingDoc.meetingRecordId' },
  { name: 'meetingRecordFileList', type: 'files', title: 'meetingDoc.meetingRecordFileList' },
  {
    name: 'uploadMeetingRecordAudit',
    type: 'string',
    title: 'meetingDoc.uploadMeetingRecordAudit',
    readOnly: true,
    inExtend: true,
    maxLength: 1,
  },
  {
    name: 'showMeetingRecordFlag',
    type: 'string',
    title: 'meetingDoc.showMeetingRecordFlag',
    readOnly: true,
    inExtend: true,
    maxLength: 1,
  },
  { name: 'updateFlag', type: 'string', title: 'meetingDoc.updateFlag', readOnly: true, inExtend: true, maxLength: 1 },
];

/** The permission key of an action on the entity. */
export function permissionOf(entity: EntityDef, action: string): string {
  return `${entity.permission}:${action}`;
}

/** Fields a request may set on a new row (`save`) or on a stored one (`update`): ./owned.ts. */
export function writableFields(entity: EntityDef, mode: 'save' | 'update' = 'save'): FieldDef[] {
  return entity.fields.filter((f) => takenFromRequest(f, mode));
}
