// Loans (借款, issue 15) and their write-off: a loan against an application is approved and paid
// out by the cashier; reimbursements write it off (never beyond what is outstanding, counting those
// in approval, and not before it is paid out), the rest is paid to the claimant; what remains can be
// repaid in cash, exactly. The loan's written-off and outstanding figures are read at every read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2039'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'cashier', 'deputy', 'principal'])
    tokens[name] = await server.login(name, 'Demo@12345');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang, headers: { year: YEAR } });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

let n = 0;
async function indicator(): Promise<number> {
  const limitCode = `LN-${++n}`;
  const body = {
    limitCode,
    budgetName: `差旅费${limitCode}`,
    deptId: dept['教务处'],
    expenseType: '2',
    economicClass: '30211',
    fundSource: '1',
    originalAmount: '20000.00',
  };
  return Number(ok(await server.post('/api/neikong/budget/save', body, as('admin'))).id);
}
async function decide(entity: string, id: number, who: string, decision: 'approve' | 'reject') {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
  expect(task, `${who} should have the task of ${entity} ${id}`).toBeTruthy();
  return ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment: '意见' }, as(who)));
}
const approve = async (entity: string, api: string, id: number) => {
  ok(await server.post(`/api/expense/${api}/submit?id=${id}&confirmed=1`, {}, as('staff')));
  await decide(entity, id, 'head', 'approve');
  await decide(entity, id, 'finance', 'approve');
  // The deputy in charge, and the principal from the site's approval.headThreshold.
  await decide(entity, id, 'deputy', 'approve');
  const todo = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as('principal'))).records as Row[];
  if (todo.some((t) => t.entity === entity && t.businessKey === id)) await decide(entity, id, 'principal', 'approve');
};
const loanOf = async (id: number) => ok(await server.get(`/api/expense/loan/infoById/${id}`, as('staff')));
let invoiceNo = 71000000;
const claim = (budgetId: number, money: string, loanId: number | null, writeOff: string) => ({
  title: `差旅报销 ${++n}`,
  budgetId,
  loanId,
  writeOff,
  items: [{ economicClass: '30211', summary: '差旅', amount: money }],
  invoices: [{ invoiceCode: '011002300111', invoiceNo: String(++invoiceNo), invoiceDate: '2039-04-01', amount: money }],
});

describe('a loan', () => {
  it('is lent against an application, paid out, written off by reimbursements and never beyond', async () => {
    const budgetId = await indicator();
    const app = ok(
      await server.post(
        '/api/expense/beforehand/save',
        { kind: '2', title: '赴京培训', budgetId, money: '3000.00' },
        as('staff'),
      ),
    );
    await approve('beforehand', 'beforehand', app.id);

    const tooMuch = await server.post(
      '/api/expense/loan/save',
      { title: '培训借款', beforehandId: app.id, amount: '3500.00' },
      as('staff'),
    );
    expect(tooMuch.body).toMatchObject({ code: '40000', msg: '借款金额不能超过事前申请的金额' });
    const loan = ok(
      await server.post('/api/expense/loan/save', { title: '培训借款', beforehandId: app.id, amount: '2000.00' }, as('staff')),
    );
    expect(loan.loanNo).toMatch(/^JK-\d{4}-\d{4}$/);
    await approve('loan', 'loan', loan.id);
    // A loan is an advance, not spending: the indicator holds only the application's freeze.
    const indicatorNow = ok(await server.get(`/api/neikong/budget/infoById/${budgetId}`, as('admin')));
    expect(indicatorNow).toMatchObject({ frozenAmount: '3000.00', usedAmount: '0.00' });

    // Not paid out yet: nothing to write off.
    const early = ok(await server.post('/api/expense/funds/save', claim(budgetId, '1500.00', loan.id, '1500.00'), as('staff')));
    const refused = await server.post(`/api/expense/funds/submit?id=${early.id}&confirmed=1`, {}, as('staff'));
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toBe(`借款 ${loan.loanNo} 尚未借出或已结清，不能冲销`);

    ok(
      await server.post(
        `/api/expense/loan/pay?id=${loan.id}`,
        { id: loan.id, payMethod: '1', paidDate: '2039-04-02' },
        as('cashier'),
      ),
    );
    expect(await loanOf(loan.id)).toMatchObject({ payState: '1', writtenOff: '0.00', outstanding: '2000.00' });

    // The first reimbursement writes off 1,500 of it and is paid nothing more.
    ok(await server.post(`/api/expense/funds/submit?id=${early.id}&confirmed=1`, {}, as('staff')));
    expect(ok(await server.get(`/api/expense/funds/infoById/${early.id}`, as('staff')))).toMatchObject({
      writeOff: '1500.00',
      payable: '0.00',
    });
    expect(await loanOf(loan.id)).toMatchObject({ writtenOff: '1500.00', outstanding: '500.00' });
    // A second may write off only what is left.
    const second = ok(await server.post('/api/expense/funds/save', claim(budgetId, '800.00', loan.id, '800.00'), as('staff')));
    const over = await server.post(`/api/expense/funds/submit?id=${second.id}&confirmed=1`, {}, as('staff'));
    expect(over.body.msg).toBe(`冲销金额 800.00 元超过借款 ${loan.loanNo} 的未还金额 500.00 元`);
    const read = ok(await server.get(`/api/expense/funds/infoById/${second.id}`, as('staff')));
    ok(await server.post('/api/expense/funds/update', { id: second.id, version: read.version, writeOff: '500.00' }, as('staff')));
    ok(await server.post(`/api/expense/funds/submit?id=${second.id}&confirmed=1`, {}, as('staff')));
    expect(ok(await server.get(`/api/expense/funds/infoById/${second.id}`, as('staff'))).payable).toBe('300.00');
    expect(await loanOf(loan.id)).toMatchObject({ writtenOff: '2000.00', outstanding: '0.00' });
    // Sent back, its write-off is free again.
    await decide('reimburse', second.id, 'head', 'reject');
    expect(await loanOf(loan.id)).toMatchObject({ writtenOff: '1500.00', outstanding: '500.00' });
  });

  it('is repaid in cash exactly, and then written off no more', async () => {
    const budgetId = await indicator();
    const loan = ok(await server.post('/api/expense/loan/save', { title: '零星借款', amount: '1000.00' }, as('staff')));
    await approve('loan', 'loan', loan.id);
    const notOut = await server.post(
      `/api/expense/loan/repay?id=${loan.id}`,
      { id: loan.id, repaidCash: '1000.00', repaidDate: '2039-05-01' },
      as('cashier'),
    );
    expect(notOut.body.code).toBe('40900');
    ok(
      await server.post(
        `/api/expense/loan/pay?id=${loan.id}`,
        { id: loan.id, payMethod: '3', paidDate: '2039-04-20' },
        as('cashier'),
      ),
    );
    const part = await server.post(
      `/api/expense/loan/repay?id=${loan.id}`,
      { id: loan.id, repaidCash: '999.00', repaidDate: '2039-05-01' },
      as('cashier'),
    );
    expect(part.body).toMatchObject({ code: '40000', msg: '现金还款金额须等于未还金额' });
    const bad = await server.post(
      `/api/expense/loan/repay?id=${loan.id}`,
      { id: loan.id, repaidCash: 'abc', repaidDate: '2039-05-01' },
      as('cashier'),
    );
    expect(bad.body.code).toBe('40000');
    const repaid = ok(
      await server.post(
        `/api/expense/loan/repay?id=${loan.id}`,
        { id: loan.id, repaidCash: '1000.00', repaidDate: '2039-05-01' },
        as('cashier'),
      ),
    );
    expect(repaid).toMatchObject({ payState: '2', repaidCash: '1000.00', outstanding: '0.00' });
    const after = ok(await server.post('/api/expense/funds/save', claim(budgetId, '100.00', loan.id, '100.00'), as('staff')));
    const refused = await server.post(`/api/expense/funds/submit?id=${after.id}&confirmed=1`, {}, as('staff'));
    expect(refused.body.msg).toContain('已结清');
    // A write-off needs its loan, and is never more than the claim.
    const noLoan = await server.post('/api/expense/funds/save', claim(budgetId, '100.00', null, '50.00'), as('staff'));
    expect(noLoan.body.msg).toBe('有冲销金额时须选择借款单');
    const more = await server.post('/api/expense/funds/save', claim(budgetId, '100.00', loan.id, '150.00'), as('staff'));
    expect(more.body.msg).toBe('冲销金额不能超过报销金额');
  });
});

describe('the loan and fee lists', () => {
  it('keep to the caller’s data scope and site', async () => {
    tokens.teacher = await server.login('teacher', 'Demo@12345');
    tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
    const cityAs = { ...as('cityadmin'), site: 'city' };
    const loan = ok(await server.post('/api/expense/loan/save', { title: '范围借款', amount: '10.00' }, as('staff')));
    const budgetId = (ok(await server.get('/api/neikong/budget/noChildrenList', as('staff'))) as Row[])[0]!.id;
    const fee = ok(
      await server.post(
        '/api/expense/employeeFee/save',
        {
          title: '范围劳务费',
          feeKind: '1',
          budgetId,
          payees: [{ payeeName: '某', idNumber: '110105198001011236', gross: '10' }],
        },
        as('staff'),
      ),
    );
    for (const [api, id] of [
      ['loan', loan.id],
      ['employeeFee', fee.id],
    ] as const) {
      // Another teacher of another department sees neither the row nor it in the list.
      expect((await server.get(`/api/expense/${api}/infoById/${id}`, as('teacher'))).body.code).toBe('40400');
      const page = ok(await server.get(`/api/expense/${api}/page?pageSize=100`, as('teacher')));
      expect((page.records as Row[]).some((r) => r.id === id)).toBe(false);
      // Another organisation, not even by id.
      expect((await server.get(`/api/expense/${api}/infoById/${id}`, cityAs)).body.code).toBe('40400');
      // Finance sees the whole school's.
      expect(ok(await server.get(`/api/expense/${api}/infoById/${id}`, as('finance'))).id).toBe(id);
    }
  });
});
