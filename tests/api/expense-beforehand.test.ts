// Beforehand applications (事前申请, issue 15) on the schema runtime's document features (issue 14):
// a number by the site's rule (`sequence`), the budget effects of its events (`effects`: submit
// freezes with the ≥ 80 % confirmation and the > 100 % refusal; rejected, withdrawn, cancelled and
// close release) and a business state with its action (`states`: close), with no hooks file.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2035'; // a year the demo seed leaves empty: figures here are this file's own

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'principal', 'deputy']) tokens[name] = await server.login(name, 'Demo@12345');
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
const db = () => server.database.db as unknown as Kysely<any>;

let n = 0;
async function indicator(amount = '10000.00'): Promise<number> {
  const limitCode = `EX-${++n}`;
  const saved = ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode,
        budgetName: `差旅费${limitCode}`,
        deptId: dept['教务处'],
        expenseType: '2',
        economicClass: '30211',
        fundSource: '1',
        originalAmount: amount,
      },
      as('admin'),
    ),
  );
  return Number(saved.id);
}
const balance = async (id: number) => {
  const r = ok(await server.get(`/api/neikong/budget/infoById/${id}`, as('admin')));
  // The ledger's identity holds after every step.
  const c = (v: string) => Math.round(Number(v) * 100);
  expect(c(r.availableAmount)).toBe(c(r.adjustedAmount) - c(r.adjustFrozen) - c(r.frozenAmount) - c(r.usedAmount));
  return { frozen: r.frozenAmount as string, used: r.usedAmount as string, available: r.availableAmount as string };
};
async function apply(budgetId: number, money: string, who = 'staff', extra: Row = {}): Promise<Row> {
  return ok(
    await server.post(
      '/api/expense/beforehand/save',
      {
        kind: '2',
        title: `去北京参加教研会 ${++n}`,
        budgetId,
        money,
        travellers: '林小雨',
        cities: '北京',
        days: 3,
        travelRank: '3',
        ...extra,
      },
      as(who),
    ),
  );
}
const submit = (id: number, who = 'staff', confirmed = false, lang = 'zh-CN') =>
  server.post(`/api/expense/beforehand/submit?id=${id}${confirmed ? '&confirmed=1' : ''}`, {}, as(who, lang));
const doc = async (id: number, who = 'staff') => ok(await server.get(`/api/expense/beforehand/infoById/${id}`, as(who)));
async function decide(id: number, who: string, decision: 'approve' | 'reject') {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === 'beforehand' && t.businessKey === id);
  expect(task, `${who} should have the task of beforehand ${id}`).toBeTruthy();
  return ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment: `${who} 意见` }, as(who)));
}

describe('beforehand applications', () => {
  it('number themselves by the site’s rule, one after another, also when saved at once', async () => {
    const budgetId = await indicator();
    const year = new Date(server.clock.now()).getFullYear();
    const first = await apply(budgetId, '100.00');
    expect(first.applyNo).toMatch(new RegExp(`^SQ-${year}-\\d{4}$`));
    const saved = await Promise.all(Array.from({ length: 12 }, () => apply(budgetId, '10.00')));
    const numbers = [first, ...saved].map((r) => Number(String(r.applyNo).slice(-4)));
    expect(new Set(numbers).size).toBe(13);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(12);
    // The city hospital counts on its own.
    const cityBudget = await sql<{ id: number }>`select b.id from nk_budget b join sys_dept d on d.id = b.top_dept_id
      where d.top_dept_key = 'city' and (b.economic_class like '302%' or b.economic_class like '310%')
      order by b.id limit 1`.execute(db());
    if (cityBudget.rows[0]) {
      const city = await server.post(
        '/api/expense/beforehand/save',
        { kind: '1', title: '购买办公用品', budgetId: Number(cityBudget.rows[0].id), money: '50.00' },
        as('cityadmin'),
      );
      expect(ok(city).applyNo).toBe(`SQ-${year}-0001`);
    }
  });

  it('freezes the estimate at submit, and gives it back when withdrawn or rejected', async () => {
    const budgetId = await indicator('10000.00');
    const a = await apply(budgetId, '1200.00');
    ok(await submit(a.id));
    expect(await balance(budgetId)).toMatchObject({ frozen: '1200.00', available: '8800.00' });
    expect((await doc(a.id)).approvalStatus).toBe('1');
    ok(await server.post(`/api/expense/beforehand/withdraw?id=${a.id}`, {}, as('staff')));
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', available: '10000.00' });

    ok(await submit(a.id));
    expect((await balance(budgetId)).frozen).toBe('1200.00');
    await decide(a.id, 'head', 'reject');
    expect((await doc(a.id)).approvalStatus).toBe('3');
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', available: '10000.00' });
    // The journal names the document for each movement.
    const moves = await sql<{ kind: string; amount: string }>`select kind, amount from nk_budget_journal
      where budget_id = ${budgetId} and source_type = 'beforehand' and source_id = ${a.id} order by id`.execute(db());
    expect(moves.rows.map((m) => `${m.kind} ${m.amount}`)).toEqual([
      'freeze 1200.00',
      'unfreeze 1200.00',
      'freeze 1200.00',
      'unfreeze 1200.00',
    ]);
  });

  it('asks to confirm from 80 % on, holding nothing until confirmed, and refuses beyond what is available', async () => {
    const budgetId = await indicator('1000.00');
    const a = await apply(budgetId, '850.00');
    const asked = await submit(a.id, 'staff', false, 'en-US');
    expect(asked.body.code).toBe('40108');
    expect(asked.body.msg).toBe(
      `After this, budget indicator "差旅费EX-${n - 1}" will be 85% used (850.00 now, 150.00 left). Submit anyway?`.replace(
        `EX-${n - 1}`,
        (await server.get(`/api/neikong/budget/infoById/${budgetId}`, as('admin'))).body.data.limitCode,
      ),
    );
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00' });
    expect((await doc(a.id)).approvalStatus).toBe('0');
    ok(await submit(a.id, 'staff', true));
    expect(await balance(budgetId)).toMatchObject({ frozen: '850.00', available: '150.00' });

    const b = await apply(budgetId, '150.01');
    const refused = await submit(b.id, 'staff', true, 'zh-CN');
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toContain('可用 150.00 元，需要 150.01 元');
    expect((await doc(b.id)).approvalStatus).toBe('0');
    expect((await balance(budgetId)).frozen).toBe('850.00');
  });

  it('stays frozen once approved until it is closed; closing releases the rest, once, for those who may', async () => {
    const budgetId = await indicator('20000.00');
    const a = await apply(budgetId, '6000.00');
    ok(await submit(a.id));
    await decide(a.id, 'head', 'approve');
    await decide(a.id, 'finance', 'approve');
    await decide(a.id, 'deputy', 'approve');
    // 5 000 and more (the site's approval.headThreshold): the principal too.
    expect((await doc(a.id)).approvalStatus).toBe('1');
    await decide(a.id, 'principal', 'approve');
    expect((await doc(a.id)).approvalStatus).toBe('2');
    expect(await balance(budgetId)).toMatchObject({ frozen: '6000.00', used: '0.00' });

    // Nobody else's document, and not before its approval.
    const other = await apply(budgetId, '10.00');
    const early = await server.post(`/api/expense/beforehand/close?id=${other.id}`, {}, as('staff', 'en-US'));
    expect(early.body).toMatchObject({ code: '40900', msg: 'The document cannot be given "Close" in its present state' });

    const closed = await server.post(`/api/expense/beforehand/close?id=${a.id}`, {}, as('staff'));
    expect(closed.body).toMatchObject({ code: '0', msg: '已关闭' });
    expect(closed.body.data.docState).toBe('1');
    expect(await balance(budgetId)).toMatchObject({ frozen: '0.00', available: '20000.00' });
    const again = await server.post(`/api/expense/beforehand/close?id=${a.id}`, {}, as('staff'));
    expect(again.body.code).toBe('40900');
    expect((await balance(budgetId)).frozen).toBe('0.00');
    const history = await sql<Row>`select action, from_state, to_state, user_id from sys_state_history
      where entity = 'beforehand' and doc_id = ${a.id}`.execute(db());
    expect(history.rows).toEqual([expect.objectContaining({ action: 'close', from_state: '0', to_state: '1' })]);
  });

  it('offers staff, who see only their own rows, the indicators of their department to spend', async () => {
    const ours = await indicator();
    const theirs = ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: `EX-${++n}`,
          budgetName: '学生处办公费',
          deptId: dept['学生处'],
          expenseType: '2',
          economicClass: '30201',
          fundSource: '1',
          originalAmount: '100.00',
        },
        as('admin'),
      ),
    );
    const picked = (ok(await server.get('/api/neikong/budget/noChildrenList', as('staff'))) as Row[]).map((r) => Number(r.id));
    expect(picked).toContain(ours);
    expect(picked).not.toContain(Number(theirs.id));
    // The indicator screen itself is not theirs.
    expect((await server.get('/api/neikong/budget/page?pageSize=100', as('staff'))).body.code).toBe('40103');
  });

  it('keeps to the site and the applicant’s scope', async () => {
    const budgetId = await indicator();
    const a = await apply(budgetId, '20.00');
    expect((await server.get(`/api/expense/beforehand/infoById/${a.id}`, as('cityadmin'))).body.code).toBe('40400');
    expect((await server.post(`/api/expense/beforehand/close?id=${a.id}`, {}, as('cityadmin'))).body.code).toBe('40400');
    const page = ok(await server.get('/api/expense/beforehand/page?pageSize=100', as('staff')));
    const me = ok(await server.get('/api/core/user/info', as('staff')));
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r: Row) => r.createdBy === me.id)).toBe(true);
  });

  it('brings its approval and close actions to its list without the list naming them', async () => {
    const page = ok(await server.get('/api/schema/page/BeforehandList', as('staff')));
    const actions = (page.list.rowActions as Row[]).map((a) => a.endpoint ?? a.to ?? a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['view', 'edit', 'submit', '/approval/beforehand/{id}', 'withdraw', 'close', 'print', 'remove']),
    );
    // Remove stays last; close shows only on an approved, open document.
    expect(actions.at(-1)).toBe('remove');
    const close = (page.list.rowActions as Row[]).find((a) => a.endpoint === 'close')!;
    expect(close.visible).toBe("(docState == '0') && (approvalStatus == '2')");
  });
});

describe('meeting and training applications', () => {
  it('are held to the standard per person-day of their class; above it the approvers see a warning', async () => {
    const budgetId = await indicator('100000.00');
    // A class-2 meeting: 650 a person-day × 40 people × 2 days = 52,000.
    const meeting = await apply(budgetId, '56000.00', 'staff', { kind: '3', meetingClass: '2', people: 40, days: 2 });
    expect((await doc(meeting.id)).standardCeiling).toBe('52000.00');
    // The ceiling follows the application as it changes (fewer days).
    const read = await doc(meeting.id);
    ok(await server.post('/api/expense/beforehand/update', { id: meeting.id, version: read.version, days: 1 }, as('staff')));
    expect((await doc(meeting.id)).standardCeiling).toBe('26000.00');
    // The browser's figure is not taken.
    const forged = await apply(budgetId, '1000.00', 'staff', {
      kind: '3',
      meetingClass: '1',
      people: 2,
      days: 1,
      standardCeiling: '99999.00',
    });
    expect((await doc(forged.id)).standardCeiling).toBe('1520.00');
    // A class-3 training (DOMAIN.md: 350 a person-day): 350 × 30 × 3 = 31,500, the estimate within it:
    // nothing raised.
    const training = await apply(budgetId, '30000.00', 'staff', { kind: '4', trainingClass: '3', people: 30, days: 3 });
    expect((await doc(training.id)).standardCeiling).toBe('31500.00');
    // A trip has no such standard.
    expect((await doc((await apply(budgetId, '100.00')).id)).standardCeiling).toBeNull();
    // DOMAIN.md: the days beyond the 15th at 70 %, beyond the 30th at 60 %. Class 1 (550), 2 people,
    // 31 days: 550 × 2 × (15 + 15 × 70 % + 60 %) = 28,710.
    const long = await apply(budgetId, '1000.00', 'staff', { kind: '4', trainingClass: '1', people: 2, days: 31 });
    expect((await doc(long.id)).standardCeiling).toBe('28710.00');
    // “上述天数含报到撤离时间”: the days come from the dates, both ends counted. 1 March to 10 April
    // is 41 days, whatever the request says: 550 × (15 + 15 × 70 % + 11 × 60 %) = 17,655.
    const dated = await apply(budgetId, '1000.00', 'staff', {
      kind: '4',
      trainingClass: '1',
      people: 1,
      days: 5,
      startDate: '2035-03-01',
      endDate: '2035-04-10',
    });
    expect(await doc(dated.id)).toMatchObject({ days: 41, standardCeiling: '17655.00' });
    // The dates changed, the days and the ceiling follow.
    const datedRead = await doc(dated.id);
    ok(
      await server.post(
        '/api/expense/beforehand/update',
        { id: dated.id, version: datedRead.version, endDate: '2035-03-30' },
        as('staff'),
      ),
    );
    expect(await doc(dated.id)).toMatchObject({ days: 30, standardCeiling: '14025.00' });
    const backwards = await server.post(
      '/api/expense/beforehand/save',
      {
        kind: '4',
        title: '培训',
        budgetId,
        money: '10.00',
        trainingClass: '1',
        people: 1,
        startDate: '2035-04-10',
        endDate: '2035-03-01',
      },
      as('staff'),
    );
    expect(backwards.body.msg).toBe('日期不正确（开始 2035-04-10，结束 2035-03-01）：结束日期不能早于开始日期，且不超过 365 天');

    ok(await submit(meeting.id, 'staff', true));
    ok(await submit(training.id, 'staff', true));
    const warnings = async (id: number) =>
      ok(await server.get(`/api/workflow/instance/business?entity=beforehand&id=${id}`, as('head'))).warnings as Row[];
    const raised = await warnings(meeting.id);
    expect(raised.map((w) => [w.type, w.level])).toEqual([['5', '1']]);
    expect(raised[0]!.text).toContain('超过开支标准：56,000.00 元，标准上限 26,000.00 元');
    // Within its standard, the training raises none of its own (the indicator's 80 % record names it
    // as its cause: that is the ledger's).
    expect((await warnings(training.id)).map((w) => w.type)).toEqual(['1']);
  });
});

describe('a site’s own training tiers (setting expense.trainingDayTiers)', () => {
  const setTiers = async (value: string, lang = 'zh-CN') => {
    const page = ok(await server.get('/api/core/config/page?configKey=expense.trainingDayTiers', as('admin')));
    const row = (page.records as Row[]).find((r) => r.configKey === 'expense.trainingDayTiers')!;
    return server.post('/api/core/config/update', { id: row.id, version: row.version, configValue: value }, as('admin', lang));
  };

  it('counts a training’s later days at the site’s percentages, and refuses a list that is not one', async () => {
    const budgetId = await indicator('100000.00');
    const training = (days: number) => apply(budgetId, '100.00', 'staff', { kind: '4', trainingClass: '3', people: 1, days });
    // DOMAIN.md's tiers by default: 350 × (15 + 5 × 70 %) = 6,475.
    expect((await doc((await training(20)).id)).standardCeiling).toBe('6475.00');
    // A site that follows 财行〔2016〕540号 第九条 as published (“超过30天的培训，超过天数按照综合定额标准的70%控制”).
    ok(await setTiers(' 30:70 '));
    // 350 × 20 = 7,000; 350 × (30 + 10 × 70 %) = 12,950.
    expect((await doc((await training(20)).id)).standardCeiling).toBe('7000.00');
    expect((await doc((await training(40)).id)).standardCeiling).toBe('12950.00');
    const bad = await setTiers('30:60,15:70');
    expect(bad.body.code).toBe('40000');
    expect(bad.body.msg).toContain('培训天数分档“30:60,15:70”不正确');
    expect((await setTiers('abc', 'en-US')).body.msg).toContain('The training day tiers "abc" are not right');
    // Refused, the setting stays as it was.
    expect((await doc((await training(20)).id)).standardCeiling).toBe('7000.00');
    ok(await setTiers('15:70,30:60'));
  });
});
