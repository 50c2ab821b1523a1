// Reimbursements (报销, issue 15) on the document features of issue 14: lines and invoices saved with
// the document in one transaction (`lines`), sums made by the server, an invoice used once per site
// (the site's invoice register, the refusal naming the document that holds it; every spelling and
// state: tests/api/invoice-register.test.ts), a rule over the document
// (`checks`: invoices cover the claim), the budget effects (submit draws on the application's freeze
// first, approval consumes, the cashier's payment pays) and a state action with inputs (`pay`).
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2036'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'teacher', 'principal', 'cashier', 'deputy'])
    tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
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
const db = () => server.database.db as unknown as Kysely<any>;

let n = 0;
async function indicator(amount = '10000.00', who = 'admin'): Promise<number> {
  const limitCode = `RB-${++n}`;
  const body: Row = {
    limitCode,
    budgetName: `差旅费${limitCode}`,
    expenseType: '2',
    economicClass: '30211',
    fundSource: '1',
    originalAmount: amount,
  };
  if (who === 'admin') body.deptId = dept['教务处'];
  else body.deptId = ok(await server.get('/api/core/dept/list', as(who)))[0].id;
  return Number(ok(await server.post('/api/neikong/budget/save', body, as(who))).id);
}
const balance = async (id: number) => {
  const r = ok(await server.get(`/api/neikong/budget/infoById/${id}`, as('admin')));
  // The ledger's identity holds after every step.
  const c = (v: string) => Math.round(Number(v) * 100);
  expect(c(r.availableAmount)).toBe(c(r.adjustedAmount) - c(r.adjustFrozen) - c(r.frozenAmount) - c(r.usedAmount));
  expect(c(r.paidAmount)).toBeLessThanOrEqual(c(r.usedAmount));
  return {
    frozen: r.frozenAmount as string,
    used: r.usedAmount as string,
    paid: r.paidAmount as string,
    available: r.availableAmount as string,
  };
};
const held = async (entity: string, id: number) =>
  (
    await sql<{
      amount: string;
      used: string;
    }>`select amount, used from nk_budget_hold where source_type = ${entity} and source_id = ${id}`.execute(db())
  ).rows.map((r) => ({ amount: r.amount, used: r.used }));

let invoiceNo = 40000000;
const invoice = (amount: string, extra: Row = {}) => ({
  invoiceCode: '011002300111',
  invoiceNo: String(++invoiceNo),
  invoiceDate: '2036-03-02',
  amount,
  sellerTaxId: '91110108MA01ABCD2X',
  ...extra,
});
const body = (budgetId: number, lines: string[], invoices: Row[], extra: Row = {}) => ({
  title: `北京教研会差旅 ${++n}`,
  budgetId,
  // The browser's total is not taken: the server sums the lines.
  money: '1.00',
  items: lines.map((amount, i) => ({ economicClass: '30211', summary: `第${i + 1}项`, amount })),
  invoices,
  ...extra,
});
/** A trip's dates: the days are the server's (return − departure + 1). */
const trip = (startDate: string, endDate: string) => ({ startDate, endDate });
const save = (b: Row, who = 'staff', lang = 'zh-CN') => server.post('/api/expense/funds/save', b, as(who, lang));
const info = async (id: number, who = 'staff') => ok(await server.get(`/api/expense/funds/infoById/${id}`, as(who)));
const submit = (entity: 'funds' | 'beforehand', id: number, who = 'staff', confirmed = true) =>
  server.post(`/api/expense/${entity}/submit?id=${id}${confirmed ? '&confirmed=1' : ''}`, {}, as(who));
async function decide(entity: string, id: number, who: string, decision: 'approve' | 'reject') {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
  expect(task, `${who} should have the task of ${entity} ${id}`).toBeTruthy();
  return ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment: `${who} 意见` }, as(who)));
}
/**
 * After finance (DOMAIN.md "Default approval chain"): the deputy in charge, and the principal when
 * the amount reaches the site's approval.headThreshold.
 */
async function onwards(entity: string, id: number) {
  await decide(entity, id, 'deputy', 'approve');
  const todo = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as('principal'))).records as Row[];
  if (todo.some((t) => t.entity === entity && t.businessKey === id)) await decide(entity, id, 'principal', 'approve');
}
async function approvedApplication(budgetId: number, money: string): Promise<Row> {
  const a = ok(
    await server.post(
      '/api/expense/beforehand/save',
      {
        kind: '2',
        title: `去北京参加教研会 ${++n}`,
        budgetId,
        money,
        travellers: '林小雨',
        cities: '北京',
        days: 3,
        travelRank: '3',
      },
      as('staff'),
    ),
  );
  ok(await submit('beforehand', a.id));
  await decide('beforehand', a.id, 'head', 'approve');
  await decide('beforehand', a.id, 'finance', 'approve');
  await onwards('beforehand', a.id);
  return a;
}

describe('reimbursement lines', () => {
  it('are saved with the document, summed by the server, read back in order, and changed line by line', async () => {
    const budgetId = await indicator();
    const saved = ok(await save(body(budgetId, ['120.50', '79.50', '300.00'], [invoice('200.00'), invoice('300.00')])));
    expect(saved.reimburseNo).toMatch(/^BX-\d{4}-\d{4}$/);
    expect(saved).toMatchObject({ money: '500.00', invoiceTotal: '500.00', payState: '0', approvalStatus: '0' });
    const read = await info(saved.id);
    expect(read.items.map((l: Row) => [l.summary, l.amount])).toEqual([
      ['第1项', '120.50'],
      ['第2项', '79.50'],
      ['第3项', '300.00'],
    ]);
    expect(read.invoices).toHaveLength(2);
    // Keep the second line (changed), drop the others, add one: the kept line keeps its id.
    const kept = read.items[1];
    const updated = ok(
      await server.post(
        '/api/expense/funds/update',
        {
          id: saved.id,
          version: read.version,
          items: [
            { ...kept, amount: '100.00' },
            { economicClass: '30211', summary: '市内交通', amount: '50.00' },
          ],
        },
        as('staff'),
      ),
    );
    expect(updated.money).toBe('150.00');
    const again = await info(saved.id);
    expect(again.items.map((l: Row) => [l.id === kept.id, l.summary, l.amount])).toEqual([
      [true, '第2项', '100.00'],
      [false, '市内交通', '50.00'],
    ]);
    // The invoices were not sent: they stay.
    expect(again.invoices).toHaveLength(2);
    const rows = await sql<{ n: number }>`select count(*)::int as n from exp_reimburse_line where doc_id = ${saved.id}`.execute(
      db(),
    );
    expect(rows.rows[0]!.n).toBe(2);
    // A line copied in the form comes back with the id of the line it copies: it is a line of its own.
    const copies = await info(saved.id);
    const first = copies.items[0];
    const copied = ok(
      await server.post(
        '/api/expense/funds/update',
        { id: saved.id, version: copies.version, items: [...copies.items, { ...first, summary: '复制的一行' }] },
        as('staff'),
      ),
    );
    expect(copied.money).toBe('250.00');
    const three = await info(saved.id);
    expect(three.items.map((l: Row) => [l.summary, l.amount])).toEqual([
      ['第2项', '100.00'],
      ['市内交通', '50.00'],
      ['复制的一行', '100.00'],
    ]);
    expect(three.items[0].id).toBe(first.id);
    expect(new Set(three.items.map((l: Row) => l.id)).size).toBe(3);
  });

  it('name the collection, the line and the field when one is wrong, and save nothing', async () => {
    const budgetId = await indicator();
    const before = (await sql<{ n: number }>`select count(*)::int as n from exp_reimburse`.execute(db())).rows[0]!.n;
    const valid = await save(body(budgetId, ['10.00', '20.00'], [invoice('30.00')]));
    expect(valid.body.code).toBe('0');
    const cases: Array<[Row, string, string]> = [
      [body(budgetId, ['10.00', '-1'], [invoice('30.00')]), 'zh-CN', '报销明细第 2 行：'],
      [body(budgetId, [], [invoice('30.00')]), 'zh-CN', '报销明细至少1项'],
      [body(budgetId, ['10.00'], [invoice('30.00', { invoiceNo: '12AB' })]), 'en-US', 'Invoices, line 1: Invoice number'],
      [
        { ...body(budgetId, ['10.00'], [invoice('30.00')]), items: [{ economicClass: '99999', summary: 'x', amount: '10.00' }] },
        'zh-CN',
        '报销明细第 1 行：',
      ],
      [body(budgetId, ['10.00'], [invoice('30.00', { amount: '1.005' })]), 'zh-CN', '发票第 1 行：发票金额'],
    ];
    for (const [b, lang, words] of cases) {
      const r = await save(b, 'staff', lang);
      expect(r.status).toBe(200);
      expect(r.body.code, JSON.stringify(b.items)).not.toBe('0');
      expect(r.body.msg).toContain(words);
    }
    const after = (await sql<{ n: number }>`select count(*)::int as n from exp_reimburse`.execute(db())).rows[0]!.n;
    expect(after).toBe(before + 1);
  });

  it('need invoices that cover the claim', async () => {
    const budgetId = await indicator();
    const r = await save(body(budgetId, ['500.00'], [invoice('499.99')]));
    expect(r.body).toMatchObject({ code: '40000', msg: '发票合计不能少于报销金额（差旅补助除外）' });
    const en = await save(body(budgetId, ['500.00'], []), 'staff', 'en-US');
    expect(en.body.msg).toBe('The invoices must add up to at least the amount claimed (allowances aside)');
  });
});

describe('an invoice', () => {
  it('is reimbursed once per site: the second use names the document that holds it', async () => {
    const budgetId = await indicator();
    const inv = invoice('100.00');
    const first = ok(await save(body(budgetId, ['100.00'], [inv])));
    const second = await save(body(budgetId, ['100.00'], [{ ...inv }]));
    expect(second.body.code).toBe('40900');
    expect(second.body.msg).toBe(
      `发票第 1 行：发票号码“${inv.invoiceNo}”（发票代码 011002300111）已被单据 ${first.reimburseNo} 使用，同一张发票只能报销一次`,
    );
    // Twice in one document.
    const twice = await save(
      body(budgetId, ['100.00'], [invoice('50.00', { invoiceNo: '55550001' }), invoice('50.00', { invoiceNo: '55550001' })]),
    );
    expect(twice.body.msg).toContain('发票第 2 行：发票号码“55550001”在本单据中重复');
    // The same number under another code is another invoice.
    ok(await save(body(budgetId, ['100.00'], [{ ...inv, invoiceCode: '011002300222' }])));
    // Its own document may save it again (an edit keeps its invoices).
    const read = await info(first.id);
    ok(
      await server.post(
        '/api/expense/funds/update',
        { id: first.id, version: read.version, title: '改了事由', invoices: read.invoices },
        as('staff'),
      ),
    );
    // Another site has its own invoices.
    const cityBudget = await indicator('1000.00', 'cityadmin');
    ok(await server.post('/api/expense/funds/save', body(cityBudget, ['100.00'], [{ ...inv }]), as('cityadmin')));
    // Removed with its document, the invoice is free again.
    ok(await server.post(`/api/expense/funds/remove?ids=${first.id}`, {}, as('staff')));
    ok(await save(body(budgetId, ['100.00'], [{ ...inv }])));
  });

  it('saved by two documents at the same moment goes to one of them', async () => {
    const budgetId = await indicator();
    const inv = invoice('10.00');
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(body(budgetId, ['10.00'], [{ ...inv }]))));
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === '40900')).toHaveLength(5);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from exp_reimburse_invoice where invoice_no = ${inv.invoiceNo}`.execute(db());
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('a reimbursement and the budget', () => {
  it('draws on its application’s freeze first, gives it back when rejected, consumes on approval and pays when the cashier pays', async () => {
    const budgetId = await indicator('10000.00');
    const app = await approvedApplication(budgetId, '3000.00');
    expect(await balance(budgetId)).toMatchObject({ frozen: '3000.00', available: '7000.00' });

    const r = ok(await save(body(budgetId, ['2000.00'], [invoice('2000.00')], { beforehandId: app.id })));
    ok(await submit('funds', r.id, 'staff', false));
    // Drawn from the application: nothing new is frozen.
    expect(await balance(budgetId)).toMatchObject({ frozen: '3000.00', available: '7000.00' });
    expect(await held('beforehand', app.id)).toEqual([{ amount: '1000.00', used: '0.00' }]);
    expect(await held('reimburse', r.id)).toEqual([{ amount: '2000.00', used: '0.00' }]);

    await decide('reimburse', r.id, 'head', 'reject');
    // The drawn part goes back to the application, not to the indicator.
    expect(await balance(budgetId)).toMatchObject({ frozen: '3000.00', available: '7000.00' });
    expect(await held('beforehand', app.id)).toEqual([{ amount: '3000.00', used: '0.00' }]);
    expect(await held('reimburse', r.id)).toEqual([]);

    // Claimed more than the application: the application's 3000 first, then 500 more frozen.
    const read = await info(r.id);
    ok(
      await server.post(
        '/api/expense/funds/update',
        {
          id: r.id,
          version: read.version,
          items: [...read.items, { economicClass: '30211', summary: '住宿', amount: '1500.00' }],
          invoices: [...read.invoices, invoice('1500.00')],
        },
        as('staff'),
      ),
    );
    ok(await submit('funds', r.id));
    expect(await balance(budgetId)).toMatchObject({ frozen: '3500.00', available: '6500.00' });
    await decide('reimburse', r.id, 'head', 'approve');
    await decide('reimburse', r.id, 'finance', 'approve');
    await onwards('reimburse', r.id);
    expect((await info(r.id)).approvalStatus).toBe('2');
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', used: '3500.00', paid: '0.00', available: '6500.00' });
    // The application has nothing left to give back.
    ok(await server.post(`/api/expense/beforehand/close?id=${app.id}`, {}, as('staff')));
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', used: '3500.00', available: '6500.00' });

    // The cashier pays: method and date are required, the voucher is kept.
    const missing = await server.post(`/api/expense/funds/pay?id=${r.id}`, { id: r.id, paidDate: '2036-03-10' }, as('cashier'));
    expect(missing.body).toMatchObject({ code: '40000' });
    expect(missing.body.msg).toContain('付款方式');
    const staffPays = await server.post(
      `/api/expense/funds/pay?id=${r.id}`,
      { id: r.id, payMethod: '1', paidDate: '2036-03-10' },
      as('staff'),
    );
    expect(staffPays.body.code).toBe('40103');
    const paid = await server.post(
      `/api/expense/funds/pay?id=${r.id}`,
      { id: r.id, payMethod: '2', paidDate: '2036-03-10', voucherNo: '记-0310-07', approvalStatus: '0' },
      as('cashier'),
    );
    expect(paid.body).toMatchObject({ code: '0', msg: '已付款' });
    expect(paid.body.data).toMatchObject({
      payState: '1',
      payMethod: '2',
      paidDate: '2036-03-10',
      voucherNo: '记-0310-07',
      approvalStatus: '2',
    });
    expect(await balance(budgetId)).toMatchObject({ used: '3500.00', paid: '3500.00' });
    const twice = await server.post(
      `/api/expense/funds/pay?id=${r.id}`,
      { id: r.id, payMethod: '1', paidDate: '2036-03-10' },
      as('cashier'),
    );
    expect(twice.body.code).toBe('40900');
    expect(await balance(budgetId)).toMatchObject({ paid: '3500.00' });
    const journal = await sql<{ kind: string; amount: string }>`select kind, amount from nk_budget_journal
      where source_type = 'reimburse' and source_id = ${r.id} order by id`.execute(db());
    expect(journal.rows.map((j) => `${j.kind} ${j.amount}`)).toEqual(['freeze 500.00', 'consume 3500.00', 'pay 3500.00']);
    // The indicator's journal, as finance reads it: each row names its document by number and what
    // happened to it in the reader's words, never the stored event key (submit, approved, pay).
    const rowsOf = async (lang: string) =>
      (
        ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${budgetId}&pageSize=50`, as('finance', lang)))
          .records as Row[]
      ).filter((j) => j.sourceNo === r.reimburseNo);
    const chinese = await rowsOf('zh-CN');
    expect(chinese.map((j) => j.note)).toEqual(
      expect.arrayContaining(['报销单 · 提交审批', '报销单 · 审批通过', '报销单 · 付款']),
    );
    const english = await rowsOf('en-US');
    expect(english).toHaveLength(3);
    for (const j of english) expect(String(j.note)).toMatch(/ · (submitted|approved|paid)$/);
    expect(english.map((j) => j.note).join()).not.toMatch(/\b(submit|pay)\b/);
  });

  it('is not paid before it is approved, and draws on no application that is not approved', async () => {
    const budgetId = await indicator('10000.00');
    const r = ok(await save(body(budgetId, ['100.00'], [invoice('100.00')])));
    const early = await server.post(
      `/api/expense/funds/pay?id=${r.id}`,
      { id: r.id, payMethod: '1', paidDate: '2036-03-10' },
      as('cashier'),
    );
    expect(early.body).toMatchObject({ code: '40900', msg: '单据当前的状态不能执行“付款”' });
    const draft = ok(
      await server.post(
        '/api/expense/beforehand/save',
        { kind: '1', title: '未提交的申请', budgetId, money: '500.00' },
        as('staff'),
      ),
    );
    const r2 = ok(await save(body(budgetId, ['100.00'], [invoice('100.00')], { beforehandId: draft.id })));
    const refused = await submit('funds', r2.id);
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toContain(`单据 ${draft.applyNo} 未审批通过或已关闭`);
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00' });
    expect((await info(r2.id)).approvalStatus).toBe('0');
  });

  it('over the indicator is refused with its figures, and nothing is held', async () => {
    const budgetId = await indicator('1000.00');
    const r = ok(await save(body(budgetId, ['1200.00'], [invoice('1200.00')])));
    const refused = await submit('funds', r.id);
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toContain('1,000.00');
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', available: '1000.00' });
    expect(await held('reimburse', r.id)).toEqual([]);
    // The freeze is the submit's last step (issue 37): refused there, the approval it started is gone too.
    expect((await info(r.id)).approvalStatus).toBe('0');
    const todo = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as('head'))).records as Row[];
    expect(todo.some((t) => t.entity === 'reimburse' && t.businessKey === r.id)).toBe(false);
  });

  it('whose approval has no step is frozen and consumed in the one submit', async () => {
    // A site's process for claims that goes straight to its end: the approval ends as it starts.
    const NS = 'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"';
    const bpmnXml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="Definitions_rbAtOnce" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="rbAtOnce" name="报销直通" isExecutable="true">
    <bpmn:startEvent id="start" /><bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
    const model = ok(
      await server.post('/api/workflow/model/save', { modelKey: 'rbAtOnce', name: '报销直通', bpmnXml }, as('admin')),
    );
    ok(await server.post(`/api/workflow/model/deploy?id=${model.id}`, {}, as('admin')));
    const binding = ok(
      await server.post('/api/workflow/business/save', { entity: 'reimburse', processKey: 'rbAtOnce' }, as('admin')),
    );
    try {
      const budgetId = await indicator('1000.00');
      const r = ok(await save(body(budgetId, ['300.00'], [invoice('300.00')])));
      ok(await submit('funds', r.id));
      expect((await info(r.id)).approvalStatus).toBe('2');
      expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', used: '300.00', available: '700.00' });
    } finally {
      ok(await server.post(`/api/workflow/business/remove?ids=${binding.id}`, {}, as('admin')));
    }
  });
});

describe('the reimbursement list', () => {
  it('keeps to the caller’s data scope, and offers the payment where it applies', async () => {
    const budgetId = await indicator();
    const mine = ok(await save(body(budgetId, ['10.00'], [invoice('10.00')])));
    const teacherSees = await server.get(`/api/expense/funds/infoById/${mine.id}`, as('teacher'));
    expect(teacherSees.body.code).toBe('40400');
    const page = ok(await server.get('/api/expense/funds/page?pageSize=100', as('teacher')));
    expect((page.records as Row[]).some((r) => r.id === mine.id)).toBe(false);
    expect((await server.get(`/api/expense/funds/infoById/${mine.id}`, as('cityadmin'))).body.code).toBe('40400');

    const bundle = ok(await server.get('/api/schema/page/FundsList', as('cashier')));
    const pay = (bundle.list.rowActions as Row[]).find((a) => a.endpoint === 'pay');
    expect(pay).toMatchObject({
      action: 'edit',
      form: 'reimbursePay',
      visible:
        "(payState == '0') && (approvalStatus == '2') && (createdBy != $user.userId) && (!includes(approvedBy, $user.userId))",
    });
    expect(bundle.forms.reimbursePay).toBeTruthy();
    expect(bundle.entity.inputs).toEqual({ pay: ['payMethod', 'paidDate', 'voucherNo'] });
    expect(Object.keys(bundle.entity.lines)).toEqual(['items', 'allowances', 'invoices']);
    // Every document with a process has its approval actions without its list naming them.
    for (const component of ['FundsList', 'BudgetAdjustApply', 'BudgetPlan', 'LeaveApply']) {
      const actions = ok(await server.get(`/api/schema/page/${component}`, as('admin'))).list.rowActions as Row[];
      const names = actions.map((a) => a.endpoint ?? a.to ?? a.action);
      expect(names, component).toEqual(expect.arrayContaining(['submit', 'withdraw']));
      expect(
        names.some((n) => String(n).startsWith('/approval/')),
        component,
      ).toBe(true);
      expect(actions[actions.length - 1]!.action, component).toBe('remove');
    }
    const staffBundle = ok(await server.get('/api/schema/page/FundsList', as('staff')));
    expect((staffBundle.list.rowActions as Row[]).some((a) => a.endpoint === 'pay')).toBe(false);
  });
});

describe('a payment batch', () => {
  it('pays the selected approved claims with one voucher, all of them or none', async () => {
    const budgetId = await indicator('10000.00');
    const approved: number[] = [];
    for (const amount of ['100.00', '200.00']) {
      const c = ok(await save(body(budgetId, [amount], [invoice(amount)])));
      ok(await submit('funds', c.id));
      await decide('reimburse', c.id, 'head', 'approve');
      await decide('reimburse', c.id, 'finance', 'approve');
      await onwards('reimburse', c.id);
      approved.push(c.id);
    }
    const draft = ok(await save(body(budgetId, ['50.00'], [invoice('50.00')])));
    const inputs = { payMethod: '2', paidDate: '2036-04-01', voucherNo: '记-04-001' };
    // A draft among them: refused, naming it, and nothing is paid.
    const refused = await server.post('/api/expense/funds/pay', { ...inputs, ids: [...approved, draft.id] }, as('cashier'));
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toContain(`单据 ${draft.reimburseNo}：`);
    expect(refused.body.msg).toContain('本批未作任何处理');
    for (const id of approved) expect((await info(id)).payState).toBe('0');
    expect(await balance(budgetId)).toMatchObject({ used: '300.00', paid: '0.00' });

    const paid = ok(await server.post('/api/expense/funds/pay', { ...inputs, ids: approved }, as('cashier')));
    expect(paid).toEqual({ done: 2 });
    for (const id of approved) expect(await info(id)).toMatchObject({ payState: '1', payMethod: '2', voucherNo: '记-04-001' });
    expect(await balance(budgetId)).toMatchObject({ used: '300.00', paid: '300.00' });
    // Staff may not pay, one claim or many.
    expect((await server.post('/api/expense/funds/pay', { ...inputs, ids: approved }, as('staff'))).body.code).toBe('40103');
    const bundle = ok(await server.get('/api/schema/page/FundsList', as('cashier')));
    expect(bundle.list.batchActions).toEqual([expect.objectContaining({ endpoint: 'pay', form: 'reimbursePayBatch' })]);
    expect(ok(await server.get('/api/schema/page/FundsList', as('staff'))).list.batchActions).toEqual([]);
  });
});

describe('the indicator a claim spends', () => {
  it('is one its applicant may spend: their department’s, and a leaf, whatever id the request names', async () => {
    // Another department's indicator, never offered by the picker, typed into the request.
    const theirs = Number(
      ok(
        await server.post(
          '/api/neikong/budget/save',
          {
            limitCode: `RB-X${++n}`,
            budgetName: '学生处活动费',
            deptId: dept['学生处'],
            expenseType: '2',
            economicClass: '30211',
            fundSource: '1',
            originalAmount: '5000.00',
          },
          as('admin'),
        ),
      ).id,
    );
    const picker = ok(await server.get('/api/neikong/budget/noChildrenList', as('staff'))) as Row[];
    expect(picker.some((b) => Number(b.id) === theirs)).toBe(false);
    const claim = ok(await save(body(theirs, ['10.00'], [invoice('10.00')])));
    const refused = await submit('funds', claim.id);
    expect(refused.body.msg).toBe('该预算指标不在您可使用的范围内（本部门的指标），请重新选择');
    expect(await balance(theirs)).toMatchObject({ frozen: '0.00' });
    expect((await info(claim.id)).approvalStatus).toBe('0');
    // A parent of the department holds no money of its own.
    const parent = await indicator('0.00');
    ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: `RB-C${++n}`,
          budgetName: '差旅费（下级）',
          deptId: dept['教务处'],
          parentId: parent,
          expenseType: '2',
          economicClass: '30211',
          fundSource: '1',
          originalAmount: '100.00',
        },
        as('admin'),
      ),
    );
    const onParent = ok(await save(body(parent, ['10.00'], [invoice('10.00')])));
    expect((await submit('funds', onParent.id)).body.msg).toContain('有下级指标，只能在末级指标上使用资金');
  });
});

describe('the full-page claim form', () => {
  it('is a page of its own for those who may file a claim, with its lines and the way back', async () => {
    const page = ok(await server.get('/api/schema/page/FundsForm', as('staff')));
    expect(page.kind).toBe('form');
    expect(page.form.page).toEqual({ component: 'FundsForm', path: '/expense/fundsForm', back: '/expense/fundsList' });
    expect(Object.keys(page.entity.lines)).toEqual(['items', 'allowances', 'invoices']);
    expect(page.texts[page.entity.title]['en-US']).toBeTruthy();
    // The list names it, so add and edit open it there.
    expect(ok(await server.get('/api/schema/page/FundsList', as('staff'))).form.page.path).toBe('/expense/fundsForm');
    // An auditor reads claims and files none: no form to fill.
    tokens.auditor ??= await server.login('auditor', 'Demo@12345');
    const auditor = await server.get('/api/schema/page/FundsForm', as('auditor'));
    expect(auditor.body.code).toBe('40103');
    expect(ok(await server.get('/api/schema/page/FundsList', as('auditor'))).kind).toBe('list');
  });
});

describe('the claim’s further print templates', () => {
  it('are found by name for their own entity only', async () => {
    const paste = ok(await server.get('/api/schema/print/reimburse?template=reimbursePaste', as('staff')));
    expect(paste.print.title).toBe('reimburse.pasteTitle');
    expect(paste.print.sections.map((s: Row) => s.type)).toEqual(['fields', 'paste', 'signatures']);
    expect(paste.texts['reimburse.pasteTitle']['pt-BR']).toBe('Folha de colagem de notas fiscais');
    // Another entity's template, or none by that name, is not this entity's.
    for (const template of ['employeeFeeSlip', 'noSuchTemplate'])
      expect((await server.get(`/api/schema/print/reimburse?template=${template}`, as('staff'))).body.code).toBe('40400');
    expect((await server.get('/api/schema/print/reimburse?template=../x', as('staff'))).body.code).toBe('40000');
    const list = ok(await server.get('/api/schema/page/FundsList', as('staff'))).list.rowActions as Row[];
    expect(list.some((a) => a.to === '/print/reimburse/{id}?template=reimbursePaste')).toBe(true);
  });
});

describe('what a claim raises for its approvers', () => {
  it('a hotel above the city and rank’s ceiling and a warning word: records on its approval page, without holding it up', async () => {
    const budgetId = await indicator();
    // 北京, rank 3: 500 a night (财行〔2016〕71号); two nights allow 1,000.00; 林小雨's hotel invoices
    // say 1,180.00: 1,000.00 is claimed, 180.00 is hers (财行〔2013〕531号: 超支部分由个人自理) and
    // her approvers see it as over the standard.
    const claim = ok(
      await save({
        ...body(budgetId, ['300.00'], [invoice('300.00'), invoice('1180.00'), invoice('600.00')]),
        title: '北京教研会差旅及礼品采购',
        allowances: [
          { ...trip('2036-03-01', '2036-03-03'), traveller: '林小雨', region: '北京', rank: '3', nights: 2, hotel: '1180.00' },
          { ...trip('2036-03-01', '2036-03-03'), traveller: '黄磊', region: '北京市', rank: '3', nights: 2, hotel: '600.00' },
        ],
      }),
    );
    const read = await info(claim.id);
    expect(read.allowances[0]).toMatchObject({
      hotel: '1180.00',
      hotelCeiling: '1000.00',
      hotelClaimed: '1000.00',
      hotelOver: '180.00',
      amount: '540.00',
      total: '1540.00',
    });
    expect(read.allowances[1]).toMatchObject({ hotelClaimed: '600.00', hotelOver: '0.00', total: '1140.00' });
    // The hotel is claimed up to its ceiling (and must be invoiced), the allowance is not invoiced.
    expect(read).toMatchObject({ money: '2980.00', allowanceTotal: '1080.00' });
    const short = await save({
      ...body(budgetId, ['300.00'], [invoice('300.00')]),
      allowances: [
        { ...trip('2036-03-01', '2036-03-02'), traveller: '林小雨', region: '北京', rank: '3', nights: 1, hotel: '400.00' },
      ],
    });
    expect(short.body.msg).toBe('发票合计不能少于报销金额（差旅补助除外）');
    // Nothing is raised before the claim goes to its approvers.
    const before = ok(await server.get(`/api/workflow/instance/business?entity=reimburse&id=${claim.id}`, as('staff')));
    expect(before.warnings).toEqual([]);

    ok(await submit('funds', claim.id));
    const business = ok(await server.get(`/api/workflow/instance/business?entity=reimburse&id=${claim.id}`, as('head')));
    // The approver reads the document as its applicant does: its lines and the server's total.
    expect(business.document).toMatchObject({ money: '2980.00', reimburseNo: read.reimburseNo });
    expect(business.document.allowances).toHaveLength(2);
    expect(business.document.allowances[0]).toMatchObject({ hotelClaimed: '1000.00', hotelOver: '180.00' });
    const texts = (business.warnings as Row[]).map((w) => `${w.type}:${w.level}:${w.text}`);
    expect(texts).toHaveLength(2);
    expect(texts).toContainEqual(
      `5:1:单据 报销单 ${read.reimburseNo}第 1 行（林小雨）超过开支标准：1,180.00 元，标准上限 1,000.00 元`,
    );
    expect(texts).toContainEqual(expect.stringMatching(/^4:2:.*含预警词“礼品”/));
    // In the reader's language.
    const english = ok(await server.get(`/api/workflow/instance/business?entity=reimburse&id=${claim.id}`, as('head', 'en-US')))
      .warnings as Row[];
    expect(english.map((w) => w.text).join(' ')).toContain(
      'is over the expense standard: 1,180.00 against a ceiling of 1,000.00',
    );

    // Withdrawn, corrected and submitted again: the hotel record goes, the word stays once.
    ok(await server.post(`/api/expense/funds/withdraw?id=${claim.id}`, {}, as('staff')));
    const again = await info(claim.id);
    ok(
      await server.post(
        '/api/expense/funds/update',
        {
          id: claim.id,
          version: again.version,
          allowances: again.allowances.map((a: Row) => ({ ...a, hotel: a.traveller === '林小雨' ? '980.00' : a.hotel })),
        },
        as('staff'),
      ),
    );
    ok(await submit('funds', claim.id));
    const after = ok(await server.get(`/api/workflow/instance/business?entity=reimburse&id=${claim.id}`, as('head')))
      .warnings as Row[];
    expect(after.filter((w) => !w.released).map((w) => w.type)).toEqual(['4']);
    expect(after.filter((w) => w.released).map((w) => w.type)).toEqual(['5']);
    // The warning list of finance shows them too, named by the claim.
    const listed = ok(await server.get('/api/neikong/warningRecord/page?pageSize=100&warningType=5', as('finance')))
      .records as Row[];
    expect(listed.some((w) => Number(w.sourceId) === claim.id)).toBe(true);
  });
});

describe('travel allowances', () => {
  it('are worked out by the server from the site’s standards and counted in the claim, not in its invoices', async () => {
    const budgetId = await indicator();
    const allowances = [
      // Beijing, others' rank (财行〔2013〕531号 第十五条、第十八条; 财行〔2016〕71号 北京 其他人员 500):
      // 100 meals + 80 transport a calendar day, 3 days from 1 to 3 March; hotel up to 500 a night.
      // The browser's figures (meals, days) are not taken.
      {
        ...trip('2036-03-01', '2036-03-03'),
        traveller: '林小雨',
        region: '北京',
        rank: '3',
        days: 9,
        nights: 2,
        meal: '9999.00',
      },
      // 拉萨 is in 西藏: meals 120 a day; 71号 西藏（拉萨）司局级 500 a night.
      { ...trip('2036-03-01', '2036-03-02'), traveller: '王芳', region: '拉萨', rank: '2', nights: 1 },
    ];
    const saved = ok(await save({ ...body(budgetId, ['553.00'], [invoice('553.00')]), allowances }));
    expect(saved).toMatchObject({ money: '1493.00', allowanceTotal: '940.00', invoiceTotal: '553.00' });
    const read = await info(saved.id);
    expect(
      read.allowances.map((a: Row) => [a.traveller, a.region, a.city, a.days, a.meal, a.transport, a.hotelCeiling, a.amount]),
    ).toEqual([
      ['林小雨', '110000', '北京市', 3, '300.00', '240.00', '1000.00', '540.00'],
      ['王芳', '540100', '西藏自治区 拉萨市', 2, '240.00', '160.00', '500.00', '400.00'],
    ]);
    // 北京 and 北京市, 西藏 and 拉萨: one region, the same standards.
    const same = ok(
      await save({
        ...body(budgetId, ['1.00'], [invoice('1.00')]),
        allowances: [
          { ...allowances[0], region: '北京市' },
          { ...allowances[1], region: '西藏' },
        ],
      }),
    );
    expect((await info(same.id)).allowances.map((a: Row) => [a.region, a.amount, a.hotelCeiling])).toEqual([
      ['110000', '540.00', '1000.00'],
      ['540000', '400.00', '500.00'],
    ]);
    // The lines change, the allowances stay: the claim counts both.
    ok(
      await server.post(
        '/api/expense/funds/update',
        {
          id: saved.id,
          version: read.version,
          items: [{ economicClass: '30211', summary: '高铁', amount: '600.00' }],
          invoices: [invoice('600.00')],
        },
        as('staff'),
      ),
    );
    expect(await info(saved.id)).toMatchObject({ money: '1540.00', allowanceTotal: '940.00' });
    // Invoices must still cover what is not an allowance.
    const short = await save({ ...body(budgetId, ['553.00'], [invoice('500.00')]), allowances });
    expect(short.body.msg).toBe('发票合计不能少于报销金额（差旅补助除外）');
  });

  it('take the place from the region table, the days from the dates, and no more nights than the days allow', async () => {
    const budgetId = await indicator();
    const refused = async (line: Row, lang = 'zh-CN') => {
      const r = await save({ ...body(budgetId, ['10.00'], [invoice('10.00')]), allowances: [line] }, 'staff', lang);
      expect(r.body.code).toBe('40000');
      return r.body.msg;
    };
    const line = { ...trip('2036-05-01', '2036-05-03'), traveller: '林小雨', region: '大连', rank: '3', nights: 2 };
    expect(await refused({ ...line, region: '火星' })).toBe(
      '差旅补助第 1 行：出差地点“火星”不在出差地区表中，请从列表中选择城市或省份',
    );
    expect(await refused({ ...line, nights: 3 })).toBe(
      '差旅补助第 1 行：住宿 3 晚超过了出差 3 天最多可住的 2 晚（住宿晚数不超过出差天数减一）',
    );
    expect(await refused({ ...line, nights: 3 }, 'en-US')).toBe(
      'Travel allowances, line 1: 3 nights is more than the 2 a trip of 3 days can have (nights are at most the days less one)',
    );
    expect(await refused({ ...line, endDate: '2036-04-30' })).toBe(
      '差旅补助第 1 行：出差日期不正确（出发 2036-05-01，返回 2036-04-30）：返回日期不能早于出发日期，一次出差不超过 365 天',
    );
    expect(await refused({ ...line, startDate: undefined })).toContain('差旅补助第 1 行：出发日期');
    // A day out and back has no night.
    expect(await refused({ ...line, endDate: '2036-05-01', nights: 1 })).toContain('住宿 1 晚超过了出差 1 天最多可住的 0 晚');
    // 大连 has its own lodging ceiling apart from 辽宁 (71号: 大连 全市 其他人员 350, 辽宁 其他地区 330).
    const claim = ok(
      await save({
        ...body(budgetId, ['10.00'], [invoice('10.00'), invoice('1400.00')]),
        allowances: [
          { ...line, hotel: '700.00' },
          { ...line, traveller: '黄磊', region: '鞍山', hotel: '700.00' },
        ],
      }),
    );
    expect(
      (await info(claim.id)).allowances.map((a: Row) => [a.city, a.days, a.hotelCeiling, a.hotelClaimed, a.hotelOver]),
    ).toEqual([
      ['辽宁省 大连市', 3, '700.00', '700.00', '0.00'],
      ['辽宁省 鞍山市', 3, '660.00', '660.00', '40.00'],
    ]);
  });

  it('follow the standards finance keeps, a city’s own before its province’s, and a missing standard is named', async () => {
    const budgetId = await indicator();
    const standards = async (query: string) =>
      ok(await server.get(`/api/expense/standard/page?pageSize=100&${query}`, as('finance'))).records as Row[];
    expect((await standards('kind=3&region=110000')).find((s) => s.rank === '1')).toMatchObject({
      amount: '1100.00',
      regionName: '北京市',
    });
    const meal = (await standards('kind=1&region=*'))[0]!;
    ok(
      await server.post('/api/expense/standard/update', { id: meal.id, version: meal.version, amount: '110.00' }, as('finance')),
    );
    // A standard names a region of the table, however it is written; '*' is any other region.
    const own = ok(
      await server.post('/api/expense/standard/save', { kind: '1', region: '成都', amount: '130.00' }, as('finance')),
    );
    expect(ok(await server.get(`/api/expense/standard/infoById/${own.id}`, as('finance')))).toMatchObject({
      region: '510100',
      regionName: '四川省 成都市',
    });
    const unknown = await server.post('/api/expense/standard/save', { kind: '1', region: '火星', amount: '1.00' }, as('finance'));
    expect(unknown.body.msg).toBe('地区“火星”不在出差地区表中：请从列表中选择城市或省份，其他地区填 *');
    const claim = ok(
      await save({
        ...body(budgetId, ['10.00'], [invoice('10.00')]),
        allowances: [
          { ...trip('2036-06-01', '2036-06-02'), traveller: '林小雨', region: '成都' },
          { ...trip('2036-06-01', '2036-06-02'), traveller: '黄磊', region: '绵阳' },
        ],
      }),
    );
    expect((await info(claim.id)).allowances.map((a: Row) => [a.meal, a.transport, a.amount, a.hotelCeiling])).toEqual([
      ['260.00', '160.00', '420.00', '0.00'],
      ['220.00', '160.00', '380.00', '0.00'],
    ]);
    expect(
      (await server.post('/api/expense/standard/update', { id: meal.id, version: meal.version + 1, amount: '1.00' }, as('staff')))
        .body.code,
    ).toBe('40103');
    const transport = (await standards('kind=2&region=*'))[0]!;
    ok(await server.post(`/api/expense/standard/remove?ids=${transport.id}`, {}, as('finance')));
    const missing = await save({
      ...body(budgetId, ['10.00'], [invoice('10.00')]),
      allowances: [{ ...trip('2036-06-01', '2036-06-02'), traveller: '林小雨', region: '成都' }],
    });
    expect(missing.body.msg).toBe('本单位未设置“四川省 成都市”的开支标准（类型 2），请先在开支标准中维护');
  });
});
