// A work queue per role on home (issue 34): the queue blocks of schemas/home/queues.json — each
// the count and first rows of a list with its fixed filter, shown to whoever holds the list's
// key — for the cashier, the keeper and the dispatcher; the task list's amount, document type,
// applicant and department with filters by them; the task list's batch approval where the process
// allows it, each refusal naming its document, the others approved; a site's patch of the queues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  for (const name of ['cashier', 'assets', 'dispatcher', 'staff', 'head', 'finance', 'principal', 'secretary', 'deputy'])
    tokens[name] = await server.login(name, 'Demo@12345');
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['citystaff', 'citybuyer']) tokens[name] = await server.login(name, 'City@12345', 'city');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
});
const queues = async (who: string, lang = 'zh-CN') => ok(await server.get('/api/home/queues', as(who, lang))) as Row[];
const byKey = (list: Row[]) => Object.fromEntries(list.map((q) => [q.key, q]));

describe('queue blocks per role', () => {
  it("gives each role's demo user its queues, none of them empty", async () => {
    const expected: Record<string, string[]> = {
      assets: ['toIssue', 'belowSafetyStock'],
      dispatcher: ['toArrange'],
      cashier: ['toPay'],
      secretary: ['roomsToday'],
      staff: ['myDocuments'],
    };
    for (const [who, keys] of Object.entries(expected)) {
      const mine = byKey(await queues(who));
      for (const key of keys) {
        expect(mine[key], `${who}: ${key}`).toBeDefined();
        expect(mine[key].error, `${who}: ${key}`).toBeUndefined();
        expect(mine[key].total, `${who}: ${key}`).toBeGreaterThan(0);
        expect(mine[key].rows.length, `${who}: ${key}`).toBeGreaterThan(0);
      }
    }
    // Finance's tasks to approve are the pending-approval card's (spec section 2), not a queue of
    // their own: the card's task page says each one's type and amount.
    expect(byKey(await queues('finance')).toApprove).toBeUndefined();
    const todo = ok(await server.get('/api/workflow/task/page?scope=todo&pageNum=1&pageSize=5', as('finance'))) as Row;
    expect(todo.records.length).toBeGreaterThan(0);
    expect(todo.records.some((r: Row) => r.amount !== null && Number(r.amount) > 0)).toBe(true);
    for (const r of todo.records) expect(typeof r.entityLabel).toBe('string');
    // A badge that says 99+ asks for a count to 100 (countTo): the count stops there and says so;
    // a list whose reader pages on counts as far as ever. A countTo that is no count is refused.
    if (todo.total > 1) {
      const short = ok(
        await server.get('/api/workflow/task/page?scope=todo&pageNum=1&pageSize=1&countTo=1', as('finance')),
      ) as Row;
      expect(short).toMatchObject({ total: 1, more: true });
    }
    const claims = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=1', as('admin'))) as Row;
    expect(claims.total).toBeGreaterThan(1);
    expect(ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=1&countTo=1', as('admin')))).toMatchObject({
      total: 1,
      more: true,
    });
    for (const bad of ['0', '10001', 'x', '1.5'])
      refused(await server.get(`/api/expense/funds/page?pageNum=1&pageSize=1&countTo=${bad}`, as('admin', 'en-US')), /countTo/);
    // Each queue says, in the reader's language, that nothing of its own kind waits; money shows
    // whole on a phone, the department giving way.
    const cashier = byKey(await queues('cashier', 'en-US'));
    expect(cashier.toPay.empty).toBe('Nothing waits to be paid');
    expect(cashier.toPay.columns.find((c: Row) => c.field === 'deptLabel').phone).toBe(false);
    expect(cashier.toPay.columns.find((c: Row) => c.field === 'due')).toMatchObject({ type: 'money' });
    expect(cashier.toPay.columns.find((c: Row) => c.field === 'due').phone).toBeUndefined();
    expect(byKey(await queues('staff', 'zh-TW')).myDocuments.empty).toBe('暫無進行中或被退回的單據');
    // A queue without words of its own (the hospital's) says the generic ones.
    expect(byKey(await queues('citybuyer', 'pt-BR')).toBuy.empty).toBe('Nada aqui');
  });

  it("takes a site's patch: the hospital drops today's rooms and adds what waits to be bought", async () => {
    // The school (no patch) shows today's rooms to staff; the hospital's patch removes that block.
    expect(byKey(await queues('staff')).roomsToday).toBeDefined();
    const citystaff = byKey(await queues('citystaff'));
    expect(citystaff.roomsToday).toBeUndefined();
    expect(citystaff.myDocuments).toBeDefined();
    // And adds one of its own, read through the list's endpoint with its filter.
    const buyer = await queues('citybuyer');
    const toBuy = byKey(buyer).toBuy;
    const list = ok(
      await server.get('/api/purchase/medical/page?approvalStatus=2&purchaseState=0&pageSize=50', as('citybuyer')),
    ) as Row;
    expect(toBuy).toMatchObject({
      title: '待采购',
      total: list.total,
      link: '/purchase/medical?approvalStatus=2&purchaseState=0',
    });
    expect(toBuy.rows.map((r: Row) => r.applyNo)).toEqual(list.records.slice(0, 5).map((r: Row) => r.applyNo));
    // In its order (35: after to issue, before to arrange).
    const keys = buyer.map((q) => q.key);
    expect(keys.indexOf('toBuy')).toBeGreaterThan(-1);
    // The school has no such block.
    expect(byKey(await queues('principal')).toBuy).toBeUndefined();
  });

  it('gives the cashier what waits to be paid, and nothing of the keeper or the dispatcher', async () => {
    const mine = byKey(await queues('cashier'));
    expect(mine.toIssue).toBeUndefined();
    expect(mine.toArrange).toBeUndefined();
    expect(mine.belowSafetyStock).toBeUndefined();
    const payables = ok(await server.get('/api/expense/payment/payables', as('cashier'))) as Row[];
    expect(payables.length).toBeGreaterThan(0);
    expect(mine.toPay).toMatchObject({ title: '待支付', total: payables.length, link: '/expense/paymentList' });
    expect(mine.toPay.rows.length).toBe(Math.min(5, payables.length));
    expect(mine.toPay.rows[0]).toMatchObject({ sourceNo: payables[0]!.sourceNo, due: payables[0]!.due });
    expect(mine.toPay.columns.map((c: Row) => c.title)).toEqual(['单据', '部门', '收款人', '待付金额']);
    expect(mine.toPay.columns[3].type).toBe('money');
    // One queue alone; a queue the caller may not see is not there.
    expect(ok(await server.get('/api/home/queues/toPay', as('cashier'))).total).toBe(payables.length);
    refused(await server.get('/api/home/queues/toIssue', as('cashier')), /toIssue/);
  });

  it('gives the keeper the approved requests not issued and the products below safety stock', async () => {
    const mine = byKey(await queues('assets', 'en-US'));
    expect(mine.toPay).toBeUndefined();
    expect(mine.toArrange).toBeUndefined();
    const list = ok(
      await server.get('/api/consumable/apply/page?approvalStatus=2&issueState=0&pageSize=50', as('assets')),
    ) as Row;
    expect(mine.toIssue).toMatchObject({ title: 'To issue', total: list.total });
    expect(mine.toIssue.link).toBe('/consumable/apply?approvalStatus=2&issueState=0');
    expect(mine.toIssue.rows.map((r: Row) => r.applyNo)).toEqual(list.records.slice(0, 5).map((r: Row) => r.applyNo));
    // Departments by name, not by id.
    for (const r of mine.toIssue.rows) expect(typeof r.deptId).toBe('string');
    const products = ok(await server.get('/api/consumable/product/page?pageSize=100', as('assets'))).records as Row[];
    const low = products.filter((p) => p.stockFlag === '1');
    expect(mine.belowSafetyStock.total).toBe(low.length);
    expect(mine.belowSafetyStock.rows.map((r: Row) => r.productName)).toEqual(low.slice(0, 5).map((p) => p.productName));
  });

  it('gives the dispatcher the approved trips without a car; staff only their own documents', async () => {
    const before = byKey(await queues('dispatcher')).toArrange;
    const list = ok(await server.get('/api/car/apply/page?approvalStatus=2&docState=0&pageSize=50', as('dispatcher'))) as Row;
    expect(before).toMatchObject({ title: '待派车', total: list.total, link: '/car/arrange?docState=0' });
    expect(before.rows.map((r: Row) => r.applyNo)).toEqual(list.records.slice(0, 5).map((r: Row) => r.applyNo));
    expect(byKey(await queues('dispatcher')).toPay).toBeUndefined();
    // Staff sees none of the three, but their own documents.
    const staff = byKey(await queues('staff'));
    for (const key of ['toPay', 'toIssue', 'toArrange', 'belowSafetyStock']) expect(staff[key]).toBeUndefined();
    expect(staff.myDocuments).toBeDefined();
    expect(staff.myDocuments.rows.every((r: Row) => ['审批中', '已驳回'].includes(r.status))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

let seq = 0;
/** The Monday seq weeks after 2026-01-05 (plus some days): leaves of one person never overlap. */
const monday = (weeks: number, plus = 0) => new Date(Date.UTC(2026, 0, 5 + weeks * 7 + plus)).toISOString().slice(0, 10);
async function leave(who = 'staff'): Promise<Row> {
  const doc = ok(
    await server.post(
      '/api/leave/apply/save',
      { leaveType: 'personal', startDate: monday(++seq), endDate: monday(seq, 1), days: 2, reason: `队列测试${seq}` },
      as(who),
    ),
  );
  ok(await server.post(`/api/leave/apply/submit?id=${doc.id}`, {}, as(who)));
  return doc;
}
const todo = async (who: string, query = '') =>
  ok(await server.get(`/api/workflow/task/page?scope=todo&pageSize=100${query}`, as(who))).records as Row[];
const taskOf = async (docId: number, who: string) =>
  (await todo(who)).find((t) => t.entity === 'leaveApply' && t.businessKey === docId);

describe('the task list', () => {
  it('shows amount, document type, applicant and department, and filters by type and amount', async () => {
    const all = await todo('finance');
    const priced = all.find((t) => t.amount !== null);
    expect(priced, 'finance should have a task with an amount').toBeTruthy();
    expect(priced).toMatchObject({
      entityLabel: expect.any(String),
      starterIdLabel: expect.any(String),
      deptIdLabel: expect.any(String),
    });
    expect(priced!.amount).toMatch(/^\d+\.\d{2}$/);
    const ofType = await todo('finance', `&entity=${priced!.entity}`);
    expect(ofType.length).toBeGreaterThan(0);
    expect(ofType.every((t) => t.entity === priced!.entity)).toBe(true);
    const exact = await todo('finance', `&amountBegin=${priced!.amount}&amountEnd=${priced!.amount}`);
    expect(exact.map((t) => t.id)).toContain(priced!.id);
    expect(exact.every((t) => t.amount === priced!.amount)).toBe(true);
    const above = await todo('finance', `&amountBegin=${(Number(priced!.amount) + 0.01).toFixed(2)}`);
    expect(above.some((t) => t.id === priced!.id)).toBe(false);
    refused(await server.get('/api/workflow/task/page?scope=todo&entity=nope', as('finance')), /entity/);
    refused(await server.get('/api/workflow/task/page?scope=todo&amountBegin=abc', as('finance')), /amountBegin/);
    // By applicant and by department.
    const byStarter = await todo('finance', `&starterId=${priced!.starterId}`);
    expect(byStarter.map((t) => t.id)).toContain(priced!.id);
    expect(byStarter.every((t) => t.starterId === priced!.starterId)).toBe(true);
    const byDept = await todo('finance', `&deptId=${priced!.deptId}`);
    expect(byDept.map((t) => t.id)).toContain(priced!.id);
    expect(byDept.every((t) => t.deptId === priced!.deptId)).toBe(true);
    refused(await server.get('/api/workflow/task/page?scope=todo&starterId=x', as('finance')), /starterId/);
    refused(await server.get('/api/workflow/task/page?scope=todo&deptId=-1', as('finance')), /deptId/);
  });

  it('approves a batch of selected tasks at once', async () => {
    const a = await leave();
    const b = await leave();
    const ids = [(await taskOf(a.id, 'head'))!.id, (await taskOf(b.id, 'head'))!.id];
    const answer = await server.post('/api/workflow/task/approveAll', { ids, comment: '同意' }, as('head'));
    expect(ok(answer)).toMatchObject({ done: 2, failed: 0 });
    expect(answer.body.msg).toBe('已批量审批 2 件');
    expect(await taskOf(a.id, 'head')).toBeUndefined();
    expect(await taskOf(b.id, 'head')).toBeUndefined();
  });

  it('approves the tasks it may and refuses the others, each named with why', async () => {
    const a = await leave();
    const own = (await taskOf(a.id, 'head'))!;
    // A task of someone else's to-do list: the head is not its approver.
    const foreign = (await todo('finance'))[0]!;
    expect(foreign).toBeTruthy();
    expect((await todo('head')).some((t) => t.id === foreign.id)).toBe(false);
    const answer = await server.post('/api/workflow/task/approveAll', { ids: [own.id, foreign.id] }, as('head'));
    const data = ok(answer);
    expect(data).toMatchObject({ done: 1, failed: 1 });
    expect(data.results.find((r: Row) => r.id === foreign.id)).toMatchObject({ ok: false, title: foreign.title });
    expect(answer.body.msg).toContain('已批量审批 1 件，1 件未审批');
    expect(answer.body.msg).toContain(foreign.title);
    expect(answer.body.msg).toContain('您不是该审批任务的审批人');
    expect(await taskOf(a.id, 'head')).toBeUndefined();
    // Finance's task is still finance's to decide.
    expect((await todo('finance')).some((t) => t.id === foreign.id)).toBe(true);
    // Nothing approvable: a refusal naming each.
    const msg = refused(await server.post('/api/workflow/task/approveAll', { ids: [foreign.id] }, as('head')));
    expect(msg).toContain('所选待办均未审批');
    expect(msg).toContain(foreign.title);
  });

  it('refuses a step the process declares one at a time (nk:batch="false"), and one\'s own document', async () => {
    // Three days reach the principal's step of leave.bpmn, declared nk:batch="false".
    const doc = ok(
      await server.post(
        '/api/leave/apply/save',
        { leaveType: 'personal', startDate: monday(++seq), endDate: monday(seq, 2), days: 3, reason: `队列测试${seq}` },
        as('staff'),
      ),
    );
    ok(await server.post(`/api/leave/apply/submit?id=${doc.id}`, {}, as('staff')));
    ok(
      await server.post(
        '/api/workflow/task/approve',
        { taskId: (await taskOf(doc.id, 'head'))!.id, comment: '同意' },
        as('head'),
      ),
    );
    const step = (await taskOf(doc.id, 'principal'))!;
    expect(step).toBeDefined();
    const msg = refused(await server.post('/api/workflow/task/approveAll', { ids: [step.id] }, as('principal')));
    expect(msg).toContain('须逐件审批');
    expect(msg).toContain(step.title);
    // Still open, and approved one at a time.
    ok(await server.post('/api/workflow/task/approve', { taskId: step.id, comment: '同意' }, as('principal')));
    // The applicant's own document: never in their batch (not their task to decide).
    const mine = await leave('head');
    let theirs: Row | undefined;
    for (const who of ['principal', 'secretary', 'deputy', 'admin'])
      theirs ??= (await todo(who)).find((t) => t.entity === 'leaveApply' && t.businessKey === mine.id);
    expect(theirs, "the head's own leave waits for someone above").toBeDefined();
    const own = refused(await server.post('/api/workflow/task/approveAll', { ids: [theirs!.id] }, as('head')));
    expect(own).toContain('所选待办均未审批');
  });
});

describe("the applicant's documents", () => {
  it("lists a rejected document sent again once among the applicant's documents, as in approval", async () => {
    seq += 1; // past the Spring Festival week, when no leave is asked for
    const doc = await leave();
    const task = (await taskOf(doc.id, 'head'))!;
    ok(await server.post('/api/workflow/task/reject', { taskId: task.id, comment: '请补充说明' }, as('head')));
    const mine = async () =>
      (
        ok(await server.get('/api/workflow/instance/mine?status=running,rejected&pageSize=100', as('staff'))).records as Row[]
      ).filter((r) => r.entity === 'leaveApply' && r.businessKey === doc.id);
    expect((await mine()).map((r) => r.status)).toEqual(['rejected']);
    ok(await server.post(`/api/leave/apply/submit?id=${doc.id}`, {}, as('staff')));
    expect((await mine()).map((r) => r.status)).toEqual(['running']);
  });

  it('names the step a document waits at in the reader’s language, not the process file’s', async () => {
    seq += 1;
    const doc = await leave();
    const step = async (lang: string) =>
      (ok(await server.get('/api/workflow/instance/mine?status=running&pageSize=100', as('staff', lang))).records as Row[]).find(
        (r) => r.entity === 'leaveApply' && r.businessKey === doc.id,
      )?.currentNodes;
    const zh = await step('zh-CN');
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    const en = await step('en-US');
    expect(en, 'the English list shows the step in English').toMatch(/^[A-Za-z][A-Za-z ,'’-]+$/);
    expect(await step('pt-BR')).not.toBe(zh);
  });
});
