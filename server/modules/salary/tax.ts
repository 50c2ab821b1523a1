// Individual income tax on salaries by cumulative withholding (累计预扣法, DOMAIN.md "Cars, venues,
// seals, printing, salaries" [R]) and the employee's social deductions — pure functions over cents.
//
//   cumulative taxable = Σ income − basic deduction − Σ deductions   (never below 0)
//   cumulative tax     = taxable × rate − quick deduction             (the bracket table below)
//   this month's tax   = cumulative tax − tax already withheld this year, never below 0
//
// The basic deduction (累计减除费用, basicDeduction below):
// - 5,000 × the months the payee has been employed at the unit this year up to this month — from the
//   month they joined, or January (个人所得税扣缴申报管理办法（试行）, 国家税务总局公告2018年第61号,
//   第六条), whether or not each month had a sheet;
// - 5,000 × the months from January for a person who first takes a job in the year (国家税务总局
//   公告2020年第13号, 第一条: students graduating and others with no wage income earlier in the year);
// - 60,000 from January for a payee employed by the unit all of the previous year, with the tax
//   withheld by it, whose wages of that year were at most 60,000 (国家税务总局公告2020年第19号, 第一条):
//   nothing is withheld until the cumulative income passes 60,000 (less the other deductions).
// Deductions are the social insurance, the housing fund and the special additional deductions.
// Everything to the cent, halves up.
import { cents, fromCents } from '../budget/ledger.ts';

/** ≤ upper (cents): rate %, quick deduction (cents). The last has no upper bound. */
export const BRACKETS: ReadonlyArray<readonly [bigint | null, bigint, bigint]> = [
  [3_600_000n, 3n, 0n],
  [14_400_000n, 10n, 252_000n],
  [30_000_000n, 20n, 1_692_000n],
  [42_000_000n, 25n, 3_192_000n],
  [66_000_000n, 30n, 5_292_000n],
  [96_000_000n, 35n, 8_592_000n],
  [null, 45n, 18_192_000n],
];

/** The monthly basic deduction (起征点), in cents. */
export const MONTHLY_ALLOWANCE = 500_000n;
/** The year's basic deduction a low earner of the previous year has from January (公告2020年第19号), in cents. */
export const YEAR_ALLOWANCE = 6_000_000n;

/**
 * Which basic deduction a payee's year takes (the payee's year of the salary module: salaryTaxYear):
 * - `months`: 5,000 a month from the month of joining the unit (or January), 公告2018年第61号 第六条;
 * - `firstJob`: 5,000 a month from January, the first job of the year, 公告2020年第13号 第一条;
 * - `lowEarner`: 60,000 from January, the previous year at this unit at most 60,000, 公告2020年第19号 第一条.
 */
export type DeductionRule = 'months' | 'firstJob' | 'lowEarner';

/**
 * The cumulative basic deduction (累计减除费用) of the withholding of `month` (1–12) for a payee
 * employed at the unit from `start` (1–12, the month they joined, or 1) of the same year.
 * `months` is how many months it counts. A month before the start has no withholding here: RangeError.
 */
export function basicDeduction(month: number, start: number, rule: DeductionRule = 'months'): { months: number; allowance: bigint } {
  const whole = (n: number) => Number.isInteger(n) && n >= 1 && n <= 12;
  if (!whole(month) || !whole(start) || month < start) throw new RangeError(`no withholding of month ${month} from ${start}`);
  if (rule === 'lowEarner') return { months: month, allowance: YEAR_ALLOWANCE };
  const months = rule === 'firstJob' ? month : month - start + 1;
  return { months, allowance: MONTHLY_ALLOWANCE * BigInt(months) };
}

/** Half-up division of non-negative cents by a positive divisor. */
const div = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** Cents × percent (a rate like 8, 0.5 or 12), half up. */
export function percentOf(amount: bigint, rate: string | number): bigint {
  // The rate to thousandths of a percent: 0.5 % → 500, 12 % → 12000.
  const [whole, frac = ''] = String(rate).split('.');
  const milli = BigInt(whole || '0') * 1000n + BigInt((frac + '000').slice(0, 3));
  return div(amount * milli, 100_000n);
}

/** The tax on a cumulative taxable income (cents). */
export function bracketTax(taxable: bigint): bigint {
  if (taxable <= 0n) return 0n;
  for (const [upper, rate, quick] of BRACKETS) {
    if (upper === null || taxable <= upper) return div(taxable * rate, 100n) - quick;
  }
  return 0n;
}

/** The employee's social insurance out of a month's gross: pension 8 %, medical 2 %, unemployment 0.5 %. */
export function socialOf(gross: bigint): { pension: bigint; medical: bigint; unemployment: bigint } {
  return { pension: percentOf(gross, 8), medical: percentOf(gross, 2), unemployment: percentOf(gross, '0.5') };
}

export interface TaxInput {
  /** What the earlier months of the year (approved sheets) paid this payee, in cents. */
  priorIncome: bigint;
  priorDeductions: bigint;
  priorTax: bigint;
  priorMonths: number;
  /** This month. */
  income: bigint;
  deductions: bigint;
  /**
   * The cumulative basic deduction (basicDeduction); without it, 5,000 × (priorMonths + 1) — every
   * month from January, or from the first month the caller counts.
   */
  allowance?: bigint;
}

export interface TaxResult {
  months: number;
  taxable: bigint;
  cumulativeTax: bigint;
  tax: bigint;
}

/** This month's withholding given the year so far. */
export function monthTax(i: TaxInput): TaxResult {
  const months = i.priorMonths + 1;
  const allowance = i.allowance ?? MONTHLY_ALLOWANCE * BigInt(months);
  const raw = i.priorIncome + i.income - allowance - i.priorDeductions - i.deductions;
  const taxable = raw > 0n ? raw : 0n;
  const cumulativeTax = bracketTax(taxable);
  const due = cumulativeTax - i.priorTax;
  return { months, taxable, cumulativeTax, tax: due > 0n ? due : 0n };
}

/** The same on decimal text, as lines carry money (tests, the sheet's hook). */
export function monthTaxText(i: {
  priorIncome?: string;
  priorDeductions?: string;
  priorTax?: string;
  priorMonths?: number;
  income: string;
  deductions: string;
  allowance?: string;
}): { taxable: string; cumulativeTax: string; tax: string } {
  const r = monthTax({
    priorIncome: cents(i.priorIncome ?? '0'),
    priorDeductions: cents(i.priorDeductions ?? '0'),
    priorTax: cents(i.priorTax ?? '0'),
    priorMonths: i.priorMonths ?? 0,
    income: cents(i.income),
    deductions: cents(i.deductions),
    allowance: i.allowance === undefined ? undefined : cents(i.allowance),
  });
  return { taxable: fromCents(r.taxable), cumulativeTax: fromCents(r.cumulativeTax), tax: fromCents(r.tax) };
}
