// The labour-remuneration withholding of DOMAIN.md against hand-computed payments.
import { describe, expect, it } from 'vitest';
import { labourTax, labourTaxOnSum } from '../../server/modules/expense/labour-tax.ts';

describe('labour remuneration tax', () => {
  it.each([
    ['500.00', '0.00'], // under the 800 allowance
    ['800.00', '0.00'],
    ['800.05', '0.01'], // 0.05 × 20 % = 0.01
    ['3000.00', '440.00'], // (3000 − 800) × 20 %
    ['4000.00', '640.00'], // (4000 − 800) × 20 %, the last of the first rule
    ['4000.01', '640.00'], // 4000.01 × 80 % = 3200.008 → 3200.01 taxable, × 20 % = 640.002
    ['5000.00', '800.00'], // 5000 × 80 % × 20 %
    ['25000.00', '4000.00'], // taxable 20000 × 20 %
    ['25001.00', '4000.24'], // taxable 20000.80 × 30 % = 6000.24, − 2000
    ['30000.00', '5200.00'], // taxable 24000 × 30 % − 2000
    ['62500.00', '13000.00'], // taxable 50000 × 30 % − 2000
    ['70000.00', '15400.00'], // taxable 56000 × 40 % − 7000
  ])('withholds on %s: %s', (gross, tax) => {
    expect(labourTax(gross)).toBe(tax);
  });
});

// One payment a month per person and item of service (个人所得税法实施条例 第十四条: 属于同一项目连续性收入
// 的，以一个月内取得的收入为一次; issue 32): a later fee of the month is taxed on the sum, less what
// the earlier ones withheld. Each case names its source; "ours" marks a fee we add to it.
describe('labour remuneration of one month and item, one payment', () => {
  it.each([
    // 个人所得税扣缴申报管理办法（试行）(公告2018年第61号) 解读: 假如某居民个人取得劳务报酬所得2000元 … 收入额
    // 2000−800=1200元, 应预扣预缴税额 1200×20%=240元. The first fee of the month, nothing before it.
    { source: '61号 解读, the 2,000 fee alone', prior: ['0.00', '0.00'], gross: '2000.00', combined: '2000.00', tax: '240.00' },
    // 条例 第十四条 on the 解读's fee (the second ours): 2,000 more in the month is one payment of 4,000:
    // (4000 − 800) × 20 % = 640, less the 240 withheld = 400 — not 240 again.
    { source: '第十四条: a second 2,000 (ours)', prior: ['2000.00', '240.00'], gross: '2000.00', combined: '4000.00', tax: '400.00' },
    // A third of 1,000 (ours) passes 4,000: 5,000 × 80 % × 20 % = 800, less 640 = 160.
    { source: '第十四条: a third 1,000 (ours)', prior: ['4000.00', '640.00'], gross: '1000.00', combined: '5000.00', tax: '160.00' },
    // Two fees of 20,000 (ours): 40,000 × 80 % = 32,000 × 30 % − 2,000 = 7,600, less the first's 3,200 = 4,400.
    { source: '第十四条: two of 20,000 (ours)', prior: ['20000.00', '3200.00'], gross: '20000.00', combined: '40000.00', tax: '4400.00' },
    // Two of 30,000 (ours): one payment of 60,000 → 48,000 × 30 % − 2,000 = 12,400; the first withheld 5,200
    // (30,000 alone) → 7,200. Taxed apart they would withhold 10,400: 2,000 too little.
    { source: '第十四条: two of 30,000 (ours)', prior: ['30000.00', '5200.00'], gross: '30000.00', combined: '60000.00', tax: '7200.00' },
    // Never less than nothing: an earlier fee that withheld more than the sum's tax (ours).
    { source: 'never below nothing (ours)', prior: ['1000.00', '500.00'], gross: '100.00', combined: '1100.00', tax: '0.00' },
  ])('$source: $gross after $prior → $tax on $combined', ({ prior, gross, combined, tax }) => {
    expect(labourTaxOnSum(prior[0]!, prior[1]!, gross)).toEqual({ combined, tax });
    // Nothing before it: the fee alone, as labourTax has it.
    expect(labourTaxOnSum('0', '0', gross).tax).toBe(labourTax(gross));
  });
});
