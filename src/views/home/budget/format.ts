// How the dashboards write money and rates: amounts exactly, with thousands separators (spec
// section 9's number filter); axis ticks short (万 / 亿 in Chinese, K / M elsewhere); rates in percent.
import { thousands } from '../../../../renderer/format.ts';

/** '1234567.5' → '¥1,234,567.50' (pt-BR '¥1.234.567,50'), exactly as the server summed it. */
export function yuan(value: string | number | null | undefined, language?: string): string {
  const text = thousands(value ?? '0', 2, language);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** An axis tick: 1250000 → '125万' (zh) / '1.3M' (en). */
export function compact(value: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** 32.5 → '32.50%'. */
export function pct(value: number | null | undefined): string {
  return `${(value ?? 0).toFixed(2)}%`;
}

/** Month 1–12 in the language: '1月', 'Jan', 'jan.'. */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short' }).format(new Date(2000, month - 1, 15));
}

const cents = (v: string) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) return 0n;
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
};

const amount = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** The exact sum of two-decimal amounts: '0.10' + '0.20' = '0.30'. */
export function addAmounts(...values: string[]): string {
  return amount(values.reduce((sum, v) => sum + cents(v), 0n));
}

/** a − b, exactly. */
export function subtractAmounts(a: string, b: string): string {
  return amount(cents(a) - cents(b));
}
