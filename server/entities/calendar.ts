// Week calendars of a resource's bookings (issue 18; `<name>.calendar.json`, rendered by
// renderer/calendar/CalendarPage.tsx). For each entity a calendar file names:
//
//   GET <api>/calendar/resources            the site's resources (the ref's rows as options: value, label)
//   GET <api>/calendar?resource=&from=&to=  the active rows of one resource in [from, to)
//   GET <api>/calendar/day?day=YYYY-MM-DD   every resource and the active rows of the site's day
//   GET <api>/calendar/start                where the calendar opens: { resource, at }
//   GET <api>/calendar/team?from=&to=       (a `"view": "team"` file) every person's rows of those days,
//                                           only within the caller's data scope (issue 34)
//
// both under the calendar's own permission (its menu entry's key). Occupancy of a shared resource is
// the organisation's business: whoever may open the calendar sees every active booking of the site's
// resource — its title, time, applicant and department — whatever their data scope
// (docs/decisions.md "Venues"); opening the document itself keeps to the document's own read rules.
import type { FastifyInstance } from 'fastify';
import { addDays, dayBounds, siteNow, toInstant } from '../platform/site-time.ts';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../platform/services.ts';
import { isRealDate, isRealDateTime } from '../../validators/formats.ts';
import { idText, scopeCondition, whereAll, type Condition } from './query.ts';
import { EntityService } from './crud.ts';
import type { SqlBool } from 'kysely';
import { ok } from '../platform/answer.ts';
import { AppError, Code } from '../platform/errors.ts';
import { caller } from '../platform/gate.ts';
import type { EntityDef } from './model.ts';

type Row = Record<string, unknown>;

/** The widest range one read covers (a week and its margins; a month view later). */
const MAX_DAYS = 45;
const MAX_ROWS = 1000;

export interface CalendarFile {
  entity: string;
  permission: string;
  /** The ref field a row is of (a venue, a car); optional in a general calendar (`views`). */
  resource?: string;
  from: string;
  to: string;
  title: string;
  color?: string;
  /** "day": the file is a day of every resource, served by GET <api>/calendar/day alone. "team": days
   * of every person (the `resource` field names a user) in the caller's data scope, GET <api>/calendar/team. */
  view?: 'week' | 'day' | 'team';
  /** team: the rows shown, by field values ({ approvalStatus: ['1', '2'] }); default every row. */
  active?: Record<string, string[]>;
  /** team: the rows shown as not yet decided (pending), by field values. */
  pending?: Record<string, string[]>;
  /** The general calendar kind (issue 35): the views offered — month, week, day — of any dated entity. */
  views?: Array<'month' | 'week' | 'day'>;
  /** Dragging over free time opens the add form with the range filled (only where set). */
  create?: { drag?: boolean };
  /** The list's query fields as the calendar's filters: true (the entity's list's `query`) or names. */
  filters?: boolean | string[];
  /** i18n keys of the page's wording. */
  texts?: { title?: string; empty?: string };
}

/** The longest window a general calendar reads (a month's six-week grid fits; a week, a day). */
export const MAX_WINDOW_DAYS = 62;

export default function calendarRoutes(app: FastifyInstance, s: Services) {
  for (const file of s.schemas.baseFiles().filter((f) => f.kind === 'calendar')) {
    const cal = file.json as unknown as CalendarFile;
    const base = s.schemas.baseEntities().find((e) => e.name === cal.entity);
    if (!base) continue;
    const config = { permission: cal.permission };
    if (cal.views) {
      generalRoutes(app, s, cal, base.api, base.name);
      continue;
    }
    if (cal.view === 'team') {
      // Days of every person (issue 34: who of my department is away): the rows of [from, to] whose
      // `resource` person the caller's data scope reaches — a head their department tree, staff only
      // themselves; rows outside it are not sent at all.
      app.get<{ Querystring: { from?: string; to?: string } }>(
        `${base.api}/calendar/team`,
        {
          config,
          schema: {
            querystring: {
              type: 'object',
              required: ['from', 'to'],
              properties: { from: { type: 'string', maxLength: 10 }, to: { type: 'string', maxLength: 10 } },
            },
          },
        },
        async (request) => {
          const { site, principal } = caller(request);
          const entity = s.schemas.entity(site.key, base.name);
          const from = String(request.query.from ?? '');
          const to = String(request.query.to ?? '');
          if (!isRealDate(from) || !isRealDate(to)) throw new AppError(Code.invalid, 'calendar.badDay');
          const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
          if (days < 1 || days > MAX_DAYS) throw new AppError(Code.invalid, 'calendar.badRange', { days: MAX_DAYS });
          const rows = await teamRows(
            s.database.db as unknown as Kysely<any>,
            entity,
            cal,
            site.id,
            from,
            to,
            scopeCondition(entity, principal),
          );
          const people = new Map<number, { value: number; label: string; dept: string | null }>();
          for (const r of rows) if (!people.has(r.person)) people.set(r.person, { value: r.person, label: r.name, dept: r.dept });
          return ok(request, {
            from,
            to,
            people: [...people.values()].sort(
              (a, b) => (a.dept ?? '').localeCompare(b.dept ?? '') || a.label.localeCompare(b.label),
            ),
            rows: rows.map(({ name: _n, dept: _d, ...r }) => ({ ...r, mine: r.person === principal.userId })),
          });
        },
      );
      continue;
    }
    if (cal.view === 'day') {
      // A day file (`"view": "day"`, issue 34): every resource of the site and the active rows of the
      // site's day. A row outside the caller's data scope shows as taken time only — no title, number
      // or applicant (docs/decisions.md, issue 34).
      app.get<{ Querystring: { day?: string } }>(
        `${base.api}/calendar/day`,
        {
          config,
          schema: {
            querystring: { type: 'object', required: ['day'], properties: { day: { type: 'string', maxLength: 10 } } },
          },
        },
        async (request) => {
          const { site, principal } = caller(request);
          const entity = s.schemas.entity(site.key, base.name);
          const day = String(request.query.day ?? '');
          if (!isRealDate(day)) throw new AppError(Code.invalid, 'calendar.badDay');
          const { from, to } = dayBounds(day, site.timeZone);
          const resources = await resourcesOf(s, site, base.name, cal);
          const rows = await weekRows(
            s.database.db as unknown as Kysely<any>,
            entity,
            cal,
            site.id,
            null,
            new Date(from),
            new Date(to),
            scopeCondition(entity, principal),
          );
          return ok(request, {
            day,
            from,
            to,
            resources,
            rows: rows.map(({ readable, ...r }) =>
              readable
                ? { ...r, readable, mine: r.createdBy === principal.userId }
                : { ...r, title: null, doc: null, applicant: null, createdBy: null, readable, mine: false },
            ),
          });
        },
      );
      continue;
    }

    app.get(`${base.api}/calendar/resources`, { config }, async (request) => {
      const { site } = caller(request);
      return ok(request, await resourcesOf(s, site, base.name, cal));
    });

    // Where the calendar opens (issue 34): the first resource with an active booking in this week of
    // the site, else the resource and moment of the nearest booking to come, else nothing.
    app.get(`${base.api}/calendar/start`, { config }, async (request) => {
      const { site } = caller(request);
      const entity = s.schemas.entity(site.key, base.name);
      const db = s.database.db as unknown as Kysely<any>;
      const now = s.clock.now();
      const today = siteNow(now, site.timeZone).day;
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const monday = addDays(today, -((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
      const start = new Date(dayBounds(monday, site.timeZone).from);
      const end = new Date(dayBounds(addDays(monday, 6), site.timeZone).to);
      const resources = await resourcesOf(s, site, base.name, cal);
      const week = await weekRows(db, entity, cal, site.id, null, start, end);
      const busy = new Set(week.map((r) => r.resource));
      const first = resources.find((r) => busy.has(r.value));
      if (first) return ok(request, { resource: first.value, at: week.find((r) => r.resource === first.value)!.from });
      const next = await weekRows(db, entity, cal, site.id, null, new Date(now), new Date(now + 3650 * 86_400_000), null, 1);
      const known = new Set(resources.map((r) => r.value));
      const upcoming = next.find((r) => known.has(Number(r.resource)));
      return ok(request, upcoming ? { resource: upcoming.resource, at: upcoming.from } : { resource: null, at: null });
    });

    app.get<{ Querystring: { resource?: string; from?: string; to?: string } }>(
      `${base.api}/calendar`,
      {
        config,
        schema: {
          querystring: {
            type: 'object',
            required: ['resource', 'from', 'to'],
            properties: {
              resource: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
              from: { type: 'string', maxLength: 40 },
              to: { type: 'string', maxLength: 40 },
            },
          },
        },
      },
      async (request) => {
        const { site, principal } = caller(request);
        const entity = s.schemas.entity(site.key, base.name);
        const { resource, from, to } = request.query as { resource: string; from: string; to: string };
        if (!isRealDateTime(from) || !isRealDateTime(to))
          throw new AppError(Code.invalid, 'request.invalid', { detail: 'from, to' });
        // A week asked for without an offset is the site's week.
        const start = new Date(toInstant(from, site.timeZone));
        const end = new Date(toInstant(to, site.timeZone));
        if (!(end > start) || end.getTime() - start.getTime() > MAX_DAYS * 86_400_000)
          throw new AppError(Code.invalid, 'calendar.badRange', { days: MAX_DAYS });
        const rows = await weekRows(s.database.db as unknown as Kysely<any>, entity, cal, site.id, Number(resource), start, end);
        return ok(
          request,
          rows.map(({ resource: _r, readable: _x, ...r }) => ({ ...r, mine: r.createdBy === principal.userId })),
        );
      },
    );
  }
}

/**
 * The general calendar kind (`views`, issue 35): GET <api>/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD
 * [&resource=][&<the list's query fields>] answers the rows overlapping the site's days [from, to]
 * (both inclusive; any days, past ones too), within exactly the conditions the entity's list reads
 * under — the site, a personal entity's owner, the caller's data scope (query.ts scopeCondition, by way
 * of EntityService.conditions) and the list's filters — but not the list's budget year (a calendar
 * crosses years). A date range compares as dates (the end inclusive), a date-time range as instants of
 * the site's days. At most MAX_WINDOW_DAYS days and MAX_ROWS rows (`more` says some were left out).
 */
function generalRoutes(app: FastifyInstance, s: Services, cal: CalendarFile, api: string, name: string) {
  const config = { permission: cal.permission };
  if (cal.resource) {
    app.get(`${api}/calendar/resources`, { config }, async (request) => {
      const { site } = caller(request);
      return ok(request, await resourcesOf(s, site, name, cal));
    });
  }
  app.get<{ Querystring: Record<string, string> }>(
    `${api}/calendar`,
    {
      config,
      schema: {
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          properties: {
            from: { type: 'string', maxLength: 10 },
            to: { type: 'string', maxLength: 10 },
            resource: { type: 'string', maxLength: 16 },
          },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const entity = s.schemas.entity(site.key, name);
      const q = request.query;
      const from = String(q.from ?? '');
      const to = String(q.to ?? '');
      if (!isRealDate(from) || !isRealDate(to)) throw new AppError(Code.invalid, 'calendar.badDay');
      const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
      if (days < 1 || days > MAX_WINDOW_DAYS) throw new AppError(Code.invalid, 'calendar.badRange', { days: MAX_WINDOW_DAYS });
      const resource = cal.resource && q.resource ? idText(q.resource, 'resource') : null;
      // The list's own conditions (site, personal, data scope, filters), the year aside.
      const where = new EntityService(s, entity, request).conditions(q, true);
      const col = (n: string) => sql.ref(`t.${entity.byName.get(n)?.column ?? n}`);
      const start = col(cal.from);
      const end = sql`coalesce(${col(cal.to)}, ${col(cal.from)})`;
      const dated = entity.byName.get(cal.from)?.type === 'date';
      if (dated) where.push(sql<SqlBool>`${start} <= ${to}::date and ${from}::date <= ${end}`);
      else {
        const a = dayBounds(from, site.timeZone).from;
        const b = dayBounds(to, site.timeZone).to;
        where.push(sql<SqlBool>`${start} < ${b} and ${a} < ${end}`);
      }
      if (resource !== null) where.push(sql<SqlBool>`${col(cal.resource!)} = ${resource}`);
      const display = entity.display ? entity.byName.get(entity.display) : undefined;
      const hasCreator = entity.byName.has('createdBy');
      const deptField = entity.dataScope?.dept ? entity.byName.get(entity.dataScope.dept) : undefined;
      const rows = await sql<Row>`select t.id, ${start}${dated ? sql`::text` : sql``} as "from", ${end}${dated ? sql`::text` : sql``} as "to",
          ${col(cal.title)} as title, ${cal.color ? col(cal.color) : sql`null`} as color,
          ${display ? col(display.name) : sql`null`} as doc, ${cal.resource ? col(cal.resource) : sql`null`} as resource,
          ${hasCreator ? sql`t.created_by` : sql`null`} as created_by, u.real_name as applicant,
          ${deptField ? sql`(select d.dept_name from sys_dept d where d.id = t.${sql.ref(deptField.column)})` : sql`null`} as dept
        from ${sql.table(entity.table)} t left join sys_user u on u.id = ${hasCreator ? sql`t.created_by` : sql`null`}
        ${whereAll(where)}
        order by ${start}, t.id limit ${MAX_ROWS + 1}`.execute(s.database.db);
      const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v).slice(0, dated ? 10 : undefined));
      return ok(request, {
        from,
        to,
        dated,
        more: rows.rows.length > MAX_ROWS,
        rows: rows.rows.slice(0, MAX_ROWS).map((r) => ({
          id: Number(r.id),
          from: iso(r.from),
          to: iso(r.to),
          title: r.title ?? null,
          color: r.color ?? null,
          doc: r.doc ?? null,
          resource: r.resource === null || r.resource === undefined ? null : Number(r.resource),
          applicant: r.applicant ?? null,
          dept: r.dept ?? null,
          mine: r.created_by !== null && Number(r.created_by) === principal.userId,
        })),
      });
    },
  );
}

/** The site's resources of a calendar, as a picker's options (value, label), in the resource entity's order. */
async function resourcesOf(s: Services, site: { id: number; key: string }, name: string, cal: CalendarFile) {
  const entities = s.schemas.forSite(site.key).entities;
  const entity = entities.get(name)!;
  const field = cal.resource ? entity.byName.get(cal.resource) : undefined;
  const target = field?.ref ? entities.get(field.ref) : undefined;
  if (!target) return [];
  const display = target.display ? target.byName.get(target.display) : undefined;
  const order = target.byName.get(target.defaultSort.field);
  const rows = await sql<Row>`select t.id, ${display ? sql`t.${sql.ref(display.column)}` : sql`t.id::text`} as name
    from ${sql.table(target.table)} t ${target.site ? sql`where t.top_dept_id = ${site.id}` : sql``}
    order by ${order ? sql`t.${sql.ref(order.column)} ${sql.raw(target.defaultSort.order)},` : sql``} t.id
    limit ${MAX_ROWS}`.execute(s.database.db);
  // As a picker's options: these are rows of the resource's entity, not of this one.
  return rows.rows.map((r) => ({ value: Number(r.id), label: String(r.name ?? r.id) }));
}

/**
 * The rows overlapping [start, end) — of one resource, or of all (`null`) — active by the entity's
 * noOverlap rule of that resource. `scope` (a data scope's condition over `t`) marks the rows the
 * caller may read (`readable`); none given, all are.
 */
async function weekRows(
  db: Kysely<any>,
  entity: EntityDef,
  cal: CalendarFile,
  siteId: number,
  resource: number | null,
  start: Date,
  end: Date,
  scope: Condition | null = null,
  limit = MAX_ROWS,
): Promise<Row[]> {
  const col = (name: string) => sql.ref(`t.${entity.byName.get(name)?.column ?? name}`);
  const rule = entity.noOverlap?.find((r) => r.resource === cal.resource);
  const active = Object.entries(rule?.activeIn ?? {}).map(([name, values]) => sql`and ${col(name)} in (${sql.join(values)})`);
  const deptField = entity.dataScope?.dept ? entity.byName.get(entity.dataScope.dept) : undefined;
  const display = entity.display ? entity.byName.get(entity.display) : undefined;
  const rows = await sql<Row>`select t.id, ${col(cal.from)} as "from", ${col(cal.to)} as "to", ${col(cal.title)} as title,
      ${cal.color ? col(cal.color) : sql`null`} as color, ${display ? col(display.name) : sql`null`} as doc,
      ${col(cal.resource!)} as resource, ${scope ?? sql`true`} as readable,
      ${entity.byName.has('createdBy') ? sql`t.created_by` : sql`null`} as created_by, u.real_name as applicant,
      ${deptField ? sql`(select d.dept_name from sys_dept d where d.id = t.${sql.ref(deptField.column)})` : sql`null`} as dept
    from ${sql.table(entity.table)} t
      left join sys_user u on u.id = ${entity.byName.has('createdBy') ? sql`t.created_by` : sql`null`}
    where ${resource === null ? sql`${col(cal.resource!)} is not null` : sql`${col(cal.resource!)} = ${resource}`} ${entity.site ? sql`and t.top_dept_id = ${siteId}` : sql``}
      and ${col(cal.from)} < ${end} and ${start} < ${col(cal.to)} ${sql.join(active, sql` `)}
    order by ${col(cal.from)}, t.id limit ${limit}`.execute(db);
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  return rows.rows.map((r) => ({
    id: Number(r.id),
    from: iso(r.from),
    to: iso(r.to),
    title: r.title ?? null,
    color: r.color ?? null,
    doc: r.doc ?? null,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    applicant: r.applicant ?? null,
    dept: r.dept ?? null,
    resource: Number(r.resource),
    readable: r.readable === true || r.readable === 't',
  }));
}

/**
 * A team calendar's rows (`"view": "team"`): those whose `from`–`to` days (both dates, the end
 * inclusive) meet [from, to], in the `active` states, of the site, within `scope` (the caller's data
 * scope over `t`; null: all), with the person (`resource`), their name and department.
 */
async function teamRows(
  db: Kysely<any>,
  entity: EntityDef,
  cal: CalendarFile,
  siteId: number,
  from: string,
  to: string,
  scope: Condition | null,
) {
  const col = (name: string) => sql.ref(`t.${entity.byName.get(name)?.column ?? name}`);
  const within = (rule: Record<string, string[]> | undefined) =>
    Object.entries(rule ?? {}).map(([name, values]) => (values.length ? sql`${col(name)} in (${sql.join(values)})` : sql`false`));
  const active = within(cal.active);
  const pending = within(cal.pending);
  const display = entity.display ? entity.byName.get(entity.display) : undefined;
  const rows = await sql<Row>`select t.id, ${col(cal.from)}::text as "from", ${col(cal.to)}::text as "to",
      ${col(cal.title)} as title, ${cal.color ? col(cal.color) : sql`null`} as color,
      ${display ? col(display.name) : sql`null`} as doc, ${col(cal.resource!)} as person,
      ${pending.length ? sql.join(pending, sql` and `) : sql`false`} as pending,
      u.real_name as name, d.dept_name as dept
    from ${sql.table(entity.table)} t
      join sys_user u on u.id = ${col(cal.resource!)}
      left join sys_dept d on d.id = u.dept_id
    where ${entity.site ? sql`t.top_dept_id = ${siteId}` : sql`true`}
      and ${col(cal.from)} <= ${to}::date and ${from}::date <= ${col(cal.to)}
      ${active.length ? sql`and ${sql.join(active, sql` and `)}` : sql``}
      ${scope ? sql`and ${scope}` : sql``}
    order by ${col(cal.from)}, t.id limit ${MAX_ROWS}`.execute(db);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    person: Number(r.person),
    from: String(r.from).slice(0, 10),
    to: String(r.to).slice(0, 10),
    title: r.title ?? null,
    color: r.color ?? null,
    doc: r.doc ?? null,
    pending: r.pending === true || r.pending === 't',
    name: String(r.name ?? r.person),
    dept: (r.dept as string | null) ?? null,
  }));
}
