// Cumulative withholding of salary income tax (DOMAIN.md [R]) against hand-computed months.
import { describe, expect, it } from 'vitest';
import { basicDeduction, bracketTax, monthTax, monthTaxText, socialOf, type DeductionRule } from '../../server/modules/salary/tax.ts';
import { cents, fromCents } from '../../server/modules/budget/ledger.ts';

describe('salary income tax by cumulative withholding', () => {
  it('January alone: 10,000 gross less the social deductions and a 12 % housing fund', () => {
    const s = socialOf(cents('10000.00'));
    expect([s.pension, s.medical, s.unemployment].map(fromCents)).toEqual(['800.00', '200.00', '50.00']);
    // deductions 800 + 200 + 50 + 1,200 = 2,250; taxable 10,000 − 5,000 − 2,250 = 2,750; × 3 % = 82.50
    expect(monthTaxText({ income: '10000.00', deductions: '2250.00' })).toEqual({
      taxable: '2750.00',
      cumulativeTax: '82.50',
      tax: '82.50',
    });
  });

  it('a month where the cumulative taxable crosses 36,000: 3 % → 10 % − 2,520', () => {
    // 20,000 a month, 2,000 of deductions: 13,000 taxable a month.
    const jan = monthTaxText({ income: '20000.00', deductions: '2000.00' });
    expect(jan).toEqual({ taxable: '13000.00', cumulativeTax: '390.00', tax: '390.00' }); // 13,000 × 3 %
    const feb = monthTaxText({
      priorIncome: '20000.00',
      priorDeductions: '2000.00',
      priorTax: '390.00',
      priorMonths: 1,
      income: '20000.00',
      deductions: '2000.00',
    });
    expect(feb).toEqual({ taxable: '26000.00', cumulativeTax: '780.00', tax: '390.00' }); // 26,000 × 3 % − 390
    const mar = monthTaxText({
      priorIncome: '40000.00',
      priorDeductions: '4000.00',
      priorTax: '780.00',
      priorMonths: 2,
      income: '20000.00',
      deductions: '2000.00',
    });
    // 39,000 × 10 % − 2,520 = 1,380; less the 780 withheld = 600
    expect(mar).toEqual({ taxable: '39000.00', cumulativeTax: '1380.00', tax: '600.00' });
  });

  it('an income below the threshold pays nothing, and never less than nothing', () => {
    expect(monthTaxText({ income: '4800.00', deductions: '0.00' }).tax).toBe('0.00');
    // A lower month after a high one: the cumulative tax falls below what was withheld → 0, not a refund.
    expect(
      monthTaxText({
        priorIncome: '12000.00',
        priorDeductions: '0.00',
        priorTax: '210.00',
        priorMonths: 1,
        income: '1000.00',
        deductions: '0.00',
      }),
    ).toEqual({ taxable: '3000.00', cumulativeTax: '90.00', tax: '0.00' });
  });

  it('the bracket table at its edges', () => {
    const t = (x: string) => fromCents(bracketTax(cents(x)));
    expect(t('36000.00')).toBe('1080.00');
    expect(t('36000.01')).toBe('1080.00'); // 3,600.001 − 2,520 rounds to 1,080.00
    expect(t('144000.00')).toBe('11880.00');
    expect(t('300000.00')).toBe('43080.00');
    expect(t('1000000.00')).toBe('268080.00'); // 45 % − 181,920
  });
});

// The basic deduction (累计减除费用) of the months employed, the first job and the low earner (issue 32).
// Each case names where its figures come from: the 国家税务总局 解读 of the announcement, or, marked
// "ours", a month or salary we add to a 解读's case to show the rule at work.
describe('the basic deduction of the payee’s year', () => {
  /** The year's withholding month by month from `start`: each month's income and deductions alike. */
  function withhold(p: { start: number; to: number; rule?: DeductionRule; income: string; deductions: string }) {
    let prior = { income: 0n, deductions: 0n, tax: 0n, months: 0 };
    const out: string[] = [];
    for (let month = p.start; month <= p.to; month++) {
      const { allowance } = basicDeduction(month, p.start, p.rule);
      const r = monthTax({
        priorIncome: prior.income,
        priorDeductions: prior.deductions,
        priorTax: prior.tax,
        priorMonths: prior.months,
        income: cents(p.income),
        deductions: cents(p.deductions),
        allowance,
      });
      out.push(fromCents(r.tax));
      prior = {
        income: prior.income + cents(p.income),
        deductions: prior.deductions + cents(p.deductions),
        tax: prior.tax + r.tax,
        months: prior.months + 1,
      };
    }
    return out;
  }

  it.each([
    // 个人所得税扣缴申报管理办法（试行）(公告2018年第61号) 第六条: 5,000 × the months employed at the unit
    // this year up to the month — from the month of joining, or January.
    { source: '61号 第六条: employed before the year', month: 1, start: 1, rule: 'months', allowance: '5000.00', months: 1 },
    { source: '61号 第六条: employed before the year', month: 12, start: 1, rule: 'months', allowance: '60000.00', months: 12 },
    { source: '61号 第六条: joined in March, the months employed', month: 7, start: 3, rule: 'months', allowance: '25000.00', months: 5 },
    // 公告2020年第13号 解读: 大学生小张2020年7月毕业后进入某公司工作 … 可减除费用35000元（7个月×5000元/月）;
    // without the announcement (61号 第六条 alone) his July counts one month.
    { source: '13号 解读, 小张 without the first-job rule', month: 7, start: 7, rule: 'months', allowance: '5000.00', months: 1 },
    { source: '13号 解读, 小张 (first job, July)', month: 7, start: 7, rule: 'firstJob', allowance: '35000.00', months: 7 },
    { source: '13号 解读, 小张 in August (ours)', month: 8, start: 7, rule: 'firstJob', allowance: '40000.00', months: 8 },
    // 公告2020年第19号 第一条: 累计减除费用自1月份起直接按照全年6万元计算扣除.
    { source: '19号 第一条, January', month: 1, start: 1, rule: 'lowEarner', allowance: '60000.00', months: 1 },
    { source: '19号 第一条, December', month: 12, start: 1, rule: 'lowEarner', allowance: '60000.00', months: 12 },
  ] as const)('$source: month $month from $start ($rule) → $allowance', ({ month, start, rule, allowance, months }) => {
    const r = basicDeduction(month, start, rule);
    expect({ allowance: fromCents(r.allowance), months: r.months }).toEqual({ allowance, months });
  });

  it('has no withholding of a month before the payee joined', () => {
    expect(() => basicDeduction(2, 3)).toThrow(RangeError);
    expect(() => basicDeduction(13, 1)).toThrow(RangeError);
  });

  it.each([
    {
      // 公告2018年第61号 解读, 例1: 某职员2015年入职，2019年每月应发工资均为10000元 … 专项扣除为1500元 … 子女教育
      // 专项附加扣除1000元: 1月 (10000−5000−1500−1000)×3%=75; 2月 75; 3月 75.
      source: '61号 解读 例1',
      case: { start: 1, to: 3, income: '10000.00', deductions: '2500.00' },
      taxes: ['75.00', '75.00', '75.00'],
    },
    {
      // 公告2018年第61号 解读, 例2: 每月应发工资均为30000元 … 专项扣除为4500元 … 专项附加扣除共计2000元:
      // 1月 555; 2月 (37000×10%−2520)−555 = 625; 3月 (55500×10%−2520)−555−625 = 1850.
      source: '61号 解读 例2',
      case: { start: 1, to: 3, income: '30000.00', deductions: '6500.00' },
      taxes: ['555.00', '625.00', '1850.00'],
    },
    {
      // 61号 第六条 with 例1's pay (ours): joined in October, each month 5,000 more — the same 75 a month.
      source: '61号 第六条, 例1’s pay from October (ours)',
      case: { start: 10, to: 12, income: '10000.00', deductions: '2500.00' },
      taxes: ['75.00', '75.00', '75.00'],
    },
    {
      // 13号 解读's 小张 with a salary of ours: 10,000 and 2,250 of social deductions from July. Without the
      // first-job rule: (10000 − 5000 − 2250) × 3 % = 82.50 in July.
      source: '13号 解读, 小张 without the rule (salary ours)',
      case: { start: 7, to: 8, rule: 'months', income: '10000.00', deductions: '2250.00' },
      taxes: ['82.50', '82.50'],
    },
    {
      // The same with the rule: 35,000 / 40,000 of deduction, nothing withheld yet.
      source: '13号 解读, 小张 (salary ours)',
      case: { start: 7, to: 8, rule: 'firstJob', income: '10000.00', deductions: '2250.00' },
      taxes: ['0.00', '0.00'],
    },
    {
      // 公告2020年第19号 解读, 小李: 2020年工薪收入合计54000元, 2021年1月工资10000元, 三险一金2000元: 按原预扣预缴方法
      // 1月需预缴 (10000−5000−2000)×3% = 90元; 采用新方法后 … 无需预缴. The old method first:
      source: '19号 解读, 小李 by the old method',
      case: { start: 1, to: 1, rule: 'months', income: '10000.00', deductions: '2000.00' },
      taxes: ['90.00'],
    },
    {
      // … and the new one through the year (the months after January are ours): 80,000 − 60,000 − 16,000 =
      // 4,000 × 3 % = 120 in August, the first month anything is withheld.
      source: '19号 解读, 小李 by the new method (February on ours)',
      case: { start: 1, to: 9, rule: 'lowEarner', income: '10000.00', deductions: '2000.00' },
      taxes: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '120.00', '240.00'],
    },
    {
      // 19号 第一条: 在纳税人累计收入不超过6万元的月份，暂不预扣预缴 … 在其累计收入超过6万元的当月 … 再预扣预缴
      // (10,000 a month and no other deductions, ours): June reaches 60,000 — nothing; July passes it — 300.
      source: '19号 第一条, the month the income passes 60,000 (pay ours)',
      case: { start: 1, to: 8, rule: 'lowEarner', income: '10000.00', deductions: '0.00' },
      taxes: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '300.00', '300.00'],
    },
  ] as const)('$source', ({ case: c, taxes }) => {
    expect(withhold(c)).toEqual(taxes);
  });
});
