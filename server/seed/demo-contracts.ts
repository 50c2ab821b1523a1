// The demo school's purchases and contracts (issue 16), written through the product's own API by
// the people who would do it — the buyer of 总务处 files, its head, finance, the deputy in charge and
// the principal approve, the cashier pays — so every freeze, stamp duty and instalment is the real one.
//
// Purchases in every step (draft, in approval, sent back, bought, accepted with and without a
// contract, closed); contracts in every state (draft, in approval, to sign, performing with a paid
// instalment and one due within 30 days, a change approved, completed, archived, voided,
// terminated), and one ending within 60 days for the home page's contract notices. Every purchase
// is bought from, and every contract made with, a supplier of the register (issue 33): office
// supplies, IT equipment, construction, services — one whose food licence has lapsed, and the
// security company suspended once its contract was terminated.
type Caller = { call: (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<any> };
export type ContractSeedPeople = Record<'buyer' | 'assets' | 'finance' | 'deputy' | 'principal' | 'cashier', Caller>;

interface Helpers {
  who: ContractSeedPeople;
  idOf: (code: string) => number;
  /** Today on the seed's clock, as YYYY-MM-DD, shifted by whole days. */
  day: (offset: number) => string;
  year: number;
}

const money = (n: number) => n.toFixed(2);

export async function seedDemoContracts({ who, idOf, day, year }: Helpers): Promise<void> {
  const decide = async (
    by: keyof ContractSeedPeople,
    entity: string,
    id: number,
    decision: 'approve' | 'reject',
    comment = '同意',
  ) => {
    const tasks = (await who[by].call('GET', '/workflow/task/page?scope=todo&pageSize=100')) as {
      records: Array<{ id: number; entity: string; businessKey: number }>;
    };
    const task = tasks.records.find((t) => t.entity === entity && Number(t.businessKey) === id);
    if (!task) throw new Error(`demo contract seed: ${by} has no task of ${entity} ${id}`);
    await who[by].call('POST', `/workflow/task/${decision}`, { taskId: task.id, comment });
  };
  /** Whether the step now waiting on the document is with this person. */
  const asked = async (by: keyof ContractSeedPeople, entity: string, id: number) =>
    (
      (await who[by].call('GET', '/workflow/task/page?scope=todo&pageSize=100')) as {
        records: Array<{ entity: string; businessKey: number }>;
      }
    ).records.some((t) => t.entity === entity && Number(t.businessKey) === id);
  /**
   * Submitted by the buyer and approved down the chain (DOMAIN.md "Default approval chain"): the
   * head of 总务处, finance, the deputy in charge, and the principal when the amount reaches the
   * site's approval.headThreshold — the process says when; the seed decides whatever step comes.
   * 总务处 is the owning department of goods and contracts itself, so its own documents skip that review.
   */
  const approve = async (entity: string, api: string, id: number) => {
    await who.buyer.call('POST', `${api}/submit?id=${id}&confirmed=1`, { id });
    await decide('assets', entity, id, 'approve');
    await decide('finance', entity, id, 'approve', '预算充足，同意');
    await decide('deputy', entity, id, 'approve');
    if (await asked('principal', entity, id)) await decide('principal', entity, id, 'approve', '同意，按程序执行');
  };

  // --- Suppliers (供应商名录) ------------------------------------------------------------------
  const supplier = async (body: Record<string, unknown>) =>
    Number(((await who.buyer.call('POST', '/purchase/supplier/save', { status: '0', ...body })) as { id: number }).id);
  const lightingCo = await supplier({
    name: '示范区光明照明科技有限公司',
    taxId: '91110108MA01GM8K1L',
    kind: '1',
    bank: '中国建设银行示范区支行',
    bankAccount: '1100 1016 5000 5300 1234',
    contact: '王经理',
    phone: '010-6512 3456',
    address: '示范区科技园路 18 号',
    qualificationExpiry: day(420),
  });
  const bookshop = await supplier({
    name: '新华书店示范区店',
    taxId: '91110108MA01XH3N7M',
    kind: '1',
    bank: '中国工商银行示范区支行',
    bankAccount: '0200 0456 0900 1234 567',
    contact: '李店长',
    phone: '010-6520 1188',
    address: '示范区文化街 1 号',
    qualificationExpiry: day(600),
  });
  const builder = await supplier({
    name: '示范区建工集团有限公司',
    taxId: '91110108MA01JG3N53',
    kind: '3',
    bank: '中国农业银行示范区支行',
    bankAccount: '1120 0101 0400 1234 5',
    contact: '赵工',
    phone: '010-6533 7788',
    address: '示范区建设大道 66 号',
    qualificationExpiry: day(800),
    remark: '建筑工程施工总承包二级资质',
  });
  const officeCo = await supplier({
    name: '示范区文汇办公设备有限公司',
    taxId: '91110108MA01WH6B24',
    kind: '1',
    bank: '中国银行示范区支行',
    bankAccount: '3456 7812 3456',
    contact: '孙经理',
    phone: '010-6541 2233',
    address: '示范区商贸路 9 号',
    qualificationExpiry: day(365),
    remark: '办公用品、办公家具、复印机销售与租赁',
  });
  const computerCo = await supplier({
    name: '示范区电脑城有限公司',
    taxId: '91110108MA01DN0C49',
    kind: '1',
    bank: '招商银行示范区支行',
    bankAccount: '1109 0812 3410 201',
    contact: '周经理',
    phone: '010-6550 8899',
    address: '示范区中关村东路 3 号',
    qualificationExpiry: day(300),
    remark: '计算机、打印机、网络及安防设备',
  });
  const securityCo = await supplier({
    name: '示范区信息安全技术有限公司',
    taxId: '91110108MA01AQ7T83',
    kind: '2',
    bank: '交通银行示范区支行',
    bankAccount: '1100 6066 1018 0001 2345',
    contact: '吴工',
    phone: '010-6566 1010',
    address: '示范区软件园 2 号楼',
    qualificationExpiry: day(200),
    remark: '网络安全等级保护测评机构',
  });
  const guardCo = await supplier({
    name: '示范区保安服务有限公司',
    taxId: '91110108MA01BA5F4J',
    kind: '2',
    bank: '中国邮政储蓄银行示范区支行',
    bankAccount: '9110 0101 2000 3456 78',
    contact: '郑队长',
    phone: '010-6577 1100',
    address: '示范区平安路 5 号',
    qualificationExpiry: day(250),
    remark: '保安服务许可证',
  });
  const cateringCo = await supplier({
    name: '示范区餐饮管理有限公司',
    taxId: '91110108MA01CY2R6A',
    kind: '2',
    bank: '北京银行示范区支行',
    bankAccount: '2000 0012 3400 5678 9',
    contact: '钱经理',
    phone: '010-6588 2200',
    address: '示范区美食街 12 号',
    // Its food business licence has lapsed: the pickers mark it, the buyer asks for the new one.
    qualificationExpiry: day(-20),
    remark: '食品经营许可证',
  });

  // --- Purchases (采购申请) ------------------------------------------------------------------
  const purchase = async (
    title: string,
    code: string,
    lines: Array<[string, string, string, number, number]>,
    more: object = {},
  ) =>
    (await who.buyer.call('POST', '/purchase/apply/save', {
      title,
      purchaseType: '1',
      budgetId: idOf(code),
      method: '1',
      items: lines.map(([itemName, spec, unit, quantity, unitPrice]) => ({
        itemName,
        spec,
        unit,
        quantity,
        unitPrice: money(unitPrice),
      })),
      ...more,
    })) as { id: number; items: Array<{ id: number }> };
  const lighting = await purchase('体育馆LED照明改造灯具', '302', [['LED投光灯', '400W IP65', '套', 120, 1_500]], {
    reason: '体育馆原金卤灯能耗高、照度不足，更换为LED灯具。',
    expectedDate: day(20),
  });
  await approve('purchaseApply', '/purchase/apply', lighting.id);
  await who.buyer.call('POST', `/purchase/apply/procure?id=${lighting.id}`, {
    id: lighting.id,
    supplierId: lightingCo,
    procuredDate: day(-40),
    actualMoney: money(176_000),
  });
  const books = await purchase('图书馆新书采购', '303', [
    ['教学用书', '各学科教辅', '册', 300, 45],
    ['期刊合订本', '2025年度', '册', 40, 60],
  ]);
  await approve('purchaseApply', '/purchase/apply', books.id);
  await who.buyer.call('POST', `/purchase/apply/procure?id=${books.id}`, {
    id: books.id,
    supplierId: bookshop,
    procuredDate: day(-20),
    actualMoney: money(15_600),
  });
  await who.buyer.call('POST', `/purchase/apply/accept?id=${books.id}`, {
    id: books.id,
    acceptDate: day(-12),
    acceptNote: '品种、数量与清单一致',
    items: books.items.map((l) => ({ id: l.id, acceptResult: '1', acceptedQuantity: l.id === books.items[0]!.id ? 300 : 40 })),
  });
  const printers = await purchase('教研室激光打印机', '201', [['激光打印机', 'A4 黑白 双面 网络', '台', 4, 2_100]]);
  await who.buyer.call('POST', `/purchase/apply/submit?id=${printers.id}&confirmed=1`, { id: printers.id });
  const desks = await purchase('高一教室课桌椅更新', '304', [['课桌椅', '单人 可升降', '套', 100, 420]], {
    reason: '高一新生教室课桌椅老化。',
  });
  void desks;
  const paper = await purchase('复印纸集中采购', '201', [['复印纸', 'A4 70g 500张/包', '箱', 40, 165]]);
  await approve('purchaseApply', '/purchase/apply', paper.id);
  await who.buyer.call('POST', `/purchase/apply/close?id=${paper.id}`, { id: paper.id });
  const cameras = await purchase('校园监控摄像机', '304', [['网络摄像机', '400万像素 红外', '台', 30, 980]]);
  await who.buyer.call('POST', `/purchase/apply/submit?id=${cameras.id}&confirmed=1`, { id: cameras.id });
  await decide('assets', 'purchaseApply', cameras.id, 'reject', '请先与信息中心确认点位方案');

  // --- Contracts (合同) -------------------------------------------------------------------------
  const contract = async (body: Record<string, unknown>, plan: Array<[string, number, string?]>) =>
    (await who.buyer.call('POST', '/contract/contract/save', {
      kind: '1',
      ...body,
      instalments: plan.map(([planDate, amount, condition]) => ({
        planDate,
        amount: money(amount),
        condition: condition ?? null,
      })),
    })) as { id: number };
  const sign = (id: number, signDate: string) => who.buyer.call('POST', `/contract/contract/sign?id=${id}`, { id, signDate });
  const pay = async (contractId: number, instalmentNo: number, amount: number, paid: boolean) => {
    const p = (await who.buyer.call('POST', '/contract/payment/save', {
      contractId,
      instalmentNo,
      amount: money(amount),
      reason: `第 ${instalmentNo} 期合同款`,
    })) as { id: number };
    await approve('contractPayment', '/contract/payment', p.id);
    if (paid) await who.cashier.call('POST', `/contract/payment/pay?id=${p.id}`, { id: p.id, payMethod: '2', paidDate: day(-1) });
    return p;
  };

  // Performing, from the lighting purchase: the first instalment paid, the rest next spring.
  const lights = await contract(
    {
      name: '体育馆LED照明灯具采购合同',
      purchaseId: lighting.id,
      supplierId: lightingCo,
      amount: money(176_000),
      budgetId: idOf('302'),
      startDate: day(-35),
      endDate: `${year + 1}-06-30`,
      bond: money(8_800),
      stampKind: 'sale',
    },
    [
      [day(-10), 120_000, '到货安装验收合格'],
      [`${year + 1}-05-31`, 56_000, '质保期满无质量问题'],
    ],
  );
  await approve('contract', '/contract/contract', lights.id);
  await sign(lights.id, day(-34));
  await who.buyer.call('POST', `/purchase/apply/accept?id=${lighting.id}`, {
    id: lighting.id,
    acceptDate: day(-12),
    acceptNote: '灯具安装完毕，照度检测合格',
    items: lighting.items.map((l) => ({ id: l.id, acceptResult: '1', acceptedQuantity: 120 })),
  });
  await pay(lights.id, 1, 120_000, true);

  // Performing, a works contract with an instalment due within 30 days and a change approved.
  const works = await contract(
    {
      name: '体育场馆改造工程施工合同',
      kind: '3',
      supplierId: builder,
      amount: money(380_000),
      budgetId: idOf('302'),
      startDate: day(-60),
      endDate: `${year + 1}-08-31`,
      bond: money(19_000),
      stampKind: 'construction',
    },
    [
      [day(-30), 100_000, '开工预付款'],
      [day(20), 100_000, '主体完工'],
      [`${year + 1}-07-31`, 180_000, '竣工验收合格'],
    ],
  );
  await approve('contract', '/contract/contract', works.id);
  await sign(works.id, day(-58));
  await pay(works.id, 1, 100_000, true);
  const change = (await who.buyer.call('POST', '/contract/change/save', {
    contractId: works.id,
    reason: '增加看台防水及排水沟改造，经校长办公会研究同意。',
    newAmount: money(400_000),
    newEndDate: `${year + 1}-09-30`,
    instalments: [
      { planDate: day(20), amount: money(100_000), condition: '主体完工' },
      { planDate: `${year + 1}-08-31`, amount: money(200_000), condition: '竣工验收合格' },
    ],
  })) as { id: number };
  await approve('contractChange', '/contract/change', change.id);
  // The next instalment requested and approved: it waits in the cashier's queue (付款单 → 选择待支付单据).
  const worksSecond = await pay(works.id, 2, 100_000, false);

  // Completed and archived: a copier lease, both instalments paid.
  const lease = await contract(
    {
      name: '复印机租赁合同',
      kind: '4',
      supplierId: officeCo,
      amount: money(18_000),
      budgetId: idOf('201'),
      startDate: `${year}-01-01`,
      endDate: day(-5),
      stampKind: 'lease',
    },
    [
      [day(-150), 9_000],
      [day(-15), 9_000],
    ],
  );
  await approve('contract', '/contract/contract', lease.id);
  await sign(lease.id, `${year}-01-02`);
  await pay(lease.id, 1, 9_000, true);
  // The second instalment paid in the cashier's payment document (付款单), as the cashier pays.
  const leaseSecond = await pay(lease.id, 2, 9_000, false);
  const leasePayment = (await who.cashier.call('POST', '/expense/payment/save', {
    payMethod: '1',
    paidDate: day(-3),
    voucherNo: '记-合同-0002',
    items: [{ sourceType: 'contractPayment', sourceId: leaseSecond.id, amount: money(9_000) }],
  })) as { id: number };
  await who.cashier.call('POST', `/expense/payment/pay?id=${leasePayment.id}`, { id: leasePayment.id });
  // And a payment prepared for the works' instalment, the transfer not yet made: a draft to pay.
  await who.cashier.call('POST', '/expense/payment/save', {
    payMethod: '1',
    paidDate: day(0),
    remark: '待银行回单后确认支付',
    items: [{ sourceType: 'contractPayment', sourceId: worksSecond.id, amount: money(100_000) }],
  });
  await who.buyer.call('POST', `/contract/contract/complete?id=${lease.id}`, { id: lease.id });
  await who.buyer.call('POST', `/contract/contract/archive?id=${lease.id}`, { id: lease.id });

  // Terminated: a security service stopped after one instalment.
  const guard = await contract(
    {
      name: '校园安保服务合同',
      kind: '2',
      supplierId: guardCo,
      amount: money(60_000),
      budgetId: idOf('304'),
      startDate: day(-90),
      endDate: day(270),
      stampKind: 'labour',
    },
    [
      [day(-60), 20_000],
      [day(30), 20_000],
      [day(120), 20_000],
    ],
  );
  await approve('contract', '/contract/contract', guard.id);
  await sign(guard.id, day(-88));
  await pay(guard.id, 1, 20_000, true);
  await who.buyer.call('POST', `/contract/contract/terminate?id=${guard.id}`, {
    id: guard.id,
    terminateReason: '服务人员多次脱岗，经协商解除合同',
  });
  // The register follows: the security company is suspended, no purchase or contract picks it again.
  const guardRow = await who.buyer.call('GET', `/purchase/supplier/infoById/${guardCo}`);
  await who.buyer.call('POST', '/purchase/supplier/update', {
    id: guardCo,
    version: guardRow.version,
    status: '1',
    remark: '保安服务许可证；服务人员多次脱岗，合同解除，暂停合作',
  });

  // To sign (approved): teachers' office desks and chairs, ending within 60 days.
  const uniforms = await contract(
    {
      name: '教研室办公桌椅采购合同',
      supplierId: officeCo,
      amount: money(30_000),
      budgetId: idOf('304'),
      startDate: day(-5),
      endDate: day(45),
      stampKind: 'sale',
    },
    [[day(40), 30_000, '交货验收合格']],
  );
  await approve('contract', '/contract/contract', uniforms.id);
  // Voided after approval: the supplier withdrew its offer.
  const lab = await contract(
    {
      name: '计算机教室一体机采购合同',
      supplierId: computerCo,
      amount: money(20_000),
      budgetId: idOf('302'),
      startDate: day(-20),
      endDate: day(60),
      stampKind: 'sale',
    },
    [[day(30), 20_000]],
  );
  await approve('contract', '/contract/contract', lab.id);
  await who.buyer.call('POST', `/contract/contract/void?id=${lab.id}`, { id: lab.id });
  // In approval: network security service; and a draft: canteen catering (not taxable).
  const security = await contract(
    {
      name: '校园网络安全等级保护测评服务合同',
      kind: '5',
      supplierId: securityCo,
      amount: money(36_000),
      budgetId: idOf('304'),
      startDate: day(10),
      endDate: day(100),
      stampKind: 'technology',
    },
    [[day(60), 36_000, '出具测评报告']],
  );
  await who.buyer.call('POST', `/contract/contract/submit?id=${security.id}&confirmed=1`, { id: security.id });
  // Waiting for their first approver (issue 34: every approval page has a document to open), on the
  // book budget so no other contract's or indicator's figures move: a subscription's first instalment
  // requested, and a change adding periodical racks to a bookshelf purchase.
  const periodicals = await contract(
    {
      name: '报刊订阅服务合同',
      supplierId: bookshop,
      amount: money(24_000),
      budgetId: idOf('303'),
      startDate: day(-10),
      endDate: `${year + 1}-06-30`,
      stampKind: 'sale',
    },
    [
      [day(40), 12_000, '订阅清单确认'],
      [`${year + 1}-05-31`, 12_000, '全年报刊送达'],
    ],
  );
  await approve('contract', '/contract/contract', periodicals.id);
  await sign(periodicals.id, day(-9));
  const subscription = (await who.buyer.call('POST', '/contract/payment/save', {
    contractId: periodicals.id,
    instalmentNo: 1,
    amount: money(12_000),
    reason: '第 1 期合同款（预付订阅费）',
  })) as { id: number };
  await who.buyer.call('POST', `/contract/payment/submit?id=${subscription.id}&confirmed=1`, { id: subscription.id });
  const shelves = await contract(
    {
      name: '图书馆书架采购合同',
      supplierId: officeCo,
      amount: money(36_000),
      budgetId: idOf('303'),
      startDate: day(-8),
      endDate: `${year + 1}-04-30`,
      stampKind: 'sale',
    },
    [[`${year + 1}-03-31`, 36_000, '交货安装验收合格']],
  );
  await approve('contract', '/contract/contract', shelves.id);
  await sign(shelves.id, day(-7));
  const racks = (await who.buyer.call('POST', '/contract/change/save', {
    contractId: shelves.id,
    reason: '阅览室增加期刊架 6 组，单价同原合同。',
    newAmount: money(39_600),
    newEndDate: `${year + 1}-04-30`,
    instalments: [{ planDate: `${year + 1}-03-31`, amount: money(39_600), condition: '交货安装验收合格' }],
  })) as { id: number };
  await who.buyer.call('POST', `/contract/change/submit?id=${racks.id}&confirmed=1`, { id: racks.id });
  await contract(
    {
      name: '教工食堂餐饮服务合同',
      kind: '2',
      supplierId: cateringCo,
      amount: money(50_000),
      budgetId: idOf('201'),
      startDate: day(30),
      endDate: `${year + 1}-07-15`,
      stampKind: 'catering',
    },
    [[day(60), 50_000]],
  );
}
