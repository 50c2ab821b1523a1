// The unified social credit code (统一社会信用代码) of a legal entity or other organisation, the tax
// id every Chinese supplier prints on its invoices, by GB 32100-2015 (法人和其他组织统一社会信用代码
// 编码规则). One pure function for the server's validation (validators/ajv.ts, format `uscc`) and
// the browser's form (renderer/form/build.ts).
//
// 18 characters from the code's alphabet — the digits and the capital letters without I, O, S, V
// and Z (31 characters, valued 0–30 in that order):
// - 1: the registration authority (1 机构编制, 5 民政, 9 工商, Y 其他 … as the standard lists them),
// - 2: the kind of organisation under it,
// - 3–8: the registering office's administrative division (GB/T 2260), six digits,
// - 9–17: the organisation's identifier (GB 11714, its own check character last),
// - 18: the check character: C18 = 31 − (Σ Ci × Wi mod 31) for i = 1…17, Wi = 3^(i−1) mod 31
//   (1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28); a result of 31 is 0, and
//   the value is written with the alphabet (30 is Y).
//
// Nothing is corrected: lower-case letters, spaces and full-width characters are refused as typed
// (a code is copied from a licence or an invoice exactly), so what is stored is what the tax bureau
// knows.

export const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
export const USCC_LENGTH = 18;

export type UsccProblem =
  /** Not 18 characters. */
  | 'length'
  /** A character outside the alphabet, or a division code that is not six digits. */
  | 'characters'
  /** The 18th character is not the one the first 17 make. */
  | 'checkDigit';

/** The check character the first 17 characters of a code make, or null when they are not 17 of the alphabet. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== USCC_LENGTH - 1) return null;
  let sum = 0;
  for (let i = 0; i < first17.length; i++) {
    const value = USCC_ALPHABET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * USCC_WEIGHTS[i]!;
  }
  return USCC_ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** What is wrong with a code, or null when it is a well-formed code with the right check character. */
export function usccProblem(value: string): UsccProblem | null {
  if (value.length !== USCC_LENGTH) return 'length';
  if (![...value].every((c) => USCC_ALPHABET.includes(c)) || !/^\d{6}$/.test(value.slice(2, 8))) return 'characters';
  return usccCheckChar(value.slice(0, 17)) === value[17] ? null : 'checkDigit';
}

/** Whether the value is a unified social credit code by GB 32100-2015 (its check character included). */
export function isUscc(value: unknown): boolean {
  return typeof value === 'string' && usccProblem(value) === null;
}
