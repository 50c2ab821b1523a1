// What identifies an invoice (发票), for the invoice register of issue 31: one pure function for the
// server's register (server/entities/invoices.ts) and the browser's form (renderer/form/build.ts).
//
// - A fully digital invoice (全面数字化的电子发票, 数电票) has a number of 20 digits and no code: a
//   code typed beside such a number is no part of it and is dropped.
// - Every other invoice (增值税专用发票: code of 10 digits; 增值税普通发票 and 增值税电子普通发票: code
//   of 12 digits; number of 8 digits; other numbered receipts alike) is its code and its number
//   together: the same number under another code is another invoice, and without its code the
//   invoice is not identified (refused, so a claim cannot leave the code out where another typed it).
// - Spelling never matters: spaces (full-width too), hyphens and dashes go, full-width digits are
//   digits (Unicode NFKC), and zeros in front of a number or a code do not count (0012345678 is
//   12345678, an invoice number of 8 digits "00123456" is "123456" typed in full). An empty code is
//   no code.
//
// The register keys on `key`; the line keeps `number` and `code`: what was typed, in plain digits
// without separators (zeros in front dropped only where they do not fit: more than 20 digits of
// number, more than 12 of code; a number of fewer than 8 digits padded to 8).

export type InvoiceProblem =
  /** The number is not digits (after the spelling is cleaned), is all zeros, or is longer than 20 digits. */
  | 'number'
  /** The code is not digits or is longer than 12 digits. */
  | 'code'
  /** A number that is not a fully digital invoice's (20 digits) and no code beside it. */
  | 'codeMissing';

export interface InvoiceIdentity {
  ok: true;
  /** 'digital': 全电发票 (20-digit number, no code); 'traditional': code + number. */
  kind: 'digital' | 'traditional';
  /** The number as the line keeps it. */
  number: string;
  /** The code as the line keeps it; null for a fully digital invoice. */
  code: string | null;
  /** What the register keys on: the number's significant digits, after the code's for a traditional one. */
  key: string;
}

export type InvoiceReading = InvoiceIdentity | { ok: false; problem: InvoiceProblem };

/** Digits of a fully digital invoice's number. */
export const DIGITAL_NUMBER_DIGITS = 20;
const NUMBER_MAX = 20;
const NUMBER_MIN = 8;
const CODE_MAX = 12;

// Spaces of every kind, zero-width characters, hyphens, dashes and minus signs (after NFKC, which
// has already made full-width ones plain).
const SEPARATORS = /[\s\u200b-\u200d\u2060\ufeff\-\u2010-\u2015\u2212\u2796\ufe58]/g;

/** The digits of a typed value, or null when anything but digits and separators is in it. */
function digitsOf(value: unknown): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return null;
  const plain = value.normalize('NFKC').replace(SEPARATORS, '');
  return /^[0-9]*$/.test(plain) ? plain : null;
}

const significant = (digits: string) => digits.replace(/^0+/, '');

/** The identity of an invoice from its number and code as typed, or why it is none. */
export function invoiceIdentity(number: unknown, code?: unknown): InvoiceReading {
  const typed = digitsOf(number);
  if (typed === null) return { ok: false, problem: 'number' };
  const n = significant(typed);
  if (!n || n.length > NUMBER_MAX) return { ok: false, problem: 'number' };
  if (n.length === DIGITAL_NUMBER_DIGITS) return { ok: true, kind: 'digital', number: n, code: null, key: n };
  const codeTyped = digitsOf(code);
  if (codeTyped === null) return { ok: false, problem: 'code' };
  const c = significant(codeTyped);
  if (!c) return { ok: false, problem: 'codeMissing' };
  if (c.length > CODE_MAX) return { ok: false, problem: 'code' };
  const kept = typed.length <= NUMBER_MAX ? typed : n;
  return {
    ok: true,
    kind: 'traditional',
    number: kept.padStart(NUMBER_MIN, '0'),
    code: codeTyped.length <= CODE_MAX ? codeTyped : c,
    key: `${c}:${n}`,
  };
}

/** Whether a number as typed is one the register can read (the form's check; the code is the server's). */
export function invoiceNumberReadable(number: unknown): boolean {
  const read = invoiceIdentity(number, '1');
  return read.ok;
}
