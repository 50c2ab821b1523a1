// Formats and patterns every side checks the same way.
export const MONEY_PATTERN = '^-?\\d{1,16}(\\.\\d{1,2})?$';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?$';
export const IPV4_PATTERN = '^(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}$';
export const PHONE_PATTERN = '^[0-9+()\\- ]{5,32}$';
/** Spec section 5: a file name is at most 80 characters. */
export const FILE_NAME_MAX = 80;

export function isIPv4(value: string): boolean {
  return new RegExp(IPV4_PATTERN).test(value);
}

/** A signed decimal text of at most two places as exact cents, or null when it is not one. */
export function centsOf(text: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export function isMoney(value: string): boolean {
  return new RegExp(MONEY_PATTERN).test(value);
}

/**
 * How many digits after the point a number has, read from its shortest decimal text (String(n), the
 * digits JSON carries): 1.005 → 3, 2.5 → 1, 1e-7 → 7, 1.5e-7 → 8, 1e21 → 0. Not a finite number:
 * Infinity. Never rounded first — 1.005 is three places, whatever toFixed(2) would make of it.
 */
export function decimalPlaces(n: number): number {
  const m = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(n));
  if (!m) return Infinity;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** Digits after the point of a plain decimal text ('1.50' → 2, '-3' → 0), or null when the text is none. */
export function textDecimalPlaces(text: string): number | null {
  const m = /^-?\d+(?:\.(\d+))?$/.exec(text);
  return m ? (m[1]?.length ?? 0) : null;
}

/** The decimal places a number field takes when its entity does not say (`scale`). */
export const DEFAULT_SCALE = 2;

/** The largest id the product takes: ids are PostgreSQL bigint, and a JavaScript number is exact up to 2^53 − 1. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
/** Bounds of an integer column (PostgreSQL integer). */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/**
 * Text the database can store as sent: no NUL character (PostgreSQL text refuses it) and no lone
 * surrogate (not a character at all: jsonb refuses it, text would turn it into U+FFFD).
 */
export function isStorableText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdfff) {
      // A high surrogate followed by a low one is one character; anything else is not text.
      const next = s.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/** Text that is there: not empty and not whitespace alone (a required field's '   ' is empty). */
export function isBlank(s: string): boolean {
  return !/\S/.test(s);
}

const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(?:Z|([+-])(\d{2}):?(\d{2}))?$/;

function realDay(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1]!;
}

/** 'YYYY-MM-DD' naming a day that exists: 2026-02-30, 2026-13-01 and 0000-01-01 do not. */
export function isRealDate(text: string): boolean {
  const m = DATE_PARTS.exec(text);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * A day that exists, optionally with a time of that day (hh:mm, hh:mm:ss, fractions up to
 * microseconds) and an offset: 24:00, 10:60, 10:00:61 and +25:00 are not times.
 */
export function isRealDateTime(text: string): boolean {
  const m = DATETIME_PARTS.exec(text);
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  if (m[7] !== undefined && (Number(m[8]) > 15 || Number(m[9]) > 59)) return false;
  // An offset belongs to a time.
  return m[4] !== undefined || text.length === 10;
}
