// How a print table's columns share the sheet (issue 34): a figure (money, a count, a date) never
// breaks inside itself — its cells do not wrap and its column is at least as wide as its longest
// figure — and a heading wraps between words, its longest word kept whole where the sheet allows.
// Each column's share of the width follows what it has to hold, in character widths.
import type { FieldType } from '../types.ts';

/** Field types whose printed value is one unbreakable figure. */
const FIGURES: ReadonlySet<string> = new Set<FieldType | string>(['money', 'number', 'integer', 'date', 'datetime']);

/** Whether a column prints figures: a `money` filter, or a line field of a figure type. */
export function isFigureColumn(filter: string | undefined, type: string | undefined): boolean {
  return filter === 'money' || (filter !== 'text' && type !== undefined && FIGURES.has(type));
}

/** A text's width in digit widths: a CJK or full-width character counts two. */
export function charWidth(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return n;
}

/** The longest piece a text will not break in: a word (CJK breaks between any two characters). */
export function longestWord(text: string): number {
  return Math.max(0, ...text.split(/[\s\u3000]+|(?<=[\u2e80-\u9fff\uff00-\uffef])|(?=[\u2e80-\u9fff\uff00-\uffef])/u).map(charWidth));
}

export interface PrintColumn {
  heading: string;
  /** The cells' printed texts. */
  texts: string[];
  figure: boolean;
}

/**
 * Each column's weight (digit widths): a figure column its longest figure (plus two: its
 * separators and the padding's rounding) or its heading's longest word; a column of words its
 * longest word up to 12, its text up to 8, its heading's longest word (a fifth more: its letters are
 * wider than digits) — at least 4. The figures come first: a heading word may break, a figure never.
 */
export function columnWeights(columns: PrintColumn[]): number[] {
  return columns.map((c) => {
    if (c.figure) return Math.max(4, longestWord(c.heading), ...c.texts.map((t) => charWidth(t) + 2));
    const heading = Math.ceil(longestWord(c.heading) * 1.2);
    const word = Math.max(0, ...c.texts.map((t) => Math.min(12, longestWord(t))));
    const text = Math.max(0, ...c.texts.map((t) => Math.min(8, charWidth(t))));
    return Math.max(4, heading, word, text);
  });
}

/** The columns' widths as shares of the table (CSS percentages). */
export function columnWidths(columns: PrintColumn[]): string[] {
  const weights = columnWeights(columns);
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return weights.map((w) => `${((w / sum) * 100).toFixed(2)}%`);
}

/** More columns than this print in the dense table (a smaller face, narrower padding). */
export const DENSE_COLUMNS = 7;
