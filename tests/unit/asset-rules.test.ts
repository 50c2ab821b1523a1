// The official rules of fixed assets (issue 32), case by case, each case naming where it comes from:
//   表1    《政府会计准则第3号——固定资产》应用指南（财会〔2017〕4号）表1 政府固定资产折旧年限表
//   准则   政府会计准则第3号——固定资产（财会〔2016〕12号）: 第二条 (what a fixed asset is) and its
//          depreciation section (按月计提; 当月增加的当月开始计提, 当月减少的当月不再计提; 不考虑预计净残值;
//          提足折旧后不再计提; 提前报废的不再补提)
//   68号   事业单位财务规则（财政部令第68号）第四十条; 71号 行政单位财务规则（财政部令第71号）第三十条:
//          单位价值在1000元以上（其中：专用设备单位价值在1500元以上）, 使用期限超过一年
//   民法典 第一千二百五十九条: “以上”包括本数
//   DOMAIN docs/decisions.md "Assets": monthly = round(cost ÷ life, 2), the last month takes the remainder
// The standard and its guide give no worked figures for depreciation: the arithmetic cases apply their
// rules to round figures (and to the figures of the demo's purchases), and say which rule each shows.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cents,
  disposalFigures,
  dueIn,
  fixedAssetVerdict,
  inheritedLife,
  lifeFits,
  lifeRowOf,
  monthlyOf,
  money,
  monthsThrough,
  openingProblem,
  type CardFigures,
  type CategoryNode,
} from '../../server/modules/asset/rules.ts';

/** A GB/T code and the codes above it (two digits a level, as the seeded tree has them), nearest first. */
const chainOf = (code: string): CategoryNode[] => {
  const out: CategoryNode[] = [];
  for (let c = code; c.length >= 3; c = c.slice(0, c.length - 2)) out.push({ code: c, name: c, lifeMonths: null });
  return out;
};
const row = (code: string) => lifeRowOf(chainOf(code))!.row;
const node = (code: string, lifeMonths: number | null = null, name = code): CategoryNode => ({ code, name, lifeMonths });

describe('the official depreciation table (表1), by GB/T 14885-2022 code', () => {
  // [code, months, fits, source]
  const cases: Array<[string, number, boolean, string]> = [
    ['A0201', 72, true, '表1 通用设备·计算机设备 不低于6年'],
    ['A0201', 71, false, '表1 通用设备·计算机设备 不低于6年'],
    ['A0202', 72, true, '表1 通用设备·办公设备 不低于6年 (the projector)'],
    ['A0202', 60, false, '表1 通用设备·办公设备 不低于6年 (the projector as seeded before: 5 years)'],
    ['A0203', 96, true, '表1 通用设备·车辆 不低于8年'],
    ['A0203', 95, false, '表1 通用设备·车辆 不低于8年'],
    ['A0204', 60, true, '表1 通用设备·图书档案设备 不低于5年'],
    ['A0205', 119, false, '表1 通用设备·机械设备 不低于10年'],
    ['A0206', 60, true, '表1 通用设备·电气设备 不低于5年'],
    ['A0208', 60, true, '表1 通用设备·通信设备 不低于5年'],
    ['A0208', 59, false, '表1 通用设备·通信设备 不低于5年'],
    ['A0217', 240, true, '表1 专用设备·电力工业专用设备 20-30年'],
    ['A0217', 361, false, '表1 专用设备·电力工业专用设备 20-30年'],
    ['A0230', 240, true, '表1 专用设备·造纸和印刷机械 10-20年'],
    ['A0232', 60, true, '表1 专用设备·医疗设备 5-10年'],
    ['A0232', 120, true, '表1 专用设备·医疗设备 5-10年'],
    ['A0232', 59, false, '表1 专用设备·医疗设备 5-10年'],
    ['A0232', 121, false, '表1 专用设备·医疗设备 5-10年'],
    ['A0237', 36, true, '表1 专用设备·公安专用设备 3-10年'],
    ['A0241', 180, true, '表1 专用设备·体育设备 5-15年'],
    ['A0241', 181, false, '表1 专用设备·体育设备 5-15年'],
    ['A010101', 360, true, '表1 房屋及构筑物·业务及管理用房 砖混/砖木结构 不低于30年'],
    ['A010101', 600, true, '表1 房屋及构筑物·业务及管理用房 钢/钢筋混凝土结构 不低于50年'],
    ['A010101', 359, false, '表1 房屋及构筑物·业务及管理用房 不低于30年'],
    ['A0101', 96, true, '表1 房屋及构筑物·简易房、房屋附属设施 不低于8年'],
    ['A0102', 96, true, '表1 房屋及构筑物·构筑物 不低于8年'],
    ['A0102', 95, false, '表1 房屋及构筑物·构筑物 不低于8年'],
    ['A0601', 180, true, '表1 家具、用具及装具·家具 15年'],
    ['A0601', 120, false, '表1 家具、用具及装具·家具 15年'],
    ['A0602', 60, true, '表1 家具、用具及装具·用具、装具 5年'],
    ['A0501', 0, true, '准则: 图书、档案不计提折旧'],
    ['A0501', 60, false, '准则: 图书、档案不计提折旧'],
    ['A03', 0, true, '准则: 文物和陈列品不计提折旧'],
    ['A02', 36, true, '表1: 设备 spans 通用 and 专用 rows, the least of them 公安专用设备 3年'],
    ['A02', 35, false, '表1: no row of 设备 is under 3年'],
  ];
  it.each(cases)('%s, %i months: %s → %s', (code, months, fits) => {
    expect(lifeFits(row(code), months)).toBe(fits);
  });

  it('holds every seeded category within its row, each without a life of its own taking one above it', () => {
    const seed = JSON.parse(fs.readFileSync('schemas/asset/assetCategory.seed.json', 'utf8')) as {
      rows: Array<{ categoryCode: string; categoryName: string; lifeMonths: number | null; parentCode?: string }>;
    };
    const byCode = new Map(seed.rows.map((r) => [r.categoryCode, r]));
    const seededChain = (code: string): CategoryNode[] => {
      const out: CategoryNode[] = [];
      for (let r = byCode.get(code); r; r = r.parentCode ? byCode.get(r.parentCode) : undefined)
        out.push(node(r.categoryCode, r.lifeMonths, r.categoryName));
      return out;
    };
    for (const r of seed.rows) {
      const chain = seededChain(r.categoryCode);
      const found = lifeRowOf(chain);
      expect(found, `${r.categoryCode} ${r.categoryName} falls under a row of 表1`).toBeTruthy();
      if (r.lifeMonths !== null)
        expect(lifeFits(found!.row, r.lifeMonths), `${r.categoryCode} ${r.categoryName} ${r.lifeMonths}`).toBe(true);
    }
    // The projector is office equipment: 6 years (表1 办公设备 不低于6年).
    expect(byCode.get('A02021100')).toMatchObject({ categoryName: '投影仪', lifeMonths: 72 });
    expect(lifeRowOf(seededChain('A02021100'))!.row.row).toBe('办公设备');
    // Parents spanning several rows have no life of their own: 0 would mean "never depreciated".
    for (const code of ['A01', 'A02', 'A06']) expect(byCode.get(code)!.lifeMonths).toBeNull();
  });

  // [chain nearest first, life taken, source]
  const inherit: Array<[CategoryNode[], number | null, string]> = [
    [[node('A02021100', 72)], 72, 'the category’s own life'],
    [[node('X01'), node('A0202', 72), node('A02')], 72, 'a site’s category without a life: its parent’s (DOMAIN "Assets")'],
    [[node('X01'), node('X02'), node('A0232', 60)], 60, 'the nearest that has one, two levels up'],
    [[node('A02')], null, '设备 spans rows: no life, the card must say its own'],
    [[node('X01'), node('A0501', 0)], 0, 'a life of 0 is a life: 图书 are not depreciated (准则)'],
  ];
  it.each(inherit)('takes the nearest life: %j → %s (%s)', (chain, life) => {
    expect(inheritedLife(chain)).toBe(life);
  });

  it('finds the row of a site’s own category through the categories above it', () => {
    expect(lifeRowOf([node('X01'), node('A0202', 72), node('A02')])!.row.row).toBe('办公设备');
    expect(lifeRowOf([node('A0241')])!.row).toMatchObject({ min: 5, max: 15, special: true });
    expect(lifeRowOf([node('B9')])).toBeNull();
  });
});

describe('what a fixed asset is (准则 第二条, 68号 第四十条, 71号 第三十条)', () => {
  // [cost, life, category, verdict, source]
  const cases: Array<[string, number, string | null, ReturnType<typeof fixedAssetVerdict>, string]> = [
    ['1000.00', 72, 'A0202', { ok: true }, '68号/71号 单位价值在1000元以上; 民法典 第1259条 以上包括本数'],
    ['999.99', 72, 'A0202', { ok: false, reason: 'belowThreshold', min: '1000.00', special: false }, '68号/71号 1000元'],
    ['1500.00', 60, 'A0232', { ok: true }, '68号/71号 专用设备单位价值在1500元以上'],
    ['1499.99', 60, 'A0232', { ok: false, reason: 'belowThreshold', min: '1500.00', special: true }, '68号/71号 专用设备 1500元'],
    [
      '1200.00',
      60,
      'A0232',
      { ok: false, reason: 'belowThreshold', min: '1500.00', special: true },
      '医疗设备 is 专用设备 (表1)',
    ],
    ['1200.00', 72, 'A0201', { ok: true }, '计算机设备 is 通用设备 (表1): 1000元'],
    ['800.00', 180, 'A060103', { ok: true }, '准则 第二条: 大批同类物资 such as 家具 below the threshold'],
    ['300.00', 0, 'A0501', { ok: true }, '准则 第二条: 图书 below the threshold'],
    ['50.00', 60, 'A0602', { ok: true }, '准则 第二条: 用具、装具'],
    ['5000.00', 12, null, { ok: false, reason: 'shortLife' }, '准则 第二条: 使用年限超过1年（不含1年）'],
    ['5000.00', 13, null, { ok: true }, '准则 第二条: more than a year'],
  ];
  it.each(cases)('%s yuan, %i months, %s → %j (%s)', (cost, life, code, verdict) => {
    const found = code ? row(code) : null;
    expect(fixedAssetVerdict(cost, life, found)).toEqual(verdict);
  });
});

function card(over: Partial<CardFigures>): CardFigures {
  return {
    cost: '7200.00',
    lifeMonths: 72,
    entryDate: '2026-01-15',
    openingDepreciation: '0.00',
    openingMonths: 0,
    accumulated: '0.00',
    months: 0,
    disposedDate: null,
    ...over,
  };
}

describe('a month’s depreciation (准则, depreciation section; DOMAIN "Assets")', () => {
  // [card, period, due, source]
  const cases: Array<[Partial<CardFigures>, string, ReturnType<typeof dueIn>, string]> = [
    [
      { entryDate: '2026-03-31' },
      '2026-03',
      { months: 1, amount: '100.00', monthNo: 1 },
      '当月增加的当月开始计提: entered on the last day',
    ],
    [{ entryDate: '2026-04-01' }, '2026-03', null, 'not before the month it is added'],
    [
      { accumulated: '100.00', months: 1, entryDate: '2026-03-31', disposedDate: '2026-04-10' },
      '2026-04',
      null,
      '当月减少的当月不再计提',
    ],
    [
      { accumulated: '100.00', months: 1, entryDate: '2026-03-31', disposedDate: '2026-05-10' },
      '2026-04',
      { months: 1, amount: '100.00', monthNo: 2 },
      'the month before it leaves is booked',
    ],
    [
      { cost: '1000.00', lifeMonths: 3, entryDate: '2026-01-01' },
      '2026-01',
      { months: 1, amount: '333.33', monthNo: 1 },
      'DOMAIN: round(1000 ÷ 3, 2)',
    ],
    [
      { cost: '1000.00', lifeMonths: 3, entryDate: '2026-01-01', accumulated: '666.66', months: 2 },
      '2026-03',
      { months: 1, amount: '333.34', monthNo: 3 },
      'DOMAIN: the month that completes the life takes the remainder; 准则: 应计折旧额 = 成本, no residual value',
    ],
    [
      { cost: '1000.00', lifeMonths: 72, entryDate: '2026-01-01' },
      '2026-01',
      { months: 1, amount: '13.89', monthNo: 1 },
      'round half up to the fen: 13.888…',
    ],
    [
      { cost: '4999.00', entryDate: '2026-01-01' },
      '2026-01',
      { months: 1, amount: '69.43', monthNo: 1 },
      'the demo’s desktop computer: 4,999.00 over 72 months',
    ],
    [
      { entryDate: '2026-01-15' },
      '2026-04',
      { months: 4, amount: '400.00', monthNo: 4 },
      'entered into booked months (or back-dated): every month it missed, at once',
    ],
    [
      { entryDate: '2018-01-01' },
      '2026-04',
      { months: 72, amount: '7200.00', monthNo: 72 },
      'back-dated past its life: its whole life, never more (提足折旧)',
    ],
    [{ accumulated: '7200.00', months: 72, entryDate: '2018-01-01' }, '2026-05', null, '提足折旧后，不再计提'],
    [{ lifeMonths: 0, cost: '300.00' }, '2026-04', null, '准则: 图书、文物 are not depreciated'],
    [
      { entryDate: '2023-01-10', openingDepreciation: '3600.00', openingMonths: 36, accumulated: '3600.00', months: 36 },
      '2026-01',
      { months: 1, amount: '100.00', monthNo: 37 },
      'a legacy card goes on from its opening figures, it does not restart its life',
    ],
    [
      { entryDate: '2022-09-10', openingDepreciation: '3600.00', openingMonths: 36, accumulated: '3600.00', months: 36 },
      '2026-01',
      { months: 5, amount: '500.00', monthNo: 41 },
      'a legacy card behind its schedule catches up too',
    ],
    [
      {
        cost: '10000.00',
        lifeMonths: 120,
        entryDate: '2022-09-01',
        openingDepreciation: '5000.00',
        openingMonths: 40,
        accumulated: '5000.00',
        months: 40,
      },
      '2026-01',
      { months: 1, amount: '62.50', monthNo: 41 },
      'what is left of the cost over what is left of the life: 5,000.00 ÷ 80',
    ],
    [
      { entryDate: '2020-01-10', openingDepreciation: '7000.00', openingMonths: 70, accumulated: '7000.00', months: 70 },
      '2026-01',
      { months: 2, amount: '200.00', monthNo: 72 },
      'the rest of its life, then nothing',
    ],
  ];
  it.each(cases)('%j in %s → %j (%s)', (over, period, due) => {
    expect(dueIn(card(over), period)).toEqual(due);
  });

  it('gives every card its whole life and its whole cost, however late its months are booked', () => {
    const periods = (from: string, n: number) => {
      const out: string[] = [];
      let [y, m] = from.split('-').map(Number) as [number, number];
      for (let i = 0; i < n; i++) {
        out.push(`${y}-${String(m).padStart(2, '0')}`);
        if (++m === 13) [y, m] = [y + 1, 1];
      }
      return out;
    };
    // [cost, life, entry date, first run, source]
    const cases: Array<[string, number, string, string, string]> = [
      ['7200.00', 72, '2026-01-15', '2026-01', 'on time (准则: 按月计提)'],
      ['4999.00', 72, '2026-01-15', '2026-06', 'entered five months late'],
      ['38600.00', 72, '2025-03-01', '2026-01', 'back-dated ten months (the demo’s server)'],
      ['1280000.00', 72, '2019-06-30', '2026-01', 'back-dated past its life (the demo’s X-ray system)'],
      ['1180.00', 180, '2026-02-28', '2026-02', 'the demo’s desks: 15 years (表1 家具)'],
      ['1000.00', 6, '2026-01-01', '2026-03', '166.67 a month, the last 166.65 (round half up)'],
    ];
    for (const [cost, lifeMonths, entryDate, first] of cases) {
      let c = card({ cost, lifeMonths, entryDate });
      let booked = 0;
      for (const p of periods(first, lifeMonths + 12)) {
        const due = dueIn(c, p);
        if (!due) continue;
        booked++;
        expect(Number(due.amount)).toBeGreaterThanOrEqual(0);
        c = { ...c, accumulated: money(cents(c.accumulated) + cents(due.amount)), months: due.monthNo };
      }
      expect([entryDate, c.months, c.accumulated]).toEqual([entryDate, lifeMonths, cost]);
      // Caught up in its first run, one month at a time after.
      expect(booked).toBe(lifeMonths - Math.min(lifeMonths, monthsThrough(entryDate, first)) + 1);
    }
  });

  it('shows the monthly figure of a new card and of a legacy one', () => {
    expect(monthlyOf({ cost: '5200.00', lifeMonths: 72, openingDepreciation: '0.00', openingMonths: 0 })).toBe('72.22');
    expect(monthlyOf({ cost: '10000.00', lifeMonths: 120, openingDepreciation: '5000.00', openingMonths: 40 })).toBe('62.50');
    expect(monthlyOf({ cost: '10000.00', lifeMonths: 120, openingDepreciation: '10000.00', openingMonths: 120 })).toBe('0.00');
  });
});

describe('the opening figures of a card with history', () => {
  // [opening, months, entry date, today, problem, why]
  const cases: Array<[string, number, string, string, string | null, string]> = [
    ['0.00', 0, '2023-01-10', '2026-01-20', null, 'a new card has none'],
    ['3600.00', 36, '2023-01-10', '2026-01-20', null, 'half its life, half its cost'],
    ['7200.00', 72, '2019-01-10', '2026-01-20', null, 'fully depreciated before it came (提足折旧)'],
    ['3600.00', 0, '2023-01-10', '2026-01-20', 'asset.openingIncomplete', 'an amount without months'],
    ['0.00', 12, '2023-01-10', '2026-01-20', 'asset.openingIncomplete', 'months without an amount'],
    ['7200.01', 36, '2023-01-10', '2026-01-20', 'asset.openingOverCost', '准则: 应计折旧额 is the cost'],
    ['7200.00', 73, '2019-01-10', '2026-01-20', 'asset.openingMonthsOverLife', 'no more months than its life'],
    ['7000.00', 72, '2019-01-10', '2026-01-20', 'asset.openingFull', 'its whole life gone is its whole cost gone'],
    [
      '3600.00',
      38,
      '2023-01-10',
      '2026-01-20',
      'asset.openingMonthsOverElapsed',
      '2023-01 to 2026-01 is 37 months, both counted',
    ],
    ['3600.00', 37, '2023-01-10', '2026-01-20', null, 'this month already booked by the old books'],
  ];
  it.each(cases)(
    '%s yuan over %i months, entered %s, on %s → %s (%s)',
    (openingDepreciation, openingMonths, entryDate, today, problem) => {
      expect(
        openingProblem({ cost: '7200.00', lifeMonths: 72, entryDate, openingDepreciation, openingMonths }, today)?.key ?? null,
      ).toBe(problem);
    },
  );

  it('has none for a kind never depreciated', () => {
    const base = { cost: '300.00', entryDate: '2023-01-10' };
    expect(openingProblem({ ...base, lifeMonths: 0, openingDepreciation: '10.00', openingMonths: 1 }, '2026-01-20')?.key).toBe(
      'asset.openingNotDepreciated',
    );
  });
});

describe('a disposal’s line (政府会计制度 1601: 账面余额 less 累计折旧 is the 账面价值 written off)', () => {
  const cases: Array<[string, string, { cost: string; netValue: string }, string]> = [
    ['5200.00', '0.00', { cost: '5200.00', netValue: '5200.00' }, 'never depreciated: its whole cost'],
    ['5200.00', '1444.40', { cost: '5200.00', netValue: '3755.60' }, '20 months of 72.22'],
    ['1000.00', '1000.00', { cost: '1000.00', netValue: '0.00' }, '提足折旧: nothing left'],
  ];
  it.each(cases)('cost %s, depreciated %s → %j (%s)', (cost, accumulated, figures) => {
    expect(disposalFigures({ cost, accumulated })).toEqual(figures);
  });
});
