// Sites own their processes (issue 35; docs/schemas.md "Site overrides"): a .bpmn under
// schemas/sites/<key>/ is deployed for that site alone. The city hospital's
// schemas/sites/city/purchase/purchase.bpmn has the id of the base purchase process and replaces it
// there: every purchase of the hospital, whatever its amount, ends with the dean (院长, role
// principal). A purchase of the demo school runs the base steps, and the school's process
// management never lists the hospital's file.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens = new Map<string, string>();
const YEAR = '2039'; // a year the demo seed leaves empty
const PASSWORDS: Record<string, string> = { admin: 'Admin@12345' };

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const siteOf = (login: string) => (login.startsWith('city') ? 'city' : 'demo');
async function as(login: string, lang = 'zh-CN'): Promise<RequestOptions> {
  if (!tokens.has(login))
    tokens.set(
      login,
      await server.login(login, PASSWORDS[login] ?? (siteOf(login) === 'city' ? 'City@12345' : 'Demo@12345'), siteOf(login)),
    );
  return { token: tokens.get(login), site: siteOf(login), lang, headers: { year: YEAR } };
}
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const db = () => server.database.db as unknown as Kysely<any>;

let n = 0;
/** A service purchase (no owning department's review) of 2,000, below the head's threshold, submitted. */
async function purchase(admin: string, buyer: string, deptName: string): Promise<number> {
  const depts = ok(await server.get('/api/core/dept/list', await as(admin))) as Row[];
  const deptId = Number(depts.find((d) => d.deptName === deptName)!.id);
  const limitCode = `SP-${++n}`;
  const budgetId = ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode,
        budgetName: `站点流程${limitCode}`,
        deptId,
        expenseType: '2',
        economicClass: '30213',
        fundSource: '1',
        originalAmount: '100000.00',
      },
      await as(admin),
    ),
  ).id;
  const saved = ok(
    await server.post(
      '/api/purchase/apply/save',
      {
        title: `站点流程采购 ${n}`,
        purchaseType: '2',
        budgetId,
        method: '1',
        items: [{ itemName: '设备维保服务', unit: '项', quantity: 1, unitPrice: '2000.00' }],
      },
      await as(buyer),
    ),
  );
  ok(await server.post(`/api/purchase/apply/submit?id=${saved.id}&confirmed=1`, {}, await as(buyer)));
  return Number(saved.id);
}

const openTasks = async (id: number) =>
  (
    await sql<{
      id: number;
      element_id: string;
      candidate_ids: number[];
    }>`select id, element_id, candidate_ids from wf_task where entity = 'purchaseApply' and business_key = ${id} and status = '0' order by id`.execute(
      db(),
    )
  ).rows;
const loginOf = async (userId: number) =>
  String(
    (await sql<{ login_name: string }>`select login_name from sys_user where id = ${userId}`.execute(db())).rows[0]!.login_name,
  );

/** Every step approved by its first candidate until the process ends: the steps, with who decided. */
async function approveThrough(id: number): Promise<Array<{ step: string; by: string }>> {
  const steps: Array<{ step: string; by: string }> = [];
  for (let open = await openTasks(id); open.length; open = await openTasks(id)) {
    const task = open[0]!;
    const by = await loginOf(Number(task.candidate_ids[0]));
    server.clock.advance(60_000);
    ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: `${by} 同意` }, await as(by)));
    steps.push({ step: task.element_id, by });
    expect(steps.length).toBeLessThan(10);
  }
  return steps;
}

describe("a site's own process", () => {
  it("runs the city's purchase process on a city document: the dean approves last, whatever the amount", async () => {
    const id = await purchase('cityadmin', 'citybuyer', '采购中心');
    const steps = await approveThrough(id);
    expect(steps.map((s) => s.step)).toEqual(['leader', 'finance', 'deputy', 'dean']);
    expect(steps.at(-1)!.by).toBe('citydean');
    const doc = ok(await server.get(`/api/purchase/apply/infoById/${id}`, await as('citybuyer')));
    expect(String(doc.approvalStatus)).toBe('2');
    // The step and why it is there, in the reader's language, from the city's texts.
    const page = ok(
      await server.get(`/api/workflow/instance/business?entity=purchaseApply&id=${id}`, await as('citydean', 'en-US')),
    );
    expect(JSON.stringify(page)).toContain('Dean approval');
  });

  it('runs the base purchase process on a demo document of the same kind', async () => {
    const id = await purchase('admin', 'buyer', '总务处');
    const steps = await approveThrough(id);
    expect(steps.map((s) => s.step)).toEqual(['leader', 'finance', 'deputy']);
    const doc = ok(await server.get(`/api/purchase/apply/infoById/${id}`, await as('buyer')));
    expect(String(doc.approvalStatus)).toBe('2');
  });

  it("lists the site's own process on its process screens only", async () => {
    const models = async (who: string) =>
      ok(await server.get('/api/workflow/model/page?modelKey=purchase&pageSize=50', await as(who))).records as Row[];
    const city = (await models('cityadmin')).find((m) => m.modelKey === 'purchase')!;
    const demo = (await models('admin')).find((m) => m.modelKey === 'purchase')!;
    expect(city.category).toBe('site');
    expect(demo.category).toBe('default');
    const xmlOf = async (who: string, id: number) =>
      String(ok(await server.get(`/api/workflow/model/infoById/${id}`, await as(who))).bpmnXml);
    expect(await xmlOf('cityadmin', city.id)).toContain('id="dean"');
    expect(await xmlOf('admin', demo.id)).not.toContain('id="dean"');
    // The demo site's deployed definitions: none of them is the city's file.
    const definitions = ok(await server.get('/api/workflow/definition/page?pageSize=100', await as('admin'))).records as Row[];
    expect(definitions.length).toBeGreaterThan(0);
    for (const d of definitions) {
      const full = ok(await server.get(`/api/workflow/definition/infoById/${d.id}`, await as('admin')));
      expect(String(full.bpmnXml ?? '')).not.toContain('Definitions_purchase_city');
    }
    // Another site's model is not found by id.
    const other = await server.get(`/api/workflow/model/infoById/${city.id}`, await as('admin'));
    expect(other.body.code).not.toBe('0');
  });

  it("says a model's origin in words (dictionary wf_model_category), filters by it, also on a database made before the dictionary", async () => {
    // A database from before the dictionary: the start's sync adds the type and rows it lacks.
    const sites = (
      await db().selectFrom('sys_dict_type').select('top_dept_id').where('dict_type', '=', 'wf_model_category').execute()
    ).map((r) => Number(r.top_dept_id));
    expect(sites.length).toBeGreaterThan(1);
    await db().deleteFrom('sys_dict_data').where('dict_type', '=', 'wf_model_category').execute();
    await db().deleteFrom('sys_dict_type').where('dict_type', '=', 'wf_model_category').execute();
    const { syncSite } = await import('../../server/seed/sync.ts');
    for (const site of sites) await syncSite(db() as never, site, new Date().getFullYear());
    const labels = async (lang: string) =>
      (ok(await server.get('/api/core/dictData/getDict/wf_model_category', await as('cityadmin', lang))) as Row[]).map((d) => [
        d.dictValue,
        d.dictLabel,
      ]);
    expect(await labels('en-US')).toEqual([
      ['default', 'Base process'],
      ['site', "This site's process"],
    ]);
    expect(await labels('zh-CN')).toEqual([
      ['default', '基础流程'],
      ['site', '本单位流程'],
    ]);
    expect(await labels('zh-TW')).toEqual([
      ['default', '基礎流程'],
      ['site', '本單位流程'],
    ]);
    expect(await labels('pt-BR')).toEqual([
      ['default', 'Processo base'],
      ['site', 'Processo desta unidade'],
    ]);
    const keys = async (category: string) =>
      (
        ok(await server.get(`/api/workflow/model/page?category=${category}&pageSize=100`, await as('cityadmin'))).records as Row[]
      ).map((m) => m.modelKey);
    expect(await keys('site')).toContain('purchase');
    expect(await keys('default')).not.toContain('purchase');
    expect((await keys('default')).length).toBeGreaterThan(0);
  });
});
