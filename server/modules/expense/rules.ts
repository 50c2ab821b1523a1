// The arithmetic of the central rules, apart from the database so that each rule is tested against
// the texts' own tables (tests/unit/expense-standards.test.ts). ./standards.ts reads the site's
// standards and calls these.
//
// 财行〔2013〕531号 中央和国家机关差旅费管理办法:
//   第十五条 伙食补助费按出差自然（日历）天数计算，按规定标准包干使用;
//   第十八条 市内交通费按出差自然（日历）天数计算，每人每天80元包干使用;
//   住宿费在职务级别对应的标准限额内凭发票据实报销，超支部分由个人自理 (第三章、第六章).
// 财行〔2016〕71号 赴地方差旅住宿费标准明细表: the lodging ceiling per person and night by region
//   (some cities apart from their province: 大连, 宁波, 厦门, 青岛, 深圳) and rank.
// 财行〔2016〕540号 中央和国家机关培训费管理办法 第九条: a per-person-day 综合定额 by class;
//   "30天以内的培训按照综合定额标准控制；超过30天的培训，超过天数按照综合定额标准的70%控制。
//   上述天数含报到撤离时间".
import { cents, fromCents } from '../budget/ledger.ts';
import { regionByCode, regionChain, resolveRegion } from './regions.ts';

/** Standard kinds (dictionary expense_standard_kind). */
export const MEAL = '1';
export const TRANSPORT = '2';
export const HOTEL = '3';
export const MEETING = '4';
export const TRAINING = '5';

export interface StandardRow {
  kind: string;
  /** A region of the official table (code, or a name written before the table: 北京), or '*'. */
  region: string;
  rank?: string | null;
  grade?: string | null;
  amount: string;
}

const DAY = 86_400_000;
const dayOf = (date: unknown): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(date ?? ''));
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? t / DAY : null;
};

/**
 * 出差天数 = 返回日期 − 出发日期 + 1: calendar days, the day of departure and the day of return
 * both counted (531号 第十五条、第十八条 “出差自然（日历）天数”). Plain dates, never instants: a trip
 * from 2026-03-01 to 2026-03-03 is 3 days wherever the server runs. Null when the return is before
 * the departure or a date is not a date.
 */
export function tripDays(start: unknown, end: unknown): number | null {
  const a = dayOf(start);
  const b = dayOf(end);
  if (a === null || b === null || b < a) return null;
  return b - a + 1;
}

/**
 * The most nights a trip of so many days holds: one fewer than its days (the nights between the
 * departure day and the return day; a trip out and back on one day has none).
 */
export function mostNights(days: number): number {
  return Math.max(0, days - 1);
}

/** A standard row's region as a code of the table, '*' as itself; undefined when it names none. */
export function standardRegion(region: string): string | undefined {
  const text = String(region ?? '').trim();
  if (text === '*') return '*';
  return resolveRegion(text)?.code;
}

/**
 * The standard of a kind for a place (and rank): the city's own (大连 apart from 辽宁), else its
 * province's, else any other region's ('*').
 */
export function pickStandard(rows: readonly StandardRow[], kind: string, code: string, rank?: string): StandardRow | undefined {
  const candidates = rows.filter((r) => r.kind === kind && (rank === undefined || String(r.rank ?? '') === rank));
  for (const at of [...regionChain(code), '*']) {
    const found = candidates.find((r) => standardRegion(r.region) === at);
    if (found) return found;
  }
  return undefined;
}

export interface TravellerInput {
  region: string;
  rank: string;
  startDate: string;
  endDate: string;
  nights: number;
  /** The hotel's invoices for this traveller and trip. */
  hotel: string;
}

export interface TravellerFigures {
  city: string;
  days: number;
  meal: string;
  transport: string;
  hotelCeiling: string;
  /** The hotel claimed: the invoices up to the ceiling (据实报销，限额以内). */
  hotelClaimed: string;
  /** What passes the ceiling: the traveller's own (超支部分由个人自理), shown to the approver. */
  hotelOver: string;
  /** The allowance, which needs no invoice: meals + city transport. */
  amount: string;
  /** What the line claims: the allowance and the hotel claimed. */
  total: string;
}

export type TravellerFault =
  | { key: 'allowance.region'; params: { value: string } }
  | { key: 'allowance.dates'; params: { start: string; end: string } }
  | { key: 'allowance.nights'; params: { nights: number; days: number; most: number } }
  | { key: 'standard.missing'; params: { city: string; kind: string } };

/** Longest trip one line may claim. */
export const MAX_TRIP_DAYS = 365;

/** A traveller's line worked out from the standards, or the fault that refuses it. */
export function workOutTraveller(rows: readonly StandardRow[], input: TravellerInput): TravellerFigures | TravellerFault {
  const region = resolveRegion(input.region);
  if (!region) return { key: 'allowance.region', params: { value: String(input.region ?? '') } };
  const days = tripDays(input.startDate, input.endDate);
  if (days === null || days > MAX_TRIP_DAYS)
    return { key: 'allowance.dates', params: { start: String(input.startDate ?? ''), end: String(input.endDate ?? '') } };
  const nights = Number(input.nights ?? 0);
  if (nights > mostNights(days)) return { key: 'allowance.nights', params: { nights, days, most: mostNights(days) } };
  const meal = pickStandard(rows, MEAL, region.code);
  const transport = pickStandard(rows, TRANSPORT, region.code);
  const hotel = pickStandard(rows, HOTEL, region.code, input.rank);
  const missing = !meal ? MEAL : !transport ? TRANSPORT : !hotel && nights > 0 ? HOTEL : null;
  if (missing) return { key: 'standard.missing', params: { city: region.label, kind: missing } };
  const meals = BigInt(days) * cents(meal!.amount);
  const rides = BigInt(days) * cents(transport!.amount);
  const ceiling = hotel ? BigInt(nights) * cents(hotel.amount) : 0n;
  const invoiced = cents(input.hotel || '0');
  const claimed = invoiced < ceiling ? invoiced : ceiling;
  return {
    city: region.label,
    days,
    meal: fromCents(meals),
    transport: fromCents(rides),
    hotelCeiling: fromCents(ceiling),
    hotelClaimed: fromCents(claimed),
    hotelOver: fromCents(invoiced - claimed),
    amount: fromCents(meals + rides),
    total: fromCents(meals + rides + claimed),
  };
}

export function isFault(v: TravellerFigures | TravellerFault): v is TravellerFault {
  return 'key' in v;
}

/**
 * How a training's days count against its per-person-day ceiling: DOMAIN.md's rule, the first 15
 * days at the full rate, the 16th to the 30th at 70 %, each day beyond the 30th at 60 % (the tiers
 * of the 2013 central measures and of many provinces' measures). 财行〔2016〕540号 第九条 as published
 * reads "30天以内的培训按照综合定额标准控制；超过30天的培训，超过天数按照综合定额标准的70%控制": a site
 * that follows it sets `expense.trainingDayTiers` to 30:70. A tier: from the day after `after`,
 * `percent`.
 */
export type DayTier = { after: number; percent: number };
export const TRAINING_DAY_TIERS: readonly DayTier[] = [
  { after: 15, percent: 70 },
  { after: 30, percent: 60 },
];

/**
 * A setting's tiers — `after:percent` pairs, comma separated, each later and at no higher a
 * percentage than the one before ("15:70,30:60") — or null when the text is not such a list.
 */
export function parseDayTiers(text: unknown): DayTier[] | null {
  const value = String(text ?? '').replace(/\s+/g, '');
  if (!/^\d{1,3}:\d{1,3}(,\d{1,3}:\d{1,3}){0,4}$/.test(value)) return null;
  const tiers = value.split(',').map((pair) => {
    const [after, percent] = pair.split(':').map(Number);
    return { after: after!, percent: percent! };
  });
  for (const [i, tier] of tiers.entries()) {
    const before = tiers[i - 1];
    if (tier.after < 1 || tier.after > 365 || tier.percent > 100) return null;
    if (before && (tier.after <= before.after || tier.percent > before.percent)) return null;
  }
  return tiers;
}

/**
 * A training's ceiling: rate × people × its days, each day at the percentage of its tier, in
 * cents, rounded half up once at the end (a site's own rate need not divide by ten).
 */
export function trainingCeiling(
  rate: string,
  people: number,
  days: number,
  tiers: readonly DayTier[] = TRAINING_DAY_TIERS,
): string {
  const sorted = [...tiers].sort((a, b) => a.after - b.after);
  // Percent-days: Σ over the days of the percentage that day counts at.
  let percentDays = 0n;
  for (let i = 0; i <= sorted.length; i++) {
    const from = i === 0 ? 0 : sorted[i - 1]!.after;
    const to = i === sorted.length ? days : Math.min(days, sorted[i]!.after);
    if (to > from) percentDays += BigInt(to - from) * BigInt(i === 0 ? 100 : sorted[i - 1]!.percent);
  }
  const hundredths = cents(rate) * BigInt(people) * percentDays;
  return fromCents((hundredths + 50n) / 100n);
}

/** A meeting's ceiling (财行〔2016〕214号): rate × people × days, no tiers. */
export function meetingCeiling(rate: string, people: number, days: number): string {
  return fromCents(cents(rate) * BigInt(people) * BigInt(days));
}

/** The label of a region code, for messages. */
export function regionLabel(code: string): string {
  return regionByCode(code)?.label ?? code;
}
