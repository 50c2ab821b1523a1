// The demo organisation's budget year (DOMAIN.md "Demo organisations"): indicators across every
// state (one near 85 %, one at 98 %), replies, a year of spending month by month, adjustments in
// every approval status, a direct adjustment by finance, and beforehand applications in every state.
//
// Written through the product's own HTTP API, signed in as the people who would do it (admin,
// finance, the head of 教务处), on a clock that walks through the year: every rule, journal row,
// warning and approval step is the real one, stamped with the month it belongs to.
import type { FastifyInstance } from 'fastify';
import { addDays, DEFAULT_TIME_ZONE, siteNow } from '../platform/site-time.ts';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../app.ts';
import { ManualClock } from '../platform/clock.ts';
import { readConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import crypto from 'node:crypto';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedAssetsAndStock } from './demo-assets.ts';
import { seedSealsAndPrinting } from './demo-office.ts';
import { seedDemoSalaries } from './demo-salaries.ts';
import { seedCars } from './demo-cars.ts';
import { seedLeave } from './demo-leave.ts';
import { seedDemoBinding, seedDemoEmployeeFees } from './demo-fees.ts';
import { schoolVenues, seedDemoVenues } from './demo-venues.ts';
import { approveAll } from './approvals.ts';

interface Indicator {
  code: string;
  name: string;
  dept: string;
  type: '1' | '2' | '3';
  econ: string;
  amount: number;
  project?: string;
  major?: boolean;
  parent?: string;
  /** Spent by the end of the seed, as a share of the amount, spread over the months so far. */
  spent?: number;
  /** Share of what was spent that is paid too. */
  paid?: number;
}

const INDICATORS: Indicator[] = [
  { code: '101', name: '人员经费-基本工资', dept: '财务室', type: '1', econ: '30101', amount: 3_600_000, spent: 0.86, paid: 1 },
  { code: '201', name: '办公费', dept: '校长办公室', type: '2', econ: '30201', amount: 120_000, spent: 0.7, paid: 0.9 },
  { code: '202', name: '印刷费', dept: '教务处', type: '2', econ: '30202', amount: 60_000, spent: 0.52, paid: 1 },
  { code: '203', name: '差旅费', dept: '教务处', type: '2', econ: '30211', amount: 80_000, spent: 0.85, paid: 0.8 },
  { code: '204', name: '维修（护）费', dept: '总务处', type: '2', econ: '30213', amount: 300_000, spent: 0.98, paid: 0.9 },
  { code: '205', name: '培训费', dept: '教务处', type: '2', econ: '30216', amount: 150_000, spent: 0.28, paid: 1 },
  { code: '206', name: '公务接待费', dept: '党政办公室', type: '2', econ: '30217', amount: 20_000, spent: 0.49, paid: 1 },
  { code: '207', name: '公务用车运行维护费', dept: '总务处', type: '2', econ: '30231', amount: 50_000, spent: 0.66, paid: 1 },
  { code: '208', name: '学生活动经费', dept: '学生处', type: '2', econ: '30201', amount: 90_000, spent: 0.61, paid: 0.9 },
  {
    code: '301',
    name: '信息中心机房设备更新',
    dept: '信息中心',
    type: '3',
    econ: '31007',
    amount: 420_000,
    project: '机房设备更新',
    major: true,
    spent: 0.9,
    paid: 0.7,
  },
  {
    code: '302',
    name: '体育场馆改造',
    dept: '体艺处',
    type: '3',
    econ: '30213',
    amount: 800_000,
    project: '体育场馆改造工程',
    major: true,
    spent: 0.25,
    paid: 0.5,
  },
  {
    code: '303',
    name: '图书购置',
    dept: '图书馆',
    type: '3',
    econ: '31002',
    amount: 150_000,
    project: '图书购置',
    spent: 0.6,
    paid: 1,
  },
  { code: '300', name: '教学质量提升项目', dept: '教务处', type: '3', econ: '30201', amount: 0, project: '教学质量提升' },
  {
    code: '300-01',
    name: '教研活动',
    dept: '教务处',
    type: '3',
    econ: '30201',
    amount: 100_000,
    project: '教学质量提升',
    parent: '300',
    spent: 0.6,
    paid: 1,
  },
  {
    code: '300-02',
    name: '教师培训',
    dept: '教务处',
    type: '3',
    econ: '30216',
    amount: 120_000,
    project: '教学质量提升',
    parent: '300',
    spent: 0.25,
    paid: 1,
  },
];

type Answer = { code: string; msg: string; data: any };

/** How a school's spending spreads over the months. */
const SEASON = [0.6, 0.4, 1.2, 1.0, 1.1, 1.0, 0.5, 0.4, 1.4, 1.2, 1.1, 1.3];

export class Caller {
  constructor(
    private readonly app: FastifyInstance,
    private readonly token: string,
    private readonly year: string,
    private readonly site = 'demo',
  ) {}

  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<any> {
    const r = await this.app.inject({
      method,
      url: `/api${url}`,
      headers: { hostname: hostOf(this.site), token: this.token, year: this.year, 'accept-language': 'zh-CN' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const answer = r.json() as Answer;
    if (answer.code !== '0') throw new Error(`demo seed (${this.site}): ${method} ${url} → ${answer.code} ${answer.msg}`);
    return answer.data;
  }

  /** Uploads a file as the upload control does (multipart), answering the stored file's entry. */
  async upload(name: string, content: string, type = 'application/pdf'): Promise<{ name: string; url: string; uid: string }> {
    const boundary = `nk-seed-${crypto.randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    const r = await this.app.inject({
      method: 'POST',
      url: '/api/core/upload',
      headers: {
        hostname: hostOf(this.site),
        token: this.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    const answer = r.json() as Answer;
    if (answer.code !== '0') throw new Error(`demo seed (${this.site}): upload ${name} → ${answer.code} ${answer.msg}`);
    const file = answer.data as { uid: string; fileName?: string; name?: string; url: string };
    return { name: file.fileName ?? file.name ?? name, url: file.url, uid: file.uid };
  }
}

/** The host a site answers on (the default site on any other name). */
const hostOf = (site: string) => (site === 'demo' ? 'demo' : `${site}.localhost`);

/** Signs a demo user of a site in through the API, as the login page would. */
export async function signInTo(app: FastifyInstance, site: string, year: string, loginName: string, password: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { hostname: hostOf(site) },
    payload: { loginName, password },
  });
  const answer = r.json() as Answer;
  if (answer.code !== '0') throw new Error(`demo seed (${site}): sign-in of ${loginName} → ${answer.msg}`);
  return new Caller(app, answer.data.token as string, year, site);
}

/** Whole money as the API's decimal string. */
const money = (n: number) => n.toFixed(2);

/** `dataDir` is where the server keeps files: the demo's uploads (files to stamp) land there. */
export async function seedDemoBudgets(database: Database, now: number, dataDir = ''): Promise<void> {
  const started = Date.now();
  try {
    await seedYear(database, now, dataDir);
  } finally {
    if (process.env.NK_SEED_TIMING) console.log(`demo budget seed: ${Date.now() - started} ms`);
  }
}

async function seedYear(database: Database, now: number, dataDir: string): Promise<void> {
  const db = database.db as unknown as Kysely<any>;
  const site = (await sql<{ id: number }>`select id from sys_dept where top_dept_key = 'demo'`.execute(db)).rows[0];
  if (!site) return;
  const today = new Date(now);
  const year = String(today.getFullYear());
  const have = await sql`select 1 from nk_budget where top_dept_id = ${site.id} limit 1`.execute(db);
  if (have.rows.length) return;

  const clock = new ManualClock(Date.UTC(today.getFullYear(), 0, 6, 2));
  const config = { ...readConfig({}), dataDir, webRoot: null };
  const { app } = await buildApp({ config, database, secret: crypto.randomBytes(32).toString('hex'), clock, logLevel: 'silent' });
  try {
    const signIn = (loginName: string, password: string) => signInTo(app, 'demo', year, loginName, password);
    /** Moves the clock to a day of the year; sessions last 12 hours, so people sign in again when needed. */
    const on = async (month: number, day: number) => {
      clock.set(Math.min(now, Date.UTC(today.getFullYear(), month - 1, day, 2)));
      const sessions = new Map<string, Promise<Caller>>();
      const as = (loginName: string, password: string) => {
        if (!sessions.has(loginName)) sessions.set(loginName, signIn(loginName, password));
        return {
          call: async (method: 'GET' | 'POST', url: string, body?: unknown) =>
            (await sessions.get(loginName)!).call(method, url, body),
          upload: async (name: string, content: string) => (await sessions.get(loginName)!).upload(name, content),
        };
      };
      return {
        admin: as('admin', 'Admin@12345'),
        finance: as('finance', 'Demo@12345'),
        head: as('head', 'Demo@12345'),
        staff: as('staff', 'Demo@12345'),
        cashier: as('cashier', 'Demo@12345'),
        buyer: as('buyer', 'Demo@12345'),
        assets: as('assets', 'Demo@12345'),
        principal: as('principal', 'Demo@12345'),
        deputy: as('deputy', 'Demo@12345'),
        secretary: as('secretary', 'Demo@12345'),
        sealKeeper: as('sealkeeper', 'Demo@12345'),
        dispatcher: as('dispatcher', 'Demo@12345'),
      };
    };

    // January: the indicators, as the bureau's reply sets them.
    let who = await on(1, 6);
    const depts = (await who.admin.call('GET', '/core/dept/list')) as Array<{ id: number; deptName: string }>;
    const deptId = (name: string) => depts.find((d) => d.deptName === name)!.id;
    const ids = new Map<string, number>();
    for (const [i, ind] of INDICATORS.entries()) {
      const saved = await who.admin.call('POST', '/neikong/budget/save', {
        limitCode: `${year}-${ind.code}`,
        budgetName: ind.name,
        deptId: deptId(ind.dept),
        expenseType: ind.type,
        economicClass: ind.econ,
        fundSource: '1',
        financialAccountName: ind.type === '1' ? '工资福利支出' : ind.type === '2' ? '商品和服务支出' : '项目支出',
        projectName: ind.project ?? null,
        majorFlag: ind.major ? '1' : '0',
        parentId: ind.parent ? ids.get(ind.parent)! : 0,
        originalAmount: money(ind.amount),
        sortNo: i + 1,
      });
      ids.set(ind.code, Number(saved.id));
    }
    const idOf = (code: string) => ids.get(code)!;
    // A supplementary reply in March raises the library's indicator, and a new one creates an indicator.
    who = await on(3, 12);
    await who.finance.call('POST', '/neikong/budgetReply/save', {
      replyNo: `示教财〔${year}〕12号`,
      replyDate: `${year}-03-12`,
      limitCode: `${year}-303`,
      budgetName: '图书购置',
      deptId: deptId('图书馆'),
      expenseType: '3',
      economicClass: '31002',
      fundSource: '1',
      projectName: '图书购置',
      amount: money(50_000),
      remark: '追加年度图书购置经费',
    });
    await who.finance.call('POST', '/neikong/budgetReply/save', {
      replyNo: `示教财〔${year}〕15号`,
      replyDate: `${year}-03-20`,
      limitCode: `${year}-304`,
      budgetName: '校园安全设施',
      deptId: deptId('总务处'),
      expenseType: '3',
      economicClass: '30213',
      fundSource: '1',
      projectName: '校园安全设施改造',
      amount: money(180_000),
      remark: '新增校园安全设施项目',
    });
    // The reply created 304: the documents below spend it too.
    for (const b of (await who.finance.call('GET', `/neikong/budget/list?limitCode=${year}-304`)) as Array<{
      id: number;
      limitCode: string;
    }>)
      if (b.limitCode === `${year}-304`) ids.set('304', Number(b.id));
    const extra = new Map([['303', 50_000]]);

    // Spending month by month up to this month: each indicator's share, evenly, finance records it.
    const months = today.getMonth() + 1;
    for (let m = 1; m <= months; m++) {
      who = await on(m, m === months ? Math.min(today.getDate(), 20) : 20);
      for (const ind of INDICATORS) {
        if (!ind.spent) continue;
        const total = Math.round((ind.amount + (extra.get(ind.code) ?? 0)) * ind.spent);
        // A school's year: quiet in the winter and summer holidays, busy at the start of each term.
        const weight = (k: number) => SEASON[k - 1]!;
        const weights = Array.from({ length: months }, (_, k) => weight(k + 1)).reduce((a, b) => a + b, 0);
        const before = Array.from({ length: m - 1 }, (_, k) => Math.floor((total * weight(k + 1)) / weights)).reduce(
          (a, b) => a + b,
          0,
        );
        const amount = m === months ? total - before : Math.floor((total * weight(m)) / weights);
        if (amount <= 0) continue;
        // The earlier months' share is paid; the latest ones wait for the cashier.
        await who.finance.call('POST', '/neikong/budgetSubtractDetails/save', {
          budgetId: idOf(ind.code),
          amount: money(amount),
          note: `${m}月${ind.name}报销`,
          paid: m <= Math.round(months * (ind.paid ?? 0)),
        });
      }
    }

    // Adjustments in every approval status, filed by the head of 教务处 in the autumn.
    who = await on(Math.max(1, months - 1), 8);
    const apply = (title: string, adjustKind: string, details: Array<[string, number]>, reason: string, more: object = {}) => {
      const total = details.reduce((s, [, a]) => s + (adjustKind === '2' ? -a : Math.max(a, 0)), 0);
      return who.head.call('POST', '/neikong/budgetAdjustApply/save', {
        title,
        adjustKind,
        money: money(total),
        reason,
        details: details.map(([code, amount]) => ({ budgetId: idOf(code), amount: money(amount) })),
        ...more,
      });
    };
    const submit = (doc: { id: number }) =>
      who.head.call('POST', `/neikong/budgetAdjustApply/submit?id=${doc.id}`, { id: doc.id });

    await apply('教辅资料印刷追加', '1', [['202', 10_000]], '新增高三复习资料印刷，申请追加印刷费。');
    const approved = await apply('教师暑期培训追加', '1', [['205', 30_000]], '暑期全员培训人数增加，申请追加培训费。');
    await submit(approved);
    const rejected = await apply('印刷费追减', '2', [['202', -8_000]], '部分印刷改为电子版，追减印刷费。');
    await submit(rejected);
    const withdrawn = await apply('教研活动经费追加', '1', [['300-01', 20_000]], '增加区级教研活动承办经费。');
    await submit(withdrawn);
    await who.head.call('POST', `/neikong/budgetAdjustApply/withdraw?id=${withdrawn.id}`, { id: withdrawn.id });
    const cancelled = await apply(
      '教师培训调剂至教研活动',
      '3',
      [
        ['300-02', -10_000],
        ['300-01', 10_000],
      ],
      '培训改为线上，结余调剂至教研活动。',
    );
    await submit(cancelled);
    const pending = await apply(
      '差旅费调剂至培训费',
      '3',
      [
        ['203', -5_000],
        ['205', 5_000],
      ],
      '外出学习改为校内培训，差旅费结余调剂至培训费。',
    );

    who = await on(Math.max(1, months - 1), 9);
    await who.finance.call('POST', '/neikong/budgetAdjustApply/audit', { id: approved.id, decision: 'approve', comment: '同意' });
    await who.finance.call('POST', '/neikong/budgetAdjustApply/audit', {
      id: rejected.id,
      decision: 'reject',
      comment: '印刷任务尚未确定，暂不追减',
    });
    await who.head.call('POST', '/neikong/budgetAdjustApply/cancel', { id: cancelled.id, comment: '培训方式未定，作废' });
    await who.head.call('POST', `/neikong/budgetAdjustApply/submit?id=${pending.id}`, { id: pending.id });

    // The major project's increase, with its meeting record (三重一大), filed and approved by administrators.
    const meeting = (
      await sql<{ id: number }>`select id from biz_meeting_record where top_dept_id = ${site.id}
      and record_no = 'HY-2026-007'`.execute(db)
    ).rows[0];
    const major = await who.admin.call('POST', '/neikong/budgetAdjustApply/save', {
      title: '机房设备更新追加',
      adjustKind: '1',
      money: money(120_000),
      reason: '机房核心交换机及存储扩容，经校长办公会研究同意追加。',
      details: [{ budgetId: idOf('301'), amount: money(120_000) }],
      ...(meeting ? { meetingRecordId: meeting.id } : {}),
    });
    await who.admin.call('POST', `/neikong/budgetAdjustApply/submit?id=${major.id}`, { id: major.id });
    await who.finance.call('POST', '/neikong/budgetAdjustApply/audit', {
      id: major.id,
      decision: 'approve',
      comment: '同意，按会议纪要执行',
    });

    // Next year's plan: the head's items, one with finance already, one still a draft.
    const nextYear = String(today.getFullYear() + 1);
    const plan = await who.head.call('POST', '/neikong/budgetPlan/save', {
      planYear: nextYear,
      planName: `${nextYear}年教研活动经费`,
      expenseType: '3',
      economicClass: '30201',
      projectName: '教学质量提升',
      amount: money(110_000),
      basis: '区级教研活动4次×1.5万元，校本教研12次×0.4万元，专家讲座10次×0.32万元。',
    });
    await who.head.call('POST', `/neikong/budgetPlan/submit?id=${plan.id}`, { id: plan.id });
    await who.head.call('POST', '/neikong/budgetPlan/save', {
      planYear: nextYear,
      planName: `${nextYear}年教辅资料印刷`,
      expenseType: '2',
      economicClass: '30202',
      amount: money(55_000),
      basis: '高一至高三教辅资料约2200册，按单价25元测算。',
    });

    // Beforehand applications (事前申请) of 教务处 in every state, this month: the freezes are the
    // indicators' own, through the same approval and effects as any application.
    who = await on(months, Math.min(today.getDate(), 10));
    const application = async (
      by: 'staff' | 'head',
      kind: string,
      title: string,
      code: string,
      amount: number,
      more: object = {},
    ) =>
      (await who[by].call('POST', '/expense/beforehand/save', {
        kind,
        title,
        budgetId: idOf(code),
        money: money(amount),
        ...more,
      })) as { id: number };
    const submitApplication = (by: 'staff' | 'head', doc: { id: number }) =>
      who[by].call('POST', `/expense/beforehand/submit?id=${doc.id}&confirmed=1`, { id: doc.id });
    const decide = async (
      entity: string,
      by: 'head' | 'finance',
      doc: { id: number },
      decision: 'approve' | 'reject',
      comment: string,
    ) => {
      const tasks = (await who[by].call('GET', '/workflow/task/page?scope=todo&pageSize=100')) as {
        records: Array<{ id: number; entity: string; businessKey: number }>;
      };
      const task = tasks.records.find((t) => t.entity === entity && Number(t.businessKey) === doc.id);
      if (!task) throw new Error(`demo budget seed: ${by} has no task of ${entity} ${doc.id}`);
      await who[by].call('POST', `/workflow/task/${decision}`, { taskId: task.id, comment });
    };
    const decideApplication = (by: 'head' | 'finance', doc: { id: number }, decision: 'approve' | 'reject', comment: string) =>
      decide('beforehand', by, doc, decision, comment);
    // After finance: the deputy in charge, and the principal when the amount reaches the site's
    // approval.headThreshold (DOMAIN.md "Default approval chain"; the process says which).
    const onwards = (entity: string, doc: { id: number }) => approveAll([who.deputy, who.principal], entity, doc.id);
    await application('staff', '1', '教研组资料打印', '202', 300, { reason: '教研组活动资料打印。' });
    const printing = await application('staff', '1', '高二期中试卷印刷', '202', 2_400, { reason: '高二年级期中考试试卷印刷。' });
    await submitApplication('staff', printing);
    const training = await application('staff', '4', '骨干教师跟岗培训', '205', 3_600, { days: 5, people: 4 });
    await submitApplication('staff', training);
    await decideApplication('head', training, 'approve', '同意');
    await decideApplication('finance', training, 'approve', '同意，按培训标准执行');
    await onwards('beforehand', training);
    const visit = await application('staff', '2', '赴上海外出听课', '205', 800, {
      cities: '上海',
      travellers: '林小雨',
      days: 2,
      travelRank: '3',
    });
    await submitApplication('staff', visit);
    await decideApplication('head', visit, 'reject', '本学期外出名额已满，下学期再安排');
    const seminar = await application('staff', '3', '区级教研活动会务', '205', 1_500, { meetingClass: '4', people: 60, days: 1 });
    await submitApplication('staff', seminar);
    await decideApplication('head', seminar, 'approve', '同意');
    await decideApplication('finance', seminar, 'approve', '同意');
    await onwards('beforehand', seminar);
    await who.staff.call('POST', `/expense/beforehand/close?id=${seminar.id}`, { id: seminar.id });
    const withdrawnApplication = await application('staff', '1', '教室多媒体维修', '202', 600);
    await submitApplication('staff', withdrawnApplication);
    await who.staff.call('POST', `/expense/beforehand/withdraw?id=${withdrawnApplication.id}`, { id: withdrawnApplication.id });

    // Reimbursements (报销) of 教务处: the training paid against its application (drawn from its
    // freeze) in one payment batch with its bus fares, a printing bill in approval, a draft, and
    // one sent back for a missing invoice.
    let invoiceNo = 0;
    // This month as the documents write it, and the day the cashier pays on.
    const mm = String(months).padStart(2, '0');
    const payDay = `${year}-${mm}-${String(Math.min(today.getDate(), 10)).padStart(2, '0')}`;
    // Fully digital invoices (数电票): 20 digits — the year's last two, 11 for Beijing, the issuing
    // channel, a sequence — and no code (validators/invoice.ts).
    const invoice = (amount: number, seller: string, day: number) => ({
      invoiceNo: `${String(year).slice(-2)}112${mm}0000000${String(++invoiceNo).padStart(6, '0')}`,
      invoiceDate: `${year}-${mm}-${String(day).padStart(2, '0')}`,
      amount: money(amount),
      sellerTaxId: '91110108MA01ABCD2X',
      sellerName: seller,
    });
    const reimbursement = async (
      title: string,
      code: string,
      items: Array<[string, string, number]>,
      invoices: Array<ReturnType<typeof invoice>>,
      more: object = {},
    ) =>
      (await who.staff.call('POST', '/expense/funds/save', {
        title,
        budgetId: idOf(code),
        payee: '林小雨',
        payeeAccount: '6222 0202 0000 1234 567',
        payeeBank: '中国工商银行示范区支行',
        items: items.map(([economicClass, summary, amount]) => ({ economicClass, summary, amount: money(amount) })),
        invoices,
        ...more,
      })) as { id: number };
    const submitReimbursement = (doc: { id: number }) =>
      who.staff.call('POST', `/expense/funds/submit?id=${doc.id}&confirmed=1`, { id: doc.id });
    const trainingClaim = await reimbursement(
      '骨干教师跟岗培训费用报销',
      '205',
      [
        ['30216', '跟岗培训费 4人×5天', 2_200],
        ['30216', '培训资料费', 380],
        ['30216', '培训期间住宿费', 700],
      ],
      [invoice(2_200, '市教师发展中心', 3), invoice(380, '新华书店示范区店', 3), invoice(700, '市教育宾馆', 4)],
      { beforehandId: training.id },
    );
    await submitReimbursement(trainingClaim);
    await decide('reimburse', 'head', trainingClaim, 'approve', '同意');
    await decide('reimburse', 'finance', trainingClaim, 'approve', '票据齐全，同意报销');
    await onwards('reimburse', trainingClaim);
    // A second claim approved beside it, and the cashier pays both in one batch, one voucher.
    const busClaim = await reimbursement(
      '跟岗培训往返交通费',
      '205',
      [['30216', '赴跟岗学校往返公交、地铁 4人×5天', 64]],
      [invoice(64, '示范区公共交通集团', 5)],
    );
    await submitReimbursement(busClaim);
    await decide('reimburse', 'head', busClaim, 'approve', '同意');
    await decide('reimburse', 'finance', busClaim, 'approve', '同意');
    await onwards('reimburse', busClaim);
    await who.cashier.call('POST', '/expense/funds/pay', {
      ids: [trainingClaim.id, busClaim.id],
      payMethod: '1',
      paidDate: payDay,
      voucherNo: `记-${mm}-018`,
    });
    const printingClaim = await reimbursement(
      '教研组资料印刷费',
      '202',
      [['30202', '教研组活动资料印刷', 286]],
      [invoice(286, '示范区文印中心', 6)],
    );
    await submitReimbursement(printingClaim);
    await reimbursement('教研资料复印装订', '202', [['30202', '复印、胶装 12 册', 158.5]], [invoice(158.5, '示范区文印中心', 8)]);
    const sentBack = await reimbursement(
      '市内交通费',
      '203',
      [['30211', '赴区教育局送材料 出租车', 96]],
      [invoice(96, '示范区出租汽车公司', 7)],
    );
    await submitReimbursement(sentBack);
    await decide('reimburse', 'head', sentBack, 'reject', '请补充行程说明');

    // Loans (借款): an advance for the summer study trip, paid out and not yet written off, and a draft.
    const study = await application('staff', '2', '暑期骨干教师外出学习', '205', 5_000, {
      cities: '杭州',
      travellers: '林小雨等3人',
      days: 4,
      travelRank: '3',
    });
    await submitApplication('staff', study);
    await decideApplication('head', study, 'approve', '同意');
    await decideApplication('finance', study, 'approve', '同意');
    await onwards('beforehand', study);
    const advance = (await who.staff.call('POST', '/expense/loan/save', {
      title: '暑期外出学习差旅借款',
      beforehandId: study.id,
      amount: money(3_000),
      payee: '林小雨',
      payeeAccount: '6222 0202 0000 1234 567',
      payeeBank: '中国工商银行示范区支行',
    })) as { id: number };
    await who.staff.call('POST', `/expense/loan/submit?id=${advance.id}`, { id: advance.id });
    await decide('loan', 'head', advance, 'approve', '同意');
    await decide('loan', 'finance', advance, 'approve', '同意借支');
    await onwards('loan', advance);
    await who.cashier.call('POST', `/expense/loan/pay?id=${advance.id}`, {
      id: advance.id,
      payMethod: '1',
      paidDate: payDay,
      voucherNo: `记-${mm}-021`,
    });
    await who.staff.call('POST', '/expense/loan/save', { title: '教研活动备用金', amount: money(500) });
    // And one waiting for the department head (issue 34), against an approved seminar trip.
    const seminarTrip = await application('staff', '2', '赴杭州参加学科教研研讨会', '205', 2_000, {
      cities: '杭州',
      travellers: '林小雨',
      days: 2,
      travelRank: '3',
    });
    await submitApplication('staff', seminarTrip);
    await decideApplication('head', seminarTrip, 'approve', '同意');
    await decideApplication('finance', seminarTrip, 'approve', '同意');
    await onwards('beforehand', seminarTrip);
    const tripAdvance = (await who.staff.call('POST', '/expense/loan/save', {
      title: '教研研讨会差旅借款',
      beforehandId: seminarTrip.id,
      amount: money(1_500),
      payee: '林小雨',
      payeeAccount: '6222 0202 0000 1234 567',
      payeeBank: '中国工商银行示范区支行',
    })) as { id: number };
    await who.staff.call('POST', `/expense/loan/submit?id=${tripAdvance.id}&confirmed=1`, { id: tripAdvance.id });

    // Cost control (成本控制): finance's ceilings on the 三公 classes and on travel.
    for (const [dept, economicClass, ceiling, remark] of [
      ['党政办公室', '30217', 15_000, '公务接待费压减 20%'],
      ['总务处', '30231', 40_000, '公务用车运行维护费控制数'],
      ['教务处', '30211', 75_000, '差旅费控制数'],
    ] as const) {
      await who.finance.call('POST', '/expense/costControl/save', {
        deptId: deptId(dept),
        economicClass,
        ceiling: money(ceiling),
        remark,
      });
    }

    // Finance lowers the reception budget directly (三公经费压减).
    await who.finance.call('POST', '/neikong/budgetAdjust/save', {
      budgetId: idOf('206'),
      amount: money(-2_000),
      reason: '按上级要求压减三公经费',
    });

    // Purchases and contracts (issue 16), this month.
    const day = (offset: number) => addDays(siteNow(now, DEFAULT_TIME_ZONE).day, offset);
    await seedDemoContracts({ who, idOf, day, year: today.getFullYear() });

    // Assets and consumables (issue 17): a year of purchases as cards, its depreciation, stock.
    who = await on(today.getMonth() + 1, today.getDate());
    await seedAssetsAndStock(
      { keeper: who.assets, staff: who.staff, approvers: [who.head, who.assets, who.admin, who.principal] },
      {
        day,
        deptId,
        keeperDept: '总务处',
        staffDept: '教务处',
        purchases: [
          {
            daysAgo: 365,
            supplier: '联想（北京）有限公司',
            lines: [
              ['A02010104', '台式计算机', 'i5/16G/512G SSD/23.8英寸', '台', 4999, 60, '信息中心', '实验楼 计算机教室一', true],
              ['A02010104', '台式计算机', 'i5/16G/512G SSD/23.8英寸', '台', 4999, 40, '信息中心', '实验楼 计算机教室二', false],
              ['A02010103', '服务器', '2U 双路 64G', '台', 38600, 2, '信息中心', '行政楼 机房', true],
            ],
          },
          {
            daysAgo: 280,
            supplier: '市办公家具有限公司',
            lines: [
              ['A060104', '学生课桌椅', '单人 可升降', '套', 1180, 60, '教务处', '教学楼 高一年级', true],
              ['A060105', '文件柜', '钢制 五节', '个', 1350, 12, '党政办公室', '行政楼 二层', true],
            ],
          },
          {
            daysAgo: 200,
            supplier: '市电子科技有限公司',
            lines: [
              ['A02021100', '投影仪', '5000流明 1080P', '台', 8600, 15, '教务处', '教学楼 各教室', true],
              ['A02021001', '激光打印机', 'A4 黑白 双面 网络', '台', 2100, 20, '总务处', '行政楼 各办公室', false],
              ['A02010105', '便携式计算机', 'i7/16G/1T SSD/14英寸', '台', 6800, 30, '教务处', '教师办公室', true],
            ],
          },
          {
            daysAgo: 120,
            supplier: '市制冷设备有限公司',
            lines: [['A020618', '空调机', '3匹 柜式 变频', '台', 7600, 25, '总务处', '教学楼 各教室', true]],
          },
          {
            daysAgo: 60,
            supplier: '新华书店示范区分店',
            lines: [
              ['A0501', '图书', '中小学图书馆配书（每套 50 册）', '套', 1200, 40, '图书馆', '图书馆 书库', true],
              ['A060103', '阅览桌', '六人位 实木', '张', 2600, 10, '图书馆', '图书馆 阅览室', true],
            ],
          },
        ],
        warehouses: [
          ['CK01', '总务处主仓库', '行政楼 负一层'],
          ['CK02', '教学楼分仓库', '教学楼 一层'],
        ],
        products: [
          ['HC-0001', 'A4复印纸', 'HC0101', '70g 500张/包', 40, 23, '包'],
          ['HC-0002', '中性笔', 'HC0102', '0.5mm 黑色', 100, 1.5, '支'],
          ['HC-0003', '笔记本', 'HC0101', 'B5 60页', 50, 4, '本'],
          ['HC-0004', '硒鼓', 'HC02', 'HP 88A', 5, 320, '个'],
          ['HC-0005', '墨盒', 'HC02', 'Canon 黑色', 5, 180, '个'],
          ['HC-0006', '粉笔', 'HC04', '无尘 白色 50支/盒', 30, 6, '盒'],
          ['HC-0007', '白板笔', 'HC04', '黑色 可擦', 40, 3.5, '支'],
          ['HC-0008', '消毒液', 'HC03', '84消毒液 2L', 10, 16, '瓶'],
        ],
      },
    );

    // Seals and printing (issue 18): requests in every state, stamped files kept.
    await seedSealsAndPrinting(
      {
        staff: who.staff,
        head: who.head,
        keeper: who.sealKeeper,
        approvers: [who.head, who.principal, who.sealKeeper, who.admin],
      },
      {
        day,
        deptId,
        seals: [
          {
            by: 'staff',
            sealType: '1',
            documentName: '关于申报市级教研课题的请示',
            sendTo: '示范区教育局',
            copies: 2,
            reason: '课题申报材料报送区教育局',
            reach: 'stamped',
          },
          {
            by: 'staff',
            sealType: '3',
            documentName: '高一年级教辅资料采购合同',
            sendTo: '新华书店示范区分店',
            copies: 3,
            reason: '合同签订用印',
            reach: 'approved',
          },
          {
            by: 'head',
            sealType: '5',
            documentName: '法定代表人身份证明书',
            sendTo: '区市场监督管理局',
            copies: 1,
            reason: '赴区市场监管局办理事业单位法人年度报告',
            takeOut: true,
            reach: 'takenOut',
          },
          {
            by: 'head',
            sealType: '1',
            documentName: '教师资格定期注册材料',
            sendTo: '区教师发展中心',
            copies: 1,
            reason: '外出办理教师资格注册',
            takeOut: true,
            reach: 'returned',
          },
          {
            by: 'staff',
            sealType: '1',
            documentName: '学生社会实践证明',
            copies: 45,
            reason: '高二学生寒假社会实践证明',
            reach: 'submitted',
          },
          { by: 'staff', sealType: '4', documentName: '校外培训费用结算单', copies: 2, reason: '培训费结算', reach: 'draft' },
        ],
        printJobs: [
          {
            by: 'staff',
            documentName: '高一期中考试数学试卷',
            copies: 420,
            pages: 4,
            colour: '1',
            binding: '1',
            paperSize: 'A3',
            costDept: '教务处',
            neededIn: -3,
            reach: 'done',
            actualCost: 420,
          },
          {
            by: 'staff',
            documentName: '校园文化宣传册',
            copies: 200,
            pages: 24,
            colour: '2',
            binding: '2',
            costDept: '党政办公室',
            neededIn: 10,
            reach: 'submitted',
          },
          {
            by: 'head',
            documentName: '教研组工作手册',
            copies: 50,
            pages: 60,
            colour: '1',
            binding: '4',
            costDept: '教务处',
            neededIn: 5,
            reach: 'approved',
          },
          {
            by: 'staff',
            documentName: '家长会通知',
            copies: 900,
            pages: 1,
            colour: '1',
            binding: '0',
            costDept: '学生处',
            neededIn: 7,
            reach: 'draft',
          },
        ],
      },
    );
    await seedDemoSalaries({
      site: 'demo',
      year: today.getFullYear(),
      month: today.getMonth() + 1,
      admin: who.admin,
      preparer: who.finance,
      payer: who.cashier,
      approvers: [who.finance, who.principal, who.secretary, who.admin],
      deptId: deptId('财务室'),
      code: '102',
      amount: 2_600_000,
      submit: true,
    });
    // Official cars (issue 18): cars, drivers, requests in every state, their expenses on 207.
    await seedCars(
      {
        dispatcher: who.dispatcher,
        staff: who.staff,
        approvers: [who.head, who.assets, who.finance, who.deputy, who.principal, who.dispatcher, who.admin],
      },
      {
        day,
        drivers: [
          ['王师傅', '13800000001', 'A1', 900],
          ['李师傅', '13800000002', 'B1', 600],
          ['张师傅', '13800000003', 'C1', 420],
          ['赵师傅', '13800000004', 'C1', 25],
        ],
        cars: [
          ['京A·D1234', '1', '红旗', 'H5 1.8T', 5, '黑色', 0, 1400, 20, 160, 48_200, '0'],
          ['京A·D2345', '2', '别克', 'GL8 2.0T', 7, '银色', 1, 1100, 210, 12, 63_450, '0'],
          ['京A·D3456', '3', '宇通', 'ZK6729 校车', 29, '黄色', 1, 900, 180, 240, 31_800, '0'],
          ['京A·D4567', '1', '大众', '帕萨特 2.0T', 5, '白色', 2, 2600, 95, 300, 152_600, '2'],
          ['京A·D5678', '1', '比亚迪', '秦 PLUS EV', 5, '蓝色', 3, 300, 280, 330, 9_700, '0'],
        ],
        trips: [
          ['区教育局', '参加全区教学工作会议', '刘明、林小雨'],
          ['市体育中心', '带队参加市中学生田径运动会', '黄磊、林小雨、陈老师'],
          ['示范区第二中学', '联合教研活动', '林小雨、王老师'],
          ['市教育考试院', '领取期末考试试卷', '林小雨'],
          ['区青少年活动中心', '学生社会实践活动踩点', '黄磊、林小雨'],
          ['市图书馆', '接洽图书捐赠事宜', '林小雨'],
          ['区财政局', '报送年度预算材料', '林小雨'],
        ],
      },
    );
    // Leave (issue 34): every role files it; drafts, in approval, approved and rejected, within balances.
    await seedLeave(
      { staff: who.staff, head: who.head, cashier: who.cashier, sealKeeper: who.sealKeeper, dispatcher: who.dispatcher },
      [who.head, who.finance, who.secretary, who.principal, who.admin],
      {
        day,
        requests: [
          { by: 'staff', leaveType: 'annual', inDays: -35, span: 2, reason: '回老家探望父母', reach: 'approved' },
          { by: 'staff', leaveType: 'sick', inDays: -21, from: 3, span: 1, reason: '感冒发烧就医', reach: 'approved' },
          { by: 'staff', leaveType: 'personal', inDays: 9, from: 5, span: 1, reason: '办理房屋过户手续', reach: 'submitted' },
          { by: 'staff', leaveType: 'annual', inDays: 24, span: 2, reason: '陪孩子参加夏令营', reach: 'draft' },
          { by: 'head', leaveType: 'annual', inDays: 14, span: 3, reason: '外出旅游', reach: 'submitted' },
          { by: 'cashier', leaveType: 'personal', inDays: -12, from: 2, span: 1, reason: '子女家长会', reach: 'approved' },
          { by: 'sealKeeper', leaveType: 'annual', inDays: 6, span: 2, reason: '探亲', reach: 'rejected' },
          {
            by: 'dispatcher',
            leaveType: 'personal',
            inDays: 3,
            from: 4,
            span: 1,
            reason: '车辆年检陪同家人体检',
            reach: 'submitted',
          },
        ],
      },
    );
    // Employee and labour fees (issue 34): paid, in approval and draft, on the training indicator;
    // and the clerk's bound phone and email (账户绑定).
    await seedDemoEmployeeFees({
      applicant: who.staff,
      approvers: [who.head, who.finance, who.deputy, who.principal, who.admin],
      payer: who.cashier,
      budgetId: idOf('205'),
      day,
    });
    await seedDemoBinding(who.staff, { phone: '13800138001', email: 'linxiaoyu@demo-school.cn' });
    // Venues (issue 18): the school's halls and rooms, booked this week and next in every state.
    await seedDemoVenues(
      { keeper: who.assets, staff: [who.staff, who.head], approvers: [who.head, who.assets, who.admin, who.principal] },
      schoolVenues(now),
      clock,
    );
    // The seed's people sign out: their sessions would stand among a newcomer's devices (安全设置).
    await sql`update sys_session set revoked_at = ${new Date(now)} where top_dept_id = ${site.id} and revoked_at is null`.execute(
      db,
    );
  } finally {
    await app.close();
  }
}
