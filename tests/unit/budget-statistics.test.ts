// The pure figures of the budget statistics (server/modules/budget/statistics.ts): exact money,
// percentages rounded half up from cents, time progress, and the months of the journal.
import { describe, expect, it } from 'vitest';
import { monthFigures, money, percent, ratesOf, timeProgress } from '../../server/modules/budget/statistics.ts';
const SHANGHAI = 'Asia/Shanghai';

describe('percent', () => {
  it('divides exactly and rounds half away from zero to 2 decimals', () => {
    expect(percent('1', '3')).toBe(33.33);
    expect(percent('2', '3')).toBe(66.67);
    expect(percent('157345.92', '483334.08')).toBe(32.55);
    // 0.125 % exactly: rounds up, where binary floating point would give 0.12.
    expect(percent('1.25', '1000.00')).toBe(0.13);
    expect(percent('-1.25', '1000.00')).toBe(-0.13);
    expect(percent('0.01', '99999999999999.99')).toBe(0);
    expect(percent('120', '100')).toBe(120);
    expect(percent(5n, 12n)).toBe(41.67);
  });

  it('is 0 without a positive whole', () => {
    expect(percent('10', '0')).toBe(0);
    expect(percent('10', '0.00')).toBe(0);
    expect(percent('10', null)).toBe(0);
  });
});

describe('money', () => {
  it('answers two-decimal strings, exactly, for any sum the database gives', () => {
    expect(money('0')).toBe('0.00');
    expect(money(null)).toBe('0.00');
    expect(money('123.4')).toBe('123.40');
    expect(money('98765432109876.54')).toBe('98765432109876.54');
    expect(money('-5.00')).toBe('-5.00');
  });
});

describe('rates and time progress', () => {
  it('gives execution, payment and utilisation (frozen + used) over adjusted', () => {
    expect(ratesOf({ adjusted: '370000.50', frozen: '2000.00', used: '112345.67', paid: '72345.67' })).toEqual({
      executionRate: 30.36,
      paymentRate: 19.55,
      utilisationRate: 30.9,
    });
    expect(ratesOf({ adjusted: '0.00', frozen: '0', used: '0', paid: '0' })).toEqual({
      executionRate: 0,
      paymentRate: 0,
      utilisationRate: 0,
    });
  });

  it('counts time progress in months of the year on the site clock: 0 before, month/12 during, 100 after', () => {
    const now = new Date('2026-11-22T04:00:00Z');
    expect(timeProgress('2026', now, SHANGHAI)).toBe(91.67);
    expect(timeProgress('2025', now, SHANGHAI)).toBe(100);
    expect(timeProgress('2027', now, SHANGHAI)).toBe(0);
    expect(timeProgress('2026', new Date('2026-01-01T00:00:00+08:00'), SHANGHAI)).toBe(8.33);
    expect(timeProgress('2026', new Date('2026-12-31T23:59:00+08:00'), SHANGHAI)).toBe(100);
    // 17:00 UTC on 31 December is already the new year in China: a year to come, on a site in China.
    expect(timeProgress('2027', new Date('2026-12-31T17:00:00Z'), SHANGHAI)).toBe(8.33);
    expect(timeProgress('2027', new Date('2026-12-31T17:00:00Z'), 'Europe/Lisbon')).toBe(0);
  });
});

describe('months of the journal', () => {
  it('sum per month, cumulate, and mark the months that have begun', () => {
    const months = monthFigures(
      [
        { month: 2, kind: 'consume', amount: '100.10' },
        { month: 2, kind: 'pay', amount: '50.00' },
        { month: 0, kind: 'consume', amount: '0.90' }, // before the year: January
        { month: 13, kind: 'consume', amount: '9.00' }, // after it: December
        { month: 3, kind: 'freeze', amount: '999.00' }, // not spending
      ],
      '1000.00',
      '2026',
      new Date('2026-03-10T02:00:00Z'),
      SHANGHAI,
    );
    expect(months.map((m) => m.used)).toEqual(['0.90', '100.10', ...Array(9).fill('0.00'), '9.00']);
    expect(months.map((m) => m.cumulativeUsed).slice(0, 3)).toEqual(['0.90', '101.00', '101.00']);
    expect(months[11]).toMatchObject({ cumulativeUsed: '110.00', cumulativePaid: '50.00', executionRate: 11, timeProgress: 100 });
    expect(months[1]).toMatchObject({ paid: '50.00', executionRate: 10.1, timeProgress: 16.67, elapsed: true });
    expect(months.filter((m) => m.elapsed).map((m) => m.month)).toEqual([1, 2, 3]);
  });
});
