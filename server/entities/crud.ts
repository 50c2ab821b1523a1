// The generic endpoints of every entity (DESIGN.md "Resource verbs"): page, list, infoById, save,
// update, remove, status, export, import — from the entity schema as the caller's site sees it.
// Permission keys, the organisation, data scope, body validation, optimistic locking, hooks and
// the operation log all apply here, once for every entity.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Services } from '../platform/services.ts';
import { describeError } from '../../validators/ajv.ts';
import type { Locale } from '../../validators/locale.ts';
import { AppError, Code } from '../platform/errors.ts';
import { t } from '../platform/messages.ts';
import { caller, type OperationLogConfig } from '../platform/gate.ts';
import type { Principal } from '../platform/access.ts';
import type { Site } from '../platform/sites.ts';
import { siteNow, toInstant, wallText } from '../platform/site-time.ts';
import { hooksOf, type HookContext } from './hooks.ts';
import { permissionOf, type EntityDef, type FieldDef } from './model.ts';
import { nextInSequence } from './sequence.ts';
import { checkDocument, docName, lineSums, readLines, removeLines, writeLines } from './lines.ts';
import {
  filterConditions,
  orderBy,
  pagingOf,
  personalCondition,
  yearCondition,
  yearOf,
  scopeCondition,
  siteCondition,
  whereAll,
  type Condition,
  idListText,
} from './query.ts';
import { deriveFields, filesPatch, keptByHooks, readInstants, toColumns, toWire, wireColumns, type Row } from './rows.ts';
import { keyOf } from '../platform/file-urls.ts';
import {
  meetingFlagsAtSave,
  meetingRecordState,
  meetingSettingsFrom,
  type MeetingRecordSettings,
} from '../../validators/meeting-record.ts';
import type { DictEntry } from '../platform/dictionaries.ts';
import { exportRows, importLines, importRows } from './excel.ts';
import { assertNoOverlap } from './overlap.ts';
import { occurrences, seriesOf, type SeriesRule } from './recurring.ts';
import { assertRefFits } from './fits.ts';
import { choose, notInRegister, offerConditions } from './register.ts';
import { withoutOwned } from './owned.ts';
import { ok } from '../platform/answer.ts';

type Query = Record<string, unknown>;

const MAX_LIST = 2000;

/** A field's title in the caller's language (the message names the field as the form does). */
export function fieldLabel(s: Services, f: FieldDef, locale: Locale): string {
  return s.schemas.texts[f.title]?.[locale] ?? f.name;
}

function labels(s: Services, entity: EntityDef, locale: Locale): Record<string, string> {
  return Object.fromEntries(entity.fields.map((f) => [f.name, fieldLabel(s, f, locale)]));
}

/**
 * The head of a row read — `select <columns>, <reference labels> from <table> t` — as SQL text,
 * made once per entity definition (a site's definitions are rebuilt when its schemas change).
 * Composing and compiling its forty-odd names was half of what a page did besides its SQL.
 * `wire` reads only the columns a wired row is made of (a page); `all` reads the whole row.
 */
interface Heads {
  wire: RawBuilder<unknown>;
  all: RawBuilder<unknown>;
}

const headsMade = new WeakMap<EntityDef, Map<string, Heads>>();

/** The heads of an entity's reads on a site, whose time zone says which day `$today` is. */
function headsOf(s: Services, site: Site, entity: EntityDef): Heads {
  let byZone = headsMade.get(entity);
  if (!byZone) headsMade.set(entity, (byZone = new Map()));
  let made = byZone.get(site.timeZone);
  if (!made) byZone.set(site.timeZone, (made = makeHeads(s, site, entity)));
  return made;
}

function makeHeads(s: Services, site: Site, entity: EntityDef): Heads {
  const extra = makeRefSelects(s, site, entity);
  const head = (columns: RawBuilder<unknown>) => {
    const built = sql`select ${columns}${extra.length ? sql`, ${sql.join(extra)}` : sql``}`;
    // Names only: a head never carries a value, so its text stands alone (else keep it composed).
    const compiled = built.compile(s.database.db);
    return compiled.parameters.length ? built : sql.raw(compiled.sql);
  };
  return {
    wire: head(sql.join(wireColumns(entity).map((c) => sql.ref(`t.${c}`)))),
    all: head(sql`t.*`),
  };
}

const DATE_OPS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/**
 * `$today` or `$today+30` as SQL: the site's day when the statement runs (never the database
 * session's: UTC on the embedded database), so a figure read at any time is today's.
 */
function todayPlus(bound: string, zone: string) {
  const days = Number(/^\$today([+-]\d{1,4})?$/.exec(bound)?.[1] ?? 0);
  return sql`((current_timestamp at time zone ${sql.lit(zone)})::date + ${sql.lit(days)})`;
}

function makeRefSelects(s: Services, site: Site, entity: EntityDef) {
  const targets = s.schemas.forSite(site.key).entities;
  // refs kept in a link table come back as a JSON array under the field's column name.
  const links = entity.fields
    .filter((f) => f.through && !f.hidden)
    .map((f) => {
      const { table, self, other } = f.through!;
      return sql`(select coalesce(jsonb_agg(l.${sql.ref(other)} order by l.${sql.ref(other)}), '[]'::jsonb) from ${sql.table(table)} l where l.${sql.ref(self)} = t.id)`.as(
        f.column,
      );
    });
  // Figures read from other rows (`aggregate`): a correlated sum (or the earliest value, `min`) under
  // the field's column name. The rows may be another document's lines (`docId` is their document).
  // Each aggregate's expression by field name: a reference read this way (the journal's department,
  // the indicator's) has its label looked up from the figure, not from a column the table lacks.
  const figures = new Map<string, RawBuilder<unknown>>();
  const aggregates = entity.fields
    .filter((f) => f.aggregate && !f.hidden)
    .flatMap((f) => {
      const { of, sum = [], min, count, list, match, where = {} } = f.aggregate!;
      const source = targets.get(of);
      if (!source) return [];
      const column = (e: EntityDef, name: string) =>
        e.byName.get(name)?.column ?? (name === 'docId' && e.lineOf ? 'doc_id' : name);
      const total = sum.length
        ? sql.join(
            sum.map((n) => sql`coalesce(a.${sql.ref(column(source, n))}, 0)`),
            sql` + `,
          )
        : sql`0`;
      const same = Object.entries(match).map(
        ([theirs, ours]) => sql`a.${sql.ref(column(source, theirs))} = t.${sql.ref(column(entity, ours))}`,
      );
      // Only the rows in the given states count (approved reimbursements), or dated before or after a
      // day counted from today (instalments overdue, due within 30 days).
      for (const [theirs, value] of Object.entries(where)) {
        const col = sql`a.${sql.ref(column(source, theirs))}`;
        if (typeof value === 'object' && !Array.isArray(value)) {
          for (const [op, bound] of Object.entries(value))
            same.push(sql`${col} ${sql.raw(DATE_OPS[op]!)} ${todayPlus(bound, site.timeZone)}`);
          continue;
        }
        const values = Array.isArray(value) ? value : [value];
        same.push(sql`${col} in (${sql.join(values.map((v) => sql.lit(v)))})`);
      }
      if (source.site) same.push(sql`a.top_dept_id = t.top_dept_id`);
      const figure = list
        ? sql`coalesce(jsonb_agg(distinct a.${sql.ref(column(source, list))}) filter (where a.${sql.ref(column(source, list))} is not null), '[]'::jsonb)`
        : min
          ? sql`min(a.${sql.ref(column(source, min))})`
          : count
            ? sql`count(*)::integer`
            : sql`coalesce(sum(${total}), 0)${f.type === 'money' ? sql`::numeric(18,2)` : sql``}`;
      const read = sql`(select ${figure} from ${sql.table(source.table)} a where ${sql.join(same, sql` and `)})`;
      figures.set(f.name, read);
      return [read.as(f.column)];
    });
  return [
    ...links,
    ...aggregates,
    ...entity.fields
      .filter((f) => f.type === 'ref' && !f.hidden && f.ref)
      .flatMap((f) => {
        const target = targets.get(f.ref!);
        const display = target?.display ? target.byName.get(target.display) : undefined;
        if (!target || !display) return [];
        return [
          sql`(select r.${sql.ref(display.column)} from ${sql.table(target.table)} r where r.id = ${figures.get(f.name) ?? sql.ref(`t.${f.column}`)})`.as(
            `${f.name}Label`,
          ),
        ];
      }),
  ];
}

/** Refuses a change or removal of a document past its editable states (a received stock-in order). */
export function assertEditable(entity: EntityDef, doc: Record<string, unknown>) {
  const states = entity.states;
  if (!states?.editable) return;
  const now = String(doc[states.field] ?? '');
  if (!states.editable.includes(now)) {
    throw new AppError(Code.conflict, 'state.notEditable', { doc: docName(entity, doc) });
  }
}

export class EntityService {
  constructor(
    private readonly s: Services,
    readonly entity: EntityDef,
    private readonly request: FastifyRequest,
    /** Reads as this principal instead of the caller (a picker whose scope a module's rule widens). */
    private readonly as?: Principal,
  ) {}

  /** Entity tables are named at run time, so this side of Kysely is untyped. */
  private get db(): Kysely<any> {
    return this.s.database.db as unknown as Kysely<any>;
  }

  private get ctx() {
    const c = caller(this.request);
    return this.as ? { ...c, principal: this.as } : c;
  }

  /** The budget year the caller works in (header `year`). */
  get year(): string {
    return yearOf(this.request.headers, this.s.clock.now(), this.ctx.site.timeZone);
  }

  /** Who may see which rows; lists also keep to the caller's year, a row asked for by id does not. */
  conditions(q: Query = {}, byId = false, pool = false): Condition[] {
    const { site, principal } = this.ctx;
    let scope = scopeCondition(this.entity, principal);
    // A picker is also offered the organisation's pool (idle cards), whatever the caller's scope.
    if (scope && pool && this.entity.pool) {
      const inPool = Object.entries(this.entity.pool).map(
        ([name, values]) => sql<SqlBool>`t.${sql.ref(this.entity.byName.get(name)!.column)} in (${sql.join(values)})`,
      );
      scope = sql<SqlBool>`(${scope} or (${sql.join(inPool, sql` and `)}))`;
    }
    return [
      ...siteCondition(this.entity, site.id),
      ...personalCondition(this.entity, principal),
      ...(byId ? [] : yearCondition(this.entity, this.year)),
      ...(scope ? [scope] : []),
      ...filterConditions(this.entity, q, site.timeZone),
    ];
  }

  /** Rows with their reference labels; `wireOnly` reads just the columns the wire shows (a page). */
  private selectRows(db: any, where: Condition[], order: unknown, limit?: number, offset?: number, wireOnly = false) {
    const heads = headsOf(this.s, this.ctx.site, this.entity);
    return sql<Row>`${wireOnly ? heads.wire : heads.all} from ${this.from()} t ${whereAll(where)}
      ${order ? sql`order by ${order}` : sql``} ${limit !== undefined ? sql`limit ${limit} offset ${offset ?? 0}` : sql``}`.execute(
      db,
    );
  }

  /**
   * What a read selects from: the entity's table, or for a grouped view (`view`) its grouped query
   * over the source entity's rows that the caller may see — the source's site, data scope and
   * year — so a total never counts a row its reader could not list.
   */
  private from() {
    const view = this.entity.view;
    if (!view) return sql.table(this.entity.table);
    const { site, principal } = this.ctx;
    const source = this.siteEntities.get(view.of);
    if (!source) throw new Error(`${this.entity.name}: view of unknown entity ${view.of}`);
    const scope = scopeCondition(source, principal);
    const inner: Condition[] = [...siteCondition(source, site.id), ...(scope ? [scope] : [])];
    for (const [name, value] of Object.entries(view.where ?? {})) {
      const values = Array.isArray(value) ? value : [value];
      inner.push(
        sql<SqlBool>`t.${sql.ref(source.byName.get(name)?.column ?? name)} in (${sql.join(values.map((v) => sql.lit(v)))})`,
      );
    }
    const groups = Object.entries(view.groupBy).map(([ours, theirs]) => {
      const [name, by] = theirs.split(':') as [string, string | undefined];
      const f = source.byName.get(name);
      const ref = sql.ref(`t.${f?.column ?? name}`);
      // An instant's month is the site's (a date is its own).
      const c = f?.type === 'datetime' ? sql`(${ref} at time zone ${sql.lit(site.timeZone)})` : ref;
      const expr = by === 'month' ? sql`to_char(${c}, 'YYYY-MM')` : by === 'year' ? sql`to_char(${c}, 'YYYY')` : sql`${c}`;
      return { column: this.entity.byName.get(ours)?.column ?? ours, expr };
    });
    const sums = Object.entries(view.sum ?? {}).map(
      ([ours, theirs]) =>
        sql`coalesce(sum(t.${sql.ref(source.byName.get(theirs)?.column ?? theirs)}), 0)::numeric(18,2) as ${sql.ref(this.entity.byName.get(ours)?.column ?? ours)}`,
    );
    const count = view.count
      ? [sql`count(*)::integer as ${sql.ref(this.entity.byName.get(view.count)?.column ?? view.count)}`]
      : [];
    const keyed = groups.map((g) => g.expr);
    return sql`(select row_number() over (order by ${sql.join(keyed)}) as id, t.top_dept_id,
      ${sql.join([...groups.map((g) => sql`${g.expr} as ${sql.ref(g.column)}`), ...sums, ...count])}
      from ${sql.table(source.table)} t ${whereAll(inner)} group by t.top_dept_id, ${sql.join(keyed)})`;
  }

  /** A row as the caller reads it: wire names, in the caller's language where the entity says how. */
  shown(row: Row): Row {
    const wired = this.wire(row);
    hooksOf(this.entity.name).inReadersLanguage?.({ s: this.s, site: this.ctx.site, locale: this.request.locale }, wired);
    return wired;
  }

  wire(row: Row): Row {
    const wired = toWire(this.entity, row);
    // A document read with its lines (find) keeps them.
    for (const member of Object.keys(this.entity.lines ?? {})) if (member in row) wired[member] = row[member];
    return wired;
  }

  private get siteEntities() {
    return this.s.schemas.forSite(this.ctx.site.key).entities;
  }

  /**
   * The sums a document's lines make, into the row and its columns, once the hooks have worked the
   * lines out (a claim's allowances): the meeting-record rule, the document's rules and the effects
   * all see the server's figures.
   */
  private sumLines(row: Row, columns: Row, existing?: Row | null) {
    if (!this.entity.lines) return;
    // A sum over some lines (`when`) sees the document as it will be; a new one has the caller's year.
    const year = this.entity.year;
    const stored = existing ? this.wire(existing) : year ? { [year]: this.year } : {};
    for (const [name, value] of Object.entries(lineSums(this.entity, row, stored))) {
      row[name] = value;
      const f = this.entity.byName.get(name);
      if (f) columns[f.column] = value;
    }
  }

  /** The figures the server works out (`derive`) on the document and on each line sent. */
  private derive(row: Row, existing: Row | null) {
    for (const [member, decl] of Object.entries(this.entity.lines ?? {})) {
      const line = this.siteEntities.get(decl.entity);
      if (line && Array.isArray(row[member])) for (const l of row[member] as Row[]) deriveFields(line, l);
    }
    deriveFields(this.entity, row, existing ?? {});
  }

  /** Writes the lines and checks the rules; answers the document's lines as now stored. */
  private async writeDocument(trx: Transaction<any>, id: number, row: Row): Promise<Row> {
    await this.writeDocumentLines(trx, id, row);
    if (!this.entity.lines && !this.entity.checks?.length) return {};
    // The rules see the document as it now is: its lines, sums and the figures a read adds.
    if (this.entity.checks?.length) {
      const now = await this.find(id, trx);
      checkDocument(this.entity, this.wire(now), this.s.schemas.texts, this.request.locale);
      return Object.fromEntries(Object.keys(this.entity.lines ?? {}).map((m) => [m, now[m]]));
    }
    return readLines(trx, this.siteEntities, this.entity, id);
  }

  private async writeDocumentLines(trx: Transaction<any>, id: number, row: Row) {
    if (!this.entity.lines) return;
    const { site, principal } = this.ctx;
    await writeLines(
      {
        trx,
        siteId: site.id,
        userId: principal.userId,
        locale: this.request.locale,
        entities: this.siteEntities,
        texts: this.s.schemas.texts,
        checkValues: async (line, lineRow) => {
          const svc = new EntityService(this.s, line, this.request, this.as);
          svc.dicts = this.dicts;
          svc.maxFiles = this.maxFiles;
          await svc.checkValues(trx, lineRow, null);
        },
      },
      this.entity,
      id,
      row,
    );
  }

  async page(q: Query, pool = false) {
    const { pageNum, pageSize } = pagingOf(q);
    const where = [
      ...this.conditions(q, false, pool),
      // A picker asks for the labels of chosen rows by id (?ids=3,7).
      ...(pool && q.ids !== undefined ? [sql<SqlBool>`t.id in (${sql.join(idListText(q.ids, 'ids', 100))})`] : []),
      // A register offers only the rows that may be chosen (active suppliers); the labels of chosen rows, any.
      ...(pool && q.ids === undefined ? offerConditions(this.entity) : []),
    ];
    const order = orderBy(this.entity, q);
    const { db } = this.s.database;
    // The count and the rows at once: on PostgreSQL they run on two connections side by side.
    const [counted, rows] = await Promise.all([
      sql<{ n: number }>`select count(*) as n from ${this.from()} t ${whereAll(where)}`.execute(db),
      this.selectRows(db, where, order, pageSize, (pageNum - 1) * pageSize, true),
    ]);
    const total = Number(counted.rows[0]!.n);
    return {
      records: rows.rows.map((r) => this.shown(r)),
      total,
      current: pageNum,
      pageNum,
      pageSize,
      pages: Math.ceil(total / pageSize),
    };
  }

  async list(q: Query, limit = MAX_LIST, extra: Condition[] = []) {
    const rows = await this.selectRows(this.s.database.db, [...this.conditions(q), ...extra], orderBy(this.entity, q), limit);
    return rows.rows.map((r) => this.shown(r));
  }

  /** One row of the caller's site and scope, or 40400 (someone else's id looks like a missing one). */
  async find(id: number, db: any = this.s.database.db, lock = false): Promise<Row> {
    const where = [...this.conditions({}, true), sql`t.id = ${id}`];
    const rows = lock
      ? await sql<Row>`select t.* from ${this.from()} t ${whereAll(where as Condition[])} for update`.execute(db)
      : await this.selectRows(db, where as Condition[], null);
    const row = rows.rows[0];
    if (!row) throw new AppError(Code.notFound, 'record.notFound');
    if (lock) Object.assign(row, await this.linkValues(db, id));
    if (this.entity.lines) Object.assign(row, await readLines(db, this.siteEntities, this.entity, id));
    return row;
  }

  /**
   * One row of the caller's site whatever their data scope, as find() reads it (reference labels,
   * aggregates, lines): for those the document's approval involves, who may see it outside their scope.
   */
  async findOnSite(id: number): Promise<Row> {
    const rows = await this.selectRows(
      this.s.database.db,
      [...siteCondition(this.entity, this.ctx.site.id), sql`t.id = ${id}`],
      null,
    );
    const row = rows.rows[0];
    if (!row) throw new AppError(Code.notFound, 'record.notFound');
    if (this.entity.lines) Object.assign(row, await readLines(this.s.database.db, this.siteEntities, this.entity, id));
    return row;
  }

  private validate(body: unknown, mode: 'save' | 'update'): Row {
    const { site } = this.ctx;
    const validator = this.s.schemas.forSite(site.key).validators.get(this.entity.name)![mode];
    const copy = structuredClone(body ?? {}) as Row;
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) {
      // An emptied optional field means "no value", not an empty text a pattern would refuse.
      for (const f of this.entity.fields) if (!f.required && copy[f.name] === '') copy[f.name] = null;
      // A secret left empty on update keeps the stored one (the browser never has it to send back).
      if (mode === 'update')
        for (const f of this.entity.fields)
          if (f.writeOnly && (copy[f.name] === null || copy[f.name] === '')) delete copy[f.name];
      // A file list may come as the spec has it: a JSON string under extend.<field>.
      const extend = copy.extend as Record<string, unknown> | undefined;
      for (const f of this.entity.fields.filter((x) => x.inExtend)) {
        if (extend && typeof extend === 'object' && f.name in extend && !(f.name in copy)) copy[f.name] = extend[f.name];
      }
      for (const f of this.entity.fields.filter((x) => x.type === 'files')) {
        const raw = extend?.[f.name];
        if (typeof raw === 'string' && !(f.name in copy)) {
          try {
            copy[f.name] = raw ? JSON.parse(raw) : [];
          } catch {
            copy[f.name] = raw;
          }
        }
      }
    }
    // What the server owns is never taken from a request: dropped before anything reads the body.
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) withoutOwned(this.entity, copy, mode, this.siteEntities);
    if (!validator(copy)) {
      const error = validator.errors![0]!;
      const locale = this.request.locale;
      // A line's fault names the collection, the line and the line's field (发票 第 2 行：金额…).
      const inLine = /^\/(\w+)\/(\d+)(\/.*)?$/.exec(error.instancePath);
      const decl = inLine ? this.entity.lines?.[inLine[1]!] : undefined;
      const line = decl ? this.siteEntities.get(decl.entity) : undefined;
      if (inLine && line) {
        const detail = describeError({ ...error, instancePath: inLine[3] ?? '' }, locale, labels(this.s, line, locale));
        const lines = this.s.schemas.texts[decl!.title]?.[locale] ?? inLine[1]!;
        throw new AppError(Code.invalid, 'line.error', { lines, n: Number(inLine[2]) + 1, detail });
      }
      const names = { ...labels(this.s, this.entity, locale) };
      for (const [member, d] of Object.entries(this.entity.lines ?? {}))
        names[member] = this.s.schemas.texts[d.title]?.[locale] ?? member;
      const detail = describeError(error, locale, names);
      throw new AppError(Code.invalid, 'request.invalid', { detail });
    }
    // Date-times typed without an offset are the site's wall time (../platform/site-time.ts).
    readInstants(this.entity, copy, site.timeZone, this.siteEntities);
    return copy as Row;
  }

  dicts: Map<string, DictEntry[]> | null = null;

  /**
   * Reads that must happen before a transaction opens: the embedded database has one connection,
   * and a transaction holds it, so nothing inside may read through the pool.
   */
  async prepare(): Promise<this> {
    this.dicts ??= await this.s.dictionaries.get(this.ctx.site.id, this.request.locale);
    if (this.entity.meetingRecord && !this.meeting) {
      const config = await this.s.siteConfig.meetingConfig(this.ctx.site.id);
      const form = this.s.schemas.forSite(this.ctx.site.key).forms.get(this.entity.name);
      this.meeting = meetingSettingsFrom(config, form?.json.meetingRecord === true, this.entity.name, this.entity.meetingAmount);
    }
    this.maxFiles ??= Number(await this.s.siteConfig.value(this.ctx.site.id, 'upload.maxFiles')) || 5;
    return this;
  }

  maxFiles: number | null = null;
  /** The meeting-record settings of this document type on the caller's site (after prepare()). */
  meeting: MeetingRecordSettings | null = null;

  /**
   * Spec section 4: large amounts and major matters come with meeting minutes. Answers the flags
   * the document keeps (spec section 3) as the applicant saves it, for its extend.
   */
  private checkMeetingRecord(row: Row, existing: Row | null): Row {
    if (!this.meeting) return {};
    const extend = (existing?.extend ?? {}) as Row;
    const merged = { ...(existing ?? {}), meetingRecordFileList: extend.meetingRecordFileList, ...row };
    // Saving is the applicant's: what was stored as "not updating" is being updated now.
    const flags = meetingFlagsAtSave(merged, this.meeting);
    const state = meetingRecordState({ ...merged, ...flags }, this.meeting);
    if (state.required && !state.provided) {
      throw new AppError(Code.invalid, 'meeting.required', { threshold: this.meeting.threshold });
    }
    return flags;
  }

  /**
   * A field with `notBefore: "now"` (issue 34): set on a new row, or changed, it may not lie before
   * the site's now — today for a date. A stored value left as it is (a past booking's remark edited)
   * is not refused.
   */
  private assertNotBefore(f: FieldDef, v: unknown, existing: Row | null) {
    const zone = this.ctx.site.timeZone;
    const now = this.s.clock.now();
    const label = () => fieldLabel(this.s, f, this.request.locale);
    if (f.type === 'date') {
      const day = String(v).slice(0, 10);
      if (existing && String(existing[f.name] ?? '').slice(0, 10) === day) return;
      const today = siteNow(now, zone).day;
      if (day < today) throw new AppError(Code.invalid, 'entity.notBefore', { field: label(), now: today });
      return;
    }
    const at = Date.parse(toInstant(String(v), zone));
    if (!Number.isFinite(at)) return;
    if (existing && existing[f.name] != null && Date.parse(toInstant(String(existing[f.name]), zone)) === at) return;
    if (at < now) throw new AppError(Code.invalid, 'entity.notBefore', { field: label(), now: wallText(now, zone) });
  }

  /** Dictionary values, references and uniqueness: checks that need the database. */
  async checkValues(trx: Transaction<any>, row: Row, id: number | null, existing: Row | null = null) {
    const { site } = this.ctx;
    const locale = this.request.locale;
    if (!this.dicts) throw new Error('EntityService.prepare() must run before a write');
    const dicts = this.dicts;
    for (const f of this.entity.fields) {
      const v = row[f.name];
      if (v === undefined || v === null || v === '') continue;
      if (f.notBefore === 'now') this.assertNotBefore(f, v, existing);
      if (f.type === 'dict' && f.dict) {
        const allowed = dicts.get(f.dict);
        if (allowed && !allowed.some((d) => d.dictValue === v)) {
          throw new AppError(Code.invalid, 'entity.badDict', {
            field: fieldLabel(this.s, f, locale),
            value: String(v).slice(0, 40),
          });
        }
      }
      if (f.type === 'files' && Array.isArray(v)) {
        const limit = f.maxFiles ?? this.maxFiles ?? 5;
        if (v.length > limit) throw new AppError(Code.invalid, 'upload.tooMany', { n: limit });
        for (const item of v as Array<{ url?: string }>) {
          const key = keyOf(String(item.url ?? ''));
          const known = key
            ? await sql`select 1 from sys_file where top_dept_id = ${site.id} and path = ${key} limit 1`.execute(trx)
            : { rows: [] };
          if (!known.rows.length) throw new AppError(Code.invalid, 'entity.badRef', { field: fieldLabel(this.s, f, locale) });
        }
      }
      if (f.type === 'ref' && f.ref && !f.standard && !(this.entity.tree === f.name && v === 0)) {
        const target = this.s.schemas.forSite(site.key).entities.get(f.ref);
        if (target) {
          const found =
            await sql`select 1 from ${sql.table(target.table)} where id = ${v} ${target.site ? sql`and top_dept_id = ${site.id}` : sql``}`.execute(
              trx,
            );
          const choice = { s: this.s, locale, siteId: site.id, fieldLabel: fieldLabel(this.s, f, locale) };
          if (!found.rows.length)
            throw notInRegister(choice, target) ?? new AppError(Code.invalid, 'entity.badRef', { field: choice.fieldLabel });
          // The referred row must fit the field's prefixes (a purchase's indicator of class 302 or 310).
          if (f.refPrefix) await assertRefFits(trx, { s: this.s, siteKey: site.key, locale, dicts }, this.entity, f, Number(v));
          // A register's row is chosen only where it offers it, and brings its values along (./register.ts).
          await choose(trx, choice, f, target, Number(v), row);
        }
      }
      if (f.type === 'refs' && f.ref && Array.isArray(v) && v.length) {
        const target = this.s.schemas.forSite(site.key).entities.get(f.ref);
        if (target) {
          const ids = [...new Set((v as unknown[]).map(Number))];
          const found = await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(target.table)} where id in (${sql.join(ids)})
            ${target.site ? sql`and top_dept_id = ${site.id}` : sql``}`.execute(trx);
          if (Number(found.rows[0]!.n) !== ids.length)
            throw new AppError(Code.invalid, 'entity.badRef', { field: fieldLabel(this.s, f, locale) });
        }
      }
      // A line's uniqueness spans the site's documents: the lines' writer checks it (./lines.ts).
      if (f.unique && !this.entity.lineOf) {
        const together = (f.uniqueWith ?? []).map((n) => this.entity.byName.get(n)!).filter(Boolean);
        // An update may send some fields only: the others keep their stored values. A read-only field is
        // never written from the body: stored on update, the request's year on insert (the year feature).
        const valueOf = (o: FieldDef) =>
          o.name in row && !o.readOnly
            ? row[o.name]
            : existing
              ? (existing[o.name] ?? null)
              : o.name === this.entity.year
                ? this.year
                : null;
        const clash = await sql`select 1 from ${sql.table(this.entity.table)} t where ${sql.ref(`t.${f.column}`)} = ${v}
          ${sql.join(
            together.map((o) => sql`and ${sql.ref(`t.${o.column}`)} = ${valueOf(o)}`),
            sql` `,
          )}
          ${this.entity.site ? sql`and t.top_dept_id = ${site.id}` : sql``} ${id !== null ? sql`and t.id <> ${id}` : sql``} limit 1`.execute(
          trx,
        );
        if (clash.rows.length) {
          throw new AppError(Code.conflict, 'record.duplicate', {
            field: fieldLabel(this.s, f, locale),
            value: String(v).slice(0, 60),
          });
        }
      }
    }
  }

  /** The entity's `noOverlap` rules over a row just written (./overlap.ts), in the same transaction. */
  async assertNoOverlap(trx: Transaction<any>, id: number) {
    if (!this.entity.noOverlap?.length) return;
    await assertNoOverlap(
      {
        trx,
        siteId: this.ctx.site.id,
        locale: this.request.locale,
        texts: this.s.schemas.texts,
        entities: this.siteEntities,
      },
      this.entity,
      [id],
    );
  }

  private hookContext(trx: Transaction<any>): HookContext {
    const { site, principal } = this.ctx;
    return { s: this.s, trx, site, principal, entity: this.entity, request: this.request };
  }

  private defaults(row: Row) {
    for (const f of this.entity.fields) {
      if (f.default !== undefined && (row[f.name] === undefined || row[f.name] === null)) row[f.name] = f.default;
    }
  }

  async save(body: unknown): Promise<Row> {
    const series = seriesOf(this.entity, body);
    const row = this.validate(body, 'save');
    await this.prepare();
    if (series) return this.saveSeries(row, series);
    const result = await this.db.transaction().execute((trx) => this.insert(trx, row));
    await this.afterWrite();
    return this.wire(result);
  }

  /**
   * A new row as a series (./recurring.ts): every occurrence inserted in one transaction as a single
   * save would be; the first refusal undoes them all and names its day. Answers the first row with
   * `occurrences`, the ids of all of them.
   */
  private async saveSeries(row: Row, series: SeriesRule): Promise<Row> {
    const zone = this.ctx.site.timeZone;
    const list = occurrences(this.entity, row, series, zone);
    const result = await this.db.transaction().execute(async (trx) => {
      const written: Row[] = [];
      for (const occurrence of list) {
        try {
          written.push(await this.insert(trx, occurrence.row));
        } catch (e) {
          if (!(e instanceof AppError) || list.length < 2) throw e;
          throw new AppError(e.code, 'recurring.refused', {
            date: occurrence.day,
            detail: t(e.messageKey, this.request.locale, e.params),
          });
        }
      }
      return written;
    });
    await this.afterWrite();
    return { ...this.wire(result[0]!), occurrences: result.map((r) => Number(r.id)) };
  }

  /** Insert a validated body: the save pipeline with no stored row (see write()). */
  async insert(trx: Transaction<any>, row: Row): Promise<Row> {
    this.defaults(row);
    return this.write(trx, row, null);
  }

  /**
   * The save pipeline: one path for every row a save, an update, an import or a series writes, in
   * this order (docs/architecture.md "Saving a row").
   *
   *   1. validate      the body against the entity (validate(), before the transaction): what the
   *                    server owns has already been dropped (./owned.ts)
   *   2. check values  dictionaries, references and what they bring along, uniqueness, not-before
   *   3. rules         the entity's beforeSave hook (may work out lines or refuse)
   *   4. derive        derived fields from the row (and the stored row)
   *   5. columns       the row as columns, the lines' sums, files and meeting flags, and the fields
   *                    the server owns: state defaults, the year, the applicant's department,
   *                    who and when, the schema version, the document number
   *   6. write         insert, or update under the optimistic version
   *   7. lines         links, lines (each line through checks 2), the document's checks over what
   *                    is now stored, and no overlap
   *   8. effects       the afterSave hook (ledgers, budget effects), the answer read again
   *
   * The operation log (../platform/oplog.ts) records the request once the transaction commits.
   */
  private async write(trx: Transaction<any>, row: Row, existing: Row | null): Promise<Row> {
    const { principal } = this.ctx;
    const ctx = this.hookContext(trx);
    const id = existing ? Number(existing.id) : null;
    const before = existing ? this.wire(existing) : null;
    if (before) assertEditable(this.entity, before);
    // 2, 3, 4.
    await this.checkValues(trx, row, id, before);
    await hooksOf(this.entity.name).beforeSave?.(ctx, row, before);
    this.derive(row, before);
    // 5. After the hook (it may work out lines, as a claim's allowances): the sums, then the rule that
    // may depend on them or on the major flag a hook derived.
    const now = new Date(this.s.clock.now());
    const columns: Row = { ...toColumns(this.entity, row), ...keptByHooks(this.entity, row) };
    this.sumLines(row, columns, existing ?? undefined);
    const files = { ...filesPatch(this.entity, row), ...this.checkMeetingRecord(row, before) };
    if (Object.keys(files).length)
      columns.extend = existing ? sql`coalesce(extend, '{}'::jsonb) || ${JSON.stringify(files)}::jsonb` : JSON.stringify(files);
    if (!existing) await this.ownedAtInsert(trx, columns, now);
    if (this.entity.byName.has('updatedBy')) columns.updated_by = principal.userId;
    if (this.entity.byName.has('updatedAt')) columns.updated_at = now;
    if (this.entity.has.schemaVersion) columns.schema_version = this.entity.schemaVersion;
    // 6.
    let written: Row | undefined;
    if (!existing) {
      written = (await trx.insertInto(this.entity.table).values(columns).returningAll().executeTakeFirstOrThrow()) as Row;
    } else {
      let q = trx.updateTable(this.entity.table).set(columns).where('id', '=', id);
      if (this.entity.has.version) q = q.set({ version: sql`version + 1` }).where('version', '=', Number(row.version));
      written = (await q.returningAll().executeTakeFirst()) as Row | undefined;
      if (!written) throw new AppError(Code.conflict, 'record.stale');
    }
    // 7.
    const rowId = Number(written.id);
    await this.writeLinks(trx, rowId, row);
    const lines = await this.writeDocument(trx, rowId, row);
    Object.assign(written, await this.linkValues(trx, rowId), lines);
    await this.assertNoOverlap(trx, rowId);
    // 8. The answer shows what the hook did to the row too (a number it gave, an amount the ledger moved).
    const hooks = hooksOf(this.entity.name);
    if (!hooks.afterSave) return written;
    await hooks.afterSave(ctx, this.wire(written), before);
    return this.reread(trx, written);
  }

  /** What the server fills in on a new row (none of it is ever taken from the request), into columns. */
  private async ownedAtInsert(trx: Transaction<any>, columns: Row, now: Date): Promise<void> {
    const { site, principal } = this.ctx;
    if (this.entity.site) columns.top_dept_id = site.id;
    // Fields the server keeps (an approval status) start at their default.
    for (const f of this.entity.fields) {
      if (f.readOnly && !f.standard && f.default !== undefined && !f.through && !f.inExtend && f.type !== 'files')
        columns[f.column] ??= f.default;
    }
    // A document's department, when the applicant does not choose it, is the applicant's own.
    const yearField = this.entity.year ? this.entity.byName.get(this.entity.year) : undefined;
    if (yearField && columns[yearField.column] == null) columns[yearField.column] = this.year;
    const deptField = this.entity.dataScope?.dept ? this.entity.byName.get(this.entity.dataScope.dept) : undefined;
    if (deptField?.readOnly && columns[deptField.column] == null) columns[deptField.column] = principal.deptId;
    if (this.entity.byName.has('createdBy')) columns.created_by = principal.userId;
    if (this.entity.byName.has('createdAt')) columns.created_at = now;
    // Document numbers by the site's rule, given in the saving transaction (./sequence.ts).
    for (const f of this.entity.fields) {
      if (f.sequence && columns[f.column] == null)
        columns[f.column] = await nextInSequence(trx, site.id, `${this.entity.name}.${f.name}`, f.sequence, siteNow(now.getTime(), site.timeZone).day);
    }
  }

  private async reread(trx: Transaction<any>, row: Row): Promise<Row> {
    const fresh = (await sql<Row>`select * from ${sql.table(this.entity.table)} where id = ${row.id}`.execute(trx)).rows[0];
    if (!fresh) return row;
    Object.assign(fresh, await this.linkValues(trx, Number(row.id)));
    if (this.entity.lines) Object.assign(fresh, await readLines(trx, this.siteEntities, this.entity, Number(row.id)));
    return fresh;
  }

  /** Validation alone, for import: the body as the save endpoint would take it. */
  validateForSave(body: unknown): Row {
    return this.validate(body, 'save');
  }

  async afterImport() {
    await this.afterWrite();
  }

  async update(body: unknown): Promise<Row> {
    const row = this.validate(body, 'update');
    await this.prepare();
    const result = await this.db.transaction().execute(async (trx) => {
      const existing = await this.find(Number(row.id), trx, true);
      if (this.entity.has.version && Number(existing.version) !== Number(row.version))
        throw new AppError(Code.conflict, 'record.stale');
      return this.write(trx, row, existing);
    });
    await this.afterWrite();
    return this.wire(result);
  }

  /** Link-table refs the body sets: the row's links become exactly the ids sent. */
  async writeLinks(trx: Transaction<any>, id: number, row: Row) {
    for (const f of this.entity.fields) {
      if (!f.through || f.readOnly || !(f.name in row)) continue;
      const { table, self, other } = f.through;
      await trx.deleteFrom(table).where(self, '=', id).execute();
      const ids = [...new Set(((row[f.name] as unknown[] | null) ?? []).map(Number))];
      if (ids.length)
        await trx
          .insertInto(table)
          .values(ids.map((o) => ({ [self]: id, [other]: o })))
          .execute();
    }
  }

  private async linkValues(trx: Kysely<any>, id: number): Promise<Row> {
    const out: Row = {};
    for (const f of this.entity.fields.filter((x) => x.through)) {
      const { table, self, other } = f.through!;
      const rows = await trx.selectFrom(table).select(other).where(self, '=', id).orderBy(other).execute();
      out[f.column] = rows.map((r: Row) => Number(r[other]));
    }
    return out;
  }

  async remove(ids: number[]): Promise<number> {
    if (!ids.length) throw new AppError(Code.invalid, 'entity.noIds');
    await this.db.transaction().execute(async (trx) => {
      const rows: Row[] = [];
      for (const id of ids) rows.push(await this.find(id, trx, true));
      const ctx = this.hookContext(trx);
      const wire = rows.map((r) => this.wire(r));
      for (const w of wire) assertEditable(this.entity, w);
      await this.assertUnreferred(trx, ids);
      await hooksOf(this.entity.name).beforeRemove?.(ctx, wire);
      await trx.deleteFrom(this.entity.table).where('id', 'in', ids).execute();
      if (this.entity.lines) await removeLines(trx, this.siteEntities, this.entity, ids);
      await hooksOf(this.entity.name).afterRemove?.(ctx, wire);
    });
    await this.afterWrite();
    return ids.length;
  }

  /** Refuses to remove rows that rows of another entity still refer to through a `restrict` field. */
  private async assertUnreferred(trx: Transaction<any>, ids: number[]) {
    for (const other of this.siteEntities.values()) {
      for (const f of other.fields) {
        if (!f.restrict || f.ref !== this.entity.name) continue;
        const used = await sql<{ id: number }>`select t.${sql.ref(f.column)} as id from ${sql.table(other.table)} t
          where t.${sql.ref(f.column)} in (${sql.join(ids)}) limit 1`.execute(trx);
        if (!used.rows.length) continue;
        const row = await this.find(Number(used.rows[0]!.id), trx);
        const named = this.entity.display ? row[this.entity.display] : row.id;
        throw new AppError(Code.conflict, 'record.inUse', {
          record: String(named ?? row.id),
          by: this.s.schemas.texts[other.title]?.[this.request.locale] ?? other.name,
        });
      }
    }
  }

  async setStatus(body: unknown): Promise<Row> {
    const statusField = this.entity.byName.get(this.entity.status!.field)!;
    const b = (body ?? {}) as Row;
    const id = Number(b.id);
    const to = b.status ?? b[statusField.name];
    if (!Number.isSafeInteger(id) || id < 1 || typeof to !== 'string') {
      throw new AppError(Code.invalid, 'request.invalid', { detail: 'id, status' });
    }
    const existing = this.wire(await this.find(id));
    const from = String(existing[statusField.name] ?? '');
    const allowed = this.entity.status!.transitions?.[from];
    if (allowed && !allowed.includes(to)) throw new AppError(Code.conflict, 'entity.badStatus', { from, to: to.slice(0, 20) });
    // The version the caller saw, as every update: enabling a row someone changed meanwhile (or
    // without saying which version) is refused, not applied over their change.
    return this.update({ id, version: b.version, [statusField.name]: to });
  }

  private async afterWrite() {
    if (this.entity.cache === 'site') await this.s.cache.invalidate(this.ctx.site.id);
    await hooksOf(this.entity.name).afterCommit?.({ s: this.s, site: this.ctx.site });
  }
}

export function idsOf(request: FastifyRequest): number[] {
  const q = (request.query ?? {}) as Query;
  const b = (request.body ?? {}) as Query;
  const raw = b.ids ?? q.ids ?? b.id ?? q.id;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : String(raw).split(',');
  // Ids are positive integers a bigint holds and a JavaScript number keeps exact (1e21 is neither).
  const ids = list.map((v) => (typeof v === 'number' ? v : /^\s*\d{1,16}\s*$/.test(String(v)) ? Number(v) : NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n < 1) || ids.length > 500) throw new AppError(Code.invalid, 'entity.noIds');
  return [...new Set(ids)];
}

/** The one row id a call names (?id= or {id}), for actions on a single row. */
export function oneIdOf(request: FastifyRequest): number {
  const ids = idsOf(request);
  if (ids.length !== 1) throw new AppError(Code.invalid, 'entity.noIds');
  return ids[0]!;
}

export default function entityRoutes(app: FastifyInstance, s: Services) {
  for (const base of s.schemas.baseEntities()) {
    // A document's lines are read and written with the document (./lines.ts).
    if (base.lineOf) continue;
    const name = base.name;
    const service = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, name), request);
    const log = (action: OperationLogConfig['action']) => ({ module: name, action });
    /** Registers a verb unless a module already has its own route of that method and path. */
    const route = (
      method: 'GET' | 'POST',
      verb: string,
      action: string,
      handler: (r: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      logAs?: OperationLogConfig['action'],
    ) => {
      const url = `${base.api}/${verb}`;
      if (app.hasRoute({ method, url: `${app.prefix}${url}` })) return;
      app.route({
        method,
        url,
        config: { permission: permissionOf(base, action), ...(logAs ? { log: log(logAs) } : {}) },
        handler,
      });
    };

    route('GET', 'page', 'list', async (r) => ok(r, await service(r).page(r.query as Query)));
    route('GET', 'list', 'list', async (r) => ok(r, await service(r).list(r.query as Query)));
    if (base.pool || base.offer) route('GET', 'pick', 'list', async (r) => ok(r, await service(r).page(r.query as Query, true)));
    route('GET', 'infoById/:id', 'query', async (r) => {
      const id = Number((r.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = service(r);
      return ok(r, svc.shown(await svc.find(id)));
    });
    route('GET', 'export', 'export', (r, reply) => exportRows(s, service(r), r, reply), 'export');
    if (base.readOnly) continue;
    route('POST', 'save', 'add', async (r) => ok(r, await service(r).save(r.body)), 'add');
    route('POST', 'update', 'edit', async (r) => ok(r, await service(r).update(r.body)), 'edit');
    if (base.removable)
      route('POST', 'remove', 'remove', async (r) => ok(r, { removed: await service(r).remove(idsOf(r)) }), 'delete');
    if (base.status) route('POST', 'status', 'status', async (r) => ok(r, await service(r).setStatus(r.body)), 'status');
    route(
      'POST',
      'import',
      'import',
      async (r) => {
        const count = await importRows(s, service(r), r);
        return ok(r, { imported: count }, 'import.done', { count });
      },
      'import',
    );
    // A document's lines from an xlsx, for its form to take in (whoever may add or edit the document).
    if (base.lines) {
      const url = `${base.api}/lines/:member/import`;
      if (!app.hasRoute({ method: 'POST', url: `${app.prefix}${url}` }))
        app.post<{ Params: { member: string } }>(
          url,
          {
            config: { permission: 'login' },
            schema: {
              params: { type: 'object', properties: { member: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]{0,63}$' } } },
            },
          },
          async (r) => {
            const svc = service(r);
            const { principal } = caller(r);
            const keys = [permissionOf(svc.entity, 'add'), permissionOf(svc.entity, 'edit')];
            if (!keys.some((k) => s.access.can(principal, k)))
              throw new AppError(Code.forbidden, 'auth.forbidden', { key: keys[0] });
            const lines = await importLines(s, svc, r.params.member, r);
            return ok(r, { lines }, 'import.linesRead', { count: lines.length });
          },
        );
    }
  }
}
