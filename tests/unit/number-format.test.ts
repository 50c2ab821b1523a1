// Issue 34: numbers in the reader's separators everywhere they show, and a printed figure that
// never breaks inside itself.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberSeparators, thousands } from '../../renderer/format.ts';
import { yuan } from '../../src/views/home/budget/format.ts';
import { charWidth, columnWeights, columnWidths, isFigureColumn, longestWord } from '../../renderer/print/lineColumns.ts';

describe('thousands in the reader\'s language', () => {
  it('writes pt-BR 1.234,56, en-US and zh 1,234.56', () => {
    expect(thousands('1234.56', 2, 'pt-BR')).toBe('1.234,56');
    expect(thousands('1234.56', 2, 'en-US')).toBe('1,234.56');
    expect(thousands('1234.56', 2, 'zh-CN')).toBe('1,234.56');
    expect(thousands('1234.56', 2, 'zh-TW')).toBe('1,234.56');
    expect(thousands('1234567.5', 2, 'pt-BR')).toBe('1.234.567,50');
    expect(thousands('-9876543210.01', 2, 'pt-BR')).toBe('-9.876.543.210,01');
    expect(thousands(1234567, undefined, 'pt-BR')).toBe('1.234.567');
    expect(thousands('2.5', undefined, 'pt-BR')).toBe('2,5');
    expect(thousands('1000', 2, 'pt-BR')).toBe('1.000,00');
  });

  it('stays exact and leaves what is no number as it is', () => {
    expect(thousands('1.005', 2, 'pt-BR')).toBe('1,005');
    expect(thousands('abc', 2, 'pt-BR')).toBe('abc');
    expect(thousands(null, 2, 'pt-BR')).toBe('');
    // Without a language: 1,234.56 (as before).
    expect(thousands('1234.56', 2)).toBe('1,234.56');
  });

  it('agrees with Intl for each language', () => {
    for (const language of ['zh-CN', 'zh-TW', 'en-US', 'pt-BR']) {
      const intl = new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(1234567.89);
      expect(thousands('1234567.89', 2, language)).toBe(intl);
      const parts = new Intl.NumberFormat(language).formatToParts(1234.5);
      expect(numberSeparators(language)).toEqual({
        group: parts.find((p) => p.type === 'group')!.value,
        decimal: parts.find((p) => p.type === 'decimal')!.value,
      });
    }
  });

  it('the dashboards\' amounts follow it too', () => {
    expect(yuan('1234567.5', 'pt-BR')).toBe('¥1.234.567,50');
    expect(yuan('-1000', 'pt-BR')).toBe('-¥1.000,00');
    expect(yuan('1234567.5', 'en-US')).toBe('¥1,234,567.50');
  });
});

describe('a printed figure', () => {
  it('money, counts and dates are figures; words are not', () => {
    expect(isFigureColumn('money', undefined)).toBe(true);
    expect(isFigureColumn(undefined, 'integer')).toBe(true);
    expect(isFigureColumn(undefined, 'date')).toBe(true);
    expect(isFigureColumn(undefined, 'string')).toBe(false);
    expect(isFigureColumn('text', 'number')).toBe(false);
  });

  it('its column takes its longest figure or its heading\'s longest word, whichever is wider', () => {
    expect(charWidth('林小雨')).toBe(6);
    expect(longestWord('Acima do padrão (por conta própria)')).toBe(8);
    expect(longestWord('超标自理金额')).toBe(2);
    const weights = columnWeights([
      { heading: 'Alimentação', texts: ['300,00'], figure: true },
      { heading: 'Subtotal', texts: ['1.540,00', '12.345,67'], figure: true },
      { heading: 'Nível', texts: ['Demais servidores'], figure: false },
      { heading: 'Dias', texts: ['3'], figure: true },
    ]);
    expect(weights).toEqual([11, 11, 10, 4]);
    const widths = columnWidths([{ heading: 'a', texts: ['1.000,00'], figure: true }, { heading: 'b', texts: ['x'], figure: false }]);
    expect(widths).toEqual(["71.43%", "28.57%"]);
  });

  it('does not wrap, and a label cell wraps between words', () => {
    const css = fs.readFileSync(path.join(__dirname, '../../renderer/print/print.css'), 'utf8');
    const rule = (selector: string) => {
      const at = css.indexOf(`${selector} {`);
      expect(at, selector).toBeGreaterThanOrEqual(0);
      return css.slice(at, css.indexOf('}', at));
    };
    expect(rule('.print-lines td.print-figure')).toMatch(/white-space: nowrap/);
    expect(rule('.print-lines td.print-figure')).toMatch(/overflow-wrap: normal/);
    expect(rule('.print-grid th')).toMatch(/white-space: normal/);
    expect(css).not.toMatch(/overflow-wrap: anywhere/);
  });
});
