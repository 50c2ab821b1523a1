// Salary sheets (工资表, DOMAIN.md "Cars, venues, seals, printing, salaries"): the rules their schema
// cannot say. The entity (schemas/salary/salarySheet.entity.json) holds the rest: lines, sums, the
// approval, the budget effects and the pay-out (发放) that copies each line to the payee's payslip.
//
// - At every save that carries the lines, each line is worked out by the server: the payee found by
//   login name or name among the site's users (once per sheet), the gross from the items, the social
//   deductions (pension 8 %, medical 2 %, unemployment 0.5 %) and the housing fund (the line's rate)
//   where the line does not give them, the income tax by cumulative withholding over the payee's
//   earlier approved sheets of the year (./tax.ts) with the basic deduction of the payee's year
//   (./tax-year.ts: the month they joined, the first job of the year, the previous year's low
//   earner), the net pay. A tax the imported sheet gave
//   (taxImported) that differs from the computed one flags the line; the computed figure is the one
//   withheld (docs/decisions.md "Salaries": replace and show).
// - At submission the figures are worked out again from the stored lines: an earlier month still in
//   draft or approval, or a tax that an approval since the save has changed, refuses the submission.
// - GET /api/salary/sheet/bankFile?id= — the bank transfer file of a paid-out sheet (xlsx: account
//   name, bank account, bank, amount, remark), key salary:salary:export.
// - GET /api/salary/sheet/template — the import template (the line fields' titles as headers).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { sql, type Transaction } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { EntityService, fieldLabel } from '../../entities/crud.ts';
import { FORMULA_START, setCell } from '../../entities/excel.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { cents, fromCents } from '../budget/ledger.ts';
import { basicDeduction, monthTax, percentOf, socialOf } from './tax.ts';
import { yearOfPayee } from './tax-year.ts';

type Row = Record<string, unknown>;

const APPROVED = '2';
const PAID = '1';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** 110101199001011234 → 110101********1234 */
export const maskId = (id: string) => (id.length > 10 ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}` : id);
/** 6222 0000 1234 5678 → ************5678 */
export const maskAccount = (account: string) => {
  const a = account.replace(/\s+/g, '');
  return a.length > 4 ? `${'*'.repeat(a.length - 4)}${a.slice(-4)}` : a;
};

interface Prior {
  income: bigint;
  deductions: bigint;
  tax: bigint;
  months: number;
  /** The first month of the year the payee was on an approved sheet ('yyyy-MM'), if any. */
  first: string | null;
}

/** What the payee's earlier approved sheets of the year on the site paid and withheld. */
async function priorOf(trx: Transaction<any>, siteId: number, sheetId: number, month: string, payeeId: number): Promise<Prior> {
  const r = (
    await sql<{ months: number; income: string; deductions: string; tax: string; first: string | null }>`select count(distinct s.id)::int as months,
        coalesce(sum(l.gross), 0)::text as income,
        coalesce(sum(coalesce(l.deductions, 0) + coalesce(l.special_deduction, 0)), 0)::text as deductions,
        coalesce(sum(l.tax), 0)::text as tax,
        min(s.salary_month) as first
      from sal_salary_line l join sal_salary_sheet s on s.id = l.doc_id
      where s.top_dept_id = ${siteId} and s.approval_status = ${APPROVED} and s.id <> ${sheetId}
        and s.salary_month >= ${`${month.slice(0, 4)}-01`} and s.salary_month < ${month} and l.payee_id = ${payeeId}`.execute(trx)
  ).rows[0]!;
  return {
    income: cents(r.income),
    deductions: cents(r.deductions),
    tax: cents(r.tax),
    months: Number(r.months),
    first: r.first ? String(r.first) : null,
  };
}

/**
 * The payee's tax of the month on the sheet: cumulative over the earlier approved sheets of the
 * year, with the basic deduction of the payee's year (docs/decisions.md "Salaries"): from the start
 * month of their record of the year (salaryTaxYear), else from their first approved sheet of the
 * year (this month when there is none) — the months employed, not the months with a sheet.
 */
async function taxOf(
  ctx: HookContext,
  sheetId: number,
  month: string,
  payee: { id: number; name: string },
  at: number,
  f: { gross: bigint; deductions: bigint; special: bigint },
): Promise<{ tax: bigint; allowance: bigint }> {
  const prior = await priorOf(ctx.trx, ctx.site.id, sheetId, month, payee.id);
  const year = await yearOfPayee(ctx.trx, ctx.site.id, month.slice(0, 4), payee.id);
  const start = year?.startMonth ?? (prior.first && prior.first < month ? prior.first : month);
  if (month < start) throw new AppError(Code.invalid, 'salary.beforeStart', { line: at, name: payee.name, start, month });
  const { allowance } = basicDeduction(Number(month.slice(5, 7)), Number(start.slice(5, 7)), year?.rule ?? 'months');
  const { tax } = monthTax({
    priorIncome: prior.income,
    priorDeductions: prior.deductions,
    priorTax: prior.tax,
    priorMonths: prior.months,
    income: f.gross,
    deductions: f.deductions + f.special,
    allowance,
  });
  return { tax, allowance };
}

/** A line's own figures from its items (gross, deductions); the tax is the caller's. */
function figures(line: Row) {
  const gross = ['basic', 'post', 'grade', 'performance', 'allowances'].reduce((s, k) => s + cents(line[k] ?? '0'), 0n);
  const social = socialOf(gross);
  const pension = given(line.pension) ? cents(line.pension) : social.pension;
  const medical = given(line.medical) ? cents(line.medical) : social.medical;
  const unemployment = given(line.unemployment) ? cents(line.unemployment) : social.unemployment;
  const rate = given(line.housingRate) ? String(line.housingRate) : '12';
  const housing = given(line.housingFund) ? cents(line.housingFund) : percentOf(gross, rate);
  const special = given(line.specialDeduction) ? cents(line.specialDeduction) : 0n;
  return {
    gross,
    pension,
    medical,
    unemployment,
    rate,
    housing,
    special,
    deductions: pension + medical + unemployment + housing,
  };
}

async function findPayee(ctx: HookContext, line: Row, at: number): Promise<{ id: number; name: string }> {
  const name = String(line.payeeName ?? '').trim();
  const byId = given(line.payeeId) ? Number(line.payeeId) : null;
  const rows = (
    await sql<{ id: number; login: string; name: string }>`select id, login_name as login, real_name as name from sys_user
      where top_dept_id = ${ctx.site.id} and ${
        byId !== null && Number.isSafeInteger(byId) ? sql`id = ${byId}` : sql`(login_name = ${name} or real_name = ${name})`
      } order by id`.execute(ctx.trx)
  ).rows;
  const exact = rows.filter((r) => r.login === name);
  const found = byId !== null ? rows : exact.length ? exact : rows;
  if (!found.length) throw new AppError(Code.invalid, 'salary.payeeUnknown', { line: at, name: name.slice(0, 64) });
  if (found.length > 1) throw new AppError(Code.invalid, 'salary.payeeAmbiguous', { line: at, name: name.slice(0, 64) });
  return { id: Number(found[0]!.id), name: found[0]!.name };
}

/** Works every line of a sheet out (see the top of this file); answers how many lines' tax differs. */
async function workOut(ctx: HookContext, sheetId: number, month: string, lines: Row[]): Promise<number> {
  const seen = new Map<number, number>();
  let flagged = 0;
  for (const [i, line] of lines.entries()) {
    const payee = await findPayee(ctx, line, i + 1);
    if (seen.has(payee.id))
      throw new AppError(Code.invalid, 'salary.payeeTwice', { line: i + 1, first: seen.get(payee.id)!, name: payee.name });
    seen.set(payee.id, i + 1);
    const f = figures(line);
    const { tax, allowance } = await taxOf(ctx, sheetId, month, payee, i + 1, f);
    const differs = given(line.taxImported) && cents(line.taxImported) !== tax;
    if (differs) flagged++;
    Object.assign(line, {
      payeeId: payee.id,
      payeeName: payee.name,
      idMasked: maskId(String(line.idNumber ?? '')),
      bankMasked: maskAccount(String(line.bankAccount ?? '')),
      gross: fromCents(f.gross),
      pension: fromCents(f.pension),
      medical: fromCents(f.medical),
      unemployment: fromCents(f.unemployment),
      housingRate: Number(f.rate),
      housingFund: fromCents(f.housing),
      specialDeduction: fromCents(f.special),
      deductions: fromCents(f.deductions),
      basicDeduction: fromCents(allowance),
      tax: fromCents(tax),
      taxFlag: differs,
      net: fromCents(f.gross - f.deductions - tax),
    });
  }
  return flagged;
}

defineHooks('salarySheet', {
  async beforeSave(ctx, row, existing) {
    if (!Array.isArray(row.lines)) return;
    const month = String(row.salaryMonth ?? existing?.salaryMonth ?? '');
    const lines = row.lines as Row[];
    row.flaggedLines = await workOut(ctx, Number(existing?.id ?? 0), month, lines);
    row.headcount = lines.length;
  },

  async beforeSubmit(ctx, row) {
    const id = Number(row.id);
    const month = String(row.salaryMonth);
    const doc = String(row.sheetNo ?? id);
    const open = (
      await sql<{ no: string; month: string }>`select sheet_no as no, salary_month as month from sal_salary_sheet
        where top_dept_id = ${ctx.site.id} and id <> ${id} and approval_status in ('0', '1')
          and salary_month >= ${`${month.slice(0, 4)}-01`} and salary_month < ${month} order by salary_month limit 1`.execute(
        ctx.trx,
      )
    ).rows[0];
    if (open) throw new AppError(Code.conflict, 'salary.earlierOpen', { doc, earlier: open.no, month: open.month });
    const stored = (
      await sql<Row>`select payee_id, payee_name, basic, post, grade, performance, allowances, pension, medical, unemployment,
          housing_rate, housing_fund, special_deduction, tax from sal_salary_line where doc_id = ${id} order by line_no, id`.execute(
        ctx.trx,
      )
    ).rows;
    for (const [i, l] of stored.entries()) {
      const f = figures({
        basic: l.basic,
        post: l.post,
        grade: l.grade,
        performance: l.performance,
        allowances: l.allowances,
        pension: l.pension,
        medical: l.medical,
        unemployment: l.unemployment,
        housingRate: l.housing_rate,
        housingFund: l.housing_fund,
        specialDeduction: l.special_deduction,
      });
      const { tax } = await taxOf(ctx, id, month, { id: Number(l.payee_id), name: String(l.payee_name) }, i + 1, f);
      if (tax !== cents(l.tax))
        throw new AppError(Code.conflict, 'salary.taxStale', {
          doc,
          line: i + 1,
          name: String(l.payee_name),
          stored: fromCents(cents(l.tax)),
          computed: fromCents(tax),
        });
    }
  },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sendBook(reply: import('fastify').FastifyReply, book: ExcelJS.Workbook, name: string) {
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
    .send(buffer);
}

const IMPORTED = [
  'payeeName',
  'idNumber',
  'bankAccount',
  'bankName',
  'basic',
  'post',
  'grade',
  'performance',
  'allowances',
  'housingRate',
  'specialDeduction',
  'taxImported',
];

export function salaryRoutes(app: FastifyInstance, s: Services) {
  const text = (request: FastifyRequest, key: string) => s.schemas.texts[key]?.[request.locale] ?? key;

  app.get('/salary/sheet/template', { config: { permission: 'salary:salary:add' } }, async (request, reply) => {
    const { site } = caller(request);
    const line = s.schemas.entity(site.key, 'salaryLine');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(text(request, 'salarySheet.lines').slice(0, 31));
    sheet.columns = IMPORTED.map((name) => ({
      header: fieldLabel(s, line.byName.get(name)!, request.locale),
      key: name,
      width: name === 'idNumber' || name === 'bankAccount' ? 24 : 14,
      style: name === 'idNumber' || name === 'bankAccount' ? { numFmt: '@' } : {},
    }));
    return sendBook(reply, book, text(request, 'salarySheet.template'));
  });

  app.get(
    '/salary/sheet/bankFile',
    { config: { permission: 'salary:salary:export', log: { module: 'salarySheet', action: 'export' } } },
    async (request, reply) => {
      const { site } = caller(request);
      const q = request.query as Record<string, unknown>;
      const id = Number(q.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.invalid, 'request.badValue', { field: 'id' });
      const svc = await new EntityService(s, s.schemas.entity(site.key, 'salarySheet'), request).prepare();
      const sheetRow = await svc.find(id);
      const no = String(sheetRow.sheetNo ?? sheetRow.sheet_no ?? id);
      const month = String(sheetRow.salaryMonth ?? sheetRow.salary_month ?? '');
      if (String(sheetRow.payState ?? sheetRow.pay_state) !== PAID)
        throw new AppError(Code.conflict, 'salary.notPaidOut', { doc: no });
      const lines = (sheetRow.lines as Row[]) ?? [];
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(no.slice(0, 31));
      sheet.columns = [
        { header: text(request, 'salaryBank.accountName'), key: 'name', width: 14 },
        { header: text(request, 'salaryLine.bankAccount'), key: 'account', width: 26, style: { numFmt: '@' } },
        { header: text(request, 'salaryLine.bankName'), key: 'bank', width: 20 },
        { header: text(request, 'salaryBank.amount'), key: 'amount', width: 14, style: { numFmt: '0.00' } },
        { header: text(request, 'salaryBank.remark'), key: 'remark', width: 18 },
      ];
      const remark = text(request, 'salaryBank.remarkText').replace('{month}', month);
      for (const l of lines) {
        const values: Row = {
          name: l.payeeName,
          account: String(l.bankAccount ?? '').replace(/\s+/g, ''),
          bank: l.bankName ?? '',
          amount: Number(l.net),
          remark,
        };
        const row = sheet.addRow(values);
        // A payee's name or a bank that a spreadsheet would run as a formula is written as text (issue 31).
        for (const [key, v] of Object.entries(values))
          if (typeof v === 'string' && FORMULA_START.test(v)) setCell(row.getCell(key), v);
      }
      return sendBook(reply, book, `${no} ${text(request, 'salarySheet.bankFile')}`);
    },
  );
}
