// A payee's year at the unit (个税年度信息, schemas/salary/salaryTaxYear.*): what the cumulative
// withholding of their salary needs to know and the sheets cannot show — the month they joined the
// unit this year (January for someone employed before), whether this is their first job of the
// year, whether the previous year makes them a low earner. One record per payee and year on a site;
// without one, a payee counts from their first approved sheet of the year (./sheets.ts).
//
// The schema checks the record on its own (one rule, a month of the year, a low earner from
// January with the previous year's wages given and at most 60,000). This hook checks it against the
// sheets the unit already approved:
// - the start month is not after a month the payee was already paid on an approved sheet;
// - a low earner (国家税务总局公告2020年第19号: every month of the previous year at this unit with
//   the tax withheld here, wages at most 60,000) was not, by the previous year's record, employed
//   from a later month than January, and the previous year's approved sheets paid them no more than
//   the wages given.
import { sql, type Transaction } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { yearOf } from '../../entities/query.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';
import type { DeductionRule } from './tax.ts';

const APPROVED = '2';

export interface PayeeYear {
  startMonth: string;
  rule: DeductionRule;
}

/** The payee's record of the year on the site, if the unit keeps one. */
export async function yearOfPayee(trx: Transaction<any>, siteId: number, year: string, payeeId: number): Promise<PayeeYear | null> {
  const r = (
    await sql<{ start: string; first_job: boolean | null; low_earner: boolean | null }>`select start_month as start, first_job, low_earner
      from sal_tax_year where top_dept_id = ${siteId} and tax_year = ${year} and payee_id = ${payeeId} limit 1`.execute(trx)
  ).rows[0];
  if (!r) return null;
  return { startMonth: String(r.start), rule: r.low_earner ? 'lowEarner' : r.first_job ? 'firstJob' : 'months' };
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

defineHooks('salaryTaxYear', {
  async beforeSave(ctx, row, existing) {
    const value = (name: string) => (name in row ? row[name] : existing?.[name]);
    const year = String(existing?.taxYear ?? yearOf(ctx.request.headers, ctx.s.clock.now(), ctx.site.timeZone));
    const payeeId = Number(value('payeeId'));
    const start = String(value('startMonth') ?? '');
    if (!Number.isSafeInteger(payeeId) || !MONTH.test(start) || !start.startsWith(`${year}-`)) return; // the schema's checks say why
    const name =
      (
        await sql<{ name: string }>`select real_name as name from sys_user where id = ${payeeId} and top_dept_id = ${ctx.site.id}`.execute(
          ctx.trx,
        )
      ).rows[0]?.name ?? String(payeeId);

    const paid = (
      await sql<{ first: string | null }>`select min(s.salary_month) as first
        from sal_salary_line l join sal_salary_sheet s on s.id = l.doc_id
        where s.top_dept_id = ${ctx.site.id} and s.approval_status = ${APPROVED} and l.payee_id = ${payeeId}
          and s.salary_month >= ${`${year}-01`} and s.salary_month <= ${`${year}-12`}`.execute(ctx.trx)
    ).rows[0]?.first;
    if (paid && paid < start) throw new AppError(Code.invalid, 'salary.startAfterPaid', { name, start, paid });

    const prior = value('priorIncome');
    if (value('lowEarner') !== true || !given(prior) || value('firstJob') === true) return;
    const last = String(Number(year) - 1);
    const before = (
      await sql<{ start: string }>`select start_month as start from sal_tax_year
        where top_dept_id = ${ctx.site.id} and tax_year = ${last} and payee_id = ${payeeId} limit 1`.execute(ctx.trx)
    ).rows[0]?.start;
    if (before && before > `${last}-01`) throw new AppError(Code.invalid, 'salary.lowEarnerNotAllYear', { name, year: last, start: before });
    const wages = (
      await sql<{ total: string }>`select coalesce(sum(l.gross), 0)::text as total
        from sal_salary_line l join sal_salary_sheet s on s.id = l.doc_id
        where s.top_dept_id = ${ctx.site.id} and s.approval_status = ${APPROVED} and l.payee_id = ${payeeId}
          and s.salary_month >= ${`${last}-01`} and s.salary_month <= ${`${last}-12`}`.execute(ctx.trx)
    ).rows[0]!.total;
    if (cents(wages) > cents(prior))
      throw new AppError(Code.invalid, 'salary.lowEarnerPaidMore', {
        name,
        year: last,
        paid: fromCents(cents(wages)),
        given: fromCents(cents(prior)),
      });
  },
});
