// The team leave calendar (issue 34): a calendar file of `"view": "team"` (schemas/leave/leaveTeam.calendar.json)
// answers GET /api/leave/apply/calendar/team — who is away on which days, pending and approved requests
// (drafts and turned-down ones left out), within the caller's data scope: a head their department
// tree, someone of scope "self" only themselves; and every staff role files leave and car requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const ROLES = ['assets', 'dispatcher', 'sealkeeper', 'finance', 'cashier', 'buyer', 'auditor'];

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'teacher', 'head', 'principal', ...ROLES]) tokens[name] = await server.login(name, 'Demo@12345');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang });
let n = 0;
const save = (who: string, startDate: string, endDate: string) =>
  server.post('/api/leave/apply/save', { leaveType: 'personal', startDate, endDate, reason: `团队日历 ${++n}` }, as(who));
const submit = (who: string, id: number) => server.post(`/api/leave/apply/submit?id=${id}`, {}, as(who));
const team = (who: string, from: string, to: string, lang = 'zh-CN') =>
  server.get(`/api/leave/apply/calendar/team?from=${from}&to=${to}`, as(who, lang));

async function approve(id: number) {
  for (let step = 0; step < 6; step++) {
    let decided = false;
    for (const who of ['head', 'principal']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === 'leaveApply' && Number(t.businessKey) === id);
      if (task) {
        ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
        decided = true;
      }
    }
    if (!decided) break;
  }
  expect(ok(await server.get(`/api/leave/apply/infoById/${id}`, as('staff'))).approvalStatus).toBe('2');
}

describe('the team leave calendar', () => {
  let pending: Row;
  let approved: Row;
  let draft: Row;
  let other: Row;
  let own: Row;

  beforeAll(async () => {
    // March 2034: 2034-03-06 is a Monday.
    pending = ok(await save('staff', '2034-03-06', '2034-03-08'));
    ok(await submit('staff', pending.id));
    approved = ok(await save('staff', '2034-03-13', '2034-03-14'));
    ok(await submit('staff', approved.id));
    await approve(Number(approved.id));
    draft = ok(await save('staff', '2034-03-20', '2034-03-20'));
    // Someone of another department (学生处).
    other = ok(await save('teacher', '2034-03-07', '2034-03-09'));
    ok(await submit('teacher', other.id));
    // The head's own leave.
    own = ok(await save('head', '2034-03-27', '2034-03-28'));
    ok(await submit('head', own.id));
  });

  it('shows a head the pending and approved leave of their department, not drafts nor another department', async () => {
    const answer = ok(await team('head', '2034-03-01', '2034-03-31'));
    const ids = (answer.rows as Row[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([Number(pending.id), Number(approved.id), Number(own.id)]));
    expect(ids).not.toContain(Number(draft.id));
    expect(ids).not.toContain(Number(other.id));
    const row = (id: number) => (answer.rows as Row[]).find((r) => r.id === Number(id))!;
    expect(row(pending.id)).toMatchObject({
      from: '2034-03-06',
      to: '2034-03-08',
      pending: true,
      title: 'personal',
      color: '1',
      mine: false,
    });
    expect(row(approved.id)).toMatchObject({ from: '2034-03-13', to: '2034-03-14', pending: false, color: '2' });
    expect(row(own.id).mine).toBe(true);
    // The people: a row each, named, with their department.
    const staff = (answer.people as Row[]).find((p) => p.value === row(pending.id).person)!;
    expect(staff).toMatchObject({ label: '林小雨', dept: '教务处' });
    expect((answer.people as Row[]).map((p) => p.label)).not.toContain('黄磊');
    // A week: only what meets it.
    const week = ok(await team('head', '2034-03-13', '2034-03-19'));
    expect((week.rows as Row[]).map((r) => r.id)).toEqual([Number(approved.id)]);
  });

  it('shows the whole site to the principal', async () => {
    const ids = (ok(await team('principal', '2034-03-01', '2034-03-31')).rows as Row[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([Number(pending.id), Number(other.id)]));
  });

  it('keeps someone of scope "self" to their own leave, and refuses those without the calendar', async () => {
    // Staff and finance have no team calendar: the server refuses it.
    for (const who of ['staff', 'finance']) refused(await team(who, '2034-03-01', '2034-03-31'));
    const staffMenu = new Set((ok(await server.get('/api/core/menu/user', as('staff'))) as Row[]).map((m) => m.menuKey));
    expect(staffMenu.has('leaveTeam')).toBe(false);
    const headMenu = new Set((ok(await server.get('/api/core/menu/user', as('head'))) as Row[]).map((m) => m.menuKey));
    expect(headMenu.has('leaveTeam')).toBe(true);
    // A role of data scope "self" given the calendar, for someone of the head's own department.
    const site = server.services.sites.get('demo')!.id;
    const menus = await server.database.db
      .selectFrom('sys_menu')
      .select(['id', 'perms', 'parent_id'])
      .where('top_dept_id', '=', site)
      .execute();
    // The calendar, and filing one's own leave.
    const wanted = menus.filter((m) => m.perms === 'leave:team:list' || String(m.perms).startsWith('leave:apply:'));
    const byId = new Map(menus.map((m) => [Number(m.id), m]));
    const menuIds = new Set<number>();
    for (const w of wanted)
      for (let at: (typeof menus)[number] | undefined = w; at; at = byId.get(Number(at.parent_id))) menuIds.add(Number(at.id));
    const stamp = Date.now().toString(36);
    const role = ok(
      await server.post(
        '/api/core/role/save',
        { roleName: `只看自己${stamp}`, roleKey: `self${stamp}`, dataScope: '5', status: '0', menuIds: [...menuIds] },
        as('admin'),
      ),
    );
    const dept = ok(await server.get(`/api/leave/apply/infoById/${pending.id}`, as('staff'))).deptId;
    const password = 'Scope@2026x';
    ok(
      await server.post(
        '/api/core/user/save',
        { loginName: `self${stamp}`, realName: '同部门职员', deptId: dept, roleIds: [role.id], status: '0', password },
        as('admin'),
      ),
    );
    const first = await server.login(`self${stamp}`, password);
    ok(
      await server.post(
        '/api/core/user/upPassword',
        { oldPassword: password, newPassword: `${password}!` },
        { token: first, site: 'demo' },
      ),
    );
    tokens.self = await server.login(`self${stamp}`, `${password}!`);
    expect((ok(await team('self', '2034-03-01', '2034-03-31')).rows as Row[]).length).toBe(0);
    // …and sees their own.
    const mine = ok(await save('self', '2034-03-15', '2034-03-15'));
    ok(await submit('self', mine.id));
    const rows = ok(await team('self', '2034-03-01', '2034-03-31')).rows as Row[];
    expect(rows.map((r) => [r.id, r.mine, r.pending])).toEqual([[Number(mine.id), true, true]]);
    // The head sees the newcomer of the department too.
    expect((ok(await team('head', '2034-03-15', '2034-03-15')).rows as Row[]).map((r) => r.id)).toContain(Number(mine.id));
  });

  it('answers bad input with a message', async () => {
    refused(await team('head', '2034-3-1', '2034-03-31'), /YYYY-MM-DD/);
    refused(await team('head', '2034-03-01', '2034-06-30'), /最多查询45天/);
    refused(await team('head', '2034-03-31', '2034-03-01', 'en-US'), /at most 45 days/);
    refused(await server.get('/api/leave/apply/calendar/team?from=2034-03-01', as('head')));
  });
});

describe('every staff role', () => {
  it('sees 请假申请 and 用车申请 and saves and submits a leave request and a car request', async () => {
    let day = 1;
    for (const who of ROLES) {
      const keys = new Set((ok(await server.get('/api/core/menu/user', as(who))) as Row[]).map((m) => m.menuKey));
      expect([who, keys.has('leaveApply'), keys.has('carApply')]).toEqual([who, true, true]);
      // A Monday of 2035, a week apart for each.
      const monday = new Date(Date.UTC(2035, 0, 1 + 7 * day++));
      const start = monday.toISOString().slice(0, 10);
      const leave = ok(await save(who, start, start));
      expect([who, Number(leave.days)]).toEqual([who, 1]);
      ok(await submit(who, leave.id));
      const car = ok(
        await server.post(
          '/api/car/apply/save',
          {
            startTime: `${start}T09:00:00+08:00`,
            endTime: `${start}T11:00:00+08:00`,
            destination: '区教育局',
            purpose: '参加会议',
            passengerCount: 1,
          },
          as(who),
        ),
      );
      ok(await server.post(`/api/car/apply/submit?id=${car.id}`, {}, as(who)));
      expect([who, ok(await server.get(`/api/car/apply/infoById/${car.id}`, as(who))).approvalStatus]).toEqual([who, '1']);
    }
  });

  it("sees only their own leave and trips in the lists, though their role's data scope is the whole school", async () => {
    // Staff's request of another department, which none of these roles has any part in.
    const theirs = ok(await save('staff', '2035-06-04', '2035-06-04'));
    ok(await submit('staff', theirs.id));
    for (const who of ROLES) {
      const page = ok(await server.get('/api/leave/apply/page?pageSize=100', as(who))).records as Row[];
      expect([who, page.length > 0, page.every((r) => r.createdBy === page[0]!.createdBy)]).toEqual([who, true, true]);
      expect([who, page.some((r) => r.id === theirs.id)]).toEqual([who, false]);
      // Nor by its number: another's leave is not theirs to read.
      expect([who, (await server.get(`/api/leave/apply/infoById/${theirs.id}`, as(who))).body.code]).not.toEqual([who, '0']);
    }
    // The dispatcher arranges every trip: the car requests of everyone.
    const trips = ok(await server.get('/api/car/apply/page?pageSize=100', as('dispatcher'))).records as Row[];
    expect(new Set(trips.map((r) => r.createdBy)).size).toBeGreaterThan(1);
    const financeTrips = ok(await server.get('/api/car/apply/page?pageSize=100', as('finance'))).records as Row[];
    expect(new Set(financeTrips.map((r) => r.createdBy)).size).toBe(1);
    // Those who hold the team calendar read everyone's leave: the principal the whole school.
    const all = ok(await server.get('/api/leave/apply/page?pageSize=100', as('principal'))).records as Row[];
    expect(all.some((r) => r.id === theirs.id)).toBe(true);
  });
});
