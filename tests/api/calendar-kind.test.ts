// The general calendar page kind (issue 35): a calendar file with `views` (schemas/leave/leaveMonth.calendar.json,
// leave requests by date, no resource) answers GET /api/leave/apply/calendar?from=&to= with the rows
// overlapping the site's days [from, to] — past ones too, a date range's end inclusive — within exactly
// the rows the entity's list shows the caller (data scope) and the list's filters; a window longer than
// 62 days, or a day that is not one, is refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'teacher', 'head']) tokens[name] = await server.login(name, 'Demo@12345');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang });
const TAG = `月历${Date.now() % 100000}`;
let n = 0;
const save = (who: string, startDate: string, endDate: string, leaveType = 'personal') =>
  server.post('/api/leave/apply/save', { leaveType, startDate, endDate, reason: `${TAG} ${++n}` }, as(who));
const cal = (who: string, query: string, lang = 'zh-CN') => server.get(`/api/leave/apply/calendar?${query}`, as(who, lang));
const ids = (answer: Row) => (answer.rows as Row[]).map((r) => r.id as number).sort((a, b) => a - b);

describe('the general calendar kind (leave by date, no resource)', () => {
  let mine: Row; // staff, 2033-05-10 … 2033-05-12
  let sick: Row; // staff, 2033-05-20, sick
  let other: Row; // teacher (another department), 2033-05-11
  let heads: Row; // head (staff's department), 2033-05-30 … 2033-06-02
  let past: Row; // staff, a year ago

  beforeAll(async () => {
    mine = ok(await save('staff', '2033-05-10', '2033-05-12'));
    sick = ok(await save('staff', '2033-05-20', '2033-05-20', 'sick'));
    other = ok(await save('teacher', '2033-05-11', '2033-05-11'));
    heads = ok(await save('head', '2033-05-30', '2033-06-02'));
    const y = new Date().getUTCFullYear() - 1;
    past = ok(await save('staff', `${y}-03-02`, `${y}-03-03`));
  });

  it('answers the rows overlapping the window, a date end inclusive, as dates', async () => {
    const last = ok(await cal('staff', 'from=2033-05-12&to=2033-05-12'));
    expect(ids(last)).toContain(Number(mine.id));
    const row = (last.rows as Row[]).find((r) => r.id === Number(mine.id))!;
    expect(row).toMatchObject({ from: '2033-05-10', to: '2033-05-12', title: `${TAG} 1`, mine: true });
    expect(last.dated).toBe(true);
    // The day after the end and the day before the start: not there.
    expect(ids(ok(await cal('staff', 'from=2033-05-13&to=2033-05-19')))).not.toContain(Number(mine.id));
    expect(ids(ok(await cal('staff', 'from=2033-05-01&to=2033-05-09')))).not.toContain(Number(mine.id));
    // A row that starts before the window and ends inside it, and one that runs past its end.
    expect(ids(ok(await cal('head', 'from=2033-05-11&to=2033-05-11')))).toContain(Number(mine.id));
    expect(ids(ok(await cal('head', 'from=2033-05-31&to=2033-06-01')))).toContain(Number(heads.id));
  });

  it('answers past rows', async () => {
    const y = new Date().getUTCFullYear() - 1;
    expect(ids(ok(await cal('staff', `from=${y}-03-01&to=${y}-03-31`)))).toContain(Number(past.id));
  });

  it('keeps to the data scope exactly as the list does', async () => {
    const window = 'from=2033-05-01&to=2033-05-31';
    for (const who of ['staff', 'teacher', 'head', 'admin']) {
      const listed = (ok(await server.get(`/api/leave/apply/page?pageSize=100&reason=${encodeURIComponent(TAG)}&startDateBegin=2033-05-01&startDateEnd=2033-05-31`, as(who))).records as Row[])
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
      const shown = ((ok(await cal(who, `${window}&reason=${encodeURIComponent(TAG)}`)).rows as Row[]).filter((r) => r.from <= '2033-05-31'))
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
      expect(shown, who).toEqual(listed);
    }
    // Staff: their own only; a head: their department (staff's) and their own, not another department's.
    const staff = ids(ok(await cal('staff', window)));
    expect(staff).toEqual(expect.arrayContaining([Number(mine.id), Number(sick.id)]));
    expect(staff).not.toContain(Number(other.id));
    expect(staff).not.toContain(Number(heads.id));
    const head = ids(ok(await cal('head', window)));
    expect(head).toEqual(expect.arrayContaining([Number(mine.id), Number(sick.id), Number(heads.id)]));
    expect(head).not.toContain(Number(other.id));
    expect(ids(ok(await cal('admin', window)))).toEqual(expect.arrayContaining([Number(mine.id), Number(other.id), Number(heads.id)]));
  });

  it("applies the list's query-field filters", async () => {
    const sickOnly = ids(ok(await cal('staff', 'from=2033-05-01&to=2033-05-31&leaveType=sick')));
    expect(sickOnly).toContain(Number(sick.id));
    expect(sickOnly).not.toContain(Number(mine.id));
    const byReason = ids(ok(await cal('staff', `from=2033-05-01&to=2033-05-31&reason=${encodeURIComponent(`${TAG} 1`)}`)));
    expect(byReason).toEqual([Number(mine.id)]);
    refused(await cal('staff', 'from=2033-05-01&to=2033-05-31&startDateBegin=May'), /startDateBegin/);
  });

  it('refuses a window too long, backwards or not of days, clearly', async () => {
    refused(await cal('staff', 'from=2033-01-01&to=2033-06-30'), /62/);
    refused(await cal('staff', 'from=2033-01-01&to=2033-06-30', 'en-US'), /at most 62 days/);
    refused(await cal('staff', 'from=2033-05-31&to=2033-05-01'), /62/);
    refused(await cal('staff', 'from=2033-02-30&to=2033-03-01'));
    refused(await cal('staff', 'to=2033-03-01'));
    // 62 days are answered.
    ok(await cal('staff', 'from=2033-04-01&to=2033-06-01'));
  });

  it('is under its own permission, which every role holds', async () => {
    ok(await cal('teacher', 'from=2033-05-01&to=2033-05-31'));
    const page = await server.get('/api/schema/page/LeaveMonth', as('staff'));
    const bundle = ok(page);
    expect(bundle.calendar.views).toEqual(['month', 'week', 'day']);
    expect(bundle.query).toEqual(['leaveType', 'reason', 'approvalStatus']);
    expect(bundle.calendar.create).toBeUndefined();
    expect(Object.keys(bundle.texts)).toEqual(expect.arrayContaining(['leaveMonth.title', 'leaveMonth.empty']));
  });
});
