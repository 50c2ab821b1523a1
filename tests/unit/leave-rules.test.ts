// The rules of leave (issue 34): the annual leave of 职工带薪年休假条例 (国务院令第514号) by years of
// service, and the days a leave takes on a working calendar. Each case names where it comes from.
import { describe, expect, it } from 'vitest';
import { annualLeaveDays, leaveDays, yearsOfService, type WorkCalendar } from '../../server/modules/leave/rules.ts';

describe('annual leave by years of service (职工带薪年休假条例 第三条)', () => {
  // [source, started working, as of, years, days]
  const cases: Array<[string, string, string, number, number]> = [
    ['第二条: 连续工作1年以上的才享受年休假 — 不满1年', '2025-03-01', '2026-01-01', 0, 0],
    ['第二条/第三条: 满1年的前一天仍不满1年', '2025-01-02', '2026-01-01', 0, 0],
    ['第三条第一款: 已满1年不满10年的，年休假5天 — 满1年当天', '2025-01-01', '2026-01-01', 1, 5],
    ['第三条第一款: 已满1年不满10年的，年休假5天 — 不满10年的最后一天', '2016-01-02', '2026-01-01', 9, 5],
    ['第三条第一款: 已满10年不满20年的，年休假10天 — 满10年当天', '2016-01-01', '2026-01-01', 10, 10],
    ['第三条第一款: 已满10年不满20年的，年休假10天 — 不满20年', '2006-06-30', '2026-01-01', 19, 10],
    ['第三条第一款: 已满20年的，年休假15天 — 满20年当天', '2006-01-01', '2026-01-01', 20, 15],
    ['第三条第一款: 已满20年的，年休假15天 — 远超20年也是15天', '1986-09-01', '2026-01-01', 39, 15],
    ['人社厅函〔2009〕149号: 累计工作时间含在其他单位的工作时间 — 按参加工作日期计', '2014-07-01', '2026-01-01', 11, 10],
    ['未登记参加工作日期: 无额度', '', '2026-01-01', 0, 0],
    ['参加工作日期晚于计算日: 无额度', '2027-01-01', '2026-01-01', 0, 0],
    ['2月29日参加工作: 平年3月1日满周年', '2016-02-29', '2026-02-28', 9, 5],
    ['2月29日参加工作: 平年3月1日满周年（满10年）', '2016-02-29', '2026-03-01', 10, 10],
  ];
  it.each(cases)('%s', (_source, start, asOf, years, days) => {
    expect(yearsOfService(start || null, asOf)).toBe(years);
    expect(annualLeaveDays(yearsOfService(start || null, asOf))).toBe(days);
  });
});

describe('the days a leave takes (第三条第二款: 国家法定休假日、休息日不计入年休假的假期)', () => {
  // 国务院办公厅关于2026年部分节假日安排的通知 (2025-11-04): 国庆节 10月1日至7日放假调休，10月10日（周六）上班.
  const holidays = new Set(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']);
  const cal: WorkCalendar = { holidays, workdays: new Set(['2026-09-20', '2026-10-10']) };
  const none: WorkCalendar = { holidays: new Set(), workdays: new Set() };
  const cases: Array<[string, string, string, WorkCalendar, boolean, number | null]> = [
    ['one weekday', '2026-03-02', '2026-03-02', none, false, 1],
    ['Monday to Friday', '2026-03-02', '2026-03-06', none, false, 5],
    ['Friday to Monday: the weekend is not counted', '2026-03-06', '2026-03-09', none, false, 2],
    ['a weekend only', '2026-03-07', '2026-03-08', none, false, 0],
    ['across 国庆节: the holidays are not counted, 10月10日 (Saturday) is worked', '2026-09-30', '2026-10-12', cal, false, 5],
    ['9月20日 (Sunday) is an adjusted working day', '2026-09-19', '2026-09-20', cal, false, 1],
    ['a kind counted in calendar days (产假, 女职工劳动保护特别规定 第七条: 98天)', '2026-09-30', '2026-10-12', cal, true, 13],
    ['end before start', '2026-03-06', '2026-03-05', none, false, null],
  ];
  it.each(cases)('%s', (_what, start, end, c, natural, days) => {
    expect(leaveDays(start, end, c, natural)).toBe(days);
  });
});
