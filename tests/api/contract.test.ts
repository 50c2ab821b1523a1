// Contracts and purchasing (issue 16): a purchase held to the site's thresholds, approved (its
// freeze), bought and accepted line by line; a contract made from it takes the purchase's freeze
// over for the year's instalments, is signed (its stamp duty booked), paid instalment by
// instalment (each consuming on the indicator) and completed (the rest released); a change
// rewrites amount, end and the open plan, and the duty follows. Stamp duty against hand-computed
// cases for every kind (the rules' own tables are tests/unit/stamp-duty.test.ts); a contract that
// lists its VAT apart is taxed without it, through changes before and after signing (the increase
// pays, a decrease is a refund to claim, kept apart in the summary); the ledger's figures; the
// monthly summary; data scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import { stampDuty, STAMP_DUTY_RATES } from '../../server/modules/contract/stamp-duty.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2038'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'cashier', 'buyer', 'assets', 'principal', 'deputy'])
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
async function indicator(amount = '3000000.00'): Promise<number> {
  const limitCode = `CT-${++n}`;
  const body = {
    limitCode,
    budgetName: `设备购置${limitCode}`,
    deptId: dept['总务处'],
    expenseType: '3',
    economicClass: '31002',
    fundSource: '1',
    projectName: '设备购置',
    originalAmount: amount,
  };
  return Number(ok(await server.post('/api/neikong/budget/save', body, as('admin'))).id);
}
const budget = async (id: number) => ok(await server.get(`/api/neikong/budget/infoById/${id}`, as('admin')));
async function decide(entity: string, id: number, who: string, decision: 'approve' | 'reject') {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
  expect(task, `${who} should have the task of ${entity} ${id}`).toBeTruthy();
  return ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment: '同意' }, as(who)));
}
/**
 * Submits as the buyer and has it approved down the chain (DOMAIN.md "Default approval chain"): 总务处's
 * head, finance, the deputy in charge, and the principal when the amount reaches the site's
 * approval.headThreshold (5,000); `large` says the test counts on that last step.
 */
async function approve(entity: string, api: string, id: number, large = false) {
  ok(await server.post(`${api}/submit?id=${id}&confirmed=1`, {}, as('buyer')));
  await decide(entity, id, 'assets', 'approve');
  await decide(entity, id, 'finance', 'approve');
  await decide(entity, id, 'deputy', 'approve');
  const todo = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as('principal'))).records as Row[];
  const asked = todo.some((t) => t.entity === entity && t.businessKey === id);
  if (large) expect(asked, `the principal should have the task of ${entity} ${id}`).toBe(true);
  if (asked) await decide(entity, id, 'principal', 'approve');
}
const purchase = (budgetId: number, lines: Array<[string, number, string]>, more: Row = {}) => ({
  title: `设备采购 ${++n}`,
  purchaseType: '1',
  budgetId,
  method: '1',
  items: lines.map(([itemName, quantity, unitPrice]) => ({ itemName, quantity, unitPrice, unit: '台' })),
  ...more,
});

describe('stamp duty', () => {
  it('is the amount times the rate of its kind, to the fen, half up', () => {
    // Hand-computed: 1,234,567.89 × rate.
    const cases: Record<string, string> = {
      sale: '370.37', // × 0.3‰ = 370.370367
      processing: '370.37',
      construction: '370.37',
      transport: '370.37',
      technology: '370.37',
      lease: '1234.57', // × 1‰ = 1234.56789
      custody: '1234.57',
      warehousing: '1234.57',
      insurance: '1234.57',
      loan: '61.73', // × 0.05‰ = 61.7283945
      financeLease: '61.73',
      landGrant: '617.28', // × 0.5‰ = 617.283945
      transfer: '617.28',
      equityTransfer: '617.28',
      ipTransfer: '370.37', // × 0.3‰
      propertyService: '0.00',
      labour: '0.00',
      training: '0.00',
      catering: '0.00',
      notTaxable: '0.00',
    };
    expect(Object.keys(cases).sort()).toEqual(Object.keys(STAMP_DUTY_RATES).sort());
    for (const [kind, duty] of Object.entries(cases)) expect(stampDuty(kind, '1234567.89'), kind).toBe(duty);
    // Half a fen goes up: 50,000.00 × 0.05‰ = 2.50; 10,050 × 0.05‰ = 0.5025 → 0.50; 16,700 × 0.3‰ = 5.01.
    expect(stampDuty('loan', '50000.00')).toBe('2.50');
    expect(stampDuty('loan', '10050.00')).toBe('0.50');
    expect(stampDuty('sale', '16700.00')).toBe('5.01');
    expect(stampDuty('sale', '1.00')).toBe('0.00');
    expect(stampDuty('sale', '16.67')).toBe('0.01'); // 0.005001
  });
});

describe('a purchase', () => {
  it("is never charged to a salary indicator (class 301): refused at save, in the reader's words", async () => {
    const salary = Number(
      ok(
        await server.post(
          '/api/neikong/budget/save',
          {
            limitCode: `CT-${++n}`,
            budgetName: '总务处基本工资',
            deptId: dept['总务处'],
            expenseType: '1',
            economicClass: '30101',
            fundSource: '1',
            originalAmount: '500000.00',
          },
          as('admin'),
        ),
      ).id,
    );
    const body = purchase(salary, [['打印机', 2, '2100.00']]);
    const zh = await server.post('/api/purchase/apply/save', body, as('buyer'));
    expect(zh.body.code).toBe('40000');
    expect(zh.body.msg).toBe(
      '采购申请不能使用预算指标“总务处基本工资”：它的经济分类是 30101 基本工资，采购申请只能使用经济分类为 302 商品和服务支出、310 资本性支出 的预算指标',
    );
    const en = await server.post('/api/purchase/apply/save', body, as('buyer', 'en-US'));
    expect(en.body.msg).toBe(
      'Budget indicator "总务处基本工资" cannot be used for a purchase application: its economic class is 30101 Basic salaries, and a purchase application takes only 302 Goods and services, 310 Capital expenditure',
    );
    // Nor a contract; an equipment indicator (31002) is fine.
    const contract = await server.post(
      '/api/contract/contract/save',
      {
        name: '工资卡服务合同',
        kind: '1',
        counterparty: '某银行',
        amount: '1000.00',
        budgetId: salary,
        startDate: '2038-05-01',
        endDate: '2039-04-30',
        stampKind: 'sale',
        instalments: [{ planDate: '2038-06-30', amount: '1000.00' }],
      },
      as('buyer'),
    );
    expect(contract.body.code).toBe('40000');
    expect(contract.body.msg).toContain('30101 基本工资');
    ok(await server.post('/api/purchase/apply/save', purchase(await indicator(), [['打印机', 2, '2100.00']]), as('buyer')));
    // The buyer's picker is never offered it.
    const picker = ok(await server.get('/api/neikong/budget/noChildrenList?economicClassPrefix=302,310', as('buyer'))) as Row[];
    expect(picker.some((r) => Number(r.id) === salary)).toBe(false);
  });

  it('is held to the thresholds of the site', async () => {
    const budgetId = await indicator();
    // 1,200,000 of goods: at or above 1,000,000 the unit may not buy it itself.
    const own = await server.post('/api/purchase/apply/save', purchase(budgetId, [['服务器', 10, '120000.00']]), as('buyer'));
    expect(own.body.code).toBe('40000');
    expect(own.body.msg).toBe('采购金额 1,200,000.00 元达到本单位政府采购限额 1,000,000.00 元，采购方式不能低于政府采购');
    const gov = ok(
      await server.post(
        '/api/purchase/apply/save',
        purchase(budgetId, [['服务器', 10, '120000.00']], { method: '2' }),
        as('buyer'),
      ),
    );
    expect(gov).toMatchObject({ money: '1200000.00', requiredMethod: '2', method: '2' });
    // 2,100,000: public tender; works have their own thresholds (1,200,000 and 4,000,000).
    const tender = await server.post(
      '/api/purchase/apply/save',
      purchase(budgetId, [['服务器', 21, '100000.00']], { method: '2' }),
      as('buyer'),
    );
    expect(tender.body.msg).toBe('采购金额 2,100,000.00 元达到本单位公开招标数额标准 2,000,000.00 元，须公开招标');
    const works = ok(
      await server.post(
        '/api/purchase/apply/save',
        purchase(budgetId, [['运动场改造', 1, '1100000.00']], { purchaseType: '3' }),
        as('buyer'),
      ),
    );
    expect(works).toMatchObject({ requiredMethod: '1', money: '1100000.00' });
    // The line amounts are quantity × unit price, worked out by the server.
    const lines = ok(
      await server.post(
        '/api/purchase/apply/save',
        purchase(budgetId, [
          ['复印纸', 12.5, '165.00'],
          ['投影仪', 3, '8600.00'],
        ]),
        as('buyer'),
      ),
    );
    expect(lines.items.map((l: Row) => l.amount)).toEqual(['2062.50', '25800.00']);
    expect(lines.money).toBe('27862.50');
    // A site's own threshold: the school lowers government procurement to 20,000.
    const configs = ok(await server.get('/api/core/config/page?configKey=purchase.govThreshold', as('admin'))).records as Row[];
    const row = configs.find((c) => c.configKey === 'purchase.govThreshold')!;
    ok(await server.post('/api/core/config/update', { id: row.id, version: row.version, configValue: '20000' }, as('admin')));
    try {
      const low = await server.post('/api/purchase/apply/save', purchase(budgetId, [['投影仪', 3, '8600.00']]), as('buyer'));
      expect(low.body.msg).toBe('采购金额 25,800.00 元达到本单位政府采购限额 20,000.00 元，采购方式不能低于政府采购');
    } finally {
      const again = ok(await server.get(`/api/core/config/infoById/${row.id}`, as('admin')));
      ok(
        await server.post('/api/core/config/update', { id: row.id, version: again.version, configValue: '1000000' }, as('admin')),
      );
    }
  });

  it('is approved (a freeze), bought, accepted line by line, and a contract takes its freeze over', async () => {
    const budgetId = await indicator('500000.00');
    const p = ok(
      await server.post(
        '/api/purchase/apply/save',
        purchase(budgetId, [
          ['台式计算机', 40, '5200.00'],
          ['激光打印机', 4, '2100.00'],
        ]),
        as('buyer'),
      ),
    );
    expect(p.money).toBe('216400.00');
    expect(p.applyNo).toMatch(/^CG-\d{4}-\d{4}$/);
    await approve('purchaseApply', '/api/purchase/apply', p.id, true);
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '216400.00', usedAmount: '0.00' });

    // Acceptance comes after the purchase is made.
    const early = await server.post(
      `/api/purchase/apply/accept?id=${p.id}`,
      { id: p.id, acceptDate: '2038-05-01', items: [] },
      as('buyer'),
    );
    expect(early.body.code).toBe('40900');
    const over = await server.post(
      `/api/purchase/apply/procure?id=${p.id}`,
      { id: p.id, supplier: '某某科技有限公司', procuredDate: '2038-04-20', actualMoney: '216400.01' },
      as('buyer'),
    );
    expect(over.body.msg).toContain('实际采购金额不能超过批准的采购预算金额');
    ok(
      await server.post(
        `/api/purchase/apply/procure?id=${p.id}`,
        { id: p.id, supplier: '某某科技有限公司', procuredDate: '2038-04-20', actualMoney: '210000.00' },
        as('buyer'),
      ),
    );

    // The contract from it: 210,000 in two instalments, 150,000 this year, 60,000 the next.
    const contract = ok(
      await server.post(
        '/api/contract/contract/save',
        {
          name: '教学用计算机采购合同',
          kind: '1',
          purchaseId: p.id,
          counterparty: '某某科技有限公司',
          counterpartyTaxId: '91110108MA01ABCD2X',
          amount: '210000.00',
          budgetId,
          startDate: '2038-05-01',
          endDate: '2039-04-30',
          stampKind: 'sale',
          instalments: [
            { planDate: '2038-06-30', condition: '到货验收合格', amount: '150000.00' },
            { planDate: '2039-03-31', condition: '质保期满', amount: '60000.00' },
          ],
        },
        as('buyer'),
      ),
    );
    expect(contract).toMatchObject({ planTotal: '210000.00', yearPlan: '150000.00', stampDuty: '63.00', contractState: '0' });
    // The plan must add up to the amount.
    const wrong = await server.post(
      '/api/contract/contract/update',
      { id: contract.id, version: contract.version, amount: '220000.00' },
      as('buyer'),
    );
    expect(wrong.body.msg).toContain('付款计划各期金额之和须等于合同金额');

    await approve('contract', '/api/contract/contract', contract.id, true);
    // The contract took 150,000 of the purchase's freeze over: no new money on the indicator.
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '216400.00', usedAmount: '0.00' });

    // Accepted line by line: every line once, with its result.
    const read = ok(await server.get(`/api/purchase/apply/infoById/${p.id}`, as('buyer')));
    const partial = await server.post(
      `/api/purchase/apply/accept?id=${p.id}`,
      { id: p.id, acceptDate: '2038-05-10', items: [{ id: read.items[0].id, acceptResult: '1', acceptedQuantity: 40 }] },
      as('buyer'),
    );
    expect(partial.body.msg).toBe('请逐行填写采购明细，每行一次');
    ok(
      await server.post(
        `/api/purchase/apply/accept?id=${p.id}`,
        {
          id: p.id,
          acceptDate: '2038-05-10',
          acceptNote: '外观完好，开机正常',
          items: [
            { id: read.items[0].id, acceptResult: '1', acceptedQuantity: 40 },
            { id: read.items[1].id, acceptResult: '0', acceptedQuantity: 3, acceptNote: '一台硒鼓破损，退换' },
          ],
        },
        as('buyer'),
      ),
    );
    const accepted = ok(await server.get(`/api/purchase/apply/infoById/${p.id}`, as('buyer')));
    expect(accepted.purchaseState).toBe('2');
    expect(accepted.items.map((l: Row) => [l.acceptResult, l.acceptedQuantity, l.acceptNote])).toEqual([
      ['1', 40, null],
      ['0', 3, '一台硒鼓破损，退换'],
    ]);
    // Under contract, the purchase gives back what the contract did not take (216,400 − 150,000).
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '150000.00', usedAmount: '0.00' });

    // Signed: the duty is booked for the month.
    ok(
      await server.post(
        `/api/contract/contract/sign?id=${contract.id}`,
        { id: contract.id, signDate: '2038-05-06' },
        as('buyer'),
      ),
    );
    const summary = ok(await server.get('/api/contract/stampDuty/page?month=2038-05', as('finance'))).records as Row[];
    expect(summary).toContainEqual(
      expect.objectContaining({ month: '2038-05', stampKind: 'sale', entries: 1, taxBase: '210000.00', duty: '63.00' }),
    );

    // Paid instalment by instalment: a request for the wrong amount is refused.
    const pay = async (instalmentNo: number, amount: string) =>
      ok(
        await server.post(
          '/api/contract/payment/save',
          { contractId: contract.id, instalmentNo, amount, payee: '某某科技有限公司' },
          as('buyer'),
        ),
      );
    // The form's picker: the plan's open instalments with what is paid and left, under the payment
    // form's own key (the buyer is never asked for the contract list's).
    const plan = ok(await server.get(`/api/contract/payment/instalments?contractId=${contract.id}`, as('buyer')));
    expect(plan).toEqual([
      expect.objectContaining({
        value: 1,
        label: '第 1 期（2038-06-30，尚余 150,000.00 元）',
        planDate: '2038-06-30',
        condition: '到货验收合格',
        amount: '150000.00',
        paid: '0.00',
        left: '150000.00',
      }),
      expect.objectContaining({
        value: 2,
        planDate: '2039-03-31',
        condition: '质保期满',
        amount: '60000.00',
        paid: '0.00',
        left: '60000.00',
      }),
    ]);
    expect(
      ok(await server.get(`/api/contract/payment/instalments?contractId=${contract.id}`, as('buyer', 'en-US')))[0].label,
    ).toBe('Instalment 1 (2038-06-30, 150,000.00 left)');
    // Nobody without the payment form's keys reads it.
    expect((await server.get(`/api/contract/payment/instalments?contractId=${contract.id}`, as('staff'))).body.code).toBe(
      '40103',
    );
    // Above what is left of the instalment: refused at save, in the reader's words.
    const above = await server.post(
      '/api/contract/payment/save',
      { contractId: contract.id, instalmentNo: 1, amount: '150000.01' },
      as('buyer'),
    );
    expect(above.body.code).toBe('40000');
    expect(above.body.msg).toBe(`付款金额 150,000.01 元超过合同 ${contract.contractNo} 第 1 期尚可申请的 150,000.00 元`);
    const aboveEn = await server.post(
      '/api/contract/payment/save',
      { contractId: contract.id, instalmentNo: 2, amount: '60000.50' },
      as('buyer', 'en-US'),
    );
    expect(aboveEn.body.msg).toBe(
      `The payment of 60,000.50 is more than the 60,000.00 left of instalment 2 of contract ${contract.contractNo}`,
    );
    const wrongAmount = await pay(1, '100000.00');
    const refused = await server.post(`/api/contract/payment/submit?id=${wrongAmount.id}&confirmed=1`, {}, as('buyer'));
    expect(refused.body.msg).toBe('付款金额须等于第 1 期计划金额 150,000.00 元');
    // Raised above what is left by an update: refused as well.
    const raised = await server.post(
      '/api/contract/payment/update',
      { id: wrongAmount.id, version: wrongAmount.version, amount: '200000.00' },
      as('buyer'),
    );
    expect(raised.body.msg).toBe(`付款金额 200,000.00 元超过合同 ${contract.contractNo} 第 1 期尚可申请的 150,000.00 元`);
    const first = await pay(1, '150000.00');
    expect(first.budgetId).toBe(budgetId);
    await approve('contractPayment', '/api/contract/payment', first.id, true);
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '0.00', usedAmount: '150000.00' });
    // Approved is not paid: the instalment is in payment, the ledger has paid nothing yet.
    const approvedOnly = ok(await server.get(`/api/contract/contract/infoById/${contract.id}`, as('finance')));
    expect(approvedOnly).toMatchObject({ paidAmount: '0.00', unpaidAmount: '210000.00', nextPlanDate: '2038-06-30' });
    expect(approvedOnly.instalments.map((l: Row) => [l.instalmentState, l.paidDate ?? null])).toEqual([
      ['1', null],
      ['0', null],
    ]);
    // The same instalment twice: it is in payment, no longer offered, and refused at save.
    expect(
      ok(await server.get(`/api/contract/payment/instalments?contractId=${contract.id}`, as('buyer'))).map((l: Row) => l.value),
    ).toEqual([2]);
    const twice = await server.post(
      '/api/contract/payment/save',
      { contractId: contract.id, instalmentNo: 1, amount: '150000.00' },
      as('buyer'),
    );
    expect(twice.body.code).toBe('40900');
    expect(twice.body.msg).toBe(`合同 ${contract.contractNo} 第 1 期付款中，不能再申请付款`);
    // A draft written before it was taken is refused at submit, as before.
    const again = await server.post(`/api/contract/payment/submit?id=${wrongAmount.id}&confirmed=1`, {}, as('buyer'));
    expect(again.body.msg).toBe(`合同 ${contract.contractNo} 第 1 期已付款或正在付款审批中`);
    ok(
      await server.post(
        `/api/contract/payment/pay?id=${first.id}`,
        { id: first.id, payMethod: '2', paidDate: '2038-07-01' },
        as('cashier'),
      ),
    );
    expect(await budget(budgetId)).toMatchObject({ usedAmount: '150000.00', paidAmount: '150000.00' });

    const ledger = ok(await server.get(`/api/contract/contract/infoById/${contract.id}`, as('finance')));
    expect(ledger).toMatchObject({
      paidAmount: '150000.00',
      unpaidAmount: '60000.00',
      nextPlanDate: '2039-03-31',
      contractState: '1',
    });
    // Paid on the day the cashier paid it, not the day it was approved.
    expect(ledger.instalments.map((l: Row) => [l.instalmentState, l.paidDate ?? null])).toEqual([
      ['2', '2038-07-01'],
      ['0', null],
    ]);

    // Terminated: what was paid stays, nothing is due any more — no unpaid amount, no next date.
    ok(
      await server.post(
        `/api/contract/contract/terminate?id=${contract.id}`,
        { id: contract.id, terminateReason: '对方无法履约' },
        as('buyer'),
      ),
    );
    const ended = ok(await server.get(`/api/contract/contract/infoById/${contract.id}`, as('finance')));
    expect(ended).toMatchObject({ contractState: '9', paidAmount: '150000.00', unpaidAmount: '0.00', overdueAmount: '0.00' });
    expect(ended.nextPlanDate ?? null).toBeNull();
    expect(ended.instalments.map((l: Row) => l.instalmentState)).toEqual(['2', '3']);
    // Its hold on the indicator is released with it.
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '0.00', usedAmount: '150000.00', paidAmount: '150000.00' });
  });
});

describe('a contract change', () => {
  it('rewrites amount, end and the open plan when approved, and the duty and the freeze follow', async () => {
    const budgetId = await indicator('800000.00');
    const c = ok(
      await server.post(
        '/api/contract/contract/save',
        {
          name: '物业服务合同',
          kind: '2',
          counterparty: '某物业公司',
          amount: '300000.00',
          budgetId,
          startDate: '2038-01-01',
          endDate: '2038-12-31',
          stampKind: 'lease',
          instalments: [
            { planDate: '2038-03-31', amount: '100000.00' },
            { planDate: '2038-09-30', amount: '200000.00' },
          ],
        },
        as('buyer'),
      ),
    );
    expect(c.stampDuty).toBe('300.00');
    await approve('contract', '/api/contract/contract', c.id, true);
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '300000.00' });
    ok(await server.post(`/api/contract/contract/sign?id=${c.id}`, { id: c.id, signDate: '2038-01-05' }, as('buyer')));
    const p1 = ok(
      await server.post('/api/contract/payment/save', { contractId: c.id, instalmentNo: 1, amount: '100000.00' }, as('buyer')),
    );
    await approve('contractPayment', '/api/contract/payment', p1.id, true);
    ok(await server.post(`/api/contract/payment/pay?id=${p1.id}`, { id: p1.id, payMethod: '1', paidDate: '2038-04-01' }, as('cashier')));

    // The change raises it to 360,000: the open part becomes 260,000 in two instalments, one next year.
    const change = ok(
      await server.post(
        '/api/contract/change/save',
        {
          contractId: c.id,
          reason: '增加服务面积',
          newAmount: '360000.00',
          newEndDate: '2039-06-30',
          instalments: [
            { planDate: '2038-09-30', amount: '200000.00' },
            { planDate: '2039-06-30', amount: '60000.00' },
          ],
        },
        as('buyer'),
      ),
    );
    expect(change).toMatchObject({
      oldAmount: '300000.00',
      paidAmount: '100000.00',
      oldEndDate: '2038-12-31',
      oldStampDuty: '300.00',
      newStampDuty: '360.00',
      dutyDelta: '60.00',
    });
    const short = await server.post(
      '/api/contract/change/update',
      { id: change.id, version: change.version, instalments: [{ planDate: '2038-09-30', amount: '200000.00' }] },
      as('buyer'),
    );
    expect(short.body.msg).toContain('新付款计划合计须等于变更后金额减去已付金额');
    await approve('contractChange', '/api/contract/change', change.id, true);

    const after = ok(await server.get(`/api/contract/contract/infoById/${c.id}`, as('buyer')));
    expect(after).toMatchObject({
      amount: '360000.00',
      endDate: '2039-06-30',
      stampDuty: '360.00',
      paidAmount: '100000.00',
      unpaidAmount: '260000.00',
    });
    expect(after.instalments.map((l: Row) => [l.planDate, l.amount, l.instalmentState])).toEqual([
      ['2038-03-31', '100000.00', '2'],
      ['2038-09-30', '200000.00', '0'],
      ['2039-06-30', '60000.00', '0'],
    ]);
    // This year's open instalment stays held; the next year's is not this year's money.
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '200000.00', usedAmount: '100000.00' });
    // The change keeps the contract as it was.
    expect(ok(await server.get(`/api/contract/change/infoById/${change.id}`, as('buyer')))).toMatchObject({
      oldAmount: '300000.00',
      newAmount: '360000.00',
    });
    // The duty's difference is booked for the month of the change.
    const entries = ok(await server.get(`/api/contract/stampDuty/entry/page?contractId=${c.id}`, as('finance'))).records as Row[];
    expect(entries.map((e) => [e.taxBase, e.duty]).sort()).toEqual([
      ['300000.00', '300.00'],
      ['60000.00', '60.00'],
    ]);

    // Completing releases what is still held.
    ok(await server.post(`/api/contract/contract/complete?id=${c.id}`, { id: c.id }, as('buyer')));
    expect(await budget(budgetId)).toMatchObject({ frozenAmount: '0.00', usedAmount: '100000.00' });
    // A completed contract cannot be changed.
    const late = await server.post(
      '/api/contract/change/save',
      { contractId: c.id, reason: '再变更', newAmount: '400000.00', newEndDate: '2039-06-30', instalments: [] },
      as('buyer'),
    );
    expect(late.body.msg).toBe(`合同 ${after.contractNo} 未审批通过，或已完成、作废、终止，不能变更`);
  });
});

describe('stamp duty by the official rules (issue 32)', () => {
  it('leaves out the VAT listed apart, and a change pays on the increase or claims back on a decrease', async () => {
    const budgetId = await indicator('3000000.00');
    const contract = {
      name: '校园管理软件著作权转让合同',
      kind: '1',
      counterparty: '某某软件有限公司',
      budgetId,
      startDate: '2038-08-01',
      endDate: '2038-12-31',
      stampKind: 'ipTransfer',
    };
    // 价款 1,000,000 and 6 % VAT 60,000 listed apart: the VAT is no part of the basis [印花税法 第五条].
    const vatTooLarge = await server.post(
      '/api/contract/contract/save',
      {
        ...contract,
        amount: '1060000.00',
        vatAmount: '1060000.00',
        instalments: [{ planDate: '2038-09-30', amount: '1060000.00' }],
      },
      as('buyer'),
    );
    expect(vatTooLarge.body.msg).toContain('列明的增值税税额须小于合同金额');
    const english = await server.post(
      '/api/contract/contract/save',
      {
        ...contract,
        amount: '1060000.00',
        vatAmount: '2000000.00',
        instalments: [{ planDate: '2038-09-30', amount: '1060000.00' }],
      },
      as('buyer', 'en-US'),
    );
    expect(english.body.msg).toContain('The VAT listed must be less than the contract amount');
    const c = ok(
      await server.post(
        '/api/contract/contract/save',
        {
          ...contract,
          amount: '1060000.00',
          vatAmount: '60000.00',
          instalments: [{ planDate: '2038-09-30', amount: '1060000.00' }],
        },
        as('buyer'),
      ),
    );
    expect(c).toMatchObject({ amount: '1060000.00', vatAmount: '60000.00', taxBase: '1000000.00', stampDuty: '300.00' });
    await approve('contract', '/api/contract/contract', c.id, true);

    const change = async (newAmount: string, newVatAmount: string, planDate: string) => {
      const saved = ok(
        await server.post(
          '/api/contract/change/save',
          {
            contractId: c.id,
            reason: '调整转让范围',
            newAmount,
            newVatAmount,
            newEndDate: '2038-12-31',
            instalments: [{ planDate, amount: newAmount }],
          },
          as('buyer'),
        ),
      );
      await approve('contractChange', '/api/contract/change', saved.id, true);
      return ok(await server.get(`/api/contract/change/infoById/${saved.id}`, as('buyer')));
    };
    const entries = async () =>
      (ok(await server.get(`/api/contract/stampDuty/entry/page?contractId=${c.id}&pageSize=50`, as('finance'))).records as Row[])
        .map((e) => [e.entryType, e.taxBase, e.duty, e.note])
        .sort((a, b) => String(a[3]).localeCompare(String(b[3])));

    // Not signed yet: nothing is paid, so a change simply takes the new basis's duty and books nothing.
    // 1,166,000 with VAT 66,000 → basis 1,100,000 × 0.3‰ = 330.
    const unsigned = await change('1166000.00', '66000.00', '2038-09-30');
    expect(unsigned).toMatchObject({
      oldAmount: '1060000.00',
      oldVatAmount: '60000.00',
      oldTaxBase: '1000000.00',
      newTaxBase: '1100000.00',
      oldStampDuty: '300.00',
      newStampDuty: '330.00',
      dutyDelta: '30.00',
    });
    expect(await entries()).toEqual([]);

    // Signed: the duty on the basis is booked, payable, in the month of signing.
    ok(await server.post(`/api/contract/contract/sign?id=${c.id}`, { id: c.id, signDate: '2038-08-03' }, as('buyer')));
    expect(await entries()).toEqual([['1', '1100000.00', '330.00', 'sign']]);

    // Raised to a basis of 1,200,000: the duty on the increase, 100,000 × 0.3‰ = 30, is payable
    // [公告2022年第22号 第三条第（二）项].
    const raised = await change('1272000.00', '72000.00', '2038-10-31');
    expect(raised).toMatchObject({
      oldTaxBase: '1100000.00',
      newTaxBase: '1200000.00',
      newStampDuty: '360.00',
      dutyDelta: '30.00',
    });
    // Lowered to a basis of 500,000: nothing payable; the duty on the decrease, 700,000 × 0.3‰ = 210,
    // may be claimed back or offset — booked as such, not as negative duty among the payable.
    const lowered = await change('530000.00', '30000.00', '2038-11-30');
    expect(lowered).toMatchObject({
      oldTaxBase: '1200000.00',
      newTaxBase: '500000.00',
      newStampDuty: '150.00',
      dutyDelta: '-210.00',
    });
    const after = ok(await server.get(`/api/contract/contract/infoById/${c.id}`, as('buyer')));
    expect(after).toMatchObject({ amount: '530000.00', vatAmount: '30000.00', taxBase: '500000.00', stampDuty: '150.00' });
    expect(await entries()).toEqual(
      [
        ['1', '1100000.00', '330.00', 'sign'],
        ['1', '100000.00', '30.00', raised.changeNo],
        ['2', '-700000.00', '-210.00', lowered.changeNo],
      ].sort((a, b) => String(a[3]).localeCompare(String(b[3]))),
    );
    // The summary for the return keeps the duty payable and the refund to claim apart.
    const summary = ok(await server.get('/api/contract/stampDuty/page?stampKind=ipTransfer&pageSize=50', as('finance')))
      .records as Row[];
    const rows = summary.map((r) => [r.entryType, r.entries, r.taxBase, r.duty]);
    expect(rows).toContainEqual(['1', 1, '1100000.00', '330.00']);
    expect(rows).toContainEqual(['1', 1, '100000.00', '30.00']);
    expect(rows).toContainEqual(['2', 1, '-700000.00', '-210.00']);
    expect(rows).toHaveLength(3);
  });

  it('works a change out again when the contract was signed after the change was saved', async () => {
    const budgetId = await indicator('3000000.00');
    const c = ok(
      await server.post(
        '/api/contract/contract/save',
        {
          name: '实验楼场地租赁合同',
          kind: '4',
          counterparty: '某某资产管理有限公司',
          amount: '100005.00',
          budgetId,
          startDate: '2038-08-01',
          endDate: '2038-12-31',
          stampKind: 'lease',
          instalments: [{ planDate: '2038-09-30', amount: '100005.00' }],
        },
        as('buyer'),
      ),
    );
    // 100,005 × 1‰ = 100.005 → 100.01.
    expect(c.stampDuty).toBe('100.01');
    await approve('contract', '/api/contract/contract', c.id, true);
    // Saved while the contract is unsigned: the new basis's duty, 200,010 × 1‰ = 200.01.
    const saved = ok(
      await server.post(
        '/api/contract/change/save',
        {
          contractId: c.id,
          reason: '增加租赁面积',
          newAmount: '200010.00',
          newEndDate: '2038-12-31',
          instalments: [{ planDate: '2038-09-30', amount: '200010.00' }],
        },
        as('buyer'),
      ),
    );
    expect(saved).toMatchObject({ newStampDuty: '200.01', dutyDelta: '100.00' });
    ok(await server.post(`/api/contract/contract/sign?id=${c.id}`, { id: c.id, signDate: '2038-08-02' }, as('buyer')));
    await approve('contractChange', '/api/contract/change', saved.id, true);
    // Approved after the signing: the duty paid on signing stays, the increase pays its own duty,
    // 100,005 × 1‰ → 100.01 [公告2022年第22号 第三条第（二）项], and the change says so.
    expect(ok(await server.get(`/api/contract/contract/infoById/${c.id}`, as('buyer')))).toMatchObject({ stampDuty: '200.02' });
    expect(ok(await server.get(`/api/contract/change/infoById/${saved.id}`, as('buyer')))).toMatchObject({
      newStampDuty: '200.02',
      dutyDelta: '100.01',
    });
    const entries = ok(await server.get(`/api/contract/stampDuty/entry/page?contractId=${c.id}`, as('finance'))).records as Row[];
    expect(entries.map((e) => [e.entryType, e.taxBase, e.duty]).sort()).toEqual([
      ['1', '100005.00', '100.01'],
      ['1', '100005.00', '100.01'],
    ]);
  });
});

describe('data scope', () => {
  it('keeps contracts and purchases to who may see them', async () => {
    const budgetId = await indicator('100000.00');
    const mine = ok(await server.post('/api/purchase/apply/save', purchase(budgetId, [['课桌椅', 10, '420.00']]), as('buyer')));
    // The head of 教务处 (own department and below) sees neither the 总务处 purchase nor its figures.
    const seen = await server.get(`/api/purchase/apply/infoById/${mine.id}`, as('head'));
    expect(seen.body.code).toBe('40400');
    const list = ok(await server.get('/api/purchase/apply/page?pageSize=100', as('head'))).records as Row[];
    expect(list.some((r) => r.id === mine.id)).toBe(false);
    // Staff may not list contracts at all.
    const staff = await server.get('/api/contract/contract/page', as('staff'));
    expect(staff.body.code).toBe('40103');
  });
});

describe('contract notices', () => {
  const dayFrom = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  it('lists instalments due within 30 days and contracts ending within 60, and the morning job tells their authors', async () => {
    const budgetId = await indicator('200000.00');
    const c = ok(
      await server.post(
        '/api/contract/contract/save',
        {
          name: '提醒测试合同',
          kind: '2',
          counterparty: '某服务公司',
          amount: '30000.00',
          budgetId,
          startDate: dayFrom(-10),
          endDate: dayFrom(40),
          stampKind: 'technology',
          instalments: [
            { planDate: dayFrom(-3), amount: '10000.00' },
            { planDate: dayFrom(10), amount: '10000.00' },
            { planDate: dayFrom(35), amount: '10000.00' },
          ],
        },
        as('buyer'),
      ),
    );
    await approve('contract', '/api/contract/contract', c.id);
    ok(await server.post(`/api/contract/contract/sign?id=${c.id}`, { id: c.id, signDate: dayFrom(-9) }, as('buyer')));
    const notices = ok(await server.get('/api/contract/contract/notices', as('finance')));
    const mine = (notices.instalments as Row[]).filter((r) => r.contractId === c.id);
    // The overdue one and the one in 10 days; the one in 35 days is not yet due.
    expect(mine.map((r) => [r.instalmentNo, r.daysLeft])).toEqual([
      [1, -3],
      [2, 10],
    ]);
    expect((notices.ending as Row[]).find((r) => r.contractId === c.id)).toMatchObject({
      daysLeft: 40,
      unpaidAmount: '30000.00',
    });
    // Out of the head of 教务处's scope: nothing of 总务处's.
    const theirs = ok(await server.get('/api/contract/contract/notices', as('head')));
    expect((theirs.instalments as Row[]).some((r) => r.contractId === c.id)).toBe(false);

    // The job, run by hand: logged, and the buyer (the author) has a notice naming the contract.
    const ran = await server.post('/api/monitor/job/run/contractNotices', {}, as('admin', 'en-US'));
    expect(ran.body.code).toBe('0');
    expect(ran.body.msg).toMatch(/^Done: \d+ instalments due, \d+ contracts ending, \d+ people told$/);
    const log = ok(await server.get('/api/monitor/job/page?jobKey=contractNotices', as('admin'))).records as Row[];
    expect(log[0]).toMatchObject({ jobKey: 'contractNotices', triggerKind: 'hand', jobStatus: '0' });
    // The log says what the run did in each reader's language, whoever ran it.
    expect(log[0]!.result).toMatch(/^付款到期 \d+ 期，合同到期 \d+ 份，已通知 \d+ 人$/);
    const english = ok(await server.get('/api/monitor/job/page?jobKey=contractNotices', as('admin', 'pt-BR'))).records as Row[];
    expect(english[0]!.result).toMatch(/^\d+ parcelas a vencer, \d+ contratos terminando, \d+ pessoas avisadas$/);
    expect(english[0]).not.toHaveProperty('resultMessage');
    const inbox = ok(await server.get('/api/core/noticeUserRel/page?pageSize=50', as('buyer'))).records as Row[];
    const told = inbox.find((r) => String(r.content).includes(c.contractNo));
    expect(told?.title).toMatch(/^合同提醒：\d+项付款或到期事项$/);
    expect(String(told?.content)).toContain('第1期 10,000.00元已逾期3天');
    // Only administrators run jobs.
    expect((await server.post('/api/monitor/job/run/contractNotices', {}, as('buyer'))).body.code).toBe('40103');
    expect((await server.post('/api/monitor/job/run/nothing', {}, as('admin'))).body.code).toBe('40400');
  });
});

describe('medical purchase', () => {
  const city = (who: string): RequestOptions => ({ token: tokens[who], site: 'city', lang: 'zh-CN' });
  it('is the hospital’s alone, with registration numbers and the requesting department', async () => {
    tokens.citybuyer = await server.login('citybuyer', 'City@12345', 'city');
    tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
    const keys = (nodes: Row[]) => nodes.map((m) => m.menuKey);
    expect(keys(ok(await server.get('/api/core/menu/user', city('cityadmin'))))).toContain('medicalPurchase');
    expect(keys(ok(await server.get('/api/core/menu/user', as('admin'))))).not.toContain('medicalPurchase');
    // The hospital's demo: monitors accepted, consumables in approval, reagents a draft, drugs bought.
    const seeded = ok(await server.get('/api/purchase/medical/page?pageSize=50', city('citybuyer'))).records as Row[];
    expect(seeded.map((r) => [r.title, r.approvalStatus, r.purchaseState]).sort()).toEqual(
      [
        ['内科病房多参数监护仪', '2', '2'],
        ['外科手术室一次性耗材', '1', '0'],
        ['检验科血液分析试剂', '0', '0'],
        ['抗菌药物季度采购', '2', '1'],
      ].sort(),
    );
    const monitors = seeded.find((r) => r.title === '内科病房多参数监护仪')!;
    expect(monitors.clinicalDeptIdLabel).toBe('内科');
    const full = ok(await server.get(`/api/purchase/medical/infoById/${monitors.id}`, city('citybuyer')));
    expect(full.items[0]).toMatchObject({ registrationNo: '国械注准20173211234', acceptResult: '1', amount: '76000.00' });
    // A line without its registration number is refused, naming the line.
    const bad = await server.post(
      '/api/purchase/medical/save',
      {
        title: '试剂',
        clinicalDeptId: monitors.clinicalDeptId,
        budgetId: monitors.budgetId,
        method: '1',
        items: [{ itemName: '试剂', quantity: 1, unitPrice: '10.00' }],
      },
      city('citybuyer'),
    );
    expect(bad.body.code).toBe('40000');
    expect(bad.body.msg).toContain('注册证号/批准文号');
    // The hospital's stamp-duty summary is its own: one processing contract of 96,000 (0.3‰ = 28.80),
    // none of the school's many.
    const summary = ok(await server.get('/api/contract/stampDuty/page?pageSize=100', city('cityadmin'))).records as Row[];
    expect(summary.map((r) => [r.stampKind, r.entries, r.taxBase, r.duty])).toEqual([['processing', 1, '96000.00', '28.80']]);
    // The school has no medical purchasing: its buyer holds no key to it, let alone the hospital's rows.
    expect((await server.get(`/api/purchase/medical/infoById/${monitors.id}`, as('buyer'))).body.code).toBe('40103');
    expect((await server.get(`/api/purchase/medical/infoById/${monitors.id}`, as('admin'))).body.code).toBe('40400');
  });
});
