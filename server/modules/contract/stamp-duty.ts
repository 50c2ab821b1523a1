// Stamp duty (印花税) on contracts, by the Stamp Duty Law (中华人民共和国印花税法, in force since
// 2022-07-01) and its 税目税率表, read with 财政部 税务总局公告2022年第22号 (DOMAIN.md "Contracts"):
//
// - The basis (计税依据) is the amount the contract lists, without the VAT it lists separately
//   (印花税法 第五条第（一）、（二）项: "不包括列明的增值税税款"). A contract that does not list its VAT
//   apart is taxed on its whole amount.
// - The duty is the basis times the rate of the contract's kind (印花税法 第四条 and the table),
//   rounded to the fen, half up. Rates are kept per 100,000 so that every one is a whole number
//   (0.05‰ = 5); kinds the table does not list (property management, labour, training, catering and
//   other contracts outside it) have rate 0.
// - A change of a contract whose duty is paid (公告2022年第22号 第三条第（二）项): an increase pays the
//   duty on the increase; a decrease pays nothing, and the duty on the decrease may be claimed back
//   or offset (申请退还或者抵缴) — it is recorded as such, never as duty payable.
//
// Stamp duty kinds are the dictionary stamp_duty_kind; a kind the table lacks is refused by the
// schema's dictionary check before this runs, and counts as not taxable here.
import { cents, fromCents } from '../budget/ledger.ts';

export const STAMP_DUTY_RATES: Readonly<Record<string, bigint>> = {
  loan: 5n, // 借款合同 0.05‰ (借款金额; 银行业金融机构等与借款人，不包括同业拆借)
  financeLease: 5n, // 融资租赁合同 0.05‰ (租金)
  sale: 30n, // 买卖合同 0.3‰ (价款; 动产买卖合同)
  processing: 30n, // 承揽合同 0.3‰ (报酬)
  construction: 30n, // 建设工程合同 0.3‰ (价款)
  transport: 30n, // 运输合同 0.3‰ (运输费用; 货运合同和多式联运合同)
  technology: 30n, // 技术合同 0.3‰ (价款、报酬或者使用费)
  lease: 100n, // 租赁合同 1‰ (租金)
  custody: 100n, // 保管合同 1‰ (保管费)
  warehousing: 100n, // 仓储合同 1‰ (仓储费)
  insurance: 100n, // 财产保险合同 1‰ (保险费; 不包括再保险合同)
  landGrant: 50n, // 产权转移书据: 土地使用权出让书据 0.5‰
  transfer: 50n, // 产权转移书据: 土地使用权、房屋等建筑物和构筑物所有权转让书据 0.5‰
  equityTransfer: 50n, // 产权转移书据: 股权转让书据 0.5‰ (不包括应缴纳证券交易印花税的)
  ipTransfer: 30n, // 产权转移书据: 商标专用权、著作权、专利权、专有技术使用权转让书据 0.3‰
  propertyService: 0n, // 物业管理：不征
  labour: 0n, // 劳务：不征
  training: 0n, // 培训：不征
  catering: 0n, // 餐饮：不征
  notTaxable: 0n, // 其他不在税目税率表内的合同：不征
};

/** Half up, in whole fen, of a signed amount in fen times a rate per 100,000. */
function dutyOfCents(kind: unknown, base: bigint): bigint {
  const rate = STAMP_DUTY_RATES[String(kind ?? '')] ?? 0n;
  const negative = base < 0n;
  const scaled = (negative ? -base : base) * rate;
  // (x + 50,000) / 100,000: half a fen goes up, on the magnitude (a refund rounds as the duty did).
  const duty = (scaled + 50_000n) / 100_000n;
  return negative ? -duty : duty;
}

const centsOf = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : cents(String(v)));

/**
 * The basis (计税依据) of a contract: its amount less the VAT it lists separately (印花税法 第五条).
 * No VAT listed (empty or 0): the whole amount. Decimal strings in, a decimal string with two places out.
 */
export function taxBase(amount: unknown, vat?: unknown): string {
  return fromCents(centsOf(amount) - centsOf(vat));
}

/** The duty on a basis (a decimal string) of a kind, as a decimal string with two places. */
export function stampDuty(kind: unknown, base: unknown): string {
  return fromCents(dutyOfCents(kind, centsOf(base)));
}

export interface DutyChange {
  /** The change of the basis: new − old (negative for a decrease). */
  base: string;
  /** Duty payable on an increase (≥ 0), or the duty on a decrease to claim back (< 0); 0.00 when equal. */
  duty: string;
  /** The entry is a claim (申请退还或者抵缴), not duty payable. */
  refund: boolean;
}

/**
 * What a change of a contract whose duty is paid books (公告2022年第22号 第三条第（二）项): the duty on
 * the increase of the basis, worked out on the increase itself; on a decrease, the duty on the
 * decrease as a refund to claim (negative).
 */
export function dutyOnChange(kind: unknown, oldBase: unknown, newBase: unknown): DutyChange {
  const delta = centsOf(newBase) - centsOf(oldBase);
  return { base: fromCents(delta), duty: fromCents(dutyOfCents(kind, delta)), refund: delta < 0n };
}
