// The WHERE of every read and write: the organisation, the caller's data scope, and the list
// filters a field's `query` allows. Values are always parameters; names come from the schema.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Principal } from '../platform/access.ts';
import { ID_MAX, INT_MAX, INT_MIN, isRealDate, isRealDateTime, isStorableText } from '../../validators/formats.ts';
import { AppError, Code } from '../platform/errors.ts';
import { DEFAULT_TIME_ZONE, dayBounds, siteNow, toInstant } from '../platform/site-time.ts';
import type { EntityDef, FieldDef } from './model.ts';

export type Condition = RawBuilder<SqlBool> | Expression<SqlBool>;

const col = (f: FieldDef | string) => sql.ref(`t.${typeof f === 'string' ? f : f.column}`);

export function siteCondition(entity: EntityDef, siteId: number): Condition[] {
  return entity.site ? [sql<SqlBool>`${sql.ref('t.top_dept_id')} = ${siteId}`] : [];
}

/** The budget year a request works in: its `year` header (spec section 7), else this year on the site's clock. */
export function yearOf(headers: Record<string, unknown>, now: number, zone: string): string {
  const h = headers.year;
  const v = Array.isArray(h) ? h[0] : h;
  return typeof v === 'string' && /^\d{4}$/.test(v) ? v : siteNow(now, zone).year;
}

/** A yearly entity's rows of the caller's year. */
export function yearCondition(entity: EntityDef, year: string): Condition[] {
  const f = entity.year ? entity.byName.get(entity.year) : undefined;
  return f ? [sql<SqlBool>`${col(f)} = ${year}`] : [];
}

/** A personal entity's rows (a user's own notices): the caller's only, whoever the caller is. */
export function personalCondition(entity: EntityDef, p: Principal): Condition[] {
  const f = entity.personal ? entity.byName.get(entity.personal) : undefined;
  return f ? [sql<SqlBool>`${col(f)} = ${p.userId}`] : [];
}

/**
 * DOMAIN.md data scope, the union over the caller's roles: 1 all, 2 custom departments, 3 own
 * department, 4 own department and below, 5 self only. Admins and entities without scope columns see all.
 */
export function scopeCondition(entity: EntityDef, p: Principal): Condition | null {
  if (p.isAdmin || !entity.dataScope) return null;
  // A role's "all" reaches a personal kind of document (leave, a car trip) only with the entity's
  // `allWith` key: the finance office sees every department's money, not every teacher's leave.
  const allWith = entity.dataScope.allWith;
  const wide = (r: Principal['roles'][number]) => r.dataScope === '1' && (!allWith || p.buttonSet.has(allWith));
  if (p.roles.some(wide)) return null;
  const dept = entity.dataScope.dept ? entity.byName.get(entity.dataScope.dept) : undefined;
  // A row may be its own owner (a user sees their own account): owner 'id'.
  const owner: FieldDef | undefined =
    entity.dataScope.owner === 'id'
      ? ({ name: 'id', column: 'id', type: 'ref', title: '' } as FieldDef)
      : entity.byName.get(entity.dataScope.owner ?? 'createdBy');
  const parts: RawBuilder<SqlBool>[] = [];
  // An "all" that does not reach this entity is the caller's own rows.
  const scopes = new Set(p.roles.map((r) => (r.dataScope === '1' ? '5' : r.dataScope)));
  if (dept) {
    const custom = p.roles.filter((r) => r.dataScope === '2').map((r) => r.id);
    if (custom.length) {
      parts.push(sql<SqlBool>`${col(dept)} in (select dept_id from sys_role_dept where role_id in (${sql.join(custom)}))`);
    }
    if (scopes.has('3') && p.deptId !== null) parts.push(sql<SqlBool>`${col(dept)} = ${p.deptId}`);
    if (scopes.has('4') && p.deptId !== null) {
      const id = String(p.deptId);
      parts.push(
        sql<SqlBool>`${col(dept)} in (select d.id from sys_dept d where d.top_dept_id = ${p.siteId} and (d.id = ${p.deptId} or (',' || d.ancestors || ',') like ${`%,${id},%`}))`,
      );
    }
  }
  if (owner && (scopes.has('5') || !dept || parts.length === 0)) parts.push(sql<SqlBool>`${col(owner)} = ${p.userId}`);
  if (!parts.length) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export type Query = Record<string, unknown>;

/**
 * A query parameter as text, trimmed (at most 200 characters), or undefined when absent or empty.
 * Text the database cannot store (NUL, a lone surrogate) is a parameter error naming it.
 */
export function queryText(q: Query, key: string): string | undefined {
  const v = q[key];
  if (v === undefined || v === null) return undefined;
  const s = String(Array.isArray(v) ? v[0] : v).trim();
  if (!isStorableText(s)) throw new AppError(Code.invalid, 'request.unstorable', { field: key.slice(0, 60) });
  return s === '' ? undefined : s.slice(0, 200);
}
const text = queryText;

/** parameter.beginTime / parameter.endTime, also sent as parameter[beginTime] by some clients. */
function param(q: Query, name: string) {
  return text(q, `parameter.${name}`) ?? text(q, `parameter[${name}]`);
}

const badValue = (field: string) => new AppError(Code.invalid, 'request.badValue', { field: field.slice(0, 60) });

/**
 * An id sent as text (a query or path parameter): a positive integer a bigint holds and a
 * JavaScript number keeps exact, or a parameter error naming the field.
 */
export function idText(raw: unknown, field: string): number {
  const s = String(raw ?? '').trim();
  if (!/^\d{1,16}$/.test(s))
    throw /^-?\d+$/.test(s) ? new AppError(Code.invalid, 'request.outOfRange', { field }) : badValue(field);
  const n = Number(s);
  if (n < 1 || n > ID_MAX) throw new AppError(Code.invalid, 'request.outOfRange', { field });
  return n;
}

/** Ids sent as comma-separated text (?ids=1,2,3): each as idText, at most `max` of them. */
export function idListText(raw: unknown, field: string, max = 500): number[] {
  const parts = String(raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > max) throw new AppError(Code.invalid, 'request.outOfRange', { field });
  return parts.map((p) => idText(p, field));
}

/** The page a list asks for: pageNum 1 … 1 000 000, pageSize 1 … max (spec section 7), or 40000. */
export function pagingOf(q: Query, defaultSize = 10, max = 100): { pageNum: number; pageSize: number } {
  const pageNum = q.pageNum === undefined || q.pageNum === '' ? 1 : Number(q.pageNum);
  const pageSize = q.pageSize === undefined || q.pageSize === '' ? defaultSize : Number(q.pageSize);
  if (
    !Number.isInteger(pageNum) ||
    pageNum < 1 ||
    pageNum > 1_000_000 ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > max
  ) {
    throw new AppError(Code.invalid, 'entity.badPaging');
  }
  return { pageNum, pageSize };
}

/**
 * A filter's value as its field's type, or a parameter error naming the parameter. A date-time
 * without an offset, or a day, is the site's (`zone`): 2026-12-04 begins at the site's midnight.
 */
function typed(f: FieldDef, raw: string, param: string = f.name, zone = DEFAULT_TIME_ZONE): unknown {
  if (f.type === 'integer' || f.type === 'ref') {
    if (!/^-?\d+$/.test(raw)) throw badValue(param);
    const n = Number(raw);
    const [min, max] = f.type === 'ref' ? [0, ID_MAX] : [INT_MIN, INT_MAX];
    if (raw.replace(/^-?0*/, '').length > 16 || n < min || n > max)
      throw new AppError(Code.invalid, 'request.outOfRange', { field: param.slice(0, 60) });
    return n;
  }
  if (f.type === 'number' || f.type === 'money') {
    // numeric(18,2) and double precision both take sixteen digits before the point.
    if (!/^-?\d{1,16}(\.\d{1,6})?$/.test(raw)) throw badValue(param);
    return raw;
  }
  if (f.type === 'boolean') return raw === 'true' || raw === '1';
  if (f.type === 'date' || f.type === 'datetime') {
    if (!(f.type === 'datetime' ? isRealDateTime(raw) : isRealDate(raw))) throw badValue(param);
    return f.type === 'datetime' ? toInstant(raw, zone) : raw;
  }
  return raw;
}

const likeValue = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The end of a range given as a day, YYYY-MM-DD: the range takes the whole day (of the site, for an instant). */
function dayEnd(f: FieldDef, raw: string, zone: string): RawBuilder<unknown> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return sql`${f.type === 'datetime' ? toInstant(raw, zone) : raw}`;
  return f.type === 'datetime' ? sql`${dayBounds(raw, zone).to}` : sql`(${raw}::date + interval '1 day')`;
}

/** The end of a range as sent, once it is seen to be a value of the field. */
function checkedEnd(f: FieldDef, raw: string, param: string): string {
  typed(f, raw, param);
  return raw;
}

/**
 * Whether a list can filter by the field: it says how (`query`) and holds a column the server
 * compares — never a hidden field, a refs list, a file list or a value kept in extend, nor a figure
 * read or computed at every read. schemas:check refuses a list query field that is not (issue 35).
 */
export function filterable(f: {
  query?: unknown;
  hidden?: unknown;
  type?: unknown;
  inExtend?: unknown;
  aggregate?: unknown;
  compute?: unknown;
}): boolean {
  return (
    Boolean(f.query) &&
    f.hidden !== true &&
    f.type !== 'refs' &&
    f.type !== 'files' &&
    f.inExtend !== true &&
    f.aggregate === undefined &&
    f.compute === undefined
  );
}

/** The field a list's date range (parameter.beginTime / endTime) filters: the entity's first one this says yes to. */
export function isDateRange(f: { query?: unknown; type?: unknown }): boolean {
  return f.query === 'between' && (f.type === 'date' || f.type === 'datetime');
}

/** Where a `contains` filter looks a document's number up: the caller's site and its entities. */
export interface DocLookup {
  siteId: number;
  entities: ReadonlyMap<string, EntityDef>;
}

/** The fields a document is known by besides its id: its numbered field (a `sequence`) and `code`. */
export function numberFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((f) => (f.sequence || f.name === 'code') && f.type === 'string' && !f.inExtend && !f.hidden);
}

/**
 * A `contains` filter (issue 36): the rows whose list of ids holds the document the parameter names —
 * its id (digits), and/or the rows of the `idsOf` entity on the caller's site whose number is the text.
 * Text that names no way to find a document (no entity chosen, or one without a number) is refused.
 */
function containsCondition(f: FieldDef, raw: string, q: Query, docs?: DocLookup): Condition {
  const parts: RawBuilder<SqlBool>[] = [];
  if (/^\d+$/.test(raw)) parts.push(sql<SqlBool>`${col(f)} @> array[${idText(raw, f.name)}]::bigint[]`);
  const ofName = f.idsOf ? text(q, f.idsOf) : undefined;
  const of = ofName && docs ? docs.entities.get(ofName) : undefined;
  const numbers = of && of.table && !of.view ? numberFields(of) : [];
  if (numbers.length && raw.length <= 100) {
    const site = of!.site && docs ? sql`s.top_dept_id = ${docs.siteId} and ` : sql``;
    const match = sql.join(
      numbers.map((n) => sql`s.${sql.ref(n.column)} = ${raw}`),
      sql` or `,
    );
    parts.push(sql<SqlBool>`${col(f)} && array(select s.id from ${sql.table(of!.table)} s where ${site}(${match}))::bigint[]`);
  }
  if (!parts.length) {
    if (f.idsOf && !ofName) throw new AppError(Code.invalid, 'request.docTypeFirst', { field: f.name.slice(0, 60) });
    throw badValue(f.name);
  }
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The list filters a query asks for (`zone`: the site's, for days and times without an offset;
 * `docs`: where a `contains` filter looks a document's number up).
 */
export function filterConditions(entity: EntityDef, q: Query, zone = DEFAULT_TIME_ZONE, docs?: DocLookup): Condition[] {
  const out: Condition[] = [];
  for (const f of entity.fields) {
    if (!filterable(f)) continue;
    if (f.query === 'between') {
      const begin = text(q, `${f.name}Begin`);
      const end = text(q, `${f.name}End`);
      if (begin) out.push(sql<SqlBool>`${col(f)} >= ${typed(f, begin, `${f.name}Begin`, zone)}`);
      if (end) out.push(sql<SqlBool>`${col(f)} < ${dayEnd(f, checkedEnd(f, end, `${f.name}End`), zone)}`);
      continue;
    }
    const raw = text(q, f.name);
    if (raw === undefined) continue;
    if (f.query === 'like') out.push(sql<SqlBool>`${col(f)}::text ilike ${likeValue(raw)}`);
    else if (f.query === 'contains') out.push(containsCondition(f, raw, q, docs));
    else if (f.query === 'in')
      out.push(
        sql<SqlBool>`${col(f)} in (${sql.join(
          raw
            .split(',')
            .slice(0, 100)
            .map((v) => typed(f, v.trim())),
        )})`,
      );
    else if (f.query === 'gte') out.push(sql<SqlBool>`${col(f)} >= ${typed(f, raw, f.name, zone)}`);
    else if (f.query === 'lte') out.push(sql<SqlBool>`${col(f)} <= ${typed(f, raw, f.name, zone)}`);
    else out.push(sql<SqlBool>`${col(f)} = ${typed(f, raw, f.name, zone)}`);
  }
  // A picker's conditions: rows whose field begins with one of the prefixes (`economicClassPrefix=
  // 302,310`, a reference's refPrefix) and, with `keyword`, any of the picker's search fields holding it.
  for (const f of entity.fields) {
    if (!f.query || f.hidden || f.inExtend || (f.type !== 'string' && f.type !== 'dict')) continue;
    const raw = text(q, `${f.name}Prefix`);
    if (raw === undefined) continue;
    const prefixes = raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, 20);
    if (prefixes.some((p) => !/^[A-Za-z0-9._-]{1,20}$/.test(p))) throw badValue(`${f.name}Prefix`);
    if (prefixes.length)
      out.push(
        sql<SqlBool>`(${sql.join(
          prefixes.map((p) => sql`${col(f)} like ${`${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
          sql` or `,
        )})`,
      );
  }
  const keyword = entity.picker?.search?.length ? text(q, 'keyword') : undefined;
  if (keyword !== undefined) {
    const searched = entity.picker!.search!.map((n) => entity.byName.get(n)).filter((f): f is FieldDef => Boolean(f));
    if (searched.length)
      out.push(
        sql<SqlBool>`(${sql.join(
          searched.map((f) => sql`${col(f)}::text ilike ${likeValue(keyword)}`),
          sql` or `,
        )})`,
      );
  }
  // The spec's date range applies to the entity's first date range field (createdAt by default).
  const range = entity.fields.find(isDateRange);
  const begin = param(q, 'beginTime');
  const end = param(q, 'endTime');
  if (range && begin) out.push(sql<SqlBool>`${col(range)} >= ${typed(range, begin, 'parameter.beginTime', zone)}`);
  if (range && end) out.push(sql<SqlBool>`${col(range)} < ${dayEnd(range, checkedEnd(range, end, 'parameter.endTime'), zone)}`);
  return out;
}

/** The column and direction a list sorts by (sortField / sortOrder), checked against the entity's fields. */
export interface SortKey {
  column: string;
  dir: 'asc' | 'desc';
}

export function sortOf(entity: EntityDef, q: Query): SortKey {
  const field = text(q, 'sortField');
  const orderText = (text(q, 'sortOrder') ?? entity.defaultSort.order).toLowerCase();
  const order = orderText.startsWith('asc') ? 'asc' : orderText.startsWith('desc') ? 'desc' : null;
  if (!order) throw new AppError(Code.invalid, 'entity.badSortOrder', { value: orderText.slice(0, 20) });
  let target: string;
  if (!field) target = entity.defaultSort.field === 'id' ? 'id' : (entity.byName.get(entity.defaultSort.field)?.column ?? 'id');
  else if (field === 'id') target = 'id';
  else {
    const f = entity.byName.get(field);
    if (!f || f.hidden || f.sortable === false || f.type === 'json' || f.type === 'files' || f.type === 'refs' || f.inExtend) {
      throw new AppError(Code.invalid, 'entity.badSortField', { field: field.slice(0, 40) });
    }
    target = f.column;
  }
  return { column: target, dir: order };
}

/** ORDER BY from sortField / sortOrder (never pasted into SQL). */
export function orderBy(entity: EntityDef, q: Query): RawBuilder<unknown> {
  return orderOf(sortOf(entity, q));
}

export function orderOf({ column, dir }: SortKey): RawBuilder<unknown> {
  const d = sql.raw(dir);
  // id breaks ties, so paging is stable.
  return column === 'id' ? sql`${col('id')} ${d}` : sql`${col(column)} ${d} nulls last, ${col('id')} ${d}`;
}

/**
 * The rows that come after a row in the order of `sort` (keyset paging): `key` is that row's sort
 * value as the database prints it (text; the comparison reads it back as the column's type, so a
 * timestamp keeps its microseconds), null when it has none — nulls come last either way.
 */
export function afterRow(sort: SortKey, key: string | null, id: number): Condition {
  const beyond = sql.raw(sort.dir === 'asc' ? '>' : '<');
  const tie = sql<SqlBool>`${col('id')} ${beyond} ${id}`;
  if (sort.column === 'id') return tie;
  const c = col(sort.column);
  if (key === null) return sql<SqlBool>`(${c} is null and ${tie})`;
  return sql<SqlBool>`(${c} ${beyond} ${key} or (${c} = ${key} and ${tie}) or ${c} is null)`;
}

export function whereAll(conditions: Condition[]): RawBuilder<unknown> {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * How far a list's count goes (issue 37): counting every matching row costs as much as reading
 * them, so a page of a list of a million claims would cost its count. Up to this many rows the
 * total is exact; beyond, the answer says "more than" this many (`more: true`), which the list's
 * pagination says in words. Ten thousand rows are a thousand pages of ten: nobody pages further,
 * they filter.
 */
export const COUNT_BOUND = 10_000;

/** The rows matching `where` in `from` (a table and its alias), counted up to `bound` (docs/decisions.md, issue 37). */
export async function countUpTo(
  db: any,
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  bound = COUNT_BOUND,
): Promise<{ total: number; more: boolean }> {
  const r = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 from ${from} ${where} limit ${bound + 1}) counted`.execute(db);
  const n = Number(r.rows[0]!.n);
  return n > bound ? { total: bound, more: true } : { total: n, more: false };
}

/**
 * Pages a list counts past the one it reads when the reader sets no bound: the pager offers a
 * hundred pages ahead, and a reader who goes there is offered a hundred more. Counting 10,000 rows
 * to show page 1 of ten cost five times the page itself at a million claims (issue 37), so the
 * count reads as far as the reader can go from here, which is what the deeper page's offset reads
 * anyway.
 */
export const PAGES_AHEAD = 100;

/**
 * A list of fewer rows than this is always counted exactly, whatever its page size: a reader asking
 * one row to learn how many there are (`pageSize=1`) is told the number, not "more than 100".
 */
export const COUNT_EXACT = 1_000;

/**
 * How far a list's count goes: `countTo` (1 … COUNT_BOUND) where the reader shows no more — the
 * home page's badges stop at 99+ and 999+, so counting a district's ten thousand claims in flight
 * is work nobody sees (issue 37) — else PAGES_AHEAD pages past the page read (`paging`) and at
 * least COUNT_EXACT, else COUNT_BOUND; never past COUNT_BOUND. Anything else is a parameter error.
 */
export function countBoundOf(q: Query, paging?: { pageNum: number; pageSize: number }): number {
  const raw = q.countTo;
  if (raw === undefined || raw === '') {
    if (!paging) return COUNT_BOUND;
    return Math.min(COUNT_BOUND, Math.max(COUNT_EXACT, (paging.pageNum + PAGES_AHEAD - 1) * paging.pageSize));
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > COUNT_BOUND)
    throw new AppError(Code.invalid, 'request.badValue', { field: 'countTo' });
  return n;
}

/** A page's answer; `more` only when the total is a bound, so an exact answer reads as it always did. */
export function pageAnswer<R>(records: R[], counted: { total: number; more: boolean }, pageNum: number, pageSize: number) {
  const { total, more } = counted;
  return {
    records,
    total,
    ...(more ? { more: true } : {}),
    current: pageNum,
    pageNum,
    pageSize,
    pages: Math.ceil(total / pageSize),
  };
}
