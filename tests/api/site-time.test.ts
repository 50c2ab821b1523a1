// One clock, the site's (issue 32, server/platform/site-time.ts): a time typed without an offset is
// the site's wall time — stored, refused, shown in messages, found by the calendar and by a day's
// filter as such — whatever zone the server runs in (this file runs it in New York's) and whatever
// the database session's (UTC on the embedded database); document numbers and the budget year turn
// with the site's new year; a site may have another zone; stored rows move on migration.
process.env.TZ = 'America/New_York';

import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';
import { addDays, siteNow, toInstant } from '../../server/platform/site-time.ts';
import { splitStatements } from '../../server/platform/db/split-statements.ts';

type Row = Record<string, any>;
const SHANGHAI = 'Asia/Shanghai';

let server: TestServer;
const tokens: Record<string, string> = {};
let room: Row;

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'teacher']) tokens[name] = await server.login(name, 'Demo@12345');
  room = ok(await server.post('/api/venue/info/save', { name: '时区测试室', capacity: 30, venueState: '0' }, as('admin')));
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN', headers: Record<string, string> = {}): RequestOptions => ({
  token: tokens[who],
  lang,
  headers,
});
const db = () => server.database.db as unknown as Kysely<any>;
/** A day from today on the site's clock. */
const day = (n: number) => addDays(siteNow(server.clock.now(), SHANGHAI).day, n);
const book = (who: string, startTime: string, endTime: string, lang = 'zh-CN') =>
  server.post('/api/venue/booking/save', { venueId: room.id, subject: '教研活动', attendees: 10, startTime, endTime }, as(who, lang));

describe('a time typed without an offset', () => {
  let booked: Row;
  beforeAll(async () => {
    booked = ok(await book('staff', `${day(3)} 09:00:00`, `${day(3)} 10:00:00`));
  });

  it('is the site’s wall time, whatever the server’s zone', async () => {
    expect(new Date().getTimezoneOffset()).not.toBe(-480); // this process is not in China
    expect(booked.startTime).toBe(toInstant(`${day(3)} 09:00`, SHANGHAI));
    expect(booked.startTime).toMatch(/T01:00:00\.000Z$/);
    const stored = await sql<{ t: string }>`select to_char(start_time at time zone 'Asia/Shanghai', 'HH24:MI') as t
      from biz_venue_booking where id = ${booked.id}`.execute(db());
    expect(stored.rows[0]!.t).toBe('09:00');
  });

  it('holds its slot against the same hour sent with an offset, and the refusal says the site’s hours', async () => {
    const msg = refused(await book('teacher', `${day(3)}T09:30:00+08:00`, `${day(3)}T10:30:00+08:00`), new RegExp(booked.bookingNo));
    expect(msg).toContain(`${day(3)} 09:00–10:00`);
    // Back to back, in another spelling of the same hour, is fine.
    ok(await book('teacher', `${day(3)}T02:00:00Z`, `${day(3)}T03:00:00Z`));
  });

  it('is found by the calendar of the site’s week and by a filter of the site’s day', async () => {
    const week = ok(
      await server.get(
        `/api/venue/booking/calendar?resource=${room.id}&from=${encodeURIComponent(`${day(0)} 00:00`)}&to=${encodeURIComponent(`${day(7)} 00:00`)}`,
        as('staff'),
      ),
    ) as Row[];
    expect(week.map((r) => r.id)).toContain(booked.id);
    const onTheDay = ok(
      await server.get(`/api/venue/booking/page?venueId=${room.id}&startTimeBegin=${day(3)}&startTimeEnd=${day(3)}`, as('admin')),
    );
    expect(onTheDay.records.map((r: Row) => r.id)).toContain(booked.id);
    const dayBefore = ok(
      await server.get(`/api/venue/booking/page?venueId=${room.id}&startTimeBegin=${day(2)}&startTimeEnd=${day(2)}`, as('admin')),
    );
    expect(dayBefore.records.map((r: Row) => r.id)).not.toContain(booked.id);
  });
});

describe('days and years of the site', () => {
  it('number documents and choose the budget year by the site’s new year, not the server’s', async () => {
    const saved = server.clock.now();
    try {
      // 17:00 on 31 December in UTC (noon in New York) is 01:00 on 1 January in China.
      server.clock.set(Date.parse('2026-12-31T17:00:00Z'));
      const staff = await server.login('staff', 'Demo@12345');
      const admin = await server.login('admin', 'Admin@12345');
      const b = ok(
        await server.post(
          '/api/venue/booking/save',
          { venueId: room.id, subject: '新年教研', attendees: 10, startTime: '2027-01-05 09:00', endTime: '2027-01-05 10:00' },
          { token: staff },
        ),
      );
      expect(b.bookingNo).toMatch(/^CD-2027-\d{4}$/);
      // Without a year header, lists keep to the site's year.
      const page = async (year?: string) =>
        ok(await server.get('/api/neikong/budget/page?pageSize=50', { token: admin, headers: year ? { year } : {} }));
      const unnamed = await page();
      const [of2026, of2027] = [await page('2026'), await page('2027')];
      expect(of2026.total).toBeGreaterThan(0);
      expect(unnamed.total).toBe(of2027.total);
      expect(unnamed.total).not.toBe(of2026.total);
    } finally {
      server.clock.set(saved);
    }
  });
});

describe('a site’s own zone', () => {
  const setting = async () =>
    (ok(await server.get('/api/core/config/page?configKey=sys.timeZone&pageSize=10', as('admin'))).records as Row[]).find(
      (r) => r.configKey === 'sys.timeZone',
    )!;

  it('is a setting, default Asia/Shanghai, public to the browser, refused when no zone', async () => {
    const row = await setting();
    expect(row.configValue).toBe(SHANGHAI);
    const refusal = await server.post('/api/core/config/update', { ...row, configValue: 'Asia/Beijing' }, as('admin', 'en-US'));
    expect(refusal.body).toMatchObject({ code: '40000' });
    expect(refusal.body.msg).toBe('The time zone "Asia/Beijing" is not known: give an IANA name such as Asia/Shanghai');
    expect((await setting()).configValue).toBe(SHANGHAI);
  });

  it('moves what is typed to that zone once changed, and back', async () => {
    const row = await setting();
    ok(await server.post('/api/core/config/update', { ...row, configValue: 'Europe/Lisbon' }, as('admin')));
    try {
      // December in Lisbon is UTC+0.
      const b = ok(await book('staff', `${day(20)} 09:00`, `${day(20)} 10:00`));
      expect(b.startTime).toBe(`${day(20)}T09:00:00.000Z`);
    } finally {
      const now = await setting();
      ok(await server.post('/api/core/config/update', { ...now, configValue: SHANGHAI }, as('admin')));
    }
    const b = ok(await book('staff', `${day(21)} 09:00`, `${day(21)} 10:00`));
    expect(b.startTime).toBe(`${day(21)}T01:00:00.000Z`);
  });
});

describe('the migration of stored times', () => {
  it('moves what was typed to the site’s wall time it meant, once', async () => {
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../server/platform/db/migrations/0022_site_time.sql'),
      'utf8',
    );
    const [moveTimes] = splitStatements(migration);
    const b = ok(await book('staff', `${day(30)} 09:00`, `${day(30)} 10:00`));
    // As the old code stored it: the wall time read in the database session's zone (UTC here).
    await sql`set time zone 'UTC'`.execute(db());
    await sql`update biz_venue_booking set start_time = ${`${day(30)} 09:00:00`}::timestamp at time zone 'UTC',
      end_time = ${`${day(30)} 10:00:00`}::timestamp at time zone 'UTC' where id = ${b.id}`.execute(db());
    await sql.raw(moveTimes!).execute(db());
    const read = ok(await server.get(`/api/venue/booking/infoById/${b.id}`, as('staff')));
    expect(read).toMatchObject({ startTime: `${day(30)}T01:00:00.000Z`, endTime: `${day(30)}T02:00:00.000Z` });
  });
});
