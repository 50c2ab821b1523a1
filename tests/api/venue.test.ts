// Venues (issue 18): bookings of one venue never overlap (the entity's noOverlap rule, checked on
// every write under a per-venue lock), back-to-back is fine, a booking that no longer stands frees its
// slot, another organisation's bookings never collide, and the week calendar shows a venue's bookings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';
import { sql } from 'kysely';
import { addDays, siteNow, toInstant } from '../../server/platform/site-time.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'teacher', 'head', 'assets', 'auditor']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  tokens.citystaff = await server.login('citystaff', 'City@12345', 'city');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
});

/** A moment `days` days from now at hh:mm on the site's clock, as the form sends it (no offset). */
function at(days: number, hh: number, mm = 0): string {
  const day = addDays(siteNow(server.clock.now(), 'Asia/Shanghai').day, days);
  return `${day} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00`;
}

async function newVenue(who: string, name: string, extra: Row = {}): Promise<Row> {
  return ok(await server.post('/api/venue/info/save', { name, capacity: 30, venueState: '0', ...extra }, as(who)));
}
const book = (who: string, body: Row, lang = 'zh-CN') =>
  server.post('/api/venue/booking/save', { subject: '教研活动', attendees: 10, ...body }, as(who, lang));

describe('no overlapping bookings of a venue', () => {
  let room: Row;
  let first: Row;
  beforeAll(async () => {
    room = await newVenue('admin', '测试会议室A');
    first = ok(await book('staff', { venueId: room.id, subject: '期中教研', startTime: at(3, 9), endTime: at(3, 11) }));
  });

  it('refuses an overlapping booking, naming the booking it collides with', async () => {
    const msg = refused(
      await book('teacher', { venueId: room.id, startTime: at(3, 10), endTime: at(3, 12) }),
      new RegExp(first.bookingNo),
    );
    expect(msg).toContain('测试会议室A');
    expect(msg).toMatch(/09:00–11:00/);
    const en = refused(await book('teacher', { venueId: room.id, startTime: at(3, 8), endTime: at(3, 13) }, 'en-US'));
    expect(en).toMatch(/already booked/);
    // Nothing was written.
    const rows = ok(await server.get(`/api/venue/booking/list?venueId=${room.id}`, as('admin'))) as Row[];
    expect(rows).toHaveLength(1);
  });

  it('takes back-to-back bookings', async () => {
    ok(await book('teacher', { venueId: room.id, startTime: at(3, 11), endTime: at(3, 12) }));
    ok(await book('teacher', { venueId: room.id, startTime: at(3, 8), endTime: at(3, 9) }));
  });

  it('refuses an edit that moves a booking onto another', async () => {
    const later = ok(await book('staff', { venueId: room.id, startTime: at(3, 14), endTime: at(3, 15) }));
    refused(
      await server.post('/api/venue/booking/update', { ...later, startTime: at(3, 10), endTime: at(3, 15) }, as('staff')),
      new RegExp(first.bookingNo),
    );
    ok(await server.post('/api/venue/booking/update', { ...later, startTime: at(3, 15), endTime: at(3, 16) }, as('staff')));
  });

  it('frees the slot of a withdrawn, rejected or cancelled booking', async () => {
    const slot = { venueId: room.id, startTime: at(4, 9), endTime: at(4, 10) };
    const mine = ok(await book('staff', slot));
    ok(await server.post(`/api/venue/booking/submit?id=${mine.id}`, {}, as('staff')));
    refused(await book('teacher', slot), new RegExp(mine.bookingNo));
    ok(await server.post(`/api/venue/booking/withdraw?id=${mine.id}`, {}, as('staff')));
    // Withdrawn: the slot is free; submitting the withdrawn one again is refused while another holds it.
    const other = ok(await book('teacher', slot));
    refused(await server.post(`/api/venue/booking/submit?id=${mine.id}`, {}, as('staff')), new RegExp(other.bookingNo));
    expect(ok(await server.get(`/api/venue/booking/infoById/${mine.id}`, as('staff'))).approvalStatus).toBe('4');

    // Rejected by the department head: free again.
    ok(await server.post(`/api/venue/booking/submit?id=${other.id}`, {}, as('teacher')));
    await decide(other.id, 'reject');
    expect(ok(await server.get(`/api/venue/booking/infoById/${other.id}`, as('teacher'))).approvalStatus).toBe('3');
    const third = ok(await book('staff', slot));

    // Approved, then cancelled before it starts: free again.
    ok(await server.post(`/api/venue/booking/submit?id=${third.id}`, {}, as('staff')));
    await decide(third.id, 'approve');
    expect(ok(await server.get(`/api/venue/booking/infoById/${third.id}`, as('staff'))).approvalStatus).toBe('2');
    refused(await book('teacher', slot));
    ok(await server.post(`/api/venue/booking/cancel?id=${third.id}`, {}, as('staff')));
    ok(await book('teacher', slot));
  });

  it('does not cancel a booking that has begun', async () => {
    // Booked for tomorrow (a booking may not start in the past), then moved to have begun an hour ago.
    const soon = ok(await book('staff', { venueId: room.id, startTime: at(1, 0, 0), endTime: at(1, 23, 59) }));
    ok(await server.post(`/api/venue/booking/submit?id=${soon.id}`, {}, as('staff')));
    await decide(soon.id, 'approve');
    const begun = new Date(server.clock.now() - 3_600_000);
    await sql`update biz_venue_booking set start_time = ${begun} where id = ${soon.id}`.execute(server.database.db as any);
    refused(await server.post(`/api/venue/booking/cancel?id=${soon.id}`, {}, as('staff')), /已开始/);
  });

  it('lets exactly one of 20 concurrent overlapping bookings through', async () => {
    const venue = await newVenue('admin', '测试会议室B');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(i % 2 ? 'staff' : 'teacher', { venueId: venue.id, startTime: at(5, 9, i), endTime: at(5, 10, i) }),
      ),
    );
    expect(replies.filter((r) => r.body.code === '0')).toHaveLength(1);
    for (const r of replies) expect(r.status).toBeLessThan(500);
    const rows = ok(await server.get(`/api/venue/booking/list?venueId=${venue.id}`, as('admin'))) as Row[];
    expect(rows).toHaveLength(1);
  });

  it('never collides with another organisation, nor books its venue', async () => {
    const cityRoom = await newVenue('cityadmin', '测试会议室A');
    ok(await book('citystaff', { venueId: cityRoom.id, startTime: at(3, 9), endTime: at(3, 11) }));
    refused(await book('staff', { venueId: cityRoom.id, startTime: at(6, 9), endTime: at(6, 11) }), /场地/);
  });
});

describe('bad input', () => {
  let room: Row;
  beforeAll(async () => {
    room = await newVenue('admin', '测试会议室C');
  });
  it('refuses an end before the start, a missing venue, a closed venue', async () => {
    refused(await book('staff', { venueId: room.id, startTime: at(7, 11), endTime: at(7, 9) }), /结束时间必须晚于开始时间/);
    refused(
      await book('staff', { venueId: room.id, startTime: at(7, 11), endTime: at(7, 11) }, 'en-US'),
      /Ends must be after Starts/,
    );
    refused(await book('staff', { startTime: at(7, 9), endTime: at(7, 10) }), /场地/);
    refused(await book('staff', { venueId: 99999999, startTime: at(7, 9), endTime: at(7, 10) }), /场地/);
    refused(await book('staff', { venueId: room.id, startTime: 'tomorrow', endTime: at(7, 10) }));
    const closed = await newVenue('admin', '测试会议室D', { venueState: '1' });
    refused(await book('staff', { venueId: closed.id, startTime: at(7, 9), endTime: at(7, 10) }), /已停用/);
  });
});

describe('the week calendar', () => {
  let room: Row;
  let theirs: Row;
  beforeAll(async () => {
    room = await newVenue('admin', '测试报告厅');
    theirs = ok(await book('teacher', { venueId: room.id, subject: '学生处例会', startTime: at(2, 14), endTime: at(2, 15, 30) }));
    // A draft holds its slot; a withdrawn booking does not show.
    const gone = ok(await book('teacher', { venueId: room.id, startTime: at(2, 16), endTime: at(2, 17) }));
    ok(await server.post(`/api/venue/booking/submit?id=${gone.id}`, {}, as('teacher')));
    ok(await server.post(`/api/venue/booking/withdraw?id=${gone.id}`, {}, as('teacher')));
  });
  const week = (resource: number, who = 'staff') =>
    server.get(
      `/api/venue/booking/calendar?resource=${resource}&from=${encodeURIComponent(at(0, 0))}&to=${encodeURIComponent(at(7, 0))}`,
      as(who),
    );

  it("shows staff every standing booking of the venue, someone else's too, with who holds it", async () => {
    const rows = ok(await week(room.id)) as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: theirs.id,
      title: '学生处例会',
      doc: theirs.bookingNo,
      applicant: '黄磊',
      dept: '学生处',
      color: '0',
      mine: false,
    });
    expect(rows[0]!.from).toBe(toInstant(at(2, 14), 'Asia/Shanghai'));
    // Staff cannot read the other's document itself (their data scope), only the occupancy.
    refused(await server.get(`/api/venue/booking/infoById/${theirs.id}`, as('staff')));
    const resources = ok(await server.get('/api/venue/booking/calendar/resources', as('staff'))) as Row[];
    expect(resources.map((r) => r.label)).toContain('测试报告厅');
  });

  it('keeps to the calendar permission and the site', async () => {
    expect((await week(room.id, 'auditor')).body.code).toBe('40103');
    expect((await server.get('/api/venue/booking/calendar/resources', as('auditor'))).body.code).toBe('40103');
    refused(await book('auditor', { venueId: room.id, startTime: at(8, 9), endTime: at(8, 10) }));
    // Another organisation's venue reads as an empty week; its venues are not offered.
    expect(ok(await week(room.id, 'citystaff'))).toEqual([]);
    const theirVenues = ok(await server.get('/api/venue/booking/calendar/resources', as('citystaff'))) as Row[];
    expect(theirVenues.map((r) => r.label)).not.toContain('测试报告厅');
  });

  it('keeps a venue that has bookings', async () => {
    refused(await server.post(`/api/venue/info/remove?ids=${room.id}`, {}, as('admin')), /测试报告厅/);
    const unused = await newVenue('admin', '测试空场地');
    ok(await server.post(`/api/venue/info/remove?ids=${unused.id}`, {}, as('admin')));
  });

  it('refuses a bad range', async () => {
    refused(await server.get(`/api/venue/booking/calendar?resource=${room.id}&from=x&to=y`, as('staff')));
    refused(
      await server.get(
        `/api/venue/booking/calendar?resource=${room.id}&from=${encodeURIComponent(at(0, 0))}&to=${encodeURIComponent(at(100, 0))}`,
        as('staff'),
      ),
    );
    refused(
      await server.get(
        `/api/venue/booking/calendar?resource=abc&from=${encodeURIComponent(at(0, 0))}&to=${encodeURIComponent(at(7, 0))}`,
        as('staff'),
      ),
    );
  });
});

describe('no booking in the past, none beyond the venue (issue 34)', () => {
  let room: Row;
  beforeAll(async () => {
    room = await newVenue('admin', '测试小会议室', { capacity: 300 });
  });

  it('refuses a booking that starts before now on the site clock, in four languages', async () => {
    const msg = refused(
      await book('staff', { venueId: room.id, startTime: at(-1, 9), endTime: at(-1, 10) }),
      /开始时间不能早于当前时间/,
    );
    expect(msg).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    refused(
      await book('staff', { venueId: room.id, startTime: at(-1, 9), endTime: at(-1, 10) }, 'en-US'),
      /Starts cannot be in the past/,
    );
    refused(
      await book('staff', { venueId: room.id, startTime: at(-1, 9), endTime: at(-1, 10) }, 'zh-TW'),
      /開始時間不能早於目前時間/,
    );
    refused(
      await book('staff', { venueId: room.id, startTime: at(-1, 9), endTime: at(-1, 10) }, 'pt-BR'),
      /não pode estar no passado/,
    );
    // Moving a booking into the past is refused too; a later one is taken.
    const later = ok(await book('staff', { venueId: room.id, startTime: at(9, 9), endTime: at(9, 10) }));
    refused(await server.post('/api/venue/booking/update', { ...later, startTime: at(-2, 9), endTime: at(-2, 10) }, as('staff')));
    const rows = ok(await server.get(`/api/venue/booking/list?venueId=${room.id}`, as('admin'))) as Row[];
    expect(rows).toHaveLength(1);
  });

  it('refuses more attendees than the venue holds, naming both numbers', async () => {
    const msg = refused(
      await book('staff', { venueId: room.id, attendees: 5000, startTime: at(10, 9), endTime: at(10, 10) }),
      /5000/,
    );
    expect(msg).toMatch(/300/);
    expect(msg).toMatch(/容纳人数/);
    refused(
      await book('staff', { venueId: room.id, attendees: 301, startTime: at(10, 9), endTime: at(10, 10) }, 'en-US'),
      /301 attendees exceed the venue's capacity of 300/,
    );
    ok(await book('staff', { venueId: room.id, attendees: 300, startTime: at(10, 9), endTime: at(10, 10) }));
    // An edit beyond it is refused as well.
    const mine = ok(await book('staff', { venueId: room.id, attendees: 10, startTime: at(10, 11), endTime: at(10, 12) }));
    refused(await server.post('/api/venue/booking/update', { ...mine, attendees: 400 }, as('staff')), /400/);
  });
});

describe('recurring bookings (issue 34)', () => {
  let room: Row;
  beforeAll(async () => {
    room = await newVenue('admin', '测试周会室');
  });
  const list = async () => ok(await server.get(`/api/venue/booking/list?venueId=${room.id}`, as('admin'))) as Row[];

  it('creates one booking per week until the date, each at the same wall time', async () => {
    const made = ok(
      await book('staff', {
        venueId: room.id,
        subject: '教研组周会',
        startTime: at(2, 15),
        endTime: at(2, 16),
        repeatEvery: 'week',
        repeatUntil: at(2 + 7 * 4, 0).slice(0, 10),
      }),
    );
    expect(made.occurrences).toHaveLength(5);
    const rows = await list();
    expect(rows).toHaveLength(5);
    const starts = rows.map((r) => r.startTime).sort();
    expect(starts).toEqual([0, 1, 2, 3, 4].map((k) => toInstant(at(2 + 7 * k, 15), 'Asia/Shanghai')));
    expect(new Set(rows.map((r) => r.bookingNo)).size).toBe(5);
    expect(rows.every((r) => r.subject === '教研组周会')).toBe(true);
  });

  it('refuses a series with one clash, naming its date, and creates none of it', async () => {
    // A booking three days later blocks the fourth occurrence of a daily series.
    const blocker = ok(await book('teacher', { venueId: room.id, startTime: at(40, 9, 30), endTime: at(40, 10, 30) }));
    const before = (await list()).length;
    const msg = refused(
      await book('staff', {
        venueId: room.id,
        startTime: at(37, 9),
        endTime: at(37, 10),
        repeatEvery: 'day',
        repeatUntil: at(44, 0).slice(0, 10),
      }),
      new RegExp(at(40, 0).slice(0, 10)),
    );
    expect(msg).toContain(blocker.bookingNo);
    expect(msg).toMatch(/整组重复预约均未保存/);
    expect((await list()).length).toBe(before);
    const en = refused(
      await book(
        'staff',
        { venueId: room.id, startTime: at(37, 9), endTime: at(37, 10), repeatEvery: 'day', repeatUntil: at(44, 0).slice(0, 10) },
        'en-US',
      ),
    );
    expect(en).toMatch(/none of the series was saved/);
    expect((await list()).length).toBe(before);
  });

  it('refuses a bad rule and a series too long', async () => {
    refused(
      await book('staff', {
        venueId: room.id,
        startTime: at(50, 9),
        endTime: at(50, 10),
        repeatEvery: 'month',
        repeatUntil: at(60, 0).slice(0, 10),
      }),
      /每天/,
    );
    refused(
      await book('staff', {
        venueId: room.id,
        startTime: at(50, 9),
        endTime: at(50, 10),
        repeatEvery: 'week',
        repeatUntil: 'soon',
      }),
    );
    refused(
      await book('staff', {
        venueId: room.id,
        startTime: at(50, 9),
        endTime: at(50, 10),
        repeatEvery: 'week',
        repeatUntil: at(40, 0).slice(0, 10),
      }),
    );
    refused(
      await book('staff', {
        venueId: room.id,
        startTime: at(50, 9),
        endTime: at(50, 10),
        repeatEvery: 'day',
        repeatUntil: at(200, 0).slice(0, 10),
      }),
      /最多 60 次/,
    );
  });
});

describe('the day view and where the calendar opens (issue 34)', () => {
  let a: Row;
  let b: Row;
  let theirs: Row;
  beforeAll(async () => {
    a = await newVenue('admin', '测试日视图甲');
    b = await newVenue('admin', '测试日视图乙');
    theirs = ok(await book('teacher', { venueId: a.id, subject: '学生处会议', startTime: at(20, 9), endTime: at(20, 10) }));
    ok(await book('staff', { venueId: b.id, subject: '我的会议', startTime: at(20, 14), endTime: at(20, 15) }));
    ok(await book('staff', { venueId: b.id, subject: '次日会议', startTime: at(21, 0, 30), endTime: at(21, 1) }));
  });
  const dayView = (who: string, day = at(20, 0).slice(0, 10)) =>
    server.get(`/api/venue/booking/calendar/day?day=${day}`, as(who));

  it("answers every venue and the day's bookings, on the site's day", async () => {
    const view = ok(await dayView('admin'));
    expect(view.day).toBe(at(20, 0).slice(0, 10));
    expect(view.from).toBe(toInstant(at(20, 0), 'Asia/Shanghai'));
    const labels = (view.resources as Row[]).map((r) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['测试日视图甲', '测试日视图乙']));
    const ours = (view.rows as Row[]).filter((r) => r.resource === a.id || r.resource === b.id);
    expect(ours.map((r) => r.title)).toEqual(['学生处会议', '我的会议']);
    expect(ours[0]).toMatchObject({ resource: a.id, doc: theirs.bookingNo, readable: true });
  });

  it("keeps to the caller's data scope: another's booking is taken time only", async () => {
    const view = ok(await dayView('staff'));
    const ours = (view.rows as Row[]).filter((r) => r.resource === a.id || r.resource === b.id);
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({ resource: a.id, title: null, doc: null, applicant: null, readable: false });
    expect(ours[1]).toMatchObject({ resource: b.id, title: '我的会议', readable: true, mine: true });
    // Another organisation sees none of them; the auditor has no calendar; a bad day is refused.
    const city = ok(await dayView('citystaff'));
    expect((city.resources as Row[]).map((r) => r.label)).not.toContain('测试日视图甲');
    expect((city.rows as Row[]).some((r) => r.resource === a.id)).toBe(false);
    expect((await dayView('auditor')).body.code).toBe('40103');
    refused(await dayView('staff', '2026-02-30'), /YYYY-MM-DD/);
    refused(await dayView('staff', 'x'));
  });

  it('opens on a venue that has bookings', async () => {
    const start = ok(await server.get('/api/venue/booking/calendar/start', as('staff')));
    expect(start.resource).toEqual(expect.any(Number));
    expect(Date.parse(start.at)).toBeGreaterThan(0);
    const week = ok(
      await server.get(
        `/api/venue/booking/calendar?resource=${start.resource}&from=${encodeURIComponent(start.at)}&to=${encodeURIComponent(
          new Date(Date.parse(start.at) + 86_400_000).toISOString(),
        )}`,
        as('staff'),
      ),
    ) as Row[];
    expect(week.length).toBeGreaterThan(0);
  });
});

/** The department head, then general affairs (the asset keeper), decide the booking's open task. */
async function decide(id: number, decision: 'approve' | 'reject') {
  for (let step = 0; step < 3; step++) {
    let acted = false;
    for (const who of ['head', 'teacher', 'admin', 'assets']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === 'venueBooking' && t.businessKey === id);
      if (!task) continue;
      ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task.id, comment: '意见' }, as(who)));
      acted = true;
      if (decision === 'reject') return;
      break;
    }
    if (!acted) return;
  }
}
