// A document as it was at any moment (issue 36): rebuilt from the audit trail — its fields and its
// lines as they stood after a given record (or at a given time), in the shape /infoById answers; and
// the history's summary of what was approved against what was paid.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import type { DocumentAsOf, DocumentHistoryAnswer } from '../../validators/audit-history.ts';

type Row = Record<string, any>;
let server: TestServer;
const tokens: Record<string, string> = {};
const YEAR = '2042'; // a year the demo seed leaves empty
const APPROVERS = ['head', 'finance', 'deputy', 'deputy2', 'principal', 'secretary', 'assets', 'buyer'];

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const who of ['staff', 'teacher', 'auditor', 'cashier', ...APPROVERS]) tokens[who] = await server.login(who, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
  headers: { year: YEAR },
});
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const asOf = (entity: string, id: number | string, moment: string, who = 'staff', lang = 'zh-CN') =>
  server.get<DocumentAsOf>(`/api/monitor/audit/asOf?entity=${entity}&id=${id}&${moment}`, as(who, lang));
const history = (entity: string, id: number, who = 'staff', lang = 'zh-CN') =>
  server.get<DocumentHistoryAnswer>(`/api/monitor/audit/history?entity=${entity}&id=${id}`, as(who, lang));

async function approveAll(entity: string, api: string, id: number) {
  for (let step = 0; step < 10; step++) {
    const doc = ok(await server.get(`/api/${api}/infoById/${id}`, as('admin')));
    if (doc.approvalStatus === '2') return;
    let decided = false;
    for (const who of APPROVERS) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
      if (!task) continue;
      server.clock.advance(60_000);
      ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
      decided = true;
      break;
    }
    expect(decided, `someone should have a step of ${entity} ${id}`).toBe(true);
  }
  throw new Error(`${entity} ${id} is not approved after 10 steps`);
}

let claimId = 0;
let invoiceNo = 82000000;
const account = '6222 0200 0000 5678';

beforeAll(async () => {
  const depts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
  const budgetId = Number(
    ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: 'ASOF-1',
          budgetName: '追溯测试指标',
          deptId: depts.find((d) => d.deptName === '教务处')!.id,
          expenseType: '2',
          economicClass: '30211',
          fundSource: '1',
          originalAmount: '50000.00',
        },
        as('admin'),
      ),
    ).id,
  );
  const saved = ok(
    await server.post(
      '/api/expense/funds/save',
      {
        title: '教研差旅报销',
        budgetId,
        payee: '林小雨',
        payeeAccount: account,
        payeeBank: '工商银行',
        items: [{ economicClass: '30211', summary: '火车票', amount: '1000.00' }],
        invoices: [
          { invoiceCode: '011002300111', invoiceNo: String(++invoiceNo), invoiceDate: `${YEAR}-04-01`, amount: '1500.00' },
        ],
      },
      as('staff'),
    ),
  );
  claimId = saved.id;
  // First change: a field.
  server.clock.advance(60_000);
  const first = ok(await server.get(`/api/expense/funds/infoById/${claimId}`, as('staff')));
  ok(await server.post('/api/expense/funds/update', { ...first, title: '赴京教研差旅报销' }, as('staff')));
  // Second change: a line's amount, and a line added.
  server.clock.advance(60_000);
  const second = ok(await server.get(`/api/expense/funds/infoById/${claimId}`, as('staff')));
  ok(
    await server.post(
      '/api/expense/funds/update',
      {
        ...second,
        items: [
          { ...second.items[0], amount: '1100.00' },
          { economicClass: '30211', summary: '住宿费', amount: '300.00' },
        ],
      },
      as('staff'),
    ),
  );
  server.clock.advance(60_000);
  ok(await server.post(`/api/expense/funds/submit?id=${claimId}&confirmed=1`, {}, as('staff')));
  await approveAll('reimburse', 'expense/funds', claimId);
});

it('answers the document at each record: the field before and after, the line changed and added', async () => {
  const { entries } = ok(await history('reimburse', claimId));
  const created = entries.find((e) => e.kind === 'document' && e.op === 'insert')!;
  const retitled = entries.find((e) => e.kind === 'document' && e.changes.some((c) => c.after === '赴京教研差旅报销'))!;
  const relined = entries.find((e) => e.kind === 'lines' && e.lines!.some((l) => l.change === 'changed'))!;
  const approved = entries.filter((e) => e.kind === 'decision' && e.decision?.value === 'approve').at(-1)!;
  expect(created.seq).toBeLessThan(retitled.seq);
  expect(retitled.seq).toBeLessThan(relined.seq);

  const atCreation = ok(await asOf('reimburse', claimId, `seq=${created.seq}`));
  expect(atCreation.seq).toBeGreaterThanOrEqual(created.seq);
  expect(atCreation.seq).toBeLessThan(retitled.seq);
  expect(atCreation.document).toMatchObject({ id: claimId, title: '教研差旅报销', money: '1000.00', approvalStatus: '0' });
  expect(atCreation.document.items).toEqual([expect.objectContaining({ summary: '火车票', amount: '1000.00' })]);
  // The shape /infoById answers: field names, not columns; references' labels; the other collections.
  expect(atCreation.document).not.toHaveProperty('budget_id');
  expect(atCreation.document.budgetIdLabel).toBe('追溯测试指标');
  expect(atCreation.document.invoices).toEqual([expect.objectContaining({ amount: '1500.00' })]);

  const afterTitle = ok(await asOf('reimburse', claimId, `seq=${retitled.seq}`)).document as Row;
  expect(afterTitle.title).toBe('赴京教研差旅报销');
  expect(afterTitle.items.map((l: Row) => l.amount)).toEqual(['1000.00']);

  const afterLines = ok(await asOf('reimburse', claimId, `seq=${relined.seq}`)).document as Row;
  expect(afterLines.items.map((l: Row) => [l.summary, l.amount])).toEqual([
    ['火车票', '1100.00'],
    ['住宿费', '300.00'],
  ]);
  // A record's moment is the end of its transaction: the lines saved with the row are there at its insert.

  const atApproval = ok(await asOf('reimburse', claimId, `seq=${approved.seq}`)).document as Row;
  const now = ok(await server.get(`/api/expense/funds/infoById/${claimId}`, as('staff')));
  expect(atApproval.approvalStatus).toBe('2');
  for (const f of ['title', 'money', 'payable', 'payee', 'budgetId']) expect(atApproval[f], f).toEqual(now[f]);
  expect(atApproval.items.map((l: Row) => l.amount)).toEqual(now.items.map((l: Row) => l.amount));

  // A time in the site's zone (Asia/Shanghai, no offset) reads the same: just after the title change.
  const wall = new Date(new Date(retitled.at).getTime() + 1 + 8 * 3600_000).toISOString().slice(0, 23).replace('T', ' ');
  expect(ok(await asOf('reimburse', claimId, `at=${encodeURIComponent(wall)}`)).document.title).toBe('赴京教研差旅报销');
});

it('lets the auditor read it, refuses whoever may not read the document, and says what is wrong with bad input', async () => {
  const { entries } = ok(await history('reimburse', claimId));
  const first = entries[0]!.seq;
  // The auditor (the trail's query key) reads any document of the site as it was.
  expect(ok(await asOf('reimburse', claimId, `seq=${first}`, 'auditor')).document.title).toBe('教研差旅报销');
  // From a record of the trail screen: the document that record wrote, without its id.
  const byRecord = ok(await server.get<DocumentAsOf>(`/api/monitor/audit/asOf?entity=reimburse&seq=${first}`, as('auditor')));
  expect(byRecord.document).toMatchObject({ id: claimId, title: '教研差旅报销' });
  expect((await server.get(`/api/monitor/audit/asOf?entity=leaveApply&seq=${first}`, as('auditor'))).body.code).toBe('40400');
  // Another department's teacher may not read the claim, nor its past.
  const read = await server.get(`/api/expense/funds/infoById/${claimId}`, as('teacher'));
  const refused = await asOf('reimburse', claimId, `seq=${first}`, 'teacher');
  expect(read.body.code).not.toBe('0');
  expect(refused.body.code).toBe(read.body.code);
  expect(refused.body.data ?? null).toBeNull();

  // Another site's id is a missing one, to its admin and to the auditor alike.
  const cityUser = (ok(await server.get('/api/core/user/list', as('cityadmin'))) as Row[])[0]!;
  for (const who of ['admin', 'auditor']) {
    const other = await asOf('user', cityUser.id, 'seq=1', who);
    expect(other.body.code).toBe('40400');
  }
  const bad = await asOf('reimburse', claimId, 'seq=abc');
  expect(bad.status).toBeLessThan(500);
  expect(bad.body.code).toBe('40000');
  expect(bad.body.msg).toContain('abc');
  expect(bad.body.msg).toMatch(/序号/);
  expect((await asOf('reimburse', claimId, 'seq=abc', 'staff', 'en-US')).body.msg).toMatch(/not a valid number/);
  const badTime = await asOf('reimburse', claimId, 'at=yesterday', 'staff', 'en-US');
  expect(badTime.body).toMatchObject({ code: '40000' });
  expect(badTime.body.msg).toMatch(/not a valid date/);
  // Before the document existed.
  const before = await asOf('reimburse', claimId, `seq=${first - 1}`, 'staff', 'en-US');
  expect(before.body.code).toBe('40400');
  expect(before.body.msg).toBe('The document did not exist yet at that moment');
  expect((await asOf('nothingLikeThis', 1, 'seq=1', 'admin')).body.code).toBe('40400');
});

it('sums up what was approved against what was paid, in the reader’s language', async () => {
  const before = ok(await history('reimburse', claimId)).approvedVsPaid!;
  expect(before).toMatchObject({ field: '应付金额', approved: '1,400.00', paid: '0.00', difference: '1,400.00' });
  expect(before.approvedSeq).toBeGreaterThan(0);
  expect(before.lines[0]!.rows.map((r) => [r.label, r.approved])).toEqual([
    ['火车票', '1,100.00'],
    ['住宿费', '300.00'],
  ]);
  // The cashier pays a part.
  const payment = ok(
    await server.post(
      '/api/expense/payment/save',
      { payMethod: '3', paidDate: `${YEAR}-04-20`, items: [{ sourceType: 'reimburse', sourceId: claimId, amount: '500.00' }] },
      as('cashier'),
    ),
  );
  ok(await server.post(`/api/expense/payment/pay?id=${payment.id}`, {}, as('cashier')));
  const zh = ok(await history('reimburse', claimId)).approvedVsPaid!;
  expect(zh).toMatchObject({ approved: '1,400.00', paid: '500.00', difference: '900.00' });
  const pt = ok(await history('reimburse', claimId, 'staff', 'pt-BR')).approvedVsPaid!;
  expect(pt).toMatchObject({ approved: '1.400,00', paid: '500,00', difference: '900,00' });
  expect(pt.field).not.toBe(zh.field);
  // A document nobody pays has no such summary.
  const leave = ok(
    await server.post(
      '/api/leave/apply/save',
      { leaveType: 'personal', startDate: `${YEAR}-04-06`, endDate: `${YEAR}-04-07`, days: 2, reason: '家中有事' },
      as('staff'),
    ),
  );
  expect(ok(await history('leaveApply', leave.id)).approvedVsPaid).toBeNull();
});
