// Document numbers (a field's `sequence`, issue 14): a rule such as `SQ-{yyyy}-{0000}` or
// `HT{yyyy}{mm}{000}` gives each new row of a site the next number of its period. The date parts
// ({yyyy}, {yy}, {mm}, {dd}) name the period the count starts again in; the run of zeros is the
// number, padded to its width. One row per site, rule and period holds the last number given; its
// row lock makes concurrent saves take turns, so no two documents get one number.
import { sql, type Transaction } from 'kysely';

const PART = /\{(yyyy|yy|mm|dd|0+)\}/g;

function pad(n: number, width: number) {
  return String(n).padStart(width, '0');
}

/** The period a rule counts in on the site's `day` ('YYYY-MM-DD': the date parts of the rule, filled in). */
export function periodOf(rule: string, day: string): string {
  const parts: Record<string, string> = {
    yyyy: day.slice(0, 4),
    yy: day.slice(2, 4),
    mm: day.slice(5, 7),
    dd: day.slice(8, 10),
  };
  return [...rule.matchAll(PART)].map((m) => parts[m[1]!] ?? '').join('') || '-';
}

/** The rule filled in with the site's `day` and `n`. */
export function formatSequence(rule: string, day: string, n: number): string {
  return rule.replace(PART, (_m, part: string) => {
    if (part.startsWith('0')) return pad(n, part.length);
    return periodOf(`{${part}}`, day);
  });
}

/** A rule is well formed when it has exactly one run of zeros for the number. */
export function sequenceProblem(rule: string): string | null {
  const numbers = [...rule.matchAll(PART)].filter((m) => m[1]!.startsWith('0'));
  if (numbers.length !== 1) return 'a sequence needs exactly one {000…} for the number';
  if (rule.replace(PART, '').includes('{')) return 'a sequence knows {yyyy}, {yy}, {mm}, {dd} and {000…} only';
  return null;
}

/** The next number of `key`'s rule for the site on its `day`, inside the saving transaction. */
export async function nextInSequence(
  trx: Transaction<any>,
  siteId: number,
  key: string,
  rule: string,
  day: string,
): Promise<string> {
  const period = periodOf(rule, day);
  const row = await sql<{ last_value: number }>`
    insert into sys_sequence (top_dept_id, seq_key, period, last_value) values (${siteId}, ${key}, ${period}, 1)
    on conflict (top_dept_id, seq_key, period) do update set last_value = sys_sequence.last_value + 1
    returning last_value`.execute(trx);
  return formatSequence(rule, day, Number(row.rows[0]!.last_value));
}
