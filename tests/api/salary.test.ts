// Salaries (issue 18): a month's sheet with its lines imported from an xlsx, the income tax worked out
// by cumulative withholding and checked against the sheet's, approval, pay-out spending the
// basic-personnel indicator, the bank transfer file, and payslips each user reads only of their own.
// The sheets are of next year, so the demo seed's months of this year do not count in.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
let YEAR = '';
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let budget: Row;

const as = (who: string, lang = 'zh-CN', site = 'demo'): RequestOptions => ({
  token: tokens[who],
  site,
  lang,
  headers: { year: YEAR },
});
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

beforeAll(async () => {
  server = await startServer();
  YEAR = String(new Date(server.clock.now()).getFullYear() + 1);
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'cashier', 'principal', 'secretary', 'staff', 'teacher'])
    tokens[name] = await server.login(name, 'Demo@12345');
  tokens.citystaff = await server.login('citystaff', 'City@12345', 'city');
  tokens.cityfinance = await server.login('cityfinance', 'City@12345', 'city');
  for (const u of ok(await server.get('/api/core/user/list?pageSize=100', as('admin'))) as Row[])
    users[u.loginName] = Number(u.id);
  const depts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
  budget = ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode: `${YEAR}-T101`,
        budgetName: '人员经费-工资测试',
        deptId: depts.find((d) => d.deptName === '财务室')!.id,
        expenseType: '1',
        economicClass: '30101',
        fundSource: '1',
        financialAccountName: '工资福利支出',
        originalAmount: '1000000.00',
      },
      as('admin'),
    ),
  );
});
afterAll(async () => server?.close());

/**
 * Finance prepares the sheets, so its own review goes one level up (to the principal), and the
 * principal, who decided that, leaves the principal's step to the party secretary (segregation of
 * duties, tests/api/controls.test.ts): each step is decided by whoever holds it.
 */
async function approveAll(id: number) {
  const deciders: string[] = [];
  for (let step = 0; step < 2; step++) {
    let holder: { who: string; task: Row } | null = null;
    for (const who of ['finance', 'principal', 'secretary']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === 'salarySheet' && Number(t.businessKey) === id);
      if (task) holder = { who, task };
    }
    expect(holder, `salarySheet ${id} waits on someone at step ${step + 1}`).toBeTruthy();
    ok(await server.post('/api/workflow/task/approve', { taskId: holder!.task.id, comment: '同意' }, as(holder!.who)));
    deciders.push(holder!.who);
  }
  expect(deciders).toEqual(['principal', 'secretary']);
}
const indicator = async () => ok(await server.get(`/api/neikong/budget/infoById/${budget.id}`, as('admin')));
const sheet = async (id: number) => ok(await server.get(`/api/salary/sheet/infoById/${id}`, as('finance')));

const line = (payeeName: string, items: Row, more: Row = {}) => ({
  payeeName,
  idNumber: '110105199001011234',
  bankAccount: '6222 0200 0000 1234',
  bankName: '工商银行示范区支行',
  ...items,
  ...more,
});

async function xlsx(table: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('工资');
  for (const row of table) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
async function upload(path: string, who: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'salary.xlsx');
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    body: form,
    headers: { token: tokens[who]!, hostname: 'localhost', 'accept-language': 'zh-CN', year: YEAR },
  });
  return (await r.json()) as { code: string; data: any; msg: string };
}
async function download(path: string, who: string) {
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    headers: { token: tokens[who]!, hostname: 'localhost', 'accept-language': 'zh-CN', year: YEAR },
  });
  return { type: r.headers.get('content-type') ?? '', body: Buffer.from(await r.arrayBuffer()) };
}
async function rowsOf(content: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as never);
  const out: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

let january: Row;

describe('a month from an xlsx', () => {
  it('offers a template whose headers the import reads; a wrong row is reported by row and nothing is kept', async () => {
    const template = await download('/api/salary/sheet/template', 'cashier');
    expect(template.type).toContain('spreadsheetml');
    const [headers] = await rowsOf(template.body);
    expect(headers).toEqual([
      '姓名',
      '身份证号',
      '银行账号',
      '开户行',
      '基本工资',
      '岗位工资',
      '薪级工资',
      '绩效工资',
      '津补贴',
      '公积金比例(%)',
      '专项附加扣除',
      '表内个税',
    ]);
    const before = ok(await server.get('/api/salary/sheet/page?pageSize=100', as('finance'))).total;
    const bad = await upload(
      '/api/salary/sheet/lines/lines/import',
      'cashier',
      await xlsx([
        headers!,
        ['staff', '110105199001011234', '6222020000001234', '工商银行', 6000, 2000, 1000, 800, 200, 12, 0, 82.5],
        ['黄磊', '110105199001011235', '6222020000005678', '工商银行', '四千', 0, 0, 0, 0, 12, 0, 10],
      ]),
    );
    expect(bad.code).toBe('40000');
    expect(bad.data.errors).toHaveLength(1);
    expect(bad.data.errors[0].row).toBe(3);
    expect(bad.data.errors[0].message).toContain('E3');
    expect(ok(await server.get('/api/salary/sheet/page?pageSize=100', as('finance'))).total).toBe(before);

    const good = await upload(
      '/api/salary/sheet/lines/lines/import',
      'cashier',
      await xlsx([
        headers!,
        ['staff', '110105199001011234', '6222020000001234', '工商银行', 6000, 2000, 1000, 800, 200, 12, 0, 82.5],
        ['黄磊', '110105199001011235', '6222020000005678', '工商银行', 4000, 0, 0, 0, 0, 12, 0, 10],
      ]),
    );
    expect(good.code, good.msg).toBe('0');
    expect(good.data.lines).toHaveLength(2);

    // The lines go with the sheet's save: payees by login name or name, the figures worked out.
    january = ok(
      await server.post(
        '/api/salary/sheet/save',
        { salaryMonth: `${YEAR}-01`, title: `${YEAR}年1月工资`, budgetId: budget.id, lines: good.data.lines },
        as('finance'),
      ),
    );
    const saved = await sheet(january.id);
    expect(saved).toMatchObject({
      headcount: 2,
      grossTotal: '14000.00',
      flaggedLines: 1,
      approvalStatus: '0',
      payState: '0',
    });
    const [staff, teacher] = saved.lines as Row[];
    // 10,000 gross: 800 + 200 + 50 social, 1,200 housing; taxable 10,000 − 5,000 − 2,250 = 2,750 × 3 % = 82.50
    expect(staff).toMatchObject({
      payeeId: users.staff,
      payeeName: '林小雨',
      gross: '10000.00',
      pension: '800.00',
      medical: '200.00',
      unemployment: '50.00',
      housingFund: '1200.00',
      deductions: '2250.00',
      tax: '82.50',
      taxImported: '82.50',
      taxFlag: false,
      net: '7667.50',
      idMasked: '110105********1234',
    });
    // 4,000 is under the threshold: no tax, where the sheet said 10.00 — flagged with both figures.
    expect(teacher).toMatchObject({ payeeId: users.teacher, gross: '4000.00', tax: '0.00', taxImported: '10.00', taxFlag: true });
    expect(saved).toMatchObject({ deductTotal: '3150.00', taxTotal: '82.50', netTotal: '10767.50' });
  });

  it('refuses a payee who is no user of the site (another site’s too), naming the line, and a month twice', async () => {
    const unknown = await server.post(
      '/api/salary/sheet/save',
      {
        salaryMonth: `${YEAR}-02`,
        title: '二月',
        budgetId: budget.id,
        lines: [line('staff', { basic: '5000.00' }), line('citystaff', { basic: '5000.00' })],
      },
      as('finance'),
    );
    expect(unknown.body.code).toBe('40000');
    expect(unknown.body.msg).toBe('工资明细第 2 行：本单位没有登录名或姓名为“citystaff”的人员');
    const twice = await server.post(
      '/api/salary/sheet/save',
      { salaryMonth: `${YEAR}-01`, title: '一月', budgetId: budget.id, lines: [line('teacher', { basic: '5000.00' })] },
      as('finance'),
    );
    expect(twice.body.code).not.toBe('0');
    expect(twice.body.msg).toContain(`${YEAR}-01`);
  });
});

describe('approval and pay-out', () => {
  let february: Row;

  it('holds a later month until the earlier one is approved', async () => {
    february = ok(
      await server.post(
        '/api/salary/sheet/save',
        {
          salaryMonth: `${YEAR}-02`,
          title: `${YEAR}年2月工资`,
          budgetId: budget.id,
          lines: [line('staff', { basic: '50000.00', housingRate: 5 })],
        },
        as('finance'),
      ),
    );
    const early = await server.post(`/api/salary/sheet/submit?id=${february.id}`, {}, as('finance'));
    expect(early.body.code).toBe('40900');
    expect(early.body.msg).toContain('尚未审批通过');
  });

  it('freezes the gross on submit, spends it on approval, pays it at pay-out; the bank file lists the net pay', async () => {
    expect((await download(`/api/salary/sheet/bankFile?id=${january.id}`, 'cashier')).type).toContain('json');
    ok(await server.post(`/api/salary/sheet/submit?id=${january.id}`, {}, as('finance')));
    expect(await indicator()).toMatchObject({ frozenAmount: '14000.00', usedAmount: '0.00' });
    await approveAll(january.id);
    expect(await indicator()).toMatchObject({ frozenAmount: '0.00', usedAmount: '14000.00', paidAmount: '0.00' });
    // Who prepared the sheet does not pay it out (segregation of duties).
    const ownPay = await server.post(`/api/salary/sheet/pay?id=${january.id}`, { paidDate: `${YEAR}-01-15` }, as('finance'));
    expect(ownPay.body).toMatchObject({ code: '40103', msg: '不能对本人申请的单据执行“发放”（不相容岗位相互分离）' });
    const paid = ok(await server.post(`/api/salary/sheet/pay?id=${january.id}`, { paidDate: `${YEAR}-01-15` }, as('cashier')));
    expect(paid.payState).toBe('1');
    expect(await indicator()).toMatchObject({ usedAmount: '14000.00', paidAmount: '14000.00' });

    const bank = await download(`/api/salary/sheet/bankFile?id=${january.id}`, 'cashier');
    expect(bank.type).toContain('spreadsheetml');
    expect(await rowsOf(bank.body)).toEqual([
      ['户名', '银行账号', '开户行', '金额', '摘要'],
      ['林小雨', '6222020000001234', '工商银行', 7667.5, `${YEAR}-01 工资`],
      ['黄磊', '6222020000005678', '工商银行', 3100, `${YEAR}-01 工资`],
    ]);
  });

  it('writes a payee or bank that a spreadsheet would run as a formula as text in the bank file (issue 31)', async () => {
    const db = server.database.db;
    const lines = db.updateTable('sal_salary_line' as never).where('doc_id' as never, '=', january.id as never);
    await lines.set({ bank_name: '=HYPERLINK("http://evil.example","工商银行")' } as never).execute();
    try {
      const bank = await download(`/api/salary/sheet/bankFile?id=${january.id}`, 'cashier');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bank.body as never);
      const sheet = workbook.worksheets[0]!;
      for (const r of [2, 3]) {
        const cell = sheet.getRow(r).getCell(3);
        // The text as stored, a string cell in the text format: shown as text, never run.
        expect(cell.value).toBe('=HYPERLINK("http://evil.example","工商银行")');
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.numFmt).toBe('@');
        // The amount stays a number.
        expect(typeof sheet.getRow(r).getCell(4).value).toBe('number');
        expect(sheet.getRow(r).getCell(1).numFmt ?? '').not.toBe('@');
      }
    } finally {
      await lines.set({ bank_name: '工商银行' } as never).execute();
    }
  });

  it('withholds February on the year so far: the cumulative taxable crosses 36,000', async () => {
    // The save since January's approval works the tax out again; the one before is stale.
    const stale = await server.post(`/api/salary/sheet/submit?id=${february.id}`, {}, as('finance'));
    expect(stale.body.code).toBe('40900');
    expect(stale.body.msg).toContain('请保存后再提交');
    const again = await sheet(february.id);
    ok(await server.post('/api/salary/sheet/update', { ...again, lines: again.lines }, as('finance')));
    const [l] = (await sheet(february.id)).lines as Row[];
    // 50,000: social 4,000 + 1,000 + 250, housing 5 % 2,500 → 7,750. Cumulative 60,000 − 10,000 − 2,250
    // − 7,750 = 40,000 × 10 % − 2,520 = 1,480, less January's 82.50 → 1,397.50.
    expect(l).toMatchObject({ gross: '50000.00', deductions: '7750.00', tax: '1397.50', net: '40852.50' });
    ok(await server.post(`/api/salary/sheet/submit?id=${february.id}`, {}, as('finance')));
    expect(await indicator()).toMatchObject({ frozenAmount: '50000.00', usedAmount: '14000.00' });
  });
});

describe('payslips', () => {
  it('each user reads only their own, of paid-out sheets; finance reads the sheet', async () => {
    const mine = ok(await server.get('/api/salary/mine/list', as('staff'))) as Row[];
    expect(mine.filter((s) => s.salaryMonth.startsWith(YEAR))).toEqual([
      expect.objectContaining({
        salaryMonth: `${YEAR}-01`,
        payeeId: users.staff,
        gross: '10000.00',
        tax: '82.50',
        net: '7667.50',
        idMasked: '110105********1234',
        bankMasked: '************1234',
      }),
    ]);
    expect(mine.every((s) => s.payeeId === users.staff)).toBe(true);
    const theirs = (ok(await server.get('/api/salary/mine/list', as('teacher'))) as Row[]).find((s) =>
      s.salaryMonth.startsWith(YEAR),
    )!;
    expect(theirs).toMatchObject({ payeeId: users.teacher, net: '3100.00' });
    // Another's by id, and by a list filter: as if it did not exist.
    expect((await server.get(`/api/salary/mine/infoById/${theirs.id}`, as('staff'))).body.code).toBe('40400');
    expect(ok(await server.get(`/api/salary/mine/list?payeeId=${users.teacher}`, as('staff')))).toEqual([]);
    // Staff do not read sheets; finance reads them.
    expect((await server.get(`/api/salary/sheet/infoById/${january.id}`, as('staff'))).body.code).toBe('40103');
    expect((await server.get(`/api/salary/sheet/bankFile?id=${january.id}`, as('staff'))).body.code).toBe('40103');
    expect(ok(await server.get(`/api/salary/sheet/infoById/${january.id}`, as('finance'))).lines).toHaveLength(2);
    // The print of one's own slip: its template and the slip itself; the sheet's slips are finance's.
    expect(ok(await server.get('/api/schema/print/salarySlip', as('staff'))).print.title).toBe('salarySlip.printTitle');
    expect((await server.get(`/api/salary/mine/infoById/${theirs.id}`, as('teacher'))).body.code).toBe('0');
    expect((await server.get('/api/schema/print/salarySheet?template=salarySheetSlip', as('staff'))).body.code).toBe('40103');
    expect(ok(await server.get('/api/schema/print/salarySheet?template=salarySheetSlip', as('finance'))).print.each).toBe(
      'lines',
    );
  });

  it('keeps to the site: the hospital sees none of the school’s sheets or slips', async () => {
    const slip = (ok(await server.get('/api/salary/mine/list', as('staff'))) as Row[])[0]!;
    expect((await server.get(`/api/salary/mine/infoById/${slip.id}`, as('citystaff', 'zh-CN', 'city'))).body.code).toBe('40400');
    expect((await server.get(`/api/salary/sheet/infoById/${january.id}`, as('cityfinance', 'zh-CN', 'city'))).body.code).toBe(
      '40400',
    );
    const cityMonths = ok(await server.get(`/api/salary/sheet/list?salaryMonth=${YEAR}-01`, as('cityfinance', 'zh-CN', 'city')));
    expect(cityMonths).toEqual([]);
    const bank = await server.get(`/api/salary/sheet/bankFile?id=${january.id}`, as('cityfinance', 'zh-CN', 'city'));
    expect(bank.body.code).toBe('40400');
  });
});

// The basic deduction of the payee's year (issue 32): the months employed at the unit (公告2018年第61号
// 第六条), the first job of the year (公告2020年第13号), the previous year's low earner (公告2020年第19号),
// each an input of the payee's year (个税年度信息) — figures in tests/unit/salary-tax.test.ts. The sheets
// here are of the year after the ones above, whose approved January is this year's "previous year".
describe('the payee’s year: months employed, first job, low earner', () => {
  let NEXT = '';
  let budget2: Row;
  const in2 = (who: string): RequestOptions => ({ ...as(who), headers: { year: NEXT } });
  const saveYear = (body: Row, year = NEXT) =>
    server.post('/api/salary/taxYear/save', body, { ...as('finance'), headers: { year } });
  const saveSheet = (month: string, lines: Row[]) =>
    server.post(
      '/api/salary/sheet/save',
      { salaryMonth: `${NEXT}-${month}`, title: `${NEXT}年${month}月工资`, budgetId: budget2.id, lines },
      in2('finance'),
    );
  const byPayee = (doc: Row) => Object.fromEntries((doc.lines as Row[]).map((l) => [l.payeeName, [l.basicDeduction, l.tax]]));
  async function approve(id: number) {
    ok(await server.post(`/api/salary/sheet/submit?id=${id}`, {}, in2('finance')));
    await approveAll(id);
  }
  // 小李 of the 19号 解读: 10,000 a month with 2,000 of 三险一金.
  const xiaoLi = () => line('staff', { basic: '10000.00' }, { pension: '800.00', medical: '200.00', unemployment: '50.00', housingFund: '950.00' });
  let lowEarner: Row;
  let firstJob: Row;
  let joined: Row;

  beforeAll(async () => {
    NEXT = String(Number(YEAR) + 1);
    const depts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
    budget2 = ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: `${NEXT}-T101`,
          budgetName: '人员经费-工资测试（次年）',
          deptId: depts.find((d) => d.deptName === '财务室')!.id,
          expenseType: '1',
          economicClass: '30101',
          fundSource: '1',
          financialAccountName: '工资福利支出',
          originalAmount: '1000000.00',
        },
        { ...as('admin'), headers: { year: NEXT } },
      ),
    );
  });

  it('keeps one record a payee and year, checked by the rules and against the approved sheets', async () => {
    const refused = async (body: Row, text: string, year = NEXT) => {
      const r = await saveYear(body, year);
      expect(r.body.code, JSON.stringify(body)).toBe('40000');
      expect(r.body.msg).toContain(text);
    };
    const staff = users.staff;
    await refused({ payeeId: staff, startMonth: `${YEAR}-01` }, '起始月份须在纳税年度内');
    await refused({ payeeId: staff, startMonth: `${NEXT}-03`, lowEarner: true, priorIncome: '54000.00' }, '起始月份应为本年1月');
    await refused({ payeeId: staff, startMonth: `${NEXT}-01`, lowEarner: true, firstJob: true, priorIncome: '54000.00' }, '只能选一项');
    await refused({ payeeId: staff, startMonth: `${NEXT}-01`, lowEarner: true }, '须填写上年工资薪金收入');
    await refused({ payeeId: staff, startMonth: `${NEXT}-01`, lowEarner: true, priorIncome: '60000.01' }, '不超过60,000.00');
    // The year before paid her 10,000 on its approved January sheet: less cannot be her wages of it.
    await refused(
      { payeeId: staff, startMonth: `${NEXT}-01`, lowEarner: true, priorIncome: '9000.00' },
      `林小雨 上年工资薪金收入不能填 9000.00：本单位 ${YEAR} 年已审批的工资表向其发放了 10000.00`,
    );
    // 小赵 of the 19号 解读: at the unit only from March of the year before — not every month of it.
    ok(await saveYear({ payeeId: users.buyer, startMonth: `${YEAR}-03`, remark: '上年3月入职' }, YEAR));
    await refused(
      { payeeId: users.buyer, startMonth: `${NEXT}-01`, lowEarner: true, priorIncome: '54000.00' },
      `郑伟 不适用“上年收入不超过6万元”的减除费用：${YEAR} 年自 ${YEAR}-03 起才在本单位任职受雇`,
    );

    // 小李 of the 19号 解读 (54,000 the year before, all of it here); 小张 of the 13号 解读 (graduate, from
    // July); someone who joined in March.
    lowEarner = ok(await saveYear({ payeeId: staff, startMonth: `${NEXT}-01`, lowEarner: true, priorIncome: '54000.00' }));
    firstJob = ok(await saveYear({ payeeId: users.newcomer, startMonth: `${NEXT}-07`, firstJob: true, remark: '应届毕业生' }));
    joined = ok(await saveYear({ payeeId: users.buyer, startMonth: `${NEXT}-03` }));
    const twice = await saveYear({ payeeId: staff, startMonth: `${NEXT}-01` });
    expect(twice.body.code).not.toBe('0');
    const list = ok(await server.get('/api/salary/taxYear/list', in2('finance'))) as Row[];
    expect(list.map((r) => [r.payeeId, r.taxYear, r.startMonth, r.firstJob, r.lowEarner])).toEqual([
      [staff, NEXT, `${NEXT}-01`, false, true],
      [users.buyer, NEXT, `${NEXT}-03`, false, false],
      [users.newcomer, NEXT, `${NEXT}-07`, true, false],
    ]);
    // Staff do not read them.
    expect((await server.get('/api/salary/taxYear/list', in2('staff'))).body.code).toBe('40103');
  });

  it('withholds by them: the months employed, not the months with a sheet', async () => {
    // January: 小李 has the year's 60,000 from January — nothing withheld, where the old way took 90.
    const january = ok(await saveSheet('01', [xiaoLi()]));
    expect(byPayee(await sheet(january.id))).toEqual({ 林小雨: ['60000.00', '0.00'] });
    await approve(january.id);

    // March: the graduate joins in July — not on a sheet before.
    const early = await saveSheet('03', [xiaoLi(), line('newcomer', { basic: '10000.00' })]);
    expect(early.body.code).toBe('40000');
    expect(early.body.msg).toBe(`工资明细第 2 行：新同事 本年自 ${NEXT}-07 起在本单位任职受雇，不能列入 ${NEXT}-03 的工资表`);
    // 郑伟 joined in March (his record); 孙强 has none: he counts from his first sheet of the year.
    // 10,000 less 2,250 of deductions less 5,000: 2,750 × 3 % = 82.50 each.
    const march = ok(
      await saveSheet('03', [xiaoLi(), line('buyer', { basic: '10000.00' }), line('dispatcher', { basic: '10000.00' })]),
    );
    expect(byPayee(await sheet(march.id))).toEqual({
      林小雨: ['60000.00', '0.00'],
      郑伟: ['5000.00', '82.50'],
      孙强: ['5000.00', '82.50'],
    });
    await approve(march.id);
    // Paid in March, 郑伟 cannot have joined in April.
    const late = await server.post('/api/salary/taxYear/update', { ...joined, startMonth: `${NEXT}-04` }, in2('finance'));
    expect(late.body.code).toBe('40000');
    expect(late.body.msg).toBe(`郑伟 的任职受雇起始月份不能是 ${NEXT}-04：${NEXT}-03 的工资表已审批通过并向其发放工资`);

    // July, no sheet in April–June: March to July is five months employed, 25,000 — two sheets would
    // have given 10,000. 郑伟 and 孙强: 30,000 (performance pay 20,000), deductions 6,750; cumulative
    // 40,000 − 25,000 − 9,000 = 6,000 × 3 % = 180, less 82.50 = 97.50 (by the sheets' months: 547.50).
    // 新同事 (小张's rule): 50,000, deductions 11,250; 50,000 − 35,000 − 11,250 = 3,750 × 3 % = 112.50
    // (from July alone: 1,012.50).
    const july = ok(
      await saveSheet('07', [
        xiaoLi(),
        line('buyer', { basic: '10000.00', performance: '20000.00' }),
        line('dispatcher', { basic: '10000.00', performance: '20000.00' }),
        line('newcomer', { basic: '50000.00' }),
      ]),
    );
    expect(byPayee(await sheet(july.id))).toEqual({
      林小雨: ['60000.00', '0.00'],
      郑伟: ['25000.00', '97.50'],
      孙强: ['25000.00', '97.50'],
      新同事: ['35000.00', '112.50'],
    });
    // A record changed after the save makes the sheet's figures stale: saved again, they follow it.
    ok(await server.post('/api/salary/taxYear/update', { ...firstJob, firstJob: false }, in2('finance')));
    const stale = await server.post(`/api/salary/sheet/submit?id=${july.id}`, {}, in2('finance'));
    expect(stale.body.code).toBe('40900');
    expect(stale.body.msg).toContain('重新核算为 1012.50，请保存后再提交');
    firstJob = ok(await server.get(`/api/salary/taxYear/infoById/${firstJob.id}`, in2('finance')));
    ok(await server.post('/api/salary/taxYear/update', { ...firstJob, firstJob: true }, in2('finance')));
    await approve(july.id);
    expect(byPayee(await sheet(july.id))['新同事']).toEqual(['35000.00', '112.50']);
    expect(lowEarner.id).toBeTruthy();
  });
});

describe('the demo’s months', () => {
  it('count from January for everyone on them, as the sheets of every month did before (issue 32)', async () => {
    const year = String(Number(YEAR) - 1);
    const demo = ok(await server.get('/api/salary/sheet/list', { ...as('finance'), headers: { year } })) as Row[];
    expect(demo.length).toBeGreaterThan(0);
    for (const s of demo) {
      const month = Number(String(s.salaryMonth).slice(5, 7));
      const lines = (await sheet(s.id)).lines as Row[];
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(l.basicDeduction, `${s.salaryMonth} ${l.payeeName}`).toBe(`${5000 * month}.00`);
    }
  });
});
