// Approval chains (issue 33; DOMAIN.md "Default approval chain", docs/decisions.md "Approval
// chains"): the default processes ask the department head, the owning department where relevant,
// finance, the deputy in charge, and the head from the site's threshold (setting
// approval.headThreshold, default 5,000) — a setting finance changes on the approval-rules screen,
// read by the next document submitted, on that site only. Each step says why it is there, in the
// reader's language. A countersign step needs every one of its candidates; a copied user is told,
// reads the document and cannot decide it; the duties still hold.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2039'; // a year the demo seed leaves empty: figures here are this file's own
const LANGS = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'principal', 'deputy', 'deputy2', 'assets', 'buyer', 'auditor', 'teacher'])
    tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
  // This file is about approval chains, not balances (tests/api/leave.test.ts): annual leave without a limit.
  const annual = ok(await server.get('/api/leave/entitlement/page?leaveType=annual', as('admin'))).records[0];
  ok(await server.post('/api/leave/entitlement/update', { id: annual.id, version: annual.version, rule: 'none' }, as('admin')));
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
  headers: { year: YEAR },
});
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const db = () => server.database.db as unknown as Kysely<any>;
const userId = async (login: string) =>
  Number(
    (
      await sql<{ id: number }>`select u.id from sys_user u join sys_dept d on d.id = u.top_dept_id
        where u.login_name = ${login} and d.top_dept_key = 'demo'`.execute(db())
    ).rows[0]!.id,
  );

let n = 0;
async function indicator(deptName: string, economicClass: string, amount = '1000000.00'): Promise<number> {
  const limitCode = `AC-${++n}`;
  return Number(
    ok(
      await server.post(
        '/api/neikong/budget/save',
        {
          limitCode,
          budgetName: `审批链${limitCode}`,
          deptId: dept[deptName],
          expenseType: economicClass.startsWith('310') ? '3' : '2',
          economicClass,
          fundSource: '1',
          ...(economicClass.startsWith('310') ? { projectName: '设备购置' } : {}),
          originalAmount: amount,
        },
        as('admin'),
      ),
    ).id,
  );
}

const todo = async (who: string) =>
  ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
const taskOf = async (entity: string, id: number, who: string) =>
  (await todo(who)).find((t) => t.entity === entity && t.businessKey === id);
async function decide(entity: string, id: number, who: string, decision: 'approve' | 'reject' = 'approve') {
  server.clock.advance(60_000);
  const task = await taskOf(entity, id, who);
  expect(task, `${who} should have a task of ${entity} ${id}`).toBeTruthy();
  return ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment: `${who} 意见` }, as(who)));
}
const business = (entity: string, id: number, who: string, lang = 'zh-CN') =>
  server.get(`/api/workflow/instance/business?entity=${entity}&id=${id}`, as(who, lang));
const openSteps = async (entity: string, id: number) =>
  (
    await sql<{
      element_id: string;
      candidate_ids: number[];
    }>`select element_id, candidate_ids from wf_task where entity = ${entity} and business_key = ${id} and status = '0' order by id`.execute(
      db(),
    )
  ).rows;

// Claims (报销) -----------------------------------------------------------------------------------

let invoiceNo = 61000000;
/** A staff member's travel claim of `amount`, one line and one invoice, submitted. */
async function claim(budgetId: number, amount: string): Promise<number> {
  const saved = ok(
    await server.post(
      '/api/expense/funds/save',
      {
        title: `审批链差旅 ${++n}`,
        budgetId,
        money: amount,
        items: [{ economicClass: '30211', summary: '往返交通及住宿', amount }],
        invoices: [
          {
            invoiceCode: '011002300111',
            invoiceNo: String(++invoiceNo),
            invoiceDate: '2039-03-02',
            amount,
            sellerTaxId: '91110108MA01ABCD2X',
          },
        ],
      },
      as('staff'),
    ),
  );
  ok(await server.post(`/api/expense/funds/submit?id=${saved.id}&confirmed=1`, {}, as('staff')));
  return Number(saved.id);
}
const claimStatus = async (id: number) =>
  String(ok(await server.get(`/api/expense/funds/infoById/${id}`, as('staff'))).approvalStatus);
/** The department head, finance and the deputy in charge decide, as the chain asks. */
async function toTheDeputy(id: number) {
  await decide('reimburse', id, 'head');
  await decide('reimburse', id, 'finance');
  await decide('reimburse', id, 'deputy');
}

const configRow = async (key: string, who = 'admin') =>
  (ok(await server.get(`/api/core/config/page?configKey=${key}&pageSize=10`, as(who))).records as Row[]).find(
    (r) => r.configKey === key,
  )!;
async function setThreshold(value: string) {
  const row = await configRow('approval.headThreshold');
  ok(await server.post('/api/core/config/update', { id: row.id, version: row.version, configValue: value }, as('admin')));
}

describe('the head from the site’s threshold (approval.headThreshold)', () => {
  it('a 4,999.00 claim skips the head; a 5,000.00 one reaches the head, each step saying why in four languages', async () => {
    const budgetId = await indicator('教务处', '30211');
    const small = await claim(budgetId, '4999.00');
    expect((await openSteps('reimburse', small)).map((t) => t.element_id)).toEqual(['leader']);
    await toTheDeputy(small);
    expect(await claimStatus(small)).toBe('2');
    expect(await taskOf('reimburse', small, 'principal')).toBeUndefined();
    const smallHistory = ok(await business('reimburse', small, 'staff')).history as Row[];
    expect(smallHistory.map((h) => h.decision)).toEqual(['submit', 'approve', 'approve', 'approve']);

    const large = await claim(budgetId, '5000.00');
    await toTheDeputy(large);
    expect(await claimStatus(large)).toBe('1');
    expect(await taskOf('reimburse', large, 'principal')).toBeTruthy();
    const reasons: Record<string, string> = {
      'zh-CN': '金额 5,000.00 元，达到单位负责人审批起点 5,000.00 元',
      'zh-TW': '金額 5,000.00 元，達到單位負責人審批起點 5,000.00 元',
      'en-US': 'The amount 5,000.00 reaches 5,000.00, from which the head approves',
      'pt-BR': 'O valor 5.000,00 atinge 5.000,00, a partir do qual o dirigente aprova',
    };
    for (const lang of LANGS) {
      const page = ok(await business('reimburse', large, 'principal', lang));
      expect(page.tasks, lang).toHaveLength(1);
      expect(page.tasks[0], lang).toMatchObject({ canAct: true, reason: reasons[lang] });
    }
    await decide('reimburse', large, 'principal');
    expect(await claimStatus(large)).toBe('2');
    // Every step decided says why it was there, in the reader's language.
    const why: Record<string, string[]> = {
      'zh-CN': ['申请人所在部门的负责人审核每一份申请', '财务审核预算、标准和票据', '分管领导审批其分管范围内的每一笔支出'],
      'zh-TW': ['申請人所在部門的負責人審核每一份申請', '財務審核預算、標準和票據', '分管領導審批其分管範圍內的每一筆支出'],
      'en-US': [
        "The head of the applicant's department reviews every request",
        'Finance checks the budget, the standards and the invoices',
        'The deputy in charge approves every spending of their area',
      ],
      'pt-BR': [
        'O chefe do departamento do solicitante revisa todo pedido',
        'O financeiro confere o orçamento, as normas e as notas fiscais',
        'O vice responsável aprova todo gasto de sua área',
      ],
    };
    for (const lang of LANGS) {
      const history = ok(await business('reimburse', large, 'staff', lang)).history as Row[];
      expect(
        history.filter((h) => h.decision === 'approve').map((h) => h.reason),
        lang,
      ).toEqual([...why[lang]!, reasons[lang]]);
      expect(history[0]!.reason, 'the submission has no reason').toBeUndefined();
    }
  });

  it('changed to 10,000 through the settings, lets a 6,000 claim skip the head — the next documents only, this site only', async () => {
    const budgetId = await indicator('教务处', '30211');
    // Submitted under 5,000: its chain is the one its site's rules gave when it was submitted.
    const before = await claim(budgetId, '6000.00');
    await setThreshold('10000');
    expect(await configRow('approval.headThreshold')).toMatchObject({ configValue: '10000' });
    const after = await claim(budgetId, '6000.00');
    await toTheDeputy(after);
    expect(await claimStatus(after)).toBe('2');
    await toTheDeputy(before);
    expect(await claimStatus(before)).toBe('1');
    expect(ok(await business('reimburse', before, 'principal', 'en-US')).tasks[0].reason).toBe(
      'The amount 6,000.00 reaches 5,000.00, from which the head approves',
    );
    await decide('reimburse', before, 'principal');
    // The other site keeps its own rule.
    expect(await configRow('approval.headThreshold', 'cityadmin')).toMatchObject({ configValue: '5000' });

    // Finance keeps it on the approval-rules screen: back to 5,000, and the next 6,000 claim reaches the head.
    const screen = ok(await server.get('/api/workflow/rule/list', as('finance', 'en-US')));
    const rule = (screen.rules as Row[]).find((r) => r.configKey === 'approval.headThreshold')!;
    expect(rule).toMatchObject({ configValue: '10000', defaultValue: '5000', integer: { minimum: 0 } });
    expect(rule.configName).toBe("Head's approval from (amount)");
    expect((screen.rules as Row[]).map((r) => r.configKey)).toEqual(
      expect.arrayContaining(['approval.owningRole.purchase', 'approval.owningRole.contract', 'approval.copyTo.contract']),
    );
    expect((screen.roles as Row[]).some((r) => r.value === 'assetKeeper')).toBe(true);
    ok(
      await server.post(
        '/api/workflow/rule/update',
        { configKey: 'approval.headThreshold', configValue: '5000', version: rule.version },
        as('finance'),
      ),
    );
    const again = await claim(budgetId, '6000.00');
    await toTheDeputy(again);
    expect(await claimStatus(again)).toBe('1');
    expect(await taskOf('reimburse', again, 'principal')).toBeTruthy();
  });

  it('keeps the rules to what the site has, and the screen to those who may keep it', async () => {
    const screen = ok(await server.get('/api/workflow/rule/list', as('finance')));
    const version = (key: string) => (screen.rules as Row[]).find((r) => r.configKey === key)?.version ?? 0;
    const update = (configKey: string, configValue: string, who = 'finance', lang = 'zh-CN') =>
      server.post('/api/workflow/rule/update', { configKey, configValue, version: version(configKey) }, as(who, lang));
    const badRole = await update('approval.owningRole.purchase', 'nobody', 'finance', 'en-US');
    expect(badRole.body).toMatchObject({ code: '40000' });
    expect(badRole.body.msg).toContain('must be a role key of this organisation');
    const badAmount = await update('approval.headThreshold', '-5');
    expect(badAmount.body.code).toBe('40000');
    const badCopy = await update('approval.copyTo.contract', 'role:auditor,everyone');
    expect(badCopy.body.code).toBe('40000');
    // Not an approval rule: the screen does not reach the other settings.
    expect((await update('sys.timeZone', 'UTC')).body.code).toBe('40400');
    // Staff neither read nor change them.
    expect((await server.get('/api/workflow/rule/list', as('staff'))).body.code).toBe('40103');
    expect((await update('approval.headThreshold', '1', 'staff')).body.code).toBe('40103');
    expect((await configRow('approval.owningRole.purchase')).configValue).toBe('assetKeeper');
  });
});

// The owning department ----------------------------------------------------------------------------

describe('the owning department (approval.owningRole.purchase)', () => {
  const purchase = async (who: string, budgetId: number, purchaseType: string) => {
    const saved = ok(
      await server.post(
        '/api/purchase/apply/save',
        {
          title: `审批链采购 ${++n}`,
          purchaseType,
          budgetId,
          method: '1',
          items: [{ itemName: '激光打印机', unit: '台', quantity: 2, unitPrice: '2100.00' }],
        },
        as(who),
      ),
    );
    ok(await server.post(`/api/purchase/apply/submit?id=${saved.id}&confirmed=1`, {}, as(who)));
    return Number(saved.id);
  };

  it('reviews an equipment purchase of another department after its head, saying why; not a service, not its own', async () => {
    // 教务处's head buys printers: his own step goes one level up (the administrators, as no one
    // leads the school above him), then the asset keeper reviews the goods, then finance.
    const printers = await purchase('head', await indicator('教务处', '31002'), '1');
    await decide('purchaseApply', printers, 'admin');
    const owning = await openSteps('purchaseApply', printers);
    expect(owning.map((t) => t.element_id)).toEqual(['owning']);
    expect(owning[0]!.candidate_ids.map(Number)).toEqual([await userId('assets')]);
    const texts: Record<string, string> = {
      'zh-CN': '采购货物须经资产归口管理部门审核',
      'zh-TW': '採購貨物須經資產歸口管理部門審核',
      'en-US': 'A purchase of goods is reviewed by the department that keeps the assets',
      'pt-BR': 'Uma compra de bens é revisada pelo setor que administra o patrimônio',
    };
    for (const lang of LANGS) {
      const page = ok(await business('purchaseApply', printers, 'assets', lang));
      expect(page.tasks[0], lang).toMatchObject({ canAct: true, reason: texts[lang] });
    }
    await decide('purchaseApply', printers, 'assets');
    expect((await openSteps('purchaseApply', printers)).map((t) => t.element_id)).toEqual(['finance']);

    // A service goes straight to finance.
    const service = await purchase('head', await indicator('教务处', '30213'), '2');
    await decide('purchaseApply', service, 'admin');
    expect((await openSteps('purchaseApply', service)).map((t) => t.element_id)).toEqual(['finance']);
    // Goods the owning department buys itself (总务处 keeps the assets): its head has approved it already.
    const own = await purchase('buyer', await indicator('总务处', '31002'), '1');
    await decide('purchaseApply', own, 'assets');
    expect((await openSteps('purchaseApply', own)).map((t) => t.element_id)).toEqual(['finance']);
  });
});

// Countersign and copies on a process of the site's own ---------------------------------------------

const NS =
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:nk="http://neikong.dev/schema/bpmn"';
const processXml = (key: string, tasks: string[]) => {
  const ids = ['start', ...tasks.map((t) => /id="([^"]+)"/.exec(t)![1]!), 'end'];
  const flows = ids.slice(1).map((to, i) => `<bpmn:sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${to}" />`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="测试流程 ${key}" isExecutable="true">
    <bpmn:startEvent id="start" />
    ${tasks.join('\n    ')}
    <bpmn:endEvent id="end" />
    ${flows.join('\n    ')}
  </bpmn:process>
</bpmn:definitions>
`;
};
async function bound(key: string, xml: string) {
  const model = ok(
    await server.post('/api/workflow/model/save', { modelKey: key, name: `模型 ${key}`, bpmnXml: xml }, as('admin')),
  );
  ok(await server.post(`/api/workflow/model/deploy?id=${model.id}`, {}, as('admin')));
  const binding = ok(await server.post('/api/workflow/business/save', { entity: 'leaveApply', processKey: key }, as('admin')));
  return async () => ok(await server.post(`/api/workflow/business/remove?ids=${binding.id}`, {}, as('admin')));
}
async function leave(who = 'staff'): Promise<number> {
  const saved = ok(
    await server.post(
      '/api/leave/apply/save',
      { leaveType: 'annual', startDate: '2039-03-03', endDate: '2039-03-04', reason: `审批链 ${++n}` },
      as(who),
    ),
  );
  ok(await server.post(`/api/leave/apply/submit?id=${saved.id}`, {}, as(who)));
  return Number(saved.id);
}
const leaveStatus = async (id: number) =>
  String(ok(await server.get(`/api/leave/apply/infoById/${id}`, as('staff'))).approvalStatus);

describe('a process of the site’s own', () => {
  it('is refused at deploy when it reads a setting the site does not have, or a malformed reason, copy or countersign', async () => {
    const deploy = async (key: string, tasks: string[], condition?: string) => {
      let xml = processXml(key, tasks);
      if (condition)
        xml = xml.replace(
          '<bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="t" />',
          `<bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="t"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression></bpmn:sequenceFlow>`,
        );
      const model = ok(await server.post('/api/workflow/model/save', { modelKey: key, name: key, bpmnXml: xml }, as('admin')));
      return server.post(`/api/workflow/model/deploy?id=${model.id}`, {}, as('admin', 'en-US'));
    };
    const task = (attrs: string) =>
      `<bpmn:userTask id="t" name="审批" nk:candidateType="role" nk:candidates="accountant" ${attrs} />`;
    const unknown = await deploy('chainUnknown', [task('')], "money &gt;= setting('approval.nope')");
    expect(unknown.body).toMatchObject({ code: '40000' });
    expect(unknown.body.msg).toContain('approval.nope');
    const candidates = await deploy('chainUnknownRole', [
      '<bpmn:userTask id="t" name="审批" nk:candidateType="role" nk:candidates="setting:approval.nobody" />',
    ]);
    expect(candidates.body.msg).toContain('approval.nobody');
    for (const [key, attrs] of [
      ['chainBadReason', 'nk:reason="approval.reason.head" nk:reasonValues="threshold setting"'],
      ['chainBadCopy', 'nk:copyTo="everyone"'],
      ['chainBadCountersign', 'nk:countersign="half"'],
    ] as const)
      expect((await deploy(key, [task(attrs)])).body.code, key).toBe('40000');
    // Well formed, it deploys.
    ok(
      await deploy(
        'chainGood',
        [
          task(
            `nk:reason="approval.reason.head" nk:reasonValues="threshold=setting('approval.headThreshold'); amount=money" nk:copyTo="role:auditor" nk:countersign="all"`,
          ),
        ],
        "money &gt;= setting('approval.headThreshold')",
      ),
    );
  });
});

describe('countersign (nk:countersign="all")', () => {
  it('needs every candidate; one rejection rejects; the applicant and an earlier decider never decide it', async () => {
    const ids = await Promise.all(['staff', 'head', 'deputy', 'deputy2'].map(userId));
    const unbind = await bound(
      'chainCountersign',
      processXml('chainCountersign', [
        '<bpmn:userTask id="leader" name="部门负责人审批" nk:candidateType="deptLeader" />',
        `<bpmn:userTask id="leaders" name="校领导会签" nk:candidateType="user" nk:candidates="${ids.join(',')}" nk:countersign="all" />`,
      ]),
    );
    try {
      const first = await leave();
      await decide('leaveApply', first, 'head');
      // One task for each candidate who may decide: not the applicant, not the head who decided the step before.
      const open = await openSteps('leaveApply', first);
      expect(open.map((t) => t.candidate_ids.map(Number))).toEqual([[ids[2]], [ids[3]]]);
      const page = ok(await business('leaveApply', first, 'deputy'));
      expect(page.tasks.map((t: Row) => [t.canAct, t.countersign])).toEqual([
        [true, true],
        [false, true],
      ]);
      // Nor may it be transferred to one who already decides it.
      const mine = (await taskOf('leaveApply', first, 'deputy'))!;
      const transfer = await server.post(
        '/api/workflow/task/transfer',
        { taskId: mine.id, userId: ids[3] },
        as('deputy', 'en-US'),
      );
      expect(transfer.body).toMatchObject({
        code: '40000',
        msg: 'Cannot transfer to 赵丽华: they already decide this countersign step',
      });
      await decide('leaveApply', first, 'deputy');
      expect(await leaveStatus(first)).toBe('1');
      expect((await openSteps('leaveApply', first)).map((t) => t.candidate_ids.map(Number))).toEqual([[ids[3]]]);
      await decide('leaveApply', first, 'deputy2');
      expect(await leaveStatus(first)).toBe('2');

      const second = await leave();
      await decide('leaveApply', second, 'head');
      await decide('leaveApply', second, 'deputy');
      await decide('leaveApply', second, 'deputy2', 'reject');
      expect(await leaveStatus(second)).toBe('3');
      expect(await openSteps('leaveApply', second)).toEqual([]);
    } finally {
      await unbind();
    }
  });
});

describe('copies (抄送, nk:copyTo)', () => {
  it('tell the copied user, who reads the document from the copied list and cannot decide it', async () => {
    const auditor = await userId('auditor');
    const unbind = await bound(
      'chainCopy',
      processXml('chainCopy', [
        '<bpmn:userTask id="leader" name="部门负责人审批" nk:candidateType="deptLeader" nk:copyTo="role:auditor" />',
      ]),
    );
    try {
      const id = await leave();
      const copies = (
        await sql<Row>`select user_id, element_id, read_flag from wf_copy where entity = 'leaveApply' and business_key = ${id}`.execute(
          db(),
        )
      ).rows;
      expect(copies).toEqual([{ user_id: expect.anything(), element_id: 'leader', read_flag: '0' }]);
      expect(Number(copies[0]!.user_id)).toBe(auditor);
      // The notice, in the copied user's bell.
      const notices = ok(await server.get('/api/core/noticeUserRel/page?readFlag=0&pageSize=50', as('auditor'))).records as Row[];
      expect(notices.some((x) => String(x.title).startsWith('抄送：请假申请'))).toBe(true);
      // The "copied to me" list, in the reader's language (the step keeps the name this site's own process gave it).
      const listed = ok(await server.get('/api/workflow/copy/page?pageSize=50', as('auditor', 'en-US'))).records as Row[];
      const row = listed.find((r) => r.businessKey === id)!;
      expect(row).toMatchObject({ entity: 'leaveApply', name: '部门负责人审批', readFlag: '0' });
      expect(row.title).toMatch(/^Leave application: /);
      // Nobody else's list has it.
      expect(
        (ok(await server.get('/api/workflow/copy/page?pageSize=50', as('head'))).records as Row[]).some(
          (r) => r.businessKey === id,
        ),
      ).toBe(false);
      // The document opens read-only: told it was copied, no step to decide.
      const page = ok(await business('leaveApply', id, 'auditor'));
      expect(page.copiedToMe).toBe(true);
      expect(page.tasks.map((t: Row) => t.canAct)).toEqual([false]);
      expect(page.document.id).toBe(id);
      expect(
        (await sql<Row>`select read_flag from wf_copy where business_key = ${id} and entity = 'leaveApply'`.execute(db())).rows,
      ).toEqual([{ read_flag: '1' }]);
      // And cannot decide it.
      const task = (await taskOf('leaveApply', id, 'head'))!;
      const refused = await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as('auditor'));
      expect(refused.body.code).toBe('40103');
      await decide('leaveApply', id, 'head');
      expect(await leaveStatus(id)).toBe('2');
    } finally {
      await unbind();
    }
  });

  it('go by default to the auditor when a contract reaches finance (approval.copyTo.contract), as the demo seed’s contracts show', async () => {
    const auditor = await userId('auditor');
    const copied = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from wf_copy where user_id = ${auditor} and entity = 'contract' and element_id = 'finance'`.execute(
        db(),
      )
    ).rows[0]!.n;
    expect(Number(copied)).toBeGreaterThan(0);
    // A default process's step is named in the reader's language.
    const listed = ok(await server.get('/api/workflow/copy/page?pageSize=100', as('auditor', 'en-US'))).records as Row[];
    const contract = listed.find((r) => r.entity === 'contract')!;
    expect(contract.name).toBe('Finance review');
    expect(contract.title).toMatch(/^Contract: /);
  });
});
