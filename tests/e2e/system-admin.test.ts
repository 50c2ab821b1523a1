// System administration and notices as people use them (issue 5): an administrator makes a role
// with a custom data scope and a user holding it, who then sees only those menus and rows; a
// department notice reaches the department's people through the bell, and nobody else.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, explainFailure, launch, newPage, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let admin: Page;
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36);
const roleName = `教务查询${stamp}`;
const roleKey = `e2eRole${stamp}`;
const loginName = `e2eu${stamp}`;

async function open(language = 'zh-CN') {
  const opened = await newPage(browser, { language });
  contexts.push(opened.context);
  return opened.page;
}

beforeAll(async () => {
  browser = await launch();
  admin = await open();
  await signIn(admin, 'admin', 'Admin@12345');
  await admin.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(admin, `failed-admin-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

const rows = (p: Page) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row');
const dialog = (p: Page) => p.locator('.ant-modal-content').filter({ has: p.locator('[data-testid=schema-form]') });
const item = (p: Page, label: string) => dialog(p).locator('.ant-formily-item', { hasText: label });
const fill = (p: Page, label: string, value: string) => item(p, label).locator('input, textarea').first().fill(value);
const ok = (p: Page) => p.locator('[data-testid=form-ok]').click();
const search = async (p: Page, label: string, value: string) => {
  await p.locator('.schema-list form .ant-form-item', { hasText: label }).locator('input').first().fill(value);
  await p.locator('.schema-list form button[type=submit]').click();
};
const api = async <T>(p: Page, path: string): Promise<T> =>
  p.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value;
    const r = await fetch(url, { headers: { token } });
    return (await r.json()).data;
  }, path);

describe('roles, data scope and users', () => {
  it('a user of a role with a custom data scope sees only its menus and the rows of its departments', async () => {
    // The role: the user screen only, with its buttons.
    await admin.goto(`${baseUrl()}/system/role`);
    await admin.locator('[data-testid=toolbar-add]').click();
    await fill(admin, '角色名称', roleName);
    await fill(admin, '权限字符', roleKey);
    const tree = dialog(admin).locator('[data-testid=ref-tree]');
    await tree.locator('.ant-tree-treenode', { hasText: '首页' }).first().locator('.ant-tree-checkbox').click();
    await tree.locator('.ant-tree-treenode', { hasText: '系统管理' }).first().locator('.ant-tree-switcher').click();
    await tree.locator('.ant-tree-treenode', { hasText: '用户管理' }).first().locator('.ant-tree-checkbox').click();
    await ok(admin);
    await expect.poll(() => dialog(admin).count()).toBe(0);

    // Its data scope: custom, 教务处 only.
    await search(admin, '角色名称', roleName);
    await expect.poll(() => rows(admin).count()).toBe(1);
    await rowAction(rows(admin).first(), 'row-edit-authDataScope');
    await item(admin, '数据权限').locator('.ant-select').click();
    await admin.locator('.ant-select-item-option', { hasText: '自定义部门' }).click();
    await dialog(admin)
      .locator('[data-testid=ref-tree] .ant-tree-treenode', { hasText: '教务处' })
      .locator('.ant-tree-checkbox')
      .click();
    await ok(admin);
    await expect.poll(() => dialog(admin).count()).toBe(0);
    await expect.poll(() => rows(admin).first().textContent()).toContain('自定义部门');

    // The user, in another department, holding only that role.
    await admin.goto(`${baseUrl()}/system/user`);
    await admin.locator('[data-testid=toolbar-add]').click();
    await fill(admin, '账号', loginName);
    await fill(admin, '姓名', `端到端${stamp}`);
    await fill(admin, '密码', 'Start2026x');
    await item(admin, '部门').locator('.ant-select').click();
    await admin.locator('.ant-select-tree-title', { hasText: '学生处' }).click();
    await item(admin, '角色').locator('.ant-select').click();
    await item(admin, '角色').locator('input').fill(stamp);
    await admin.locator('.ant-select-item-option', { hasText: roleName }).click();
    await dialog(admin).locator('.ant-modal-title').click();
    await ok(admin);
    await expect.poll(() => dialog(admin).count()).toBe(0);
    await shot(admin, 'admin-user-created');

    // The user signs in, changes the given password, and sees the user screen only.
    const user = await open();
    await signIn(user, loginName, 'Start2026x');
    await user.waitForURL(/\/ucenter\/upPassword/);
    await user.locator('input#oldPassword').fill('Start2026x');
    await user.locator('input#newPassword').fill('Changed2026x');
    await user.locator('input#confirm').fill('Changed2026x');
    await user.locator('[data-testid=password-submit]').click();
    await user.waitForURL(/\/user\/login/);
    await user.locator('input#loginName').fill(loginName);
    await user.locator('input#password').fill('Changed2026x');
    await user.locator('[data-testid=login-submit]').click();
    await user.waitForURL(/\/home/);
    await expect.poll(() => user.locator('[data-testid=side-menu] .ant-menu-title-content').count()).toBeGreaterThan(0);
    const menuTexts = await user.locator('[data-testid=side-menu] .ant-menu-title-content').allTextContents();
    expect(menuTexts).toContain('系统管理');
    expect(menuTexts).not.toContain('角色管理');
    expect(menuTexts).not.toContain('预算管理');
    await user.goto(`${baseUrl()}/system/user`);
    await expect.poll(() => rows(user).count()).toBeGreaterThan(0);
    const depts = await user.locator('.schema-list .ant-table-tbody tr.ant-table-row td:nth-child(4)').allTextContents();
    expect(new Set(depts)).toEqual(new Set(['教务处']));
    // The server says the same: every row the user may read is of 教务处.
    const page = await api<{ records: Array<{ deptIdLabel: string }>; total: number }>(user, '/api/core/user/page?pageSize=100');
    expect(page.total).toBe(depts.length);
    await shot(user, 'scoped-user-list');
    // Another screen is not there for this user.
    await user.goto(`${baseUrl()}/system/role`);
    await user.waitForURL(/\/404/);
  });
});

describe('one-time passwords', () => {
  it('a reset password is shown once, copyable, and signs the user in to change it', async () => {
    // The site configures no initial password (the release's default): the reset makes one up.
    const account = `e2eot${stamp}`;
    await admin.goto(`${baseUrl()}/system/user`);
    const made = await admin.evaluate(async (loginName) => {
      const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value;
      const roles = await (await fetch('/api/core/role/page?roleKey=staff', { headers: { token } })).json();
      const r = await fetch('/api/core/user/save', {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ loginName, realName: '一次性', password: 'Given2026x', roleIds: [roles.data.records[0].id] }),
      });
      return (await r.json()).code;
    }, account);
    expect(made).toBe('0');
    await search(admin, '登录账号', account);
    await expect.poll(() => rows(admin).count()).toBe(1);
    await rowAction(rows(admin).first(), 'row-request-resetDefaultPwd');
    await admin.locator('.ant-modal-confirm:visible .ant-btn-primary').first().click();
    const shown = admin.locator('[data-testid=one-time-password]');
    await shown.waitFor();
    const password = (await shown.textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await expect.poll(() => admin.locator('.ant-modal-confirm-title').textContent()).toContain('仅显示这一次');
    await shot(admin, 'one-time-password');
    await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => shown.count()).toBe(0);

    const user = await open('en-US');
    await signIn(user, account, password);
    await user.waitForURL(/\/ucenter\/upPassword/).catch(async (err) => {
      await explainFailure(user, 'one-time-password-sign-in');
      throw err;
    });
  });
});

describe('notices', () => {
  it('a department notice raises the bell of that department’s people, who read it; others see nothing', async () => {
    const staff = await open(); // 教务处
    await signIn(staff, 'staff', 'Demo@12345');
    await staff.waitForURL(/\/home/);
    const teacher = await open(); // 党政办公室 (teacher's sign-in is spent on a captcha elsewhere)
    await signIn(teacher, 'auditor', 'Demo@12345');
    await teacher.waitForURL(/\/home/);
    const badge = async (p: Page) => {
      const count = p.locator('[data-testid=notice-badge] sup.ant-badge-count');
      return (await count.count()) ? Number(await count.first().getAttribute('title')) : 0;
    };
    await expect.poll(() => staff.locator('[data-testid=notice-bell]').count()).toBe(1);
    const staffBefore = (await api<{ totalNum: number }>(staff, '/api/core/noticeUserRel/unRead')).totalNum;
    const teacherBefore = (await api<{ totalNum: number }>(teacher, '/api/core/noticeUserRel/unRead')).totalNum;
    await expect.poll(() => badge(staff)).toBe(staffBefore);

    const title = `教务处通知${stamp}`;
    await admin.goto(`${baseUrl()}/notice/list`);
    await admin.locator('[data-testid=toolbar-add]').click();
    await item(admin, '消息类型').getByText('单位通知').click();
    await fill(admin, '标题', title);
    await fill(admin, '内容', '<b>请于周五前提交教学计划</b>');
    await item(admin, '发送范围').getByText('全部', { exact: true }).click();
    await item(admin, '发送范围').getByText('部门', { exact: true }).click();
    await ok(admin);
    await expect.poll(() => dialog(admin).locator('.ant-formily-item-error-help').first().textContent()).toBe('至少选择一个部门');
    await dialog(admin).locator('.ant-formily-item', { hasText: '至少选择一个部门' }).locator('.ant-select').click();
    await admin.locator('.ant-select-tree-title', { hasText: '教务处' }).click();
    await dialog(admin).locator('.ant-modal-title').click();
    await ok(admin);
    await expect.poll(() => dialog(admin).count()).toBe(0);
    await search(admin, '标题', title);
    await expect.poll(() => rows(admin).count()).toBe(1);
    await rowAction(rows(admin).first(), 'row-request-send');
    await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => rows(admin).first().textContent()).toContain('已发送');

    // Within the bell's polling interval, without a reload.
    await expect.poll(() => badge(staff), { timeout: 30_000 }).toBe(staffBefore + 1);
    await staff.locator('[data-testid=notice-bell]').click();
    const popover = staff.locator('[data-testid=notice-popover]');
    await expect.poll(() => popover.locator('[data-testid=notice-item]').first().textContent()).toContain(title);
    expect((await popover.boundingBox())?.width).toBeGreaterThan(300);
    await shot(staff, 'notice-bell-popover');
    await popover.locator('[data-testid=notice-item]', { hasText: title }).click();
    await staff.waitForURL(/noticeUserRelList\?formData=/);
    const formData = JSON.parse(new URL(staff.url()).searchParams.get('formData')!);
    expect(formData).toMatchObject({ readFlag: '0', type: '1', fromIcon: true });
    expect(formData.id).toBeGreaterThan(0);
    expect(formData.noticeUserRelId).toBeGreaterThan(0);
    // The notice opens, its content as text, never as the sender's HTML.
    const view = dialog(staff);
    await expect.poll(() => view.textContent()).toContain('<b>请于周五前提交教学计划</b>');
    expect(await view.locator('b').count()).toBe(0);
    await shot(staff, 'notice-read');
    await expect.poll(() => badge(staff), { timeout: 20_000 }).toBe(staffBefore);

    // Outside the department nothing arrived.
    expect((await api<{ totalNum: number }>(teacher, '/api/core/noticeUserRel/unRead')).totalNum).toBe(teacherBefore);
    expect(await badge(teacher)).toBe(teacherBefore);
  });
});
