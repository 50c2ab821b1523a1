// The labour-remuneration withholding of DOMAIN.md against hand-computed payments.
import { describe, expect, it } from 'vitest';
import { labourTax } from '../../server/modules/expense/labour-tax.ts';

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
