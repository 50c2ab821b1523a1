// Cumulative withholding of salary income tax (DOMAIN.md [R]) against hand-computed months.
import { describe, expect, it } from 'vitest';
import { bracketTax, monthTaxText, socialOf } from '../../server/modules/salary/tax.ts';
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
