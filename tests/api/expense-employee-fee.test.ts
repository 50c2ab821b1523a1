// Employee and labour fees (人员/劳务费发放, issue 15): a batch of payees whose tax the server
// withholds by the labour-remuneration rule, totals by the server, approved on the indicator
// (freeze at submit, consume on approval) and paid by the cashier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const YEAR = '2040'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'cashier', 'principal']) tokens[name] = await server.login(name, 'Demo@12345');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang, headers: { year: YEAR } });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
async function decide(id: number, who: string) {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === 'employeeFee' && t.businessKey === id);
  expect(task, `${who} should have the task`).toBeTruthy();
  ok(await server.post('/api/workflow/task/approve', { taskId: task!.id, comment: '同意' }, as(who)));
}

describe('an employee fee batch', () => {
  it('withholds each payee’s tax, totals on the server, spends the indicator and is paid', async () => {
    const depts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
    const budget = ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: 'EF-1',
          budgetName: '专家咨询费',
          deptId: depts.find((d) => d.deptName === '教务处')!.id,
          expenseType: '2',
          economicClass: '30201',
          fundSource: '1',
          originalAmount: '50000.00',
        },
        as('admin'),
      ),
    );
    const payees = [
      {
        payeeName: '周教授',
        idNumber: '11010519600101123X',
        bankAccount: '6222020000001111',
        gross: '3000.00',
        tax: '0.00',
        net: '3000.00',
      },
      { payeeName: '吴专家', idNumber: '110105196502021234', bankAccount: '6222020000002222', gross: '5000' },
      { payeeName: '郑老师', idNumber: '110105197003031235', gross: '800.00' },
    ];
    const saved = ok(
      await server.post(
        '/api/expense/employeeFee/save',
        { title: '课程评审专家咨询费', feeKind: '2', budgetId: budget.id, payees, money: '1.00' },
        as('staff'),
      ),
    );
    expect(saved.feeNo).toMatch(/^LW-\d{4}-\d{4}$/);
    expect(saved).toMatchObject({ money: '8800.00', taxTotal: '1240.00', netTotal: '7560.00' });
    const read = ok(await server.get(`/api/expense/employeeFee/infoById/${saved.id}`, as('staff')));
    expect(read.payees.map((p: Row) => [p.payeeName, p.gross, p.tax, p.net])).toEqual([
      ['周教授', '3000.00', '440.00', '2560.00'],
      ['吴专家', '5000.00', '800.00', '4200.00'],
      ['郑老师', '800.00', '0.00', '800.00'],
    ]);
    const badId = await server.post(
      '/api/expense/employeeFee/save',
      { title: '错误', feeKind: '1', budgetId: budget.id, payees: [{ payeeName: '某', idNumber: '12345', gross: '100' }] },
      as('staff'),
    );
    expect(badId.body.msg).toContain('领款人第 1 行：身份证号');

    ok(await server.post(`/api/expense/employeeFee/submit?id=${saved.id}&confirmed=1`, {}, as('staff')));
    let b = ok(await server.get(`/api/neikong/budget/infoById/${budget.id}`, as('admin')));
    expect(b).toMatchObject({ frozenAmount: '8800.00' });
    await decide(saved.id, 'head');
    await decide(saved.id, 'finance');
    await decide(saved.id, 'principal'); // 5,000 and more: the head of the school too
    b = ok(await server.get(`/api/neikong/budget/infoById/${budget.id}`, as('admin')));
    expect(b).toMatchObject({ frozenAmount: '0.00', usedAmount: '8800.00' });
    const paid = ok(
      await server.post(
        `/api/expense/employeeFee/pay?id=${saved.id}`,
        { id: saved.id, payMethod: '1', paidDate: '2040-03-01' },
        as('cashier'),
      ),
    );
    expect(paid.payState).toBe('1');
    b = ok(await server.get(`/api/neikong/budget/infoById/${budget.id}`, as('admin')));
    expect(b).toMatchObject({ usedAmount: '8800.00', paidAmount: '8800.00' });
  });
});
