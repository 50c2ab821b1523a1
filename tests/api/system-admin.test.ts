// System administration (spec section 7 "/core" user, role, menu, dept, deptBase; checklist
// C6.6, C6.7, C7.20–C7.44): what an administrator sees after each write, the rules of
// DOMAIN.md "Organisations, sites, people" (data scope, passwords, one site never touching
// another), no privilege escalation, the permission keys, and bad input answered with 40000 and
// the field's name — never a system error (checked after every test).
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import { refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
let admin: string;
let staff: string;
let cityadmin: string;

/** Every answer of the file, so that afterEach can prove none was a system error. */
const answers: Array<{ call: string; status: number; code: string }> = [];

beforeAll(async () => {
  server = await startServer();
  const request = server.request.bind(server);
  server.request = async <T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> => {
    const r = await request<T>(path, options);
    answers.push({ call: `${options.method ?? 'GET'} ${path}`, status: r.status, code: r.body.code });
    return r;
  };
  admin = await server.login('admin', 'Admin@12345');
  staff = await server.login('staff', 'Demo@12345');
  cityadmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// helpers

const db = () => server.database.db as unknown as Kysely<any>;
const rows = async <T = Row>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

let counter = 0;
const unique = (prefix: string) => `${prefix}_${++counter}_${Date.now() % 1_000_000}`;

const as = (token: string, lang = 'zh-CN', site = 'demo') => ({ token, lang, site });

function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}

const siteId = async (key: string) =>
  Number((await rows<{ id: number }>(sql`select id from sys_dept where top_dept_key = ${key}`))[0]!.id);
const userId = async (loginName: string, site = 'demo') =>
  Number(
    (
      await rows<{ id: number }>(
        sql`select id from sys_user where login_name = ${loginName} and top_dept_id = ${await siteId(site)}`,
      )
    )[0]!.id,
  );
const roleId = async (roleKey: string, site = 'demo') =>
  Number(
    (
      await rows<{ id: number }>(sql`select id from sys_role where role_key = ${roleKey} and top_dept_id = ${await siteId(site)}`)
    )[0]!.id,
  );
const deptId = async (deptName: string, site = 'demo') =>
  Number(
    (
      await rows<{ id: number }>(
        sql`select id from sys_dept where dept_name = ${deptName} and top_dept_id = ${await siteId(site)}`,
      )
    )[0]!.id,
  );
/** Menu entries by key, with the buttons under them (the role editor's checkbox tree). */
async function menuIds(keys: string[], withButtons = true, site = 'demo'): Promise<number[]> {
  const top = await siteId(site);
  const found = await rows<{ id: number }>(
    sql`select id from sys_menu where top_dept_id = ${top} and menu_key in (${sql.join(keys)})`,
  );
  expect(found).toHaveLength(keys.length);
  const ids = found.map((r) => Number(r.id));
  if (withButtons) {
    const buttons = await rows<{ id: number }>(
      sql`select id from sys_menu where top_dept_id = ${top} and menu_type = 'F' and parent_id in (${sql.join(ids)})`,
    );
    ids.push(...buttons.map((r) => Number(r.id)));
  }
  return ids.sort((a, b) => a - b);
}
const menuName = async (key: string) =>
  (
    await rows<{ menu_name: string }>(
      sql`select menu_name from sys_menu where menu_key = ${key} and top_dept_id = ${await siteId('demo')}`,
    )
  )[0]!.menu_name;
const demoUsers = async () =>
  (
    await rows<{ id: number; dept_id: number; status: string }>(
      sql`select id, dept_id, status from sys_user where top_dept_id = ${await siteId('demo')} order by id`,
    )
  ).map((r) => ({ id: Number(r.id), deptId: Number(r.dept_id), status: r.status }));

/** Signs in with a fresh captcha (needed after a failure); answers the whole reply. */
async function signIn(loginName: string, password: string, site = 'demo') {
  const image = await server.get('/api/code/image', { site });
  const captchaKey = String(image.headers['captcha-key']);
  return server.post<{ token: string }>(
    '/api/auth/login/account',
    { loginName, password, captchaKey, captchaCode: CAPTCHA_TEXT },
    { site, lang: 'en-US' },
  );
}

const INIT_PASSWORD = 'Init@12345';

/** A user made by admin through the API; with `ready`, signed in and past the forced password change. */
async function makeUser(body: Row = {}, ready = true, token = admin) {
  const loginName = unique('u');
  const password = 'First@2024';
  // Every user holds a role (C3.3); a plain one unless the test says which.
  const roleIds = [await roleId('staff')];
  const saved = ok(
    await server.post('/api/core/user/save', { loginName, realName: `用户${loginName}`, password, roleIds, ...body }, as(token)),
  );
  let session = '';
  let current = password;
  if (ready) {
    session = await server.login(loginName, password);
    current = 'Ready@2024';
    ok(await server.post('/api/core/user/upPassword', { oldPassword: password, newPassword: current }, { token: session }));
    // The change ends every session of the account: sign in again with the new password.
    session = await server.login(loginName, current);
  }
  return { id: Number(saved.id), loginName, token: session, password: current, saved };
}

async function makeRole(body: Row = {}, token = admin) {
  const roleKey = unique('r');
  return ok(await server.post<Row>('/api/core/role/save', { roleName: `角色${roleKey}`, roleKey, ...body }, as(token)));
}

const userPage = async (token: string, query = 'pageSize=100') =>
  ok(await server.get<{ records: Row[]; total: number }>(`/api/core/user/page?${query}`, as(token)));

// ---------------------------------------------------------------------------------------------

describe('users', () => {
  it('pages the site’s users (C7.20) without secrets and filters them by name', async () => {
    const all = await demoUsers();
    const page = ok(await server.get('/api/core/user/page?pageNum=1&pageSize=10', as(admin, 'en-US')));
    expect(page).toMatchObject({ total: all.length, current: 1, pageNum: 1, pageSize: 10 });
    expect(page.records).toHaveLength(10);
    for (const rec of page.records) {
      for (const f of ['id', 'realName', 'loginName', 'status', 'rePassword', 'deptId', 'roleIds'])
        expect(rec, f).toHaveProperty(f);
    }
    const second = ok(await server.get('/api/core/user/page?pageNum=2&pageSize=10', as(admin)));
    const seenIds = [...page.records, ...second.records].map((r: Row) => r.id).sort((a: number, b: number) => a - b);
    expect(seenIds).toEqual(all.map((u) => u.id));
    expect(JSON.stringify([page, second])).not.toMatch(/passwordHash|password_hash|scrypt|cityadmin|citystaff/);

    const named = ok(await server.get(`/api/core/user/page?realName=${encodeURIComponent('刘')}`, as(admin)));
    expect(named.records.map((r: Row) => r.loginName)).toEqual(['head']);
    expect(named.total).toBe(1);
  });

  it('lets anyone signed in pick users by name, 20 a page, or by ids (C7.28)', async () => {
    // staff holds no user key: the full page is closed, the picker is open.
    expect((await server.get('/api/core/user/page', as(staff))).body.code).toBe('40103');
    const byName = ok(await server.get(`/api/core/user/pageOfBase?realName=${encodeURIComponent('林')}&pageSize=20`, as(staff)));
    expect(byName).toMatchObject({ total: 1, pageSize: 20, pageNum: 1 });
    expect(byName.records).toEqual([
      { id: await userId('staff'), realName: '林小雨', loginName: 'staff', deptId: await deptId('教务处'), deptName: '教务处' },
    ]);

    const enabled = (await demoUsers()).filter((u) => u.status === '0');
    const first = ok(await server.get('/api/core/user/pageOfBase?pageNum=1&pageSize=20', as(staff)));
    expect(first.total).toBe(enabled.length);
    expect(first.records).toHaveLength(Math.min(20, enabled.length));

    const ids = [1, await userId('head')];
    const byIds = ok(await server.get(`/api/core/user/pageOfBase?ids=${ids.join(',')}`, as(staff)));
    expect(byIds.records.map((r: Row) => r.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    expect(byIds.records.find((r: Row) => r.id === 1)).toMatchObject({ realName: '系统管理员', deptName: '信息中心' });

    const city = ok(await server.get('/api/core/user/pageOfBase?pageSize=20', as(cityadmin, 'zh-CN', 'city')));
    expect(city.records.map((r: Row) => r.loginName).sort()).toEqual([
      'cityadmin',
      'cityassets',
      'citybuyer',
      'citycashier',
      'citydean',
      'citydeputy',
      'citydispatcher',
      'cityfinance',
      'cityhead',
      'citystaff',
    ]);

    const tooMany = await server.get('/api/core/user/pageOfBase?pageSize=101', as(staff, 'en-US'));
    expect(tooMany.body).toMatchObject({ code: '40000', msg: 'Invalid paging: pages start at 1 and hold 1 to 100 rows' });
  });

  it('lists the users, and with the name of their department (C7.21)', async () => {
    const all = await demoUsers();
    const list = ok(await server.get<Row[]>('/api/core/user/list', as(admin)));
    expect(list.map((r) => r.id).sort((a, b) => a - b)).toEqual(all.map((u) => u.id));
    const withDept = ok(await server.get<Row[]>('/api/core/user/listContainDept', as(admin)));
    expect(withDept).toHaveLength(all.length);
    expect(withDept.find((r) => r.loginName === 'head')).toMatchObject({ deptName: '教务处', realName: '刘明' });
    expect(withDept.find((r) => r.loginName === 'admin')).toMatchObject({ deptName: '信息中心' });
    expect(withDept.every((r) => typeof r.deptName === 'string' && r.deptName.length > 0)).toBe(true);
  });

  it('creates a user with roles and a department who signs in with the given password and must change it (C7.22)', async () => {
    const staffRole = await roleId('staff');
    const dept = await deptId('学生处');
    const loginName = unique('new');
    // An account is letters, digits and . _ @ - (it is typed at every sign-in).
    for (const bad of ['qa user!', '张三', ' lead', '-dash']) {
      const r = await server.post(
        '/api/core/user/save',
        { loginName: bad, realName: '坏账号', password: 'Given@2024', roleIds: [staffRole] },
        as(admin),
      );
      expect(r.body.code, bad).toBe('40000');
      expect(r.body.msg).toContain('登录账号');
    }
    const saved = ok(
      await server.post(
        '/api/core/user/save',
        { loginName, realName: '新教师', deptId: dept, roleIds: [staffRole], password: 'Given@2024', phone: '13800138000' },
        as(admin),
      ),
    );
    expect(saved).toMatchObject({ loginName, realName: '新教师', deptId: dept, roleIds: [staffRole], status: '0' });
    const info = ok(await server.get(`/api/core/user/infoById/${saved.id}`, as(admin)));
    expect(info).toMatchObject({ rePassword: true, deptId: dept, roleIds: [staffRole], deptIdLabel: '学生处' });
    expect(JSON.stringify(info)).not.toMatch(/passwordHash|password_hash|scrypt/);

    // The given password, not the initial one.
    expect((await signIn(loginName, INIT_PASSWORD)).body.code).toBe('40100');
    const signedIn = await signIn(loginName, 'Given@2024');
    expect(signedIn.body.code, signedIn.body.msg).toBe('0');
    const token = signedIn.body.data.token;
    const me = ok(await server.get('/api/core/user/info', { token }));
    expect(me).toMatchObject({ id: saved.id, roleIds: [staffRole], deptName: '学生处', rePassword: true });
    expect(me.buttons).toContain('system:noticeUserRel:list');
    // Until the password is changed, keyed calls are refused.
    const blocked = await server.get('/api/core/noticeUserRel/page', as(token, 'zh-CN'));
    expect(blocked.body).toMatchObject({ code: '40103', msg: '请先修改密码' });
    ok(await server.post('/api/core/user/upPassword', { oldPassword: 'Given@2024', newPassword: 'Mine@2024' }, { token }));
    const again = await server.login(loginName, 'Mine@2024');
    expect(ok(await server.get('/api/core/user/info', { token: again })).rePassword).toBe(false);
    expect((await server.get('/api/core/noticeUserRel/page', as(again))).body.code).toBe('0');
  });

  it('gives a user saved without a password a one-time password, or the site’s initial password (config sys.user.initPassword)', async () => {
    const plain = await makeUser({ password: undefined }, false);
    const oneTime = String(plain.saved.oneTimePassword);
    const first = await signIn(plain.loginName, oneTime);
    expect(first.body.code, first.body.msg).toBe('0');
    expect(ok(await server.get('/api/core/user/info', { token: first.body.data.token })).rePassword).toBe(true);

    // The initial password is the site's setting: set it, and the next user gets it (and no one-time one).
    const setting = (
      await rows<{ id: number; version: number }>(
        sql`select id, version from sys_config where config_key = 'sys.user.initPassword' and top_dept_id = ${await siteId('demo')}`,
      )
    )[0]!;
    ok(
      await server.post(
        '/api/core/config/update',
        { id: Number(setting.id), version: setting.version, configValue: 'Start@2025' },
        as(admin),
      ),
    );
    const later = await makeUser({ password: undefined }, false);
    expect(later.saved.oneTimePassword).toBeUndefined();
    expect((await signIn(later.loginName, INIT_PASSWORD)).body.code).toBe('40100');
    expect((await signIn(later.loginName, 'Start@2025')).body.code).toBe('0');
    ok(
      await server.post(
        '/api/core/config/update',
        { id: Number(setting.id), version: setting.version + 1, configValue: INIT_PASSWORD },
        as(admin),
      ),
    );

    // A weak given password is refused, and nobody is made.
    const weak = await server.post(
      '/api/core/user/save',
      { loginName: unique('weak'), realName: '弱密码', password: 'abc', roleIds: [await roleId('staff')] },
      as(admin, 'en-US'),
    );
    expect(weak.body.code).toBe('40000');
    expect(weak.body.msg).toMatch(/password/i);
    // A login name is the site's only once.
    const dup = await server.post(
      '/api/core/user/save',
      { loginName: 'staff', realName: '重复', roleIds: [await roleId('staff')] },
      as(admin, 'zh-CN'),
    );
    expect(dup.body).toMatchObject({ code: '40900', msg: '登录账号“staff”已存在' });
    const renamed = ok(await server.get(`/api/core/user/infoById/${plain.id}`, as(admin)));
    const clash = await server.post(
      '/api/core/user/update',
      { id: plain.id, version: renamed.version, loginName: 'staff' },
      as(admin, 'en-US'),
    );
    expect(clash.body).toMatchObject({ code: '40900', msg: 'The account name "staff" is already taken' });
    // Keeping one's own name is no clash.
    ok(
      await server.post(
        '/api/core/user/update',
        { id: plain.id, version: renamed.version, loginName: plain.loginName, realName: '同名' },
        as(admin),
      ),
    );
    expect(await rows(sql`select id from sys_user where real_name in ('弱密码', '重复')`)).toEqual([]);
  });

  it('refuses a user without roles, on save and on update, changing nothing (C3.3)', async () => {
    for (const roleIds of [undefined, []]) {
      const loginName = unique('norole');
      const r = await server.post(
        '/api/core/user/save',
        { loginName, realName: '无角色', password: 'Given@2024', roleIds },
        as(admin, 'zh-CN'),
      );
      expect(r.body.code, JSON.stringify(roleIds)).toBe('40000');
      expect(r.body.msg).toContain('角色');
      expect(await rows(sql`select id from sys_user where login_name = ${loginName}`)).toEqual([]);
    }
    const u = await makeUser({}, false);
    const before = ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin)));
    const emptied = await server.post(
      '/api/core/user/update',
      { id: u.id, version: before.version, roleIds: [] },
      as(admin, 'en-US'),
    );
    expect(emptied.body).toMatchObject({ code: '40000', msg: 'Invalid request: Roles needs at least 1 items' });
    expect(ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin)))).toMatchObject({
      roleIds: before.roleIds,
      version: before.version,
    });
  });

  it('updates a user with its version and refuses a stale one (C7.22)', async () => {
    const u = await makeUser({}, false);
    const updated = ok(
      await server.post(
        '/api/core/user/update',
        { id: u.id, version: 0, realName: '改过的名字', deptId: await deptId('图书馆') },
        as(admin),
      ),
    );
    expect(updated).toMatchObject({ realName: '改过的名字', version: 1 });
    const stale = await server.post('/api/core/user/update', { id: u.id, version: 0, realName: '旧版本' }, as(admin, 'zh-CN'));
    expect(stale.body).toMatchObject({ code: '40900', msg: '该记录已被他人修改，请刷新后再试' });
    const info = ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin)));
    expect(info).toMatchObject({ realName: '改过的名字', deptIdLabel: '图书馆', version: 1 });
    const listed = ok(await server.get(`/api/core/user/page?realName=${encodeURIComponent('改过的名字')}`, as(admin)));
    expect(listed.records.map((r: Row) => r.id)).toEqual([u.id]);
  });

  it('disables a user, who then cannot sign in and whose sessions stop (C7.24)', async () => {
    const u = await makeUser();
    const before = ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin)));
    const off = ok(await server.post('/api/core/user/status', { id: u.id, version: before.version, status: '1' }, as(admin)));
    expect(off).toMatchObject({ status: '1', version: before.version + 1 });
    expect((await server.get('/api/core/user/info', { token: u.token })).body.code).toBe('40102');
    const refused = await signIn(u.loginName, u.password);
    expect(refused.body).toMatchObject({ code: '40106', msg: 'The account is disabled, please contact an administrator' });
    const listed = ok(await server.get(`/api/core/user/page?status=1&loginName=${u.loginName}`, as(admin)));
    expect(listed.records.map((r: Row) => r.status)).toEqual(['1']);
    // Pickers leave the disabled out, unless asked by id.
    const picker = ok(await server.get(`/api/core/user/pageOfBase?realName=${encodeURIComponent(u.loginName)}`, as(staff)));
    expect(picker.total).toBe(0);
    expect(ok(await server.get(`/api/core/user/pageOfBase?ids=${u.id}`, as(staff))).total).toBe(1);

    ok(await server.post('/api/core/user/status', { id: u.id, version: off.version, status: '0' }, as(admin)));
    expect((await signIn(u.loginName, u.password)).body.code).toBe('0');
    const bad = await server.post(
      '/api/core/user/status',
      { id: u.id, version: off.version + 1, status: '7' },
      as(admin, 'en-US'),
    );
    expect(bad.body.code).toBe('40000');
  });

  it('keeps the password validity to whole days from 0 to 3650 and lists whose password has expired (C3.13)', async () => {
    const setting = async () =>
      (
        await rows<{ id: number; version: number }>(
          sql`select id, version from sys_config where config_key = 'sys.account.passwordValidateDays' and top_dept_id = ${await siteId('demo')}`,
        )
      )[0]!;
    const set = async (value: string) => {
      const row = await setting();
      return server.post(
        '/api/core/config/update',
        { id: Number(row.id), version: row.version, configValue: value },
        as(admin, 'en-US'),
      );
    };
    for (const bad of ['0.00001', '-1', '3651', 'ninety', '1e3']) {
      expect((await set(bad)).body, bad).toMatchObject({
        code: '40000',
        msg: 'The setting "Password validity (days)" must be a whole number from 0 to 3650',
      });
    }
    // Nobody is sent to change their password by a refused value.
    expect(ok(await server.get('/api/core/user/info', { token: staff })).passwordExpire).toBe(false);

    ok(await set(' 30 '));
    const u = await makeUser({}, false);
    await rows(sql`update sys_user set password_changed_at = now() - interval '40 days' where id = ${u.id}`);
    const page = ok(await server.get('/api/core/user/page?pageSize=100', as(admin)));
    for (const rec of page.records) expect(rec, rec.loginName).toHaveProperty('passwordExpire', rec.id === u.id);
    expect(ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin))).passwordExpire).toBe(true);
    const listed = ok(await server.get<Row[]>('/api/core/user/list', as(admin)));
    expect(listed.filter((r) => r.passwordExpire).map((r) => r.id)).toEqual([u.id]);
    ok(await set('90'));
    expect(ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin))).passwordExpire).toBe(false);
  });

  it('resets a password: the old one stops working and every session ends (C7.25)', async () => {
    const u = await makeUser();
    const other = (await signIn(u.loginName, u.password)).body.data.token;
    const reset = await server.post('/api/core/user/resetPwd', { id: u.id, password: 'Reset@2024' }, as(admin, 'zh-CN'));
    expect(reset.body).toMatchObject({ code: '0', msg: '密码已重置，用户下次登录须修改密码' });
    for (const token of [u.token, other]) expect((await server.get('/api/core/user/info', { token })).body.code).toBe('40102');
    expect((await signIn(u.loginName, u.password)).body.code).toBe('40100');
    const fresh = await signIn(u.loginName, 'Reset@2024');
    expect(fresh.body.code).toBe('0');
    expect(ok(await server.get('/api/core/user/info', { token: fresh.body.data.token })).rePassword).toBe(true);

    ok(await server.post('/api/core/user/resetDefaultPwd', { id: u.id }, as(admin)));
    expect((await server.get('/api/core/user/info', { token: fresh.body.data.token })).body.code).toBe('40102');
    expect((await signIn(u.loginName, 'Reset@2024')).body.code).toBe('40100');
    expect((await signIn(u.loginName, INIT_PASSWORD)).body.code).toBe('0');

    const weak = await server.post('/api/core/user/resetPwd', { id: u.id, password: 'short' }, as(admin, 'en-US'));
    expect(weak.body.code).toBe('40000');
    expect((await signIn(u.loginName, INIT_PASSWORD)).body.code).toBe('0');
  });

  it('removes a user: gone from the page, their sign-in gone (C7.23)', async () => {
    const u = await makeUser();
    const r = ok(await server.post('/api/core/user/remove', { ids: [u.id] }, as(admin)));
    expect(r).toEqual({ removed: 1 });
    expect((await server.get(`/api/core/user/infoById/${u.id}`, as(admin))).body.code).toBe('40400');
    expect(ok(await server.get(`/api/core/user/page?loginName=${u.loginName}`, as(admin))).total).toBe(0);
    expect((await server.get('/api/core/user/info', { token: u.token })).body.code).toBe('40102');
    expect((await signIn(u.loginName, u.password)).body.code).toBe('40100');
    expect((await server.post('/api/core/user/remove', { ids: [u.id] }, as(admin))).body.code).toBe('40400');
  });

  it('lifts a sign-in lock at once (C7.27)', async () => {
    const u = await makeUser();
    for (let i = 0; i < 4; i++) expect((await signIn(u.loginName, 'Wrong@0000')).body.code).toBe('40100');
    expect((await signIn(u.loginName, 'Wrong@0000')).body.code).toBe('40105');
    expect((await signIn(u.loginName, u.password)).body.code).toBe('40105');
    const r = await server.post('/api/core/user/unlockPassword', { id: u.id }, as(admin, 'en-US'));
    expect(r.body.code).toBe('0');
    // No captcha needed any more either.
    expect((await server.post('/api/auth/login/account', { loginName: u.loginName, password: u.password })).body.code).toBe('0');
  });
});

describe('roles', () => {
  it('pages the roles and lists the enabled ones for pickers (C7.29)', async () => {
    const demoRoles = await rows<{ id: number; status: string }>(
      sql`select id, status from sys_role where top_dept_id = ${await siteId('demo')}`,
    );
    const page = ok(await server.get('/api/core/role/page?pageNum=1&pageSize=10', as(admin)));
    expect(page).toMatchObject({ total: demoRoles.length, pageNum: 1, pageSize: 10 });
    expect(page.records[0]).toMatchObject({ roleKey: 'admin', roleName: '超级管理员', dataScope: '1' });
    for (const f of ['id', 'roleName', 'roleKey', 'dataScope', 'status', 'menuIds', 'deptIds'])
      expect(page.records[0]).toHaveProperty(f);
    const all = ok(await server.get<Row[]>('/api/core/role/all', as(staff)));
    expect(all.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      demoRoles
        .filter((r) => r.status === '0')
        .map((r) => Number(r.id))
        .sort((a, b) => a - b),
    );
    expect(all.find((r) => r.roleKey === 'staff')).toMatchObject({ roleName: '教职工' });
  });

  it('refuses to enable or disable a user or a role on a stale or missing version, changing nothing', async () => {
    const u = await makeUser({}, false);
    const role = await makeRole();
    for (const [api, id] of [
      ['user', u.id],
      ['role', Number(role.id)],
    ] as const) {
      const row = ok(await server.get(`/api/core/${api}/infoById/${id}`, as(admin)));
      // Someone else edits the row meanwhile: the version the list showed is stale.
      ok(await server.post(`/api/core/${api}/update`, { id, version: row.version, remark: '别人改过' }, as(admin)));
      const stale = await server.post(`/api/core/${api}/status`, { id, version: row.version, status: '1' }, as(admin, 'zh-CN'));
      expect(stale.body, api).toMatchObject({ code: '40900', msg: '该记录已被他人修改，请刷新后再试' });
      const missing = await server.post(`/api/core/${api}/status`, { id, status: '1' }, as(admin, 'en-US'));
      expect(missing.body, api).toMatchObject({ code: '40000', msg: 'Invalid request: version is required' });
      const now = ok(await server.get(`/api/core/${api}/infoById/${id}`, as(admin)));
      expect(now, api).toMatchObject({ status: '0', version: row.version + 1 });
      const off = ok(await server.post(`/api/core/${api}/status`, { id, version: now.version, status: '1' }, as(admin)));
      expect(off, api).toMatchObject({ status: '1', version: now.version + 1 });
    }
  });

  it('saves a role with its menus and updates them (C7.30, C6.6)', async () => {
    const granted = await menuIds(['system', 'user']);
    const role = await makeRole({ menuIds: granted, dataScope: '3', remark: '用户管理' });
    expect(role.menuIds).toEqual(granted);
    const held = ok(await server.get<Row[]>(`/api/core/menu/role/${role.id}`, as(admin)));
    // In the caller's language, numbered as /core/menu/list numbers the same entries.
    const english = ok(await server.get<Row[]>(`/api/core/menu/role/${role.id}`, as(admin, 'en-US')));
    const listed = ok(await server.get<Row[]>('/api/core/menu/list', as(admin, 'en-US')));
    for (const m of english) {
      const same = listed.find((l) => l.id === m.id)!;
      expect(m, m.menuKey).toMatchObject({ id: same.id, parentId: same.parentId, menuName: same.menuName });
    }
    expect(english.find((m) => m.menuKey === 'system')!.menuName).toBe('System');
    expect(held.find((m) => m.menuKey === 'system')!.menuName).toBe('系统管理');
    expect(held.map((m) => m.id).sort((a, b) => a - b)).toEqual(granted);
    expect(held.map((m) => m.perms)).toEqual(
      expect.arrayContaining(['system:user:list', 'system:user:add', 'system:user:resetPwd']),
    );

    const changed = await menuIds(['system', 'dept']);
    const updated = ok(
      await server.post(
        '/api/core/role/update',
        { id: role.id, version: role.version, roleName: '部门管理员', menuIds: changed },
        as(admin),
      ),
    );
    expect(updated).toMatchObject({ roleName: '部门管理员', menuIds: changed });
    const now = ok(await server.get<Row[]>(`/api/core/menu/role/${role.id}`, as(admin)));
    expect(now.map((m) => m.perms)).toContain('system:dept:add');
    expect(now.map((m) => m.perms)).not.toContain('system:user:add');
    const page = ok(await server.get(`/api/core/role/page?roleName=${encodeURIComponent('部门管理员')}`, as(admin)));
    expect(page.records.map((r: Row) => r.id)).toEqual([role.id]);

    const stale = await server.post('/api/core/role/update', { id: role.id, version: role.version, roleName: '旧' }, as(admin));
    expect(stale.body.code).toBe('40900');
    const dup = await server.post('/api/core/role/save', { roleName: '重复', roleKey: role.roleKey }, as(admin, 'zh-CN'));
    expect(dup.body).toMatchObject({ code: '40900', msg: `权限字符“${role.roleKey}”已存在` });
  });

  it('disables a role: gone from pickers and its holders lose its keys (C7.31)', async () => {
    const role = await makeRole({ menuIds: await menuIds(['dict']), dataScope: '1' });
    const u = await makeUser({ roleIds: [role.id] });
    expect(ok(await server.get('/api/core/user/info', { token: u.token })).buttons).toContain('system:dict:add');
    const off = ok(await server.post('/api/core/role/status', { id: role.id, version: role.version, status: '1' }, as(admin)));
    expect(off.status).toBe('1');
    expect(ok(await server.get<Row[]>('/api/core/role/all', as(admin))).map((r) => r.id)).not.toContain(role.id);
    expect(ok(await server.get('/api/core/user/info', { token: u.token })).buttons).not.toContain('system:dict:add');
    expect((await server.get('/api/core/dictType/page', as(u.token))).body.code).toBe('40103');
    ok(await server.post('/api/core/role/status', { id: role.id, version: off.version, status: '0' }, as(admin)));
    expect((await server.get('/api/core/dictType/page', as(u.token))).body.code).toBe('0');
  });

  it('refuses to remove a role while users hold it, naming it, and removes it after (C7.31)', async () => {
    const role = await makeRole({ roleName: '临时角色甲' });
    const u = await makeUser({ roleIds: [role.id] }, false);
    const refused = await server.post('/api/core/role/remove', { ids: [role.id] }, as(admin, 'zh-CN'));
    expect(refused.body).toMatchObject({ code: '40900', msg: '角色“临时角色甲”已分配给 1 个用户，不能删除' });
    const en = await server.post('/api/core/role/remove', { ids: [role.id] }, as(admin, 'en-US'));
    expect(en.body.msg).toBe('The role "临时角色甲" is held by 1 users and cannot be deleted');
    expect((await server.get(`/api/core/role/infoById/${role.id}`, as(admin))).body.code).toBe('0');

    const holder = ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin)));
    ok(
      await server.post(
        '/api/core/user/update',
        { id: u.id, version: holder.version, roleIds: [await roleId('staff')] },
        as(admin),
      ),
    );
    expect(ok(await server.post('/api/core/role/remove', { ids: [role.id] }, as(admin)))).toEqual({ removed: 1 });
    expect((await server.get(`/api/core/role/infoById/${role.id}`, as(admin))).body.code).toBe('40400');
    expect(ok(await server.get('/api/core/role/page?pageSize=100', as(admin))).records.map((r: Row) => r.id)).not.toContain(
      role.id,
    );
  });

  it('keeps the custom departments of a data scope (C7.32, C6.7)', async () => {
    const role = await makeRole({ dataScope: '1' });
    const chosen = [await deptId('教务处'), await deptId('学生处')].sort((a, b) => a - b);
    ok(await server.post('/api/core/role/authDataScope', { id: role.id, dataScope: '2', deptIds: chosen }, as(admin)));
    expect(ok(await server.get(`/api/core/dept/role/${role.id}`, as(admin)))).toEqual({ dataScope: '2', checkedKeys: chosen });
    expect(ok(await server.get(`/api/core/role/infoById/${role.id}`, as(admin)))).toMatchObject({
      dataScope: '2',
      deptIds: chosen,
    });
    // Another scope drops the departments.
    ok(await server.post('/api/core/role/authDataScope', { id: role.id, dataScope: '4', deptIds: chosen }, as(admin)));
    expect(ok(await server.get(`/api/core/dept/role/${role.id}`, as(admin)))).toEqual({ dataScope: '4', checkedKeys: [] });
    const bad = await server.post('/api/core/role/authDataScope', { id: role.id, dataScope: '9' }, as(admin, 'en-US'));
    expect(bad.body.code).toBe('40000');
    expect(bad.body.msg).toContain('dataScope');
  });
});

describe('menus', () => {
  it('lists every entry for admin and a role’s entries by role (C7.33)', async () => {
    const demoMenus = await rows(sql`select id from sys_menu where top_dept_id = ${await siteId('demo')}`);
    const list = ok(await server.get<Row[]>('/api/core/menu/list', as(admin, 'en-US')));
    expect(list).toHaveLength(demoMenus.length);
    expect(list.find((m) => m.menuKey === 'user')).toMatchObject({ menuName: 'Users', perms: 'system:user:list', menuType: 'C' });
    const staffMenus = ok(await server.get<Row[]>(`/api/core/menu/role/${await roleId('staff')}`, as(admin)));
    expect(staffMenus.map((m) => m.menuKey)).toEqual(expect.arrayContaining(['leaveApply', 'noticeUserRelList']));
    expect(staffMenus.map((m) => m.menuKey)).not.toContain('user');
  });

  it('adds an entry, hides it with visible 1, turns it off, and keeps a parent with children (C7.34, C7.35)', async () => {
    const system = (await menuIds(['system'], false))[0]!;
    const key = unique('menu').replace(/_/g, '');
    const saved = ok(
      await server.post(
        '/api/core/menu/save',
        {
          parentId: system,
          menuName: '测试页面',
          menuKey: key,
          menuType: 'C',
          path: `/system/${key}`,
          component: 'Dict',
          perms: `system:${key}:list`,
        },
        as(admin),
      ),
    );
    expect(saved).toMatchObject({ menuName: '测试页面', parentId: system, visible: '0', status: '0' });
    const child = ok(
      await server.post(
        '/api/core/menu/save',
        { parentId: saved.id, menuName: '测试按钮', menuKey: `${key}:add`, menuType: 'F', perms: `system:${key}:add` },
        as(admin),
      ),
    );
    expect(ok(await server.get<Row[]>('/api/core/menu/list', as(admin))).map((m) => m.id)).toEqual(
      expect.arrayContaining([saved.id, child.id]),
    );

    // A holder of a role with the entry sees it in their menu, and then sees it hidden.
    const role = await makeRole({ menuIds: [system, saved.id, child.id] });
    const u = await makeUser({ roleIds: [role.id] });
    const mine = async () =>
      ok(await server.get<Row[]>('/api/core/menu/user', { token: u.token })).find((m) => m.menuKey === key);
    expect(await mine()).toMatchObject({ visible: '0', path: `/system/${key}`, component: 'Dict', menuName: '测试页面' });
    expect(ok(await server.get('/api/core/user/info', { token: u.token })).buttons).toEqual(
      expect.arrayContaining([`system:${key}:list`, `system:${key}:add`]),
    );
    const hidden = ok(
      await server.post('/api/core/menu/update', { id: saved.id, version: saved.version, visible: '1' }, as(admin)),
    );
    expect(hidden.visible).toBe('1');
    // Spec section 3: visible '1' means hidden — the route stays, the browser leaves it out of the menu.
    expect(await mine()).toMatchObject({ visible: '1' });
    ok(await server.post('/api/core/menu/status', { id: saved.id, version: hidden.version, status: '1' }, as(admin)));
    expect(await mine()).toBeUndefined();
    expect(ok(await server.get('/api/core/user/info', { token: u.token })).buttons).not.toContain(`system:${key}:list`);

    const refused = await server.post(`/api/core/menu/remove/${saved.id}`, {}, as(admin, 'zh-CN'));
    expect(refused.body).toMatchObject({ code: '40900', msg: '菜单“测试页面”存在子菜单，不能删除' });
    const cycle = await server.post(
      '/api/core/menu/update',
      { id: saved.id, version: saved.version + 2, parentId: child.id },
      as(admin, 'zh-CN'),
    );
    expect(cycle.body).toMatchObject({ code: '40000', msg: '上级不能是自己或自己的下级' });

    ok(await server.post(`/api/core/menu/remove/${child.id}`, {}, as(admin)));
    ok(await server.post(`/api/core/menu/remove/${saved.id}`, {}, as(admin)));
    const after = ok(await server.get<Row[]>('/api/core/menu/list', as(admin))).map((m) => m.id);
    expect(after).not.toContain(saved.id);
    expect(after).not.toContain(child.id);
    expect(ok(await server.get<Row[]>(`/api/core/menu/role/${role.id}`, as(admin))).map((m) => m.id)).toEqual([system]);
  });
});

describe('departments', () => {
  it('lists the tree and pages options (C7.36)', async () => {
    const demo = await rows(sql`select id from sys_dept where top_dept_id = ${await siteId('demo')}`);
    const list = ok(await server.get<Row[]>('/api/core/dept/list', as(staff)));
    expect(list).toHaveLength(demo.length);
    expect(list.filter((d) => d.parentId === 0).map((d) => d.deptName)).toEqual(['示范区第一中学']);
    expect(list.map((d) => d.deptName)).not.toContain('内科');
    const options = ok(await server.get('/api/core/dept/pageOfOption?pageNum=1&pageSize=5', as(staff)));
    expect(options).toMatchObject({ total: demo.length, pageSize: 5 });
    expect(options.records).toHaveLength(5);
    for (const o of options.records) expect(o).toMatchObject({ value: o.id, label: o.deptName });
    const named = ok(await server.get(`/api/core/dept/pageOfOption?deptName=${encodeURIComponent('财务')}`, as(staff)));
    expect(named.records.map((o: Row) => o.label)).toEqual(['财务室']);
  });

  it('moves a department with its subtree, which data scope 4 then follows (C7.40)', async () => {
    const top = await siteId('demo');
    const a = ok(await server.post('/api/core/dept/save', { parentId: top, deptName: unique('甲部门') }, as(admin)));
    const b = ok(await server.post('/api/core/dept/save', { parentId: a.id, deptName: unique('乙科室') }, as(admin)));
    const c = ok(await server.post('/api/core/dept/save', { parentId: top, deptName: unique('丙部门') }, as(admin)));
    const ancestors = async (id: number) =>
      (await rows<{ ancestors: string }>(sql`select ancestors from sys_dept where id = ${id}`))[0]!.ancestors;
    expect(await ancestors(b.id)).toBe(`0,${top},${a.id}`);

    const role = await makeRole({ dataScope: '4', menuIds: await menuIds(['user']) });
    const watcher = await makeUser({ deptId: c.id, roleIds: [role.id] });
    const inB = await makeUser({ deptId: b.id }, false);
    const seen = async () => (await userPage(watcher.token)).records.map((r: Row) => r.id).sort((x: number, y: number) => x - y);
    expect(await seen()).toEqual([watcher.id]);

    const moved = ok(await server.post('/api/core/dept/update', { id: a.id, version: a.version, parentId: c.id }, as(admin)));
    expect(moved.parentId).toBe(c.id);
    expect(await ancestors(a.id)).toBe(`0,${top},${c.id}`);
    expect(await ancestors(b.id)).toBe(`0,${top},${c.id},${a.id}`);
    expect(await seen()).toEqual([watcher.id, inB.id].sort((x, y) => x - y));
    const tree = ok(await server.get<Row[]>('/api/core/dept/list', as(admin)));
    expect(tree.find((d) => d.id === a.id)).toMatchObject({ parentId: c.id });

    // No cycles: not under itself, not under its own descendant.
    const self = await server.post('/api/core/dept/update', { id: c.id, version: c.version, parentId: c.id }, as(admin, 'zh-CN'));
    expect(self.body).toMatchObject({ code: '40000', msg: '上级不能是自己或自己的下级' });
    const below = await server.post(
      '/api/core/dept/update',
      { id: c.id, version: c.version, parentId: b.id },
      as(admin, 'en-US'),
    );
    expect(below.body).toMatchObject({ code: '40000', msg: 'The parent cannot be the item itself or one of its descendants' });
    expect(await ancestors(c.id)).toBe(`0,${top}`);
  });

  it('refuses to remove a department with sub-departments or users, and the top one (C7.41)', async () => {
    const top = await siteId('demo');
    const parent = ok(await server.post('/api/core/dept/save', { parentId: top, deptName: '待删部门' }, as(admin)));
    const child = ok(await server.post('/api/core/dept/save', { parentId: parent.id, deptName: '待删科室' }, as(admin)));
    const u = await makeUser({ deptId: child.id }, false);

    const withChildren = await server.post(`/api/core/dept/remove/${parent.id}`, {}, as(admin, 'zh-CN'));
    expect(withChildren.body).toMatchObject({ code: '40900', msg: '部门“待删部门”存在下级部门，不能删除' });
    const withUsers = await server.post(`/api/core/dept/remove/${child.id}`, {}, as(admin, 'zh-CN'));
    expect(withUsers.body).toMatchObject({ code: '40900', msg: '部门“待删科室”下还有 1 个用户，不能删除' });
    const topDept = await server.post(`/api/core/dept/remove/${top}`, {}, as(admin, 'en-US'));
    expect(topDept.body).toMatchObject({ code: '40900', msg: 'The top department cannot be deleted or moved under another one' });
    const topInfo = ok(await server.get(`/api/core/dept/infoById/${top}`, as(admin)));
    const topMoved = await server.post(
      '/api/core/dept/update',
      { id: top, version: topInfo.version, parentId: parent.id },
      as(admin),
    );
    expect(topMoved.body.code).toBe('40000');

    ok(await server.post('/api/core/user/remove', { ids: [u.id] }, as(admin)));
    ok(await server.post(`/api/core/dept/remove/${child.id}`, {}, as(admin)));
    ok(await server.post(`/api/core/dept/remove/${parent.id}`, {}, as(admin)));
    const names = ok(await server.get<Row[]>('/api/core/dept/list', as(admin))).map((d) => d.deptName);
    expect(names).not.toContain('待删部门');
    expect(names).not.toContain('待删科室');
    expect(names).toContain('示范区第一中学');
  });

  it('answers a role’s custom departments (C7.37)', async () => {
    const role = await makeRole({ dataScope: '2', deptIds: [await deptId('财务室')] });
    expect(ok(await server.get(`/api/core/dept/role/${role.id}`, as(admin)))).toEqual({
      dataScope: '2',
      checkedKeys: [await deptId('财务室')],
    });
    expect((await server.get('/api/core/dept/role/999999', as(admin))).body.code).toBe('40400');
  });
});

describe('organisation base info', () => {
  it('reads and updates it; the sign-in page shows the new title and the disable switch (C7.43, C7.44)', async () => {
    const top = await siteId('demo');
    const base = ok(await server.get(`/api/core/deptBase/get/${top}`, as(admin)));
    expect(base).toMatchObject({ id: top, navTitle: '内控系统', loginTitle: '内控系统', label: '示范区第一中学' });
    expect(base.extend).toMatchObject({ topDeptName: '示范区第一中学', disable: false });

    const updated = ok(
      await server.post('/api/core/deptBase/update', { id: top, version: base.version, navTitle: '第一中学内控' }, as(admin)),
    );
    expect(updated.navTitle).toBe('第一中学内控');
    const shown = ok(await server.get('/api/core/dept/infoByTopDeptKey/demo'));
    expect(shown).toMatchObject({ navTitle: '第一中学内控', loginTitle: '内控系统' });
    expect(shown.extend).toMatchObject({ topDeptName: '示范区第一中学', disable: false });

    ok(
      await server.post('/api/core/deptBase/update', { id: top, version: updated.version, extend: { disable: true } }, as(admin)),
    );
    const off = ok(await server.get(`/api/core/deptBase/get/${top}`, as(admin)));
    expect(off.extend).toMatchObject({ disable: true, topDeptName: '示范区第一中学' });
    expect(off.navTitle).toBe('第一中学内控');
    expect(ok(await server.get('/api/core/dept/infoByTopDeptKey/demo')).extend.disable).toBe(true);
    ok(await server.post('/api/core/deptBase/update', { id: top, version: off.version, extend: { disable: false } }, as(admin)));
    expect(ok(await server.get('/api/core/dept/infoByTopDeptKey/demo')).extend.disable).toBe(false);
    // The other organisation is untouched.
    expect(ok(await server.get('/api/core/dept/infoByTopDeptKey/city')).navTitle).toBe('资产管理平台');
    expect((await server.get(`/api/core/deptBase/get/${top}`, as(cityadmin, 'zh-CN', 'city'))).body.code).toBe('40400');
  });
});

describe('other systems of the organisation (issue 19)', () => {
  it('refuses an entry whose name is spaces alone, and keeps only the entry’s fields', async () => {
    const top = await siteId('demo');
    const base = ok(await server.get(`/api/core/deptBase/get/${top}`, as(admin)));
    const update = (version: number, otherSystemList: unknown) =>
      server.post('/api/core/deptBase/update', { id: top, version, extend: { otherSystemList } }, as(admin, 'en-US'));
    refused(await update(base.version, [{ name: '  \u3000', url: 'https://finance.example.org' }]), /required/);
    refused(await update(base.version, [{ name: 'Finance', url: 'not a link' }]));
    const saved = ok(
      await update(base.version, [{ name: 'Finance', url: 'https://finance.example.org', __DO_NOT_USE_THIS_PROPERTY_index__: 0 }]),
    );
    const read = ok(await server.get(`/api/core/deptBase/get/${saved.id}`, as(admin)));
    expect(read.extend.otherSystemList).toEqual([{ name: 'Finance', url: 'https://finance.example.org' }]);
    ok(await update(read.version, []));
  });
});

describe('data scope end to end', () => {
  it('custom (2): only the users of the chosen department', async () => {
    const chosen = await deptId('学生处');
    const role = await makeRole({ dataScope: '1', menuIds: await menuIds(['user']) });
    ok(await server.post('/api/core/role/authDataScope', { id: role.id, dataScope: '2', deptIds: [chosen] }, as(admin)));
    const u = await makeUser({ deptId: await deptId('信息中心'), roleIds: [role.id] });
    const expected = (await demoUsers()).filter((x) => x.deptId === chosen).map((x) => x.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await userPage(u.token);
    expect(page.records.map((r: Row) => r.id).sort((a: number, b: number) => a - b)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    // Outside the scope is as good as missing.
    expect((await server.get('/api/core/user/infoById/1', as(u.token))).body.code).toBe('40400');
  });

  it('self only (5): the user’s own row', async () => {
    const role = await makeRole({ dataScope: '5', menuIds: await menuIds(['user']) });
    const u = await makeUser({ deptId: await deptId('教务处'), roleIds: [role.id] });
    const page = await userPage(u.token);
    expect(page.records.map((r: Row) => r.id)).toEqual([u.id]);
    expect(page.total).toBe(1);
    const list = ok(await server.get<Row[]>('/api/core/user/listContainDept', as(u.token)));
    expect(list.map((r) => r.id)).toEqual([u.id]);
  });

  it('own department and below (4): the department’s users and those of its sub-departments', async () => {
    const top = await siteId('demo');
    const parent = ok(await server.post('/api/core/dept/save', { parentId: top, deptName: unique('上级') }, as(admin)));
    const sub = ok(await server.post('/api/core/dept/save', { parentId: parent.id, deptName: unique('下级') }, as(admin)));
    const role = await makeRole({ dataScope: '4', menuIds: await menuIds(['user']) });
    const boss = await makeUser({ deptId: parent.id, roleIds: [role.id] });
    const worker = await makeUser({ deptId: sub.id }, false);
    const page = await userPage(boss.token);
    expect(page.records.map((r: Row) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      [boss.id, worker.id].sort((a, b) => a - b),
    );
    // The sub-department's user does not see up the tree.
    const subRole = await makeRole({ dataScope: '4', menuIds: await menuIds(['user']) });
    const w = ok(await server.get(`/api/core/user/infoById/${worker.id}`, as(admin)));
    ok(await server.post('/api/core/user/update', { id: worker.id, version: w.version, roleIds: [subRole.id] }, as(admin)));
    const first = await server.login(worker.loginName, 'First@2024');
    ok(
      await server.post('/api/core/user/upPassword', { oldPassword: 'First@2024', newPassword: 'Ready@2024' }, { token: first }),
    );
    const token = await server.login(worker.loginName, 'Ready@2024');
    expect((await userPage(token)).records.map((r: Row) => r.id)).toEqual([worker.id]);
  });
});

describe('no privilege escalation', () => {
  /** A site administrator without the admin role: system users and roles, with every button there. */
  let sub: Awaited<ReturnType<typeof makeUser>>;
  let subRole: Row;
  beforeAll(async () => {
    subRole = await makeRole({
      roleName: '用户与角色管理员',
      dataScope: '1',
      menuIds: await menuIds(['system', 'user', 'role']),
    });
    sub = await makeUser({ deptId: await deptId('信息中心'), roleIds: [subRole.id] });
  });

  it('lets the site administrator work within what they hold', async () => {
    const info = ok(await server.get('/api/core/user/info', { token: sub.token }));
    expect(info.admin).toBe(false);
    expect(info.buttons).toEqual(expect.arrayContaining(['system:user:add', 'system:role:grant']));
    const role = await makeRole({ menuIds: await menuIds(['user']) }, sub.token);
    const u = await makeUser({ roleIds: [role.id] }, false, sub.token);
    expect(ok(await server.get(`/api/core/user/infoById/${u.id}`, as(sub.token))).roleIds).toEqual([role.id]);
    ok(await server.post('/api/core/user/resetDefaultPwd', { id: u.id }, as(sub.token)));
  });

  it('refuses to grant a menu the administrator lacks, naming it', async () => {
    const dictName = await menuName('dict');
    const dictIds = await menuIds(['dict']);
    const save = await server.post(
      '/api/core/role/save',
      { roleName: '越权', roleKey: unique('up'), menuIds: dictIds },
      as(sub.token, 'zh-CN'),
    );
    expect(save.body.code).toBe('40103');
    expect(save.body.msg).toContain('不能授予自己没有的权限');
    expect(save.body.msg).toContain(dictName);
    expect((await rows(sql`select id from sys_role where role_name = '越权'`)).length).toBe(0);
    // Not by adding it to an existing role either, their own included.
    const mine = ok(await server.get(`/api/core/role/infoById/${subRole.id}`, as(sub.token)));
    const grow = await server.post(
      '/api/core/role/update',
      { id: subRole.id, version: mine.version, menuIds: [...mine.menuIds, ...dictIds] },
      as(sub.token, 'zh-CN'),
    );
    expect(grow.body.code).toBe('40103');
    expect(grow.body.msg).toContain(dictName);
    expect(ok(await server.get<Row[]>(`/api/core/menu/role/${subRole.id}`, as(admin))).map((m) => m.id)).not.toContain(
      dictIds[0],
    );
    // Nor by handing someone a role that holds more.
    const u = await makeUser({ roleIds: [subRole.id] }, false);
    const target = ok(await server.get(`/api/core/user/infoById/${u.id}`, as(admin)));
    const principalRole = await server.post(
      '/api/core/user/update',
      { id: u.id, version: target.version, roleIds: [await roleId('principal')] },
      as(sub.token, 'zh-CN'),
    );
    expect(principalRole.body.code).toBe('40103');
    expect(principalRole.body.msg).toContain('不能授予自己没有的权限');
    // The menu picker offers only what they hold.
    const offered = ok(await server.get<Row[]>('/api/core/menu/list', as(sub.token))).map((m) => m.id);
    expect(offered.sort((a, b) => a - b)).toEqual(await menuIds(['system', 'user', 'role']));
  });

  it('refuses to assign the admin role or change it', async () => {
    const adminRole = await roleId('admin');
    const create = await server.post(
      '/api/core/user/save',
      { loginName: unique('boss'), realName: '想当管理员', roleIds: [adminRole] },
      as(sub.token, 'zh-CN'),
    );
    expect(create.body).toMatchObject({ code: '40103', msg: '管理员角色只能由管理员修改或分配' });
    const self = ok(await server.get(`/api/core/user/infoById/${sub.id}`, as(sub.token)));
    const promote = await server.post(
      '/api/core/user/update',
      { id: sub.id, version: self.version, roleIds: [subRole.id, adminRole] },
      as(sub.token, 'zh-CN'),
    );
    expect(promote.body).toMatchObject({ code: '40103', msg: '管理员角色只能由管理员修改或分配' });
    expect(ok(await server.get(`/api/core/user/infoById/${sub.id}`, as(admin))).roleIds).toEqual([subRole.id]);
    const adminRow = ok(await server.get(`/api/core/role/infoById/${adminRole}`, as(sub.token)));
    const rename = await server.post(
      '/api/core/role/update',
      { id: adminRole, version: adminRow.version, roleName: '改名' },
      as(sub.token),
    );
    expect(rename.body.code).toBe('40103');
    expect(
      (await server.post('/api/core/role/status', { id: adminRole, version: adminRow.version, status: '1' }, as(sub.token))).body
        .code,
    ).toBe('40103');
    expect(ok(await server.get(`/api/core/role/infoById/${adminRole}`, as(admin)))).toMatchObject({
      roleName: '超级管理员',
      status: '0',
    });
  });

  it('never touches user 1 and never disables or removes themselves', async () => {
    const one = ok(await server.get('/api/core/user/infoById/1', as(sub.token)));
    const msg = '超级管理员（用户 1）只能由其本人修改';
    const attempts = [
      server.post('/api/core/user/update', { id: 1, version: one.version, realName: '被改了' }, as(sub.token)),
      server.post('/api/core/user/resetPwd', { id: 1, password: 'Taken@2024' }, as(sub.token)),
      server.post('/api/core/user/resetDefaultPwd', { id: 1 }, as(sub.token)),
      server.post('/api/core/user/status', { id: 1, version: one.version, status: '1' }, as(sub.token)),
      server.post('/api/core/user/remove', { ids: [1] }, as(sub.token)),
    ];
    for (const r of await Promise.all(attempts)) expect(r.body).toMatchObject({ code: '40103', msg });
    expect(ok(await server.get('/api/core/user/infoById/1', as(admin)))).toMatchObject({
      realName: '系统管理员',
      status: '0',
      version: one.version,
    });
    expect((await server.post('/api/auth/login/account', { loginName: 'admin', password: 'Admin@12345' })).body.code).toBe('0');

    const selfMsg = '不能删除或停用自己的账号';
    const subRow = ok(await server.get(`/api/core/user/infoById/${sub.id}`, as(admin)));
    const selfOff = await server.post(
      '/api/core/user/status',
      { id: sub.id, version: subRow.version, status: '1' },
      as(sub.token),
    );
    expect(selfOff.body).toMatchObject({
      code: '40103',
      msg: selfMsg,
    });
    expect((await server.post('/api/core/user/remove', { ids: [sub.id] }, as(sub.token))).body).toMatchObject({
      code: '40103',
      msg: selfMsg,
    });
    expect((await server.get('/api/core/user/info', { token: sub.token })).body.code).toBe('0');
    // Admin neither.
    const own = ok(await server.get('/api/core/user/infoById/1', as(admin)));
    expect(
      (await server.post('/api/core/user/status', { id: 1, version: own.version, status: '1' }, as(admin))).body,
    ).toMatchObject({
      code: '40103',
      msg: selfMsg,
    });
    expect((await server.post('/api/core/user/remove', { ids: [1] }, as(admin))).body).toMatchObject({
      code: '40103',
      msg: selfMsg,
    });
  });

  it('refuses a wider data scope than the administrator’s own', async () => {
    ok(await server.post('/api/core/role/authDataScope', { id: subRole.id, dataScope: '3' }, as(admin)));
    const wide = await server.post(
      '/api/core/role/save',
      { roleName: '全部数据', roleKey: unique('wide'), dataScope: '1' },
      as(sub.token, 'zh-CN'),
    );
    expect(wide.body).toMatchObject({ code: '40103', msg: '不能授予自己没有的权限：全部数据权限' });
    const narrow = await makeRole({ dataScope: '5' }, sub.token);
    const widen = await server.post('/api/core/role/authDataScope', { id: narrow.id, dataScope: '1' }, as(sub.token, 'zh-CN'));
    expect(widen.body.code).toBe('40103');
    expect(ok(await server.get(`/api/core/dept/role/${narrow.id}`, as(admin))).dataScope).toBe('5');
    ok(await server.post('/api/core/role/authDataScope', { id: subRole.id, dataScope: '1' }, as(admin)));
  });

  it('refuses to manage people who hold more than the administrator (an admin-role holder, the principal)', async () => {
    const boss = await makeUser({ roleIds: [await roleId('admin')] });
    const principal = ok(await server.get('/api/core/user/page?loginName=principal', as(admin))).records[0];
    const msg = '不能管理权限比自己多的用户';
    for (const target of [boss.id, Number(principal.id)]) {
      const row = ok(await server.get(`/api/core/user/infoById/${target}`, as(admin)));
      const attempts = [
        server.post('/api/core/user/resetPwd', { id: target, password: 'Taken@2024' }, as(sub.token, 'zh-CN')),
        server.post('/api/core/user/resetDefaultPwd', { id: target }, as(sub.token, 'zh-CN')),
        server.post('/api/core/user/update', { id: target, version: row.version, realName: '被改了' }, as(sub.token, 'zh-CN')),
        server.post('/api/core/user/status', { id: target, version: row.version, status: '1' }, as(sub.token, 'zh-CN')),
        server.post('/api/core/user/remove', { ids: [target] }, as(sub.token, 'zh-CN')),
      ];
      for (const r of await Promise.all(attempts)) expect(r.body).toMatchObject({ code: '40103', msg });
      expect(ok(await server.get(`/api/core/user/infoById/${target}`, as(admin)))).toMatchObject({
        status: '0',
        version: row.version,
      });
    }
    // The admin-role holder still signs in with their own password.
    expect((await server.post('/api/auth/login/account', { loginName: boss.loginName, password: boss.password })).body.code).toBe(
      '0',
    );
    // Someone holding only what the administrator holds is theirs to manage.
    const peer = await makeUser({ roleIds: [subRole.id] }, false, sub.token);
    expect((await server.post('/api/core/user/resetDefaultPwd', { id: peer.id }, as(sub.token))).body.code).toBe('0');
  });

  it('lets admin do all of it', async () => {
    const dictIds = await menuIds(['dict']);
    const role = await makeRole({ menuIds: dictIds });
    expect(role.menuIds).toEqual(dictIds);
    const u = await makeUser({ roleIds: [await roleId('admin')] });
    expect(ok(await server.get('/api/core/user/info', { token: u.token })).admin).toBe(true);
    const me = ok(await server.get('/api/core/user/infoById/1', as(admin)));
    ok(await server.post('/api/core/user/update', { id: 1, version: me.version, nickName: '管理员' }, as(admin)));
    expect(ok(await server.get('/api/core/user/info', { token: admin })).nickName).toBe('管理员');
    // A second admin-role holder is an admin, yet user 1 stays user 1's.
    const one = ok(await server.get('/api/core/user/infoById/1', as(u.token)));
    const r = await server.post('/api/core/user/update', { id: 1, version: one.version, nickName: '别人改的' }, as(u.token));
    expect(r.body.code).toBe('40103');
  });
});

describe('site boundary', () => {
  it('hides every demo user, role and department from the city administrator', async () => {
    const city = as(cityadmin, 'en-US', 'city');
    const demoUser = await userId('staff');
    const demoRole = await roleId('staff');
    const demoDept = await deptId('教务处');
    const notFound = { code: '40400', msg: 'The record does not exist or is not yours to see' };
    const calls = [
      server.get(`/api/core/user/infoById/${demoUser}`, city),
      server.post('/api/core/user/update', { id: demoUser, version: 0, realName: '医院改的' }, city),
      server.post('/api/core/user/remove', { ids: [demoUser] }, city),
      server.post('/api/core/user/status', { id: demoUser, version: 0, status: '1' }, city),
      server.post('/api/core/user/resetPwd', { id: demoUser, password: 'City@99999' }, city),
      server.post('/api/core/user/resetDefaultPwd', { id: demoUser }, city),
      server.get(`/api/core/role/infoById/${demoRole}`, city),
      server.post('/api/core/role/update', { id: demoRole, version: 0, roleName: '医院改的' }, city),
      server.post('/api/core/role/remove', { ids: [demoRole] }, city),
      server.post('/api/core/role/authDataScope', { id: demoRole, dataScope: '1' }, city),
      server.get(`/api/core/menu/role/${demoRole}`, city),
      server.get(`/api/core/dept/role/${demoRole}`, city),
      server.get(`/api/core/dept/infoById/${demoDept}`, city),
      server.post('/api/core/dept/update', { id: demoDept, version: 0, deptName: '医院改的' }, city),
      server.post(`/api/core/dept/remove/${demoDept}`, {}, city),
      server.post(`/api/core/menu/remove/${(await menuIds(['dict'], false))[0]}`, {}, city),
    ];
    for (const r of await Promise.all(calls)) expect(r.body).toMatchObject(notFound);
    expect((await server.post('/api/auth/login/account', { loginName: 'staff', password: 'Demo@12345' })).body.code).toBe('0');
    expect(ok(await server.get(`/api/core/role/infoById/${demoRole}`, as(admin))).roleName).toBe('教职工');
    expect(ok(await server.get(`/api/core/dept/infoById/${demoDept}`, as(admin))).deptName).toBe('教务处');
  });

  it('refuses a demo role or department for a city user with 40000', async () => {
    const city = as(cityadmin, 'zh-CN', 'city');
    const cityStaff = await userId('citystaff', 'city');
    const row = ok(await server.get(`/api/core/user/infoById/${cityStaff}`, city));
    const role = await server.post(
      '/api/core/user/update',
      { id: cityStaff, version: row.version, roleIds: [await roleId('staff')] },
      city,
    );
    expect(role.body).toMatchObject({ code: '40000', msg: '角色指向的记录不存在' });
    const dept = await server.post(
      '/api/core/user/update',
      { id: cityStaff, version: row.version, deptId: await deptId('教务处') },
      city,
    );
    expect(dept.body).toMatchObject({ code: '40000', msg: '部门指向的记录不存在' });
    const newUser = await server.post(
      '/api/core/user/save',
      { loginName: unique('cityu'), realName: '医生', deptId: await deptId('教务处') },
      city,
    );
    expect(newUser.body.code).toBe('40000');
    const roleMenus = await server.post(
      '/api/core/role/save',
      { roleName: '医院角色', roleKey: unique('c'), menuIds: await menuIds(['user']) },
      city,
    );
    expect(roleMenus.body).toMatchObject({ code: '40000', msg: '菜单权限指向的记录不存在' });
    const scope = await server.post(
      '/api/core/role/authDataScope',
      { id: await roleId('staff', 'city'), dataScope: '2', deptIds: [await deptId('教务处')] },
      city,
    );
    expect(scope.body).toMatchObject({ code: '40000', msg: '自定义部门指向的记录不存在' });
    const deptParent = await server.post('/api/core/dept/save', { parentId: await deptId('教务处'), deptName: '跨单位' }, city);
    expect(deptParent.body).toMatchObject({ code: '40000', msg: '上级部门指向的记录不存在' });
    expect(ok(await server.get(`/api/core/user/infoById/${cityStaff}`, city))).toMatchObject({
      version: row.version,
      deptId: await deptId('内科', 'city'),
    });
  });

  it('refuses a demo token sent with the city hostname', async () => {
    for (const path of ['/api/core/user/page', '/api/core/role/all', '/api/core/dept/list']) {
      const r = await server.get(path, as(admin, 'en-US', 'city'));
      expect(r.body).toMatchObject({ code: '40102', msg: 'This sign-in belongs to another organisation, please sign in again' });
    }
    const write = await server.post(
      '/api/core/dept/save',
      { parentId: await siteId('city'), deptName: '混进来' },
      as(admin, 'en-US', 'city'),
    );
    expect(write.body.code).toBe('40102');
    expect((await rows(sql`select id from sys_dept where dept_name = '混进来'`)).length).toBe(0);
  });
});

describe('permission keys', () => {
  it('refuses every write to staff, who holds no system key, with 40103 naming the key', async () => {
    const target = await userId('teacher');
    const role = await roleId('staff');
    const dept = await deptId('教务处');
    const menu = (await menuIds(['dict'], false))[0]!;
    const calls: Array<[string, unknown, string]> = [
      ['/api/core/user/save', { loginName: unique('x'), realName: 'x' }, 'system:user:add'],
      ['/api/core/user/update', { id: target, version: 0, realName: 'x' }, 'system:user:edit'],
      ['/api/core/user/remove', { ids: [target] }, 'system:user:remove'],
      ['/api/core/user/status', { id: target, version: 0, status: '1' }, 'system:user:status'],
      ['/api/core/user/resetPwd', { id: target, password: 'Staff@2024' }, 'system:user:resetPwd'],
      ['/api/core/user/resetDefaultPwd', { id: target }, 'system:user:resetPwd'],
      ['/api/core/user/unlockPassword', { id: target }, 'system:user:unlock'],
      ['/api/core/role/save', { roleName: 'x', roleKey: unique('x') }, 'system:role:add'],
      ['/api/core/role/update', { id: role, version: 0, roleName: 'x' }, 'system:role:edit'],
      ['/api/core/role/remove', { ids: [role] }, 'system:role:remove'],
      ['/api/core/role/status', { id: role, version: 0, status: '1' }, 'system:role:status'],
      ['/api/core/role/authDataScope', { id: role, dataScope: '1' }, 'system:role:grant'],
      ['/api/core/menu/save', { parentId: 0, menuName: 'x', menuKey: 'x', menuType: 'M' }, 'system:menu:add'],
      ['/api/core/menu/update', { id: menu, version: 0, menuName: 'x' }, 'system:menu:edit'],
      [`/api/core/menu/remove/${menu}`, {}, 'system:menu:remove'],
      ['/api/core/dept/save', { parentId: 1, deptName: 'x' }, 'system:dept:add'],
      ['/api/core/dept/update', { id: dept, version: 0, deptName: 'x' }, 'system:dept:edit'],
      [`/api/core/dept/remove/${dept}`, {}, 'system:dept:remove'],
      ['/api/core/deptBase/update', { id: 1, version: 0, navTitle: 'x' }, 'system:deptBase:edit'],
    ];
    for (const [path, body, key] of calls) {
      const r = await server.post(path, body, as(staff, 'en-US'));
      expect(r.body, path).toMatchObject({
        code: '40103',
        msg: `Insufficient permission, ask an administrator to grant it (${key})`,
      });
    }
    expect((await server.get(`/api/core/menu/role/${role}`, as(staff))).body.code).toBe('40103');
    expect((await server.get(`/api/core/deptBase/get/1`, as(staff))).body.code).toBe('40103');
    expect(ok(await server.get(`/api/core/user/infoById/${target}`, as(admin)))).toMatchObject({ realName: '黄磊', status: '0' });
  });
});

describe('bad input', () => {
  it('names the field of a missing, mistyped or too long value with 40000', async () => {
    const staffRole = await roleId('staff');
    const cases: Array<[string, unknown, string]> = [
      ['/api/core/user/save', { realName: '没有账号', roleIds: [staffRole] }, '参数错误：登录账号不能为空'],
      ['/api/core/user/save', { loginName: 123, realName: '数字账号', roleIds: [staffRole] }, '参数错误：登录账号应为文本'],
      [
        '/api/core/user/save',
        { loginName: 'x'.repeat(65), realName: '太长', roleIds: [staffRole] },
        '参数错误：登录账号请控制在64个字符以内',
      ],
      [
        '/api/core/user/save',
        { loginName: unique('t'), realName: '部门', deptId: '教务处', roleIds: [staffRole] },
        '参数错误：部门应为整数',
      ],
      ['/api/core/user/save', { loginName: unique('t'), realName: '角色', roleIds: 'staff' }, '参数错误：角色应为列表'],
      [
        '/api/core/user/save',
        { loginName: unique('t'), realName: '邮箱', email: 'not-an-email', roleIds: [staffRole] },
        '参数错误：邮箱格式不正确',
      ],
      ['/api/core/user/update', { id: 1, realName: '没有版本' }, '参数错误：version不能为空'],
      ['/api/core/role/save', { roleName: '坏标识', roleKey: '1 bad' }, '参数错误：权限字符格式不正确'],
      ['/api/core/role/save', { roleName: 'r'.repeat(65), roleKey: unique('r') }, '参数错误：角色名称请控制在64个字符以内'],
      ['/api/core/menu/save', { parentId: 0, menuName: '没有标识', menuType: 'M' }, '参数错误：菜单标识不能为空'],
      ['/api/core/dept/save', { deptName: '没有上级' }, '参数错误：上级部门不能为空'],
      ['/api/core/dept/save', { parentId: 1, deptName: 'd'.repeat(101) }, '参数错误：部门名称请控制在100个字符以内'],
      ['/api/core/deptBase/update', { id: 1, version: 0, navTitle: 'n'.repeat(101) }, '参数错误：导航标题请控制在100个字符以内'],
    ];
    for (const [path, body, msg] of cases) {
      const r = await server.post(path, body, as(admin, 'zh-CN'));
      expect(r.status, path).toBe(200);
      expect(r.body, `${path} ${JSON.stringify(body).slice(0, 60)}`).toMatchObject({ code: '40000', msg });
    }
    // An item of a list is named by its path (menuIds/0), not yet by the field's title.
    const item = await server.post(
      '/api/core/role/save',
      { roleName: '坏菜单', roleKey: unique('r'), menuIds: ['x'] },
      as(admin, 'zh-CN'),
    );
    expect(item.body.code).toBe('40000');
    expect(item.body.msg).toMatch(/^参数错误：menuIds\/0应为整数$/);
    expect((await rows(sql`select id from sys_role where role_name in ('坏标识', '坏菜单')`)).length).toBe(0);
    expect(
      (await rows(sql`select id from sys_user where real_name in ('数字账号', '太长', '部门', '角色', '邮箱')`)).length,
    ).toBe(0);
  });

  it('names the field on the endpoints beyond the generic ones', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/core/user/resetPwd', { id: 'abc', password: 'Good@2024' }, /id/],
      ['/api/core/user/resetPwd', { id: 2 }, /password/],
      ['/api/core/user/resetDefaultPwd', {}, /id/],
      ['/api/core/user/unlockPassword', { id: -1 }, /id/],
      ['/api/core/user/status', { id: 2 }, /status/],
      ['/api/core/role/authDataScope', { id: 2, dataScope: 2 }, /dataScope/],
      ['/api/core/role/authDataScope', { id: 2, dataScope: '2', deptIds: 'all' }, /deptIds/],
      ['/api/core/user/upPassword', { oldPassword: 'x' }, /newPassword/],
    ];
    for (const [path, body, msg] of cases) {
      const r = await server.post(path, body, as(admin, 'en-US'));
      expect(r.body.code, `${path} ${JSON.stringify(body)}`).toBe('40000');
      expect(r.body.msg, path).toMatch(msg);
    }
    const arrayBody = await server.post('/api/core/user/save', [{ loginName: 'x' }], as(admin, 'en-US'));
    expect(arrayBody.body.code).toBe('40000');
    for (const path of [
      '/api/core/user/page?pageSize=abc',
      '/api/core/role/page?pageNum=0',
      '/api/core/user/page?sortField=password_hash',
      '/api/core/user/page?deptId=abc',
    ]) {
      expect((await server.get(path, as(admin))).body.code, path).toBe('40000');
    }
    for (const path of [
      '/api/core/user/infoById/abc',
      '/api/core/role/infoById/0',
      '/api/core/menu/role/x',
      '/api/core/dept/role/-4',
      '/api/core/deptBase/get/99999',
    ]) {
      expect((await server.get(path, as(admin))).body.code, path).toBe('40400');
    }
    expect((await server.post('/api/core/dept/remove/abc', {}, as(admin))).body.code).toBe('40400');
    expect((await server.post('/api/core/user/remove', { ids: ['x'] }, as(admin))).body.code).toBe('40000');
  });
});
