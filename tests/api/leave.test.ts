// Leave with rules (issue 34): balances by leave kind and year (annual leave by years of service,
// 职工带薪年休假条例 第三条), a request beyond what is left refused at save and at submit, days the
// server counts on the site's working calendar (weekends, public holidays, adjusted working days),
// an end before the start refused, and every role filing leave and car requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'teacher', 'head', 'principal', 'finance', 'sealkeeper', 'auditor', 'assets', 'cashier'])
    tokens[name] = await server.login(name, 'Demo@12345');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang });
let n = 0;
const save = (who: string, leaveType: string, startDate: string, endDate: string, extra: Row = {}) =>
  server.post('/api/leave/apply/save', { leaveType, startDate, endDate, reason: `请假 ${++n}`, ...extra }, as(who));
const submit = (who: string, id: number) => server.post(`/api/leave/apply/submit?id=${id}`, {}, as(who));
const balance = async (who: string, year: number, kind: string) =>
  (ok(await server.get(`/api/leave/balance?year=${year}`, as(who))) as Row[]).find((b) => b.value === kind)!;

describe('balances', () => {
  it('gives annual leave by years of service on 1 January of the year', async () => {
    // staff started working 2019-09-01: 9 years on 2029-01-01 → 5 days; 10 years on 2030-01-01 → 10.
    expect(await balance('staff', 2029, 'annual')).toMatchObject({ entitled: 5, taken: 0, pending: 0, left: 5 });
    expect((await balance('staff', 2030, 'annual')).entitled).toBe(10);
    // teacher 2005-09-01: 23 years on 2029-01-01 → 15 days.
    expect((await balance('teacher', 2029, 'annual')).entitled).toBe(15);
    // A fixed entitlement from the register, and a kind with no limit.
    expect(await balance('staff', 2029, 'marriage')).toMatchObject({ rule: 'fixed', entitled: 3, left: 3 });
    expect(await balance('staff', 2029, 'sick')).toMatchObject({ rule: 'none', entitled: null, left: null });
    // Words in the reader's language.
    const en = ok(await server.get('/api/leave/balance?year=2029', as('staff', 'en-US'))) as Row[];
    expect(en.find((b) => b.value === 'annual')!.label).toBe('Annual leave');
    refused(await server.get('/api/leave/balance?year=29', as('staff')), /四位数字/);
  });

  it('counts approved requests as taken and submitted ones as pending, and refuses beyond what is left', async () => {
    // 2029-03-05 is a Monday: Monday to Wednesday, 3 working days.
    const a = ok(await save('staff', 'annual', '2029-03-05', '2029-03-07'));
    expect(Number(a.days)).toBe(3);
    // A draft counts nothing yet.
    expect((await balance('staff', 2029, 'annual')).left).toBe(5);
    ok(await submit('staff', a.id));
    expect(await balance('staff', 2029, 'annual')).toMatchObject({ taken: 0, pending: 3, left: 2 });
    // What the leave form's type picker shows: the same figures.
    // Three more days: refused at save, with the figures.
    const msg = refused(await save('staff', 'annual', '2029-04-02', '2029-04-04'), /年休假余额不足/);
    expect(msg).toContain('额度5天');
    expect(msg).toContain('审批中3天');
    expect(msg).toContain('剩余2天');
    expect(msg).toContain('本次申请3天');
    // Approved: taken.
    for (const who of ['head', 'principal']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === 'leaveApply' && Number(t.businessKey) === Number(a.id));
      if (task) ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
    }
    expect(await balance('staff', 2029, 'annual')).toMatchObject({ taken: 3, pending: 0, left: 2 });
    // Two drafts that each fit: the second is refused at submit once the first is in approval.
    const b = ok(await save('staff', 'annual', '2029-05-07', '2029-05-07'));
    const c = ok(await save('staff', 'annual', '2029-05-08', '2029-05-09'));
    ok(await submit('staff', b.id));
    refused(await submit('staff', c.id), /余额不足.*剩余1天.*本次申请2天/);
    // Another year has its own balance.
    ok(await save('staff', 'annual', '2031-03-03', '2031-03-07'));
  });

  it('refuses annual leave to someone without a recorded work start, saying why', async () => {
    expect(await balance('admin', 2029, 'annual')).toMatchObject({ entitled: 0, left: 0 });
    refused(await save('admin', 'annual', '2029-03-05', '2029-03-05'), /没有年休假额度.*未登记参加工作日期/);
    // Recorded on the user (the user form's field), the entitlement follows: 18 years on 2029-01-01 → 10 days.
    const me = ok(await server.get('/api/core/user/info', as('admin')));
    const user = ok(await server.get(`/api/core/user/infoById/${me.id ?? me.userId}`, as('admin')));
    ok(await server.post('/api/core/user/update', { id: user.id, version: user.version, workStartDate: '2010-07-01' }, as('admin')));
    expect((await balance('admin', 2029, 'annual')).entitled).toBe(10);
  });
});

describe('days from the working calendar', () => {
  it('counts working days across a weekend and the 2026 National Day holiday, whatever the body says', async () => {
    // Friday to Monday: 2 days; the days sent are the server's, never taken.
    const weekend = ok(await save('staff', 'personal', '2026-03-06', '2026-03-09', { days: 99 }));
    expect(Number(weekend.days)).toBe(2);
    // 2026-09-30 (Wed) to 2026-10-12 (Mon): 9-30, 10-08, 10-09, 10-10 (adjusted working Saturday), 10-12.
    const national = ok(await save('staff', 'personal', '2026-09-30', '2026-10-12'));
    expect(Number(national.days)).toBe(5);
    const stored = ok(await server.get(`/api/leave/apply/infoById/${national.id}`, as('staff')));
    expect(Number(stored.days)).toBe(5);
    // Maternity leave is counted in calendar days (the entitlement register says so).
    const maternity = ok(await save('staff', 'maternity', '2026-09-30', '2026-10-12'));
    expect(Number(maternity.days)).toBe(13);
    // A span of holidays and weekend only needs no leave.
    refused(await save('staff', 'personal', '2026-10-03', '2026-10-04'), /都是休息日或节假日/);
  });

  it('follows the calendar the site keeps: a holiday added, an edit recounts', async () => {
    const d = ok(await save('staff', 'personal', '2032-03-01', '2032-03-05'));
    expect(Number(d.days)).toBe(5);
    // Finance keeps the working calendar (a local holiday, sample data of this test).
    ok(await server.post('/api/leave/calendarDay/save', { day: '2032-03-03', dayKind: 'holiday', name: '校庆' }, as('finance')));
    // The staff member cannot change it.
    refused(await server.post('/api/leave/calendarDay/save', { day: '2032-03-04', dayKind: 'holiday', name: 'x' }, as('staff')));
    const current = ok(await server.get(`/api/leave/apply/infoById/${d.id}`, as('staff')));
    const updated = ok(
      await server.post('/api/leave/apply/update', { id: d.id, version: current.version, reason: '改事由' }, as('staff')),
    );
    expect(Number((updated.days ?? (await server.get(`/api/leave/apply/infoById/${d.id}`, as('staff'))).body.data.days))).toBe(4);
  });

  it('refuses an end before the start, in the reader’s language', async () => {
    refused(await save('staff', 'personal', '2026-03-09', '2026-03-06'), /结束日期（2026-03-06）不能早于开始日期（2026-03-09）/);
    refused(await save('staff', 'personal', '2026-03-09', '2026-03-06', {}), /不能早于/);
    const en = await server.post(
      '/api/leave/apply/save',
      { leaveType: 'personal', startDate: '2026-03-09', endDate: '2026-03-06', reason: 'x' },
      as('staff', 'en-US'),
    );
    refused(en, /cannot be before the start date/);
  });
});

describe('every role', () => {
  it('files leave and car requests', async () => {
    for (const who of ['sealkeeper', 'auditor', 'assets', 'cashier', 'finance']) {
      const keys = new Set((ok(await server.get('/api/core/menu/user', as(who))) as Row[]).map((m) => m.menuKey));
      expect([who, keys.has('leaveApply'), keys.has('leaveBalance'), keys.has('carApply')]).toEqual([who, true, true, true]);
    }
    // The auditor, who otherwise only reads, files and submits a leave.
    const d = ok(await save('auditor', 'personal', '2026-03-02', '2026-03-03'));
    expect(Number(d.days)).toBe(2);
    ok(await submit('auditor', d.id));
    const info = ok(await server.get('/api/core/user/info', as('auditor')));
    expect(info.buttons).toEqual(expect.arrayContaining(['leave:apply:add', 'car:apply:add']));
    // …but does not keep the registers.
    expect(info.buttons).not.toContain('leave:calendar:add');
    refused(await server.post('/api/leave/calendarDay/save', { day: '2033-01-03', dayKind: 'holiday', name: 'x' }, as('auditor')));
  });
});
