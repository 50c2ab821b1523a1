// The process designer as an administrator uses it (issue 6): a new model opens with its starter
// diagram, a second approval step is drawn with the mouse (context pad), its approver chosen in the
// properties panel; a model with a step lacking an approver is refused at deploy with the server's
// reason; once complete it deploys as version 1, is bound to leave applications, and a leave
// application goes through both steps (department head, then the principal). Conditions are checked
// as they are typed; leaving with unsaved changes asks first. All under the strict CSP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, confirmRemove, explainFailure, launch, newPage, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let admin: Page;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];
const cspViolations: string[] = [];
const stamp = Date.now().toString(36);
const modelKey = `e2e${stamp}`;
const modelName = `两级请假审批${stamp}`;

async function open(): Promise<Page> {
  const opened = await newPage(browser, { language: 'zh-CN' });
  contexts.push(opened.context);
  opened.page.on('pageerror', (e) => pageErrors.push(e.message));
  opened.page.on('console', (m) => {
    if (/Content Security Policy|Refused to (evaluate|execute|load|apply)/i.test(m.text())) cspViolations.push(m.text());
  });
  return opened.page;
}

async function as(loginName: string, password = 'Demo@12345'): Promise<Page> {
  const p = await open();
  await signIn(p, loginName, password);
  await p.waitForURL(/\/home/);
  return p;
}

/** The app's API from inside the page, with the signed-in user's token. */
async function api<T = unknown>(p: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return p.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value;
      const r = await fetch(path, {
        method,
        headers: { token, hostname: location.hostname, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await r.json()) as { code: string; msg: string; data: T };
    },
    { method, path, body },
  ) as Promise<{ code: string; msg: string; data: T }>;
}

beforeAll(async () => {
  browser = await launch();
  admin = await open();
  await signIn(admin, 'admin', 'Admin@12345');
  await admin.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(admin, `failed-designer-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

const rows = (p: Page) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-content').filter({ has: p.locator('[data-testid=schema-form]') });
const item = (p: Page, label: string) => dialog(p).locator('.ant-formily-item', { hasText: label });
const toast = (p: Page) => p.locator('.ant-message-notice').last();
const shape = (p: Page, id: string) => p.locator(`.djs-shape[data-element-id="${id}"]`);
const contextPad = (p: Page, action: string) => p.locator(`.djs-context-pad .entry[data-action="${action}"]`);
const panel = (p: Page) => p.locator('[data-testid=designer-panel]');
const option = (p: Page, title: string) => p.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

/** A point on a connection's line, a fraction of its length from its start, in page coordinates. */
async function pointOn(p: Page, id: string, fraction: number) {
  return p.evaluate(
    ({ id, fraction }) => {
      const path = document.querySelector(`.djs-connection[data-element-id="${id}"] path.djs-hit`) as SVGPathElement;
      const at = path.getPointAtLength(path.getTotalLength() * fraction);
      const m = path.getScreenCTM()!;
      return { x: at.x * m.a + at.y * m.c + m.e, y: at.x * m.b + at.y * m.d + m.f };
    },
    { id, fraction },
  );
}

async function center(p: Page, id: string) {
  const box = (await p.locator(`.djs-element[data-element-id="${id}"] .djs-hit`).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Selects a shape. A click on the selected one would deselect it, and bpmn-js swallows a click
 * that comes within 400 ms of the end of a drag (a connection drawn), so check and click again.
 */
async function select(p: Page, id: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await panel(p).getAttribute('data-element-id')) === id) return;
    await shape(p, id).click();
    await p.waitForTimeout(500);
  }
  await expect.poll(() => panel(p).getAttribute('data-element-id')).toBe(id);
}

/** The designer's model as the server has it. */
async function savedModel(p: Page, id: number) {
  return (
    await api<{ bpmnXml: string; deployedVersion: number | null; version: number }>(
      p,
      'GET',
      `/api/workflow/model/infoById/${id}`,
    )
  ).data;
}

let modelId = 0;

describe('process designer', () => {
  it('creates a model and opens its starter diagram in the designer', async () => {
    await admin.goto(`${baseUrl()}/workflow/model`);
    await admin.locator('[data-testid=toolbar-add]').click();
    await item(admin, '流程标识').locator('input').first().fill(modelKey);
    await item(admin, '流程名称').locator('input').first().fill(modelName);
    await admin.locator('[data-testid=form-ok]').click();
    await expect.poll(() => dialog(admin).count()).toBe(0);
    await admin.locator('.schema-list form .ant-form-item', { hasText: '流程标识' }).locator('input').first().fill(modelKey);
    await admin.locator('.schema-list form button[type=submit]').click();
    await expect.poll(() => rows(admin).count()).toBe(1);
    await rowAction(rows(admin).first(), 'row-navigate');
    await admin.waitForURL(/\/workflow\/designer\?/);
    modelId = Number(new URL(admin.url()).searchParams.get('id'));
    expect(modelId).toBeGreaterThan(0);

    // start → 部门负责人审批 → end, the process (key read-only, name) in the panel.
    await shape(admin, 'leader').waitFor();
    for (const id of ['start', 'end']) expect(await shape(admin, id).count()).toBe(1);
    expect(await shape(admin, 'leader').textContent()).toContain('部门负责人审批');
    await expect.poll(() => admin.locator('[data-testid=designer-process-key]').inputValue()).toBe(modelKey);
    expect(await admin.locator('[data-testid=designer-name]').inputValue()).toBe(modelName);
    // Only what the engine runs is offered.
    expect(await admin.locator('.djs-palette .entry[data-action="create.user-task"]').count()).toBe(1);
    expect(await admin.locator('.djs-palette .entry[data-action="create.subprocess-expanded"]').count()).toBe(0);
    expect(await admin.locator('.djs-palette .entry[data-action="create.user-task"]').getAttribute('aria-label')).toBe(
      '审批节点',
    );

    await select(admin, 'leader');
    expect(await admin.locator('[data-testid=designer-name]').inputValue()).toBe('部门负责人审批');
    expect(await panel(admin).locator('[data-testid=designer-candidate-type]').textContent()).toContain('申请人所在部门负责人');
  });

  it('draws a second approval step with the mouse; without an approver the server refuses to deploy it', async () => {
    // Make room: the end event moves to the right; the flow from the first step to it goes.
    const end = await center(admin, 'end');
    const canvas = (await admin.locator('[data-testid=designer-canvas]').boundingBox())!;
    const distance = Math.min(200, canvas.x + canvas.width - 60 - end.x);
    expect(distance).toBeGreaterThan(140);
    await admin.mouse.move(end.x, end.y);
    await admin.mouse.down();
    for (let i = 1; i <= 10; i++) await admin.mouse.move(end.x + (distance * i) / 10, end.y);
    await admin.mouse.up();
    await expect.poll(async () => (await center(admin, 'end')).x).toBeGreaterThan(end.x + 130);
    const old = admin.locator('.djs-connection[data-element-id="flow_2"]');
    const onOld = await pointOn(admin, 'flow_2', 0.5);
    await admin.mouse.click(onOld.x, onOld.y);
    await contextPad(admin, 'delete').click();
    await expect.poll(() => old.count()).toBe(0);

    // The context pad of the first step appends an approval step connected to it.
    await select(admin, 'leader');
    await contextPad(admin, 'append.append-task').click();
    const added = admin.locator('.djs-shape[data-element-id^="Activity_"]');
    await expect.poll(() => added.count()).toBe(1);
    const taskId = (await added.getAttribute('data-element-id'))!;
    await admin.keyboard.press('Escape'); // the label editor bpmn-js opens on a new task

    // The new step connects to the end.
    await select(admin, taskId);
    await contextPad(admin, 'connect').click();
    const target = await center(admin, 'end');
    await admin.mouse.move(target.x - 10, target.y, { steps: 5 });
    await admin.mouse.move(target.x, target.y, { steps: 2 });
    await admin.mouse.click(target.x, target.y);

    await select(admin, taskId);
    await admin.locator('[data-testid=designer-name]').fill('二级审批');
    await expect.poll(() => shape(admin, taskId).textContent()).toContain('二级审批');
    expect(await admin.locator('[data-testid=designer-dirty]').count()).toBe(1);

    // Deploy saves first; the server says what is missing.
    await admin.locator('[data-testid=designer-deploy]').click();
    await expect.poll(() => admin.locator('.ant-message-notice-error').last().textContent()).toContain('二级审批');
    expect(await admin.locator('.ant-message-notice-error').last().textContent()).toContain('审批节点没有设置审批人');
    const saved = await savedModel(admin, modelId);
    expect(saved.deployedVersion ?? null).toBeNull();
    expect(saved.bpmnXml).toContain(`sourceRef="leader" targetRef="${taskId}"`);
    expect(saved.bpmnXml).toContain(`sourceRef="${taskId}" targetRef="end"`);
    expect(saved.bpmnXml).not.toContain('id="flow_2"');
    expect(saved.bpmnXml).toMatch(new RegExp(`<bpmn:userTask id="${taskId}" name="二级审批"`));
  });

  it('sets the approver of the new step to the principal role, saves and deploys version 1', async () => {
    const taskId = (await admin.locator('.djs-shape[data-element-id^="Activity_"]').getAttribute('data-element-id'))!;
    await select(admin, taskId);
    await panel(admin).locator('[data-testid=designer-candidate-type]').click();
    await option(admin, '指定角色').click();
    await panel(admin).locator('[data-testid=designer-roles]').click();
    await option(admin, '校长').click();
    await panel(admin).locator('[data-testid=designer-roles] input').press('Escape');
    await expect.poll(() => admin.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await expect.poll(() => panel(admin).locator('[data-testid=designer-roles]').textContent()).toContain('校长');
    await shot(admin, 'designer-task-selected');

    // A click on the empty canvas shows the process again; its name becomes the model's name.
    const canvas = (await admin.locator('[data-testid=designer-canvas]').boundingBox())!;
    await admin.mouse.click(canvas.x + canvas.width / 2, canvas.y + 30);
    await expect.poll(() => panel(admin).getAttribute('data-element-id')).toBe(modelKey);
    await admin.locator('[data-testid=designer-name]').fill(`${modelName}（两级）`);

    await admin.locator('[data-testid=designer-save]').click();
    await expect.poll(() => toast(admin).textContent()).toMatch(/成功/);
    await expect.poll(() => admin.locator('[data-testid=designer-dirty]').count()).toBe(0);
    const saved = await savedModel(admin, modelId);
    expect(saved.bpmnXml).toContain('xmlns:nk="http://neikong.dev/schema/bpmn"');
    expect(saved.bpmnXml).toMatch(/name="二级审批" nk:candidateType="role" nk:candidates="principal"/);
    expect(saved.bpmnXml).toMatch(/name="部门负责人审批" nk:candidateType="deptLeader"/);
    expect(saved.bpmnXml).toContain(`<bpmn:process id="${modelKey}" name="${modelName}（两级）"`);
    expect((await api<{ name: string }>(admin, 'GET', `/api/workflow/model/infoById/${modelId}`)).data.name).toBe(
      `${modelName}（两级）`,
    );

    await admin.locator('[data-testid=designer-deploy]').click();
    await expect.poll(() => admin.locator('.ant-message-notice-success').last().textContent()).toContain('已部署为第 1 版');
    await expect.poll(() => admin.locator('[data-testid=designer-deployed]').textContent()).toBe('已部署 v1');
    await shot(admin, 'designer-deployed');
  });

  it('binds leave applications to it; a leave application goes through both steps', async () => {
    await admin.goto(`${baseUrl()}/workflow/business`);
    await admin.locator('[data-testid=toolbar-add]').click();
    await item(admin, '单据类型').locator('.ant-select').click();
    // Many document types bind to processes: the list is searched, as a user would.
    await admin.keyboard.type('请假');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '请假申请' }).click();
    await item(admin, '流程标识').locator('.ant-select').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: modelKey }).click();
    await admin.locator('[data-testid=form-ok]').click();
    await expect.poll(() => dialog(admin).count()).toBe(0);
    await expect.poll(() => rows(admin).filter({ hasText: modelKey }).count()).toBe(1);

    try {
      const staff = await as('staff');
      const reason = `设计器两级审批${stamp}`;
      const created = await api<{ id: number }>(staff, 'POST', '/api/leave/apply/save', {
        leaveType: 'annual',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        days: 2,
        reason,
      });
      expect(created.code, created.msg).toBe('0');
      const docId = created.data.id;
      const submitted = await api(staff, 'POST', `/api/leave/apply/submit?id=${docId}`, { id: docId });
      expect(submitted.code, submitted.msg).toBe('0');

      const decide = async (p: Page, step: string) => {
        const page = await api<{ records: Array<{ id: number; name: string; businessKey: number; entity: string }> }>(
          p,
          'GET',
          '/api/workflow/task/page?pageSize=100',
        );
        const task = page.data.records.find((r) => r.entity === 'leaveApply' && r.businessKey === docId);
        expect(task?.name).toBe(step);
        const answer = await api(p, 'POST', '/api/workflow/task/approve', { taskId: task!.id, comment: '同意' });
        expect(answer.code, answer.msg).toBe('0');
      };
      await decide(await as('head'), '部门负责人审批');
      const principal = await as('principal');
      await decide(principal, '二级审批');

      const view = await api<{
        instance: { status: string; processKey: string; version: number };
        history: Array<{ node: string; decision: string; userName: string }>;
      }>(staff, 'GET', `/api/workflow/instance/business?entity=leaveApply&id=${docId}`);
      expect(view.code, view.msg).toBe('0');
      expect(view.data.instance).toMatchObject({ status: 'approved', processKey: modelKey, version: 1 });
      const approvals = view.data.history.filter((h) => h.decision === 'approve');
      expect(approvals.map((h) => [h.node, h.userName])).toEqual([
        ['部门负责人审批', '刘明'],
        ['二级审批', '王建国'],
      ]);
    } finally {
      // Other files expect leave applications on the seeded process again.
      await admin.reload();
      const row = rows(admin).filter({ hasText: modelKey });
      await rowAction(row, 'row-remove');
      await confirmRemove(admin);
      await expect.poll(() => rows(admin).filter({ hasText: modelKey }).count()).toBe(0);
    }
  });

  it('checks a gateway condition as it is typed, and asks before leaving unsaved changes', async () => {
    // The seeded leave process: a condition on the flow from its exclusive gateway.
    await admin.goto(`${baseUrl()}/workflow/model`);
    await admin.locator('.schema-list form .ant-form-item', { hasText: '流程标识' }).locator('input').first().fill('leave');
    await admin.locator('.schema-list form button[type=submit]').click();
    await rowAction(rows(admin).filter({ hasText: '请假审批' }).first(), 'row-navigate');
    await admin.waitForURL(/\/workflow\/designer\?/);
    await admin.locator('.djs-connection[data-element-id="f_long"]').waitFor();
    const onFlow = await pointOn(admin, 'f_long', 0.3);
    await admin.mouse.click(onFlow.x, onFlow.y);
    await expect.poll(() => panel(admin).getAttribute('data-element-id')).toBe('f_long');
    const condition = admin.locator('[data-testid=designer-condition]');
    // The threshold is the site's setting, read by name (approval rules, issue 33).
    expect(await condition.inputValue()).toBe("days >= setting('approval.leave.headDays')");
    expect(await admin.locator('[data-testid=designer-condition-hint]').textContent()).toContain('money');
    await condition.fill('days >= ');
    await expect.poll(() => panel(admin).locator('.ant-form-item-explain-error').textContent()).toContain('表达式有误');
    // JavaScript parses but is not the expression language: refused as the server refuses it.
    await condition.fill('process.exit()');
    await expect.poll(() => panel(admin).locator('.ant-form-item-explain-error').textContent()).toContain('can be called');
    await condition.fill("days >= 5 && leaveType == 'sick'");
    await expect.poll(() => panel(admin).locator('.ant-form-item-explain-error').count()).toBe(0);
    await shot(admin, 'designer-condition');

    await admin.locator('[data-testid=designer-back]').click();
    const confirm = admin.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.textContent()).toContain('有未保存的修改');
    await confirm.locator('.ant-btn-primary').click();
    await admin.waitForURL(/\/workflow\/model/);
    // Nothing was saved.
    const list = await api<{ records: Array<{ id: number; modelKey: string }> }>(
      admin,
      'GET',
      '/api/workflow/model/page?modelKey=leave',
    );
    const seeded = list.data.records.find((r) => r.modelKey === 'leave')!;
    expect((await savedModel(admin, seeded.id)).bpmnXml).toContain("days &gt;= setting('approval.leave.headDays')</bpmn:conditionExpression>");
  });

  it('ran without page errors or Content-Security-Policy violations', () => {
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
