// Budget statistics (issue 7; spec section 7 statistics, progre, progreOfDept, majorBudgetProgre;
// DOMAIN.md rates), the month bar and the project ledger. Indicators and movements of a year the
// demo seed does not use (the year before the current one) are made through the API and the ledger
// other modules call, on a clock set to the month each movement belongs to; every figure the
// endpoints give is compared with the one worked out by hand below. Data scope (the head of 教务处), the site boundary (city) and the year
// header are checked on the same figures. No call of this file may end in a system error.
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../server/modules/budget/ledger.ts';
import { journalByMonth } from '../../server/modules/budget/statistics.ts';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const answers: Array<{ call: string; status: number; code: string }> = [];

// The seed fills the current year; these years are the test's own.
const THIS = new Date().getFullYear();
const YEAR = String(THIS - 1);
const NEXT = String(THIS - 2); // another year, over before YEAR
const EMPTY = String(THIS + 1); // a year that has not begun on the test's clock
/** Mid-month, local time: the month a movement belongs to whatever the time zone. */
const at = (month: number, year = Number(YEAR)) => new Date(year, month - 1, 15, 10).getTime();

const db = () => server.database.db as unknown as Kysely<any>;
const siteOf = (who: string) => (who.startsWith('city') ? 'city' : 'demo');
const as = (who: string, year = YEAR, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: siteOf(who),
  lang,
  headers: { year },
});

function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}

const get = (path: string, opts: RequestOptions) => server.get(path, opts).then(ok);

let demoId = 0;
let adminId = 0;
const dept: Record<string, number> = {};
const ids: Record<string, number> = {};

async function indicator(key: string, body: Row, year = YEAR) {
  const row = ok(
    await server.post(
      '/api/neikong/budget/save',
      { limitCode: `ST-${key}`, budgetName: `统计测试${key}`, ...body },
      as('admin', year),
    ),
  );
  ids[key] = Number(row.id);
}

/** Moves the clock to a month of YEAR; sessions last 12 hours, so the admin signs in again. */
async function month(m: number) {
  server.clock.set(at(m));
  tokens.admin = await server.login('admin', 'Admin@12345');
}

/** Finance records spending (and payment) through the journal endpoint, on the clock's month. */
async function spend(key: string, amount: string, m: number, paid = false) {
  await month(m);
  ok(
    await server.post(
      '/api/neikong/budgetSubtractDetails/save',
      { budgetId: ids[key], amount, note: `统计测试${m}月`, paid },
      as('admin'),
    ),
  );
}

/** What other modules do through the ledger (freeze for a document, pay later, an approved increase). */
async function ledger(m: number, act: (l: Ledger) => Promise<unknown>) {
  await db()
    .transaction()
    .execute((trx) => act(new Ledger(trx, demoId, adminId, new Date(at(m)))));
}

beforeAll(async () => {
  server = await startServer();
  const request = server.request.bind(server);
  server.request = async <T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> => {
    const r = await request<T>(path, options);
    answers.push({ call: `${options.method ?? 'GET'} ${path}`, status: r.status, code: r.body.code });
    return r;
  };
  await month(1);
  demoId = Number(
    (await sql<Row>`select id from sys_dept where top_dept_key = 'demo' and parent_id = 0`.execute(db())).rows[0]!.id,
  );
  adminId = Number(
    (await sql<Row>`select id from sys_user where login_name = 'admin' and top_dept_id = ${demoId}`.execute(db())).rows[0]!.id,
  );
  for (const r of (
    await sql<Row>`select id, dept_name from sys_dept where top_dept_id = ${demoId} and id <> ${demoId}`.execute(db())
  ).rows)
    dept[String(r.dept_name)] = Number(r.id);

  // The year YEAR of the demo school, worked out by hand:
  //        dept  type  original    adjusted    frozen     used        paid        available
  //   A    教务处  2   100000.00   100000.00   2000.00    12345.67    12345.67     85654.33
  //   B    教务处  3   250000.50   270000.50      0.00   100000.00    60000.00    170000.50   (major)
  //   C    总务处  1    80000.25    80000.25      0.00    45000.25        0.00     35000.00
  //   D    财务室  2    33333.33    33333.33   1111.11        0.00        0.00     32222.22
  //   total           463334.08   483334.08   3111.11   157345.92    72345.67    322877.05
  await indicator('A', { deptId: dept['教务处'], expenseType: '2', economicClass: '30201', originalAmount: '100000.00' });
  await indicator('B', {
    deptId: dept['教务处'],
    expenseType: '3',
    projectName: '实验室建设',
    originalAmount: '250000.50',
    majorFlag: '1',
  });
  await indicator('C', { deptId: dept['总务处'], expenseType: '1', originalAmount: '80000.25' });
  await indicator('D', { deptId: dept['财务室'], expenseType: '2', originalAmount: '33333.33' });
  // Another year: one indicator the YEAR figures never include.
  await indicator('N', { deptId: dept['教务处'], expenseType: '2', originalAmount: '5000.00' }, NEXT);

  await spend('A', '12345.67', 2, true); //                 Feb: used A 12345.67, paid 12345.67
  await spend('C', '5000.00', 2); //                       Feb: used C 5000.00
  await spend('B', '100000.00', 3); //                     Mar: used B 100000.00
  await ledger(4, (l) => l.pay(ids.B!, '60000.00', { type: 'expense', id: null })); // Apr: paid 60000.00
  await ledger(4, (l) => l.adjustApply(ids.B!, '20000.00', { type: 'budgetAdjustApply', id: null })); // B adjusted +20000
  await spend('C', '40000.25', 5); //                      May: used C 40000.25
  await ledger(5, (l) => l.freeze(ids.A!, '2000.00', { type: 'expense', id: null }));
  await ledger(5, (l) => l.freeze(ids.D!, '1111.11', { type: 'expense', id: null }));
  // "Today" is 15 May of YEAR: time progress 5/12.
  await month(5);
  for (const name of ['head', 'staff', 'finance']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

describe('statistics', () => {
  it('gives the totals, the rates of DOMAIN.md and the plan by expense type, exactly', async () => {
    const s = await get('/api/neikong/budget/statistics', as('admin'));
    expect(s).toMatchObject({
      year: YEAR,
      count: 4,
      original: '463334.08',
      adjusted: '483334.08',
      adjustFrozen: '0.00',
      frozen: '3111.11',
      used: '157345.92',
      paid: '72345.67',
      available: '322877.05',
      executionRate: 32.55, //   157345.92 / 483334.08 = 32.554…
      paymentRate: 14.97, //     72345.67 / 483334.08 = 14.968…
      utilisationRate: 33.2, // 160457.03 / 483334.08 = 33.198…
      timeProgress: 41.67, //    5 / 12
    });
    expect(s.byExpenseType).toEqual([
      {
        expenseType: '1',
        label: '基本支出-人员经费',
        count: 1,
        original: '80000.25',
        adjusted: '80000.25',
        used: '45000.25',
        executionRate: 56.25, // 45000.25 / 80000.25 = 56.2501…
      },
      {
        expenseType: '2',
        label: '基本支出-公用经费',
        count: 2,
        original: '133333.33',
        adjusted: '133333.33',
        used: '12345.67',
        executionRate: 9.26, // 12345.67 / 133333.33 = 9.2592…
      },
      {
        expenseType: '3',
        label: '项目支出',
        count: 1,
        original: '250000.50',
        adjusted: '270000.50',
        used: '100000.00',
        executionRate: 37.04, // 100000 / 270000.50 = 37.0369…
      },
    ]);
    // The figures agree with the indicators' own balances.
    const indicators = (await get('/api/neikong/budget/page?pageSize=100', as('admin'))).records as Row[];
    expect(indicators.map((r) => r.limitCode).sort()).toEqual(['ST-A', 'ST-B', 'ST-C', 'ST-D']);
    expect(indicators.find((r) => r.limitCode === 'ST-A')).toMatchObject({ availableAmount: '85654.33' });
  });

  it('labels the expense types in the caller’s language', async () => {
    const s = await get('/api/neikong/budget/statistics', as('admin', YEAR, 'en-US'));
    expect(s.byExpenseType.map((t: Row) => t.label)).toEqual(['Basic – personnel', 'Basic – public', 'Project']);
  });

  it('keeps to the year header: another year has other figures, a year without indicators has none', async () => {
    expect(await get('/api/neikong/budget/statistics', as('admin', NEXT))).toMatchObject({
      year: NEXT,
      count: 1,
      adjusted: '5000.00',
      used: '0.00',
      executionRate: 0,
      timeProgress: 100, // a year that is over
    });
    expect(await get('/api/neikong/budget/statistics', as('admin', EMPTY))).toMatchObject({
      year: EMPTY,
      count: 0,
      adjusted: '0.00',
      available: '0.00',
      executionRate: 0,
      paymentRate: 0,
      utilisationRate: 0,
      timeProgress: 0, // a year that has not begun
    });
  });

  it('shows a department head the figures of his department only', async () => {
    // A and B belong to 教务处.
    expect(await get('/api/neikong/budget/statistics', as('head'))).toMatchObject({
      count: 2,
      original: '350000.50',
      adjusted: '370000.50',
      frozen: '2000.00',
      used: '112345.67',
      paid: '72345.67',
      available: '255654.83',
      executionRate: 30.36, // 112345.67 / 370000.50 = 30.3636…
      paymentRate: 19.55, //  72345.67 / 370000.50 = 19.5528…
      utilisationRate: 30.9, // 114345.67 / 370000.50 = 30.9042…
    });
    const depts = await get('/api/neikong/budget/progreOfDept', as('head'));
    expect(depts.map((d: Row) => d.deptName)).toEqual(['教务处']);
  });

  it('shows another organisation none of these figures, and staff without the budget menu nothing', async () => {
    const city = await get('/api/neikong/budget/statistics', as('cityadmin'));
    expect(city).toMatchObject({ count: 0, adjusted: '0.00', used: '0.00' });
    expect((await get('/api/neikong/budget/progre', as('cityadmin'))).months.every((m: Row) => m.used === '0.00')).toBe(true);
    expect(await get('/api/neikong/budget/progreOfDept', as('cityadmin'))).toEqual([]);
    expect(await get('/api/neikong/budget/majorBudgetProgre', as('cityadmin'))).toEqual([]);
    for (const path of ['statistics', 'progre', 'progreOfDept', 'majorBudgetProgre']) {
      const r = await server.get(`/api/neikong/budget/${path}`, as('staff'));
      expect(r.body.code, path).toBe('40103');
    }
  });

  it('takes the list filters of the indicators (one department, one expense type)', async () => {
    expect(await get(`/api/neikong/budget/statistics?deptId=${dept['总务处']}`, as('admin'))).toMatchObject({
      count: 1,
      adjusted: '80000.25',
      used: '45000.25',
    });
    expect(await get('/api/neikong/budget/statistics?expenseType=2', as('admin'))).toMatchObject({
      count: 2,
      adjusted: '133333.33',
      frozen: '3111.11',
    });
    const bad = await server.get('/api/neikong/budget/statistics?deptId=abc', as('admin'));
    expect(bad.body.code).toBe('40000');
  });
});

describe('progress by month', () => {
  it('sums the journal per month, cumulative, against time progress', async () => {
    const p = await get('/api/neikong/budget/progre', as('admin'));
    expect(p).toMatchObject({ year: YEAR, adjusted: '483334.08', timeProgress: 41.67 });
    const m = p.months as Row[];
    expect(m).toHaveLength(12);
    expect(m.map((x) => x.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(m.map((x) => x.used)).toEqual(['0.00', '17345.67', '100000.00', '0.00', '40000.25', ...Array(7).fill('0.00')]);
    expect(m.map((x) => x.paid)).toEqual(['0.00', '12345.67', '0.00', '60000.00', ...Array(8).fill('0.00')]);
    expect(m.map((x) => x.cumulativeUsed).slice(0, 6)).toEqual([
      '0.00',
      '17345.67',
      '117345.67',
      '117345.67',
      '157345.92',
      '157345.92',
    ]);
    expect(m[11]).toMatchObject({ cumulativeUsed: '157345.92', cumulativePaid: '72345.67', timeProgress: 100, elapsed: false });
    // 17345.67 / 483334.08 = 3.588…; 117345.67 / 483334.08 = 24.278…; 157345.92 / 483334.08 = 32.554…
    expect(m.map((x) => x.executionRate).slice(0, 6)).toEqual([0, 3.59, 24.28, 24.28, 32.55, 32.55]);
    expect(m.map((x) => x.timeProgress)).toEqual([8.33, 16.67, 25, 33.33, 41.67, 50, 58.33, 66.67, 75, 83.33, 91.67, 100]);
    expect(m.filter((x) => x.elapsed).map((x) => x.month)).toEqual([1, 2, 3, 4, 5]);
    // December's cumulative used is the indicators' used: the journal and the balances agree.
    const s = await get('/api/neikong/budget/statistics', as('admin'));
    expect(m[11]!.cumulativeUsed).toBe(s.used);
    expect(m[11]!.cumulativePaid).toBe(s.paid);
  });

  it('keeps to the head’s scope and the year header', async () => {
    const head = (await get('/api/neikong/budget/progre', as('head'))).months as Row[];
    expect(head.map((x) => x.used).slice(0, 5)).toEqual(['0.00', '12345.67', '100000.00', '0.00', '0.00']);
    expect(head[11]).toMatchObject({ cumulativeUsed: '112345.67', cumulativePaid: '72345.67' });
    const next = await get('/api/neikong/budget/progre', as('admin', NEXT));
    expect(next.months.every((x: Row) => x.used === '0.00' && x.elapsed)).toBe(true);
    const empty = await get('/api/neikong/budget/progre', as('admin', EMPTY));
    expect(empty.months.every((x: Row) => x.used === '0.00' && !x.elapsed)).toBe(true);
  });

  it('reads the months from the ledger’s monthly roll-up through its year index, not the journal', async () => {
    // The month query's plan, for everyone of the site and for a scoped caller: the roll-up is reached
    // by its (site, year, month) index (sequential scans off: on this small table the planner would
    // rightly prefer one; the point is that the query can use the index at all) and the journal not at all.
    const scoped = [sql<boolean>`t.top_dept_id = ${demoId}`, sql<boolean>`t.dept_id = ${dept['教务处']}`];
    for (const indicators of [null, scoped]) {
      const plan = await db()
        .connection()
        .execute(async (conn) => {
          await sql`set enable_seqscan = off`.execute(conn);
          try {
            return (await sql<Row>`explain ${journalByMonth(demoId, YEAR, indicators)}`.execute(conn)).rows;
          } finally {
            await sql`set enable_seqscan = on`.execute(conn);
          }
        });
      const text = plan.map((r) => Object.values(r).join('')).join('\n');
      expect(text).toContain('nk_budget_month_year');
      expect(text).not.toContain('nk_budget_journal');
    }
  });

  it('serves the month bar with the real spending of the year', async () => {
    const bar = await get('/api/analysis/month-bar', as('admin'));
    expect(bar).toHaveLength(12);
    expect(bar[0]).toMatchObject({ x: '1月', month: 1, y: 0, amount: '0.00' });
    expect(bar[1]).toMatchObject({ x: '2月', month: 2, y: 17345.67, amount: '17345.67' });
    expect(bar[4]).toMatchObject({ month: 5, y: 40000.25, amount: '40000.25' });
    const en = await get('/api/analysis/month-bar', as('admin', YEAR, 'en-US'));
    expect(en.map((b: Row) => b.x).slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
    expect((await server.get('/api/analysis/month-bar', as('staff'))).body.code).toBe('40103');
  });
});

describe('departments and major indicators', () => {
  it('gives each department its balances and rates, highest execution first', async () => {
    const depts = (await get('/api/neikong/budget/progreOfDept', as('admin'))) as Row[];
    expect(depts.map((d) => [d.deptName, d.adjusted, d.used, d.paid, d.executionRate, d.paymentRate])).toEqual([
      ['总务处', '80000.25', '45000.25', '0.00', 56.25, 0], //          45000.25 / 80000.25
      ['教务处', '370000.50', '112345.67', '72345.67', 30.36, 19.55],
      ['财务室', '33333.33', '0.00', '0.00', 0, 0],
    ]);
    expect(depts[2]).toMatchObject({ deptId: dept['财务室'], frozen: '1111.11', available: '32222.22', utilisationRate: 3.33 });
  });

  it('lists the major (三重一大) indicators with their progress', async () => {
    const major = (await get('/api/neikong/budget/majorBudgetProgre', as('admin'))) as Row[];
    expect(major).toEqual([
      expect.objectContaining({
        id: ids.B,
        budgetName: '统计测试B',
        limitCode: 'ST-B',
        projectName: '实验室建设',
        deptName: '教务处',
        adjusted: '270000.50',
        used: '100000.00',
        paid: '60000.00',
        executionRate: 37.04, // 100000 / 270000.50
        paymentRate: 22.22, //   60000 / 270000.50
      }),
    ]);
    // Unmarked, it leaves the list.
    ok(await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.B, majorFlag: '0' }, as('admin')));
    expect(await get('/api/neikong/budget/majorBudgetProgre', as('admin'))).toEqual([]);
    ok(await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.B, majorFlag: '1' }, as('admin')));
  });
});

describe('project ledger', () => {
  it('lists project indicators only, under its own permission', async () => {
    const page = await get('/api/neikong/projectLedger/page?pageSize=50', as('admin'));
    expect(page.records.map((r: Row) => r.limitCode)).toEqual(['ST-B']);
    expect(page.records[0]).toMatchObject({
      projectName: '实验室建设',
      deptIdLabel: '教务处',
      adjustedAmount: '270000.50',
      usedAmount: '100000.00',
      paidAmount: '60000.00',
      availableAmount: '170000.50',
    });
    // Asking for another expense type changes nothing: the ledger is project expenditure.
    const forced = await get('/api/neikong/projectLedger/page?expenseType=2', as('admin'));
    expect(forced.records.map((r: Row) => r.limitCode)).toEqual(['ST-B']);
    expect((await get('/api/neikong/projectLedger/list?expenseType=1', as('admin'))).map((r: Row) => r.limitCode)).toEqual([
      'ST-B',
    ]);
    expect(ok(await server.get(`/api/neikong/projectLedger/infoById/${ids.B}`, as('admin')))).toMatchObject({ id: ids.B });
    expect((await server.get(`/api/neikong/projectLedger/infoById/${ids.A}`, as('admin'))).body.code).toBe('40400');
    // Read-only: no writes through the view.
    const write = await server.post('/api/neikong/projectLedger/save', { limitCode: 'X' }, as('admin'));
    expect(write.status).toBe(404);
  });

  it('keeps to scope, site and permission', async () => {
    expect((await get('/api/neikong/projectLedger/page', as('head'))).records.map((r: Row) => r.limitCode)).toEqual(['ST-B']);
    expect((await get('/api/neikong/projectLedger/page', as('cityadmin'))).total).toBe(0);
    expect((await server.get('/api/neikong/projectLedger/page', as('staff'))).body.code).toBe('40103');
    const bundle = await get('/api/schema/page/ProjectLedger', as('head'));
    expect(bundle.entity.name).toBe('projectLedger');
    expect(bundle.list.filter).toEqual({ expenseType: '3' });
    expect(bundle.list.rowActions.map((a: Row) => a.action)).toEqual(['view']);
  });

  it('exports the project indicators only', async () => {
    const r = await server.get('/api/neikong/projectLedger/export?expenseType=2', as('admin'));
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const raw = await new Promise<Buffer>((resolve, reject) => {
      // The test client decodes text; ask again for the bytes.
      import('node:http').then(({ default: http }) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/api/neikong/projectLedger/export?expenseType=2',
            headers: { token: tokens.admin!, hostname: 'localhost', year: YEAR, 'accept-language': 'zh-CN' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          },
        );
        req.on('error', reject);
        req.end();
      });
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('项目台账');
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values).toHaveLength(2); // header and ST-B
    expect(values[1]).toContain('ST-B');
  });
});
