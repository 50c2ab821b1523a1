// Employee and labour fees (人员/劳务费发放, issue 15): a batch of payees whose tax the server
// withholds by the labour-remuneration rule, totals by the server, approved on the indicator
// (freeze at submit, consume on approval) and paid by the cashier.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const YEAR = '2040'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'cashier', 'principal', 'deputy']) tokens[name] = await server.login(name, 'Demo@12345');
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
    await decide(saved.id, 'deputy'); // the deputy in charge
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

async function xlsx(table: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('payees');
  for (const row of table) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart upload over real HTTP. */
async function upload(path: string, who: string, content: Buffer, fileName: string, lang = 'zh-CN') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    body: form,
    headers: { token: tokens[who]!, hostname: 'localhost', 'accept-language': lang, year: YEAR },
  });
  return { status: r.status, body: (await r.json()) as { code: string; data: any; msg: string } };
}

describe('payees from an xlsx', () => {
  const IMPORT = '/api/expense/employeeFee/lines/payees/import';
  it('are read as lines of the batch, checked row by row, and kept only when the batch is saved', async () => {
    const before = ok(await server.get('/api/expense/employeeFee/page?pageSize=100', as('staff'))).total;
    // Headers in any language; a money cell as a number.
    const good = await xlsx([
      ['姓名', 'ID number', '收款账号', 'Bruto'],
      ['孙讲师', '110105198001011236', '6222020000003333', 1200],
      ['李评委', '11010519850505123X', '', '4500.50'],
    ]);
    const read = await upload(IMPORT, 'staff', good, 'payees.xlsx');
    expect(read.body.code, read.body.msg).toBe('0');
    expect(read.body.msg).toBe('已读入2行，保存单据后生效');
    expect(read.body.data.lines).toEqual([
      expect.objectContaining({
        payeeName: '孙讲师',
        idNumber: '110105198001011236',
        bankAccount: '6222020000003333',
        gross: '1200.00',
      }),
      expect.objectContaining({ payeeName: '李评委', idNumber: '11010519850505123X', gross: '4500.50' }),
    ]);
    // Reading saves nothing.
    expect(ok(await server.get('/api/expense/employeeFee/page?pageSize=100', as('staff'))).total).toBe(before);

    // A wrong row refuses the file, naming the row and the field.
    const bad = await xlsx([
      ['姓名', '身份证号', '应发金额'],
      ['孙讲师', '110105198001011236', '1200'],
      ['王某', '12345', '300'],
      ['赵某', '110105198001011237', '12.345'],
    ]);
    const refused = await upload(IMPORT, 'staff', bad, 'payees.xlsx');
    expect(refused.body.code).toBe('40000');
    expect(refused.body.data.errors.map((e: Row) => e.row)).toEqual([3, 4]);
    expect(refused.body.data.errors[0].message).toContain('身份证号');
    // A header the lines do not have names itself; another document's collection is not found.
    const unknown = await upload(
      IMPORT,
      'staff',
      await xlsx([
        ['姓名', '身高'],
        ['孙讲师', '180'],
      ]),
      'payees.xlsx',
    );
    expect(unknown.body.msg).toContain('身高');
    expect((await upload('/api/expense/employeeFee/lines/items/import', 'staff', good, 'payees.xlsx')).body.code).toBe('40400');
    // Only those who may file a batch.
    tokens.auditor = await server.login('auditor', 'Demo@12345');
    expect((await upload(IMPORT, 'auditor', good, 'payees.xlsx')).body.code).toBe('40103');
  });
});

// One payment a month per person and item of service (个人所得税法实施条例 第十四条; issue 32): a
// person is their ID number, the item the batch's kind, the month the batch's month. A later fee is
// taxed on the month's sum less what the approved batches withheld (tests/unit/labour-tax.test.ts).
describe('fees of one month and kind to one person', () => {
  let budget: Row;
  const WANG = '110105197507071238';
  const LI = '110105198208081239';
  const ZHAO = '11010519900909123X';
  const payee = (payeeName: string, idNumber: string, gross: string) => ({ payeeName, idNumber, bankAccount: '6222020000009999', gross });
  const save = async (title: string, feeKind: string, feeMonth: string | null, payees: Row[]) =>
    ok(await server.post('/api/expense/employeeFee/save', { title, feeKind, feeMonth, budgetId: budget.id, payees }, as('staff')));
  const read = async (id: number) => ok(await server.get(`/api/expense/employeeFee/infoById/${id}`, as('staff')));
  const figures = (doc: Row) => (doc.payees as Row[]).map((p) => [p.payeeName, p.gross, p.combinedGross, p.priorTax, p.tax, p.net]);
  const submit = (id: number) => server.post(`/api/expense/employeeFee/submit?id=${id}&confirmed=1`, {}, as('staff'));

  beforeAll(async () => {
    const depts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
    budget = ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: 'EF-2',
          budgetName: '课程评审劳务费',
          deptId: depts.find((d) => d.deptName === '教务处')!.id,
          expenseType: '2',
          economicClass: '30201',
          fundSource: '1',
          originalAmount: '100000.00',
        },
        as('admin'),
      ),
    );
  });

  it('taxes a second fee of the month on the sum, once the first is approved', async () => {
    // 61号 解读's fee: 2,000 alone → (2000 − 800) × 20 % = 240.
    const first = await save('五月专家咨询（一）', '2', '2040-05', [payee('王专家', WANG, '2000.00')]);
    expect(figures(await read(first.id))).toEqual([['王专家', '2000.00', '2000.00', '0.00', '240.00', '1760.00']]);
    // A second batch saved meanwhile: the first is not approved yet, so nothing is summed yet.
    const second = await save('五月专家咨询（二）', '2', '2040-05', [payee('王专家', WANG, '2000.00'), payee('李评委', LI, '1000.00')]);
    expect(figures(await read(second.id))).toEqual([
      ['王专家', '2000.00', '2000.00', '0.00', '240.00', '1760.00'],
      ['李评委', '1000.00', '1000.00', '0.00', '40.00', '960.00'],
    ]);
    ok(await submit(first.id));
    // While the first is in approval, the second waits: its tax depends on the first's.
    const waiting = await submit(second.id);
    expect(waiting.body.code).toBe('40900');
    expect(waiting.body.msg).toBe(
      `单据 ${second.feeNo} 不能提交：领款人 王专家 同月同项目的 ${first.feeNo} 尚在审批中，应先审结，才能按同一次收入合并计算劳务报酬个税`,
    );
    await decide(first.id, 'head');
    await decide(first.id, 'finance');
    await decide(first.id, 'deputy');
    expect((await read(first.id)).approvalStatus).toBe('2');
    // Approved, the first changes the second's tax: saved before, the second is stale.
    const stale = await submit(second.id);
    expect(stale.body.code).toBe('40900');
    expect(stale.body.msg).toBe(
      `单据 ${second.feeNo} 领款人第 1 行（王专家）的个税已变化：单据中 240.00，重新核算为 400.00，请保存后再提交`,
    );
    const again = await read(second.id);
    ok(await server.post('/api/expense/employeeFee/update', again, as('staff')));
    const resaved = await read(second.id);
    // One payment of 4,000: (4000 − 800) × 20 % = 640, less the 240 withheld = 400.
    expect(figures(resaved)).toEqual([
      ['王专家', '2000.00', '4000.00', '240.00', '400.00', '1600.00'],
      ['李评委', '1000.00', '1000.00', '0.00', '40.00', '960.00'],
    ]);
    expect(resaved).toMatchObject({ money: '3000.00', taxTotal: '440.00', netTotal: '2560.00', feeMonth: '2040-05' });
    ok(await submit(second.id));
  });

  it('keeps another kind, another month and another person apart; sums one person’s lines of a batch', async () => {
    // Another item of service (讲课费) in the same month: a payment of its own.
    const lecture = await save('五月讲座', '4', '2040-05', [payee('王专家', WANG, '2000.00')]);
    expect(figures(await read(lecture.id))).toEqual([['王专家', '2000.00', '2000.00', '0.00', '240.00', '1760.00']]);
    // The same item in another month: a payment of its own.
    const june = await save('六月专家咨询', '2', '2040-06', [payee('王专家', WANG, '2000.00')]);
    expect(figures(await read(june.id))).toEqual([['王专家', '2000.00', '2000.00', '0.00', '240.00', '1760.00']]);
    // Two lines of one person in one batch: the second is taxed on both.
    const twice = await save('五月评审', '3', '2040-05', [
      payee('赵老师', ZHAO, '2000.00'),
      payee('李评委', LI, '500.00'),
      payee('赵老师', ZHAO, '2000.00'),
    ]);
    expect(figures(await read(twice.id))).toEqual([
      ['赵老师', '2000.00', '2000.00', '0.00', '240.00', '1760.00'],
      ['李评委', '500.00', '500.00', '0.00', '0.00', '500.00'],
      ['赵老师', '2000.00', '4000.00', '240.00', '400.00', '1600.00'],
    ]);
  });

  it('is of this month on the site’s clock when the batch names none', async () => {
    const saved = await save('本月劳务', '1', null, [payee('李评委', LI, '300.00')]);
    const month = new Date(server.clock.now() + 8 * 3_600_000).toISOString().slice(0, 7); // Asia/Shanghai
    expect((await read(saved.id)).feeMonth).toBe(month);
    const wrong = await server.post(
      '/api/expense/employeeFee/save',
      { title: '错误月份', feeKind: '1', feeMonth: '2040-13', budgetId: budget.id, payees: [payee('李评委', LI, '300.00')] },
      as('staff'),
    );
    expect(wrong.body.code).toBe('40000');
    expect(wrong.body.msg).toContain('所属月份');
  });
});
