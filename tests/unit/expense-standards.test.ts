// The central rules a claim and an application are held to (server/modules/expense/rules.ts), each
// case from the texts' own tables, run on the standards every organisation is seeded with
// (schemas/expense/expenseStandard.seed.json). The source of a case stands beside it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HOTEL,
  MEAL,
  TRANSPORT,
  isFault,
  meetingCeiling,
  mostNights,
  parseDayTiers,
  pickStandard,
  trainingCeiling,
  tripDays,
  workOutTraveller,
  type StandardRow,
  type TravellerFigures,
} from '../../server/modules/expense/rules.ts';
import { resolveRegion } from '../../server/modules/expense/regions.ts';

const seed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schemas/expense/expenseStandard.seed.json'), 'utf8')) as {
  rows: StandardRow[];
};
const rows = seed.rows;
const at = (place: string) => resolveRegion(place)!.code;

describe('出差天数 from the dates (财行〔2013〕531号 第十五条、第十八条：按出差自然（日历）天数计算)', () => {
  it.each([
    ['2026-03-01', '2026-03-03', 3, 'departure and return days both counted'],
    ['2026-03-01', '2026-03-01', 1, 'out and back the same day: one day'],
    ['2026-02-27', '2026-03-02', 4, 'across the end of February'],
    ['2028-02-28', '2028-03-01', 3, 'a leap year: 29 February counts'],
    ['2026-12-31', '2027-01-01', 2, 'across the year'],
  ])('%s → %s: %i days (%s)', (start, end, days) => {
    expect(tripDays(start, end)).toBe(days);
  });
  it.each([
    ['2026-03-03', '2026-03-01'],
    ['2026-02-30', '2026-03-01'],
    ['', '2026-03-01'],
    ['2026-03-01T00:00:00Z', '2026-03-02'],
  ])('%s → %s is no trip', (start, end) => {
    expect(tripDays(start, end)).toBeNull();
  });
  it('a trip of n days has at most n − 1 nights', () => {
    expect([1, 2, 3, 10].map(mostNights)).toEqual([0, 1, 2, 9]);
  });
});

describe('meals and city transport per day (531号 第十五条、第十六条、第十八条)', () => {
  it.each([
    ['北京', 100, '其他地区 100'],
    ['北京市', 100, '北京 and 北京市 are one region'],
    ['西藏', 120, '西藏 120'],
    ['拉萨', 120, '拉萨 is in 西藏: 120'],
    ['西宁', 120, '青海 120'],
    ['新疆', 120, '新疆 120'],
    ['喀什地区', 120, '新疆 120'],
    ['成都', 100, '其他地区 100'],
  ])('%s: meals %i a day (%s)', (place, meal) => {
    const code = at(place);
    expect(pickStandard(rows, MEAL, code)?.amount).toBe(`${meal}.00`);
    // 第十八条: city transport 80 a day wherever the trip goes.
    expect(pickStandard(rows, TRANSPORT, code)?.amount).toBe('80.00');
  });
});

describe('the lodging ceiling per night by region and rank (财行〔2016〕71号 附件)', () => {
  // [place, rank (1 部级, 2 司局级, 3 其余人员), ceiling, the table's row]
  it.each([
    ['北京', '1', 1100, '北京 全市 部级 1100'],
    ['北京市', '2', 650, '北京 全市 司局级 650'],
    ['北京', '3', 500, '北京 全市 其他人员 500'],
    ['上海', '2', 600, '上海 全市 司局级 600'],
    ['天津', '3', 380, '天津 其他人员 380'],
    ['石家庄', '3', 350, '河北 石家庄市等 其他人员 350'],
    ['邯郸', '3', 310, '河北 其他地区 其他人员 310'],
    ['太原', '2', 480, '山西 太原市、大同市、晋城市 司局级 480'],
    ['临汾', '3', 330, '山西 临汾市 其他人员 330'],
    ['长治', '3', 310, '山西 阳泉市、长治市、晋中市 其他人员 310'],
    ['运城', '2', 400, '山西 其他地区 司局级 400'],
    ['运城', '3', 240, '山西 其他地区 其他人员 240'],
    ['呼和浩特', '3', 350, '内蒙古 呼和浩特市 350'],
    ['包头', '3', 320, '内蒙古 其他地区 320'],
    ['沈阳', '3', 350, '辽宁 沈阳市 350'],
    ['鞍山', '3', 330, '辽宁 其他地区 330'],
    ['大连', '2', 490, '大连 全市 司局级 490 — the city apart from 辽宁 (480)'],
    ['大连', '3', 350, '大连 全市 其他人员 350 — not 辽宁 其他地区 330'],
    ['延边州', '3', 350, '吉林 长春市、吉林市、延边州 350'],
    ['四平', '1', 750, '吉林 其他地区 部级 750'],
    ['哈尔滨', '3', 350, '黑龙江 哈尔滨市 350'],
    ['齐齐哈尔', '3', 300, '黑龙江 其他地区 300'],
    ['苏州', '3', 380, '江苏 南京市、苏州市、无锡市、常州市、镇江市 380'],
    ['徐州', '3', 360, '江苏 其他地区 360'],
    ['杭州', '1', 900, '浙江 杭州市 部级 900'],
    ['温州', '3', 340, '浙江 其他地区 340'],
    ['宁波', '3', 350, '宁波 全市 350 — apart from 浙江 其他地区 340'],
    ['宁波', '2', 450, '宁波 全市 司局级 450'],
    ['厦门', '1', 900, '厦门 全市 部级 900'],
    ['厦门', '3', 400, '厦门 全市 其他人员 400'],
    ['福州', '3', 380, '福建（福州）380'],
    ['青岛', '2', 490, '青岛 全市 司局级 490 — 山东（济南）480'],
    ['济南', '2', 480, '山东（济南）司局级 480'],
    ['深圳', '2', 550, '深圳 全市 司局级 550'],
    ['广州', '1', 900, '广东（广州）部级 900'],
    ['拉萨', '2', 500, '西藏（拉萨）司局级 500'],
    ['西宁', '3', 350, '青海（西宁）350'],
    ['乌鲁木齐', '2', 480, '新疆（乌鲁木齐）司局级 480'],
    ['重庆', '3', 370, '重庆 其他人员 370'],
  ])('%s, rank %s: %i a night (%s)', (place, rank, ceiling) => {
    expect(pickStandard(rows, HOTEL, at(place), rank)?.amount).toBe(`${ceiling}.00`);
  });

  it('every province has a ceiling for every rank: no place of the table falls to a made-up figure', () => {
    for (const code of ['110000', '460000', '540000', '650000', '640000', '520000'])
      for (const rank of ['1', '2', '3']) expect(pickStandard(rows, HOTEL, code, rank), `${code} ${rank}`).toBeTruthy();
    expect(rows.some((r) => r.kind === HOTEL && r.region === '*')).toBe(false);
  });
});

describe('a traveller’s line (531号: allowances per calendar day; the hotel 凭发票据实报销 within the ceiling, 超支部分由个人自理)', () => {
  const line = (over: Partial<Parameters<typeof workOutTraveller>[1]>) =>
    workOutTraveller(rows, {
      region: '北京',
      rank: '3',
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      nights: 2,
      hotel: '0',
      ...over,
    });

  it.each([
    // [case, input, meal, transport, ceiling, claimed, over, total]
    ['北京 其他人员 3 days 2 nights, hotel within (71号 北京 500)', {}, '300.00', '240.00', '1000.00', '0.00', '0.00', '540.00'],
    [
      '… hotel 960 of 1,000 allowed: claimed as invoiced',
      { hotel: '960.00' },
      '300.00',
      '240.00',
      '1000.00',
      '960.00',
      '0.00',
      '1500.00',
    ],
    [
      '… hotel 1,180: 1,000 claimed, 180 the traveller’s own',
      { hotel: '1180.00' },
      '300.00',
      '240.00',
      '1000.00',
      '1000.00',
      '180.00',
      '1540.00',
    ],
    [
      '拉萨 司局级 2 days 1 night (西藏 meals 120, 71号 拉萨 司局级 500)',
      { region: '拉萨', rank: '2', endDate: '2026-03-02', nights: 1, hotel: '620.00' },
      '240.00',
      '160.00',
      '500.00',
      '500.00',
      '120.00',
      '900.00',
    ],
    [
      '大连 其他人员 4 days 3 nights (71号 大连 350)',
      { region: '大连市', endDate: '2026-03-04', nights: 3, hotel: '1050.00' },
      '400.00',
      '320.00',
      '1050.00',
      '1050.00',
      '0.00',
      '1770.00',
    ],
    [
      'a day out and back: no night, no hotel ceiling',
      { endDate: '2026-03-01', nights: 0 },
      '100.00',
      '80.00',
      '0.00',
      '0.00',
      '0.00',
      '180.00',
    ],
    [
      'a hotel claimed without nights is all over the standard',
      { endDate: '2026-03-01', nights: 0, hotel: '300.00' },
      '100.00',
      '80.00',
      '0.00',
      '0.00',
      '300.00',
      '180.00',
    ],
  ] as const)('%s', (_case, input, meal, transport, ceiling, claimed, over, total) => {
    const figures = line(input) as TravellerFigures;
    expect(isFault(figures)).toBe(false);
    expect([
      figures.meal,
      figures.transport,
      figures.hotelCeiling,
      figures.hotelClaimed,
      figures.hotelOver,
      figures.total,
    ]).toEqual([meal, transport, ceiling, claimed, over, total]);
    expect(figures.amount).toBe((Number(meal) + Number(transport)).toFixed(2));
  });

  it('names the place by the table and counts the days itself', () => {
    expect(line({ region: '拉萨' })).toMatchObject({ city: '西藏自治区 拉萨市', days: 3 });
    expect(line({ region: '西藏自治区 拉萨市' })).toMatchObject({ city: '西藏自治区 拉萨市' });
    expect(line({ region: '540100' })).toMatchObject({ city: '西藏自治区 拉萨市' });
  });

  it.each([
    ['nights beyond days − 1', { nights: 3 }, { key: 'allowance.nights', params: { nights: 3, days: 3, most: 2 } }],
    ['a return before the departure', { endDate: '2026-02-28' }, { key: 'allowance.dates' }],
    ['more than 365 days', { endDate: '2027-03-01' }, { key: 'allowance.dates' }],
    ['a place outside the table', { region: '火星' }, { key: 'allowance.region', params: { value: '火星' } }],
  ])('refuses %s', (_case, input, fault) => {
    expect(line(input)).toMatchObject(fault);
  });

  it('names a standard the site lacks, by the table’s words', () => {
    const noHotel = rows.filter((r) => r.kind !== HOTEL);
    expect(
      workOutTraveller(noHotel, {
        region: '成都',
        rank: '3',
        startDate: '2026-03-01',
        endDate: '2026-03-02',
        nights: 1,
        hotel: '0',
      }),
    ).toEqual({
      key: 'standard.missing',
      params: { city: '四川省 成都市', kind: HOTEL },
    });
  });

  it('reads standards written before the table by name (北京, 西藏) as the same regions', () => {
    const old: StandardRow[] = [
      { kind: MEAL, region: '*', amount: '100.00' },
      { kind: MEAL, region: '西藏', amount: '120.00' },
      { kind: HOTEL, region: '北京', rank: '3', amount: '500.00' },
    ];
    expect(pickStandard(old, MEAL, at('拉萨'))?.amount).toBe('120.00');
    expect(pickStandard(old, HOTEL, at('北京市'), '3')?.amount).toBe('500.00');
  });
});

describe('training ceilings (DOMAIN.md; the tiers of the 2013 central measures, a site’s own by its setting)', () => {
  const rate = (grade: string) => rows.find((r) => r.kind === '5' && r.grade === grade)!.amount;
  it('the seeded rates are DOMAIN.md’s: 一类 550, 二类 450, 三类 350 元/人天', () => {
    expect(['1', '2', '3'].map(rate)).toEqual(['550.00', '450.00', '350.00']);
  });
  it.each([
    // [class, people, days, ceiling, why] — “15天以内的培训按照综合定额标准控制；超过15天的培训，超过天数按照
    // 综合定额标准的70%控制；超过30天的培训，超过天数按照综合定额标准的60%控制” (DOMAIN.md: beyond the 15th
    // at 70 %, beyond the 30th at 60 %).
    ['3', 30, 3, '31500.00', '350 × 30 × 3'],
    ['1', 1, 15, '8250.00', '15 days: all at the full rate, 550 × 15'],
    ['1', 1, 16, '8635.00', 'the 16th day at 70 %: 550 × 15 + 385'],
    ['1', 1, 30, '14025.00', '550 × 15 + 385 × 15'],
    ['1', 1, 31, '14355.00', 'the 31st day at 60 %: 14,025 + 330'],
    ['2', 10, 40, '141750.00', '450 × 10 × (15 + 15 × 70 % + 10 × 60 %)'],
    ['3', 1, 1, '350.00', 'one day'],
  ])('class %s, %i people, %i days: %s (%s)', (grade, people, days, ceiling) => {
    expect(trainingCeiling(rate(grade), people, days)).toBe(ceiling);
  });

  it.each([
    // 财行〔2016〕540号 第九条 as published: “30天以内的培训按照综合定额标准控制；超过30天的培训，超过天数按照
    // 综合定额标准的70%控制”.
    ['30:70', 20, '7000.00', '540号: 20 days all at the full rate, 350 × 20'],
    ['30:70', 31, '10745.00', '540号: 350 × 30 + 350 × 70 %'],
    // 焦作市's measures: beyond the 15th at 80 %, beyond the 30th at 70 %.
    ['15:80,30:70', 31, '9695.00', '350 × (15 + 15 × 80 % + 70 %)'],
  ])('a site’s tiers %s, class 3, %i days: %s (%s)', (text, days, ceiling) => {
    expect(trainingCeiling(rate('3'), 1, days, parseDayTiers(text)!)).toBe(ceiling);
  });

  it.each([
    ['30:70', [{ after: 30, percent: 70 }]],
    [' 15:70, 30:60 ', [{ after: 15, percent: 70 }, { after: 30, percent: 60 }]],
    ['30:60,15:70', null],
    ['15:60,30:70', null],
    ['30:170', null],
    ['0:70', null],
    ['30', null],
    ['', null],
    ['30:70;15:60', null],
  ])('the setting “%s” reads as %j', (text, tiers) => {
    expect(parseDayTiers(text)).toEqual(tiers);
  });

  it('rounds once, half up, when a site’s own rate does not divide', () => {
    // 333.33 × (15 + 15 × 70 % + 60 %) = 8,699.913 → 8,699.91
    expect(trainingCeiling('333.33', 1, 31)).toBe('8699.91');
    const after30 = parseDayTiers('30:70')!;
    // 333.33 × (30 + 70 %) = 10,233.231 → 10,233.23
    expect(trainingCeiling('333.33', 1, 31, after30)).toBe('10233.23');
    // 333.35 × 70 % = 233.345 per later day → 30 × 333.35 + 233.345 = 10,233.845 → 10,233.85
    expect(trainingCeiling('333.35', 1, 31, after30)).toBe('10233.85');
  });

  it('a meeting has no later-day rate (财行〔2016〕214号): 650 × 40 × 2', () => {
    expect(meetingCeiling(rows.find((r) => r.kind === '4' && r.grade === '2')!.amount, 40, 2)).toBe('52000.00');
  });
});
