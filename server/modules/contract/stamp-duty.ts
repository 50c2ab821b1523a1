// Stamp duty (印花税) on contracts, by the 2022 Stamp Duty Law's table (DOMAIN.md "Contracts"):
// the duty is the contract's amount times the rate of its kind, rounded to the fen (half up).
// Rates are kept per 100,000 so that every one is a whole number (0.05‰ = 5); the kinds the law
// does not tax (property management, labour, training, catering) have rate 0.
//
// Stamp duty kinds are the dictionary stamp_duty_kind; a kind the table lacks is refused by the
// schema's dictionary check before this runs, and counts as not taxable here.
import { cents, fromCents } from '../budget/ledger.ts';

export const STAMP_DUTY_RATES: Readonly<Record<string, bigint>> = {
  sale: 30n, // 买卖合同 0.3‰
  processing: 30n, // 承揽合同 0.3‰
  construction: 30n, // 建设工程合同 0.3‰
  transport: 30n, // 运输合同 0.3‰
  technology: 30n, // 技术合同 0.3‰
  lease: 100n, // 租赁合同 1‰
  custody: 100n, // 保管合同 1‰
  warehousing: 100n, // 仓储合同 1‰
  insurance: 100n, // 财产保险合同 1‰
  loan: 5n, // 借款合同 0.05‰
  transfer: 50n, // 产权转移书据 0.5‰
  propertyService: 0n, // 物业管理：不征
  labour: 0n, // 劳务：不征
  training: 0n, // 培训：不征
  catering: 0n, // 餐饮：不征
};

/** The duty on an amount (a decimal string) of a kind, as a decimal string with two places. */
export function stampDuty(kind: unknown, amount: unknown): string {
  const rate = STAMP_DUTY_RATES[String(kind ?? '')] ?? 0n;
  const base = cents(String(amount ?? '0'));
  const negative = base < 0n;
  const scaled = (negative ? -base : base) * rate;
  // Half up, in whole fen: (x + 50,000) / 100,000.
  const duty = (scaled + 50_000n) / 100_000n;
  return fromCents(negative ? -duty : duty);
}
