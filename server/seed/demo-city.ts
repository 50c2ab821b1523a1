// The city hospital's demo year (市第一医院, DOMAIN.md "Demo organisations"): a few indicators for
// what a hospital buys — medical materials, drugs, equipment — and medical purchases by the
// purchasing centre for its clinical departments in every step, a maintenance contract being
// performed, all with suppliers of the hospital's register (a device distributor and a drug
// distributor with their licences, one licence lapsed). Written through the API as the hospital's
// own people, like the school's year.
import crypto from 'node:crypto';
import { addDays, DEFAULT_TIME_ZONE, siteNow } from '../platform/site-time.ts';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../app.ts';
import { ManualClock } from '../platform/clock.ts';
import { readConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { signInTo } from './demo-budget.ts';
import { seedAssetsAndStock } from './demo-assets.ts';
import { seedSealsAndPrinting } from './demo-office.ts';
import { seedDemoSalaries } from './demo-salaries.ts';
import { seedCars } from './demo-cars.ts';
import { seedLeave } from './demo-leave.ts';
import { hospitalVenues, seedDemoVenues } from './demo-venues.ts';

const PASSWORD = 'City@12345';
const money = (n: number) => n.toFixed(2);

export async function seedCityDemo(database: Database, now: number, dataDir = ''): Promise<void> {
  const db = database.db as unknown as Kysely<any>;
  const site = (await sql<{ id: number }>`select id from sys_dept where top_dept_key = 'city'`.execute(db)).rows[0];
  if (!site) return;
  if ((await sql`select 1 from nk_budget where top_dept_id = ${site.id} limit 1`.execute(db)).rows.length) return;
  const today = new Date(now);
  const year = String(today.getFullYear());
  const day = (offset: number) => addDays(siteNow(now, DEFAULT_TIME_ZONE).day, offset);
  const clock = new ManualClock(now);
  const config = { ...readConfig({}), dataDir, webRoot: null };
  const { app } = await buildApp({ config, database, secret: crypto.randomBytes(32).toString('hex'), clock, logLevel: 'silent' });
  try {
    const [admin, head, finance, dean, buyer] = await Promise.all(
      ['cityadmin', 'cityhead', 'cityfinance', 'citydean', 'citybuyer'].map((u) => signInTo(app, 'city', year, u, PASSWORD)),
    );
    const depts = (await admin.call('GET', '/core/dept/list')) as Array<{ id: number; deptName: string }>;
    const deptId = (name: string) => depts.find((d) => d.deptName === name)!.id;
    const indicator = async (
      code: string,
      budgetName: string,
      type: string,
      economicClass: string,
      amount: number,
      projectName?: string,
    ) =>
      Number(
        (
          await admin.call('POST', '/neikong/budget/save', {
            limitCode: `${year}-${code}`,
            budgetName,
            deptId: deptId('采购中心'),
            expenseType: type,
            economicClass,
            fundSource: '1',
            projectName: projectName ?? null,
            originalAmount: money(amount),
          })
        ).id,
      );
    const materials = await indicator('H201', '卫生材料费', '2', '30218', 800_000);
    const drugs = await indicator('H202', '药品费', '2', '30218', 1_200_000);
    const equipment = await indicator('H301', '医疗设备购置', '3', '31003', 2_000_000, '医疗设备更新');
    await indicator('H231', '公务用车运行维护费', '2', '30231', 60_000);

    const decide = async (who: typeof head, entity: string, id: number) => {
      const tasks = (await who.call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Array<{
        id: number;
        entity: string;
        businessKey: number;
      }>;
      const task = tasks.find((t) => t.entity === entity && Number(t.businessKey) === id);
      if (!task) throw new Error(`demo seed (city): no task of ${entity} ${id}`);
      await who.call('POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
    };
    const [owner, deputy] = await Promise.all(['cityassets', 'citydeputy'].map((u) => signInTo(app, 'city', year, u, PASSWORD)));
    /** Whether the step now waiting on the document is with this person. */
    const asked = async (who: typeof head, entity: string, id: number) =>
      (
        (await who.call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Array<{
          entity: string;
          businessKey: number;
        }>
      ).some((t) => t.entity === entity && Number(t.businessKey) === id);
    /**
     * Submitted by the buyer and approved down the chain (DOMAIN.md "Default approval chain"): the head
     * of 采购中心; 设备科, the owning department of goods (approval.owningRole.purchase); finance; the
     * deputy in charge; the dean from the site's approval.headThreshold. The process says which
     * steps come; the seed decides each as it comes.
     */
    const approve = async (entity: string, api: string, id: number) => {
      await buyer.call('POST', `${api}/submit?id=${id}&confirmed=1`, { id });
      await decide(head, entity, id);
      if (await asked(owner, entity, id)) await decide(owner, entity, id);
      await decide(finance, entity, id);
      await decide(deputy, entity, id);
      if (await asked(dean, entity, id)) await decide(dean, entity, id);
    };
    // The supplier register (issue 33): medical suppliers carry their trading licences.
    const supplier = async (body: Record<string, unknown>) =>
      Number(((await buyer.call('POST', '/purchase/supplier/save', { status: '0', ...body })) as { id: number }).id);
    const deviceCo = await supplier({
      name: '市医疗器械有限公司',
      taxId: '91320100MA1YL8Q31Y',
      kind: '4',
      bank: '中国工商银行市分行营业部',
      bankAccount: '4301 0100 0920 0123 456',
      contact: '高经理',
      phone: '025-8456 1200',
      address: '市医药园区 8 号',
      qualificationExpiry: day(700),
      deviceLicenceNo: '苏宁食药监械经营许20190123号',
      deviceLicenceExpiry: day(700),
    });
    const drugCo = await supplier({
      name: '国药控股市分公司',
      taxId: '91320100MA1GY6K72L',
      kind: '4',
      bank: '中国银行市分行',
      bankAccount: '5123 6801 2345',
      contact: '韩经理',
      phone: '025-8477 3300',
      address: '市医药物流中心 1 号',
      qualificationExpiry: day(900),
      drugLicenceNo: '苏AA0250123',
      drugLicenceExpiry: day(900),
      deviceLicenceNo: '苏宁食药监械经营许20170456号',
      deviceLicenceExpiry: day(520),
    });
    const serviceCo = await supplier({
      name: '市医疗设备技术服务有限公司',
      taxId: '91320100MA1WB9D45A',
      kind: '2',
      bank: '交通银行市分行',
      bankAccount: '3200 6620 1018 0100 2233',
      contact: '冯工',
      phone: '025-8433 6600',
      address: '市高新区科创路 20 号',
      qualificationExpiry: day(330),
      remark: 'CT、DR 设备维保',
    });
    await supplier({
      name: '市检验试剂供应有限公司',
      taxId: '91320100MA1JY3X58D',
      kind: '4',
      bank: '中国建设银行市分行',
      bankAccount: '3205 0159 3600 0000 1234',
      contact: '蒋经理',
      phone: '025-8499 1010',
      address: '市医药园区 15 号',
      qualificationExpiry: day(400),
      // Its device licence has lapsed: the pickers mark it until the new licence is entered.
      deviceLicenceNo: '苏宁食药监械经营许20160789号',
      deviceLicenceExpiry: day(-15),
    });
    await supplier({
      name: '市信息技术设备有限公司',
      taxId: '91320100MA1XX4T26Y',
      kind: '1',
      bank: '招商银行市分行',
      bankAccount: '1259 0312 3410 101',
      contact: '沈经理',
      phone: '025-8411 2020',
      address: '市软件大道 100 号',
      qualificationExpiry: day(360),
    });
    await supplier({
      name: '市办公家具有限公司',
      taxId: '91320100MA1BG7H93C',
      kind: '1',
      bank: '中国农业银行市分行',
      bankAccount: '1011 0101 0400 5678 9',
      contact: '朱经理',
      phone: '025-8422 3030',
      address: '市家居产业园 6 号',
      qualificationExpiry: day(500),
    });
    await supplier({
      name: '市建筑工程有限公司',
      taxId: '91320100MA1JW2M14Q',
      kind: '3',
      bank: '中国邮政储蓄银行市分行',
      bankAccount: '9320 1001 0000 1234 56',
      contact: '许工',
      phone: '025-8444 5050',
      address: '市城建大厦 12 层',
      qualificationExpiry: day(640),
      remark: '建筑工程施工总承包三级资质',
    });

    const medical = async (
      title: string,
      clinic: string,
      budgetId: number,
      lines: Array<[string, string, string, string, number, number]>,
      more: object = {},
    ) =>
      (await buyer.call('POST', '/purchase/medical/save', {
        title,
        purchaseType: '1',
        clinicalDeptId: deptId(clinic),
        budgetId,
        method: '1',
        items: lines.map(([itemName, spec, unit, registrationNo, quantity, unitPrice]) => ({
          itemName,
          spec,
          unit,
          registrationNo,
          quantity,
          unitPrice: money(unitPrice),
        })),
        ...more,
      })) as { id: number; items: Array<{ id: number }> };

    // Monitors for 内科: approved by the dean, bought, accepted.
    const monitors = await medical('内科病房多参数监护仪', '内科', equipment, [
      ['多参数监护仪', '12.1英寸 六参数', '台', '国械注准20173211234', 2, 38_000],
    ]);
    await approve('medicalPurchase', '/purchase/medical', monitors.id);
    await buyer.call('POST', `/purchase/medical/procure?id=${monitors.id}`, {
      id: monitors.id,
      supplierId: deviceCo,
      procuredDate: day(-20),
      actualMoney: money(74_000),
    });
    await buyer.call('POST', `/purchase/medical/accept?id=${monitors.id}`, {
      id: monitors.id,
      acceptDate: day(-10),
      acceptNote: '设备科、内科共同验收，运行正常',
      items: monitors.items.map((l) => ({ id: l.id, acceptResult: '1', acceptedQuantity: 2 })),
    });
    // Consumables for 外科, in approval; reagents for 内科, a draft; drugs, bought.
    const consumables = await medical('外科手术室一次性耗材', '外科', materials, [
      ['一次性使用无菌注射器', '5ml 带针', '支', '国械注准20153140555', 10_000, 0.45],
      ['医用外科口罩', '17.5×9.5cm 50只/盒', '盒', '国械注准20192140101', 200, 18],
    ]);
    await buyer.call('POST', `/purchase/medical/submit?id=${consumables.id}&confirmed=1`, { id: consumables.id });
    await medical('检验科血液分析试剂', '内科', materials, [
      ['血细胞分析用试剂', '稀释液 20L', '桶', '国械注准20162400321', 12, 680],
    ]);
    const antibiotics = await medical('抗菌药物季度采购', '内科', drugs, [
      ['注射用头孢曲松钠', '1.0g/支', '盒', '国药准字H20003121', 300, 58],
      ['阿莫西林胶囊', '0.25g×24粒', '盒', '国药准字H13020880', 500, 12.5],
    ]);
    await approve('medicalPurchase', '/purchase/medical', antibiotics.id);
    await buyer.call('POST', `/purchase/medical/procure?id=${antibiotics.id}`, {
      id: antibiotics.id,
      supplierId: drugCo,
      procuredDate: day(-3),
      actualMoney: money(23_650),
    });

    // A maintenance contract for the imaging equipment, performing, its first quarter paid.
    const service = (await buyer.call('POST', '/contract/contract/save', {
      name: 'CT及DR设备年度维保服务合同',
      kind: '2',
      supplierId: serviceCo,
      amount: money(96_000),
      budgetId: equipment,
      startDate: day(-60),
      endDate: day(300),
      stampKind: 'processing',
      instalments: [
        [day(-30), 24_000],
        [day(60), 24_000],
        [day(150), 24_000],
        [day(240), 24_000],
      ].map(([planDate, amount]) => ({ planDate, amount: money(amount as number) })),
    })) as { id: number };
    await approve('contract', '/contract/contract', service.id);
    await buyer.call('POST', `/contract/contract/sign?id=${service.id}`, { id: service.id, signDate: day(-58) });
    const first = (await buyer.call('POST', '/contract/payment/save', {
      contractId: service.id,
      instalmentNo: 1,
      amount: money(24_000),
    })) as { id: number };
    await approve('contractPayment', '/contract/payment', first.id);

    // Assets and consumables (issue 17): the hospital's equipment and its stores.
    const [keeper, staff] = await Promise.all(['cityassets', 'citystaff'].map((u) => signInTo(app, 'city', year, u, PASSWORD)));
    await seedAssetsAndStock(
      { keeper, staff, approvers: [head, keeper, admin, dean] },
      {
        day,
        deptId,
        keeperDept: '设备科',
        staffDept: '内科',
        purchases: [
          {
            daysAgo: 360,
            supplier: '迈瑞医疗',
            lines: [
              ['A023201', '多参数监护仪', '12.1英寸 六参数', '台', 38000, 24, '内科', '住院部 内科病区', true],
              ['A023205', '电动病床', '三摇 带护栏', '张', 9800, 40, '外科', '住院部 外科病区', true],
            ],
          },
          {
            daysAgo: 240,
            supplier: '联影医疗',
            lines: [
              ['A023203', '数字化X射线摄影系统', 'DR 双板', '台', 1280000, 1, '医务科', '门诊楼 放射科', true],
              ['A023202', '彩色多普勒超声诊断仪', '台式 四探头', '台', 560000, 2, '医务科', '门诊楼 超声科', true],
            ],
          },
          {
            daysAgo: 150,
            supplier: '联想（北京）有限公司',
            lines: [
              ['A02010104', '台式计算机', 'i5/16G/512G SSD/23.8英寸', '台', 4999, 50, '信息科', '门诊楼 诊室', true],
              ['A02010104', '台式计算机', 'i5/16G/512G SSD/23.8英寸', '台', 4999, 12, '信息科', '信息科 库房', false],
            ],
          },
          {
            daysAgo: 70,
            supplier: '市办公家具有限公司',
            lines: [['A060105', '药品柜', '钢制 双开门', '个', 1600, 20, '内科', '住院部 护士站', true]],
          },
        ],
        warehouses: [
          ['YK01', '医用耗材库', '后勤楼 一层'],
          ['YK02', '门诊二级库', '门诊楼 负一层'],
        ],
        products: [
          ['YH-0001', '医用外科口罩', 'HC05', '17.5×9.5cm 50只/盒', 100, 18, '盒'],
          ['YH-0002', '一次性使用无菌注射器', 'HC05', '5ml 带针 100支/盒', 50, 45, '盒'],
          ['YH-0003', '医用检查手套', 'HC05', '乳胶 100只/盒', 60, 35, '盒'],
          ['YH-0004', 'A4复印纸', 'HC0101', '70g 500张/包', 40, 23, '包'],
          ['YH-0005', '消毒液', 'HC03', '含氯 2L', 20, 16, '瓶'],
          ['YH-0006', '硒鼓', 'HC02', 'HP 88A', 5, 320, '个'],
        ],
      },
    );

    // Seals and printing (issue 18): the administration office stamps and prints.
    await seedSealsAndPrinting(
      { staff, head, keeper: admin, approvers: [head, dean, admin] },
      {
        day,
        deptId,
        seals: [
          {
            by: 'staff',
            sealType: '1',
            documentName: '进修医师推荐函',
            sendTo: '省人民医院',
            copies: 1,
            reason: '推荐内科医师赴省人民医院进修',
            reach: 'stamped',
          },
          {
            by: 'head',
            sealType: '3',
            documentName: '监护仪维保服务合同',
            sendTo: '迈瑞医疗',
            copies: 2,
            reason: '设备维保合同签订',
            reach: 'approved',
          },
          {
            by: 'staff',
            sealType: '1',
            documentName: '义诊活动备案表',
            copies: 1,
            reason: '社区义诊活动备案',
            reach: 'submitted',
          },
        ],
        printJobs: [
          {
            by: 'staff',
            documentName: '住院患者健康教育手册',
            copies: 300,
            pages: 16,
            colour: '2',
            binding: '3',
            costDept: '内科',
            neededIn: 6,
            reach: 'submitted',
          },
          {
            by: 'head',
            documentName: '采购管理制度汇编',
            copies: 40,
            pages: 80,
            colour: '1',
            binding: '4',
            costDept: '采购中心',
            neededIn: -2,
            reach: 'done',
            actualCost: 520,
          },
        ],
      },
    );
    await seedDemoSalaries({
      site: 'city',
      year: today.getFullYear(),
      month: today.getMonth() + 1,
      admin,
      preparer: finance,
      payer: await signInTo(app, 'city', year, 'citycashier', PASSWORD),
      approvers: [finance, dean, admin],
      deptId: deptId('财务科'),
      code: 'H102',
      amount: 1_200_000,
    });
    // Official cars (issue 18): the hospital's cars, one a medical service vehicle, and their trips.
    const dispatcher = await signInTo(app, 'city', year, 'citydispatcher', PASSWORD);
    await seedCars(
      { dispatcher, staff, approvers: [head, finance, deputy, dean, dispatcher, admin] },
      {
        day,
        drivers: [
          ['孙师傅', '13900000001', 'A1', 800],
          ['周师傅', '13900000002', 'B1', 500],
          ['吴师傅', '13900000003', 'C1', 700],
        ],
        cars: [
          ['苏A·Y1201', '2', '丰田', '考斯特 4.0L', 20, '白色', 0, 1500, 150, 22, 88_300, '0'],
          ['苏A·Y1202', '4', '福特', '全顺 医疗服务车', 6, '白色', 1, 800, 15, 200, 41_900, '0'],
          ['苏A·Y1203', '1', '大众', '迈腾 2.0T', 5, '黑色', 2, 1900, 260, 120, 120_400, '0'],
        ],
        trips: [
          ['市卫健委', '参加全市医疗质量管理会议', '周建华、马医生'],
          ['县人民医院', '对口支援义诊', '马医生、护士长、检验科王医生'],
          ['市疾控中心', '送检标本', '马医生'],
          ['社区卫生服务中心', '家庭医生签约下乡', '马医生、全科张医生'],
          ['市血液中心', '取血', '马医生'],
        ],
      },
    );
    // Venues (issue 18): the hospital's lecture hall and meeting room, booked this week and next.
    await seedDemoVenues({ keeper, staff: [staff, head], approvers: [head, keeper, admin, dean] }, hospitalVenues(now), clock);
    // Leave (issue 34): a doctor's and the dispatcher's requests.
    await seedLeave({ staff, dispatcher }, [head, finance, dean, admin], {
      day,
      requests: [
        { by: 'staff', leaveType: 'annual', inDays: -28, span: 3, reason: '参加学术会议后休假', reach: 'approved' },
        { by: 'staff', leaveType: 'personal', inDays: 8, from: 2, span: 1, reason: '家中有事', reach: 'submitted' },
        { by: 'dispatcher', leaveType: 'sick', inDays: -9, from: 4, span: 2, reason: '腰伤复查', reach: 'approved' },
      ],
    });
    // The seed's people sign out: their sessions would stand among a newcomer's devices (安全设置).
    await sql`update sys_session set revoked_at = ${new Date(now)} where top_dept_id = ${site.id} and revoked_at is null`.execute(
      db,
    );
  } finally {
    await app.close();
  }
}
