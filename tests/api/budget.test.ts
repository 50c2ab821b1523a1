// Budgets end to end over HTTP (issue 7; DOMAIN.md "Budget indicators", "Budget adjustments", "Demo
// organisations"; spec section 7 "Budget (/neikong)"): indicators and their tree, the pickers and
// single-field updates, the year header, data scope and the site boundary, finance's spending
// records, replies, direct adjustments, the budget plan through its approval, and the seeded demo
// year. Figures the tests compare exactly live in years the seed does not use (OWN and the others
// below); the seeded year is read, and asserted as DOMAIN.md describes it. No call of this file may
// end in a system error.
import ExcelJS from 'exceljs';
import http from 'node:http';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const answers: Array<{ call: string; status: number; code: string }> = [];

/** The demo seed fills the year the server starts in (2026 on the project's calendar). */
const SEED = String(new Date().getFullYear());
const OWN = '2031'; // this file's indicators
const OTHER = '2032'; // the same limit codes in another year
const SORTED = '2033'; // a year of a few indicators only: pickers, exports, sort
const PLAN = '2034'; // indicators made by approved budget plans

beforeAll(async () => {
  server = await startServer();
  const request = server.request.bind(server);
  server.request = async <T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> => {
    const r = await request<T>(path, options);
    answers.push({ call: `${options.method ?? 'GET'} ${path}`, status: r.status, code: r.body.code });
    return r;
  };
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'principal']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  const demoDepts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
  for (const d of demoDepts) dept[d.deptName] = Number(d.id);
  const cityDepts = ok(await server.get('/api/core/dept/list', as('cityadmin'))) as Row[];
  cityDept = Number(cityDepts.find((d) => Number(d.parentId) !== 0)?.id ?? cityDepts[0]!.id);
});
afterAll(async () => server?.close());
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// helpers

const db = () => server.database.db as unknown as Kysely<any>;
const rows = async <T = Row>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const dept: Record<string, number> = {};
let cityDept = 0;

const siteOf = (who: string) => (who.startsWith('city') ? 'city' : 'demo');
const as = (who: string, year = OWN, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: siteOf(who),
  lang,
  headers: { year },
});

function ok<T = any>(r: Reply<T>): T {
  expect(r.status).toBe(200);
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}
function refused(r: Reply, code: string, ...words: string[]) {
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  expect(r.body.msg).toBeTruthy();
  for (const w of words) expect(r.body.msg).toContain(w);
}

let counter = 0;
const unique = (prefix = 'BT') => `${prefix}-${++counter}`;

/** An indicator of 教务处 (office expenses, 1 000.00) unless the body says otherwise. */
async function indicator(body: Row = {}, year = OWN, who = 'admin'): Promise<Row> {
  const limitCode = unique();
  return ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode,
        budgetName: `测试指标${limitCode}`,
        deptId: dept['教务处'],
        expenseType: '2',
        economicClass: '30201',
        fundSource: '1',
        originalAmount: '1000.00',
        ...body,
      },
      as(who, year),
    ),
  );
}
const info = async (id: number, who = 'admin', year = OWN): Promise<Row> =>
  ok(await server.get(`/api/neikong/budget/infoById/${id}`, as(who, year)));
const listOf = async (year: string, query = '', who = 'admin'): Promise<Row[]> =>
  ok(await server.get(`/api/neikong/budget/list${query ? `?${query}` : ''}`, as(who, year)));
/** The indicator's movements as 指标变动明细 shows them, oldest first. */
const journal = async (budgetId: number, year = OWN, who = 'admin', extra = ''): Promise<Row[]> =>
  (
    ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${budgetId}&pageSize=100${extra}`, as(who, year)))
      .records as Row[]
  ).reverse();
const spend = (budgetId: number, amount: string | number, paid = false, who = 'finance', year = OWN, note = '测试报销') =>
  server.post('/api/neikong/budgetSubtractDetails/save', { budgetId, amount, note, paid }, as(who, year));
const update = (body: Row, year = OWN, who = 'admin') => server.post('/api/neikong/budget/update', body, as(who, year));
const remove = (id: number, who = 'admin') => server.post(`/api/neikong/budget/remove?ids=${id}`, {}, as(who));
const count = async (table: 'nk_budget' | 'nk_budget_journal' | 'nk_budget_reply' | 'nk_budget_adjust' | 'nk_budget_plan') =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.table(table)}`))[0]!.n);
const journalCount = async (budgetId: number) =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from nk_budget_journal where budget_id = ${budgetId}`))[0]!.n);
/** An indicator's balances as the list shows them. */
const balances = (r: Row) => ({
  original: r.originalAmount,
  adjusted: r.adjustedAmount,
  adjustFrozen: r.adjustFrozen,
  frozen: r.frozenAmount,
  used: r.usedAmount,
  paid: r.paidAmount,
  available: r.availableAmount,
});

/** An export's bytes (the test client decodes text). */
function download(path: string, who: string, year: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        headers: { token: tokens[who]!, hostname: 'localhost', year, 'accept-language': 'zh-CN' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const seedRow = async (code: string, who = 'admin'): Promise<Row> => {
  const found = (await listOf(SEED, `limitCode=${SEED}-${code}`, who)).filter((r) => r.limitCode === `${SEED}-${code}`);
  expect(found, `${SEED}-${code}`).toHaveLength(1);
  return found[0]!;
};

const todo = async (who: string) =>
  ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
async function decide(entity: string, id: number, who: string, decision: 'approve' | 'reject', comment = `${who} 意见`) {
  const task = (await todo(who)).find((t) => t.entity === entity && t.businessKey === id);
  expect(task, `${who} should have a task of ${entity} ${id}`).toBeTruthy();
  return ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment }, as(who)));
}

// ---------------------------------------------------------------------------------------------

describe('the seeded demo year', () => {
  it('has 差旅费 at 85 % and 维修（护）费 at 98 % of their budgets', async () => {
    const travel = await seedRow('203');
    expect(travel.budgetName).toBe('差旅费');
    expect(Number(travel.executionRate)).toBe(85);
    expect(travel.usedAmount).toBe('68000.00');
    const repair = await seedRow('204');
    expect(repair.budgetName).toBe('维修（护）费');
    expect(Number(repair.executionRate)).toBe(98);
    expect(repair.usedAmount).toBe('294000.00');
    // The parent of the teaching-quality project holds no money; its children do.
    const parent = await seedRow('300');
    const children = (await listOf(SEED, `limitCode=${SEED}-300-`)).map((r) => r.parentId);
    expect(children).toEqual([parent.id, parent.id]);
  });

  it('has adjustment applications in every approval status 0–5, and one in flight on 差旅费', async () => {
    const statuses = ok(await server.get('/api/neikong/budgetAdjustApply/queryParamOfStatus', as('admin', SEED))) as Row[];
    for (const v of ['0', '1', '2', '3', '4', '5']) {
      const s = statuses.find((x) => x.value === v);
      expect(s?.count, `status ${v}`).toBeGreaterThanOrEqual(1);
    }
    const page = ok(await server.get('/api/neikong/budgetAdjustApply/page?pageSize=100', as('admin', SEED)));
    expect(new Set((page.records as Row[]).map((r) => String(r.approvalStatus)))).toEqual(
      new Set(['0', '1', '2', '3', '4', '5']),
    );
    const picker = ok(await server.get('/api/neikong/budget/adjustmentBudget', as('admin', SEED))) as Row[];
    const travel = picker.find((r) => r.limitCode === `${SEED}-203`);
    expect(travel?.adjusting).toBe(true);
    expect(picker.find((r) => r.limitCode === `${SEED}-204`)?.adjusting).toBe(false);
    // The transfer holds 5 000 of 差旅费 while it is in approval.
    expect(travel?.adjustFrozen).toBe('5000.00');
  });

  it("has the next year's plan items (one with finance, one a draft)", async () => {
    const next = String(Number(SEED) + 1);
    const plans = ok(await server.get(`/api/neikong/budgetPlan/page?planYear=${next}&pageSize=100`, as('admin', SEED)))
      .records as Row[];
    expect(plans.map((p) => String(p.approvalStatus)).sort()).toEqual(['0', '1']);
  });

  it('keeps the journal identity for every seeded indicator: the last row’s balances are the indicator’s', async () => {
    const seeded =
      await rows(sql<Row>`select b.id, b.limit_code, b.adjusted_amount, b.adjust_frozen, b.frozen_amount, b.used_amount,
        b.paid_amount, b.original_amount,
        (select row_to_json(j) from (select * from nk_budget_journal j where j.budget_id = b.id order by j.id desc limit 1) j) as last
      from nk_budget b join sys_dept d on d.id = b.top_dept_id
      where d.top_dept_key = 'demo' and b.budget_year = ${SEED} order by b.id`);
    expect(seeded.length).toBeGreaterThanOrEqual(16);
    const n = (v: unknown) => Number(v).toFixed(2);
    for (const b of seeded) {
      if (Number(b.adjusted_amount) === 0) {
        expect(b.last, `${b.limit_code} never moved`).toBeNull();
        continue;
      }
      expect(b.last, `${b.limit_code} has journal rows`).toBeTruthy();
      const j = b.last as Row;
      expect([j.adjusted_after, j.adjust_frozen_after, j.frozen_after, j.used_after, j.paid_after].map(n), b.limit_code).toEqual(
        [b.adjusted_amount, b.adjust_frozen, b.frozen_amount, b.used_amount, b.paid_amount].map(n),
      );
      expect(Number(b.paid_amount)).toBeLessThanOrEqual(Number(b.used_amount));
    }
    // And the movements add up: raises and adjustments to the adjusted amount, spending to used, payments to paid.
    const sums = await rows(sql<Row>`select b.limit_code, b.adjusted_amount,
        coalesce(sum(j.amount) filter (where j.kind in ('original', 'reply', 'adjustApply')), 0) as raised,
        b.used_amount, coalesce(sum(j.amount) filter (where j.kind = 'consume'), 0) as consumed,
        b.paid_amount, coalesce(sum(j.amount) filter (where j.kind = 'pay'), 0) as payments
      from nk_budget b join sys_dept d on d.id = b.top_dept_id left join nk_budget_journal j on j.budget_id = b.id
      where d.top_dept_key = 'demo' and b.budget_year = ${SEED} group by b.id order by b.id`);
    for (const s of sums) {
      expect(n(s.raised), s.limit_code).toBe(n(s.adjusted_amount));
      expect(n(s.consumed), s.limit_code).toBe(n(s.used_amount));
      expect(n(s.payments), s.limit_code).toBe(n(s.paid_amount));
    }
  });
});

describe('indicators', () => {
  it('saves one: the original amount becomes the adjusted amount, with an "original" journal row', async () => {
    const saved = await indicator({ originalAmount: '1234.56' });
    expect(saved).toMatchObject({ budgetYear: OWN, majorFlag: '0', parentId: 0 });
    const shown = await info(saved.id);
    expect(balances(shown)).toEqual({
      original: '1234.56',
      adjusted: '1234.56',
      adjustFrozen: '0.00',
      frozen: '0.00',
      used: '0.00',
      paid: '0.00',
      available: '1234.56',
    });
    expect(shown.deptIdLabel).toBe('教务处');
    const moves = await journal(saved.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ kind: 'original', amount: '1234.56', sourceType: 'budget', sourceId: saved.id });
    expect(moves[0]!.availableAfter).toBe('1234.56');
  });

  it('updates its metadata without touching the money', async () => {
    const saved = await indicator();
    const changed = ok(
      await update({ id: saved.id, version: saved.version, budgetName: '改名后的指标', remark: '备注', projectName: '新项目' }),
    );
    expect(changed).toMatchObject({
      budgetName: '改名后的指标',
      remark: '备注',
      projectName: '新项目',
      adjustedAmount: '1000.00',
    });
    expect(changed.version).toBe(saved.version + 1);
    expect(await journal(saved.id)).toHaveLength(1);
    // An old version is refused: someone else changed it meanwhile.
    refused(await update({ id: saved.id, version: saved.version, budgetName: '又改' }), '40900', '已被他人修改');
    expect((await info(saved.id)).budgetName).toBe('改名后的指标');
  });

  it('corrects the original amount before anything moved (journal), and refuses it after a movement', async () => {
    const saved = await indicator();
    ok(await update({ id: saved.id, version: saved.version, originalAmount: '1500.00' }));
    let current = await info(saved.id);
    expect(current).toMatchObject({ originalAmount: '1500.00', adjustedAmount: '1500.00', availableAmount: '1500.00' });
    ok(await update({ id: saved.id, version: current.version, originalAmount: '800.00' }));
    current = await info(saved.id);
    expect(current).toMatchObject({ originalAmount: '800.00', adjustedAmount: '800.00' });
    expect((await journal(saved.id)).map((j) => [j.kind, j.amount])).toEqual([
      ['original', '1000.00'],
      ['original', '500.00'],
      ['original', '-700.00'],
    ]);
    ok(await spend(saved.id, '100.00'));
    current = await info(saved.id);
    refused(await update({ id: saved.id, version: current.version, originalAmount: '900.00' }), '40900', '已有变动');
    const after = await info(saved.id);
    expect(balances(after)).toMatchObject({ original: '800.00', adjusted: '800.00', used: '100.00', available: '700.00' });
    expect(after.version).toBe(current.version);
    // The same amount with other fields (what the edit form sends) still saves.
    ok(await update({ id: saved.id, version: current.version, originalAmount: '800.00', budgetName: '已使用的指标' }));
    expect((await info(saved.id)).budgetName).toBe('已使用的指标');
  });

  it('removes an untouched one; refuses one that moved, has children or is named by an adjustment', async () => {
    const untouched = await indicator();
    expect(ok(await remove(untouched.id))).toEqual({ removed: 1 });
    refused(await server.get(`/api/neikong/budget/infoById/${untouched.id}`, as('admin')), '40400');
    expect(await journalCount(untouched.id)).toBe(0);

    const moved = await indicator();
    ok(await spend(moved.id, '1.00'));
    refused(await remove(moved.id), '40900', moved.budgetName, '不能删除');
    expect((await info(moved.id)).usedAmount).toBe('1.00');

    const parent = await indicator({ originalAmount: '0' });
    await indicator({ parentId: parent.id });
    refused(await remove(parent.id), '40900', parent.budgetName, '请先删除下级指标');
    expect((await info(parent.id)).id).toBe(parent.id);

    const adjusted = await indicator();
    const apply = ok(
      await server.post(
        '/api/neikong/budgetAdjustApply/save',
        {
          title: '追加测试',
          adjustKind: '1',
          money: '10.00',
          reason: '测试',
          details: [{ budgetId: adjusted.id, amount: '10.00' }],
        },
        as('admin'),
      ),
    );
    refused(await remove(adjusted.id), '40900', adjusted.budgetName);
    // Once the draft is gone, so is the reason.
    ok(await server.post(`/api/neikong/budgetAdjustApply/remove?ids=${apply.id}`, {}, as('admin')));
    ok(await remove(adjusted.id));
  });

  it('puts a child under a parent, refuses children under a parent that moved money, spends on leaves only', async () => {
    const parent = await indicator({ originalAmount: '0', budgetName: '上级指标' });
    const child = await indicator({ parentId: parent.id, originalAmount: '500.00' });
    expect(child.parentId).toBe(parent.id);
    const tree = await listOf(OWN, `limitCode=${child.limitCode}`);
    expect(tree[0]).toMatchObject({ parentId: parent.id, parentIdLabel: '上级指标' });

    refused(await spend(parent.id, '1.00'), '40900', '上级指标', '有下级指标');
    expect((await info(parent.id)).usedAmount).toBe('0.00');
    // Nor does money come to a parent: a reply naming its code is refused.
    const toParent = await server.post(
      '/api/neikong/budgetReply/save',
      {
        replyNo: unique('示教财'),
        replyDate: `${OWN}-03-01`,
        limitCode: parent.limitCode,
        budgetName: '上级指标',
        deptId: dept['教务处'],
        expenseType: '2',
        amount: '100.00',
      },
      as('finance'),
    );
    refused(toParent, '40900', '上级指标', '有下级指标');
    expect(await info(parent.id)).toMatchObject({ adjustedAmount: '0.00', availableAmount: '0.00' });
    ok(await spend(child.id, '1.00'));
    expect((await info(child.id)).usedAmount).toBe('1.00');

    const spent = await indicator({ budgetName: '已花钱的指标' });
    ok(await spend(spent.id, '10.00'));
    const elsewhere = await indicator({ originalAmount: '0' }, OTHER);
    const before = await count('nk_budget');
    refused(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: unique(),
          budgetName: '迟到的下级',
          deptId: dept['教务处'],
          expenseType: '2',
          originalAmount: '1.00',
          parentId: spent.id,
        },
        as('admin'),
      ),
      '40900',
      '已花钱的指标',
      '不能再添加下级指标',
    );
    expect(await count('nk_budget')).toBe(before);
    // A parent of another year is no parent.
    refused(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: unique(),
          budgetName: '跨年下级',
          deptId: dept['教务处'],
          expenseType: '2',
          originalAmount: '1',
          parentId: elsewhere.id,
        },
        as('admin'),
      ),
      '40000',
      '同一年度',
    );
    expect(await count('nk_budget')).toBe(before);
  });

  it('keeps limit codes unique per site and year', async () => {
    const first = await indicator();
    const again = ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: first.limitCode,
          budgetName: '下一年度同编码',
          deptId: dept['教务处'],
          expenseType: '2',
          originalAmount: '1',
        },
        as('admin', OTHER),
      ),
    );
    expect(again).toMatchObject({ limitCode: first.limitCode, budgetYear: OTHER });
    const city = ok(
      await server.post(
        '/api/neikong/budget/save',
        { limitCode: first.limitCode, budgetName: '市医院同编码', deptId: cityDept, expenseType: '2', originalAmount: '1' },
        as('cityadmin'),
      ),
    );
    expect(city.limitCode).toBe(first.limitCode);
    const before = [await count('nk_budget'), await count('nk_budget_journal')];
    refused(
      await server.post(
        '/api/neikong/budget/save',
        { limitCode: first.limitCode, budgetName: '重复', deptId: dept['教务处'], expenseType: '2', originalAmount: '1' },
        as('admin'),
      ),
      '40900',
      '指标编码',
      first.limitCode,
      '已存在',
    );
    expect([await count('nk_budget'), await count('nk_budget_journal')]).toEqual(before);
    // Renaming another one to it is refused the same way.
    const second = await indicator();
    refused(
      await server.post('/api/neikong/budget/updateLimitCode', { id: second.id, limitCode: first.limitCode }, as('admin')),
      '40900',
      first.limitCode,
    );
    expect((await info(second.id)).limitCode).toBe(second.limitCode);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const good = {
      limitCode: 'BAD-1',
      budgetName: '坏输入',
      deptId: dept['教务处'],
      expenseType: '2',
      originalAmount: '100.00',
    };
    const cases: Array<[string, Row, string, string[]]> = [
      ['missing name', { budgetName: undefined }, '40000', ['指标名称']],
      ['an empty name', { budgetName: '' }, '40000', ['指标名称']],
      ['a negative amount', { originalAmount: '-100.00' }, '40000', ['年初预算数不能小于0']],
      ['a negative amount as a number', { originalAmount: -100 }, '40000', ['年初预算数']],
      ['three decimals', { originalAmount: '100.123' }, '40000', ['年初预算数的小数位数过多（最多2位）']],
      ['three decimals as a number', { originalAmount: 100.123 }, '40000', ['年初预算数的小数位数过多（最多2位）']],
      ['an amount that is no number', { originalAmount: 'abc' }, '40000', ['年初预算数']],
      ['an amount of the wrong type', { originalAmount: true }, '40000', ['年初预算数']],
      ['a department of the city site', { deptId: cityDept }, '40000', ['归口部门']],
      ['a department that does not exist', { deptId: 99999999 }, '40000', ['归口部门']],
      ['a department of the wrong type', { deptId: 'abc' }, '40000', ['归口部门']],
      ['a name of the wrong type', { budgetName: 123 }, '40000', ['指标名称']],
      ['an expense type not in the dictionary', { expenseType: '9' }, '40000', ['支出类型']],
      ['a limit code with spaces', { limitCode: 'A B' }, '40000', ['指标编码']],
      ['a parent that does not exist', { parentId: 99999999 }, '40000', ['上级指标']],
    ];
    const before = [await count('nk_budget'), await count('nk_budget_journal')];
    for (const [what, patch, code, words] of cases) {
      const body: Row = { ...good, ...patch };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const r = await server.post('/api/neikong/budget/save', body, as('admin'));
      expect(r.body.code, `${what}: ${r.body.msg}`).toBe(code);
      for (const w of words) expect(r.body.msg, what).toContain(w);
    }
    expect([await count('nk_budget'), await count('nk_budget_journal')]).toEqual(before);
    // Asked in English, the refusal is English.
    const en = await server.post('/api/neikong/budget/save', { ...good, originalAmount: '-1' }, as('admin', OWN, 'en-US'));
    refused(en, '40000', 'Original amount must be at least 0');
    // Updates: a missing id is 40400; a bad amount on update is refused too.
    refused(await update({ id: 99999999, version: 0, budgetName: 'x' }), '40400');
    const saved = await indicator();
    refused(await update({ id: saved.id, version: saved.version, originalAmount: '-5' }), '40000', '年初预算数');
    refused(await update({ id: saved.id, version: saved.version, originalAmount: null }), '40000', '年初预算数');
    refused(await update({ id: saved.id, version: saved.version, budgetName: '' }), '40000', '指标名称');
    expect(balances(await info(saved.id))).toMatchObject({ original: '1000.00', adjusted: '1000.00' });
    expect(await journal(saved.id)).toHaveLength(1);
    refused(await server.get('/api/neikong/budget/infoById/abc', as('admin')), '40400');
  });
});

describe('lists, pickers and single-field updates', () => {
  let ids: Row = {};
  beforeAll(async () => {
    // Three leaves and a parent with one child, sorted by hand.
    const a = await indicator({ budgetName: '乙-排序2', sortNo: 2 }, SORTED);
    const b = await indicator({ budgetName: '甲-排序3', sortNo: 3, deptId: dept['总务处'] }, SORTED);
    const c = await indicator({ budgetName: '丙-排序1', sortNo: 1 }, SORTED);
    const parent = await indicator({ budgetName: '丁-上级', sortNo: 4, originalAmount: '0' }, SORTED);
    const child = await indicator({ budgetName: '戊-下级', sortNo: 5, parentId: parent.id }, SORTED);
    ids = { a, b, c, parent, child };
  });

  it('lists the year, sorted as asked; listSort always by the sort number', async () => {
    const byName = await listOf(SORTED, 'sortField=limitCode&sortOrder=desc');
    expect(byName.map((r) => r.id)).toEqual(
      [ids.a, ids.b, ids.c, ids.parent, ids.child].sort((x, y) => (x.limitCode < y.limitCode ? 1 : -1)).map((r) => r.id),
    );
    const sorted = ok(
      await server.get('/api/neikong/budget/listSort?sortField=limitCode&sortOrder=desc', as('admin', SORTED)),
    ) as Row[];
    expect(sorted.map((r) => r.budgetName)).toEqual(['丙-排序1', '乙-排序2', '甲-排序3', '丁-上级', '戊-下级']);
    // Filters of the query form.
    expect((await listOf(SORTED, `deptId=${dept['总务处']}`)).map((r) => r.id)).toEqual([ids.b.id]);
    expect((await listOf(SORTED, `budgetName=${encodeURIComponent('排序')}`)).length).toBe(3);
    refused(await server.get('/api/neikong/budget/list?sortField=nope', as('admin', SORTED)), '40000');
  });

  it('noChildrenList gives the leaves only, and with ids exactly those (whatever their year)', async () => {
    const leaves = ok(await server.get('/api/neikong/budget/noChildrenList', as('admin', SORTED))) as Row[];
    expect(leaves.map((r) => r.budgetName)).toEqual(['丙-排序1', '乙-排序2', '甲-排序3', '戊-下级']);
    const picked = ok(
      await server.get(
        `/api/neikong/budget/noChildrenList?ids=${ids.a.id},${ids.child.id},${ids.parent.id}`,
        as('admin', SORTED),
      ),
    ) as Row[];
    expect(picked.map((r) => r.id).sort()).toEqual([ids.a.id, ids.child.id].sort());
    // A document of another year keeps showing its indicators.
    const other = ok(await server.get(`/api/neikong/budget/noChildrenList?ids=${ids.a.id}`, as('admin', SEED))) as Row[];
    expect(other.map((r) => r.id)).toEqual([ids.a.id]);
    refused(await server.get('/api/neikong/budget/noChildrenList?ids=1,x', as('admin', SORTED)), '40000');
    // Another site's ids give nothing.
    const city = ok(await server.get(`/api/neikong/budget/noChildrenList?ids=${ids.a.id}`, as('cityadmin', SORTED))) as Row[];
    expect(city).toEqual([]);
  });

  it('limitCodeList gives the codes of the year', async () => {
    const codes = ok(await server.get('/api/neikong/budget/limitCodeList', as('admin', SORTED))) as Row[];
    expect(codes.map((r) => r.limitCode)).toEqual([ids.a, ids.b, ids.c, ids.parent, ids.child].map((r) => r.limitCode).sort());
    expect(codes.find((r) => r.id === ids.a.id)).toEqual({ id: ids.a.id, limitCode: ids.a.limitCode, budgetName: '乙-排序2' });
    const seeded = ok(await server.get('/api/neikong/budget/limitCodeList', as('admin', SEED))) as Row[];
    expect(seeded.map((r) => r.limitCode)).toContain(`${SEED}-203`);
    expect(seeded.map((r) => r.limitCode)).not.toContain(ids.a.limitCode);
  });

  it('adjustmentBudget marks the leaves with an adjustment in approval', async () => {
    const before = ok(await server.get('/api/neikong/budget/adjustmentBudget', as('admin', SORTED))) as Row[];
    expect(before.map((r) => r.budgetName)).toEqual(['丙-排序1', '乙-排序2', '甲-排序3', '戊-下级']);
    expect(before.every((r) => r.adjusting === false)).toBe(true);
    const apply = ok(
      await server.post(
        '/api/neikong/budgetAdjustApply/save',
        {
          title: '排序追加',
          adjustKind: '1',
          money: '10.00',
          reason: '测试',
          details: [{ budgetId: ids.a.id, amount: '10.00' }],
        },
        as('admin', SORTED),
      ),
    );
    // A draft is not in approval yet.
    let now = ok(await server.get('/api/neikong/budget/adjustmentBudget', as('admin', SORTED))) as Row[];
    expect(now.find((r) => r.id === ids.a.id)?.adjusting).toBe(false);
    ok(await server.post(`/api/neikong/budgetAdjustApply/submit?id=${apply.id}`, { id: apply.id }, as('admin', SORTED)));
    now = ok(await server.get('/api/neikong/budget/adjustmentBudget', as('admin', SORTED))) as Row[];
    expect(now.filter((r) => r.adjusting).map((r) => r.id)).toEqual([ids.a.id]);
    // Decided as the approval page decides it: through the call its entity names, the spec's audit.
    const bundle = ok(await server.get('/api/schema/approval/budgetAdjustApply', as('finance', SORTED)));
    expect(bundle.entity).toMatchObject({ api: '/neikong/budgetAdjustApply', decide: 'audit' });
    const audited = await server.post(
      `/api/neikong/budgetAdjustApply/${bundle.entity.decide}`,
      { id: apply.id, decision: 'approve', comment: '同意' },
      as('finance', SORTED),
    );
    expect(audited.body).toMatchObject({ code: '0', msg: '已处理' });
    now = ok(await server.get('/api/neikong/budget/adjustmentBudget', as('admin', SORTED))) as Row[];
    expect(now.find((r) => r.id === ids.a.id)).toMatchObject({ adjusting: false, adjustedAmount: '1010.00' });
    refused(await server.get('/api/neikong/budget/adjustmentBudget', as('staff', SORTED)), '40103');
  });

  it('exports the year as an xlsx with a row per indicator', async () => {
    const file = await download('/api/neikong/budget/exports', 'admin', SORTED);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('预算指标');
    const values = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.filter((v) => v !== undefined));
    expect(values).toHaveLength(1 + 5);
    expect(values[0]).toContain('指标编码');
    // Amounts and rates are numbers a sheet can sum, not text.
    const header = sheet.getRow(1).values as unknown[];
    const rate = sheet.getRow(2).getCell(header.indexOf('执行率(%)')).value;
    const adjusted = sheet.getRow(2).getCell(header.indexOf('调整后预算数')).value;
    expect([typeof rate, typeof adjusted]).toEqual(['number', 'number']);
    expect(values.slice(1).map((r) => r.find((v) => String(v).startsWith('BT-')))).toEqual(
      [ids.c, ids.a, ids.b, ids.parent, ids.child].map((r) => r.limitCode),
    );
    // The query form's filters apply to the export too.
    const one = await download(`/api/neikong/budget/exports?deptId=${dept['总务处']}`, 'admin', SORTED);
    const small = new ExcelJS.Workbook();
    await small.xlsx.load(one.body as never);
    expect(small.worksheets[0]!.actualRowCount).toBe(2);
    const staff = await server.get('/api/neikong/budget/exports', as('staff', SORTED));
    refused(staff, '40103');
  });

  it('updateMajorFlag toggles without a value and sets with one; validation refuses the rest', async () => {
    const flag = async () => (await listOf(SORTED, `limitCode=${ids.c.limitCode}`))[0]!.majorFlag;
    expect(await flag()).toBe('0');
    ok(await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.c.id }, as('admin', SORTED)));
    expect(await flag()).toBe('1');
    ok(await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.c.id }, as('admin', SORTED)));
    expect(await flag()).toBe('0');
    ok(await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.c.id, majorFlag: '1' }, as('admin', SORTED)));
    ok(await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.c.id, majorFlag: '1' }, as('admin', SORTED)));
    expect(await flag()).toBe('1');
    // Several at once.
    const both = ok(
      await server.post(
        '/api/neikong/budget/updateMajorFlag',
        { ids: [ids.a.id, ids.b.id], majorFlag: '1' },
        as('admin', SORTED),
      ),
    ) as Row[];
    expect(both.map((r) => r.majorFlag)).toEqual(['1', '1']);
    refused(
      await server.post('/api/neikong/budget/updateMajorFlag', { id: ids.c.id, majorFlag: '2' }, as('admin', SORTED)),
      '40000',
    );
    refused(await server.post('/api/neikong/budget/updateMajorFlag', {}, as('admin', SORTED)), '40000');
    refused(await server.post('/api/neikong/budget/updateMajorFlag', { id: 99999999 }, as('admin', SORTED)), '40400');
    expect(await flag()).toBe('1');
  });

  it('updateLimitCode and updateFinancialAccountName change their field, and refuse bad values', async () => {
    const code = unique('NEW');
    ok(await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id, limitCode: code }, as('admin', SORTED)));
    let row = (await listOf(SORTED, `limitCode=${code}`))[0]!;
    expect(row.id).toBe(ids.b.id);
    ids.b = row;
    refused(await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id }, as('admin', SORTED)), '40000');
    refused(
      await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id, limitCode: '' }, as('admin', SORTED)),
      '40000',
    );
    refused(
      await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id, limitCode: '带 空格' }, as('admin', SORTED)),
      '40000',
      '指标编码',
    );
    refused(
      await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id, limitCode: ids.a.limitCode }, as('admin', SORTED)),
      '40900',
      '已存在',
    );
    expect((await info(ids.b.id, 'admin', SORTED)).limitCode).toBe(code);

    ok(
      await server.post(
        '/api/neikong/budget/updateFinancialAccountName',
        { id: ids.b.id, financialAccountName: '商品和服务支出-维修费' },
        as('admin', SORTED),
      ),
    );
    row = (await listOf(SORTED, `limitCode=${code}`))[0]!;
    expect(row.financialAccountName).toBe('商品和服务支出-维修费');
    refused(await server.post('/api/neikong/budget/updateFinancialAccountName', { id: ids.b.id }, as('admin', SORTED)), '40000');
    refused(
      await server.post(
        '/api/neikong/budget/updateFinancialAccountName',
        { id: ids.b.id, financialAccountName: 'x'.repeat(101) },
        as('admin', SORTED),
      ),
      '40000',
    );
    refused(
      await server.post(
        '/api/neikong/budget/updateFinancialAccountName',
        { id: ids.b.id, financialAccountName: 5 },
        as('admin', SORTED),
      ),
      '40000',
    );
    expect((await info(ids.b.id, 'admin', SORTED)).financialAccountName).toBe('商品和服务支出-维修费');
    // Nobody without the key, and nothing of another site.
    refused(
      await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id, limitCode: 'STAFF' }, as('staff', SORTED)),
      '40103',
    );
    refused(
      await server.post('/api/neikong/budget/updateLimitCode', { id: ids.b.id, limitCode: 'CITY' }, as('cityadmin', SORTED)),
      '40400',
    );
    expect((await info(ids.b.id, 'admin', SORTED)).limitCode).toBe(code);
  });
});

describe('the year header', () => {
  it('shows the rows of the year asked; a row asked by id whatever its year', async () => {
    const own = await indicator({}, OWN);
    const seeded = await listOf(SEED);
    const mine = await listOf(OWN);
    expect(seeded.map((r) => r.limitCode)).toContain(`${SEED}-203`);
    expect(seeded.map((r) => r.id)).not.toContain(own.id);
    expect(mine.map((r) => r.id)).toContain(own.id);
    expect(mine.every((r) => r.budgetYear === OWN)).toBe(true);
    expect(seeded.every((r) => r.budgetYear === SEED)).toBe(true);
    // Without the header, the current year.
    const plain = ok(await server.get('/api/neikong/budget/list', { token: tokens.admin, site: 'demo' })) as Row[];
    expect(plain.map((r) => r.id).sort()).toEqual(seeded.map((r) => r.id).sort());
    // By id: any year.
    const travel = await seedRow('203');
    expect((await info(travel.id, 'admin', OWN)).budgetYear).toBe(SEED);
    expect((await info(own.id, 'admin', SEED)).budgetYear).toBe(OWN);
    // The page endpoint too.
    const page = ok(await server.get('/api/neikong/budget/page?pageSize=100', as('admin', SEED)));
    expect(page.total).toBe(seeded.length);
  });
});

describe('data scope and the site boundary', () => {
  it('the head of 教务处 lists only 教务处 indicators and cannot open another department’s', async () => {
    const all = await listOf(SEED);
    const theirs = all.filter((r) => r.deptId === dept['教务处']);
    expect(theirs.length).toBeGreaterThanOrEqual(5);
    const head = await listOf(SEED, '', 'head');
    expect(head.map((r) => r.id).sort()).toEqual(theirs.map((r) => r.id).sort());
    const repair = await seedRow('204');
    refused(await server.get(`/api/neikong/budget/infoById/${repair.id}`, as('head', SEED)), '40400');
    expect((await info((await seedRow('203')).id, 'head', SEED)).budgetName).toBe('差旅费');
    const picker = ok(await server.get('/api/neikong/budget/noChildrenList', as('head', SEED))) as Row[];
    expect(picker.every((r) => r.deptId === dept['教务处'])).toBe(true);
    expect(picker.length).toBeGreaterThan(0);
  });

  it('staff has no budget list', async () => {
    for (const path of ['list', 'page', 'listSort', `infoById/1`]) {
      refused(await server.get(`/api/neikong/budget/${path}`, as('staff', SEED)), '40103');
    }
    refused(await server.get('/api/neikong/budgetSubtractDetails/page', as('staff', SEED)), '40103');
    refused(await spend(1, '1.00', false, 'staff', SEED), '40103');
  });

  it('the city sees none of the demo indicators', async () => {
    const travel = await seedRow('203');
    // The hospital has its own indicators (its demo year), never the school's.
    const cityRows = await listOf(SEED, '', 'cityadmin');
    const demoIds = new Set((await listOf(SEED)).map((r) => r.id));
    // (and the salaries' personnel indicator and the cars' running costs, issue 18)
    expect(cityRows.map((r) => r.budgetName).sort()).toEqual(
      ['人员经费-工资发放', '公务用车运行维护费', '医疗设备购置', '卫生材料费', '药品费'].sort(),
    );
    expect(cityRows.some((r) => demoIds.has(r.id))).toBe(false);
    const cityCodes = ok(await server.get('/api/neikong/budget/limitCodeList', as('cityadmin', SEED))) as unknown[];
    expect(JSON.stringify(cityCodes)).not.toContain(`${SEED}-203`);
    refused(await server.get(`/api/neikong/budget/infoById/${travel.id}`, as('cityadmin', SEED)), '40400');
    const journalPage = ok(
      await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${travel.id}`, as('cityadmin', SEED)),
    );
    expect(journalPage.total).toBe(0);
    refused(await spend(travel.id, '1.00', false, 'cityadmin', SEED), '40400');
    refused(await server.post('/api/neikong/budget/updateMajorFlag', { id: travel.id }, as('cityadmin', SEED)), '40400');
    refused(await server.post(`/api/neikong/budget/remove?ids=${travel.id}`, {}, as('cityadmin', SEED)), '40400');
    refused(
      await server.post(
        '/api/neikong/budget/update',
        { id: travel.id, version: travel.version, budgetName: '市里改的' },
        as('cityadmin', SEED),
      ),
      '40400',
    );
    expect(await seedRow('203')).toMatchObject({
      budgetName: '差旅费',
      usedAmount: travel.usedAmount,
      majorFlag: travel.majorFlag,
    });
  });
});

describe('budgetSubtractDetails', () => {
  it('names the amounts of a refusal as people read them, in each language’s way', async () => {
    const big = await indicator({ originalAmount: '1234567.50' });
    refused(await spend(big.id, '2000000'), '40900', '可用 1,234,567.50 元，需要 2,000,000.00 元');
    const pt = await server.post(
      '/api/neikong/budgetSubtractDetails/save',
      { budgetId: big.id, amount: '2000000', note: 'x', paid: false },
      as('finance', OWN, 'pt-BR'),
    );
    refused(pt, '40900', '1.234.567,50 disponível, 2.000.000,00 necessário');
  });

  it('finance records spending: used grows, paid too when paid; over the available is refused and writes nothing', async () => {
    const b = await indicator({ originalAmount: '1000.00' });
    const after = ok(await spend(b.id, '300.00'));
    expect(after).toMatchObject({ used: '300.00', paid: '0.00', available: '700.00' });
    ok(await spend(b.id, 200, true));
    expect(balances(await info(b.id))).toMatchObject({ used: '500.00', paid: '200.00', available: '500.00' });
    const moves = await journal(b.id);
    expect(moves.map((j) => [j.kind, j.amount])).toEqual([
      ['original', '1000.00'],
      ['consume', '300.00'],
      ['consume', '200.00'],
      ['pay', '200.00'],
    ]);
    expect(moves[1]).toMatchObject({ note: '测试报销', sourceType: 'budgetSubtract', createdByLabel: expect.any(String) });
    expect(moves.at(-1)!.availableAfter).toBe('500.00');

    const journalBefore = await count('nk_budget_journal');
    refused(await spend(b.id, '500.01'), '40900', '可用余额不足', '500.00', '500.01');
    refused(await spend(b.id, '0'), '40000', '金额');
    refused(await spend(b.id, '-5'), '40000', '金额');
    refused(await spend(b.id, '1.001'), '40000', '金额');
    refused(await spend(b.id, 1.001), '40000', '金额');
    refused(
      await server.post('/api/neikong/budgetSubtractDetails/save', { budgetId: b.id, amount: '1' }, as('finance')),
      '40000',
    );
    refused(await spend(99999999, '1.00'), '40400');
    expect(await count('nk_budget_journal')).toBe(journalBefore);
    expect(balances(await info(b.id))).toMatchObject({ used: '500.00', paid: '200.00', available: '500.00' });
    // The last 500.00 is exactly what is left.
    ok(await spend(b.id, '500.00'));
    expect((await info(b.id)).availableAmount).toBe('0.00');
  });

  it('pages by indicator and kind, within the caller’s year and data scope', async () => {
    const b = await indicator();
    ok(await spend(b.id, '10.00', true));
    ok(await spend(b.id, '20.00'));
    const pays = ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${b.id}&kind=pay`, as('admin')));
    expect(pays.total).toBe(1);
    expect(pays.records[0]).toMatchObject({ kind: 'pay', amount: '10.00', budgetId: b.id, limitCode: b.limitCode });
    const consumes = ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${b.id}&kind=consume`, as('admin')));
    expect(consumes.records.map((r: Row) => r.amount)).toEqual(['20.00', '10.00']);
    // Paging.
    const first = ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${b.id}&pageSize=2`, as('admin')));
    expect(first).toMatchObject({ total: 4, pageSize: 2 });
    expect(first.records).toHaveLength(2);
    refused(await server.get('/api/neikong/budgetSubtractDetails/page?pageSize=1000', as('admin')), '40000');
    // Another year's header shows none of it.
    expect(ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${b.id}`, as('admin', SEED))).total).toBe(0);
    // The head sees the movements of 教务处's indicators only.
    const repair = await seedRow('204');
    const headAll = ok(await server.get('/api/neikong/budgetSubtractDetails/page?pageSize=100', as('head', SEED)));
    const adminAll = ok(await server.get('/api/neikong/budgetSubtractDetails/page?pageSize=100', as('admin', SEED)));
    expect(headAll.total).toBeGreaterThan(0);
    expect(headAll.total).toBeLessThan(adminAll.total);
    const teaching = new Set((await listOf(SEED, `deptId=${dept['教务处']}`)).map((r) => r.id));
    expect((headAll.records as Row[]).every((r) => teaching.has(r.budgetId))).toBe(true);
    expect(ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${repair.id}`, as('head', SEED))).total).toBe(0);
    expect(
      ok(await server.get(`/api/neikong/budgetSubtractDetails/page?budgetId=${repair.id}`, as('admin', SEED))).total,
    ).toBeGreaterThan(0);
    // Nor may the head record spending on another department's indicator.
    refused(await spend(repair.id, '1.00', false, 'head', SEED), '40400');
    expect((await seedRow('204')).usedAmount).toBe(repair.usedAmount);
  });
});

describe('budgetReply', () => {
  const reply = (body: Row, who = 'finance', year = OWN) =>
    server.post(
      '/api/neikong/budgetReply/save',
      {
        replyNo: unique('示教财'),
        replyDate: `${year}-03-01`,
        budgetName: '批复指标',
        deptId: dept['教务处'],
        expenseType: '3',
        economicClass: '30201',
        fundSource: '1',
        projectName: '批复项目',
        amount: '1000.00',
        ...body,
      },
      as(who, year),
    );

  it('refuses to remove an indicator its reply brought, naming the reply as the way', async () => {
    const code = unique('RP');
    ok(await reply({ limitCode: code, amount: '500.00', budgetName: '批复来的指标' }));
    const created = (await listOf(OWN, `limitCode=${code}`))[0]!;
    refused(await remove(created.id), '40900', '批复来的指标', '请先在预算批复中删除该批复');
    ok(await spend(created.id, '1.00'));
    refused(await remove(created.id), '40900', '已有冻结、使用或调整记录');
  });

  it('creates an indicator for a new limit code and raises an existing one, with "reply" journal rows', async () => {
    const code = unique('RP');
    const first = ok(await reply({ limitCode: code, amount: '1000.00', budgetName: '新批复指标' }));
    const stored = ok(await server.get(`/api/neikong/budgetReply/infoById/${first.id}`, as('finance')));
    const created = (await listOf(OWN, `limitCode=${code}`))[0]!;
    expect(stored.budgetId).toBe(created.id);
    expect(created).toMatchObject({
      budgetName: '新批复指标',
      budgetYear: OWN,
      deptId: dept['教务处'],
      expenseType: '3',
      projectName: '批复项目',
      originalAmount: '1000.00',
      adjustedAmount: '1000.00',
    });
    ok(await reply({ limitCode: code, amount: '250.50' }));
    expect(balances(await info(created.id))).toMatchObject({ original: '1250.50', adjusted: '1250.50', available: '1250.50' });
    const moves = await journal(created.id);
    expect(moves.map((j) => [j.kind, j.amount, j.sourceType])).toEqual([
      ['reply', '1000.00', 'budgetReply'],
      ['reply', '250.50', 'budgetReply'],
    ]);
    expect(moves[0]!.note).toBe(stored.replyNo);
    // An indicator entered by hand is raised the same way.
    const manual = await indicator();
    ok(await reply({ limitCode: manual.limitCode, amount: '10.00' }));
    expect(balances(await info(manual.id))).toMatchObject({ original: '1010.00', adjusted: '1010.00' });
    expect((await journal(manual.id)).map((j) => j.kind)).toEqual(['original', 'reply']);
    // A reply number is unique within its year.
    const before = [await count('nk_budget'), await count('nk_budget_reply')];
    refused(await reply({ limitCode: code, replyNo: stored.replyNo }), '40900', '批复文号', stored.replyNo);
    expect([await count('nk_budget'), await count('nk_budget_reply')]).toEqual(before);
    ok(await reply({ limitCode: unique('RP'), replyNo: stored.replyNo }, 'finance', OTHER));
    before[0]! += 1;
    before[1]! += 1;
    // Bad amounts are refused and write nothing.
    // The schema's minimum (0.01) holds for amounts sent as text, compared in exact cents.
    refused(await reply({ limitCode: unique('RP'), amount: '0' }), '40000', '批复金额不能小于0.01');
    refused(await reply({ limitCode: unique('RP'), amount: '0.009' }), '40000', '批复金额');
    refused(await reply({ limitCode: unique('RP'), amount: -1 }), '40000', '批复金额不能小于0.01');
    refused(await reply({ limitCode: unique('RP'), amount: '1.001' }), '40000', '批复金额');
    refused(await reply({ limitCode: unique('RP'), deptId: cityDept }), '40000', '归口部门');
    expect([await count('nk_budget'), await count('nk_budget_reply')]).toEqual(before);
  });

  it('updates the remark only, and takes a reply back unless the money is spoken for', async () => {
    const code = unique('RP');
    const saved = ok(await reply({ limitCode: code, amount: '1000.00' }));
    const stored = ok(await server.get(`/api/neikong/budgetReply/infoById/${saved.id}`, as('finance')));
    // The list offers no edit (spec: page, save, remove); finance has no key for it, the administrator has.
    refused(await server.post('/api/neikong/budgetReply/update', { ...stored, remark: '补充说明' }, as('finance')), '40103');
    const changed = ok(await server.post('/api/neikong/budgetReply/update', { ...stored, remark: '补充说明' }, as('admin')));
    expect(changed.remark).toBe('补充说明');
    for (const patch of [
      { amount: '2000.00' },
      { limitCode: unique('RP') },
      { budgetName: '改名' },
      { deptId: dept['总务处'] },
    ]) {
      refused(
        await server.post('/api/neikong/budgetReply/update', { ...stored, version: changed.version, ...patch }, as('admin')),
        '40900',
        '批复已生效',
      );
    }
    expect(ok(await server.get(`/api/neikong/budgetReply/infoById/${saved.id}`, as('finance')))).toMatchObject({
      remark: '补充说明',
      amount: '1000.00',
      limitCode: code,
    });
    const target = (await listOf(OWN, `limitCode=${code}`))[0]!;
    expect(target.adjustedAmount).toBe('1000.00');

    // A second reply on the same code, then money spent: removing the first would take too much.
    const second = ok(await reply({ limitCode: code, amount: '300.00' }));
    ok(await spend(target.id, '800.00'));
    refused(await server.post(`/api/neikong/budgetReply/remove?ids=${saved.id}`, {}, as('finance')), '40900', '可用余额不足');
    expect(balances(await info(target.id))).toMatchObject({ adjusted: '1300.00', used: '800.00', available: '500.00' });
    expect(ok(await server.get(`/api/neikong/budgetReply/infoById/${saved.id}`, as('finance'))).id).toBe(saved.id);
    // The smaller one can go: the indicator is lowered by it, with a journal row.
    ok(await server.post(`/api/neikong/budgetReply/remove?ids=${second.id}`, {}, as('finance')));
    expect(balances(await info(target.id))).toMatchObject({ original: '1000.00', adjusted: '1000.00', available: '200.00' });
    expect((await journal(target.id)).at(-1)).toMatchObject({ kind: 'reply', amount: '-300.00' });
    refused(await server.get(`/api/neikong/budgetReply/infoById/${second.id}`, as('finance')), '40400');
  });
});

describe('budgetAdjust (finance’s direct adjustment)', () => {
  const adjust = (budgetId: number, amount: string, who = 'finance') =>
    server.post('/api/neikong/budgetAdjust/save', { budgetId, amount, reason: '直接调整' }, as(who));

  it('raises and lowers at once, refuses a decrease of money spoken for, and reverses on remove', async () => {
    const b = await indicator({ originalAmount: '1000.00' });
    const up = ok(await adjust(b.id, '200.00'));
    expect(balances(await info(b.id))).toMatchObject({ original: '1000.00', adjusted: '1200.00', available: '1200.00' });
    const down = ok(await adjust(b.id, '-300.00'));
    expect(balances(await info(b.id))).toMatchObject({ adjusted: '900.00', adjustFrozen: '0.00', available: '900.00' });
    expect((await journal(b.id)).map((j) => [j.kind, j.amount])).toEqual([
      ['original', '1000.00'],
      ['adjustApply', '200.00'],
      ['adjustFreeze', '300.00'],
      ['adjustApply', '-300.00'],
    ]);
    ok(await spend(b.id, '850.00'));
    const before = [await count('nk_budget_adjust'), await count('nk_budget_journal')];
    refused(await adjust(b.id, '-50.01'), '40900', '可用余额不足', '50.00');
    refused(await adjust(b.id, '0'), '40000', '金额');
    refused(await adjust(b.id, '1.234'), '40000', '调整金额');
    refused(await adjust(99999999, '1.00'), '40000', '预算指标');
    expect([await count('nk_budget_adjust'), await count('nk_budget_journal')]).toEqual(before);
    expect(balances(await info(b.id))).toMatchObject({ adjusted: '900.00', used: '850.00', available: '50.00' });

    // Its reason may change; its amount or indicator may not.
    const stored = ok(await server.get(`/api/neikong/budgetAdjust/infoById/${up.id}`, as('finance')));
    refused(await server.post('/api/neikong/budgetAdjust/update', { ...stored, reason: '更正说明' }, as('finance')), '40103');
    const changed = ok(await server.post('/api/neikong/budgetAdjust/update', { ...stored, reason: '更正说明' }, as('admin')));
    expect(changed.reason).toBe('更正说明');
    const another = await indicator();
    // The same amount written differently is no change.
    ok(await server.post('/api/neikong/budgetAdjust/update', { ...stored, version: changed.version, amount: 200 }, as('admin')));
    for (const patch of [{ amount: '999.00' }, { budgetId: another.id }]) {
      refused(
        await server.post('/api/neikong/budgetAdjust/update', { ...stored, version: changed.version + 1, ...patch }, as('admin')),
        '40900',
        '已生效的调整',
      );
    }
    expect((await info(b.id)).adjustedAmount).toBe('900.00');

    // Taking the increase back would leave less than is used: refused.
    refused(await server.post(`/api/neikong/budgetAdjust/remove?ids=${up.id}`, {}, as('finance')), '40900', '可用余额不足');
    // Taking the decrease back raises it again.
    ok(await server.post(`/api/neikong/budgetAdjust/remove?ids=${down.id}`, {}, as('finance')));
    expect(balances(await info(b.id))).toMatchObject({ adjusted: '1200.00', available: '350.00' });
    ok(await server.post(`/api/neikong/budgetAdjust/remove?ids=${up.id}`, {}, as('finance')));
    expect(balances(await info(b.id))).toMatchObject({ adjusted: '1000.00', adjustFrozen: '0.00', available: '150.00' });
    // The list of adjustments of the year shows what is left.
    const page = ok(await server.get(`/api/neikong/budgetAdjust/page?budgetId=${b.id}`, as('finance')));
    expect(page.total).toBe(0);
    refused(await adjust(b.id, '1.00', 'head'), '40103');
  });
});

describe('budgetPlan', () => {
  const plan = (body: Row = {}) =>
    server.post(
      '/api/neikong/budgetPlan/save',
      {
        planYear: PLAN,
        planName: unique('编制'),
        expenseType: '2',
        economicClass: '30201',
        amount: '50000.00',
        basis: '按人数测算',
        ...body,
      },
      as('head'),
    );
  const planInfo = async (id: number, who = 'head') => ok(await server.get(`/api/neikong/budgetPlan/infoById/${id}`, as(who)));
  const submit = (id: number) => server.post(`/api/neikong/budgetPlan/submit?id=${id}`, { id }, as('head'));

  it('head saves and submits, finance approves: an indicator of the plan year appears with its amount', async () => {
    const saved = ok(await plan({ amount: '52345.60' }));
    expect(saved).toMatchObject({ deptId: dept['教务处'], approvalStatus: '0' });
    ok(await submit(saved.id));
    expect((await planInfo(saved.id)).approvalStatus).toBe('1');
    expect(await listOf(PLAN, `budgetName=${encodeURIComponent(saved.planName)}`)).toEqual([]);
    await decide('budgetPlan', saved.id, 'finance', 'approve', '同意');
    const done = await planInfo(saved.id);
    expect(done.approvalStatus).toBe('2');
    expect(done.budgetId).toBeGreaterThan(0);
    const made = await info(done.budgetId, 'head', PLAN);
    expect(made).toMatchObject({
      budgetYear: PLAN,
      budgetName: saved.planName,
      deptId: dept['教务处'],
      expenseType: '2',
      economicClass: '30201',
      originalAmount: '52345.60',
      adjustedAmount: '52345.60',
      availableAmount: '52345.60',
    });
    expect((await listOf(PLAN, '', 'head')).map((r) => r.id)).toContain(done.budgetId);
    expect((await journal(done.budgetId, PLAN)).map((j) => [j.kind, j.amount, j.sourceType])).toEqual([
      ['original', '52345.60', 'budgetPlan'],
    ]);
  });

  it('a rejected plan makes no indicator; a large one waits for the principal', async () => {
    const before = (await listOf(PLAN)).length;
    const rejected = ok(await plan());
    ok(await submit(rejected.id));
    await decide('budgetPlan', rejected.id, 'finance', 'reject', '测算依据不足');
    const r = await planInfo(rejected.id);
    expect(r.approvalStatus).toBe('3');
    expect(r.budgetId ?? null).toBeNull();
    expect((await listOf(PLAN)).length).toBe(before);

    const large = ok(await plan({ amount: '1000000.00' }));
    ok(await submit(large.id));
    await decide('budgetPlan', large.id, 'finance', 'approve');
    expect((await planInfo(large.id)).approvalStatus).toBe('1');
    expect((await listOf(PLAN)).length).toBe(before);
    await decide('budgetPlan', large.id, 'principal', 'approve');
    const l = await planInfo(large.id);
    expect(l.approvalStatus).toBe('2');
    expect((await info(l.budgetId, 'admin', PLAN)).adjustedAmount).toBe('1000000.00');
    expect((await listOf(PLAN)).length).toBe(before + 1);
  });

  it('refuses a plan of no money or a bad year, and writes nothing', async () => {
    const before = await count('nk_budget_plan');
    refused(await plan({ amount: '0' }), '40000', '金额');
    refused(await plan({ amount: '-100.00' }), '40000', '金额');
    refused(await plan({ amount: '1.005' }), '40000', '申报金额');
    refused(await plan({ planYear: '1999' }), '40000', '编制年度');
    refused(await plan({ basis: undefined }), '40000', '测算依据');
    expect(await count('nk_budget_plan')).toBe(before);
  });
});

describe('the indicator picker and the classes a document may be charged to (issue 33)', () => {
  const PICK = '2036'; // this describe's own year
  /** 教务处's indicators of a salary class, an office class and an equipment class, office one part spent. */
  async function three() {
    const salary = await indicator({ economicClass: '30101', expenseType: '1', budgetName: `工资${unique('N')}` }, PICK);
    const office = await indicator({ economicClass: '30201', budgetName: `办公${unique('N')}` }, PICK);
    const equipment = await indicator(
      { economicClass: '31002', expenseType: '3', projectName: '设备', budgetName: `设备${unique('N')}` },
      PICK,
    );
    ok(await spend(office.id, '100.00', false, 'finance', PICK));
    return { salary, office, equipment };
  }

  it('offers code, class, department and available as columns, searched by code or name, only of the classes asked', async () => {
    const { salary, office, equipment } = await three();
    const picked = ok<Row[]>(
      await server.get('/api/neikong/budget/noChildrenList?pageNum=1&pageSize=20&economicClassPrefix=302,310', as('admin', PICK)),
    );
    const ids = picked.map((r) => Number(r.id));
    expect(ids).toContain(office.id);
    expect(ids).toContain(equipment.id);
    expect(ids).not.toContain(salary.id);
    expect(picked.every((r) => /^(302|310)/.test(String(r.economicClass ?? '302')))).toBe(true);
    // The columns the picker shows: available = adjusted − adjust-frozen − frozen − used, from the ledger.
    expect(picked.find((r) => Number(r.id) === office.id)).toMatchObject({
      limitCode: office.limitCode,
      budgetName: office.budgetName,
      economicClass: '30201',
      deptId: dept['教务处'],
      deptIdLabel: '教务处',
      availableAmount: '900.00',
    });
    // What is typed is looked for in the code or the name.
    const byCode = ok<Row[]>(
      await server.get(`/api/neikong/budget/noChildrenList?keyword=${encodeURIComponent(office.limitCode)}`, as('admin', PICK)),
    );
    expect(byCode.map((r) => Number(r.id))).toEqual([office.id]);
    const byName = ok<Row[]>(
      await server.get(
        `/api/neikong/budget/noChildrenList?keyword=${encodeURIComponent(String(salary.budgetName).slice(0, 4))}&economicClassPrefix=301`,
        as('admin', PICK),
      ),
    );
    expect(byName.map((r) => Number(r.id))).toEqual([salary.id]);
    refused(await server.get('/api/neikong/budget/noChildrenList?economicClassPrefix=30%25', as('admin', PICK)), '40000');
    // The form's picker knows the classes and the columns from the page bundle.
    const page = ok<Row>(await server.get('/api/schema/page/PurchaseApply', as('admin', PICK)));
    const field = (page.entity.fields as Row[]).find((f) => f.name === 'budgetId')!;
    expect(field).toMatchObject({
      refPrefix: { economicClass: ['302', '310'] },
      refSearch: 'keyword',
      refPick: 'noChildrenList',
    });
    expect((field.refColumns as Row[]).map((c) => c.field)).toEqual([
      'limitCode',
      'budgetName',
      'economicClass',
      'deptId',
      'availableAmount',
    ]);
  });

  it('refuses an application charged to a salary indicator; its approval page shows available before and after it', async () => {
    const { salary, office } = await three();
    const bad = await server.post(
      '/api/expense/beforehand/save',
      { kind: '1', title: '购买办公用品', budgetId: salary.id, money: '100.00' },
      as('staff', PICK),
    );
    refused(bad, '40000');
    expect(bad.body.msg).toBe(
      `事前申请不能使用预算指标“${salary.budgetName}”：它的经济分类是 30101 基本工资，事前申请只能使用经济分类为 302 商品和服务支出、310 资本性支出 的预算指标`,
    );
    const doc = ok(
      await server.post(
        '/api/expense/beforehand/save',
        { kind: '1', title: '购买办公用品', budgetId: office.id, money: '150.00' },
        as('staff', PICK),
      ),
    );
    const figures = async (lang = 'zh-CN') =>
      ok(await server.get(`/api/workflow/instance/business?entity=beforehand&id=${doc.id}`, as('staff', PICK, lang))).budget;
    // A draft: available now, and what is left once this document is spent.
    expect(await figures()).toMatchObject({
      budgetId: office.id,
      limitCode: office.limitCode,
      economicClassLabel: '30201 办公费',
      deptName: '教务处',
      amount: '150.00',
      frozen: false,
      available: '900.00',
      availableAfter: '750.00',
    });
    expect((await figures('en-US')).economicClassLabel).toBe('30201 Office');
    ok(await server.post(`/api/expense/beforehand/submit?id=${doc.id}&confirmed=1`, {}, as('staff', PICK)));
    // Submitted, its freeze is in: available now already leaves it out, and before it was 900.00.
    expect(await figures()).toMatchObject({ frozen: true, available: '750.00', availableBefore: '900.00' });

    // The journal names the document and opens it; finance's own record has no document to open.
    const moves = await journal(office.id, PICK);
    expect(moves.map((m) => [m.kind, m.sourceType, m.sourceOpen])).toEqual([
      ['original', expect.anything(), false],
      ['consume', 'budgetSubtract', false],
      ['freeze', 'beforehand', true],
    ]);
    expect(moves[2]).toMatchObject({ sourceId: doc.id });
    // Drilled down from a department × class cell: only that department's indicators of the class.
    const cell = ok(
      await server.get(
        `/api/neikong/budgetSubtractDetails/page?deptId=${dept['教务处']}&economicClass=30201&pageSize=100`,
        as('admin', PICK),
      ),
    ).records as Row[];
    expect(cell.length).toBeGreaterThan(0);
    expect(cell.every((r) => r.budgetId !== salary.id)).toBe(true);
    expect(cell.some((r) => r.budgetId === office.id && r.sourceType === 'beforehand')).toBe(true);
    const none = ok(
      await server.get(`/api/neikong/budgetSubtractDetails/page?deptId=${dept['教务处']}&economicClass=399`, as('admin', PICK)),
    );
    expect(none.total).toBe(0);
  });
});
