// Payments (付款, DOMAIN.md "payment", issue 33): the cashier pays several approved documents of
// different kinds in one payment, each at what is still payable — a claim net of the loan it writes
// off, a contract instalment, an employee-fee batch — by one method, day and voucher; parts where the
// document allows them; nothing is paid before the payment is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2041'; // a year the demo seed leaves empty
const APPROVERS = ['head', 'finance', 'deputy', 'deputy2', 'principal', 'secretary', 'assets', 'buyer'];

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'cashier', ...APPROVERS]) tokens[name] = await server.login(name, 'Demo@12345');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang, headers: { year: YEAR } });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

/** Walks a submitted document through whatever chain the site's process gives it, step by step. */
async function approveAll(entity: string, api: string, id: number) {
  for (let step = 0; step < 10; step++) {
    const doc = ok(await server.get(`/api/${api}/infoById/${id}`, as('admin')));
    if (doc.approvalStatus === '2') return;
    let decided = false;
    for (const who of APPROVERS) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
      if (!task) continue;
      ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
      decided = true;
      break;
    }
    expect(decided, `someone should have a step of ${entity} ${id}`).toBe(true);
  }
  throw new Error(`${entity} ${id} is not approved after 10 steps`);
}

let n = 0;
async function indicator(economicClass = '30211', amount = '50000.00'): Promise<number> {
  const limitCode = `PAY-${++n}`;
  const body = {
    limitCode,
    budgetName: `付款测试${limitCode}`,
    deptId: dept['教务处'],
    expenseType: '2',
    economicClass,
    fundSource: '1',
    originalAmount: amount,
  };
  return Number(ok(await server.post('/api/neikong/budget/save', body, as('admin'))).id);
}
const figures = async (budgetId: number) => {
  const b = ok(await server.get(`/api/neikong/budget/infoById/${budgetId}`, as('admin')));
  return { frozen: b.frozenAmount, used: b.usedAmount, paid: b.paidAmount };
};
const payables = async (who = 'cashier', lang = 'zh-CN') =>
  ok(await server.get('/api/expense/payment/payables', as(who, lang))) as Row[];
const waiting = (rows: Row[], sourceType: string, sourceId: number) =>
  rows.find((r) => r.sourceType === sourceType && r.sourceId === sourceId);

let invoiceNo = 81000000;
const account = '6222 0200 0000 1234';

describe('a payment', () => {
  let budgetId: number;
  let loanId: number;
  let claimId: number;
  let feeId: number;
  let contractPayment: Row;

  beforeAll(async () => {
    budgetId = await indicator();
    // A loan of 1,000 lent and paid out through a payment of its own.
    const loan = ok(
      await server.post(
        '/api/expense/loan/save',
        { title: '出差借款', amount: '1000.00', payee: '林小雨', payeeAccount: account, payeeBank: '工商银行' },
        as('staff'),
      ),
    );
    loanId = loan.id;
    ok(await server.post(`/api/expense/loan/submit?id=${loanId}&confirmed=1`, {}, as('staff')));
    await approveAll('loan', 'expense/loan', loanId);
  });

  /** The claim and the fee, once the loan is out: a claim writes off only a loan paid out. */
  async function fileClaimAndFee() {
    // A claim of 2,646 writing the loan off: 1,646 is still payable to the claimant.
    const claim = ok(
      await server.post(
        '/api/expense/funds/save',
        {
          title: '赴京出差报销',
          budgetId,
          loanId,
          writeOff: '1000.00',
          payee: '林小雨',
          payeeAccount: account,
          payeeBank: '工商银行',
          items: [{ economicClass: '30211', summary: '差旅', amount: '2646.00' }],
          invoices: [
            { invoiceCode: '011002300111', invoiceNo: String(++invoiceNo), invoiceDate: `${YEAR}-04-01`, amount: '2646.00' },
          ],
        },
        as('staff'),
      ),
    );
    claimId = claim.id;
    // An employee-fee batch of two payees: 3,800 gross, tax withheld, the net paid.
    const fee = ok(
      await server.post(
        '/api/expense/employeeFee/save',
        {
          title: '评审专家劳务费',
          feeKind: '2',
          budgetId,
          payees: [
            { payeeName: '周教授', idNumber: '110105198001011234', bankAccount: '6222020000001111', gross: '3000.00' },
            { payeeName: '郑老师', idNumber: '11010519900909123X', bankAccount: '6222020000002222', gross: '800.00' },
          ],
        },
        as('staff'),
      ),
    );
    feeId = fee.id;
    for (const [entity, api, id] of [
      ['reimburse', 'expense/funds', claimId],
      ['employeeFee', 'expense/employeeFee', feeId],
    ] as const) {
      ok(await server.post(`/api/${api}/submit?id=${id}&confirmed=1`, {}, as('staff')));
      await approveAll(entity, api, id);
    }
  }

  it('lists what waits to be paid: each approved document at what is still payable, to whom', async () => {
    let rows = await payables();
    // The loan is approved, not yet paid out: it waits at its whole amount, whole only.
    expect(waiting(rows, 'loan', loanId)).toMatchObject({
      owed: '1000.00',
      paid: '0.00',
      due: '1000.00',
      partial: false,
      payee: '林小雨',
    });
    const loanPayment = ok(
      await server.post(
        '/api/expense/payment/save',
        {
          payMethod: '1',
          paidDate: `${YEAR}-04-02`,
          voucherNo: 'PZ-01',
          items: [{ sourceType: 'loan', sourceId: loanId, amount: '1000.00' }],
        },
        as('cashier'),
      ),
    );
    expect(loanPayment.paymentNo).toMatch(/^ZF-\d{4}-\d{4}$/);
    // Saved, nothing is paid yet.
    expect(ok(await server.get(`/api/expense/loan/infoById/${loanId}`, as('admin'))).payState).toBe('0');
    ok(await server.post(`/api/expense/payment/pay?id=${loanPayment.id}`, {}, as('cashier')));
    const loan = ok(await server.get(`/api/expense/loan/infoById/${loanId}`, as('admin')));
    expect(loan).toMatchObject({
      payState: '1',
      payMethod: '1',
      paidDate: `${YEAR}-04-02`,
      voucherNo: 'PZ-01',
      paidSoFar: '1000.00',
    });
    rows = await payables();
    expect(waiting(rows, 'loan', loanId)).toBeUndefined();
    await fileClaimAndFee();
  });

  it('refuses what the documents do not owe, names the document, and takes nothing the request says of them', async () => {
    const rows = await payables();
    const claim = waiting(rows, 'reimburse', claimId);
    expect(claim).toMatchObject({
      owed: '1646.00',
      paid: '0.00',
      due: '1646.00',
      partial: true,
      payee: '林小雨',
      payeeAccount: account,
    });
    const fee = waiting(rows, 'employeeFee', feeId)!;
    expect(fee).toMatchObject({ partial: false, payee: '周教授、郑老师' });
    // The approved claim wrote the whole loan off: it is settled, no longer an advance outstanding.
    expect(ok(await server.get(`/api/expense/loan/infoById/${loanId}`, as('admin')))).toMatchObject({
      payState: '2',
      outstanding: '0.00',
    });
    const save = (items: Row[], lang = 'zh-CN') =>
      server.post('/api/expense/payment/save', { payMethod: '1', paidDate: `${YEAR}-04-10`, items }, as('cashier', lang));

    const over = await save([{ sourceType: 'reimburse', sourceId: claimId, amount: '2646.00' }]);
    expect(over.body.code).not.toBe('0');
    expect(over.body.msg).toContain('超过尚应支付的 1646.00 元');
    const part = await save([{ sourceType: 'employeeFee', sourceId: feeId, amount: '100.00' }], 'en-US');
    expect(part.body.msg).toMatch(/paid in one go: the [\d.]+ still payable/);
    const twice = await save([
      { sourceType: 'reimburse', sourceId: claimId, amount: '100.00' },
      { sourceType: 'reimburse', sourceId: claimId, amount: '100.00' },
    ]);
    expect(twice.body.msg).toContain('出现了两次');
    const paidLoan = await save([{ sourceType: 'loan', sourceId: loanId, amount: '1.00' }]);
    expect(paidLoan.body.msg).toContain('不是待支付的单据');
    const unknown = await save([{ sourceType: 'budget', sourceId: budgetId, amount: '1.00' }]);
    expect(unknown.body.code).not.toBe('0');
    const none = await save([]);
    expect(none.body.code).not.toBe('0');
    const missing = await save([{ sourceType: 'reimburse', sourceId: 987654321, amount: '1.00' }]);
    expect(missing.body.code).not.toBe('0');
    // Whom to pay and what is left are the document's: a forged payee and account are not taken.
    const forged = ok(
      await save([
        {
          sourceType: 'reimburse',
          sourceId: claimId,
          amount: '1000.00',
          payee: '王五',
          payeeAccount: '9999',
          due: '99999.00',
          itemState: '1',
        },
      ]),
    );
    const read = ok(await server.get(`/api/expense/payment/infoById/${forged.id}`, as('cashier')));
    expect(read.items[0]).toMatchObject({
      payee: '林小雨',
      payeeAccount: account,
      due: '1646.00',
      itemState: '0',
      amount: '1000.00',
    });
    expect(read.total).toBe('1000.00');
    ok(await server.post(`/api/expense/payment/remove?ids=${forged.id}`, {}, as('cashier')));
    // The applicant has no key to payments at all.
    const applicant = await server.get('/api/expense/payment/payables', as('staff'));
    expect(applicant.body.code).not.toBe('0');
  });

  it("pays a claim in part, a contract instalment and an employee-fee batch in one payment; the claim's rest in a second", async () => {
    const rows = await payables();
    contractPayment = rows.find((r) => r.sourceType === 'contractPayment')!;
    expect(contractPayment, 'the demo seed leaves an approved contract payment to pay').toBeTruthy();
    const fee = waiting(rows, 'employeeFee', feeId)!;
    const before = await figures(budgetId);
    const payment = ok(
      await server.post(
        '/api/expense/payment/save',
        {
          payMethod: '1',
          paidDate: `${YEAR}-04-15`,
          voucherNo: 'PZ-15',
          items: [
            { sourceType: 'reimburse', sourceId: claimId, amount: '1000.00' },
            { sourceType: 'contractPayment', sourceId: contractPayment.sourceId, amount: contractPayment.due },
            { sourceType: 'employeeFee', sourceId: feeId, amount: fee.due },
          ],
        },
        as('cashier'),
      ),
    );
    const total = (100000n + BigInt(contractPayment.due.replace('.', '')) + BigInt(fee.due.replace('.', ''))).toString();
    expect(payment.total).toBe(`${total.slice(0, -2)}.${total.slice(-2)}`);
    // Nothing is paid before the cashier pays.
    expect(ok(await server.get(`/api/contract/payment/infoById/${contractPayment.sourceId}`, as('admin'))).payState).toBe('0');
    expect(await figures(budgetId)).toEqual(before);

    ok(await server.post(`/api/expense/payment/pay?id=${payment.id}`, {}, as('cashier')));
    const paid = ok(await server.get(`/api/expense/payment/infoById/${payment.id}`, as('cashier')));
    expect(paid.payState).toBe('1');
    expect((paid.items as Row[]).map((i) => i.itemState)).toEqual(['1', '1', '1']);
    const cp = ok(await server.get(`/api/contract/payment/infoById/${contractPayment.sourceId}`, as('admin')));
    expect(cp).toMatchObject({ payState: '1', paidDate: `${YEAR}-04-15`, voucherNo: 'PZ-15' });
    const feeRead = ok(await server.get(`/api/expense/employeeFee/infoById/${feeId}`, as('admin')));
    expect(feeRead).toMatchObject({ payState: '1', paidDate: `${YEAR}-04-15` });
    // The claim is paid in part: still unpaid as a document, 646 left, and the budget paid that much of it.
    const claim = ok(await server.get(`/api/expense/funds/infoById/${claimId}`, as('admin')));
    expect(claim).toMatchObject({ payState: '0', paidSoFar: '1000.00' });
    expect(waiting(await payables(), 'reimburse', claimId)).toMatchObject({ paid: '1000.00', due: '646.00' });
    // Paged (the home page's block): chosen and counted by the database, the same documents in the
    // same order, page after page, as the cashier's whole list.
    const whole = await payables();
    const pages: Row[] = [];
    for (let n = 1; n <= Math.ceil(whole.length / 2) + 1; n++) {
      const page = ok(await server.get(`/api/expense/payment/payables?pageNum=${n}&pageSize=2`, as('cashier'))) as Row;
      expect(page.total).toBe(whole.length);
      pages.push(...(page.records as Row[]));
    }
    expect(pages).toEqual(whole);
    expect(waiting(pages, 'reimburse', claimId)).toMatchObject({ paid: '1000.00', due: '646.00' });
    const after = await figures(budgetId);
    const feeGross = BigInt(String(feeRead.money).replace('.', ''));
    const cents = (v: string) => BigInt(String(v).replace('.', ''));
    expect(cents(after.paid) - cents(before.paid)).toBe(100000n + feeGross);

    // A claim paid in part is settled by a payment only: the per-document pay would pay it all again.
    const direct = await server.post(
      `/api/expense/funds/pay?id=${claimId}`,
      { id: claimId, payMethod: '1', paidDate: `${YEAR}-04-16` },
      as('cashier'),
    );
    expect(direct.body.msg).toContain('已部分支付 1000.00 元');
    // A paid payment is not changed or removed.
    const edit = await server.post('/api/expense/payment/update', { id: payment.id, voucherNo: 'X' }, as('cashier'));
    expect(edit.body.code).not.toBe('0');

    const rest = ok(
      await server.post(
        '/api/expense/payment/save',
        { payMethod: '3', paidDate: `${YEAR}-04-20`, items: [{ sourceType: 'reimburse', sourceId: claimId, amount: '646.00' }] },
        as('cashier'),
      ),
    );
    ok(await server.post(`/api/expense/payment/pay?id=${rest.id}`, {}, as('cashier')));
    const settled = ok(await server.get(`/api/expense/funds/infoById/${claimId}`, as('admin')));
    expect(settled).toMatchObject({ payState: '1', paidSoFar: '1646.00', paidDate: `${YEAR}-04-20`, payMethod: '3' });
    // The whole claim's spending is paid on the indicator, the written-off loan's part included.
    const end = await figures(budgetId);
    expect(cents(end.paid) - cents(before.paid)).toBe(264600n + feeGross);
    expect(waiting(await payables(), 'reimburse', claimId)).toBeUndefined();
  });

  it('is refused, whole, where the payer approved a document on it, and nothing of it is paid', async () => {
    const budget2 = await indicator();
    const claim = ok(
      await server.post(
        '/api/expense/funds/save',
        {
          title: '资料费报销',
          budgetId: budget2,
          payee: '林小雨',
          items: [{ economicClass: '30211', summary: '资料', amount: '300.00' }],
          invoices: [
            { invoiceCode: '011002300111', invoiceNo: String(++invoiceNo), invoiceDate: `${YEAR}-05-01`, amount: '300.00' },
          ],
        },
        as('staff'),
      ),
    );
    ok(await server.post(`/api/expense/funds/submit?id=${claim.id}&confirmed=1`, {}, as('staff')));
    await approveAll('reimburse', 'expense/funds', claim.id);
    // Finance (who may make payments) approved the claim: they may not pay it, not even in part.
    for (const amount of ['300.00', '100.00']) {
      const p = ok(
        await server.post(
          '/api/expense/payment/save',
          { payMethod: '1', paidDate: `${YEAR}-05-02`, items: [{ sourceType: 'reimburse', sourceId: claim.id, amount }] },
          as('finance'),
        ),
      );
      const refused = await server.post(`/api/expense/payment/pay?id=${p.id}`, {}, as('finance'));
      expect(refused.body.code).not.toBe('0');
      expect(refused.body.msg).toMatch(/审批|approved/);
      expect(ok(await server.get(`/api/expense/payment/infoById/${p.id}`, as('finance'))).payState).toBe('0');
    }
    expect(ok(await server.get(`/api/expense/funds/infoById/${claim.id}`, as('admin'))).payState).toBe('0');
  });
});
