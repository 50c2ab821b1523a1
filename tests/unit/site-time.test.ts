// The site's clock (server/platform/site-time.ts, issue 32): what a person types without an offset is
// the site's wall time, days and months are the site's, whatever zone this process runs in.
import { describe, expect, it } from 'vitest';
import { addDays, dayBounds, isTimeZone, offsetAt, siteNow, toInstant, wallText, yearMonthOf } from '../../server/platform/site-time.ts';

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';

describe('text without an offset is the site’s wall time', () => {
  it.each([
    // [typed, zone, instant]
    ['2026-12-04 09:00', SHANGHAI, '2026-12-04T01:00:00.000Z'],
    ['2026-12-04T09:00:00', SHANGHAI, '2026-12-04T01:00:00.000Z'],
    ['2026-12-04 09:00:00.250', SHANGHAI, '2026-12-04T01:00:00.250Z'],
    ['2026-12-04', SHANGHAI, '2026-12-03T16:00:00.000Z'],
    ['2027-01-01 00:30', SHANGHAI, '2026-12-31T16:30:00.000Z'],
    // New York: standard time (UTC−5) in December, summer time (UTC−4) in July.
    ['2026-12-04 09:00', NEW_YORK, '2026-12-04T14:00:00.000Z'],
    ['2026-07-04 09:00', NEW_YORK, '2026-07-04T13:00:00.000Z'],
    // 2026-03-08 02:30 does not exist in New York (clocks go 02:00 → 03:00): it moves on an hour.
    ['2026-03-08 02:30', NEW_YORK, '2026-03-08T07:30:00.000Z'],
    // 2026-11-01 01:30 happens twice (clocks go 02:00 → 01:00): the earlier.
    ['2026-11-01 01:30', NEW_YORK, '2026-11-01T05:30:00.000Z'],
    ['2026-12-04 09:00', 'UTC', '2026-12-04T09:00:00.000Z'],
  ])('%s in %s is %s', (typed, zone, instant) => {
    expect(toInstant(typed, zone)).toBe(instant);
  });

  it('takes text with an offset as the instant it names, in one form', () => {
    expect(toInstant('2026-12-04T09:00:00+08:00', NEW_YORK)).toBe('2026-12-04T01:00:00.000Z');
    expect(toInstant('2026-12-04T01:00:00Z', SHANGHAI)).toBe('2026-12-04T01:00:00.000Z');
    expect(toInstant('2026-12-04 09:00:00-05:00', SHANGHAI)).toBe('2026-12-04T14:00:00.000Z');
    expect(toInstant('tomorrow', SHANGHAI)).toBe('tomorrow');
  });
});

describe('days, months and years are the site’s', () => {
  it('counts today on the site’s clock: at 05:00 in China it is already the next day', () => {
    const at = Date.parse('2026-11-26T21:00:00Z'); // 05:00 on 27 November in China
    expect(siteNow(at, SHANGHAI)).toEqual({ day: '2026-11-27', time: '05:00', month: '2026-11', year: '2026' });
    expect(siteNow(at, NEW_YORK)).toEqual({ day: '2026-11-26', time: '16:00', month: '2026-11', year: '2026' });
    // New year's eve in UTC is already the new year in China.
    expect(yearMonthOf(new Date('2026-12-31T17:00:00Z'), SHANGHAI)).toEqual({ year: 2027, month: 1 });
    expect(yearMonthOf(new Date('2026-12-31T17:00:00Z'), 'Europe/Lisbon')).toEqual({ year: 2026, month: 12 });
  });

  it('bounds a day by the site’s midnights', () => {
    expect(dayBounds('2026-12-04', SHANGHAI)).toEqual({ from: '2026-12-03T16:00:00.000Z', to: '2026-12-04T16:00:00.000Z' });
    // The day summer time ends in New York has 25 hours.
    const fall = dayBounds('2026-11-01', NEW_YORK);
    expect(Date.parse(fall.to) - Date.parse(fall.from)).toBe(25 * 3_600_000);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('shows an instant as the site’s wall clock', () => {
    expect(wallText('2026-12-04T01:00:00.000Z', SHANGHAI)).toBe('2026-12-04 09:00');
    expect(wallText(new Date('2026-12-04T01:00:00.000Z'), NEW_YORK, true)).toBe('2026-12-03 20:00:00');
    expect(offsetAt(Date.parse('2026-07-01T00:00:00Z'), NEW_YORK)).toBe(-4 * 3_600_000);
    expect(offsetAt(Date.parse('2026-07-01T00:00:00Z'), SHANGHAI)).toBe(8 * 3_600_000);
  });

  it('knows a zone by its IANA name, and nothing else', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('Asia/Beijing')).toBe(false);
    expect(isTimeZone('UTC+8')).toBe(false);
    expect(isTimeZone("'; drop table x; --")).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(8)).toBe(false);
  });
});
