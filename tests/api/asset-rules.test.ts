// Fixed assets by the official rules (issue 32), through the documents that use them: cards (a life
// from the nearest category, within the official depreciation table; the fixed-asset threshold; the
// opening figures of a card with history), entry orders, the monthly run (a card entered into a booked
// month or back-dated catches up every month it missed, at once), and disposals (each line takes its
// card's cost and net value, the document totals them, again at approval). The rules themselves, case
// by case against the official texts, are tests/unit/asset-rules.test.ts; here the server's figures
// (the run's single SQL statement) are checked against the same functions.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueIn, type CardFigures } from '../../server/modules/asset/rules.ts';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const category: Record<string, Row> = {};

async function signIn() {
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['assets', 'principal', 'head', 'secretary']) tokens[name] = await server.login(name, 'Demo@12345');
}
beforeAll(async () => {
  server = await startServer();
  await signIn();
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
  await readCategories();
});
afterAll(async () => server?.close());

async function readCategories() {
  for (const c of ok(await server.get('/api/asset/category/list', as('assets'))) as Row[]) category[c.categoryCode] = c;
}
const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
function refused(r: Reply, msg: string, code = '40000') {
  expect([r.body.code, r.body.msg]).toEqual([code, msg]);
}
const localDay = () => new Date(server.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const period = () => localDay().slice(0, 7);
function addMonths(p: string, n: number): string {
  const [y, m] = p.split('-').map(Number) as [number, number];
  const i = y * 12 + m - 1 + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}
/** The server's clock to the 15th of the next month (the site's day). */
async function toNextMonth() {
  const [y, m] = period().split('-').map(Number) as [number, number];
  server.clock.advance(Date.UTC(y, m, 15) - 8 * 3_600_000 - server.clock.now());
  await signIn();
}
const card = async (id: number) => ok(await server.get(`/api/asset/card/infoById/${id}`, as('assets')));
const saveCard = (body: Row, lang = 'zh-CN') =>
  server.post(
    '/api/asset/card/save',
    {
      categoryId: category.A02010104!.id,
      assetName: '台式计算机',
      source: '1',
      entryDate: localDay(),
      deptId: dept['总务处'],
      ...body,
    },
    as('assets', lang),
  );
const newCard = async (body: Row) => ok(await saveCard(body));
const depreciate = (p: string) => server.post('/api/asset/depreciate/run', { period: p }, as('assets'));
async function rowsOf(cardId: number): Promise<Row[]> {
  const rows = ok(await server.get(`/api/asset/depreciation/list?cardId=${cardId}`, as('assets'))) as Row[];
  return rows
    .map((r) => ({ period: r.period, months: r.months, monthNo: r.monthNo, amount: r.amount, accumulated: r.accumulated }))
    .sort((a, b) => a.period.localeCompare(b.period));
}
/** What the rules say the run of `p` books for a card as it stands (the SQL must agree). */
function expected(c: Row, p: string) {
  const figures: CardFigures = {
    cost: c.cost,
    lifeMonths: Number(c.lifeMonths),
    entryDate: c.entryDate,
    openingDepreciation: c.openingDepreciation,
    openingMonths: Number(c.openingMonths),
    accumulated: c.accumulatedDepreciation,
    months: Number(c.depreciatedMonths),
    disposedDate: c.disposedDate,
  };
  return dueIn(figures, p);
}
async function countCards(name: string): Promise<number> {
  return (ok(await server.get(`/api/asset/card/list?assetName=${encodeURIComponent(name)}`, as('assets'))) as Row[]).length;
}
async function approveAll(entity: string, id: number) {
  let last: Reply | null = null;
  for (let step = 0; step < 6; step++) {
    let decided = false;
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

describe('a card’s life: the nearest category’s, within the official table (财会〔2017〕4号 表1)', () => {
  it('seeds the projector as office equipment (6 years) and leaves parents that span rows without a life', () => {
    expect(category.A02021100).toMatchObject({ categoryName: '投影仪', lifeMonths: 72 });
    expect(category.A0232).toMatchObject({ categoryName: '医疗设备', lifeMonths: 60 });
    for (const code of ['A01', 'A02', 'A06']) expect(category[code]!.lifeMonths).toBeNull();
    expect(category.A0501!.lifeMonths).toBe(0);
  });

  it('takes the life of the nearest category that has one, and refuses a life outside the table', async () => {
    // A site's own category under 办公设备, without a life of its own.
    const board = ok(
      await server.post(
        '/api/asset/category/save',
        { parentId: category.A0202!.id, categoryCode: 'A02029901', categoryName: '电子白板', orderNum: 99 },
        as('assets'),
      ),
    );
    expect(board.lifeMonths).toBeNull();
    expect((await newCard({ categoryId: board.id, assetName: '电子白板', cost: '12800.00' })).lifeMonths).toBe(72);
    expect((await newCard({ categoryId: category.A02021100!.id, assetName: '投影仪', cost: '8600.00' })).lifeMonths).toBe(72);
    expect((await newCard({ categoryId: category.A023201!.id, assetName: '监护仪', cost: '38000.00' })).lifeMonths).toBe(60);

    // Its life, when it has one, lies within the row: office equipment at least 6 years.
    refused(
      await server.post('/api/asset/category/update', { ...board, lifeMonths: 60 }, as('assets')),
      '分类“电子白板”的折旧年限 60 个月不符合《政府固定资产折旧年限表》：办公设备不低于 6 年（72 个月）',
    );
    refused(
      await server.post('/api/asset/category/update', { ...category.A0232, lifeMonths: 132 }, as('assets', 'en-US')),
      'The life of the category “医疗设备”, 132 months, is outside the official depreciation table, which gives 医疗设备: 5 to 10 years (60–120 months)',
    );
    expect((await server.get(`/api/asset/category/infoById/${category.A0232!.id}`, as('assets'))).body.data.lifeMonths).toBe(60);

    // A card says its own life within the same row, or none at all under a parent that spans rows.
    const before = await countCards('测试设备');
    refused(
      await saveCard({ categoryId: category.A02021100!.id, assetName: '测试设备', cost: '8600.00', lifeMonths: 60 }),
      '“测试设备”的使用年限 60 个月不符合《政府固定资产折旧年限表》：办公设备不低于 6 年（72 个月）',
    );
    refused(
      await saveCard({ categoryId: category.A02!.id, assetName: '测试设备', cost: '8600.00' }),
      '资产分类“设备”及其上级分类都没有规定折旧年限，请为“测试设备”填写使用年限（月）',
    );
    refused(
      await saveCard({ categoryId: category.A02!.id, assetName: '测试设备', cost: '8600.00', lifeMonths: 24 }, 'pt-BR'),
      'A vida útil de “测试设备”, 24 meses, está fora da tabela oficial de depreciação, que dá a 设备: no mínimo 3 anos (36 meses)',
    );
    refused(
      await saveCard({ categoryId: category.A0501!.id, assetName: '测试设备', cost: '300.00', lifeMonths: 60 }),
      '“测试设备”的使用年限 60 个月不符合《政府固定资产折旧年限表》：图书和档案不计提折旧（使用年限为 0）',
    );
    expect(await countCards('测试设备')).toBe(before);
    expect(
      (await newCard({ categoryId: category.A02!.id, assetName: '测试设备', cost: '8600.00', lifeMonths: 48 })).lifeMonths,
    ).toBe(48);
  });
});

describe('what a fixed asset is (准则第3号 第二条; 财政部令第68号 第四十条, 第71号 第三十条)', () => {
  it('refuses a card below the threshold, says it is a low-value item, and takes books and furniture', async () => {
    const before = await countCards('台灯');
    refused(
      await saveCard({ assetName: '台灯', cost: '999.99' }),
      '“台灯”单价 999.99 元，低于固定资产标准 1,000.00 元，不能登记为固定资产：请作为低值易耗品在耗材中入库',
    );
    refused(
      await saveCard({ assetName: '台灯', cost: '999.99' }, 'en-US'),
      '“台灯” costs 999.99, below the fixed-asset threshold of 1,000.00: it is not a fixed asset but a low-value item — stock it in as a consumable',
    );
    refused(
      await saveCard({ assetName: '台灯', categoryId: category.A023201!.id, cost: '1200.00' }),
      '“台灯”属专用设备，单价 1,200.00 元，低于专用设备的固定资产标准 1,500.00 元，不能登记为固定资产：请作为低值易耗品在耗材中入库',
    );
    expect(await countCards('台灯')).toBe(before);
    // At the threshold (“以上” includes the figure), and bulk kinds below it (大批同类物资).
    expect((await newCard({ assetName: '台式计算机', cost: '1000.00' })).lifeMonths).toBe(72);
    expect((await newCard({ assetName: '监护仪', categoryId: category.A023201!.id, cost: '1500.00' })).lifeMonths).toBe(60);
    expect((await newCard({ assetName: '学生椅', categoryId: category.A060104!.id, cost: '380.00' })).lifeMonths).toBe(180);
  });

  it('refuses an entry order whose line is no fixed asset, naming the line, writing nothing', async () => {
    const orders = ok(await server.get('/api/asset/order/page?pageSize=1', as('assets'))).total;
    const r = await server.post(
      '/api/asset/order/save',
      {
        orderDate: localDay(),
        source: '1',
        deptId: dept['总务处'],
        location: '行政楼',
        items: [
          { categoryId: category.A02010104!.id, assetName: '台式计算机', quantity: 2, unitPrice: '4999.00' },
          { categoryId: category.A0202!.id, assetName: '碎纸机', quantity: 1, unitPrice: '650.00' },
        ],
      },
      as('assets'),
    );
    refused(
      r,
      '资产明细第 2 行：“碎纸机”单价 650.00 元，低于固定资产标准 1,000.00 元，不能登记为固定资产：请作为低值易耗品在耗材中入库',
    );
    expect(ok(await server.get('/api/asset/order/page?pageSize=1', as('assets'))).total).toBe(orders);
  });
});

describe('cards with history, cards entered late, the monthly run and the disposal', () => {
  it('refuses opening figures that do not fit, and takes the ones that do without restarting the life', async () => {
    const p0 = period();
    const entryDate = `${addMonths(p0, -36)}-10`; // 37 months through this one, both counted
    const legacy = { assetName: '旧笔记本', cost: '7200.00', entryDate, source: '1' };
    const before = await countCards('旧笔记本');
    refused(
      await saveCard({ ...legacy, openingDepreciation: '8000.00', openingMonths: 36 }),
      '期初累计折旧 8,000.00 元不能大于原值 7,200.00 元',
    );
    refused(
      await saveCard({ ...legacy, openingDepreciation: '7200.00', openingMonths: 80 }),
      '期初已提折旧月数 80 不能大于使用年限 72 个月',
    );
    refused(
      await saveCard({ ...legacy, openingDepreciation: '3800.00', openingMonths: 38 }),
      `期初已提折旧月数 38 超过了从入账日期 ${entryDate} 所在月到本月的 37 个月`,
    );
    refused(
      await saveCard({ ...legacy, openingDepreciation: '3600.00' }),
      '原有资产请同时填写期初累计折旧和期初已提折旧月数（新购资产两项都不填）',
    );
    expect(await countCards('旧笔记本')).toBe(before);

    const c = await newCard({ ...legacy, openingDepreciation: '3600.00', openingMonths: 36 });
    expect(c).toMatchObject({
      accumulatedDepreciation: '3600.00',
      depreciatedMonths: 36,
      netValue: '3600.00',
      monthlyDepreciation: '100.00',
      openingDepreciation: '3600.00',
      openingMonths: 36,
    });
    // Set once: an update does not change them.
    const again = ok(
      await server.post(
        '/api/asset/card/update',
        { ...c, openingDepreciation: '100.00', openingMonths: 1, remark: '旧账转入' },
        as('assets'),
      ),
    );
    expect(again).toMatchObject({
      openingDepreciation: '3600.00',
      openingMonths: 36,
      accumulatedDepreciation: '3600.00',
      remark: '旧账转入',
    });
  });

  it('imports cards with history from a workbook, each wrong row named, nothing written', async () => {
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
    const entry = `${addMonths(period(), -24)}-01`;
    const header = [
      '资产名称',
      '资产分类',
      '原值',
      '入账日期',
      '使用部门',
      '存放地点',
      '取得方式',
      '期初累计折旧',
      '期初已提折旧月数',
    ];
    const bad = await importCards([
      header,
      ['旧账服务器', 'A02010103', '36000.00', entry, '信息中心', '旧账机房', '采购', '12000.00', '24'],
      ['旧账打印机', 'A02021001', '2100.00', entry, '信息中心', '旧账机房', '采购', '2500.00', '24'],
    ]);
    expect(bad.code).toBe('40000');
    expect(JSON.stringify(bad.data.errors)).toContain('期初累计折旧 2,500.00 元不能大于原值 2,100.00 元');
    expect(await countCards('旧账服务器')).toBe(0);
    const good = await importCards([
      header,
      ['旧账服务器', 'A02010103', '36000.00', entry, '信息中心', '旧账机房', '采购', '12000.00', '24'],
      ['旧账打印机', 'A02021001', '2100.00', entry, '信息中心', '旧账机房', '采购', '700.00', '24'],
    ]);
    expect(good.code, good.msg).toBe('0');
    const made = ok(await server.get(`/api/asset/card/list?location=${encodeURIComponent('旧账机房')}`, as('assets'))) as Row[];
    expect(made.map((c) => [c.assetName, c.accumulatedDepreciation, c.depreciatedMonths, c.netValue]).sort()).toEqual([
      ['旧账打印机', '700.00', 24, '1400.00'],
      ['旧账服务器', '12000.00', 24, '24000.00'],
    ]);
  });

  it('catches up every month a card missed at once, books each month once, and a disposal writes off what is left', async () => {
    const p0 = period();
    // The demo booked every month before this one; this one is booked early, before the cards come.
    ok(await depreciate(p0));
    const entered = await newCard({ assetName: '补录计算机', cost: '7200.00', entryDate: `${p0}-01` });
    const backDated = await newCard({ assetName: '补录计算机', cost: '4999.00', entryDate: `${addMonths(p0, -3)}-10` });
    const pastLife = await newCard({ assetName: '补录计算机', cost: '7200.00', entryDate: `${addMonths(p0, -96)}-20` });
    const legacy = await newCard({
      assetName: '补录计算机',
      cost: '7200.00',
      entryDate: `${addMonths(p0, -36)}-10`,
      openingDepreciation: '3600.00',
      openingMonths: 36,
    });
    // Entered after the month was booked: asking for it again books nothing new.
    const same = ok(await depreciate(p0));
    expect(await rowsOf(entered.id)).toEqual([]);

    await toNextMonth();
    const p1 = period();
    const want = new Map<number, ReturnType<typeof dueIn>>();
    for (const c of [entered, backDated, pastLife, legacy]) want.set(c.id, expected(await card(c.id), p1));
    const run = ok(await depreciate(p1));
    expect(run.cards).toBeGreaterThanOrEqual(4);
    expect(ok(await depreciate(p1))).toEqual(run);
    expect(same.period).toBe(p0);

    // 当月增加当月计提: its month and this one, at once.
    expect(await rowsOf(entered.id)).toEqual([{ period: p1, months: 2, monthNo: 2, amount: '200.00', accumulated: '200.00' }]);
    // Back-dated three months: five months, 69.43 each.
    expect(await rowsOf(backDated.id)).toEqual([{ period: p1, months: 5, monthNo: 5, amount: '347.15', accumulated: '347.15' }]);
    // Back-dated past its life: its whole life, its whole cost, never more.
    expect(await rowsOf(pastLife.id)).toEqual([
      { period: p1, months: 72, monthNo: 72, amount: '7200.00', accumulated: '7200.00' },
    ]);
    // A card with history goes on from its 36 months: months 37 and 38.
    expect(await rowsOf(legacy.id)).toEqual([{ period: p1, months: 2, monthNo: 38, amount: '200.00', accumulated: '3800.00' }]);
    // The statement books what the rules say.
    for (const c of [entered, backDated, pastLife, legacy]) {
      const [r] = await rowsOf(c.id);
      expect({ months: r!.months, amount: r!.amount, monthNo: r!.monthNo }).toEqual(want.get(c.id));
    }
    expect(await card(pastLife.id)).toMatchObject({
      accumulatedDepreciation: '7200.00',
      netValue: '0.00',
      depreciatedMonths: 72,
    });
    // Booked here: its figures no longer change, and it is not removed.
    expect(
      (await server.post('/api/asset/card/update', { ...(await card(entered.id)), cost: '8000.00' }, as('assets'))).body.code,
    ).toBe('40900');
    expect((await server.post('/api/asset/card/remove', { ids: [entered.id] }, as('assets'))).body.code).toBe('40900');

    // A disposal of two of them: each line takes its card's cost and net value, whatever the body says.
    const clean = ok(
      await server.post(
        '/api/asset/clean/save',
        {
          cleanKind: '1',
          cleanDate: localDay(),
          reason: '报废',
          totalCost: '1.00',
          totalNetValue: '1.00',
          items: [
            { assetId: entered.id, assetName: 'x', cost: '1.00', netValue: '1.00' },
            { assetId: backDated.id, cost: '1.00' },
          ],
        },
        as('assets'),
      ),
    );
    expect(clean.items.map((l: Row) => [l.assetName, l.cost, l.netValue])).toEqual([
      ['补录计算机', '7200.00', '7000.00'],
      ['补录计算机', '4999.00', '4651.85'],
    ]);
    expect(clean).toMatchObject({ totalCost: '12199.00', totalNetValue: '11651.85' });
    ok(await server.post(`/api/asset/clean/submit?id=${clean.id}`, {}, as('assets')));

    // A month booked while it waits for approval: the cards are still on the books, and the
    // approval writes off what is left then.
    await toNextMonth();
    const p2 = period();
    ok(await depreciate(p2));
    ok(await approveAll('assetClean', clean.id));
    const done = ok(await server.get(`/api/asset/clean/infoById/${clean.id}`, as('assets')));
    expect(done.items.map((l: Row) => [l.cost, l.netValue])).toEqual([
      ['7200.00', '6900.00'],
      ['4999.00', '4582.42'],
    ]);
    expect(done).toMatchObject({ approvalStatus: '2', totalCost: '12199.00', totalNetValue: '11482.42' });
    expect(await card(entered.id)).toMatchObject({ assetState: '5', disposedDate: localDay(), netValue: '6900.00' });

    // Gone from the books: no month after.
    await toNextMonth();
    ok(await depreciate(period()));
    expect((await rowsOf(entered.id)).map((r) => r.period)).toEqual([p1, p2]);
    expect((await rowsOf(legacy.id)).map((r) => [r.period, r.monthNo])).toEqual([
      [p1, 38],
      [p2, 39],
      [period(), 40],
    ]);
  });
});
