// Assets (issue 17): GB/T 14885 categories with their lives, cards entered from an entry order (one
// per unit), moved by approved documents (taken into use, disposed of — the card's history names
// each), and depreciated month by month: straight line from the month of entry, the last month
// takes the remainder, none in the month of disposal, each month booked once however often it runs.
// The official rules of issue 32 (lives within the table, the threshold, cards entered late or with
// history, a disposal's figures) are tests/api/asset-rules.test.ts.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const category: Record<string, Row> = {};

async function signIn() {
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['assets', 'staff', 'head', 'principal', 'secretary']) tokens[name] = await server.login(name, 'Demo@12345');
}
beforeAll(async () => {
  server = await startServer();
  await signIn();
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
  for (const c of ok(await server.get('/api/asset/category/list', as('assets'))) as Row[]) category[c.categoryCode] = c;
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const localDay = () => new Date(server.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const period = () => localDay().slice(0, 7);
/**
 * Moves the server's clock to the 15th of the next month (local time): the next month whatever day
 * the run starts on (35 days from the 26th of November is already January). Answers the step.
 */
function toNextMonth(): number {
  const [y, m] = period().split('-').map(Number) as [number, number];
  const step = Date.UTC(y, m, 15) - 8 * 3_600_000 - server.clock.now();
  server.clock.advance(step);
  return step;
}

async function approveAll(entity: string, id: number) {
  let last: Reply | null = null;
  for (let step = 0; step < 6; step++) {
    let decided = false;
    // The keeper's own disposal goes past the keeper (to the principal), and the principal's step then
    // to the party secretary (segregation of duties).
    for (const who of ['admin', 'principal', 'assets', 'head', 'secretary']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
      if (!task) continue;
      last = await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who));
      decided = true;
      break;
    }
    if (!decided || last?.body.code !== '0') break;
  }
  expect(last, `${entity} ${id} should have waited on someone`).toBeTruthy();
  return last!;
}
const card = async (id: number) => ok(await server.get(`/api/asset/card/infoById/${id}`, as('assets')));
async function newCard(body: Row): Promise<Row> {
  return ok(
    await server.post(
      '/api/asset/card/save',
      {
        categoryId: category.A02010104!.id,
        assetName: '台式计算机',
        source: '1',
        entryDate: localDay(),
        deptId: dept['总务处'],
        ...body,
      },
      as('assets'),
    ),
  );
}
const depreciate = (p: string) => server.post('/api/asset/depreciate/run', { period: p }, as('assets', 'en-US'));
async function depreciationOf(cardId: number): Promise<Array<[string, string, string]>> {
  const rows = ok(await server.get(`/api/asset/depreciation/list?cardId=${cardId}`, as('assets'))) as Row[];
  return rows.map((r) => [r.period, r.amount, r.accumulated] as [string, string, string]).sort();
}

describe('asset categories and cards', () => {
  it('seeds the GB/T 14885 tree with the lives of its codes', () => {
    expect(category.A02010104).toMatchObject({ categoryName: '台式计算机', lifeMonths: 72 });
    expect(category.A02010104!.parentId).toBe(category.A020101!.id);
    expect(category.A0501).toMatchObject({ categoryName: '图书', lifeMonths: 0 });
    // A parent spanning several rows of the official table has no life of its own (not 0: never depreciated).
    expect(category.A02).toMatchObject({ categoryName: '设备', lifeMonths: null });
  });

  it('gives a card its number by rule and its category’s life', async () => {
    const c = await newCard({ cost: '5200.00' });
    expect(c.assetNo).toMatch(/^ZC-\d{4}-\d{5}$/);
    expect(c).toMatchObject({ lifeMonths: 72, assetState: '0', monthlyDepreciation: '72.22', netValue: '5200.00' });
  });

  it('enters an order as one card per unit, in use with its keeper, and the order no longer changes', async () => {
    const body = {
      orderDate: localDay(),
      source: '1',
      supplier: '联想',
      deptId: dept['教务处'],
      keeperId: null,
      location: '教学楼 301',
      items: [
        { categoryId: category.A02010104!.id, assetName: '台式计算机', quantity: 3, unitPrice: '4999.00' },
        { categoryId: category.A02021001!.id, assetName: '激光打印机', quantity: 1, unitPrice: '2100.00' },
      ],
    };
    const order = ok(await server.post('/api/asset/order/save', body, as('assets')));
    expect(order.amount).toBe('17097.00');
    ok(await server.post(`/api/asset/order/enter?id=${order.id}`, {}, as('assets')));
    const cards = ok(
      await server.get(`/api/asset/card/list?location=${encodeURIComponent('教学楼 301')}`, as('assets')),
    ) as Row[];
    const made = cards.filter((c) => c.orderId === order.id);
    expect(made).toHaveLength(4);
    expect(made.filter((c) => c.cost === '4999.00')).toHaveLength(3);
    expect(made.every((c) => c.assetState === '0' && c.deptId === dept['教务处'] && c.supplier === '联想')).toBe(true);
    expect(new Set(made.map((c) => c.assetNo)).size).toBe(4);
    const again = await server.post('/api/asset/order/update', { ...order, supplier: 'x' }, as('assets'));
    expect(again.body.code).toBe('40900');
    // A card an order made is disposed of, never removed.
    expect((await server.post('/api/asset/card/remove', { ids: [made[0]!.id] }, as('assets'))).body.code).toBe('40900');
  });

  it('takes an idle card into use on approval, refuses a card in the wrong state, and keeps the history', async () => {
    const c = await newCard({ cost: '3000.00' });
    const apply = async () =>
      ok(
        await server.post(
          '/api/asset/apply/save',
          {
            applyKind: '1',
            applyDate: localDay(),
            useDeptId: dept['教务处'],
            keeperId: null,
            location: '办公室 2',
            reason: '新进教师用',
            items: [{ assetId: c.id }],
          },
          as('staff'),
        ),
      );
    // Staff pick it from the organisation's idle cards, though their scope shows them none of 总务处's.
    const picked = ok(await server.get(`/api/asset/card/pick?assetNo=${c.assetNo}`, as('staff'))).records as Row[];
    expect(picked.map((r) => r.id)).toEqual([c.id]);
    expect(ok(await server.get(`/api/asset/card/page?assetNo=${c.assetNo}`, as('staff'))).total).toBe(0);
    expect(ok(await server.get(`/api/asset/card/pick?ids=${c.id}`, as('staff'))).records).toHaveLength(1);
    const first = await apply();
    ok(await server.post(`/api/asset/apply/submit?id=${first.id}`, {}, as('staff')));
    ok(await approveAll('assetApply', first.id));
    expect(await card(c.id)).toMatchObject({ assetState: '1', deptId: dept['教务处'], location: '办公室 2' });

    const second = await apply();
    ok(await server.post(`/api/asset/apply/submit?id=${second.id}`, {}, as('staff')));
    const refused = await approveAll('assetApply', second.id);
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toContain(c.assetNo);
    expect(refused.body.msg).toContain('在用');
    // The card's history names the request that moved it (the refused one left nothing).
    const history = await server.database.db
      .selectFrom('sys_state_history')
      .select(['from_state', 'to_state', 'source_no'])
      .where('entity', '=', 'assetCard')
      .where('doc_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([{ from_state: '0', to_state: '1', source_no: first.applyNo }]);
    // In use by the department now: no longer in the pool staff pick from.
    expect(ok(await server.get(`/api/asset/card/pick?assetNo=${c.assetNo}`, as('staff'))).records).toEqual([]);
  });

  it('holds a card pending disposal while its disposal is approved, gives it back when withdrawn', async () => {
    const c = await newCard({ cost: '1800.00' });
    const clean = ok(
      await server.post(
        '/api/asset/clean/save',
        {
          cleanKind: '1',
          cleanDate: localDay(),
          residualIncome: '50.00',
          reason: '损坏无法修复',
          items: [{ assetId: c.id, cost: '800.00' }],
        },
        as('assets'),
      ),
    );
    // The line takes the card's cost and net value, not what the body says.
    expect(clean).toMatchObject({ totalCost: '1800.00', totalNetValue: '1800.00' });
    ok(await server.post(`/api/asset/clean/submit?id=${clean.id}`, {}, as('assets')));
    expect((await card(c.id)).assetState).toBe('4');
    ok(await server.post(`/api/asset/clean/withdraw?id=${clean.id}`, {}, as('assets')));
    expect((await card(c.id)).assetState).toBe('0');
    ok(await server.post(`/api/asset/clean/submit?id=${clean.id}`, {}, as('assets')));
    ok(await approveAll('assetClean', clean.id));
    expect(await card(c.id)).toMatchObject({ assetState: '5', disposedDate: localDay() });
  });
});

describe('card import', () => {
  async function importCards(rows: unknown[][]) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('cards');
    for (const r of rows) sheet.addRow(r);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'cards.xlsx');
    const r = await fetch(`http://127.0.0.1:${server.port}/api/asset/card/import`, {
      method: 'POST',
      body: form,
      headers: { token: tokens.assets!, hostname: 'localhost', 'accept-language': 'zh-CN' },
    });
    return (await r.json()) as { code: string; data: any; msg: string };
  }
  const header = ['资产名称', '资产分类', '原值', '入账日期', '使用部门', '存放地点', '取得方式'];

  it('takes categories and departments by name or code, and reports each wrong row, writing nothing', async () => {
    const bad = await importCards([
      header,
      ['旧服务器', 'A02010103', '32000.00', '2024-03-01', '信息中心', '导入机房 A', '采购'],
      ['旧课桌', '不存在的分类', '800.00', '2024-03-01', '教务处', '导入机房 A', '采购'],
    ]);
    expect(bad.code).toBe('40000');
    expect(bad.data.errors).toEqual([{ row: 3, message: '单元格 B3：找不到资产分类“不存在的分类”' }]);
    expect(ok(await server.get(`/api/asset/card/list?location=${encodeURIComponent('导入机房 A')}`, as('assets')))).toEqual([]);

    const good = await importCards([
      header,
      ['旧服务器', 'A02010103', '32000.00', '2024-03-01', '信息中心', '导入机房 B', '采购'],
      ['旧课桌', '台、桌类', '800.00', '2024-03-01', '教务处', '导入机房 B', '捐赠'],
    ]);
    expect(good.code, good.msg).toBe('0');
    const made = ok(await server.get(`/api/asset/card/list?location=${encodeURIComponent('导入机房 B')}`, as('assets'))) as Row[];
    expect(made.map((c) => [c.categoryId, c.deptId, c.lifeMonths, c.source]).sort()).toEqual(
      [
        [category.A02010103!.id, dept['信息中心'], 72, '1'],
        [category.A060103!.id, dept['教务处'], 180, '2'],
      ].sort(),
    );
  });
});

describe('inventory counts', () => {
  it('lists the cards in scope, counts them by scan and by hand, and turns its losses into a disposal', async () => {
    const inScope = new Set<number>([category.A020101!.id]);
    for (let grew = true; grew;) {
      grew = false;
      for (const c of Object.values(category))
        if (inScope.has(Number(c.parentId)) && !inScope.has(Number(c.id))) {
          inScope.add(Number(c.id));
          grew = true;
        }
    }
    const lost = await newCard({ cost: '4200.00', deptId: dept['教务处'], location: '教研室' });
    const outside = await newCard({ cost: '4200.00', deptId: dept['总务处'] });
    const expected = (ok(await server.get(`/api/asset/card/list?deptId=${dept['教务处']}`, as('assets'))) as Row[]).filter(
      (c) => inScope.has(Number(c.categoryId)) && c.assetState !== '5',
    );
    const saved = ok(
      await server.post(
        '/api/asset/inventory/save',
        {
          title: '教务处计算机年度盘点',
          scopeDeptId: dept['教务处'],
          scopeCategoryId: category.A020101!.id,
          planDate: localDay(),
        },
        as('assets'),
      ),
    );
    ok(await server.post(`/api/asset/inventory/start?id=${saved.id}`, {}, as('assets')));
    let doc = ok(await server.get(`/api/asset/inventory/infoById/${saved.id}`, as('assets')));
    expect(doc.inventoryState).toBe('1');
    expect(doc.items.map((l: Row) => l.assetId).sort()).toEqual(expected.map((c) => c.id).sort());
    expect(doc).toMatchObject({ lineCount: expected.length, uncounted: expected.length, matched: 0 });
    // Its plan no longer changes, and it cannot be submitted before it is finished.
    expect((await server.post('/api/asset/inventory/update', { ...doc, title: 'x' }, as('assets'))).body.code).toBe('40900');
    const early = await server.post(`/api/asset/inventory/submit?id=${saved.id}`, {}, as('assets', 'en-US'));
    expect(early.body.msg).toBe(`Count ${doc.inventoryNo} is not finished: finish it before submitting it`);

    // A label read by the camera holds the card page's link; a typed number works too.
    const first = expected.find((c) => c.id !== lost.id)!;
    const scanned = await server.post(
      '/api/asset/inventory/scan',
      { code: `https://demo.example/asset/cardDetail?code=${encodeURIComponent(first.assetNo)}` },
      as('assets', 'en-US'),
    );
    expect(scanned.body.msg).toBe(`${first.assetNo} counted: matches (${doc.inventoryNo})`);
    // A card no open count lists: with the seed's count open too, it is recorded in the count named.
    const which = await server.post('/api/asset/inventory/scan', { code: outside.assetNo }, as('assets', 'en-US'));
    expect(which.body.msg).toContain('several are open');
    const surplus = await server.post(
      '/api/asset/inventory/scan',
      { code: outside.assetNo, inventoryId: saved.id },
      as('assets', 'en-US'),
    );
    expect(surplus.body.msg).toBe(`${outside.assetNo} is not in the count: recorded as surplus (${doc.inventoryNo})`);
    expect((await server.post('/api/asset/inventory/scan', { code: 'ZC-0000-00000' }, as('assets'))).body.code).toBe('40400');

    // The rest by hand: the lost card is missing, every other one found.
    doc = ok(await server.get(`/api/asset/inventory/infoById/${saved.id}`, as('assets')));
    expect(doc).toMatchObject({ matched: 1, surplus: 1, uncounted: expected.length - 1 });
    const early2 = await server.post(`/api/asset/inventory/finish?id=${saved.id}`, {}, as('assets', 'en-US'));
    expect(early2.body.msg).toContain('Some assets are not counted yet');
    const results = doc.items.map((l: Row) => ({
      id: l.id,
      result: l.assetId === lost.id ? '3' : l.result === '0' ? '1' : l.result,
      note: l.assetId === lost.id ? '未找到' : null,
    }));
    ok(await server.post(`/api/asset/inventory/record?id=${saved.id}`, { items: results }, as('assets')));
    ok(await server.post(`/api/asset/inventory/finish?id=${saved.id}`, {}, as('assets')));
    ok(await server.post(`/api/asset/inventory/submit?id=${saved.id}`, {}, as('assets')));
    ok(await approveAll('assetInventory', saved.id));

    // Approved: the loss is a disposal draft naming the card, for the keeper to submit.
    const cleans = ok(await server.get('/api/asset/clean/page?pageSize=100', as('assets'))).records as Row[];
    const made = cleans.find((c) => String(c.reason).includes(doc.inventoryNo));
    // The keeper's own draft, in the keeper's department: not the last approver's, who would then be
    // its applicant and kept from deciding it.
    expect(made).toMatchObject({ approvalStatus: '0', cleanKind: '1', createdBy: doc.createdBy, deptId: doc.deptId });
    const draft = ok(await server.get(`/api/asset/clean/infoById/${made!.id}`, as('assets')));
    expect(draft.items.map((l: Row) => l.assetId)).toEqual([lost.id]);
  });
});

describe('the card page', () => {
  it('is a detail page for the keeper, with the card’s history', async () => {
    const page = ok(await server.get('/api/schema/page/AssetCardDetail', as('assets')));
    expect(page.kind).toBe('detail');
    expect(page.detail.tabs.map((t: Row) => t.kind)).toEqual(['form', 'history', 'rows', 'qr']);
    // Staff read cards for their requests, within their scope; the inventory keys stay the keeper's.
    expect((await server.get('/api/schema/page/AssetCardDetail', as('staff'))).body.data.detail.actions).toEqual([]);
    const cards = ok(await server.get('/api/asset/card/page?pageSize=1&assetState=5', as('assets'))).records as Row[];
    const history = ok(await server.get(`/api/asset/card/history/${cards[0]!.id}`, as('assets'))) as Row[];
    expect(history[0]).toMatchObject({ toState: '5', source: { entity: 'assetClean', approvable: true } });
    expect(history[1]).toMatchObject({ toState: '4', source: { entity: 'assetClean' } });
    expect(history.every((h) => h.source && h.userName)).toBe(true);
    expect((await server.get(`/api/asset/card/history/${cards[0]!.id}`, as('staff'))).body.code).toBe('40400');
  });
});

describe('depreciation', () => {
  it('books each month once: straight line, the remainder last, none in the month of disposal', async () => {
    const p0 = period();
    // A card with history and three months of its life left: 1,000.00 over them, 333.33, 333.33, 333.34.
    // 7,200.00 over 72 months: 100.00 a month, disposed of in the third.
    const [y0, m0] = p0.split('-').map(Number) as [number, number];
    const back = y0 * 12 + m0 - 1 - 69;
    const a = await newCard({
      cost: '7200.00',
      entryDate: `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}-01`,
      openingDepreciation: '6200.00',
      openingMonths: 69,
    });
    const d = await newCard({ cost: '7200.00', entryDate: `${p0}-01` });
    const books = await newCard({ cost: '300.00', categoryId: category.A0501!.id, assetName: '图书' });
    expect(books.lifeMonths).toBe(0);

    const first = await depreciate(p0);
    expect(first.body.code, first.body.msg).toBe('0');
    expect(first.body.msg).toMatch(new RegExp(`^Depreciation for ${p0} booked: \\d+ cards`));
    // Run again: the same answer, nothing booked twice.
    const again = await depreciate(p0);
    expect(again.body.data).toEqual(first.body.data);
    expect(await depreciationOf(a.id)).toEqual([[p0, '333.33', '6533.33']]);
    expect(await depreciationOf(books.id)).toEqual([]);
    // Booked figures stay as they were booked.
    const changed = await server.post('/api/asset/card/update', { ...(await card(a.id)), cost: '2000.00' }, as('assets'));
    expect(changed.body.code).toBe('40900');
    // A month not begun yet is refused.
    const step1 = toNextMonth();
    await signIn();
    const p1 = period();
    const ahead = await depreciate(`${Number(p1.slice(0, 4)) + 1}${p1.slice(4)}`);
    expect(ahead.body.msg).toBe('Choose a month that has begun (YYYY-MM)');
    ok(await depreciate(p1));

    // The 600.00 card leaves in the third month.
    const step2 = toNextMonth();
    await signIn();
    const p2 = period();
    const clean = ok(
      await server.post(
        '/api/asset/clean/save',
        { cleanKind: '2', cleanDate: `${p2}-02`, reason: '出售', items: [{ assetId: d.id }] },
        as('assets'),
      ),
    );
    ok(await server.post(`/api/asset/clean/submit?id=${clean.id}`, {}, as('assets')));
    ok(await approveAll('assetClean', clean.id));
    ok(await depreciate(p2));

    expect(await depreciationOf(a.id)).toEqual([
      [p0, '333.33', '6533.33'],
      [p1, '333.33', '6866.66'],
      [p2, '333.34', '7200.00'],
    ]);
    expect(await depreciationOf(d.id)).toEqual([
      [p0, '100.00', '100.00'],
      [p1, '100.00', '200.00'],
    ]);
    expect(await card(a.id)).toMatchObject({ accumulatedDepreciation: '7200.00', netValue: '0.00', depreciatedMonths: 72 });

    // The report: per month, category and department.
    const report = ok(await server.get(`/api/asset/depreciate/page?period=${p2}&pageSize=100`, as('assets'))).records as Row[];
    const line = report.find((r) => r.categoryId === category.A02010104!.id && r.deptId === dept['总务处']);
    expect(line).toBeTruthy();
    expect(Number(line!.amount)).toBeGreaterThanOrEqual(333.34);
    server.clock.advance(-(step1 + step2));
    await signIn();
  });

  it('is a scheduled job that books the month just ended, and a run by hand books it once', async () => {
    const r = ok(await server.post('/api/monitor/job/run/assetDepreciation', {}, as('admin')));
    expect(r.result).toMatch(/折旧已计提/);
    const runs = ok(await server.get('/api/asset/depreciate/runs/list', as('assets'))) as Row[];
    expect(new Set(runs.map((x) => x.period)).size).toBe(runs.length);
  });
});
