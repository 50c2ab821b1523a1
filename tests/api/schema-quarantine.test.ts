// One bad file never takes an installation down (issue 35): a copy of schemas/ (SCHEMAS_DIR) with
// one area's list file not JSON and a BPMN gateway condition that does not parse. The app builds;
// the other areas serve; the broken area answers 503 naming its file; the health endpoint names file
// and place; after the fix and a reload the area serves again; broken again at a reload, the area
// keeps its last sound version; a site's patch broken at a reload keeps the site area's last sound patches.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { schemaCopy, type SchemaReload } from '../support/schemaCopy.ts';

const copy = schemaCopy('nk-schemas-');
const LIST = copy.file('policy/policy.list.json');
const BPMN = copy.file('expense/expense.bpmn');
let original: string;
let server: TestServer;
let admin: string;
let reload: () => Promise<SchemaReload>;

beforeAll(async () => {
  original = fs.readFileSync(LIST, 'utf8');
  fs.writeFileSync(LIST, original.replace('"entity"', '"entity" "oops"'));
  const bpmn = fs.readFileSync(BPMN, 'utf8');
  fs.writeFileSync(BPMN, bpmn.replace('max(money, amount) &gt;= ', 'max(money, amount) &gt;= &gt;= '));
  ({ server, admin, reload } = await copy.start());
});
afterAll(() => copy.close());

const health = async () => (await server.get('/api/schema/health', { token: admin })).body.data;

it('builds the app with a broken area: the others serve, the broken one answers a clear message', async () => {
  const other = await server.get('/api/core/notice/list', { token: admin });
  expect(other.status).toBe(200);
  expect(other.body.code).toBe('0');
  // A process that does not deploy takes out only itself: its area's lists serve.
  expect((await server.get('/api/expense/beforehand/list', { token: admin })).body.code).toBe('0');

  for (const lang of ['zh-CN', 'en-US', 'pt-BR', 'zh-TW']) {
    const broken = await server.get('/api/policy/share/list', { token: admin, lang });
    expect(broken.status).toBe(503);
    expect(broken.body.code).toBe('50300');
    expect(broken.body.msg).toContain('schemas/policy/policy.list.json');
  }
  expect((await server.get('/api/policy/share/list', { token: admin, lang: 'en-US' })).body.msg).toMatch(
    /definition of "policy" is broken/,
  );
  const page = await server.get('/api/schema/page/PolicyShare', { token: admin });
  expect(page.status).toBe(503);
  // Its menu entry is hidden.
  const menu = (await server.get('/api/core/menu/user', { token: admin })).body.data as Array<{
    component: string;
    visible: string;
  }>;
  expect(menu.find((m) => m.component === 'PolicyShare')?.visible).toBe('1');
});

it('names file and line or pointer on the health endpoint, for administrators only', async () => {
  const report = await health();
  expect(report.outOfService).toEqual(['policy']);
  const json = report.problems.find((p: { file: string }) => p.file === 'policy/policy.list.json');
  expect(json).toMatchObject({ area: 'policy', site: null, pointer: '' });
  expect(json.message).toMatch(/not JSON.*line 4/);
  expect(Date.parse(json.since)).toBeGreaterThan(0);
  const bpmn = report.problems.find((p: { file: string }) => p.file === 'expense/expense.bpmn');
  expect(bpmn).toMatchObject({ area: 'expense', pointer: '#f_large' });
  expect(bpmn.message).toMatch(/^condition:/);

  const staff = await server.login('staff', 'Demo@12345');
  expect((await server.get('/api/schema/health', { token: staff })).body).toMatchObject({ code: '0', data: null });
});

it('serves the area again once the file is fixed and reloaded', async () => {
  fs.writeFileSync(LIST, original);
  const news = await reload();
  expect(news.health.problems.map((p) => p.file)).toEqual(['expense/expense.bpmn']);
  const list = await server.get('/api/policy/share/list', { token: admin });
  expect(list.status).toBe(200);
  expect(list.body.code).toBe('0');
  expect((await server.get('/api/schema/page/PolicyShare', { token: admin })).body.data.list.entity).toBe('policy');
  expect((await health()).outOfService).toEqual([]);
});

it('keeps the last sound version of an area broken at a reload', async () => {
  fs.writeFileSync(LIST, original.replace('"PolicyShare"', '"PolicyShare",,'));
  const news = await reload();
  expect(news.ok).toBe(false);
  expect(news.health.problems.map((p) => p.file)).toContain('policy/policy.list.json');
  const list = await server.get('/api/policy/share/list', { token: admin });
  expect(list.body.code).toBe('0');
  const page = await server.get('/api/schema/page/PolicyShare', { token: admin });
  expect(page.body.data.list.entity).toBe('policy');
  expect((await health()).outOfService).toEqual([]);
  fs.writeFileSync(LIST, original);
  expect((await reload()).health.problems.map((p) => p.file)).not.toContain('policy/policy.list.json');
});

it("keeps a site area's last sound patches when a patch of it breaks at a reload", async () => {
  const PATCH = copy.file('sites/city/policy/policy.list.json');
  const sound = fs.readFileSync(PATCH, 'utf8');
  const city = await server.login('cityadmin', 'City@12345', 'city');
  const page = async () => JSON.stringify((await server.get('/api/schema/page/PolicyShare', { token: city, site: 'city' })).body.data.list);
  expect(await page()).toContain('reviewDue');
  fs.writeFileSync(PATCH, sound.replace('"reviewDue"', '"reviewDue",,'));
  const news = await reload();
  expect(news.health.problems.map((p) => p.file)).toContain('sites/city/policy/policy.list.json');
  expect((await health()).outOfService).toEqual([]);
  const list = await server.get('/api/policy/share/list', { token: city, site: 'city' });
  expect(list.status).toBe(200);
  expect(list.body.code).toBe('0');
  // The city's column is still there: the patch it had before serves.
  expect(await page()).toContain('reviewDue');
  fs.writeFileSync(PATCH, sound);
  expect((await reload()).health.problems.map((p) => p.file)).not.toContain('sites/city/policy/policy.list.json');
  expect(await page()).toContain('reviewDue');
});

it('deploys a changed, sound process at a reload; a bad one keeps the deployed version', async () => {
  const LEAVE = copy.file('leave/leave.bpmn');
  const xml = fs.readFileSync(LEAVE, 'utf8');
  const db = server.database.db as import('kysely').Kysely<any>;
  const latest = async () =>
    (await db
      .selectFrom('wf_definition as d')
      .innerJoin('sys_dept as s', 's.id', 'd.top_dept_id')
      .select(['d.def_version', 'd.bpmn_xml'])
      .where('s.top_dept_key', '=', 'demo')
      .where('d.process_key', '=', 'leave')
      .orderBy('d.def_version', 'desc')
      .executeTakeFirstOrThrow()) as { def_version: number; bpmn_xml: string };
  const before = await latest();
  // Every leave goes to the principal after the leader, whatever its days.
  fs.writeFileSync(LEAVE, xml.replace("days &gt;= setting('approval.leave.headDays')", 'days &gt;= 1'));
  await reload();
  const after = await latest();
  expect(after.def_version).toBe(before.def_version + 1);
  expect(after.bpmn_xml).toContain('days &gt;= 1<');

  // A new one-day leave runs the new definition: after the leader, the principal decides.
  const staff = await server.login('staff', 'Demo@12345');
  const leave = (await server.post('/api/leave/apply/save', { leaveType: 'personal', startDate: '2034-05-08', endDate: '2034-05-08', reason: 'reload' }, { token: staff })).body.data;
  expect((await server.post(`/api/leave/apply/submit?id=${leave.id}`, {}, { token: staff })).body.code).toBe('0');
  const taskOf = async (who: string) => {
    const token = await server.login(who, 'Demo@12345');
    const tasks = (await server.get('/api/workflow/task/page?scope=todo&pageSize=100', { token })).body.data.records as Array<{ id: number; entity: string; businessKey: string }>;
    return { token, task: tasks.find((t) => t.entity === 'leaveApply' && Number(t.businessKey) === Number(leave.id)) };
  };
  const head = await taskOf('head');
  expect(head.task).toBeDefined();
  expect((await server.post('/api/workflow/task/approve', { taskId: head.task!.id, comment: 'ok' }, { token: head.token })).body.code).toBe('0');
  expect((await taskOf('principal')).task).toBeDefined();

  // A condition that does not parse: named, not deployed; the version deployed stays.
  fs.writeFileSync(LEAVE, xml.replace("days &gt;= setting('approval.leave.headDays')", 'days &gt;= &gt;= 1'));
  const news = await reload();
  expect(news.health.problems.map((p) => p.file)).toContain('leave/leave.bpmn');
  expect((await latest()).def_version).toBe(after.def_version);
  fs.writeFileSync(LEAVE, xml);
});
