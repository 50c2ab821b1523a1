// The demo has something on every screen (issue 34): employee fee batches in every state, a
// teacher's own payslips of at least two months (我的工资条) and a bound account (账户绑定) — real rows
// the seed filed through the product's own calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await startServer();
  staff = await server.login('staff', 'Demo@12345');
});
afterAll(async () => server?.close());

type Row = Record<string, any>;
const ok = (r: { body: { code: string; data: any; msg?: string } }) => {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
};

describe('the demo seed', () => {
  it('has employee fee batches paid, in approval and in draft, with their payees', async () => {
    const page = ok(await server.get('/api/expense/employeeFee/page?pageSize=50', { token: staff, lang: 'zh-CN' }));
    const rows = page.records as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((r) => String(r.approvalStatus)).sort()).toEqual(expect.arrayContaining(['0', '1', '2']));
    const paid = rows.find((r) => String(r.payState) === '1');
    expect(paid, 'one batch paid out').toBeTruthy();
    const read = ok(await server.get(`/api/expense/employeeFee/infoById/${paid!.id}`, { token: staff }));
    expect(read.payees.length).toBeGreaterThanOrEqual(2);
    expect(Number(read.taxTotal)).toBeGreaterThan(0);
  });

  it('gives the teacher at least two months of their own payslips', async () => {
    const page = ok(await server.get('/api/salary/mine/page?pageSize=50', { token: staff }));
    const slips = page.records as Row[];
    const me = ok(await server.get('/api/core/account/info', { token: staff }));
    const months = new Set(slips.map((s) => String(s.salaryMonth)));
    expect(months.size).toBeGreaterThanOrEqual(2);
    expect(slips.every((s) => Number(s.payeeId) === Number(me.id))).toBe(true);
  });

  it('shows a bound phone and email on the binding page', async () => {
    const me = ok(await server.get('/api/core/account/info', { token: staff }));
    expect(me.binding).toMatchObject({ phone: true, email: true });
    expect(me.phone).toBe('13800138001');
    expect(me.email).toBe('linxiaoyu@demo-school.cn');
  });
});
