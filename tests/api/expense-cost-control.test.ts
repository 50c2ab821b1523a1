// Cost control (成本控制, issue 15): a ceiling per department × economic class × year that new
// spending on the department's indicators of that class may not pass (frozen and used together),
// whatever document spends; the list shows each ceiling with what is spent and left, figures read
// from the indicators at every read (`aggregate`, `compute` fields of issue 14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2037'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff']) tokens[name] = await server.login(name, 'Demo@12345');
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

let n = 0;
async function indicator(economicClass: string, amount = '10000.00'): Promise<number> {
  const limitCode = `CC-${++n}`;
  const body = {
    limitCode,
    budgetName: `指标${limitCode}`,
    deptId: dept['教务处'],
    expenseType: '2',
    economicClass,
    fundSource: '1',
    originalAmount: amount,
  };
  return Number(ok(await server.post('/api/neikong/budget/save', body, as('admin'))).id);
}
const application = async (budgetId: number, money: string) =>
  ok(await server.post('/api/expense/beforehand/save', { kind: '1', title: `申请 ${++n}`, budgetId, money }, as('staff')));
const submit = (id: number) => server.post(`/api/expense/beforehand/submit?id=${id}&confirmed=1`, {}, as('staff'));
const ceilings = async () => ok(await server.get('/api/expense/costControl/page?pageSize=100', as('finance'))).records as Row[];
const frozen = async (id: number) => ok(await server.get(`/api/neikong/budget/infoById/${id}`, as('admin'))).frozenAmount;

describe('a cost-control ceiling', () => {
  it('refuses spending of its department and class beyond it, across indicators, and shows spent and left', async () => {
    const a = await indicator('30211');
    const b = await indicator('30211');
    const office = await indicator('30201');
    const ceiling = ok(
      await server.post(
        '/api/expense/costControl/save',
        { deptId: dept['教务处'], economicClass: '30211', ceiling: '5000.00', remark: '差旅费压减' },
        as('finance'),
      ),
    );
    expect(ceiling.budgetYear).toBe(YEAR);
    let row = (await ceilings()).find((r) => r.id === ceiling.id)!;
    expect(row).toMatchObject({ ceiling: '5000.00', usedAmount: '0.00', leftAmount: '5000.00', deptIdLabel: '教务处' });

    ok(await submit((await application(a, '3000.00')).id));
    row = (await ceilings()).find((r) => r.id === ceiling.id)!;
    expect(row).toMatchObject({ usedAmount: '3000.00', leftAmount: '2000.00' });

    const over = await application(b, '2500.00');
    const refused = await submit(over.id);
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toBe(
      '超出成本控制数：教务处“30211”本年度控制数 5,000.00 元，冻结与已用合计将达 5,500.00 元（本次 2,500.00 元）',
    );
    const en = await server.post(`/api/expense/beforehand/submit?id=${over.id}&confirmed=1`, {}, as('staff', 'en-US'));
    expect(en.body.msg).toContain('Beyond the cost-control ceiling');
    // Nothing was held, and the application is still a draft.
    expect(await frozen(b)).toBe('0.00');
    expect(ok(await server.get(`/api/expense/beforehand/infoById/${over.id}`, as('staff'))).approvalStatus).toBe('0');

    ok(await submit((await application(b, '2000.00')).id));
    row = (await ceilings()).find((r) => r.id === ceiling.id)!;
    expect(row).toMatchObject({ usedAmount: '5000.00', leftAmount: '0.00' });
    // Another class of the department is not under this ceiling.
    ok(await submit((await application(office, '4000.00')).id));
    // A deduction finance enters directly is spending too.
    const deduction = await server.post(
      '/api/neikong/budgetSubtractDetails/save',
      { budgetId: a, amount: '0.01', note: '零星支出' },
      as('admin'),
    );
    expect(deduction.body).toMatchObject({ code: '40900' });
    expect(deduction.body.msg).toContain('超出成本控制数');
  });

  it('is one per department, class and year, kept by finance, of its own site', async () => {
    const first = ok(
      await server.post(
        '/api/expense/costControl/save',
        { deptId: dept['教务处'], economicClass: '30217', ceiling: '800.00' },
        as('finance'),
      ),
    );
    const again = await server.post(
      '/api/expense/costControl/save',
      { deptId: dept['教务处'], economicClass: '30217', ceiling: '900.00' },
      as('finance'),
    );
    expect(again.body.code).toBe('40900');
    // Another year may have its own.
    ok(
      await server.post(
        '/api/expense/costControl/save',
        { deptId: dept['教务处'], economicClass: '30217', ceiling: '900.00' },
        { ...as('finance'), headers: { year: '2038' } },
      ),
    );
    expect(
      (
        await server.post(
          '/api/expense/costControl/save',
          { deptId: dept['教务处'], economicClass: '30217', ceiling: '1.00' },
          as('staff'),
        )
      ).body.code,
    ).toBe('40103');
    expect((await server.get(`/api/expense/costControl/infoById/${first.id}`, as('cityadmin'))).body.code).toBe('40400');
    const negative = await server.post(
      '/api/expense/costControl/save',
      { deptId: dept['教务处'], economicClass: '30212', ceiling: '-1' },
      as('finance'),
    );
    expect(negative.body.code).toBe('40000');
    // The figures are read, not stored: they cannot be sent, nor sorted by.
    const sent = ok(
      await server.post(
        '/api/expense/costControl/save',
        { deptId: dept['教务处'], economicClass: '30212', ceiling: '100.00', usedAmount: '99.00', leftAmount: '1.00' },
        as('finance'),
      ),
    );
    expect((await ceilings()).find((r) => r.id === sent.id)).toMatchObject({ usedAmount: '0.00', leftAmount: '100.00' });
    const sorted = await server.get('/api/expense/costControl/page?sortField=usedAmount&sortOrder=desc', as('finance'));
    expect(sorted.body.code).toBe('40000');
  });

  it('lets concurrent spending on two indicators of one ceiling pass only up to it', async () => {
    const a = await indicator('30216');
    const b = await indicator('30216');
    ok(
      await server.post(
        '/api/expense/costControl/save',
        { deptId: dept['教务处'], economicClass: '30216', ceiling: '1000.00' },
        as('finance'),
      ),
    );
    const apps = await Promise.all(Array.from({ length: 8 }, (_, i) => application(i % 2 ? a : b, '300.00')));
    const answers = await Promise.all(apps.map((x) => submit(x.id)));
    expect(answers.filter((r) => r.body.code === '0')).toHaveLength(3);
    expect(answers.filter((r) => r.body.code === '40900')).toHaveLength(5);
    const total = Number(await frozen(a)) + Number(await frozen(b));
    expect(total).toBe(900);
  });
});
