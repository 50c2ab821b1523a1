// Stamp duty on contracts by the official rules (issue 32), one table per rule, each case with its
// source beside it:
//   [法]    中华人民共和国印花税法 (2021-06-10, in force 2022-07-01) and its 印花税税目税率表
//   [22号]  财政部 税务总局关于印花税若干事项政策执行口径的公告 (公告2022年第22号)
//   [例]    a worked example published on the rule (named where used; not an official text)
// Where the texts give no worked example the case is worked by hand from the article, shown as
// basis × rate = exact figure → figure to the fen.
import { describe, expect, it } from 'vitest';
import { dutyOnChange, STAMP_DUTY_RATES, stampDuty, taxBase } from '../../server/modules/contract/stamp-duty.ts';

describe('the rates of the law’s table [法 第四条, 税目税率表]', () => {
  // Every contract kind of the table on a basis of 1,000,000.00: the rate reads off directly.
  const table: Array<[kind: string, item: string, duty: string]> = [
    ['loan', '借款合同 借款金额的万分之零点五', '50.00'],
    ['financeLease', '融资租赁合同 租金的万分之零点五', '50.00'],
    ['sale', '买卖合同 价款的万分之三', '300.00'],
    ['processing', '承揽合同 报酬的万分之三', '300.00'],
    ['construction', '建设工程合同 价款的万分之三', '300.00'],
    ['transport', '运输合同 运输费用的万分之三', '300.00'],
    ['technology', '技术合同 价款、报酬或者使用费的万分之三', '300.00'],
    ['lease', '租赁合同 租金的千分之一', '1000.00'],
    ['custody', '保管合同 保管费的千分之一', '1000.00'],
    ['warehousing', '仓储合同 仓储费的千分之一', '1000.00'],
    ['insurance', '财产保险合同 保险费的千分之一', '1000.00'],
    ['landGrant', '产权转移书据 土地使用权出让书据 价款的万分之五', '500.00'],
    ['transfer', '产权转移书据 土地使用权、房屋等建筑物和构筑物所有权转让书据 价款的万分之五', '500.00'],
    ['equityTransfer', '产权转移书据 股权转让书据 价款的万分之五', '500.00'],
    ['ipTransfer', '产权转移书据 商标专用权、著作权、专利权、专有技术使用权转让书据 价款的万分之三', '300.00'],
    // Not in the table: no duty [法 第二条: 应税凭证 are those the table lists].
    ['propertyService', '物业管理合同 不在税目税率表内', '0.00'],
    ['labour', '劳务合同 不在税目税率表内', '0.00'],
    ['training', '培训合同 不在税目税率表内', '0.00'],
    ['catering', '餐饮服务合同 不在税目税率表内', '0.00'],
    ['notTaxable', '其他不在税目税率表内的合同', '0.00'],
  ];
  it('lists every kind of the table and the non-taxable ones, and nothing else', () => {
    expect(table.map(([k]) => k).sort()).toEqual(Object.keys(STAMP_DUTY_RATES).sort());
  });
  it.each(table)('%s (%s): 1,000,000.00 → %s', (kind, _item, duty) => {
    expect(stampDuty(kind, '1000000.00')).toBe(duty);
  });
  it('an unknown kind is not taxed', () => {
    expect(stampDuty('securities', '1000000.00')).toBe('0.00');
    expect(stampDuty(undefined, '1000000.00')).toBe('0.00');
  });
});

describe('the basis leaves out the VAT listed separately [法 第五条第（一）项]', () => {
  // "应税合同的计税依据，为合同所列的金额，不包括列明的增值税税款"
  const cases: Array<[what: string, kind: string, amount: string, vat: string | null, base: string, duty: string]> = [
    // 价款 1,000,000 and 增值税 130,000 listed apart (13 %): basis 1,000,000 × 0.3‰ = 300.
    ['sale, VAT listed', 'sale', '1130000.00', '130000.00', '1000000.00', '300.00'],
    // The same total without the VAT listed apart: the whole amount, 1,130,000 × 0.3‰ = 339.
    ['sale, VAT not listed', 'sale', '1130000.00', null, '1130000.00', '339.00'],
    ['VAT given as 0: not listed', 'sale', '1130000.00', '0.00', '1130000.00', '339.00'],
    ['VAT as an empty text: not listed', 'sale', '1130000.00', '', '1130000.00', '339.00'],
    // 租金 300,000 with 9 % VAT 27,000 listed: 300,000 × 1‰ = 300.
    ['lease of premises, VAT listed', 'lease', '327000.00', '27000.00', '300000.00', '300.00'],
    // 技术服务费 200,000 with 6 % VAT 12,000 listed: 200,000 × 0.3‰ = 60.
    ['technology, VAT listed', 'technology', '212000.00', '12000.00', '200000.00', '60.00'],
    // [法 第五条第（二）项] the same for 产权转移书据: 5,000,000 + 9 % VAT 450,000 → 5,000,000 × 0.5‰ = 2,500.
    ['transfer of a building, VAT listed', 'transfer', '5450000.00', '450000.00', '5000000.00', '2500.00'],
    // Odd figures: 98,765.43 − 11,362.30 = 87,403.13 × 0.3‰ = 26.220939 → 26.22.
    ['to the fen', 'sale', '98765.43', '11362.30', '87403.13', '26.22'],
  ];
  it.each(cases)('%s', (_what, kind, amount, vat, base, duty) => {
    expect(taxBase(amount, vat)).toBe(base);
    expect(stampDuty(kind, taxBase(amount, vat))).toBe(duty);
  });
});

describe('a change of a contract whose duty is paid [22号 第三条第（二）项]', () => {
  // "已缴纳印花税的应税凭证，变更后所列金额增加的，纳税人应当就增加部分的金额补缴印花税；变更后所列金额减少
  //  的，纳税人可以就减少部分的金额向税务机关申请退还或者抵缴印花税。"
  const cases: Array<
    [what: string, kind: string, oldBase: string, newBase: string, base: string, duty: string, refund: boolean]
  > = [
    // [例] 会税学院, "变更应税凭证…补缴印花税" (www.10100.com/article/42034758): a construction contract's
    // supplementary agreement adds 10,000,000 → the increase × 0.3‰ = 3,000.
    ['construction +10,000,000 [例]', 'construction', '20000000.00', '30000000.00', '10000000.00', '3000.00', false],
    // The same decrease: nothing payable; the duty on the decrease, 3,000, may be claimed back.
    [
      'construction −10,000,000: a refund to claim',
      'construction',
      '30000000.00',
      '20000000.00',
      '-10000000.00',
      '-3000.00',
      true,
    ],
    // A lease raised from 300,000 to 360,000: 60,000 × 1‰ = 60.
    ['lease +60,000', 'lease', '300000.00', '360000.00', '60000.00', '60.00', false],
    // The duty is on the increase itself, rounded on its own: 100,005 × 1‰ = 100.005 → 100.01, where
    // recomputing the whole (200,010 × 1‰ = 200.01) less what was paid (100.01) would give 100.00.
    ['lease +100,005: rounded on the increase', 'lease', '100005.00', '200010.00', '100005.00', '100.01', false],
    // A change that leaves the basis as it was (a new end date only): nothing.
    ['only the term changes', 'sale', '500000.00', '500000.00', '0.00', '0.00', false],
    // Not taxable before, not taxable after.
    ['property management +50,000', 'propertyService', '200000.00', '250000.00', '50000.00', '0.00', false],
  ];
  it.each(cases)('%s', (_what, kind, oldBase, newBase, base, duty, refund) => {
    expect(dutyOnChange(kind, oldBase, newBase)).toEqual({ base, duty, refund });
  });

  // [22号 第三条第（三）项] VAT listed wrongly and corrected: the basis is worked out again and the
  // difference is paid or claimed like a change of the amount. Total 1,130,000 with VAT put at
  // 130,000 (basis 1,000,000), corrected to 113,000 (basis 1,017,000): 17,000 × 0.3‰ = 5.10 more.
  it('a corrected VAT moves the basis like a change of the amount [22号 第三条第（三）项]', () => {
    const before = taxBase('1130000.00', '130000.00');
    const after = taxBase('1130000.00', '113000.00');
    expect(dutyOnChange('sale', before, after)).toEqual({ base: '17000.00', duty: '5.10', refund: false });
    expect(dutyOnChange('sale', after, before)).toEqual({ base: '-17000.00', duty: '-5.10', refund: true });
  });
});

describe('rounding to the fen, half up (kept from issue 16)', () => {
  const cases: Array<[kind: string, base: string, duty: string, worked: string]> = [
    ['loan', '50000.00', '2.50', '× 0.05‰ = 2.5'],
    ['loan', '10050.00', '0.50', '× 0.05‰ = 0.5025'],
    ['sale', '16700.00', '5.01', '× 0.3‰ = 5.01'],
    ['sale', '1.00', '0.00', '× 0.3‰ = 0.0003'],
    ['sale', '16.67', '0.01', '× 0.3‰ = 0.005001'],
    ['sale', '16.66', '0.00', '× 0.3‰ = 0.004998'],
    ['loan', '1000.00', '0.05', '× 0.05‰ = 0.05'],
    ['lease', '5.00', '0.01', '× 1‰ = 0.005: half a fen goes up'],
    ['transfer', '9999999999.99', '5000000.00', '× 0.5‰ = 4,999,999.999995'],
  ];
  it.each(cases)('%s %s → %s (%s)', (kind, base, duty) => {
    expect(stampDuty(kind, base)).toBe(duty);
  });
});
