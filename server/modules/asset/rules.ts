// The official rules a fixed asset is held to (issue 32), as pure functions: the hooks of cards,
// categories, entry orders and disposals (./cards.ts, ./disposal.ts) and the monthly run
// (./depreciation.ts, whose SQL computes the same figures) apply them; tests/unit/asset-rules.test.ts
// checks each against the official texts, case by case.
//
// - What a fixed asset is: 政府会计准则第3号——固定资产（财会〔2016〕12号）第二条 — lasts more than one
//   year (不含1年) and is worth at least the threshold; below it, large batches of like goods (books,
//   furniture, fixtures: 图书、家具、用具、装具) are fixed assets all the same. The thresholds are those
//   of 事业单位财务规则（财政部令第68号）第四十条 and 行政单位财务规则（财政部令第71号）第三十条:
//   1,000.00 yuan, special equipment (专用设备) 1,500.00. Anything else below them is a low-value item
//   (低值易耗品) and goes to the consumables' stock, not to the card register.
// - How long it lives: 《政府会计准则第3号——固定资产》应用指南（财会〔2017〕4号）表1 政府固定资产折旧年限表,
//   one row per GB/T 14885-2022 code below (a site's own categories take the row of the nearest
//   category above them that has one). Not depreciated (life 0): 文物和陈列品, 图书、档案 (准则第3号,
//   the assets it excludes from depreciation).
// - How much each month: straight line, no residual value, from the month the asset is added, none in
//   the month it leaves (准则第3号, 折旧一节: 按月计提，当月增加的当月开始计提，当月减少的当月不再计提;
//   计提折旧时不考虑预计净残值; 提足折旧后不再计提). A month is booked once; a card the run finds behind
//   its schedule (entered late, or back-dated) catches up every month it missed in that run, so no card
//   ever gets fewer months than its life. A card with history (a legacy asset) starts from its opening
//   accumulated depreciation and months: the rest of its cost over the rest of its life.
import { centsOf } from '../../../validators/formats.ts';
import { fromCents } from '../budget/ledger.ts';

/** Years of the official table, as [least, most] (null: no upper bound); 0 is never depreciated. */
export interface LifeRow {
  /** The GB/T 14885-2022 code of the category the row belongs to (exact). */
  code: string;
  /** The row of 表1 (or the group of rows a parent category spans). */
  row: string;
  min: number;
  max: number | null;
  /** 专用设备 (the 1,500.00 threshold). */
  special?: boolean;
  /** 准则第3号 第二条: 大批同类物资 such as books and furniture are fixed assets below the threshold. */
  bulk?: boolean;
}

const general = (code: string, row: string, min: number): LifeRow => ({ code, row, min, max: null });
const special = (code: string, row: string, min: number, max: number): LifeRow => ({ code, row, min, max, special: true });

/**
 * 政府固定资产折旧年限表 (财会〔2017〕4号 表1) by GB/T 14885-2022 code. A parent that spans several rows
 * takes the widest bound of its rows (设备: 3 years up, the least of any row, 公安专用设备).
 * 业务及管理用房 are at least 30 years (砖混、砖木结构; 钢结构 and 钢筋混凝土结构 at least 50): the card
 * does not record the structure, so the lower bound is the one enforced.
 */
export const LIFE_TABLE: readonly LifeRow[] = [
  // 房屋及构筑物
  { code: 'A01', row: '房屋及构筑物', min: 8, max: null },
  { code: 'A0101', row: '房屋（简易房、房屋附属设施不低于8年）', min: 8, max: null },
  { code: 'A010101', row: '业务及管理用房', min: 30, max: null },
  { code: 'A010102', row: '业务及管理用房', min: 30, max: null },
  { code: 'A010103', row: '业务及管理用房', min: 30, max: null },
  { code: 'A0102', row: '构筑物', min: 8, max: null },
  // 设备: 通用设备 A0201–A0212, 专用设备 A0213–A0242, in the table's (and the standard's) order
  { code: 'A02', row: '设备', min: 3, max: null },
  general('A0201', '计算机设备', 6),
  general('A0202', '办公设备', 6),
  general('A0203', '车辆', 8),
  general('A0204', '图书档案设备', 5),
  general('A0205', '机械设备', 10),
  general('A0206', '电气设备', 5),
  general('A0207', '雷达、无线电和卫星导航设备', 10),
  general('A0208', '通信设备', 5),
  general('A0209', '广播、电视、电影设备', 5),
  general('A0210', '仪器仪表', 5),
  general('A0211', '电子和通信测量设备', 5),
  general('A0212', '计量标准器具及量具、衡器', 5),
  special('A0213', '探矿、采矿、选矿和造块设备', 10, 15),
  special('A0214', '石油天然气开采专用设备', 10, 15),
  special('A0215', '石油和化学工业专用设备', 10, 15),
  special('A0216', '炼焦和金属冶炼轧制设备', 10, 15),
  special('A0217', '电力工业专用设备', 20, 30),
  special('A0218', '非金属矿物制品工业专用设备', 10, 20),
  special('A0219', '核工业专用设备', 20, 30),
  special('A0220', '航空航天工业专用设备', 20, 30),
  special('A0221', '工程机械', 10, 15),
  special('A0222', '农业和林业机械', 10, 15),
  special('A0223', '木材采集和加工设备', 10, 15),
  special('A0224', '食品加工专用设备', 10, 15),
  special('A0225', '饮料加工设备', 10, 15),
  special('A0226', '烟草加工设备', 10, 15),
  special('A0227', '粮油作物和饲料加工设备', 10, 15),
  special('A0228', '纺织设备', 10, 15),
  special('A0229', '缝纫、服饰、制革和毛皮加工设备', 10, 15),
  special('A0230', '造纸和印刷机械', 10, 20),
  special('A0231', '化学药品和中药专用设备', 5, 10),
  special('A0232', '医疗设备', 5, 10),
  special('A0233', '电工、电子专用生产设备', 5, 10),
  special('A0234', '安全生产设备', 10, 20),
  special('A0235', '邮政专用设备', 10, 15),
  special('A0236', '环境污染防治设备', 10, 20),
  special('A0237', '公安专用设备', 3, 10),
  special('A0238', '水工机械', 10, 20),
  special('A0239', '专用仪器仪表', 5, 10),
  special('A0240', '文艺设备', 5, 15),
  special('A0241', '体育设备', 5, 15),
  special('A0242', '娱乐设备', 5, 15),
  // Not depreciated (准则第3号): 文物和陈列品, 图书、档案
  { code: 'A03', row: '文物和陈列品（不计提折旧）', min: 0, max: 0 },
  { code: 'A05', row: '图书、档案（不计提折旧）', min: 0, max: 0, bulk: true },
  // 家具、用具及装具
  { code: 'A06', row: '家具、用具及装具', min: 5, max: 15, bulk: true },
  { code: 'A0601', row: '家具', min: 15, max: 15, bulk: true },
  { code: 'A0602', row: '用具、装具', min: 5, max: 5, bulk: true },
];

const byCode = new Map(LIFE_TABLE.map((r) => [r.code, r]));

/** A category as the rules see it: its code and life (null: none of its own), nearest first. */
export interface CategoryNode {
  code: string;
  name: string;
  lifeMonths: number | null;
}

/** The row of the table for a category: its own code's, else that of the nearest category above it. */
export function lifeRowOf(chain: readonly CategoryNode[]): { row: LifeRow; at: CategoryNode } | null {
  for (const node of chain) {
    const row = byCode.get(node.code);
    if (row) return { row, at: node };
  }
  return null;
}

/** The life a card takes from its category: the nearest category (itself first) that has one. */
export function inheritedLife(chain: readonly CategoryNode[]): number | null {
  for (const node of chain) if (node.lifeMonths !== null && node.lifeMonths !== undefined) return node.lifeMonths;
  return null;
}

/** Whether a life in months lies within a row's years. */
export function lifeFits(row: LifeRow, months: number): boolean {
  if (row.max === 0) return months === 0;
  if (months < row.min * 12) return false;
  return row.max === null || months <= row.max * 12;
}

export const FIXED_ASSET_MIN = '1000.00';
export const SPECIAL_EQUIPMENT_MIN = '1500.00';

export type FixedAssetVerdict =
  { ok: true } | { ok: false; reason: 'belowThreshold'; min: string; special: boolean } | { ok: false; reason: 'shortLife' };

/**
 * Whether an item is a fixed asset (准则第3号 第二条, 财务规则 thresholds): worth at least 1,000.00
 * (专用设备 1,500.00) — or of a kind bought in bulk (books, furniture, fixtures) — and lasting more
 * than a year. A life of 0 is a kind never depreciated (books, heritage), which lasts.
 */
export function fixedAssetVerdict(cost: string, lifeMonths: number, row: LifeRow | null): FixedAssetVerdict {
  if (lifeMonths > 0 && lifeMonths <= 12) return { ok: false, reason: 'shortLife' };
  if (row?.bulk) return { ok: true };
  const min = row?.special ? SPECIAL_EQUIPMENT_MIN : FIXED_ASSET_MIN;
  if (cents(cost) < cents(min)) return { ok: false, reason: 'belowThreshold', min, special: Boolean(row?.special) };
  return { ok: true };
}

// --- Money in cents, exactly ------------------------------------------------------------------------

/** An amount ('1234.5', '1234.56', 1234.56) in cents; not an amount: NaN-free 0. */
export function cents(v: unknown): bigint {
  if (v === null || v === undefined || v === '') return 0n;
  return centsOf(typeof v === 'number' ? v.toFixed(2) : String(v)) ?? 0n;
}

/** Cents as an amount's text ('1234.50'): the ledger's. */
export const money = fromCents;

/** a ÷ b in cents, rounded half away from zero (PostgreSQL's round(numeric, 2)). */
function divideRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  return 2n * (r < 0n ? -r : r) >= b ? q + (a < 0n ? -1n : 1n) : q;
}

// --- Months ------------------------------------------------------------------------------------------

const monthIndex = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/** Months from the month of a date to a month, both counted ('2026-01-31' to '2026-03': 3). */
export function monthsThrough(entryDate: string, period: string): number {
  return monthIndex(period) - monthIndex(entryDate) + 1;
}

// --- Depreciation --------------------------------------------------------------------------------------

export interface CardFigures {
  cost: string;
  lifeMonths: number;
  entryDate: string;
  /** Brought from before the card was entered (a legacy asset); 0 for a new one. */
  openingDepreciation: string;
  openingMonths: number;
  /** As booked so far (the opening figures included). */
  accumulated: string;
  months: number;
  disposedDate?: string | null;
}

/**
 * The monthly figure: the cost not yet depreciated when the card was entered over the months of life
 * left then, to the fen (round(cost ÷ life, 2) for a new card).
 */
export function monthlyOf(c: Pick<CardFigures, 'cost' | 'lifeMonths' | 'openingDepreciation' | 'openingMonths'>): string {
  const left = c.lifeMonths - c.openingMonths;
  if (left <= 0) return '0.00';
  return money(divideRound(cents(c.cost) - cents(c.openingDepreciation), BigInt(left)));
}

/** What the card has accumulated after `k` months of its life: its schedule (the last month takes the rest). */
export function scheduleAt(c: CardFigures, k: number): bigint {
  const cost = cents(c.cost);
  if (k >= c.lifeMonths) return cost;
  const open = cents(c.openingDepreciation);
  const planned = open + BigInt(Math.max(0, k - c.openingMonths)) * cents(monthlyOf(c));
  return planned < cost ? planned : cost;
}

/**
 * What the run of `period` books for a card: every month of its life from the month of its entry
 * through `period` it has not had yet, in one amount (none in or after the month it left; none for a
 * life of 0; none once its cost is depreciated). `monthNo` is the month of its life reached.
 */
export function dueIn(c: CardFigures, period: string): { months: number; amount: string; monthNo: number } | null {
  if (c.lifeMonths <= 0) return null;
  if (c.entryDate.slice(0, 7) > period) return null;
  if (c.disposedDate && c.disposedDate.slice(0, 7) <= period) return null;
  if (cents(c.accumulated) >= cents(c.cost)) return null;
  const k = Math.min(c.lifeMonths, monthsThrough(c.entryDate, period));
  if (k <= c.months) return null;
  return { months: k - c.months, amount: money(scheduleAt(c, k) - cents(c.accumulated)), monthNo: k };
}

export type OpeningProblem =
  | { key: 'asset.openingNotDepreciated' }
  | { key: 'asset.openingIncomplete' }
  | { key: 'asset.openingOverCost' }
  | { key: 'asset.openingMonthsOverLife' }
  | { key: 'asset.openingFull' }
  | { key: 'asset.openingMonthsOverElapsed'; elapsed: number };

/**
 * The opening figures of a card with history: both or neither; no more than its cost; no more months
 * than its life, nor than have passed from its entry month through `today`'s month; its whole life
 * gone means its whole cost depreciated. A kind never depreciated has none.
 */
export function openingProblem(
  c: Pick<CardFigures, 'cost' | 'lifeMonths' | 'entryDate' | 'openingDepreciation' | 'openingMonths'>,
  today: string,
): OpeningProblem | null {
  const amount = cents(c.openingDepreciation);
  const months = c.openingMonths;
  if (amount === 0n && months === 0) return null;
  if (c.lifeMonths === 0) return { key: 'asset.openingNotDepreciated' };
  if (amount === 0n || months === 0) return { key: 'asset.openingIncomplete' };
  if (amount > cents(c.cost)) return { key: 'asset.openingOverCost' };
  if (months > c.lifeMonths) return { key: 'asset.openingMonthsOverLife' };
  if (months === c.lifeMonths && amount !== cents(c.cost)) return { key: 'asset.openingFull' };
  const elapsed = monthsThrough(c.entryDate, today.slice(0, 7));
  if (months > elapsed) return { key: 'asset.openingMonthsOverElapsed', elapsed: Math.max(0, elapsed) };
  return null;
}

/** A disposal line's figures from its card: the cost and what is left of it (准则第3号: 账面价值). */
export function disposalFigures(card: { cost: string; accumulated: string }): { cost: string; netValue: string } {
  return { cost: money(cents(card.cost)), netValue: money(cents(card.cost) - cents(card.accumulated)) };
}
