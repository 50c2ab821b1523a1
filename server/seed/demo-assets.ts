// A site's assets and consumables for the demo (issue 17), written through the product's own API by
// the people who would do it: the asset keeper enters a year of purchases as cards and books the
// year's depreciation month by month; staff take cards into use, borrow one, send one for repair;
// a disposal waits for approval and one is done; two warehouses take stock in, issue it to a
// department's approved request, write off a loss and move stock between them, and one product sits
// below its safety stock. Both demo organisations get one, each with its own goods.
import { approveAll as approveDocument, type SeedCaller as Caller } from './approvals.ts';

export interface AssetSeedPeople {
  /** The asset keeper (enters, issues, books). */
  keeper: Caller;
  /** A member of staff of `staffDept`. */
  staff: Caller;
  /** Everyone who may hold an approval step on the site: each task goes to whichever has it. */
  approvers: Caller[];
}

export interface AssetSeedPlan {
  /** Days from today as YYYY-MM-DD. */
  day: (offset: number) => string;
  deptId: (name: string) => number;
  keeperDept: string;
  staffDept: string;
  /** [GB/T code, name, spec, unit, unit price, how many, department, location, with a keeper] per purchase line. */
  purchases: Array<{
    daysAgo: number;
    supplier: string;
    lines: Array<[string, string, string, string, number, number, string, string, boolean]>;
  }>;
  /** [code, name, category code, spec, safety stock, price, unit]. */
  products: Array<[string, string, string, string, number, number, string]>;
  warehouses: Array<[string, string, string]>;
}

const money = (n: number) => n.toFixed(2);

export async function seedAssetsAndStock(people: AssetSeedPeople, plan: AssetSeedPlan): Promise<void> {
  const { keeper, staff } = people;
  const { day, deptId } = plan;
  const approveAll = (entity: string, id: number) => approveDocument(people.approvers, entity, id);

  // --- Assets: a year of purchases entered as cards -----------------------------------------------
  const categories = (await keeper.call('GET', '/asset/category/list')) as Array<{ id: number; categoryCode: string }>;
  const category = (code: string) => categories.find((c) => c.categoryCode === code)!.id;
  const keeperId = ((await keeper.call('GET', '/core/user/info')) as { userId: number }).userId;
  for (const p of [...plan.purchases].sort((a, b) => b.daysAgo - a.daysAgo)) {
    // One order per department and keeper choice: the cards take the order's department and place.
    const groups = new Map<string, typeof p.lines>();
    for (const l of p.lines) groups.set(`${l[6]}|${l[7]}|${l[8]}`, [...(groups.get(`${l[6]}|${l[7]}|${l[8]}`) ?? []), l]);
    for (const [key, lines] of groups) {
      const [dept, location, kept] = key.split('|') as [string, string, string];
      const order = (await keeper.call('POST', '/asset/order/save', {
        orderDate: day(-p.daysAgo),
        source: '1',
        supplier: p.supplier,
        deptId: deptId(dept),
        keeperId: kept === 'true' ? keeperId : null,
        location,
        items: lines.map(([code, assetName, spec, unit, price, quantity]) => ({
          categoryId: category(code),
          assetName,
          spec,
          unit,
          quantity,
          unitPrice: money(price),
        })),
      })) as { id: number };
      await keeper.call('POST', `/asset/order/enter?id=${order.id}`, { id: order.id });
    }
  }
  // The year's depreciation, month by month from the first entry (the first run books its month; the
  // second books every month since, in order).
  const first = Math.max(...plan.purchases.map((p) => p.daysAgo));
  await keeper.call('POST', '/asset/depreciate/run', { period: day(-first).slice(0, 7) });
  await keeper.call('POST', '/asset/depreciate/run', { period: day(-Number(day(0).slice(8, 10))).slice(0, 7) });

  const cards = (await keeper.call('GET', '/asset/card/list?assetState=0')) as Array<{ id: number; assetName: string }>;
  const idle = cards.slice(0, 12);
  const document = async (api: string, entity: string, body: object, by: Caller, approve = true) => {
    const doc = (await by.call('POST', `${api}/save`, body)) as { id: number };
    await by.call('POST', `${api}/submit?id=${doc.id}`, { id: doc.id });
    if (approve) await approveAll(entity, doc.id);
    return doc;
  };
  if (idle.length >= 8) {
    // Staff take two idle cards into use, borrow one, and one goes for repair.
    await document(
      '/asset/apply',
      'assetApply',
      {
        applyKind: '1',
        applyDate: day(-20),
        useDeptId: deptId(plan.staffDept),
        location: '教研室',
        reason: '新学期教研用',
        items: idle.slice(0, 2).map((c) => ({ assetId: c.id })),
      },
      staff,
    );
    await document(
      '/asset/apply',
      'assetApply',
      { applyKind: '3', applyDate: day(-10), reason: '外出培训借用', items: [{ assetId: idle[2]!.id }] },
      staff,
    );
    await document(
      '/asset/apply',
      'assetApply',
      { applyKind: '4', applyDate: day(-6), reason: '无法开机，送厂家维修', items: [{ assetId: idle[3]!.id }] },
      keeper,
    );
    // A change of place, a disposal done and one waiting.
    await document(
      '/asset/update',
      'assetUpdate',
      { updateDate: day(-15), newLocation: '行政楼 105', reason: '办公室调整', items: [{ assetId: idle[4]!.id }] },
      keeper,
    );
    await document(
      '/asset/clean',
      'assetClean',
      {
        cleanKind: '1',
        cleanDate: day(-5),
        residualIncome: '120.00',
        reason: '主板损坏，维修价值低于残值',
        items: [{ assetId: idle[5]!.id }],
      },
      keeper,
    );
    await document(
      '/asset/clean',
      'assetClean',
      {
        cleanKind: '2',
        cleanDate: day(-1),
        residualIncome: '300.00',
        reason: '超过使用年限，公开处置',
        items: [{ assetId: idle[6]!.id }],
      },
      keeper,
      false,
    );
    // Waiting for their first approver (issue 34): staff borrow a card, the keeper moves one.
    if (idle[9]) {
      await document(
        '/asset/apply',
        'assetApply',
        { applyKind: '3', applyDate: day(-1), reason: '公开课录课借用', items: [{ assetId: idle[8]!.id }] },
        staff,
        false,
      );
      await document(
        '/asset/update',
        'assetUpdate',
        { updateDate: day(-1), newLocation: '行政楼 208', reason: '档案室搬迁', items: [{ assetId: idle[9]!.id }] },
        keeper,
        false,
      );
    }
    await keeper.call('POST', '/asset/apply/save', {
      applyKind: '1',
      applyDate: day(0),
      useDeptId: deptId(plan.keeperDept),
      reason: '草稿：待补充使用人',
      items: [{ assetId: idle[7]!.id }],
    });
  }

  // A year-end count of the keeper's department under way: started, a few cards already scanned.
  const count = (await keeper.call('POST', '/asset/inventory/save', {
    title: `${plan.keeperDept}${day(0).slice(0, 4)}年度资产盘点`,
    scopeDeptId: deptId(plan.keeperDept),
    planDate: day(3),
  })) as { id: number };
  await keeper.call('POST', `/asset/inventory/start?id=${count.id}`, { id: count.id });
  const counted = (await keeper.call('GET', `/asset/inventory/infoById/${count.id}`)) as { items: Array<{ assetId: number }> };
  const numbers = (await keeper.call('GET', `/asset/card/list?deptId=${deptId(plan.keeperDept)}`)) as Array<{
    id: number;
    assetNo: string;
  }>;
  for (const line of counted.items.slice(0, 5)) {
    const card = numbers.find((c) => c.id === line.assetId);
    if (card) await keeper.call('POST', '/asset/inventory/scan', { code: card.assetNo });
  }

  // A count of the staff department finished — every card found where it should be — and submitted,
  // waiting for its first approver (issue 34).
  const done = (await keeper.call('POST', '/asset/inventory/save', {
    title: `${plan.staffDept}${day(0).slice(0, 4)}年中资产盘点`,
    scopeDeptId: deptId(plan.staffDept),
    planDate: day(-2),
  })) as { id: number };
  await keeper.call('POST', `/asset/inventory/start?id=${done.id}`, { id: done.id });
  const toCount = (await keeper.call('GET', `/asset/inventory/infoById/${done.id}`)) as { items: Array<{ id: number }> };
  await keeper.call('POST', `/asset/inventory/record?id=${done.id}`, {
    items: toCount.items.map((l) => ({ id: l.id, result: '1', note: null })),
  });
  await keeper.call('POST', `/asset/inventory/finish?id=${done.id}`, { id: done.id });
  await keeper.call('POST', `/asset/inventory/submit?id=${done.id}`, { id: done.id });

  // --- Consumables: two warehouses with movements -----------------------------------------------
  const categoriesOfStock = (await keeper.call('GET', '/consumable/category/list')) as Array<{
    id: number;
    categoryCode: string;
  }>;
  const stockCategory = (code: string) => categoriesOfStock.find((c) => c.categoryCode === code)!.id;
  const warehouses: number[] = [];
  for (const [warehouseCode, warehouseName, address] of plan.warehouses)
    warehouses.push(
      Number(
        (
          (await keeper.call('POST', '/consumable/warehouse/save', { warehouseCode, warehouseName, address, keeperId })) as {
            id: number;
          }
        ).id,
      ),
    );
  const products: Array<{ id: number; price: number; safety: number }> = [];
  for (const [productCode, productName, categoryCode, spec, safetyStock, price, unit] of plan.products) {
    const saved = (await keeper.call('POST', '/consumable/product/save', {
      productCode,
      productName,
      categoryId: stockCategory(categoryCode),
      spec,
      unit,
      safetyStock,
      refPrice: money(price),
    })) as { id: number };
    products.push({ id: saved.id, price, safety: safetyStock });
  }
  const [main, branch] = warehouses as [number, number];
  const stockIn = async (warehouseId: number, daysAgo: number, factor: number, bump: number, from = 0) => {
    const order = (await keeper.call('POST', '/consumable/order/save', {
      warehouseId,
      orderDate: day(-daysAgo),
      source: '1',
      supplier: '办公用品供应商',
      items: products.slice(from).map((p) => ({
        productId: p.id,
        quantity: Math.max(1, Math.round(p.safety * factor)),
        unitPrice: money(p.price * bump),
      })),
    })) as { id: number };
    await keeper.call('POST', `/consumable/order/receive?id=${order.id}`, { id: order.id });
  };
  await stockIn(main, 90, 3, 1);
  await stockIn(main, 30, 2, 1.05);
  await stockIn(branch, 45, 1, 1, 1);
  // An approved request issued from the main warehouse; the first product drops below its safety stock.
  const lines = products
    .slice(0, 3)
    .map((p, i) => ({ productId: p.id, quantity: i === 0 ? p.safety * 5 - 2 : Math.max(1, p.safety) }));
  const apply = await document(
    '/consumable/apply',
    'consumableApply',
    { warehouseId: main, applyDate: day(-8), reason: '期中考试用纸及文具', items: lines },
    staff,
  );
  const out = (await keeper.call('POST', '/consumable/outorder/save', {
    applyId: apply.id,
    warehouseId: main,
    receiveDeptId: deptId(plan.staffDept),
    outDate: day(-7),
    items: lines,
  })) as { id: number };
  await keeper.call('POST', `/consumable/outorder/issue?id=${out.id}`, { id: out.id });
  // An approved request the keeper has yet to issue (issue 34: the keeper's "to issue" queue).
  await document(
    '/consumable/apply',
    'consumableApply',
    { warehouseId: main, applyDate: day(-2), reason: '教研活动用品', items: [{ productId: products[2]!.id, quantity: 2 }] },
    staff,
  );
  // A request waiting for approval, a loss written off, a move to the second warehouse.
  await document(
    '/consumable/apply',
    'consumableApply',
    { warehouseId: main, applyDate: day(-1), reason: '办公室日常用', items: [{ productId: products[1]!.id, quantity: 5 }] },
    staff,
    false,
  );
  await document(
    '/consumable/loss',
    'consumableLoss',
    {
      warehouseId: main,
      lossDate: day(-4),
      reason: '库房漏水受潮',
      items: [{ productId: products[1]!.id, quantity: 3, note: '受潮' }],
    },
    keeper,
  );
  await document(
    '/consumable/move',
    'consumableMove',
    {
      fromWarehouseId: main,
      toWarehouseId: branch,
      moveDate: day(-3),
      reason: '分仓库补货',
      items: products.slice(3, 6).map((p) => ({ productId: p.id, quantity: Math.max(1, p.safety) })),
    },
    keeper,
  );
  // A loss and a move waiting for their first approver (issue 34).
  await document(
    '/consumable/loss',
    'consumableLoss',
    {
      warehouseId: branch,
      lossDate: day(-1),
      reason: '搬运中包装破损',
      items: [{ productId: products[3]!.id, quantity: 1, note: '破损' }],
    },
    keeper,
    false,
  );
  await document(
    '/consumable/move',
    'consumableMove',
    {
      fromWarehouseId: main,
      toWarehouseId: branch,
      moveDate: day(0),
      reason: '分仓库月度补货',
      items: [{ productId: products[2]!.id, quantity: 1 }],
    },
    keeper,
    false,
  );
}
