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
