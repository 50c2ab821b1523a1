// A long list's count (issue 37): exact up to a hundred pages past the page read (PAGES_AHEAD, at
// most COUNT_BOUND rows), beyond it the answer says "more than" that (`more: true`) and the pager
// stops there until the reader goes further; a short or filtered list answers as it always did. The claims come from the district generator (bench/district/documents.ts), which is
// itself checked here on the embedded database: its rows are what the product reads and counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok } from '../support/answers.ts';
import {
  COUNT_BOUND,
  COUNT_EXACT,
  PAGES_AHEAD,
  countUpTo,
  orderOf,
  siteCondition,
  sortOf,
  yearCondition,
} from '../../server/entities/query.ts';
import { generateDocuments } from '../../bench/district/documents.ts';
import { ensureGeneratedTables } from '../../server/entities/table.ts';

type Row = Record<string, any>;

let server: TestServer;
let db: Kysely<any>;
let siteId: number;
let year: string;
const tokens: Record<string, string> = {};
const as = (who: string): RequestOptions => ({ token: tokens[who], site: 'demo', lang: 'zh-CN', headers: { year } });
const claims = (filter: string) => sql<Row>`select count(*)::int as n from exp_reimburse t
  where t.top_dept_id = ${siteId} and t.budget_year = ${year} ${sql.raw(filter)}`;

beforeAll(async () => {
  server = await startServer();
  db = server.database.db as unknown as Kysely<any>;
  tokens.admin = await server.login('admin', 'Admin@12345');
  tokens.finance = await server.login('finance', 'Demo@12345');
  siteId = server.services.sites.get('demo')!.id;
  year = String(new Date(server.clock.now()).getFullYear());
  const made = await generateDocuments(db, { siteId, count: COUNT_BOUND + 50, linesPerDoc: 1, year: Number(year) });
  expect(made.documents).toBe(COUNT_BOUND + 50);
  expect(made.lines).toBe(COUNT_BOUND + 50);
}, 180_000);
afterAll(async () => server?.close());

describe('the count of a long list', () => {
  it('counts a hundred pages past the page read, and says "more than" that', async () => {
    expect((await claims('').execute(db)).rows[0]!.n).toBeGreaterThan(COUNT_BOUND);
    const first = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=10', as('admin')));
    expect(first).toMatchObject({ total: PAGES_AHEAD * 10, more: true, pages: PAGES_AHEAD });
    expect(first.records).toHaveLength(10);
    // The last page the pager offered: from there it offers a hundred more.
    const far = ok(await server.get(`/api/expense/funds/page?pageNum=${PAGES_AHEAD}&pageSize=10`, as('admin')));
    expect(far).toMatchObject({ total: (2 * PAGES_AHEAD - 1) * 10, more: true, pages: 2 * PAGES_AHEAD - 1 });
    expect(far.records).toHaveLength(10);
    // One to a page: at least COUNT_EXACT rows are counted, so a reader asking one row learns the number.
    const one = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=1', as('admin')));
    expect(one).toMatchObject({ total: COUNT_EXACT, more: true });
    // Fifty to a page, the same hundred pages.
    const wide = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=50', as('admin')));
    expect(wide).toMatchObject({ total: PAGES_AHEAD * 50, more: true });
  });

  it('stops at COUNT_BOUND however far the reader goes, and the pages go on', async () => {
    const deep = 5 * PAGES_AHEAD;
    const page = ok(await server.get(`/api/expense/funds/page?pageNum=${deep}&pageSize=20`, as('admin')));
    expect(page).toMatchObject({ total: COUNT_BOUND, more: true, pages: COUNT_BOUND / 20 });
    expect(page.records).toHaveLength(20);
    // What the reader sets, within COUNT_BOUND, is the bound.
    const asked = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=10&countTo=10000', as('admin')));
    expect(asked).toMatchObject({ total: COUNT_BOUND, more: true });
  });

  it('is exact below the bound, without `more`', async () => {
    const exact = (await claims(`and t.approval_status = '2'`).execute(db)).rows[0]!.n;
    expect(exact).toBeGreaterThan(PAGES_AHEAD * 10);
    expect(exact).toBeLessThan(PAGES_AHEAD * 100);
    const approved = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=100&approvalStatus=2', as('admin')));
    expect(approved.total).toBe(exact);
    expect(approved).not.toHaveProperty('more');
    // Ten to a page, the same rows are "more than" a hundred pages.
    const tens = ok(await server.get('/api/expense/funds/page?pageNum=1&pageSize=10&approvalStatus=2', as('admin')));
    expect(tens).toMatchObject({ total: PAGES_AHEAD * 10, more: true });
    // Finance's queue (a claim in approval waits for finance's step): counted the same way.
    const open = (
      await sql<Row>`select count(*)::int as n from wf_task where top_dept_id = ${siteId} and status = '0'
        and candidate_ids @> ${JSON.stringify([await financeId()])}::jsonb`.execute(db)
    ).rows[0]!.n;
    expect(open).toBeGreaterThan(0);
    const todo = ok(await server.get('/api/workflow/task/page?scope=todo&pageNum=1&pageSize=5', as('finance')));
    expect(todo.total).toBe(open);
    expect(todo).not.toHaveProperty('more');
  });

  it('counts exactly up to the bound itself, and says more only past it', async () => {
    const all = Number((await claims('').execute(db)).rows[0]!.n);
    const where = sql`where t.top_dept_id = ${siteId} and t.budget_year = ${year}`;
    expect(await countUpTo(db, sql`exp_reimburse t`, where, all)).toEqual({ total: all, more: false });
    expect(await countUpTo(db, sql`exp_reimburse t`, where, all - 1)).toEqual({ total: all - 1, more: true });
  });
});

// Every list a site reads, generated from the schemas: an entity added tomorrow is checked the day
// it lands. The planner is told not to scan a table whole nor sort (in a transaction of its own):
// a plan that still sorts has no index in the list's order. A million claims cost 1.1 s a
// first page when the claims' index was in id order and the list in created_at's (issue 37).
describe('the indexes a list reads through', () => {
  const planOf = async (query: ReturnType<typeof sql>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      // A small table sorts for nothing: only a plan with no index in order sorts now.
      await sql`set local enable_sort = off`.execute(trx);
      const plan = await sql<Row>`explain ${query}`.execute(trx);
      return plan.rows.map((r) => String(Object.values(r)[0])).join('\n');
    });

  it("gives every generated site entity's first page, and each of its states' tabs, its rows in order", async () => {
    const entities = [...server.services.schemas.forSite('demo').entities.values()].filter(
      (e) => e.generate && e.site && !e.lineOf && !e.view,
    );
    expect(entities.length).toBeGreaterThan(20);
    const faults: string[] = [];
    for (const e of entities) {
      const order = orderOf(sortOf(e, {}));
      const where = [...siteCondition(e, siteId), ...yearCondition(e, year)];
      const page = await planOf(
        sql`select t.id from ${sql.table(e.table)} t where ${sql.join(where, sql` and `)} order by ${order} limit 10`,
      );
      if (/Sort/.test(page)) faults.push(`${e.name}: first page\n${page}`);
      for (const name of [e.process ? 'approvalStatus' : null, e.states?.field ?? null]) {
        const f = name ? e.byName.get(name) : undefined;
        if (!f?.column || f.inExtend) continue;
        const tab = await planOf(
          sql`select t.id from ${sql.table(e.table)} t where ${sql.join(siteCondition(e, siteId), sql` and `)}
            and t.${sql.ref(f.column)} = '1' order by ${order} limit 10`,
        );
        if (/Sort/.test(tab)) faults.push(`${e.name}: ${name} tab\n${tab}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it("keeps every scoped entity's rows by department, carrying what a list filters them by", async () => {
    const entities = [...server.services.schemas.forSite('demo').entities.values()].filter(
      (e) => e.generate && e.site && !e.lineOf && !e.view && e.dataScope?.dept,
    );
    expect(entities.length).toBeGreaterThan(10);
    const faults: string[] = [];
    for (const e of entities) {
      const column = (name: string | null | undefined) => {
        const f = name ? e.byName.get(name) : undefined;
        return f?.column && !f.inExtend && !f.compute && !f.through && !f.aggregate ? f.column : undefined;
      };
      const dept = column(e.dataScope!.dept);
      if (!dept) continue;
      const year = column(e.year);
      const carried = [column(e.process ? 'approvalStatus' : null), column(e.states?.field)].filter(Boolean) as string[];
      const definitions = (
        await sql<Row>`select indexdef from pg_indexes where tablename = ${e.table} and starts_with(indexname, ${`${e.table}_scope`})`.execute(
          db,
        )
      ).rows.map((r) => String(r.indexdef));
      const lead = `(top_dept_id, ${dept}${year ? `, ${year}` : ''}, `;
      const fit = definitions.find(
        (d) => d.includes(lead) && carried.every((c) => new RegExp(`INCLUDE \\(.*\\b${c}\\b`).test(d)),
      );
      if (!fit) faults.push(`${e.name}: ${definitions.join('; ') || 'no department index'}`);
      // And a department's rows in each state (a head's state tabs).
      for (const c of carried)
        if (!definitions.some((d) => d.includes(`(top_dept_id, ${dept}, ${c}, `)))
          faults.push(`${e.name}: no index of a department's rows by ${c}`);
    }
    expect(faults).toEqual([]);
  });

  it("counts a department's claims, and those in a state, from an index alone", async () => {
    await sql`analyze exp_reimburse`.execute(db);
    const where = sql`t.top_dept_id = ${siteId} and t.budget_year = ${year} and t.dept_id = 5`;
    const count = await planOf(sql`select count(*) from (select 1 from exp_reimburse t where ${where} limit 1001) counted`);
    expect(count).toContain('Index Only Scan using exp_reimburse_scope');
    const tab = await planOf(
      sql`select count(*) from (select 1 from exp_reimburse t where ${where} and t.approval_status = '1' limit 1001) counted`,
    );
    expect(tab).toContain('Index Only Scan using exp_reimburse_scope_approval_status');
  });

  it('makes a new index when a release changes the order, and leaves none of the old one behind', async () => {
    const file = server.services.schemas.baseFiles().find((f) => f.kind === 'entity' && f.json.name === 'reimburse')!;
    const names = async () =>
      (
        await sql<Row>`select indexname from pg_indexes where tablename = 'exp_reimburse'
          and (starts_with(indexname, 'exp_reimburse_list') or starts_with(indexname, 'exp_reimburse_state_')
            or starts_with(indexname, 'exp_reimburse_scope'))
          order by indexname`.execute(db)
      ).rows.map((r) => String(r.indexname));
    const before = await names();
    // The list's, the approval status's, the payment state's; the department's, and its by each state.
    expect(before).toHaveLength(6);
    await ensureGeneratedTables(db, [{ ...file, json: { ...file.json, defaultSort: { field: 'money', order: 'desc' } } }]);
    const after = await names();
    expect(after).toHaveLength(6);
    expect(after.filter((n) => before.includes(n))).toEqual([]);
    await ensureGeneratedTables(db, [file]);
    expect(await names()).toEqual(before);
  });
});

async function financeId(): Promise<number> {
  const r = await sql<Row>`select id from sys_user where login_name = 'finance' and top_dept_id = ${siteId}`.execute(db);
  return Number(r.rows[0]!.id);
}
