// A document's history (issue 36, the history tab): what changed, field by field, in the reader's
// language (labels, dictionary words, referenced names), lines added / changed / removed with their
// collection's title, the approval decisions with their comments and the approver's name; whoever may
// not read the document may not read its history.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import type { DocumentHistoryAnswer } from '../../validators/audit-history.ts';

type Row = Record<string, any>;
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const who of ['staff', 'head', 'teacher', 'auditor', 'assets', 'principal', 'finance'])
    tokens[who] = await server.login(who, 'Demo@12345');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], lang });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const history = (entity: string, id: number, who = 'staff', lang = 'zh-CN') =>
  server.get<DocumentHistoryAnswer>(`/api/monitor/audit/history?entity=${entity}&id=${id}`, as(who, lang));
async function approveAll(entity: string, id: number, comment: string) {
  for (let step = 0; step < 6; step++) {
    let decided = false;
    for (const who of ['head', 'assets', 'finance', 'principal', 'admin']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
      if (!task) continue;
      server.clock.advance(60_000);
      ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment }, as(who)));
      decided = true;
      break;
    }
    if (!decided) break;
  }
}

let leaveId = 0;
it('tells a leave’s changes, submission and approval in the reader’s words', async () => {
  const saved = ok(
    await server.post(
      '/api/leave/apply/save',
      { leaveType: 'personal', startDate: '2026-04-06', endDate: '2026-04-07', days: 2, reason: '家中有事' },
      as('staff'),
    ),
  );
  leaveId = saved.id;
  server.clock.advance(60_000);
  ok(await server.post('/api/leave/apply/update', { id: saved.id, version: saved.version, leaveType: 'sick', reason: '看病' }, as('staff')));
  ok(await server.post(`/api/leave/apply/submit?id=${saved.id}`, {}, as('staff')));
  await approveAll('leaveApply', saved.id, '同意，注意休息');

  const zh = ok(await history('leaveApply', saved.id)).entries;
  // Time order, numbered by the chain.
  expect(zh.map((e) => e.seq)).toEqual([...zh.map((e) => e.seq)].sort((a, b) => a - b));
  const created = zh.find((e) => e.kind === 'document' && e.op === 'insert')!;
  expect(created).toMatchObject({ actorName: '林小雨', deptName: '教务处' });
  expect(created.changes).toContainEqual({ field: '请假类型', before: null, after: '事假' });
  // Bookkeeping is left out.
  expect(created.changes.map((c) => c.field)).not.toContain('version');
  expect(created.changes.map((c) => c.field).join()).not.toMatch(/created_|updated_|schema_version/);
  // The extend column reads as its members; the flags the server keeps there are left out.
  expect(created.changes.map((c) => c.field)).not.toContain('extend');
  expect(JSON.stringify(created.changes)).not.toContain('updateFlag');
  const changed = zh.find((e) => e.kind === 'document' && e.op === 'update')!;
  expect(changed.changes).toEqual(
    expect.arrayContaining([
      { field: '请假类型', before: '事假', after: '病假' },
      { field: '事由', before: '家中有事', after: '看病' },
    ]),
  );
  expect(changed.changes.map((c) => c.field)).not.toContain('version');
  const decision = zh.find((e) => e.kind === 'decision' && e.decision?.value === 'approve')!;
  expect(decision).toMatchObject({ actorName: '刘明', decision: { label: '同意', comment: '同意，注意休息' } });
  expect(decision.step).toBeTruthy();
  expect(zh.some((e) => e.kind === 'decision' && e.decision?.value === 'submit')).toBe(true);
  // The document's own change made by the decision (its approval status) is at the same step.
  const approved = zh.filter((e) => e.kind === 'document' && e.op === 'update').at(-1)!;
  expect(approved.step).toBe(decision.step);
  expect(approved.changes.some((c) => c.after === '已通过')).toBe(true);

  const en = ok(await history('leaveApply', saved.id, 'staff', 'en-US')).entries;
  const enChanged = en.find((e) => e.kind === 'document' && e.op === 'update')!;
  expect(enChanged.changes).toContainEqual({ field: 'Leave type', before: 'Personal leave', after: 'Sick leave' });
  expect(en.find((e) => e.kind === 'decision' && e.decision?.value === 'approve')!.decision!.label).toBe('Approved');
});

it('tells a document’s lines added, changed and removed under the collection’s title', async () => {
  const w = Number(
    ok(await server.post('/api/consumable/warehouse/save', { warehouseCode: 'HW1', warehouseName: '历史测试库' }, as('assets'))).id,
  );
  const categories = ok(await server.get('/api/consumable/category/list', as('assets'))) as Row[];
  const product = async (code: string, name: string) =>
    Number(
      ok(
        await server.post(
          '/api/consumable/product/save',
          { productCode: code, productName: name, categoryId: categories[0]!.id, unit: '个', safetyStock: 0 },
          as('assets'),
        ),
      ).id,
    );
  const pen = await product('HP1', '签字笔');
  const paper = await product('HP2', '复印纸');
  const saved = ok(
    await server.post(
      '/api/consumable/apply/save',
      { warehouseId: w, applyDate: '2026-04-08', reason: '教研组领用', items: [{ productId: pen, quantity: 5 }] },
      as('staff'),
    ),
  );
  const doc = ok(await server.get(`/api/consumable/apply/infoById/${saved.id}`, as('staff')));
  server.clock.advance(60_000);
  ok(
    await server.post(
      '/api/consumable/apply/update',
      { ...doc, items: [{ ...doc.items[0], quantity: 8 }, { productId: paper, quantity: 2 }] },
      as('staff'),
    ),
  );
  const again = ok(await server.get(`/api/consumable/apply/infoById/${saved.id}`, as('staff')));
  server.clock.advance(60_000);
  ok(await server.post('/api/consumable/apply/update', { ...again, items: again.items.filter((l: Row) => l.productId === pen) }, as('staff')));

  const zh = ok(await history('consumableApply', saved.id)).entries;
  const lines = zh.filter((e) => e.kind === 'lines');
  expect(lines.every((e) => e.collection === lines[0]!.collection && e.collection)).toBe(true);
  const all = lines.flatMap((e) => e.lines!);
  expect(all).toContainEqual({ change: 'added', changes: expect.arrayContaining([{ field: '耗材', before: null, after: '签字笔' }]) });
  expect(all.find((l) => l.change === 'changed')!.changes).toContainEqual({ field: '数量', before: '5', after: '8' });
  expect(all.find((l) => l.change === 'removed')!.changes).toContainEqual({ field: '耗材', before: '复印纸', after: null });
});

it('refuses another department’s staff and a user without the key as the document read refuses them', async () => {
  const read = await server.get(`/api/leave/apply/infoById/${leaveId}`, as('teacher'));
  const refused = await history('leaveApply', leaveId, 'teacher');
  expect(read.body.code).not.toBe('0');
  expect(refused.body.code).toBe(read.body.code);
  expect(refused.body.data ?? null).toBeNull();
  const auditorRead = await server.get(`/api/leave/apply/infoById/${leaveId}`, as('auditor'));
  const auditor = await history('leaveApply', leaveId, 'auditor');
  expect(auditor.body.code).not.toBe('0');
  if (auditorRead.body.code !== '0') expect(auditor.body.code).toBe(auditorRead.body.code);
  // The approver reads it, as on the approval page; bad input is a clear refusal, not a 500.
  expect(ok(await history('leaveApply', leaveId, 'head')).entries.length).toBeGreaterThan(0);
  expect((await history('nothingLikeThis', 1, 'admin')).body.code).toBe('40400');
  const bad = await server.get('/api/monitor/audit/history?entity=leaveApply&id=x', as('admin'));
  expect(bad.status).toBeLessThan(500);
  expect(bad.body.code).not.toBe('0');
});
