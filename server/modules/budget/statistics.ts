// Budget statistics (spec section 7: statistics, progre, progreOfDept, majorBudgetProgre), the demo
// month bar (/analysis/month-bar, DOMAIN.md: real monthly spending) and the project ledger's
// server side. Every figure is for the caller's year (header `year`) and data scope: the budget
// entity's own conditions over alias `t` of nk_budget, so a department head sees the figures of
// his departments only and no organisation ever those of another.
//
// Money is summed in SQL (numeric) and answered as exact decimal strings; rates (DOMAIN.md
// "Warnings": execution = used / adjusted, payment = paid / adjusted, utilisation = (frozen +
// used) / adjusted, time progress = month / 12) are percentages rounded half up to 2 decimals,
// computed exactly from the cent amounts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { exportRows } from '../../entities/excel.ts';
import { filterConditions, scopeCondition, type Condition, type Query } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { cents, fromCents } from './ledger.ts';
import { yearMonthOf } from '../../platform/site-time.ts';

type Row = Record<string, any>;

// ---- pure figures ------------------------------------------------------------------------------

/** A decimal string (or number) as cents, normalised: null and '' are 0. */
const centsOf = (v: unknown): bigint => cents(v === null || v === undefined || v === '' ? '0' : String(v));

/** An amount as the exact two-decimal string the API answers. */
export function money(v: unknown): string {
  return fromCents(centsOf(v));
}

/** part / whole as a percentage with 2 decimals, rounded half away from zero; 0 when whole is not positive. */
export function percent(part: unknown, whole: unknown): number {
  const p = typeof part === 'bigint' ? part : centsOf(part);
  const w = typeof whole === 'bigint' ? whole : centsOf(whole);
  if (w <= 0n) return 0;
  const scaled = p * 10000n;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  let q = abs / w;
  if ((abs % w) * 2n >= w) q += 1n;
  return Number(negative ? -q : q) / 100;
}

/**
 * Time progress of a budget year at a moment, in percent: month / 12, 100 for a past year, 0 for a
 * future one — the month and year on the site's clock (`zone`).
 */
export function timeProgress(year: string, now: Date, zone: string): number {
  const y = Number(year);
  const at = yearMonthOf(now, zone);
  if (y < at.year) return 100;
  if (y > at.year) return 0;
  return percent(BigInt(at.month), 12n);
}

/** The rates of DOMAIN.md from summed balances. */
export function ratesOf(t: { adjusted: unknown; frozen: unknown; used: unknown; paid: unknown }) {
  const adjusted = centsOf(t.adjusted);
  return {
    executionRate: percent(centsOf(t.used), adjusted),
    paymentRate: percent(centsOf(t.paid), adjusted),
    utilisationRate: percent(centsOf(t.frozen) + centsOf(t.used), adjusted),
  };
}

export interface MonthFigure {
  month: number;
  used: string;
  paid: string;
  cumulativeUsed: string;
  cumulativePaid: string;
  /** Cumulative used / adjusted, percent. */
  executionRate: number;
  /** month / 12, percent. */
  timeProgress: number;
  /** The month has begun (past years: all; the current year: up to this month). */
  elapsed: boolean;
}

/** Twelve months from the journal's sums per month and kind; months without movements are 0. */
export function monthFigures(
  sums: Array<{ month: number; kind: string; amount: unknown }>,
  adjusted: unknown,
  year: string,
  now: Date,
  zone: string,
): MonthFigure[] {
  const used = new Array<bigint>(13).fill(0n);
  const paid = new Array<bigint>(13).fill(0n);
  for (const s of sums) {
    const m = Math.min(12, Math.max(1, Math.trunc(Number(s.month))));
    if (s.kind === 'consume') used[m]! += centsOf(s.amount);
    else if (s.kind === 'pay') paid[m]! += centsOf(s.amount);
  }
  const y = Number(year);
  const at = yearMonthOf(now, zone);
  const lastElapsed = y < at.year ? 12 : y > at.year ? 0 : at.month;
  const whole = centsOf(adjusted);
  let cu = 0n;
  let cp = 0n;
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    cu += used[month]!;
    cp += paid[month]!;
    return {
      month,
      used: fromCents(used[month]!),
      paid: fromCents(paid[month]!),
      cumulativeUsed: fromCents(cu),
      cumulativePaid: fromCents(cp),
      executionRate: percent(cu, whole),
      timeProgress: percent(BigInt(month), 12n),
      elapsed: month <= lastElapsed,
    };
  });
}

// ---- routes ------------------------------------------------------------------------------------

/** Used and paid per month of a site's year (the ledger's monthly roll-up), for the indicators the conditions name. */
export function journalByMonth(siteId: number, year: string, indicators: Condition[] | null) {
  return sql<Row>`select m.month, k.kind, sum(case when k.kind = 'consume' then m.used else m.paid end) as amount
    from nk_budget_month m cross join (values ('consume'), ('pay')) as k(kind)
    where m.top_dept_id = ${siteId} and m.budget_year = ${year}
      ${indicators ? sql`and m.budget_id in (select t.id from nk_budget t where ${sql.join(indicators, sql` and `)})` : sql``}
    group by 1, 2`;
}

const SUMS = sql`count(*) as n,
  coalesce(sum(t.original_amount), 0) as original, coalesce(sum(t.adjusted_amount), 0) as adjusted,
  coalesce(sum(t.adjust_frozen), 0) as adjust_frozen, coalesce(sum(t.frozen_amount), 0) as frozen,
  coalesce(sum(t.used_amount), 0) as used, coalesce(sum(t.paid_amount), 0) as paid,
  coalesce(sum(t.available_amount), 0) as available`;

function totalsOf(r: Row | undefined) {
  const adjusted = money(r?.adjusted);
  const figures = {
    adjusted,
    original: money(r?.original),
    frozen: money(r?.frozen),
    adjustFrozen: money(r?.adjust_frozen),
    used: money(r?.used),
    paid: money(r?.paid),
    available: money(r?.available),
  };
  return { ...figures, ...ratesOf(figures) };
}

export default function statisticsRoutes(app: FastifyInstance, s: Services) {
  const service = (request: FastifyRequest, name = 'budget') =>
    new EntityService(s, s.schemas.entity(caller(request).site.key, name), request);
  const now = () => new Date(s.clock.now());
  const { db } = s.database;
  /** Conditions over `t` (nk_budget): site, year, data scope, and the list filters the query names. */
  const whereOf = (svc: EntityService, request: FastifyRequest): RawBuilder<unknown> =>
    sql.join(svc.conditions(request.query as Query), sql` and `);
  const LIST = { config: { permission: 'neikong:budget:list' } };

  /** Totals of the caller's indicators, their rates, and the plan by expense type. */
  app.get('/neikong/budget/statistics', LIST, async (request) => {
    const svc = service(request);
    const where = whereOf(svc, request);
    const total = (await sql<Row>`select ${SUMS} from nk_budget t where ${where}`.execute(db)).rows[0];
    const byType = new Map(
      (
        await sql<Row>`select t.expense_type, ${SUMS} from nk_budget t where ${where} group by t.expense_type`.execute(db)
      ).rows.map((r) => [String(r.expense_type), r]),
    );
    const dict = (await s.dictionaries.get(caller(request).site.id, request.locale)).get('nk_expense_type') ?? [];
    const types = [...dict.map((d) => d.dictValue), ...[...byType.keys()].filter((k) => !dict.some((d) => d.dictValue === k))];
    return ok(request, {
      year: svc.year,
      ...totalsOf(total),
      timeProgress: timeProgress(svc.year, now(), caller(request).site.timeZone),
      count: Number(total?.n ?? 0),
      byExpenseType: types.map((type) => {
        const r = byType.get(type);
        return {
          expenseType: type,
          label: dict.find((d) => d.dictValue === type)?.dictLabel ?? type,
          count: Number(r?.n ?? 0),
          original: money(r?.original),
          adjusted: money(r?.adjusted),
          used: money(r?.used),
          executionRate: percent(r?.used, r?.adjusted),
        };
      }),
    });
  });

  /** Spending per month of the caller's journal rows (the indicator's conditions only when they narrow). */
  async function monthSums(request: FastifyRequest, svc: EntityService) {
    const { site, principal } = caller(request);
    const q = request.query as Query;
    // Site and year are the journal's own columns; only a data scope or a filter needs the indicator.
    const narrowed = scopeCondition(svc.entity, principal) !== null || filterConditions(svc.entity, q).length > 0;
    const rows = await journalByMonth(site.id, svc.year, narrowed ? svc.conditions(q) : null).execute(db);
    return rows.rows.map((r) => ({ month: Number(r.month), kind: String(r.kind), amount: r.amount }));
  }

  /** Per month: used and paid, cumulative, the cumulative execution rate against time progress. */
  app.get('/neikong/budget/progre', LIST, async (request) => {
    const svc = service(request);
    const total = (await sql<Row>`select ${SUMS} from nk_budget t where ${whereOf(svc, request)}`.execute(db)).rows[0];
    const adjusted = money(total?.adjusted);
    const at = now();
    return ok(request, {
      year: svc.year,
      adjusted,
      timeProgress: timeProgress(svc.year, at, caller(request).site.timeZone),
      months: monthFigures(await monthSums(request, svc), adjusted, svc.year, at, caller(request).site.timeZone),
    });
  });

  /** Per department: balances and rates, highest execution first. */
  app.get('/neikong/budget/progreOfDept', LIST, async (request) => {
    const svc = service(request);
    const rows = await sql<Row>`select t.dept_id, d.dept_name, ${SUMS}
      from nk_budget t left join sys_dept d on d.id = t.dept_id
      where ${whereOf(svc, request)} group by t.dept_id, d.dept_name`.execute(db);
    const depts = rows.rows.map((r) => ({
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      deptName: r.dept_name === null ? '' : String(r.dept_name),
      count: Number(r.n),
      ...totalsOf(r),
    }));
    depts.sort(
      (a, b) =>
        b.executionRate - a.executionRate ||
        Number(centsOf(b.adjusted) - centsOf(a.adjusted)) ||
        a.deptName.localeCompare(b.deptName, 'zh-CN'),
    );
    return ok(request, depts);
  });

  /** Major (三重一大) indicators: each with the sums of itself and its children in scope. */
  app.get('/neikong/budget/majorBudgetProgre', LIST, async (request) => {
    const svc = service(request);
    const { site } = caller(request);
    const where = whereOf(svc, request);
    const rows = await sql<Row>`with recursive sub(root, id) as (
          select t.id, t.id from nk_budget t where ${where} and t.major_flag = '1'
          union all
          select sub.root, c.id from nk_budget c join sub on c.parent_id = sub.id where c.top_dept_id = ${site.id}
        )
      select r.id, r.budget_name, r.limit_code, r.project_name, r.dept_id, d.dept_name, r.sort_no, ${SUMS}
      from sub join nk_budget t on t.id = sub.id join nk_budget r on r.id = sub.root left join sys_dept d on d.id = r.dept_id
      where ${where}
      group by r.id, r.budget_name, r.limit_code, r.project_name, r.dept_id, d.dept_name, r.sort_no
      order by r.sort_no, r.id`.execute(db);
    return ok(
      request,
      rows.rows.map((r) => ({
        id: Number(r.id),
        budgetName: String(r.budget_name),
        limitCode: String(r.limit_code),
        projectName: r.project_name ?? null,
        deptId: r.dept_id === null ? null : Number(r.dept_id),
        deptName: r.dept_name ?? '',
        ...totalsOf(r),
      })),
    );
  });

  /** The spec's demo month bar, real: what was spent (used) in each month of the caller's year. */
  app.get('/analysis/month-bar', LIST, async (request) => {
    const svc = service(request);
    const figures = monthFigures(await monthSums(request, svc), '0', svc.year, now(), caller(request).site.timeZone);
    const name = new Intl.DateTimeFormat(request.locale, { month: 'short' });
    return ok(
      request,
      figures.map((f) => ({
        x: name.format(new Date(Number(svc.year), f.month - 1, 15)),
        y: Number(f.used),
        month: f.month,
        amount: f.used,
      })),
    );
  });

  // ---- the project ledger ------------------------------------------------------------------------
  // The screen's entity (projectLedger) is a read-only view of the indicators under the menu's own
  // permission key; these routes, ahead of the generic ones, keep it to project expenditure
  // (expense type 3) whatever the request asks.
  const PROJECT = '3';
  const projects = (request: FastifyRequest) => {
    (request.query as Query).expenseType = PROJECT;
    return service(request, 'projectLedger');
  };
  app.get('/neikong/projectLedger/page', { config: { permission: 'neikong:projectLedger:list' } }, async (request) =>
    ok(request, await projects(request).page(request.query as Query)),
  );
  app.get('/neikong/projectLedger/list', { config: { permission: 'neikong:projectLedger:list' } }, async (request) =>
    ok(request, await projects(request).list(request.query as Query)),
  );
  app.get(
    '/neikong/projectLedger/export',
    { config: { permission: 'neikong:projectLedger:export', log: { module: 'projectLedger', action: 'export' } } },
    (request, reply) => exportRows(s, projects(request), request, reply),
  );
  app.get<{ Params: { id: string } }>(
    '/neikong/projectLedger/infoById/:id',
    { config: { permission: 'neikong:projectLedger:query' } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = service(request, 'projectLedger');
      const row = svc.wire(await svc.find(id));
      if (row.expenseType !== PROJECT) throw new AppError(Code.notFound, 'record.notFound');
      return ok(request, row);
    },
  );
}
