// Income tax withheld on labour remuneration (劳务报酬, DOMAIN.md "Expenses and funds": the employee
// fee batch). Per payment x:
//   x ≤ 4,000:  (x − 800) × 20 %  (nothing at or below 800)
//   x > 4,000:  taxable = x × 80 %, then 20 % up to 20,000; 30 % − 2,000 up to 50,000; 40 % − 7,000 above
// To the cent, halves up. A batch's payee lines get their tax and net pay from the server at every
// save; the browser's figures are never taken.
import { defineHooks } from '../../entities/hooks.ts';
import { cents, fromCents } from '../budget/ledger.ts';

/** Half-up division of cents by a positive divisor. */
const div = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** The tax withheld on a payment of `gross` (decimal text), as decimal text. */
export function labourTax(gross: string): string {
  const x = cents(gross);
  if (x <= 80_000n) return '0.00';
  if (x <= 400_000n) return fromCents(div((x - 80_000n) * 20n, 100n));
  const taxable = div(x * 80n, 100n);
  const tax =
    taxable <= 2_000_000n
      ? div(taxable * 20n, 100n)
      : taxable <= 5_000_000n
        ? div(taxable * 30n, 100n) - 200_000n
        : div(taxable * 40n, 100n) - 700_000n;
  return fromCents(tax);
}

defineHooks('employeeFee', {
  beforeSave(_ctx, row) {
    if (!Array.isArray(row.payees)) return;
    for (const line of row.payees as Array<Record<string, unknown>>) {
      const gross = String(line.gross ?? '0');
      line.tax = labourTax(gross);
      line.net = fromCents(cents(gross) - cents(line.tax as string));
    }
  },
});
