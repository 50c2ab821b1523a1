// The indicator pickers keep to the caller's data scope (issue 13, "the indicator picker lists every
// indicator ignoring the caller's data scope"): a user whose only role sees its own department picks
// from that department's indicators only — in every endpoint a form picks an indicator from —
// however the picker is asked (a page of choices, a search, ids of indicators already on a document).
// Everything is set up through the API, as an administrator would: a role, a user in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
let admin: string;
let clerk: string;
/** The clerk's department and another one, both with leaf indicators in the seeded year. */
let mine = 0;
let other = 0;
const YEAR = String(new Date().getFullYear());

const as = (token: string): RequestOptions => ({ token, lang: 'en-US', headers: { year: YEAR } });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  // Departments by how many leaf indicators of the year they hold, as the admin sees them.
  const leaves = ok<Row[]>(await server.get('/api/neikong/budget/noChildrenList', as(admin)));
  const perDept = new Map<number, number>();
  for (const r of leaves) perDept.set(Number(r.deptId), (perDept.get(Number(r.deptId)) ?? 0) + 1);
  [mine, other] = [...perDept.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
  expect(mine && other, 'two departments with indicators').toBeTruthy();

  const stamp = Date.now().toString(36);
  const role = ok<Row>(
    await server.post(
      '/api/core/role/save',
      // The menu entries of the adjustment screens: their picker is one of the endpoints below.
      {
        roleName: `本部门${stamp}`,
        roleKey: `own${stamp}`,
        dataScope: '3',
        status: '0',
        menuIds: await menuIds(['neikong:budget:list', 'neikong:budgetAdjustApply:list']),
      },
      as(admin),
    ),
  );
  const password = 'Scope@2026x';
  ok(
    await server.post(
      '/api/core/user/save',
      { loginName: `clerk${stamp}`, realName: '部门会计', deptId: mine, roleIds: [role.id], status: '0', password },
      as(admin),
    ),
  );
  // A new account changes its password at the first sign-in.
  const first = await server.login(`clerk${stamp}`, password);
  ok(await server.post('/api/core/user/upPassword', { oldPassword: password, newPassword: `${password}!` }, as(first)));
  clerk = await server.login(`clerk${stamp}`, `${password}!`);
});
afterAll(async () => server?.close());

async function menuIds(perms: string[]): Promise<number[]> {
  const rows = await server.database.db
    .selectFrom('sys_menu')
    .select(['id', 'perms', 'parent_id'])
    .where('top_dept_id', '=', server.services.sites.get('demo')!.id)
    .execute();
  const wanted = rows.filter((m) => perms.includes(String(m.perms)));
  // A button's menu and the menus above it, as the role screen's tree checks them.
  const byId = new Map(rows.map((m) => [Number(m.id), m]));
  const out = new Set<number>();
  for (const m of wanted) {
    for (let at: (typeof rows)[number] | undefined = m; at; at = byId.get(Number(at.parent_id))) out.add(Number(at.id));
  }
  return [...out];
}

describe('indicator pickers and the data scope', () => {
  it("a user whose role sees its own department picks only that department's indicators", async () => {
    const all = ok<Row[]>(await server.get('/api/neikong/budget/noChildrenList', as(admin)));
    const ownIds = all.filter((r) => Number(r.deptId) === mine).map((r) => Number(r.id));
    const otherIds = all.filter((r) => Number(r.deptId) === other).map((r) => Number(r.id));

    const picker = ok<Row[]>(await server.get('/api/neikong/budget/noChildrenList?pageNum=1&pageSize=20', as(clerk)));
    expect(picker.map((r) => Number(r.id)).sort()).toEqual([...ownIds].sort());
    // A search, as the picker sends what is typed.
    const name = String(all.find((r) => Number(r.deptId) === other)!.budgetName);
    const found = ok<Row[]>(
      await server.get(`/api/neikong/budget/noChildrenList?budgetName=${encodeURIComponent(name)}`, as(clerk)),
    );
    expect(found.filter((r) => Number(r.deptId) !== mine)).toEqual([]);
    // The labels of indicators already on a document: another department's are not shown.
    const byIds = ok<Row[]>(
      await server.get(`/api/neikong/budget/noChildrenList?ids=${[...otherIds.slice(0, 3), ownIds[0]].join(',')}`, as(clerk)),
    );
    expect(byIds.map((r) => Number(r.id))).toEqual([ownIds[0]]);

    const sorted = ok<Row[]>(await server.get('/api/neikong/budget/listSort', as(clerk)));
    expect(sorted.length).toBeGreaterThan(0);
    expect(sorted.filter((r) => Number(r.deptId) !== mine)).toEqual([]);
    const adjustable = ok<Row[]>(await server.get('/api/neikong/budget/adjustmentBudget', as(clerk)));
    expect(adjustable.map((r) => Number(r.id)).sort()).toEqual([...ownIds].sort());
  });

  it('the limit-code picker keeps to the same scope', async () => {
    const everyone = ok<Row[]>(await server.get('/api/neikong/budget/list', as(admin)));
    const ownIds = new Set(everyone.filter((r) => Number(r.deptId) === mine).map((r) => Number(r.id)));
    const codes = ok<Row[]>(await server.get('/api/neikong/budget/limitCodeList', as(clerk)));
    expect(codes.length).toBe(ownIds.size);
    expect(codes.filter((r) => !ownIds.has(Number(r.id)))).toEqual([]);
    // The administrator still sees every one of the year.
    expect(ok<Row[]>(await server.get('/api/neikong/budget/limitCodeList', as(admin))).length).toBe(everyone.length);
  });
});
