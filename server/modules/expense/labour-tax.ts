// Income tax withheld on labour remuneration (劳务报酬, DOMAIN.md "Expenses and funds": the employee
// fee batch). Per payment x:
//   x ≤ 4,000:  (x − 800) × 20 %  (nothing at or below 800)
//   x > 4,000:  taxable = x × 80 %, then 20 % up to 20,000; 30 % − 2,000 up to 50,000; 40 % − 7,000 above
// To the cent, halves up. A batch's payee lines get their tax and net pay from the server at every
// save; the browser's figures are never taken.
//
// One payment (一次) is what one person is paid for one item of service in one month (个人所得税法
// 实施条例 第十四条: 属于同一项目连续性收入的，以一个月内取得的收入为一次). Here a person is their ID
// number, the item is the batch's kind (劳务费 / 专家咨询费 / 评审费 / 讲课费) and the month is the
// batch's month (feeMonth, this month on the site's clock when not given). A line's tax is worked out
// on the sum of that month's fees of the kind to the person — the site's approved batches, then the
// lines above it in this batch — less what those withheld (labourTaxOnSum); the line shows the sum
// (combinedGross) and the tax withheld before (priorTax).
//
// At submission the lines are worked out again from the stored batch: another batch of the same
// month and kind to one of its payees still in approval refuses it (its tax comes first), and so does
// a tax that an approval since the save has changed ("save again").
import { sql, type Transaction } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { siteNow } from '../../platform/site-time.ts';
import { cents, fromCents } from '../budget/ledger.ts';

/** Half-up division of cents by a positive divisor. */
const div = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

function taxOfCents(x: bigint): bigint {
  if (x <= 80_000n) return 0n;
  if (x <= 400_000n) return div((x - 80_000n) * 20n, 100n);
  const taxable = div(x * 80n, 100n);
  return taxable <= 2_000_000n
    ? div(taxable * 20n, 100n)
    : taxable <= 5_000_000n
      ? div(taxable * 30n, 100n) - 200_000n
      : div(taxable * 40n, 100n) - 700_000n;
}

/** The tax withheld on a payment of `gross` (decimal text), as decimal text. */
export function labourTax(gross: string): string {
  return fromCents(taxOfCents(cents(gross)));
}

/**
 * The tax of a fee `gross` paid to a person for an item of service in a month in which the same
 * item already paid them `priorGross` with `priorTax` withheld: the tax of the month's one payment
 * (their sum) less what was withheld, never below nothing. Decimal text in and out.
 */
export function labourTaxOnSum(priorGross: string, priorTax: string, gross: string): { combined: string; tax: string } {
  const combined = cents(priorGross) + cents(gross);
  const due = taxOfCents(combined) - cents(priorTax);
  return { combined: fromCents(combined), tax: fromCents(due > 0n ? due : 0n) };
}

const APPROVED = '2';
const IN_APPROVAL = '1';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

interface Payee {
  idNumber: string;
  gross: string;
}

/** Each line's month-sum, tax withheld before it and tax, in the lines' order. */
async function workOut(
  trx: Transaction<any>,
  siteId: number,
  docId: number,
  month: string,
  kind: string,
  lines: Payee[],
): Promise<Array<{ combined: string; priorTax: string; tax: string }>> {
  const ids = [...new Set(lines.map((l) => l.idNumber).filter(Boolean))];
  const before = new Map<string, { gross: bigint; tax: bigint }>();
  if (ids.length)
    for (const r of (
      await sql<{ id: string; gross: string; tax: string }>`select l.id_number as id, coalesce(sum(l.gross), 0)::text as gross,
          coalesce(sum(l.tax), 0)::text as tax
        from exp_employee_fee_line l join exp_employee_fee d on d.id = l.doc_id
        where d.top_dept_id = ${siteId} and d.id <> ${docId} and d.approval_status = ${APPROVED}
          and d.fee_month = ${month} and d.fee_kind = ${kind}
          and l.id_number in (${sql.join(ids)})
        group by l.id_number`.execute(trx)
    ).rows)
      before.set(r.id, { gross: cents(r.gross), tax: cents(r.tax) });
  return lines.map((l) => {
    const prior = before.get(l.idNumber) ?? { gross: 0n, tax: 0n };
    const { combined, tax } = labourTaxOnSum(fromCents(prior.gross), fromCents(prior.tax), l.gross);
    // A later line of the same person in this batch counts this one as paid before it.
    before.set(l.idNumber, { gross: cents(combined), tax: prior.tax + cents(tax) });
    return { combined, priorTax: fromCents(prior.tax), tax };
  });
}

const thisMonth = (ctx: { s: { clock: { now(): number } }; site: { timeZone: string } }) =>
  siteNow(ctx.s.clock.now(), ctx.site.timeZone).month;

defineHooks('employeeFee', {
  async beforeSave(ctx, row, existing) {
    // The month of the batch: what the form says, else what it had, else this month.
    const valid = (m: unknown): m is string => typeof m === 'string' && MONTH.test(m);
    const month = valid(row.feeMonth) ? row.feeMonth : !('feeMonth' in row) && valid(existing?.feeMonth) ? existing.feeMonth : thisMonth(ctx);
    row.feeMonth = month;
    if (!Array.isArray(row.payees)) return;
    const lines = row.payees as Array<Record<string, unknown>>;
    const figures = await workOut(
      ctx.trx,
      ctx.site.id,
      Number(existing?.id ?? 0),
      month,
      String(row.feeKind ?? existing?.feeKind ?? ''),
      lines.map((l) => ({ idNumber: String(l.idNumber ?? ''), gross: String(l.gross ?? '0') })),
    );
    for (const [i, line] of lines.entries()) {
      const f = figures[i]!;
      Object.assign(line, {
        combinedGross: f.combined,
        priorTax: f.priorTax,
        tax: f.tax,
        net: fromCents(cents(line.gross ?? '0') - cents(f.tax)),
      });
    }
  },

  async beforeSubmit(ctx, row) {
    const id = Number(row.id);
    const doc = String(row.feeNo ?? id);
    const kind = String(row.feeKind ?? '');
    let month = typeof row.feeMonth === 'string' ? row.feeMonth : '';
    if (!MONTH.test(month)) {
      // A batch saved before batches had a month (issue 32) is of this month from now on.
      month = thisMonth(ctx);
      await sql`update exp_employee_fee set fee_month = ${month} where id = ${id}`.execute(ctx.trx);
    }
    // Submissions of one month and kind on the site queue here, so each sees the one before in approval.
    await sql`select pg_advisory_xact_lock(hashtext(${`labourFee:${ctx.site.id}:${month}:${kind}`}))`.execute(ctx.trx);
    const stored = (
      await sql<{ name: string; id: string; gross: string; tax: string }>`select payee_name as name, id_number as id,
          gross::text as gross, coalesce(tax, 0)::text as tax
        from exp_employee_fee_line where doc_id = ${id} order by line_no, id`.execute(ctx.trx)
    ).rows;
    const ids = [...new Set(stored.map((l) => l.id))];
    if (ids.length) {
      const open = (
        await sql<{ no: string; name: string }>`select d.fee_no as no, l.payee_name as name
          from exp_employee_fee d join exp_employee_fee_line l on l.doc_id = d.id
          where d.top_dept_id = ${ctx.site.id} and d.id <> ${id} and d.approval_status = ${IN_APPROVAL}
            and d.fee_month = ${month} and d.fee_kind = ${kind} and l.id_number in (${sql.join(ids)})
          order by d.id limit 1`.execute(ctx.trx)
      ).rows[0];
      if (open) throw new AppError(Code.conflict, 'labour.otherOpen', { doc, other: open.no, name: open.name });
    }
    const figures = await workOut(
      ctx.trx,
      ctx.site.id,
      id,
      month,
      kind,
      stored.map((l) => ({ idNumber: l.id, gross: l.gross })),
    );
    for (const [i, l] of stored.entries()) {
      if (cents(figures[i]!.tax) !== cents(l.tax))
        throw new AppError(Code.conflict, 'labour.taxStale', {
          doc,
          line: i + 1,
          name: l.name,
          stored: fromCents(cents(l.tax)),
          computed: figures[i]!.tax,
        });
    }
  },
});
