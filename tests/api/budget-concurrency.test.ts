// The budget ledger under concurrency and after every kind of event (issue 7; DOMAIN.md "Budget
// indicators", "Budget adjustments"), and adjustment applications in every status through HTTP.
//
// On the embedded database every transaction queues on its one connection; on PostgreSQL (CI's
// second pass, DATABASE_URL set by scripts/with-postgres.sh) the same tests run on two app nodes with
// a pool each, so concurrent freezes really race on the indicator's row lock. Either way:
//
//   available = adjusted − adjustFrozen − frozen − used ≥ 0;   paid ≤ used
//
// and every change has a journal row whose "after" columns are the indicator's row. No call of this
// file may end in a system error.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, type Balances } from '../../server/modules/budget/ledger.ts';
import type { Database } from '../../server/platform/db/database.ts';
import { AppError } from '../../server/platform/errors.ts';
import { startNode, startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

const onPostgres = Boolean(process.env.DATABASE_URL);
const YEAR = '2026';

let server: TestServer;
let second: TestServer;
let secondDb: Database;
let siteId: number;
let citySiteId: number;
let adminId: number;
const tokens: Record<string, string> = {};
const depts: Record<string, number> = {};
const answers: Array<{ call: string; status: number; code: string }> = [];

/** Records every answer of a node, for the system-error check after each test. */
function watch(node: TestServer) {
  const request = node.request.bind(node);
  node.request = async <T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> => {
    const r = await request<T>(path, options);
    answers.push({ call: `${options.method ?? 'GET'} ${path}`, status: r.status, code: r.body.code });
    return r;
  };
}

const db = () => server.database.db as unknown as Kysely<any>;
const rows = async (query: RawBuilder<unknown>) => (await query.execute(db())).rows as Row[];

beforeAll(async () => {
  server = await startServer();
  secondDb = await server.testDb!.openAnotherNode();
  second = await startNode(secondDb, server.testDb!.dataDir);
  watch(server);
  watch(second);
  siteId = server.services.sites.get('demo')!.id;
  citySiteId = server.services.sites.get('city')!.id;
  adminId = Number((await rows(sql`select id from sys_user where login_name = 'admin' and top_dept_id = ${siteId}`))[0]!.id);
  for (const d of await rows(sql`select id, dept_name from sys_dept where top_dept_id = ${siteId}`))
    depts[d.dept_name] = Number(d.id);
  // Another department's head: 学生处's teacher gets the deptHead role (scope: own department and below).
  await sql`insert into sys_user_role (user_id, role_id)
    select u.id, r.id from sys_user u join sys_role r on r.top_dept_id = u.top_dept_id and r.role_key = 'deptHead'
    where u.login_name = 'teacher' and u.top_dept_id = ${siteId}`.execute(db());
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'principal', 'teacher']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => {
  await second?.close();
  if (secondDb && secondDb !== server?.database) await secondDb.close();
  await server?.close();
});
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// helpers

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  lang,
  site: who.startsWith('city') ? 'city' : 'demo',
  headers: { year: YEAR },
});

function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}
function refused(r: Reply, code: string, ...words: string[]) {
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  for (const w of words) expect(r.body.msg).toContain(w);
}

/** A decimal string as exact cents. */
function cents(v: unknown): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  if (!m) throw new Error(`not an amount: ${String(v)}`);
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** An indicator of the demo site's year, saved as admin through the API (its 'original' journal row). */
async function indicator(fields: Row = {}): Promise<number> {
  const saved = ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode: unique('BC-'),
        budgetName: unique('并发测试指标'),
        deptId: depts['教务处'],
        expenseType: '2',
        economicClass: '30201',
        originalAmount: '10000.00',
        ...fields,
      },
      as('admin'),
    ),
  );
  return Number(saved.id);
}

interface Snapshot {
  original: bigint;
  adjusted: bigint;
  adjustFrozen: bigint;
  frozen: bigint;
  used: bigint;
  paid: bigint;
  available: bigint;
  journal: number;
}

/** The indicator's balances and journal, asserting the identity and that the last journal row is the row. */
async function balances(budgetId: number): Promise<Snapshot> {
  const b = (await rows(sql`select * from nk_budget where id = ${budgetId}`))[0]!;
  const s: Snapshot = {
    original: cents(b.original_amount),
    adjusted: cents(b.adjusted_amount),
    adjustFrozen: cents(b.adjust_frozen),
    frozen: cents(b.frozen_amount),
    used: cents(b.used_amount),
    paid: cents(b.paid_amount),
    available: cents(b.available_amount),
    journal: Number((await rows(sql`select count(*) as n from nk_budget_journal where budget_id = ${budgetId}`))[0]!.n),
  };
  expect(s.available, 'available = adjusted − adjustFrozen − frozen − used').toBe(
    s.adjusted - s.adjustFrozen - s.frozen - s.used,
  );
  expect(s.available >= 0n, 'available ≥ 0').toBe(true);
  expect(s.paid <= s.used, 'paid ≤ used').toBe(true);
  for (const v of [s.adjustFrozen, s.frozen, s.used, s.paid]) expect(v >= 0n).toBe(true);
  const last = (await rows(sql`select * from nk_budget_journal where budget_id = ${budgetId} order by id desc limit 1`))[0];
  if (last) {
    expect(
      [last.adjusted_after, last.adjust_frozen_after, last.frozen_after, last.used_after, last.paid_after].map(cents),
      "the last journal row's balances are the indicator's",
    ).toEqual([s.adjusted, s.adjustFrozen, s.frozen, s.used, s.paid]);
  }
  return s;
}

const ledgerIn = (trx: Transaction<any>) => new Ledger(trx, siteId, adminId, new Date(server.clock.now()));

/** One ledger call in a transaction of its own on the given node's database. */
const inTrx = <T>(fn: (ledger: Ledger) => Promise<T>, database: Database = server.database) =>
  database.db.transaction().execute((trx) => fn(ledgerIn(trx)));

/** The AppError a ledger call refused with. */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the ledger refuses').toBeInstanceOf(AppError);
  return err as AppError;
}

// ---------------------------------------------------------------------------------------------

describe('the ledger under concurrency', () => {
  it('runs on the database the run asks for, with a second app node on it', () => {
    expect(server.database.kind).toBe(onPostgres ? 'postgres' : 'embedded');
    // On PostgreSQL the second node has its own pool (its own connections); embedded shares the one.
    expect(secondDb === server.database).toBe(!onPostgres);
  });

  it('lets exactly as many of 200 concurrent freezes through as the money allows, on two nodes', async () => {
    const id = await indicator({ originalAmount: '10000.00' });
    const nodes = [server.database, secondDb];
    let open = 0;
    let mostOpen = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        nodes[i % 2]!.db.transaction().execute(async (trx) => {
          open++;
          mostOpen = Math.max(mostOpen, open);
          try {
            return await ledgerIn(trx).freeze(id, '73.00', { type: 'concurrencyTest', id: i + 1, note: `freeze ${i + 1}` });
          } finally {
            open--;
          }
        }),
      ),
    );
    // On PostgreSQL the transactions really overlapped (both pools busy at once), so the row lock decided.
    if (onPostgres) expect(mostOpen).toBeGreaterThan(2);
    const succeeded = results.filter((r): r is PromiseFulfilledResult<Balances> => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // 10 000.00 / 73.00 = 136 rest 72.00
    expect(succeeded.length).toBe(136);
    expect(failed.length).toBe(64);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(AppError);
      expect(f.reason).toMatchObject({ code: '40900', messageKey: 'budget.insufficient' });
    }
    // Every success saw the one before it: the frozen amounts after are 73, 146, … 9 928, each once.
    expect(succeeded.map((s) => cents(s.value.frozen)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(
      Array.from({ length: 136 }, (_, k) => BigInt(k + 1) * 7300n),
    );
    const after = await balances(id);
    expect(after.frozen).toBe(136n * 7300n);
    expect(after.available).toBe(7200n);
    const journal = await rows(
      sql`select count(*) as n, count(distinct source_id) as sources, sum(amount) as total from nk_budget_journal
        where budget_id = ${id} and kind = 'freeze' and source_type = 'concurrencyTest'`,
    );
    expect(Number(journal[0]!.n)).toBe(136);
    expect(Number(journal[0]!.sources)).toBe(136);
    expect(cents(journal[0]!.total)).toBe(after.frozen);

    // Bypassing the ledger does not help: the table's check constraint refuses the overspend.
    await expect(sql`update nk_budget set frozen_amount = frozen_amount + 73 where id = ${id}`.execute(db())).rejects.toThrow(
      /nk_budget_available/,
    );
    await expect(sql`update nk_budget set paid_amount = used_amount + 1 where id = ${id}`.execute(db())).rejects.toThrow(
      /nk_budget_balances/,
    );
    expect((await balances(id)).frozen).toBe(after.frozen);
  });

  it('lets exactly as many of 200 concurrent spending calls through over HTTP, half on each node', async () => {
    const id = await indicator({ originalAmount: '10000.00' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? second : server).post(
          '/api/neikong/budgetSubtractDetails/save',
          { budgetId: id, amount: '73.00', note: `支出 ${i + 1}` },
          as('admin'),
        ),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0').length).toBe(136);
    expect(codes.filter((c) => c === '40900').length).toBe(64);
    for (const a of answers.filter((x) => x.body.code !== '0')) expect(a.body.msg).toContain('可用余额不足');
    const after = await balances(id);
    expect(after.used).toBe(136n * 7300n);
    expect(after.available).toBe(7200n);
    const n = await rows(sql`select count(*) as n from nk_budget_journal where budget_id = ${id} and kind = 'consume'`);
    expect(Number(n[0]!.n)).toBe(136);
  });

  it.runIf(onPostgres)("a freeze waiting on another node's open freeze re-checks the balance when that one ends", async () => {
    const id = await indicator({ originalAmount: '100.00' });
    const waiting = async () => {
      for (let i = 0; i < 100; i++) {
        const n = await rows(
          sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(n[0]!.n) > 0) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    };
    for (const outcome of ['commit', 'rollback'] as const) {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let frozen!: () => void;
      const first = new Promise<void>((r) => (frozen = r));
      const a = server.database.db
        .transaction()
        .execute(async (trx) => {
          await ledgerIn(trx).freeze(id, '60.00', { type: 'concurrencyTest', id: 1 });
          frozen();
          await held;
          if (outcome === 'rollback') throw new Error('rolled back');
        })
        .catch((e: Error) => e.message);
      await first;
      const b = inTrx((l) => l.freeze(id, '60.00', { type: 'concurrencyTest', id: 2 }), secondDb).then(
        (v) => v,
        (e: unknown) => e,
      );
      // The second node's update waits on the row lock of the first's uncommitted one.
      expect(await waiting()).toBe(true);
      release();
      await a;
      const result = await b;
      if (outcome === 'commit') {
        expect(result).toMatchObject({ code: '40900', messageKey: 'budget.insufficient' });
        expect((await balances(id)).frozen).toBe(6000n);
        await inTrx((l) => l.unfreeze(id, '60.00', { type: 'concurrencyTest', id: 1 }));
      } else {
        expect(result).toMatchObject({ frozen: '60.00', available: '40.00' });
        expect((await balances(id)).frozen).toBe(6000n);
      }
    }
  });
});

describe('the balance identity after every kind of event', () => {
  it('holds after freeze, unfreeze, consume, consumeDirect, pay, adjust holds and applies, and raises', async () => {
    const id = await indicator({ originalAmount: '1000.00' });
    let now = await balances(id);
    expect(now).toMatchObject({ original: 100000n, adjusted: 100000n, available: 100000n, journal: 1 });
    const src = { type: 'identityTest', id: 7, note: '恒等式' };

    /** A change that must go through: the balances move by `delta`, one journal row of `kind` and `amount`. */
    const step = async (
      call: (l: Ledger) => Promise<Balances>,
      kind: string,
      amount: string,
      delta: Partial<Record<'original' | 'adjusted' | 'adjustFrozen' | 'frozen' | 'used' | 'paid', bigint>>,
    ) => {
      const returned = await inTrx(call);
      const before = now;
      now = await balances(id);
      const expected = { ...before, journal: before.journal + 1 };
      for (const [k, d] of Object.entries(delta)) (expected as any)[k] = (before as any)[k] + d;
      expected.available = expected.adjusted - expected.adjustFrozen - expected.frozen - expected.used;
      expect(now).toEqual(expected);
      // What the ledger answered is what the row holds.
      expect(
        [returned.adjusted, returned.adjustFrozen, returned.frozen, returned.used, returned.paid, returned.available].map(cents),
      ).toEqual([now.adjusted, now.adjustFrozen, now.frozen, now.used, now.paid, now.available]);
      const j = (await rows(sql`select * from nk_budget_journal where budget_id = ${id} order by id desc limit 1`))[0]!;
      expect(j).toMatchObject({ kind, amount, source_type: 'identityTest', budget_year: YEAR, note: '恒等式' });
      expect(Number(j.source_id)).toBe(7);
      expect(Number(j.created_by)).toBe(adminId);
    };
    /** A change that must be refused: nothing moves, no journal row. */
    const refuse = async (call: (l: Ledger) => Promise<Balances>, code: string, key: string) => {
      const before = now;
      const err = await refusal(inTrx(call));
      expect({ code: err.code, key: err.messageKey }).toEqual({ code, key });
      now = await balances(id);
      expect(now).toEqual(before);
    };

    await step((l) => l.freeze(id, '300.00', src), 'freeze', '300.00', { frozen: 30000n });
    await refuse((l) => l.freeze(id, '700.01', src), '40900', 'budget.insufficient');
    await step((l) => l.unfreeze(id, '100', src), 'unfreeze', '100.00', { frozen: -10000n });
    await refuse((l) => l.unfreeze(id, '200.01', src), '40900', 'budget.notFrozen');
    await step((l) => l.consume(id, 150, src), 'consume', '150.00', { frozen: -15000n, used: 15000n });
    await refuse((l) => l.consume(id, '50.01', src), '40900', 'budget.notFrozen');
    await step((l) => l.consumeDirect(id, '200.00', src), 'consume', '200.00', { used: 20000n });
    // available now 1000 − 50 − 350 = 600
    await refuse((l) => l.consumeDirect(id, '600.01', src), '40900', 'budget.insufficient');
    await step((l) => l.pay(id, '300.00', src), 'pay', '300.00', { paid: 30000n });
    await refuse((l) => l.pay(id, '50.01', src), '40900', 'budget.overPaid');
    await step((l) => l.pay(id, '50.00', src), 'pay', '50.00', { paid: 5000n });
    expect(now.paid).toBe(now.used);
    await step((l) => l.adjustFreeze(id, '100.00', src), 'adjustFreeze', '100.00', { adjustFrozen: 10000n });
    await refuse((l) => l.adjustFreeze(id, '500.01', src), '40900', 'budget.insufficient');
    await refuse((l) => l.freeze(id, '500.01', src), '40900', 'budget.insufficient');
    await step((l) => l.adjustRelease(id, '40.00', src), 'adjustRelease', '40.00', { adjustFrozen: -4000n });
    await refuse((l) => l.adjustRelease(id, '60.01', src), '40900', 'budget.notFrozen');
    await refuse((l) => l.adjustApply(id, '-60.01', src), '40900', 'budget.notFrozen');
    await step((l) => l.adjustApply(id, '-60.00', src), 'adjustApply', '-60.00', { adjustFrozen: -6000n, adjusted: -6000n });
    await step((l) => l.adjustApply(id, '60.00', src), 'adjustApply', '60.00', { adjusted: 6000n });
    await step((l) => l.raise(id, '500.00', 'reply', src), 'reply', '500.00', { original: 50000n, adjusted: 50000n });
    await step((l) => l.raise(id, '-200.00', 'reply', src), 'reply', '-200.00', { original: -20000n, adjusted: -20000n });
    // available 1300 − 50 − 350 = 900: lowering by more is refused, the money is spoken for.
    expect(now.available).toBe(90000n);
    await refuse((l) => l.raise(id, '-900.01', 'reply', src), '40900', 'budget.insufficient');
    await step((l) => l.raise(id, '-900.00', 'original', src), 'original', '-900.00', { original: -90000n, adjusted: -90000n });
    expect(now).toMatchObject({ available: 0n, frozen: 5000n, used: 35000n, paid: 35000n });
    await refuse((l) => l.freeze(id, '0.01', src), '40900', 'budget.insufficient');
    await step((l) => l.unfreeze(id, '50.00', src), 'unfreeze', '50.00', { frozen: -5000n });

    // Amounts that are not money, and indicators that are not the site's or not leaves.
    for (const bad of ['0', '0.00', '-5', '1.234', 'abc', '', null, Number.NaN, '1e3']) {
      await refuse((l) => l.freeze(id, bad, src), '40000', 'budget.badAmount');
    }
    await refuse((l) => l.freeze(999_999_999, '1.00', src), '40400', 'budget.notFound');
    const cityLedger = (trx: Transaction<any>) => new Ledger(trx, citySiteId, adminId, new Date(server.clock.now()));
    const err = await refusal(server.database.db.transaction().execute((trx) => cityLedger(trx).freeze(id, '1.00', src)));
    expect(err).toMatchObject({ code: '40400', messageKey: 'budget.notFound' });
    // A parent indicator (nothing moved on it yet) gets a child: money is spent from leaves only.
    const parent = await indicator({ originalAmount: '0' });
    ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode: unique('BC-'),
          budgetName: unique('下级'),
          deptId: depts['教务处'],
          expenseType: '2',
          originalAmount: '0',
          parentId: parent,
        },
        as('admin'),
      ),
    );
    const onParent = await refusal(inTrx((l) => l.freeze(parent, '1.00', src)));
    expect(onParent).toMatchObject({ code: '40900', messageKey: 'budget.hasChildren' });
    await balances(parent);

    // Every change since the first is in the journal, and each row's balances follow from the one before.
    const journal = await rows(sql`select * from nk_budget_journal where budget_id = ${id} order by id`);
    expect(journal.length).toBe(now.journal);
    for (const j of journal) {
      const [adj, af, fr, us, pd] = [j.adjusted_after, j.adjust_frozen_after, j.frozen_after, j.used_after, j.paid_after].map(
        cents,
      );
      expect(adj! - af! - fr! - us! >= 0n).toBe(true);
      expect(pd! <= us!).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// adjustment applications through HTTP

const APPLY = '/api/neikong/budgetAdjustApply';

interface Line {
  budgetId: number;
  amount: string;
}
const applyBody = (adjustKind: '1' | '2' | '3', money: string, details: Line[], extra: Row = {}) => ({
  title: unique('调整申请'),
  adjustKind,
  money,
  reason: '教学计划调整',
  details,
  ...extra,
});
/** A draft saved by `who` (head: 教务处), answered as the API answers it. */
const draft = (adjustKind: '1' | '2' | '3', money: string, details: Line[], who = 'head', extra: Row = {}) =>
  server.post(`${APPLY}/save`, applyBody(adjustKind, money, details, extra), as(who));
const info = (id: number, who = 'head') => server.get(`${APPLY}/infoById/${id}`, as(who));
const statusOf = async (id: number) => String(ok(await info(id, 'admin')).approvalStatus);
const submit = (id: number, who = 'head') => server.post(`${APPLY}/submit?id=${id}`, {}, as(who));
const approve = (id: number, who = 'finance') => server.post(`${APPLY}/audit`, { id, decision: 'approve' }, as(who));
const reject = (id: number, comment = '金额依据不足', who = 'finance') =>
  server.post(`${APPLY}/audit`, { id, decision: 'reject', comment }, as(who));
const withdraw = (id: number, who = 'head') => server.post(`${APPLY}/withdraw?id=${id}`, {}, as(who));
const cancel = (id: number, who = 'head') => server.post(`${APPLY}/cancel`, { id }, as(who));

/** What the indicator list shows (as finance) and the identity under it, in cents. */
async function shown(budgetId: number) {
  const b = ok(await server.get(`/api/neikong/budget/infoById/${budgetId}`, as('finance')));
  const s = await balances(budgetId);
  expect([b.adjustedAmount, b.adjustFrozen, b.frozenAmount, b.usedAmount, b.availableAmount].map(cents)).toEqual([
    s.adjusted,
    s.adjustFrozen,
    s.frozen,
    s.used,
    s.available,
  ]);
  return s;
}
const yuan = (n: number) => BigInt(Math.round(n * 100));

/** Journal rows an application wrote, oldest first: [kind, budgetId, amount]. */
const journalOf = async (applyId: number) =>
  (
    await rows(
      sql`select kind, budget_id, amount from nk_budget_journal where source_type = 'budgetAdjustApply' and source_id = ${applyId}
        order by id`,
    )
  ).map((r) => [r.kind, Number(r.budget_id), r.amount]);

describe('adjustment applications in every status', () => {
  it('a decrease holds its amount at submit and takes it away on approval; one adjustment in flight per indicator', async () => {
    const a = await indicator({ originalAmount: '50000.00' });
    const saved = ok(await draft('2', '3000.00', [{ budgetId: a, amount: '-3000.00' }]));
    const doc = ok(await info(saved.id));
    expect(doc).toMatchObject({ approvalStatus: '0', budgetYear: YEAR, adjustKind: '2', deptId: depts['教务处'] });
    expect(doc.applyNo).toMatch(/^TZ2026\d{5}$/);
    expect(cents(doc.money)).toBe(yuan(3000));
    expect((await shown(a)).available).toBe(yuan(50000));

    ok(await submit(saved.id));
    expect(await statusOf(saved.id)).toBe('1');
    expect(await shown(a)).toMatchObject({ adjusted: yuan(50000), adjustFrozen: yuan(3000), available: yuan(47000) });
    expect(await journalOf(saved.id)).toEqual([['adjustFreeze', a, '3000.00']]);
    // Submitting twice is refused; so is a change behind the approver's back.
    refused(await submit(saved.id), '40900');
    refused(await server.post(`${APPLY}/update`, { id: saved.id, version: doc.version, reason: '改一下' }, as('head')), '40900');

    // A second adjustment on the same indicator waits until this one ends (any kind).
    const second = ok(await draft('2', '1000.00', [{ budgetId: a, amount: '-1000.00' }]));
    const third = ok(await draft('1', '500.00', [{ budgetId: a, amount: '500.00' }]));
    const name = ok(await server.get(`/api/neikong/budget/infoById/${a}`, as('admin'))).budgetName;
    refused(await submit(second.id), '40900', name, '进行中的调整申请');
    refused(await submit(third.id), '40900', name);
    expect(await statusOf(second.id)).toBe('0');
    expect((await shown(a)).adjustFrozen).toBe(yuan(3000));
    // The picker says which indicators are busy.
    const picker = ok(await server.get(`/api/neikong/budget/adjustmentBudget?limitCode=`, as('head'))) as Row[];
    expect(picker.find((r) => Number(r.id) === a)).toMatchObject({ adjusting: true });

    ok(await approve(saved.id));
    expect(await statusOf(saved.id)).toBe('2');
    expect(await shown(a)).toMatchObject({
      original: yuan(50000),
      adjusted: yuan(47000),
      adjustFrozen: 0n,
      available: yuan(47000),
    });
    expect(await journalOf(saved.id)).toEqual([
      ['adjustFreeze', a, '3000.00'],
      ['adjustApply', a, '-3000.00'],
    ]);
    // An approved application is final.
    refused(await approve(saved.id), '40900');
    refused(await withdraw(saved.id), '40900');
    refused(await cancel(saved.id), '40900');
    refused(await server.post(`${APPLY}/remove`, { ids: [saved.id] }, as('head')), '40900');
    expect((await shown(a)).adjusted).toBe(yuan(47000));

    // Now the next one may go.
    ok(await submit(second.id));
    expect(await shown(a)).toMatchObject({ adjustFrozen: yuan(1000), available: yuan(46000) });
    // Rejected: the hold comes back; a rejection needs its reason.
    refused(await server.post(`${APPLY}/audit`, { id: second.id, decision: 'reject' }, as('finance')), '40000');
    expect(await statusOf(second.id)).toBe('1');
    ok(await reject(second.id));
    expect(await statusOf(second.id)).toBe('3');
    expect(await shown(a)).toMatchObject({ adjusted: yuan(47000), adjustFrozen: 0n, available: yuan(47000) });
    // Submitted again after the rejection: held again; withdrawn by the applicant: released.
    ok(await submit(second.id));
    expect((await shown(a)).adjustFrozen).toBe(yuan(1000));
    refused(await withdraw(second.id, 'finance'), '40103');
    ok(await withdraw(second.id));
    expect(await statusOf(second.id)).toBe('4');
    expect(await shown(a)).toMatchObject({ adjustFrozen: 0n, available: yuan(47000) });
    refused(await withdraw(second.id), '40900');
    // Submitted once more and cancelled: released for good, and a cancelled application stays cancelled.
    ok(await submit(second.id));
    expect((await shown(a)).adjustFrozen).toBe(yuan(1000));
    ok(await cancel(second.id));
    expect(await statusOf(second.id)).toBe('5');
    expect(await shown(a)).toMatchObject({ adjustFrozen: 0n, available: yuan(47000) });
    refused(await cancel(second.id), '40900');
    refused(await submit(second.id), '40900');
    expect(await journalOf(second.id)).toEqual([
      ['adjustFreeze', a, '1000.00'],
      ['adjustRelease', a, '1000.00'],
      ['adjustFreeze', a, '1000.00'],
      ['adjustRelease', a, '1000.00'],
      ['adjustFreeze', a, '1000.00'],
      ['adjustRelease', a, '1000.00'],
    ]);

    // A decrease cannot take what is spoken for: the hold is refused at submit, nothing changes.
    await inTrx((l) => l.freeze(a, '46500.00', { type: 'identityTest', id: null }));
    const tooMuch = ok(await draft('2', '600.00', [{ budgetId: a, amount: '-600.00' }]));
    refused(await submit(tooMuch.id), '40900', '可用余额不足');
    expect(await statusOf(tooMuch.id)).toBe('0');
    expect(await shown(a)).toMatchObject({ adjustFrozen: 0n, available: yuan(500) });
  });

  it('of 12 applications on one indicator submitted at once on two nodes, exactly one goes into approval', async () => {
    const a = await indicator({ originalAmount: '50000.00' });
    const docs = [];
    for (let i = 0; i < 12; i++) docs.push(ok(await draft('2', `${100 + i}.00`, [{ budgetId: a, amount: `-${100 + i}.00` }])));
    const answers = await Promise.all(
      docs.map((d, i) => (i % 2 ? second : server).post(`${APPLY}/submit?id=${d.id}`, {}, as('head'))),
    );
    const codes = answers.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(1);
    expect(codes.filter((c) => c === '40900')).toHaveLength(11);
    const winner = docs[codes.indexOf('0')]!;
    expect(await Promise.all(docs.map((d) => statusOf(d.id)))).toEqual(docs.map((d) => (d === winner ? '1' : '0')));
    expect(await shown(a)).toMatchObject({ adjustFrozen: cents(winner.money) });
    ok(await cancel(winner.id));
    expect((await shown(a)).adjustFrozen).toBe(0n);
  });

  it('an increase changes nothing until it is approved, and nothing when rejected or withdrawn', async () => {
    const b = await indicator({ originalAmount: '20000.00', expenseType: '1', economicClass: '30101' });
    const up = ok(await draft('1', '5000.00', [{ budgetId: b, amount: '5000.00' }]));
    ok(await submit(up.id));
    expect(await shown(b)).toMatchObject({ adjusted: yuan(20000), adjustFrozen: 0n, available: yuan(20000) });
    ok(await reject(up.id));
    expect(await statusOf(up.id)).toBe('3');
    expect(await shown(b)).toMatchObject({ adjusted: yuan(20000), available: yuan(20000) });
    ok(await submit(up.id));
    ok(await withdraw(up.id));
    expect(await statusOf(up.id)).toBe('4');
    expect((await shown(b)).adjusted).toBe(yuan(20000));
    ok(await submit(up.id));
    ok(await approve(up.id));
    expect(await statusOf(up.id)).toBe('2');
    expect(await shown(b)).toMatchObject({ original: yuan(20000), adjusted: yuan(25000), available: yuan(25000) });
    expect(await journalOf(up.id)).toEqual([['adjustApply', b, '5000.00']]);
  });

  it('a transfer nets to zero, holds its decreases, and moves the money on approval; its rules refuse the rest', async () => {
    const from = await indicator({ originalAmount: '30000.00', expenseType: '2', economicClass: '30201' });
    const to = await indicator({ originalAmount: '10000.00', expenseType: '1', economicClass: '30101' });
    const project = await indicator({
      originalAmount: '10000.00',
      expenseType: '3',
      projectName: '并发测试项目',
      economicClass: '30213',
    });
    const before = [await shown(from), await shown(to), await shown(project)];
    const t = ok(
      await draft('3', '4000.00', [
        { budgetId: from, amount: '-4000.00' },
        { budgetId: to, amount: '4000.00' },
      ]),
    );
    ok(await submit(t.id));
    expect(await shown(from)).toMatchObject({ adjusted: yuan(30000), adjustFrozen: yuan(4000), available: yuan(26000) });
    expect(await shown(to)).toMatchObject({ adjusted: yuan(10000), available: yuan(10000) });
    ok(await approve(t.id));
    expect(await statusOf(t.id)).toBe('2');
    expect(await shown(from)).toMatchObject({ adjusted: yuan(26000), adjustFrozen: 0n, available: yuan(26000) });
    expect(await shown(to)).toMatchObject({ adjusted: yuan(14000), available: yuan(14000) });
    expect((await shown(from)).adjusted + (await shown(to)).adjusted).toBe(before[0]!.adjusted + before[1]!.adjusted);

    // Lines that do not net to zero, a single line, basic ↔ project, and raising the 三公 classes.
    refused(
      await draft('3', '3000.00', [
        { budgetId: from, amount: '-4000.00' },
        { budgetId: to, amount: '3000.00' },
      ]),
      '40000',
      '合计须为零',
    );
    refused(await draft('3', '100.00', [{ budgetId: to, amount: '100.00' }]), '40000', '合计须为零');
    refused(
      await draft('3', '1000.00', [
        { budgetId: from, amount: '-1000.00' },
        { budgetId: project, amount: '1000.00' },
      ]),
      '40000',
      '基本支出与项目支出之间不能调剂',
    );
    refused(
      await draft('3', '1000.00', [
        { budgetId: project, amount: '-1000.00' },
        { budgetId: to, amount: '1000.00' },
      ]),
      '40000',
      '基本支出与项目支出',
    );
    for (const economicClass of ['30212', '30217', '30231', '31013']) {
      const sanGong = await indicator({ originalAmount: '5000.00', economicClass });
      refused(
        await draft('3', '500.00', [
          { budgetId: from, amount: '-500.00' },
          { budgetId: sanGong, amount: '500.00' },
        ]),
        '40000',
        '三公',
      );
      // Taking money out of them is allowed.
      ok(
        await draft('3', '500.00', [
          { budgetId: sanGong, amount: '-500.00' },
          { budgetId: from, amount: '500.00' },
        ]),
      );
    }
    // The amount must be the lines' total (a transfer: what it raises), with the right signs.
    refused(await draft('2', '2000.00', [{ budgetId: from, amount: '-3000.00' }]), '40000', '3,000.00');
    refused(
      await draft('3', '8000.00', [
        { budgetId: from, amount: '-4000.00' },
        { budgetId: to, amount: '4000.00' },
      ]),
      '40000',
      '4,000.00',
    );
    refused(await draft('1', '100.00', [{ budgetId: to, amount: '-100.00' }]), '40000', '追加的金额须为正数');
    refused(await draft('2', '100.00', [{ budgetId: to, amount: '100.00' }]), '40000');
    refused(
      await draft('1', '200.00', [
        { budgetId: to, amount: '100.00' },
        { budgetId: to, amount: '100.00' },
      ]),
      '40000',
    );
    refused(await draft('1', '100.00', []), '40000');
    refused(await draft('1', '100.00', [{ budgetId: 999_999_999, amount: '100.00' }]), '40400');
    // None of the refusals moved anything.
    expect(await shown(from)).toMatchObject({ adjusted: yuan(26000), adjustFrozen: 0n });
    expect(await shown(to)).toMatchObject({ adjusted: yuan(14000), adjustFrozen: 0n });
  });
});

describe('meeting records, batch audit, lookups, print, data scope and the site boundary', () => {
  const base = () => `http://127.0.0.1:${server.port}`;
  async function upload(name: string, content: string) {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const r = await fetch(`${base()}/api/core/upload`, {
      method: 'POST',
      body: form,
      headers: { token: tokens.head!, hostname: 'localhost' },
    });
    const body = (await r.json()) as { code: string; data: Row };
    expect(body.code).toBe('0');
    return body.data;
  }

  it('needs a meeting record from the site threshold on, and a principal from 500 000 on', async () => {
    const b = await indicator({ originalAmount: '10000.00' });
    // Below the default threshold (100 000) no record is needed; from it on, one is.
    ok(await draft('1', '99999.99', [{ budgetId: b, amount: '99999.99' }]));
    refused(await draft('1', '100000.00', [{ budgetId: b, amount: '100000.00' }]), '40000', '100,000.00');
    refused(
      await draft('1', '100000.00', [{ budgetId: b, amount: '100000.00' }], 'head', { meetingRecordFileList: [] }),
      '40000',
    );
    const record = (ok(await server.get('/api/meeting/record/page?pageSize=1', as('head'))).records as Row[])[0];
    expect(record, 'the demo site has meeting records').toBeTruthy();
    ok(await draft('1', '100000.00', [{ budgetId: b, amount: '100000.00' }], 'head', { meetingRecordId: Number(record!.id) }));
    const minutes = await upload('会议纪要.pdf', '%PDF-1.4 纪要');
    ok(
      await draft('1', '100000.00', [{ budgetId: b, amount: '100000.00' }], 'head', {
        meetingRecordFileList: [{ name: minutes.name, url: minutes.url, uid: minutes.uid }],
      }),
    );
    // Another site's record does not count.
    const cityRecord = ok(
      await server.post(
        '/api/meeting/record/save',
        { recordNo: 'HY-CITY-1', meetingType: '1', meetingDate: '2026-03-01', topic: '医院预算会议' },
        as('cityadmin'),
      ),
    );
    refused(
      await draft('1', '100000.00', [{ budgetId: b, amount: '100000.00' }], 'head', { meetingRecordId: Number(cityRecord.id) }),
      '40000',
    );

    // The site's own threshold.
    const setting = (
      await rows(
        sql`select id, version from sys_config where config_key = 'meeting.minutesThreshold' and top_dept_id = ${siteId}`,
      )
    )[0]!;
    ok(
      await server.post(
        '/api/core/config/update',
        { id: Number(setting.id), version: setting.version, configValue: '50000' },
        as('admin'),
      ),
    );
    try {
      refused(await draft('1', '60000.00', [{ budgetId: b, amount: '60000.00' }]), '40000', '50,000.00');
      ok(await draft('1', '49999.99', [{ budgetId: b, amount: '49999.99' }]));
    } finally {
      ok(
        await server.post(
          '/api/core/config/update',
          { id: Number(setting.id), version: setting.version + 1, configValue: '100000' },
          as('admin'),
        ),
      );
    }
    ok(await draft('1', '60000.00', [{ budgetId: b, amount: '60000.00' }]));

    // 500 000 and more: finance, then the principal.
    const big = ok(
      await draft('1', '500000.00', [{ budgetId: b, amount: '500000.00' }], 'head', { meetingRecordId: Number(record!.id) }),
    );
    ok(await submit(big.id));
    ok(await approve(big.id));
    expect(await statusOf(big.id)).toBe('1');
    expect((await shown(b)).adjusted).toBe(yuan(10000));
    refused(await approve(big.id), '40900');
    ok(await approve(big.id, 'principal'));
    expect(await statusOf(big.id)).toBe('2');
    expect(await shown(b)).toMatchObject({ adjusted: yuan(510000), available: yuan(510000) });
  });

  it('audits a batch with a result per item, one of them refused', async () => {
    const [x, y, z] = [await indicator(), await indicator(), await indicator()];
    const ax = ok(await draft('2', '100.00', [{ budgetId: x, amount: '-100.00' }]));
    const ay = ok(await draft('1', '200.00', [{ budgetId: y, amount: '200.00' }]));
    const az = ok(await draft('2', '300.00', [{ budgetId: z, amount: '-300.00' }]));
    ok(await submit(ax.id));
    ok(await submit(ay.id));
    // az stays a draft: no task waits for finance.
    const results = ok(await server.post(`${APPLY}/auditBatch`, { ids: [ax.id, ay.id, az.id] }, as('finance'))) as Row[];
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ id: ax.id, ok: true, status: 'approved' });
    expect(results[1]).toMatchObject({ id: ay.id, ok: true, status: 'approved' });
    expect(results[2]).toMatchObject({ id: az.id, ok: false, code: '40900' });
    expect(results[2]!.msg).toContain('没有待您审批');
    expect([await statusOf(ax.id), await statusOf(ay.id), await statusOf(az.id)]).toEqual(['2', '2', '0']);
    expect((await shown(x)).adjusted).toBe(yuan(9900));
    expect((await shown(y)).adjusted).toBe(yuan(10200));
    expect((await shown(z)).adjusted).toBe(yuan(10000));

    // Rejecting a batch needs the reason for each; with it, every hold comes back.
    ok(await submit(az.id));
    const noReason = ok(await server.post(`${APPLY}/auditBatch`, { ids: [az.id], decision: 'reject' }, as('finance'))) as Row[];
    expect(noReason[0]).toMatchObject({ id: az.id, ok: false, code: '40000' });
    expect(await statusOf(az.id)).toBe('1');
    const rejected = ok(
      await server.post(
        `${APPLY}/auditBatch`,
        { ids: [az.id, ax.id], decision: 'reject', comment: '年底不再调整' },
        as('finance'),
      ),
    ) as Row[];
    expect(rejected.map((r) => [r.id, r.ok])).toEqual([
      [az.id, true],
      [ax.id, false],
    ]);
    expect(await statusOf(az.id)).toBe('3');
    expect(await shown(z)).toMatchObject({ adjustFrozen: 0n, available: yuan(10000) });
    refused(await server.post(`${APPLY}/auditBatch`, { ids: [] }, as('finance')), '40000');
    // The applicant is not an approver here.
    const mine = ok(await server.post(`${APPLY}/auditBatch`, { ids: [ax.id] }, as('head'))) as Row[];
    expect(mine[0]).toMatchObject({ ok: false });
  });

  it('finds an application by its number, counts by status, prints it with lines and history, lists its lines', async () => {
    const a = await indicator({ originalAmount: '8000.00' });
    const b = await indicator({ originalAmount: '8000.00', expenseType: '1', economicClass: '30101' });
    const t = ok(
      await draft('3', '800.00', [
        { budgetId: a, amount: '-800.00' },
        { budgetId: b, amount: '800.00' },
      ]),
    );
    const doc = ok(await info(t.id));
    const byNo = ok(await server.get(`${APPLY}/infoByBusinessKey/${doc.applyNo}`, as('head')));
    expect(byNo).toMatchObject({ id: t.id, applyNo: doc.applyNo, title: doc.title });
    expect(ok(await server.get(`${APPLY}/infoByBusinessKey/${t.id}`, as('head'))).id).toBe(t.id);
    refused(await server.get(`${APPLY}/infoByBusinessKey/TZ209900001`, as('head')), '40400');

    ok(await submit(t.id));
    ok(await approve(t.id));
    const print = ok(await server.get(`${APPLY}/getPrintById/${t.id}`, as('head')));
    expect(print.apply).toMatchObject({ id: t.id, applyNo: doc.applyNo, approvalStatus: '2' });
    expect(print.lines.map((l: Row) => [Number(l.budgetId), l.amount])).toEqual([
      [a, '-800.00'],
      [b, '800.00'],
    ]);
    expect(print.lines[0]).toMatchObject({ limitCode: expect.any(String), budgetName: expect.any(String) });
    expect(cents(print.lines[0].adjustedAmount)).toBe(yuan(7200));
    expect(print.history.map((h: Row) => h.decision)).toEqual(['submit', 'approve']);
    expect(print.history[1]).toMatchObject({ node: '财务审核', userName: '陈静' });

    const byApply = ok(await server.get(`/api/neikong/budgetAdjustDetails/listByIds?applyIds=${t.id}`, as('head'))) as Row[];
    expect(byApply.map((l) => [l.applyId, Number(l.budgetId), l.amount])).toEqual([
      [t.id, a, '-800.00'],
      [t.id, b, '800.00'],
    ]);
    const byIds = ok(await server.get(`/api/neikong/budgetAdjustDetails/listByIds?ids=${byApply[1]!.id}`, as('head'))) as Row[];
    expect(byIds.map((l) => l.id)).toEqual([byApply[1]!.id]);
    refused(await server.get(`/api/neikong/budgetAdjustDetails/listByIds?ids=abc`, as('head')), '40000');

    // The status counts of the caller's year and scope are the rows the list shows.
    for (const who of ['head', 'admin', 'teacher']) {
      const counts = ok(await server.get(`${APPLY}/queryParamOfStatus`, as(who))) as Row[];
      expect(counts.map((c) => c.value)).toEqual(['0', '1', '2', '3', '4', '5']);
      expect(counts[0]!.label).toBe('草稿');
      for (const c of counts) {
        const listed = ok(await server.get(`${APPLY}/page?approvalStatus=${c.value}&pageSize=1`, as(who)));
        expect(c.count, `${who}: status ${c.value}`).toBe(listed.total);
      }
      if (who === 'head') expect(counts.find((c) => c.value === '2')!.count).toBeGreaterThan(0);
      if (who === 'teacher') {
        const mineOnly = await rows(
          sql`select count(*) as n from nk_budget_adjust_apply where top_dept_id = ${siteId} and budget_year = ${YEAR}
            and dept_id = ${depts['学生处']}`,
        );
        expect(counts.reduce((n, c) => n + c.count, 0)).toBe(Number(mineOnly[0]!.n));
      }
    }
    const otherYear = ok(await server.get(`${APPLY}/queryParamOfStatus`, { ...as('admin'), headers: { year: '2019' } })) as Row[];
    expect(otherYear.every((c) => c.count === 0)).toBe(true);
  });

  it("keeps an application to its department's scope and to its site", async () => {
    const a = await indicator({ originalAmount: '6000.00' });
    const t = ok(await draft('2', '600.00', [{ budgetId: a, amount: '-600.00' }]));
    const applyNo = ok(await info(t.id)).applyNo;
    ok(await submit(t.id));

    // 学生处's head sees nothing of 教务处's application.
    refused(await info(t.id, 'teacher'), '40400');
    refused(await server.get(`${APPLY}/infoByBusinessKey/${applyNo}`, as('teacher')), '40400');
    refused(await server.get(`${APPLY}/getPrintById/${t.id}`, as('teacher')), '40400');
    expect(ok(await server.get(`/api/neikong/budgetAdjustDetails/listByIds?applyIds=${t.id}`, as('teacher')))).toEqual([]);
    const page = ok(await server.get(`${APPLY}/page?pageSize=100`, as('teacher')));
    expect(page.records.map((r: Row) => r.id)).not.toContain(t.id);
    refused(await server.post(`${APPLY}/audit`, { id: t.id, decision: 'approve' }, as('teacher')), '40400');
    refused(await cancel(t.id, 'teacher'), '40400');
    // Withdrawing is the applicant's alone (the workflow's rule, before any scope).
    refused(await withdraw(t.id, 'teacher'), '40103');
    // Staff hold no key to adjustments at all.
    refused(await info(t.id, 'staff'), '40103');
    refused(await server.get(`${APPLY}/queryParamOfStatus`, as('staff')), '40103');

    // The other site: not found, whatever it tries.
    refused(await info(t.id, 'cityadmin'), '40400');
    refused(await server.get(`${APPLY}/infoByBusinessKey/${applyNo}`, as('cityadmin')), '40400');
    refused(await server.get(`${APPLY}/getPrintById/${t.id}`, as('cityadmin')), '40400');
    expect(ok(await server.get(`/api/neikong/budgetAdjustDetails/listByIds?applyIds=${t.id}`, as('cityadmin')))).toEqual([]);
    refused(await server.post(`${APPLY}/audit`, { id: t.id, decision: 'approve' }, as('cityadmin')), '40400');
    const batch = ok(await server.post(`${APPLY}/auditBatch`, { ids: [t.id] }, as('cityadmin'))) as Row[];
    expect(batch[0]).toMatchObject({ id: t.id, ok: false, code: '40400' });
    refused(await cancel(t.id, 'cityadmin'), '40400');
    // The workflow's withdraw answers as for an id with nothing running: the same as an id that does not exist.
    const none = await withdraw(999_999_999, 'cityadmin');
    expect((await withdraw(t.id, 'cityadmin')).body).toEqual(none.body);
    refused(await submit(t.id, 'cityadmin'), '40400');
    refused(await server.post(`${APPLY}/remove`, { ids: [t.id] }, as('cityadmin')), '40400');
    refused(await draft('1', '100.00', [{ budgetId: a, amount: '100.00' }], 'cityadmin'), '40400');
    const cityCounts = ok(await server.get(`${APPLY}/queryParamOfStatus`, as('cityadmin'))) as Row[];
    const cityTotal = await rows(
      sql`select count(*) as n from nk_budget_adjust_apply where top_dept_id = ${citySiteId} and budget_year = ${YEAR}`,
    );
    expect(cityCounts.reduce((n, c) => n + c.count, 0)).toBe(Number(cityTotal[0]!.n));
    refused(await server.get(`/api/neikong/budget/infoById/${a}`, as('cityadmin')), '40400');

    // Nor may the head name another department's indicator in an application.
    const finances = await indicator({ originalAmount: '6000.00', deptId: depts['财务室'] });
    refused(await draft('2', '100.00', [{ budgetId: finances, amount: '-100.00' }]), '40400');
    refused(
      await draft('3', '100.00', [
        { budgetId: a, amount: '100.00' },
        { budgetId: finances, amount: '-100.00' },
      ]),
      '40400',
    );
    const financeOwn = ok(await draft('2', '100.00', [{ budgetId: finances, amount: '-100.00' }], 'finance'));
    refused(await info(financeOwn.id, 'head'), '40400');
    expect(await shown(finances)).toMatchObject({ adjustFrozen: 0n, available: yuan(6000) });

    // None of it moved the indicator; the applicant still decides.
    expect(await statusOf(t.id)).toBe('1');
    expect(await shown(a)).toMatchObject({ adjustFrozen: yuan(600), available: yuan(5400) });
    ok(await cancel(t.id));
    expect(await shown(a)).toMatchObject({ adjustFrozen: 0n, available: yuan(6000) });
  });
});
