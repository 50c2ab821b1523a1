// Leave with rules (issue 34, DOMAIN.md "Leave"): what a request takes and what is left.
//
// - Days: worked out at every save from the dates on the site's working calendar (register
//   workCalendar: public holidays off, adjusted working days on, weekends off otherwise), or in
//   calendar days for a kind the entitlement register counts so (maternity). `days` is the
//   server's (readOnly in the entity): a body's days is dropped. End before start is refused.
// - Entitlements: register leaveEntitlement, one row per leave kind: `service` (annual leave by
//   years of service, 职工带薪年休假条例 第三条, ./rules.ts), `fixed` days a year, or `none`
//   (only the days taken are counted). Years of service from sys_user.work_start_date, on
//   1 January of the leave's year.
// - Balance of a person, year and kind: entitled, taken (approved requests), pending (in
//   approval), left. A leave counts in the year it starts. A request beyond what is left is
//   refused at save and again at submit (the other requests may have moved meanwhile).
//
//   GET /api/leave/balance?year=   the caller's balances (login; anyone who files leave), as a
//       picker's options too: [{ value: kind, label, rule, entitled, taken, pending, left }]
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import type { Locale } from '../../../validators/locale.ts';
import { siteNow } from '../../../validators/site-time.ts';
import { annualLeaveDays, leaveDays, yearsOfService, type WorkCalendar } from './rules.ts';

type Row = Record<string, unknown>;
type Db = Kysely<any>;

/** Approval states (sys_approval_status): in approval, approved. */
const PENDING = '1';
const APPROVED = '2';
/** The longest span one request may cover, in calendar days. */
const MAX_SPAN = 366;

export interface Balance {
  value: string;
  label: string;
  rule: 'service' | 'fixed' | 'none';
  /** Null when the kind has no limit. */
  entitled: number | null;
  taken: number;
  pending: number;
  left: number | null;
  /** Why nothing is entitled (annual leave without a work start, under a year). */
  why?: string;
}

const dayText = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? null : String(v).slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
/** Half days are the finest unit: sums kept on one decimal place. */
const tenth = (n: number) => Math.round(n * 10) / 10;

function col(s: Services, siteKey: string, entity: string, field: string) {
  return sql.ref(s.schemas.entity(siteKey, entity).byName.get(field)!.column);
}

/** The site's calendar entries between two days. */
export async function workCalendar(db: Db, s: Services, site: { id: number; key: string }, from: string, to: string) {
  const e = s.schemas.entity(site.key, 'workCalendar');
  const day = col(s, site.key, 'workCalendar', 'day');
  const kind = col(s, site.key, 'workCalendar', 'dayKind');
  const rows = (
    await sql<{ day: unknown; kind: string }>`select ${day} as day, ${kind} as kind from ${sql.table(e.table)}
      where top_dept_id = ${site.id} and ${day} between ${from} and ${to}`.execute(db)
  ).rows;
  const cal: { holidays: Set<string>; workdays: Set<string> } = { holidays: new Set(), workdays: new Set() };
  for (const r of rows) (r.kind === 'workday' ? cal.workdays : cal.holidays).add(dayText(r.day)!);
  return cal as WorkCalendar;
}

interface Entitlement {
  rule: 'service' | 'fixed' | 'none';
  days: number | null;
  naturalDays: boolean;
  sort: number;
}

async function entitlements(db: Db, s: Services, site: { id: number; key: string }): Promise<Map<string, Entitlement>> {
  const e = s.schemas.entity(site.key, 'leaveEntitlement');
  const c = (f: string) => col(s, site.key, 'leaveEntitlement', f);
  const rows = (
    await sql<Row>`select ${c('leaveType')} as kind, ${c('rule')} as rule, ${c('days')} as days,
      ${c('naturalDays')} as natural, ${c('sort')} as sort from ${sql.table(e.table)} where top_dept_id = ${site.id}`.execute(db)
  ).rows;
  return new Map(
    rows.map((r) => [
      String(r.kind),
      {
        rule: (['service', 'fixed'].includes(String(r.rule)) ? r.rule : 'none') as Entitlement['rule'],
        days: r.days === null || r.days === undefined ? null : Number(r.days),
        naturalDays: r.natural === true || r.natural === 't' || r.natural === '1',
        sort: num(r.sort),
      },
    ]),
  );
}

/** Days taken and pending of a person's requests starting in a year, by kind; `except` one request. */
async function used(db: Db, s: Services, site: { id: number; key: string }, userId: number, year: number, except: number | null) {
  const e = s.schemas.entity(site.key, 'leaveApply');
  const c = (f: string) => col(s, site.key, 'leaveApply', f);
  const rows = (
    await sql<Row>`select ${c('leaveType')} as kind, ${c('approvalStatus')} as status, sum(${c('days')}) as days
      from ${sql.table(e.table)} where top_dept_id = ${site.id} and created_by = ${userId}
      and ${c('approvalStatus')} in (${PENDING}, ${APPROVED})
      and ${c('startDate')} between ${`${year}-01-01`} and ${`${year}-12-31`}
      ${except ? sql`and id <> ${except}` : sql``}
      group by 1, 2`.execute(db)
  ).rows;
  const out = new Map<string, { taken: number; pending: number }>();
  for (const r of rows) {
    const k = out.get(String(r.kind)) ?? { taken: 0, pending: 0 };
    if (String(r.status) === APPROVED) k.taken = tenth(k.taken + num(r.days));
    else k.pending = tenth(k.pending + num(r.days));
    out.set(String(r.kind), k);
  }
  return out;
}

/** A person's balances of a year, every kind of the dictionary, in the reader's language. */
export async function balances(
  db: Db,
  s: Services,
  site: { id: number; key: string },
  userId: number,
  year: number,
  locale: Locale,
  except: number | null = null,
): Promise<Balance[]> {
  const kinds = (await s.dictionaries.get(site.id, locale)).get('leave_type') ?? [];
  const rules = await entitlements(db, s, site);
  const taken = await used(db, s, site, userId, year, except);
  const user = await sql<{ work_start_date: unknown }>`select work_start_date from sys_user where id = ${userId}`.execute(db);
  const workStart = dayText(user.rows[0]?.work_start_date);
  const asOf = `${year}-01-01`;
  const list = kinds.map((k) => {
    const rule = rules.get(k.dictValue);
    const t0 = taken.get(k.dictValue) ?? { taken: 0, pending: 0 };
    const b: Balance = { value: k.dictValue, label: k.dictLabel, rule: rule?.rule ?? 'none', entitled: null, ...t0, left: null };
    if (!rule) {
      // A kind the register does not name: no limit is known, only what is taken.
    } else if (rule.rule === 'service') {
      b.entitled = annualLeaveDays(yearsOfService(workStart, asOf));
      if (!workStart) b.why = t('leave.why.noWorkStart', locale);
      else if (b.entitled === 0) b.why = t('leave.why.underOneYear', locale, { asOf });
    } else if (rule.rule === 'fixed') b.entitled = rule.days ?? 0;
    if (b.entitled !== null) b.left = tenth(Math.max(0, b.entitled - b.taken - b.pending));
    return { b, sort: rule?.sort ?? 999 };
  });
  return list.sort((a, z) => a.sort - z.sort).map((x) => x.b);
}

/** Refused when the request's days are beyond what is left of its kind in its year. */
async function checkBalance(ctx: HookContext, merged: Row, userId: number, except: number | null) {
  const kind = String(merged.leaveType ?? '');
  const start = dayText(merged.startDate);
  const days = num(merged.days);
  if (!kind || !start || !days) return;
  const year = Number(start.slice(0, 4));
  const list = await balances(ctx.trx, ctx.s, ctx.site, userId, year, ctx.request.locale, except);
  const b = list.find((x) => x.value === kind);
  if (!b || b.entitled === null) return;
  if (b.entitled === 0 && b.why) throw new AppError(Code.invalid, 'leave.notEntitled', { kind: b.label, year, why: b.why });
  if (days > (b.left ?? 0))
    throw new AppError(Code.invalid, 'leave.beyondBalance', {
      kind: b.label,
      year,
      entitled: b.entitled,
      taken: b.taken,
      pending: b.pending,
      left: b.left ?? 0,
      days,
    });
}

defineHooks('leaveApply', {
  async beforeSave(ctx, row, existing) {
    const merged = { ...(existing ?? {}), ...row };
    const start = dayText(merged.startDate);
    const end = dayText(merged.endDate);
    if (!start || !end) return;
    if (end < start) throw new AppError(Code.invalid, 'leave.endBeforeStart', { start, end });
    const span = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
    if (span > MAX_SPAN) throw new AppError(Code.invalid, 'leave.tooLong', { max: MAX_SPAN, start, end });
    const rule = (await entitlements(ctx.trx, ctx.s, ctx.site)).get(String(merged.leaveType ?? ''));
    const cal = await workCalendar(ctx.trx, ctx.s, ctx.site, start, end);
    const days = leaveDays(start, end, cal, rule?.naturalDays ?? false)!;
    if (days === 0) throw new AppError(Code.invalid, 'leave.noWorkingDays', { start, end });
    row.days = days;
    const owner = existing ? Number(existing.createdBy) : ctx.principal.userId;
    await checkBalance(ctx, { ...merged, days }, owner, existing ? Number(existing.id) : null);
  },
  async beforeSubmit(ctx, row) {
    await checkBalance(ctx, row, Number(row.createdBy), Number(row.id));
  },
});

export function leaveRoutes(app: FastifyInstance, s: Services) {
  app.get(
    '/leave/balance',
    {
      config: { permission: 'login' },
      schema: { querystring: { type: 'object', properties: { year: { type: 'string' } } } },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const q = request.query as { year?: string };
      if (q.year !== undefined && q.year !== '' && !/^\d{4}$/.test(q.year)) throw new AppError(Code.invalid, 'leave.badYear');
      const year = q.year ? Number(q.year) : Number(siteNow(s.clock.now(), site.timeZone).year);
      return ok(request, await balances(s.database.db as unknown as Db, s, site, principal.userId, year, request.locale));
    },
  );
}
