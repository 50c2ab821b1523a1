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
