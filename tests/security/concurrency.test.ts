// Part 4 of the security campaign: many spends at once on one indicator never take its available
// amount below zero. The approach of tests/api/budget-concurrency.test.ts, mixed: freezes through
// the ledger (each its own transaction), freezes consumed in the same transaction, and finance's
// direct spending over HTTP, all at once; afterwards the balance identity holds, available ≥ 0,
// and what was let through is exactly what the balances and the journal say.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../server/modules/budget/ledger.ts';
import { centsOf } from '../../validators/formats.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { recordFigures } from './figures.ts';

type Row = Record<string, any>;

let server: TestServer;
let admin: string;
const YEAR = '2039';

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
});
afterAll(async () => server?.close());

const db = () => server.database.db as unknown as Kysely<any>;
const cents = (v: unknown) => centsOf(String(v))!;
/** A spend the ledger refused: only ever for want of money (40900), never anything else. */
const refusedForMoney = (err: unknown) => {
  expect(err).toMatchObject({ code: '40900', messageKey: 'budget.insufficient' });
  return false;
};

describe('concurrent spends on one indicator', () => {
  it('never take available below zero: exactly as many succeed as the money allows', async () => {
    const as = { token: admin, headers: { year: YEAR } };
    const depts = (await server.get('/api/core/dept/list', as)).body.data as Row[];
    const saved = await server.post(
      '/api/neikong/budget/save',
      {
        limitCode: `SEC-${Date.now().toString(36)}`,
        budgetName: '并发支出',
        deptId: Number(depts.find((d) => Number(d.parentId) !== 0)!.id),
        expenseType: '2',
        originalAmount: '1000.00',
      },
      as,
    );
    expect(saved.body.code, saved.body.msg).toBe('0');
    const id = Number(saved.body.data.id);
    const siteId = server.services.sites.get('demo')!.id;
    const ledger = (trx: any) => new Ledger(trx, siteId, 1, new Date(server.clock.now()));
    const AMOUNT = 7; // 1000.00 / 7.00 = 142 rest 6.00
    const CALLS = 240;
    const calls = Array.from({ length: CALLS }, (_, i) => {
      const source = { type: 'securityCampaign', id: i + 1, note: `spend ${i + 1}` };
      switch (i % 3) {
        case 0:
          return db()
            .transaction()
            .execute((trx) => ledger(trx).freeze(id, `${AMOUNT}.00`, source))
            .then(() => true, refusedForMoney);
        case 1:
          return db()
            .transaction()
            .execute(async (trx) => {
              await ledger(trx).freeze(id, `${AMOUNT}.00`, source);
              return ledger(trx).consume(id, `${AMOUNT}.00`, source);
            })
            .then(() => true, refusedForMoney);
        default:
          return server
            .post('/api/neikong/budgetSubtractDetails/save', { budgetId: id, amount: `${AMOUNT}.00`, note: source.note }, as)
            .then((r) => {
              expect(['0', '40900'], r.body.msg).toContain(r.body.code);
              return r.body.code === '0';
            });
      }
    });
    const succeeded = (await Promise.all(calls)).filter(Boolean).length;
    const b = (await sql<Row>`select * from nk_budget where id = ${id}`.execute(db())).rows[0]!;
    const [adjusted, adjustFrozen, frozen, used, available] = [
      b.adjusted_amount,
      b.adjust_frozen,
      b.frozen_amount,
      b.used_amount,
      b.available_amount,
    ].map(cents);
    const journal = (
      await sql<Row>`select count(*) as n from nk_budget_journal where budget_id = ${id} and kind <> 'original'`.execute(db())
    ).rows[0]!;
    const availableBelowZero = available! < 0n ? 1 : 0;
    const identityBroken = available !== adjusted! - adjustFrozen! - frozen! - used! ? 1 : 0;
    recordFigures('concurrency', { calls: CALLS, succeeded, availableBelowZero, identityBroken });
    console.log(`concurrent spends: ${CALLS} calls, ${succeeded} let through, available ${b.available_amount}`);
    expect(availableBelowZero).toBe(0);
    expect(identityBroken).toBe(0);
    expect(succeeded).toBe(142);
    expect(available).toBe(600n);
    expect(frozen! + used!).toBe(BigInt(succeeded * AMOUNT * 100));
    // A freeze, a freeze and its consumption, or a direct spend: one or two journal rows each.
    expect(Number(journal.n)).toBeGreaterThanOrEqual(succeeded);
  });
});
