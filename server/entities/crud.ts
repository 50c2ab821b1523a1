// An entity's rows as the caller may read them (DESIGN.md "Resource verbs"): the conditions of the
// caller's site, data scope and year, pages, lists and rows by id with their reference labels,
// aggregates and lines — the EntityService every module reads and writes through. Its writes
// delegate: saving to ./save.ts (the save pipeline), removing to ./remove.ts; the generic
// endpoints are registered by ./routes.ts.
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Services } from '../platform/services.ts';
import { AppError, Code } from '../platform/errors.ts';
import { caller } from '../platform/gate.ts';
import type { Principal } from '../platform/access.ts';
import type { Site } from '../platform/sites.ts';
import { hooksOf } from './hooks.ts';
import type { EntityDef } from './model.ts';
import { readLines } from './lines.ts';
import {
  filterConditions,
  afterRow,
  orderBy,
  orderOf,
  pagingOf,
  sortOf,
  personalCondition,
  yearCondition,
  yearOf,
  scopeCondition,
  siteCondition,
  whereAll,
  type Condition,
  idListText,
  countBoundOf,
  countUpTo,
  pageAnswer,
} from './query.ts';
import { toWire, wireColumns, type Row } from './rows.ts';
import { meetingSettingsFrom, type MeetingRecordSettings } from '../../validators/meeting-record.ts';
import type { DictEntry } from '../platform/dictionaries.ts';
import { offerConditions } from './register.ts';
import { afterWrite, SavePipeline, type SaveHost } from './save.ts';
import { removeRows } from './remove.ts';

export { assertEditable, fieldLabel } from './save.ts';

type Query = Record<string, unknown>;

const MAX_LIST = 2000;

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

export class EntityService implements SaveHost {
  constructor(
    readonly s: Services,
    readonly entity: EntityDef,
    readonly request: FastifyRequest,
    /** Reads as this principal instead of the caller (a picker whose scope a module's rule widens). */
    private readonly as?: Principal,
  ) {}

  /** The save pipeline over this service's reads (./save.ts). */
  private get pipeline(): SavePipeline {
    return new SavePipeline(this);
  }

  /** The caller: the site, and the principal the rows are read as. */
  get ctx() {
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
      ...filterConditions(this.entity, q, site.timeZone, {
        siteId: site.id,
        entities: this.s.schemas.forSite(site.key).entities,
      }),
    ];
  }

  /** Rows with their reference labels; `wireOnly` reads just the columns the wire shows (a page). */
  private selectRows(db: any, where: Condition[], order: unknown, limit?: number, offset?: number, wireOnly = false) {
    const heads = headsOf(this.s, this.ctx.site, this.entity);
    const head = wireOnly ? heads.wire : heads.all;
    const ordered = order ? sql`order by ${order}` : sql``;
    if (limit === undefined) return sql<Row>`${head} from ${this.from()} t ${whereAll(where)} ${ordered}`.execute(db);
    // The page's rows first, then their labels and figures: page 50 reads its ten rows' labels,
    // not the 490 rows' it skips (each a statement of its own in the plan).
    return sql<Row>`${head} from (select t.* from ${this.from()} t ${whereAll(where)} ${ordered}
      limit ${limit} offset ${offset ?? 0}) t ${ordered}`.execute(db);
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

  get siteEntities() {
    return this.s.schemas.forSite(this.ctx.site.key).entities;
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
    // The count and the rows at once: on PostgreSQL they run on two connections side by side. The
    // count stops a hundred pages past this one (PAGES_AHEAD), so a long list costs what a short one does (issue 37).
    const [counted, rows] = await Promise.all([
      countUpTo(db, sql`${this.from()} t`, whereAll(where), countBoundOf(q, { pageNum, pageSize })),
      this.selectRows(db, where, order, pageSize, (pageNum - 1) * pageSize, true),
    ]);
    return pageAnswer(
      rows.rows.map((r) => this.shown(r)),
      counted,
      pageNum,
      pageSize,
    );
  }

  async list(q: Query, limit = MAX_LIST, extra: Condition[] = [], offset = 0) {
    const rows = await this.selectRows(
      this.s.database.db,
      [...this.conditions(q), ...extra],
      orderBy(this.entity, q),
      limit,
      offset,
    );
    return rows.rows.map((r) => this.shown(r));
  }

  /** How many rows list() with these conditions would read, counted up to COUNT_BOUND. */
  countWhere(extra: Condition[], q: Query = {}) {
    return countUpTo(this.s.database.db, sql`${this.from()} t`, whereAll([...this.conditions(q), ...extra]), countBoundOf(q));
  }

  /** How many rows list() would read without its limit. */
  async count(q: Query): Promise<number> {
    const counted = await sql<{ n: number }>`select count(*) as n from ${this.from()} t ${whereAll(this.conditions(q))}`.execute(
      this.s.database.db,
    );
    return Number(counted.rows[0]!.n);
  }

  /**
   * The rows of list() — its conditions and order — however many, `size` at a time. Each page is a
   * statement of its own that starts after the previous page's last row (its sort value and id: the
   * order is total), not an OFFSET the database would walk again, and no statement or transaction is
   * held between pages: the embedded database is one connection every other request waits for.
   */
  async *pages(q: Query, size: number): AsyncGenerator<Row[]> {
    const where = this.conditions(q);
    const sort = sortOf(this.entity, q);
    const order = orderOf(sort);
    const heads = headsOf(this.s, this.ctx.site, this.entity);
    // The sort value as text, read back as the column's type by the next page's comparison.
    const key = sort.column === 'id' ? sql`null` : sql`t.${sql.ref(sort.column)}::text`;
    let after: Condition | null = null;
    for (;;) {
      const read = await sql<Row & { sort_key_: string | null }>`${heads.all}, ${key} as sort_key_ from ${this.from()} t
        ${whereAll(after ? [...where, after] : where)} order by ${order} limit ${size}`.execute(this.s.database.db);
      const rows = read.rows;
      if (!rows.length) return;
      const last = rows[rows.length - 1]!;
      after = afterRow(sort, last.sort_key_, Number(last.id));
      yield rows.map(({ sort_key_: _, ...row }) => this.shown(row as Row));
      if (rows.length < size) return;
    }
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

  dicts: Map<string, DictEntry[]> | null = null;
  maxFiles: number | null = null;
  /** The meeting-record settings of this document type on the caller's site (after prepare()). */
  meeting: MeetingRecordSettings | null = null;

  /** The values of the row's link-table refs, by column, as a read answers them. */
  async linkValues(trx: Kysely<any>, id: number): Promise<Row> {
    const out: Row = {};
    for (const f of this.entity.fields.filter((x) => x.through)) {
      const { table, self, other } = f.through!;
      const rows = await trx.selectFrom(table).select(other).where(self, '=', id).orderBy(other).execute();
      out[f.column] = rows.map((r: Row) => Number(r[other]));
    }
    return out;
  }

  /** The same caller's service for another entity: a document's line is checked through it. */
  sibling(entity: EntityDef): EntityService {
    return new EntityService(this.s, entity, this.request, this.as);
  }

  // Writes: the save pipeline (./save.ts) and removal (./remove.ts).

  save(body: unknown): Promise<Row> {
    return this.pipeline.save(body);
  }

  update(body: unknown): Promise<Row> {
    return this.pipeline.update(body);
  }

  setStatus(body: unknown): Promise<Row> {
    return this.pipeline.setStatus(body);
  }

  remove(ids: number[]): Promise<number> {
    return removeRows(this, ids);
  }

  /** Insert a validated body inside the caller's transaction (import, cascade, a budget source). */
  insert(trx: Transaction<any>, row: Row): Promise<Row> {
    return this.pipeline.insert(trx, row);
  }

  /** Validation alone, for import: the body as the save endpoint would take it. */
  validateForSave(body: unknown): Row {
    return this.pipeline.validate(body, 'save');
  }

  async afterImport() {
    await afterWrite(this);
  }

  /** Step 2 of the pipeline alone, for a state action's or an approval's own fields. */
  checkValues(trx: Transaction<any>, row: Row, id: number | null, existing: Row | null = null): Promise<void> {
    return this.pipeline.checkValues(trx, row, id, existing);
  }

  /** The entity's `noOverlap` rules over a row written outside the pipeline (a state action). */
  assertNoOverlap(trx: Transaction<any>, id: number): Promise<void> {
    return this.pipeline.assertNoOverlap(trx, id);
  }
}
