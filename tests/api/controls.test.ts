// Controls that cannot be walked around (issue 31, DOMAIN.md "Controls"): what the server owns is
// never taken from a request (a claim saved "approved" in another department stays a draft of the
// applicant's own), and no one decides a step of their own document, two steps of one, or pays
// what they approved. The same rules are attacked for every entity and process, generated from the
// schemas, by the security campaign (tests/security/controls.test.ts); here a user's view of them.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const dept: Record<string, number> = {};
const YEAR = '2037'; // a year the demo seed leaves empty
const PEOPLE = ['finance', 'head', 'staff', 'principal', 'secretary', 'cashier', 'assets', 'deputy', 'deputy2'];

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of PEOPLE) tokens[name] = await server.login(name, 'Demo@12345');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
  const rows = await sql<{ id: number; login_name: string }>`select id, login_name from sys_user
    where login_name in (${sql.join(['admin', ...PEOPLE])})`.execute(db());
  for (const r of rows.rows) users[r.login_name] = Number(r.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], lang, headers: { year: YEAR } });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const db = () => server.database.db as unknown as Kysely<any>;

let n = 0;
async function indicator(amount = '100000.00'): Promise<number> {
  const limitCode = `CTL-${++n}`;
  return Number(
    ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode,
          budgetName: `办公费${limitCode}`,
          expenseType: '2',
          economicClass: '30201',
          fundSource: '1',
          originalAmount: amount,
          deptId: dept['教务处'],
        },
        as('admin'),
      ),
    ).id,
  );
}
let invoiceNo = 51000000;
const claim = (budgetId: number, amount: string, extra: Row = {}) => ({
  title: `办公用品 ${++n}`,
  budgetId,
  items: [{ economicClass: '30201', summary: '办公用品', amount }],
  invoices: [
    {
      invoiceCode: '011002300111',
      invoiceNo: String(++invoiceNo),
      invoiceDate: `${YEAR}-03-02`,
      amount,
      sellerTaxId: '91110108MA01ABCD2X',
    },
  ],
  ...extra,
});
const stored = async (id: number) =>
  (
    await sql<Row>`select approval_status, pay_state, dept_id, money, reimburse_no, created_by from exp_reimburse where id = ${id}`.execute(
      db(),
    )
  ).rows[0]!;
const budgetOf = async (id: number) => ok(await server.get(`/api/neikong/budget/infoById/${id}`, as('admin')));
const tasksOf = async (who: string) =>
  ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
const taskOf = async (who: string, entity: string, id: number) =>
  (await tasksOf(who)).find((t) => t.entity === entity && Number(t.businessKey) === id);
const business = async (who: string, entity: string, id: number) =>
  ok(await server.get(`/api/workflow/instance/business?entity=${entity}&id=${id}`, as(who)));

/** Decides every step of a document by whoever of `pool` holds it; answers who decided, in order. */
async function approveAll(entity: string, id: number, pool = ['head', 'finance', 'deputy', 'principal', 'secretary', 'admin']) {
  const deciders: string[] = [];
  for (let step = 0; step < 6; step++) {
    let holder: string | null = null;
    for (const who of pool) {
      const task = await taskOf(who, entity, id);
      if (!task) continue;
      ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
      holder = who;
      break;
    }
    if (!holder) break;
    deciders.push(holder);
  }
  return deciders;
}

describe('what the server owns is never taken from a request', () => {
  it('keeps a claim sent as approved, paid, in another department and for 99,999.00 a draft of the applicant, summed from its lines', async () => {
    const budgetId = await indicator();
    const before = await budgetOf(budgetId);
    const hostile = claim(budgetId, '120.00', {
      approvalStatus: '2',
      payState: '1',
      deptId: dept['财务室'],
      money: '99999.00',
      reimburseNo: 'BX-FORGED-1',
      createdBy: users.principal,
      payMethod: '2',
      paidDate: `${YEAR}-03-05`,
    });
    const saved = ok(await server.post('/api/expense/funds/save', hostile, as('staff')));
    // The answer shows what was stored, not what was sent.
    expect(saved).toMatchObject({
      approvalStatus: '0',
      payState: '0',
      deptId: dept['教务处'],
      money: '120.00',
      createdBy: users.staff,
    });
    expect(saved.reimburseNo).toMatch(/^BX-\d{4}-\d{4}$/);
    expect(await stored(saved.id)).toMatchObject({
      approval_status: '0',
      pay_state: '0',
      dept_id: dept['教务处'],
      money: '120.00',
    });
    // So the cashier has nothing to pay, and the indicator never moved.
    const pay = await server.post(
      `/api/expense/funds/pay?id=${saved.id}`,
      { id: saved.id, payMethod: '2', paidDate: `${YEAR}-03-06` },
      as('cashier'),
    );
    expect(pay.body.code).toBe('40900');
    expect(pay.body.msg).toContain('付款');
    expect(await budgetOf(budgetId)).toMatchObject({ usedAmount: before.usedAmount, paidAmount: before.paidAmount });

    // Nor on update: the read record sent back approved stays a draft.
    const read = ok(await server.get(`/api/expense/funds/infoById/${saved.id}`, as('staff')));
    const updated = ok(
      await server.post(
        '/api/expense/funds/update',
        { ...read, approvalStatus: '2', payState: '1', deptId: dept['财务室'], title: '办公用品（改）' },
        as('staff'),
      ),
    );
    expect(updated).toMatchObject({ approvalStatus: '0', payState: '0', deptId: dept['教务处'], title: '办公用品（改）' });
    expect(await stored(saved.id)).toMatchObject({ approval_status: '0', pay_state: '0' });
  });

  it('takes a budget indicator read and sent back with one field changed (its computed figures were a system error)', async () => {
    const id = await indicator('8000.00');
    const read = ok(await server.get(`/api/neikong/budget/infoById/${id}`, as('admin')));
    expect(read.availableAmount).toBe('8000.00');
    const answer = await server.post(
      '/api/neikong/budget/update',
      { ...read, budgetName: '办公费（更名）', availableAmount: '999999.00', usedAmount: '1.00', frozenAmount: '7.00' },
      as('admin'),
    );
    expect(answer.body.code, answer.body.msg).toBe('0');
    expect(await budgetOf(id)).toMatchObject({
      budgetName: '办公费（更名）',
      availableAmount: '8000.00',
      usedAmount: '0.00',
      frozenAmount: '0.00',
    });
  });

  it('starts an asset card at no depreciation whatever is sent, and moves its keeper only by a transfer document', async () => {
    const categories = ok(await server.get('/api/asset/category/list', as('assets'))) as Row[];
    const category = categories.find((c) => c.categoryCode === 'A02010104') ?? categories[0]!;
    const sent = {
      categoryId: category.id,
      assetName: '台式计算机',
      cost: '2600.00',
      source: '1',
      entryDate: `${YEAR}-03-01`,
      deptId: dept['总务处'],
      keeperId: users.assets,
      accumulatedDepreciation: '99999.00',
      depreciatedMonths: 60,
      assetState: '5',
      // An over-long text in a field the server owns was a system error with a stack in the log.
      assetNo: 'Z'.repeat(5000),
    };
    const saved = ok(await server.post('/api/asset/card/save', sent, as('assets')));
    expect(saved).toMatchObject({
      accumulatedDepreciation: '0.00',
      depreciatedMonths: 0,
      netValue: '2600.00',
      assetState: '0',
      keeperId: users.assets,
    });
    expect(saved.assetNo).not.toContain('ZZZ');
    // The keeper and the department are given when the card is made; afterwards transfers move them.
    const read = ok(await server.get(`/api/asset/card/infoById/${saved.id}`, as('assets')));
    const moved = ok(
      await server.post(
        '/api/asset/card/update',
        { ...read, keeperId: users.staff, deptId: dept['财务室'], location: '财务室', remark: '改备注' },
        as('assets'),
      ),
    );
    expect(moved).toMatchObject({ keeperId: users.assets, deptId: dept['总务处'], remark: '改备注' });
    // The form shows those fields, without letting them be changed, when a stored card is edited.
    const page = ok(await server.get('/api/schema/page/AssetCatalog', as('assets')));
    const fields = Object.fromEntries((page.entity.fields as Row[]).map((f) => [f.name, f]));
    expect(fields.keeperId).toMatchObject({ setOnce: true });
    expect(fields.deptId).toMatchObject({ setOnce: true });
    expect(fields.accumulatedDepreciation).toMatchObject({ readOnly: true });
  });
});

describe('segregation of duties', () => {
  it("sends the principal's own 5,200.00 claim past the principal: the head's step one level up, the principal's to the party secretary", async () => {
    const budgetId = await indicator();
    const saved = ok(await server.post('/api/expense/funds/save', claim(budgetId, '5200.00'), as('principal')));
    ok(await server.post(`/api/expense/funds/submit?id=${saved.id}&confirmed=1`, {}, as('principal')));
    // Nothing of it is in the principal's to-do list, and the approval page offers them nothing.
    expect(await taskOf('principal', 'reimburse', saved.id)).toBeUndefined();
    let page = await business('principal', 'reimburse', saved.id);
    expect((page.tasks as Row[]).every((t) => !t.canAct)).toBe(true);
    // The department head's step was the principal's own: it went up, and the page says so.
    expect(page.tasks).toEqual([
      expect.objectContaining({ escalation: '本环节的审批人为申请人本人，按不相容岗位分离已转由上一级审批' }),
    ]);
    const english = await business('admin', 'reimburse', saved.id);
    expect(english.tasks[0]).toMatchObject({ canAct: true });
    const deciders = await approveAll('reimburse', saved.id);
    // The head's step: no leader above the principal's office, so the administrator; then finance,
    // the deputy in charge, and the principal's own step (from 5,000.00) the party secretary's.
    expect(deciders).toEqual(['admin', 'finance', 'deputy', 'secretary']);
    page = await business('principal', 'reimburse', saved.id);
    expect(page.document.approvalStatus).toBe('2');
  });

  it("refuses the applicant's own decision even by the task's id, in the reader's language", async () => {
    const budgetId = await indicator();
    const saved = ok(await server.post('/api/expense/funds/save', claim(budgetId, '300.00'), as('finance')));
    ok(await server.post(`/api/expense/funds/submit?id=${saved.id}&confirmed=1`, {}, as('finance')));
    expect(await approveAll('reimburse', saved.id, ['admin'])).toEqual(['admin']);
    // The finance review of finance's own claim is not finance's: it went to the principal.
    const [open] = (
      await sql<Row>`select id, candidate_ids, escalation from wf_task where entity = 'reimburse' and business_key = ${saved.id} and status = '0'`.execute(
        db(),
      )
    ).rows;
    expect(open).toMatchObject({ candidate_ids: [users.principal], escalation: 'applicant' });
    for (const decision of ['approve', 'reject']) {
      const tried = await server.post(
        `/api/workflow/task/${decision}`,
        { taskId: open!.id, comment: '自己审' },
        as('finance', 'en-US'),
      );
      expect(tried.body.code).toBe('40103');
    }
    // Should the task name them anyway (one opened before the rule), the decision itself is refused.
    await sql`update wf_task set candidate_ids = ${JSON.stringify([users.finance, users.principal])}::jsonb where id = ${open!.id}`.execute(
      db(),
    );
    const own = await server.post('/api/workflow/task/approve', { taskId: open!.id, comment: '自己审' }, as('finance', 'en-US'));
    expect(own.body).toMatchObject({
      code: '40103',
      msg: 'You cannot decide a step of your own document (segregation of duties)',
    });
    const batch = ok(await server.post('/api/workflow/task/approveBatch', { ids: [open!.id] }, as('finance', 'pt-BR')));
    expect(batch.results[0]).toMatchObject({
      ok: false,
      msg: 'Você não pode decidir uma etapa do seu próprio documento (segregação de funções)',
    });
    expect((await stored(saved.id)).approval_status).toBe('1');
  });

  it('lets no one decide two steps of one claim, nor hand a step to the applicant or to who decided another', async () => {
    const budgetId = await indicator();
    // The deputy's department is the principal's office: the principal decides its head's step, so
    // the principal's own step (from 5,000.00) goes to the party secretary.
    const saved = ok(await server.post('/api/expense/funds/save', claim(budgetId, '6000.00'), as('deputy')));
    ok(await server.post(`/api/expense/funds/submit?id=${saved.id}&confirmed=1`, {}, as('deputy')));
    expect(await approveAll('reimburse', saved.id, ['principal'])).toEqual(['principal']);
    const finance = (await taskOf('finance', 'reimburse', saved.id))!;
    for (const to of ['deputy', 'principal']) {
      const refused = await server.post('/api/workflow/task/transfer', { taskId: finance.id, userId: users[to] }, as('finance'));
      expect(refused.body.code).toBe('40000');
      expect(refused.body.msg).toMatch(/不能转办给.*申请人或已审批过该单据的其他环节/);
    }
    expect(await approveAll('reimburse', saved.id, ['finance'])).toEqual(['finance']);
    // The deputy in charge's step: the other deputy's, never the applicant's.
    expect(await taskOf('deputy', 'reimburse', saved.id)).toBeUndefined();
    expect(await approveAll('reimburse', saved.id, ['deputy2'])).toEqual(['deputy2']);
    expect(await taskOf('principal', 'reimburse', saved.id)).toBeUndefined();
    const page = await business('secretary', 'reimburse', saved.id);
    expect(page.tasks).toEqual([
      expect.objectContaining({
        canAct: true,
        escalation: '本环节的审批人已审批过该单据的其他环节，按不相容岗位分离已转由上一级审批',
      }),
    ]);
    expect(await approveAll('reimburse', saved.id, ['principal', 'secretary'])).toEqual(['secretary']);
  });

  it('does not let whoever approved a claim also pay it, and does not offer them the payment', async () => {
    const budgetId = await indicator();
    const saved = ok(await server.post('/api/expense/funds/save', claim(budgetId, '800.00'), as('staff')));
    ok(await server.post(`/api/expense/funds/submit?id=${saved.id}&confirmed=1`, {}, as('staff')));
    expect(await approveAll('reimburse', saved.id, ['head'])).toEqual(['head']);
    // Finance hands the review to the cashier, who approves it: the cashier may then not pay it.
    const task = (await taskOf('finance', 'reimburse', saved.id))!;
    ok(
      await server.post(
        '/api/workflow/task/transfer',
        { taskId: task.id, userId: users.cashier, comment: '请出纳复核' },
        as('finance'),
      ),
    );
    expect(await approveAll('reimburse', saved.id, ['cashier'])).toEqual(['cashier']);
    expect(await approveAll('reimburse', saved.id, ['deputy'])).toEqual(['deputy']);
    const row = ok(await server.get(`/api/expense/funds/infoById/${saved.id}`, as('cashier')));
    expect(row).toMatchObject({
      approvalStatus: '2',
      approvedBy: [users.head, users.cashier, users.deputy].sort((a, b) => a - b),
    });
    const pay = await server.post(
      `/api/expense/funds/pay?id=${saved.id}`,
      { id: saved.id, payMethod: '2', paidDate: `${YEAR}-03-10` },
      as('cashier', 'en-US'),
    );
    expect(pay.body).toMatchObject({
      code: '40103',
      msg: 'You approved this document, so you cannot also take “Pay” on it (segregation of duties)',
    });
    // The list offers the payment only where the server would take it.
    const page = ok(await server.get('/api/schema/page/FundsList', as('cashier')));
    const payAction = (page.list.rowActions as Row[]).find((a) => a.endpoint === 'pay');
    expect(payAction?.visible).toContain('!includes(approvedBy, $user.userId)');
    expect(payAction?.visible).toContain('createdBy != $user.userId');
    // Someone else pays it.
    ok(
      await server.post(
        `/api/expense/funds/pay?id=${saved.id}`,
        { id: saved.id, payMethod: '2', paidDate: `${YEAR}-03-10` },
        as('admin'),
      ),
    );
  });
});
