// Consumables (issue 17) on the stock ledger: stock-in at the price paid, issues at the moving
// weighted average, a move out of one warehouse and into another in one transaction (all or
// nothing), a loss on approval, an issue request approved and issued once; 200 concurrent issues of
// one product never take the stock below zero; a received order no longer changes; data scope.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['assets', 'staff', 'head', 'principal']) tokens[name] = await server.login(name, 'Demo@12345');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({ token: tokens[who], site: 'demo', lang });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const today = () => new Date(server.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);

let n = 0;
async function warehouse(): Promise<number> {
  const code = `TW${++n}`;
  return Number(
    ok(await server.post('/api/consumable/warehouse/save', { warehouseCode: code, warehouseName: `测试库${code}` }, as('assets')))
      .id,
  );
}
async function product(safetyStock = 0): Promise<number> {
  const categories = ok(await server.get('/api/consumable/category/list', as('assets'))) as Row[];
  const code = `TP${++n}`;
  const body = { productCode: code, productName: `测试耗材${code}`, categoryId: categories[0]!.id, unit: '个', safetyStock };
  return Number(ok(await server.post('/api/consumable/product/save', body, as('assets'))).id);
}
async function stockIn(warehouseId: number, lines: Array<[number, number, string]>): Promise<Row> {
  const body = {
    warehouseId,
    orderDate: today(),
    source: '9',
    items: lines.map(([productId, quantity, unitPrice]) => ({ productId, quantity, unitPrice })),
  };
  const order = ok(await server.post('/api/consumable/order/save', body, as('assets')));
  ok(await server.post(`/api/consumable/order/receive?id=${order.id}`, {}, as('assets')));
  return ok(await server.get(`/api/consumable/order/infoById/${order.id}`, as('assets')));
}
async function outorder(warehouseId: number, lines: Array<[number, number]>, more: Row = {}): Promise<Row> {
  const body = {
    warehouseId,
    receiveDeptId: dept['教务处'],
    outDate: today(),
    items: lines.map(([productId, quantity]) => ({ productId, quantity })),
    ...more,
  };
  return ok(await server.post('/api/consumable/outorder/save', body, as('assets')));
}
async function stockOf(warehouseId: number, productId: number): Promise<Row | undefined> {
  const page = ok(await server.get(`/api/consumable/stock/page?warehouseId=${warehouseId}&productId=${productId}`, as('assets')));
  return page.records[0];
}
/** Approves every step to the end, whoever of the school's approvers it waits on; the last reply. */
async function approveAll(entity: string, id: number) {
  let last: Reply | null = null;
  for (let step = 0; step < 6; step++) {
    let decided = false;
    for (const who of ['admin', 'principal', 'assets', 'head']) {
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
async function decide(entity: string, id: number, who: string) {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === entity && t.businessKey === id);
  expect(task, `${who} should have the task of ${entity} ${id}`).toBeTruthy();
  return server.post('/api/workflow/task/approve', { taskId: task!.id, comment: '同意' }, as(who));
}

describe('the stock ledger', () => {
  it('takes stock in at the price paid and issues it at the moving weighted average', async () => {
    const w = await warehouse();
    const p = await product();
    const order = await stockIn(w, [
      [p, 100, '2.00'],
      [p, 50, '3.10'],
    ]);
    expect(order.orderState).toBe('1');
    expect(order.amount).toBe('355.00'); // 200.00 + 155.00, worked out by the server
    expect(await stockOf(w, p)).toMatchObject({ quantity: 150, amount: '355.00', avgCost: '2.37' });

    // 30 of 150 units worth 355.00: 71.00.
    const out = await outorder(w, [[p, 30]]);
    const issued = ok(await server.post(`/api/consumable/outorder/issue?id=${out.id}`, {}, as('assets')));
    expect(issued.items[0].amount).toBe('71.00');
    expect(issued.amount).toBe('71.00');
    expect(await stockOf(w, p)).toMatchObject({ quantity: 120, amount: '284.00' });

    const ledger = ok(await server.get(`/api/consumable/detail/page?productId=${p}&pageSize=10`, as('assets'))).records as Row[];
    expect(ledger.map((r) => [r.direction, r.quantity, r.amount, r.balanceQuantity, r.balanceAmount])).toEqual([
      ['2', 30, '71.00', 120, '284.00'],
      ['1', 50, '155.00', 150, '355.00'],
      ['1', 100, '200.00', 100, '200.00'],
    ]);
    expect(ledger[0]).toMatchObject({ docKind: 'consumableOutorder', docNo: out.outNo });
    expect(ledger[0].warehouseIdLabel).toMatch(/^测试库TW/);

    // Issued is done: the order cannot change, be removed or be issued again.
    const edit = await server.post('/api/consumable/outorder/update', { ...issued, remark: 'x' }, as('assets'));
    expect(edit.body.code).toBe('40900');
    expect(edit.body.msg).toContain(out.outNo);
    expect((await server.post('/api/consumable/outorder/remove', { ids: [out.id] }, as('assets'))).body.code).toBe('40900');
    expect((await server.post(`/api/consumable/outorder/issue?id=${out.id}`, {}, as('assets'))).body.code).toBe('40900');
    expect(await stockOf(w, p)).toMatchObject({ quantity: 120 });

    // The last units take what value is left (no fen lost to rounding).
    const rest = await outorder(w, [[p, 120]]);
    const last = ok(await server.post(`/api/consumable/outorder/issue?id=${rest.id}`, {}, as('assets')));
    expect(last.items[0].amount).toBe('284.00');
    expect(await stockOf(w, p)).toMatchObject({ quantity: 0, amount: '0.00' });
  });

  it('refuses an issue beyond the stock, naming product, warehouse and figures, and changes nothing', async () => {
    const w = await warehouse();
    const p = await product();
    const q = await product();
    await stockIn(w, [
      [p, 5, '10.00'],
      [q, 5, '1.00'],
    ]);
    const out = await outorder(w, [
      [p, 2],
      [q, 6],
    ]);
    const r = await server.post(`/api/consumable/outorder/issue?id=${out.id}`, {}, as('assets', 'en-US'));
    expect(r.body.code).toBe('40900');
    const qName = ok(await server.get(`/api/consumable/product/infoById/${q}`, as('assets'))).productName;
    const wName = ok(await server.get(`/api/consumable/warehouse/infoById/${w}`, as('assets'))).warehouseName;
    expect(r.body.msg).toBe(`Not enough ${qName} in ${wName}: 5 in stock, 6 asked for`);
    // The first line's issue went back with the refusal.
    expect(await stockOf(w, p)).toMatchObject({ quantity: 5, amount: '50.00' });
    expect(ok(await server.get(`/api/consumable/outorder/infoById/${out.id}`, as('assets'))).outState).toBe('0');
  });

  it('moves stock out of one warehouse and into the other in one transaction, or not at all', async () => {
    const from = await warehouse();
    const to = await warehouse();
    const p = await product();
    const q = await product();
    await stockIn(from, [
      [p, 120, '2.36'],
      [q, 3, '5.00'],
    ]);
    // 120 × 2.36 = 283.20; 20 of them: 47.20.
    const move = async (lines: Array<[number, number]>) =>
      ok(
        await server.post(
          '/api/consumable/move/save',
          {
            fromWarehouseId: from,
            toWarehouseId: to,
            moveDate: today(),
            reason: '调拨',
            items: lines.map(([productId, quantity]) => ({ productId, quantity })),
          },
          as('assets'),
        ),
      );
    const same = await server.post(
      '/api/consumable/move/save',
      { fromWarehouseId: from, toWarehouseId: from, moveDate: today(), items: [{ productId: p, quantity: 1 }] },
      as('assets', 'en-US'),
    );
    expect(same.body.msg).toContain('The two warehouses must differ');

    // One line short: approved, the move is refused and neither warehouse changes.
    const bad = await move([
      [p, 20],
      [q, 4],
    ]);
    ok(await server.post(`/api/consumable/move/submit?id=${bad.id}`, {}, as('assets')));
    const refused = await approveAll('consumableMove', bad.id); // 总务处's head, then the keeper
    expect(refused.body.code).toBe('40900');
    expect(await stockOf(from, p)).toMatchObject({ quantity: 120, amount: '283.20' });
    expect(await stockOf(to, p)).toBeUndefined();

    const good = await move([[p, 20]]);
    ok(await server.post(`/api/consumable/move/submit?id=${good.id}`, {}, as('assets')));
    ok(await approveAll('consumableMove', good.id));
    expect(await stockOf(from, p)).toMatchObject({ quantity: 100, amount: '236.00' });
    expect(await stockOf(to, p)).toMatchObject({ quantity: 20, amount: '47.20' });
    const moved = ok(await server.get(`/api/consumable/move/infoById/${good.id}`, as('assets')));
    expect(moved.items[0].amount).toBe('47.20');
  });

  it('issues an approved request once, at the department that asked', async () => {
    const w = await warehouse();
    const p = await product(10);
    await stockIn(w, [[p, 12, '4.00']]);
    const apply = ok(
      await server.post(
        '/api/consumable/apply/save',
        { warehouseId: w, applyDate: today(), reason: '教研组领用', items: [{ productId: p, quantity: 5 }] },
        as('staff'),
      ),
    );
    expect(apply.deptId).toBe(dept['教务处']);
    ok(await server.post(`/api/consumable/apply/submit?id=${apply.id}`, {}, as('staff')));
    // Not approved yet: no stock-out order can name it.
    const early = await outorder(w, [[p, 5]], { applyId: apply.id });
    expect((await server.post(`/api/consumable/outorder/issue?id=${early.id}`, {}, as('assets'))).body.code).toBe('40900');
    ok(await decide('consumableApply', apply.id, 'head'));
    ok(await decide('consumableApply', apply.id, 'assets'));
    ok(await server.post(`/api/consumable/outorder/issue?id=${early.id}`, {}, as('assets')));
    expect(ok(await server.get(`/api/consumable/apply/infoById/${apply.id}`, as('staff'))).issueState).toBe('1');
    // A second order for the same request is refused.
    const twice = await outorder(w, [[p, 1]], { applyId: apply.id });
    const again = await server.post(`/api/consumable/outorder/issue?id=${twice.id}`, {}, as('assets'));
    expect(again.body.code).toBe('40900');
    expect(await stockOf(w, p)).toMatchObject({ quantity: 7 });

    // 7 left of a safety stock of 10: the product shows below safety stock.
    const prod = ok(await server.get(`/api/consumable/product/infoById/${p}`, as('assets')));
    expect(prod).toMatchObject({ stockQuantity: 7, stockFlag: '1' });
    // The keeper is told once, when the issue crossed the line; not again at the next issue below it.
    const warnings = async () =>
      (ok(await server.get('/api/core/noticeUserRel/page?pageSize=100', as('assets'))).records as Row[]).filter((x) =>
        String(x.content).includes(prod.productName),
      );
    const told = await warnings();
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('库存预警：1种耗材低于安全库存');
    expect(told[0]!.content).toContain(`${prod.productName} 余7（安全库存10）`);
    const more = await outorder(w, [[p, 2]]);
    ok(await server.post(`/api/consumable/outorder/issue?id=${more.id}`, {}, as('assets')));
    expect(await warnings()).toHaveLength(1);
  });

  it('takes a loss out of stock when it is approved', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(w, [[p, 10, '3.00']]);
    const loss = ok(
      await server.post(
        '/api/consumable/loss/save',
        { warehouseId: w, lossDate: today(), reason: '受潮', items: [{ productId: p, quantity: 4, note: '受潮' }] },
        as('assets'),
      ),
    );
    ok(await server.post(`/api/consumable/loss/submit?id=${loss.id}`, {}, as('assets')));
    expect(await stockOf(w, p)).toMatchObject({ quantity: 10 });
    ok(await approveAll('consumableLoss', loss.id));
    expect(await stockOf(w, p)).toMatchObject({ quantity: 6, amount: '18.00' });
    expect(ok(await server.get(`/api/consumable/loss/infoById/${loss.id}`, as('assets'))).amount).toBe('12.00');
  });

  it('never goes below zero under 200 concurrent issues of one product', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(w, [[p, 150, '1.00']]);
    const orders: number[] = [];
    for (let i = 0; i < 200; i++) orders.push(Number((await outorder(w, [[p, 1]])).id));
    const replies = await Promise.all(
      orders.map((id) => server.post(`/api/consumable/outorder/issue?id=${id}`, {}, as('assets'))),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(150);
    expect(codes.filter((c) => c !== '0').every((c) => c === '40900')).toBe(true);
    expect(await stockOf(w, p)).toMatchObject({ quantity: 0, amount: '0.00' });
    const ledger = ok(await server.get(`/api/consumable/detail/page?productId=${p}&direction=2&pageSize=1`, as('assets')));
    expect(ledger.total).toBe(150);
    const balances = ok(await server.get(`/api/consumable/detail/list?productId=${p}`, as('assets'))) as Row[];
    expect(balances.every((r) => r.balanceQuantity >= 0)).toBe(true);
  }, 120_000);

  it('reads a stock-in order’s lines from a sheet, products named by code or name', async () => {
    const p = await product();
    const named = ok(await server.get(`/api/consumable/product/infoById/${p}`, as('assets')));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('lines');
    for (const r of [
      ['耗材', '数量', '单价'],
      [named.productCode, 10, '3.20'],
      [named.productName, 5, '3.30'],
      ['没有这个耗材', 1, '1.00'],
    ])
      sheet.addRow(r);
    const send = async (rows: number) => {
      const form = new FormData();
      if (rows < 4) sheet.spliceRows(4, 1);
      form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'lines.xlsx');
      const r = await fetch(`http://127.0.0.1:${server.port}/api/consumable/order/lines/items/import`, {
        method: 'POST',
        body: form,
        headers: { token: tokens.assets!, hostname: 'localhost', 'accept-language': 'zh-CN' },
      });
      return (await r.json()) as { code: string; data: any; msg: string };
    };
    const bad = await send(4);
    expect(bad.code).toBe('40000');
    expect(bad.data.errors).toEqual([{ row: 4, message: '单元格 A4：找不到耗材“没有这个耗材”' }]);
    const good = await send(3);
    expect(good.code, good.msg).toBe('0');
    expect(good.data.lines.map((l: Row) => [l.productId, l.quantity, l.unitPrice])).toEqual([
      [p, 10, '3.20'],
      [p, 5, '3.30'],
    ]);
  });

  it('keeps each department to its own requests, and the stock screens to their keepers', async () => {
    const mine = ok(await server.get('/api/consumable/apply/page?pageSize=100', as('staff'))).records as Row[];
    expect(mine.every((r) => r.deptId === dept['教务处'])).toBe(true);
    expect((await server.get('/api/consumable/stock/page', as('staff'))).body.code).toBe('40103');
    expect((await server.post('/api/consumable/order/save', {}, as('staff'))).body.code).toBe('40103');
  });
});

// Issue 34, "Stock you can plan by": available = on hand − what requests in approval or approved and
// not issued reserve; a request beyond it refused at submit; a purchase draft below safety stock;
// the monthly report's figures add up.
describe('stock you can plan by', () => {
  const request = async (w: number, p: number, quantity: number) =>
    ok(
      await server.post(
        '/api/consumable/apply/save',
        { warehouseId: w, applyDate: today(), reason: '领用', items: [{ productId: p, quantity }] },
        as('staff'),
      ),
    );

  it('shows what is available in the form and on the approval page, and refuses a request beyond it at submit', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(w, [[p, 70, '1.00']]);
    const name = ok(await server.get(`/api/consumable/product/infoById/${p}`, as('assets'))).productName;

    // The form's figures: nothing reserved yet.
    expect(ok(await server.get(`/api/consumable/available?warehouseId=${w}&productIds=${p}`, as('staff')))).toEqual([
      { productId: p, onHand: 70, reserved: 0, available: 70 },
    ]);
    // 500 of 70: saved as a draft, refused at submit naming the item and both figures.
    const big = await request(w, p, 500);
    const refused = await server.post(`/api/consumable/apply/submit?id=${big.id}`, {}, as('staff', 'en-US'));
    expect(refused.body.code).toBe('40900');
    expect(refused.body.msg).toBe(`Not enough ${name} available: 70 available, 500 asked for`);
    expect(ok(await server.get(`/api/consumable/apply/infoById/${big.id}`, as('staff'))).approvalStatus).toBe('0');

    // 30 submitted reserve 30: 40 left for the next one, which is refused beyond it.
    const first = await request(w, p, 30);
    ok(await server.post(`/api/consumable/apply/submit?id=${first.id}`, {}, as('staff')));
    expect(ok(await server.get(`/api/consumable/available?warehouseId=${w}&productIds=${p}`, as('staff')))[0]).toMatchObject({
      onHand: 70,
      reserved: 30,
      available: 40,
    });
    const second = await request(w, p, 41);
    const zh = await server.post(`/api/consumable/apply/submit?id=${second.id}`, {}, as('staff'));
    expect(zh.body.msg).toBe(`${name}可用库存不足：可用 40，申请 41`);

    // The approval page's answer: the request's own line is not counted against itself.
    const business = ok(
      await server.get(`/api/workflow/instance/business?entity=consumableApply&id=${first.id}`, as('head')),
    );
    expect(business.stock).toEqual([{ productId: p, productName: name, quantity: 30, onHand: 70, reserved: 0, available: 70 }]);
    // Approved, still reserved; issued, it has left the stock and reserves nothing.
    ok(await decide('consumableApply', first.id, 'head'));
    ok(await decide('consumableApply', first.id, 'assets'));
    expect(ok(await server.get(`/api/consumable/available?warehouseId=${w}&productIds=${p}`, as('staff')))[0].available).toBe(40);
    const out = await outorder(w, [[p, 30]], { applyId: first.id });
    ok(await server.post(`/api/consumable/outorder/issue?id=${out.id}`, {}, as('assets')));
    expect(ok(await server.get(`/api/consumable/available?warehouseId=${w}&productIds=${p}`, as('staff')))[0]).toMatchObject({
      onHand: 40,
      reserved: 0,
      available: 40,
    });
    const bad = await server.get(`/api/consumable/available?warehouseId=x&productIds=${p}`, as('staff', 'en-US'));
    expect(bad.body.code).toBe('40000');
  });

  it('drafts a purchase request back to the safety stock when an issue takes a product below it', async () => {
    const w = await warehouse();
    const p = await product(50);
    await server.post('/api/consumable/product/update', {
      ...(ok(await server.get(`/api/consumable/product/infoById/${p}`, as('assets'))) as Row),
      refPrice: '2.50',
    }, as('assets'));
    await stockIn(w, [[p, 60, '2.00']]);
    const name = ok(await server.get(`/api/consumable/product/infoById/${p}`, as('assets'))).productName;
    const out = await outorder(w, [[p, 25]]);
    const issued = ok(await server.post(`/api/consumable/outorder/issue?id=${out.id}`, {}, as('assets')));
    // The draft is the keeper's own (a draft is seen by whoever holds it), to complete and submit.
    const drafts = ok(await server.get('/api/purchase/apply/page?pageSize=100&approvalStatus=0', as('assets'))).records as Row[];
    const draft = drafts.find((d) => String(d.title).includes(issued.outNo));
    expect(draft, 'a purchase draft naming the issue').toBeTruthy();
    const full = ok(await server.get(`/api/purchase/apply/infoById/${draft!.id}`, as('assets')));
    // 35 left of a safety stock of 50: 15 to buy, at the reference price.
    expect(full.items.map((l: Row) => [l.itemName, Number(l.quantity), l.unitPrice, l.amount])).toEqual([[name, 15, '2.50', '37.50']]);
    expect(full).toMatchObject({ approvalStatus: '0', money: '37.50' });
  });

  it('reports a month per warehouse and item: opening + in − out = closing, in quantity and amount', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(w, [[p, 100, '2.00']]);
    const out = await outorder(w, [[p, 30]]);
    ok(await server.post(`/api/consumable/outorder/issue?id=${out.id}`, {}, as('assets')));
    await stockIn(w, [[p, 10, '3.00']]);
    const month = today().slice(0, 7);
    const rows = ok(await server.get(`/api/consumable/report/monthly?month=${month}&warehouseId=${w}`, as('assets'))) as Row[];
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r).toMatchObject({
      productId: p,
      openingQuantity: 0,
      openingAmount: '0.00',
      inQuantity: 110,
      inAmount: '230.00',
      outQuantity: 30,
      outAmount: '60.00',
      closingQuantity: 80,
      closingAmount: '170.00',
    });
    expect(await stockOf(w, p)).toMatchObject({ quantity: r.closingQuantity, amount: r.closingAmount });
    // Every row of the site's month adds up.
    const all = ok(await server.get(`/api/consumable/report/monthly?month=${month}`, as('assets'))) as Row[];
    for (const x of all) {
      expect(x.openingQuantity + x.inQuantity - x.outQuantity).toBe(x.closingQuantity);
      expect(Math.round((Number(x.openingAmount) + Number(x.inAmount) - Number(x.outAmount)) * 100)).toBe(
        Math.round(Number(x.closingAmount) * 100),
      );
    }
    // The next month opens with this one's closing.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const later = ok(await server.get(`/api/consumable/report/monthly?month=${next}&warehouseId=${w}`, as('assets'))) as Row[];
    expect(later[0]).toMatchObject({ openingQuantity: 80, openingAmount: '170.00', inQuantity: 0, outQuantity: 0, closingQuantity: 80 });
    const file = await fetch(`http://127.0.0.1:${server.port}/api/consumable/report/monthly/export?month=${month}&warehouseId=${w}`, {
      headers: { token: tokens.assets!, hostname: 'localhost', 'accept-language': 'zh-CN' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(5).value).toBe('期初数量');
    expect(sheet.getRow(2).getCell(11).value).toBe(80);
    const wrong = await server.get('/api/consumable/report/monthly?month=2026-13', as('assets', 'en-US'));
    expect(wrong.body).toMatchObject({ code: '40000', msg: 'Choose a month (YYYY-MM)' });
    expect((await server.get(`/api/consumable/report/monthly?month=${month}`, as('staff'))).body.code).toBe('40103');
  });

  it('serves the monthly report as a report page: its query, columns with totals, the export for who may export', async () => {
    const page = ok(await server.get('/api/schema/page/ConsumableMonthly', as('assets')));
    expect(page.kind).toBe('report');
    expect(page.report).toMatchObject({ api: '/consumable/report/monthly', export: { api: '/consumable/report/monthly/export' } });
    expect(page.report.query.map((q: Row) => [q.name, q.type, q.default ?? null])).toEqual([
      ['month', 'month', 'thisMonth'],
      ['warehouseId', 'select', null],
    ]);
    expect(page.report.columns.filter((c: Row) => c.total).map((c: Row) => c.field)).toContain('closingAmount');
    expect(page.texts['consumable.report.closingQuantity']['pt-BR']).toBeTruthy();
    // Whoever may not read the stock gets no page.
    expect((await server.get('/api/schema/page/ConsumableMonthly', as('staff'))).body.code).toBe('40103');
  });
});
