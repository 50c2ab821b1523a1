// The operation log names every workflow decision by itself (issue 34): a reject is logged and shown
// as 驳回, a submit as 提交, a withdraw as 撤回 — never as 审核 / Approve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const PASSWORD = 'Demo@12345';
type Row = Record<string, any>;
const ok = (r: { body: { code: string; data: any; msg?: string } }) => {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
};

async function leave(token: string, day: string): Promise<Row> {
  return ok(
    await server.post(
      '/api/leave/apply/save',
      { leaveType: 'personal', startDate: day, endDate: day, reason: `oplog ${day}` },
      { token },
    ),
  );
}
const ownLog = async (token: string, lang: string) =>
  ok(await server.get('/api/core/account/operLog/page?pageNum=1&pageSize=5', { token, lang })).records as Row[];

describe('operation log actions of workflow decisions', () => {
  it('logs a reject as reject (驳回) in every language, and submit / withdraw by their own names', async () => {
    const staff = await server.login('staff', PASSWORD);
    const head = await server.login('head', PASSWORD);
    const first = await leave(staff, '2025-04-07');
    ok(await server.post(`/api/leave/apply/submit?id=${first.id}`, {}, { token: staff }));
    expect((await ownLog(staff, 'zh-CN'))[0]).toMatchObject({ action: 'submit', actionLabel: '提交' });
    const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', { token: head })).records as Row[];
    const task = tasks.find((t) => t.entity === 'leaveApply' && t.businessKey === first.id);
    expect(task).toBeTruthy();
    ok(await server.post('/api/workflow/task/reject', { taskId: task!.id, comment: '材料不全' }, { token: head }));
    const labels: Record<string, string> = { 'zh-CN': '驳回', 'zh-TW': '駁回', 'en-US': 'Reject', 'pt-BR': 'Rejeitar' };
    for (const [lang, label] of Object.entries(labels)) {
      const [row] = await ownLog(head, lang);
      expect(row).toMatchObject({ action: 'reject', actionLabel: label, url: '/api/workflow/task/reject' });
    }
    // The administrator's operation log screen shows the same word.
    const admin = await server.login('admin', 'Admin@12345');
    const page = ok(await server.get('/api/monitor/operLog/page?module=workflow&pageSize=50', { token: admin, lang: 'zh-CN' }));
    const rejected = (page.records as Row[]).filter((r) => String(r.url ?? '').startsWith('/api/workflow/task/reject'));
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((r) => r.action === 'reject' || r.actionLabel === '驳回' || r.action_label === '驳回')).toBe(true);

    const second = await leave(staff, '2025-04-08');
    ok(await server.post(`/api/leave/apply/submit?id=${second.id}`, {}, { token: staff }));
    ok(await server.post(`/api/leave/apply/withdraw?id=${second.id}`, {}, { token: staff }));
    expect((await ownLog(staff, 'en-US'))[0]).toMatchObject({ action: 'withdraw', actionLabel: 'Withdraw' });
  });
});
