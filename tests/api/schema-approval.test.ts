// GET /api/schema/approval/{entity}?version=: what the approval page renders a document with — the
// entity and form as the version the document was saved under had them, in the files' own order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { inOrderOf } from '../../server/modules/schema/routes.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await startServer();
  staff = await server.login('staff', 'Demo@12345');
});
afterAll(async () => server?.close());

const leaveForm = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas/leave/leaveApply.form.json'), 'utf8'),
) as { schema: { properties: { grid: { properties: Record<string, unknown> } } } };

interface Bundle {
  entity: { name: string; api: string; schemaVersion: string; fields: Array<{ name: string }> };
  form: { schema: { properties: { grid: { properties: Record<string, unknown> } } } } | null;
  print: boolean;
  version: string;
  texts: Record<string, Record<string, string>>;
}

it('answers the saved version of the form, fields in the order the file lays them out', async () => {
  const saved = await server.post<{ id: number; schemaVersion: string }>(
    '/api/leave/apply/save',
    { leaveType: 'personal', startDate: '2026-03-02', endDate: '2026-03-03', days: 2, reason: '版本测试' },
    { token: staff },
  );
  expect(saved.body.code).toBe('0');
  const version = saved.body.data.schemaVersion;
  expect(version).toMatch(/^[0-9a-f]{12}$/);
  const answer = await server.get<Bundle>(`/api/schema/approval/leaveApply?version=${version}`, { token: staff, lang: 'zh-CN' });
  expect(answer.body.code).toBe('0');
  const bundle = answer.body.data;
  expect(bundle.version).toBe(version);
  expect(bundle.entity).toMatchObject({ name: 'leaveApply', api: '/leave/apply', schemaVersion: version });
  expect(Object.keys(bundle.form!.schema.properties.grid.properties)).toEqual(
    Object.keys(leaveForm.schema.properties.grid.properties),
  );
  expect(bundle.entity.fields.slice(0, 4).map((f) => f.name)).toEqual(['leaveType', 'startDate', 'endDate', 'days']);
  // Every approvable document prints (issue 34): the approval page offers the leave's print.
  expect(bundle.print).toBe(true);
  expect(bundle.texts['leaveApply.title']!['zh-CN']).toBe('请假申请');
  expect(bundle.texts['leaveApply.reason']!['en-US']).toBe('Reason');
});

it('answers the current files without a version, or for a version it does not know', async () => {
  const current = await server.get<Bundle>('/api/schema/approval/leaveApply', { token: staff });
  const unknown = await server.get<Bundle>('/api/schema/approval/leaveApply?version=000000000000', { token: staff });
  expect(current.body.code).toBe('0');
  expect(unknown.body.data.version).toBe(current.body.data.version);
  expect(unknown.body.data.form).toEqual(current.body.data.form);
});

it('refuses strangers, unknown entities and malformed versions', async () => {
  expect((await server.get('/api/schema/approval/leaveApply')).body.code).toBe('40102');
  expect((await server.get('/api/schema/approval/noSuchThing', { token: staff })).body.code).toBe('40400');
  expect((await server.get('/api/schema/approval/leaveApply?version=abc', { token: staff })).body.code).toBe('40000');
});

it('puts stored keys back in the order of the current files, keeping the ones those lost', () => {
  const stored = { b: 1, aaa: { y: 1, x: 2 }, gone: true, list: [{ q: 1, p: 2 }] };
  const current = { aaa: { x: 0, y: 0 }, b: 0, list: [{ p: 0, q: 0 }], added: 1 };
  const out = inOrderOf(stored, current) as Record<string, unknown>;
  expect(JSON.stringify(out)).toBe('{"aaa":{"x":2,"y":1},"b":1,"list":[{"p":2,"q":1}],"gone":true}');
  expect(inOrderOf(null, current)).toBeNull();
});

// What was approved is what prints (issue 35, docs/schemas.md): a document saved under files since
// changed prints with the current ones until it is approved, and is stamped at its approval with the
// files (its site's overrides included) it was approved under.
it('stamps a document at its approval with the version of the files it was approved under', async () => {
  const { sql } = await import('kysely');
  const db = server.database.db as never;
  const head = await server.login('head', 'Demo@12345');
  const principal = await server.login('principal', 'Demo@12345');
  const saved = await server.post<{ id: number; schemaVersion: string }>(
    '/api/leave/apply/save',
    { leaveType: 'personal', startDate: '2026-04-08', endDate: '2026-04-08', days: 1, reason: '打印版本' },
    { token: staff },
  );
  expect(saved.body.code).toBe('0');
  const current = saved.body.data.schemaVersion;
  // As if it had been saved under an older print layout.
  await sql`update biz_leave_apply set schema_version = 'aaaaaaaaaaaa' where id = ${saved.body.data.id}`.execute(db);
  expect((await server.post(`/api/leave/apply/submit?id=${saved.body.data.id}`, {}, { token: staff })).body.code).toBe('0');
  const row = async () => (await server.get<{ schemaVersion: string; approvalStatus: string }>(`/api/leave/apply/infoById/${saved.body.data.id}`, { token: staff })).body.data;
  expect(await row()).toMatchObject({ schemaVersion: 'aaaaaaaaaaaa', approvalStatus: '1' });
  for (const token of [head, principal]) {
    const tasks = (await server.get<{ records: Array<{ id: number; entity: string; businessKey: string }> }>('/api/workflow/task/page?scope=todo&pageSize=100', { token })).body.data.records;
    const task = tasks.find((t) => t.entity === 'leaveApply' && Number(t.businessKey) === saved.body.data.id);
    if (task) expect((await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, { token })).body.code).toBe('0');
  }
  expect(await row()).toMatchObject({ schemaVersion: current, approvalStatus: '2' });
});
