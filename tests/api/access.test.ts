// Who sees what: user info, menus per role, permission keys, sites, forced password change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  for (const name of ['admin', 'principal', 'head', 'staff', 'auditor', 'finance']) {
    tokens[name] = await server.login(name, name === 'admin' ? 'Admin@12345' : 'Demo@12345');
  }
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  tokens.citystaff = await server.login('citystaff', 'City@12345', 'city');
});
afterAll(async () => server?.close());

type MenuNode = Record<string, unknown> & { id: string; parentId: string; menuKey: string; path: string; perms: string };
const menus = async (who: string, site = 'demo', lang?: string) => {
  const r = await server.get<MenuNode[]>('/api/core/menu/user', { token: tokens[who], site, lang });
  expect(r.body.code).toBe('0');
  return r.body.data;
};

describe('current user info', () => {
  it('describes the signed-in user as spec section 3 lists', async () => {
    for (const path of ['/api/core/user/info', '/api/user/info']) {
      const r = await server.get(path, { token: tokens.principal });
      expect(r.body.code).toBe('0');
      const info = r.body.data;
      expect(info).toMatchObject({
        nickName: '王建国',
        avatar: '/avatar2.jpg',
        rePassword: false,
        passwordExpire: false,
        todoHome: true,
      });
      expect(info.id).toBe(info.userId);
      expect(info.roleIds.length).toBeGreaterThan(0);
      expect(info.buttons).toContain('neikong:budget:list');
      expect(info.buttons).not.toContain('system:user:list');
    }
  });

  it('makes user id 1 the admin with every key of the site', async () => {
    const info = (await server.get('/api/core/user/info', { token: tokens.admin })).body.data;
    expect(info.id).toBe(1);
    expect(info.admin).toBe(true);
    expect(info.buttons).toEqual(expect.arrayContaining(['system:user:unlock', 'system:noticeUserRel:list', 'tool:gen:preview']));
  });
});

describe('menus per role', () => {
  it('gives every node the fields of spec section 3, roots under parentId "0"', async () => {
    const nodes = await menus('admin');
    for (const n of nodes) {
      for (const f of [
        'id',
        'parentId',
        'menuName',
        'menuKey',
        'icon',
        'visible',
        'path',
        'component',
        'redirect',
        'target',
        'hiddenChildren',
        'hiddenHeader',
      ]) {
        expect(n, `${n.menuKey}.${f}`).toHaveProperty(f);
      }
    }
    const roots = nodes.filter((n) => n.parentId === '0').map((n) => n.menuKey);
    expect(roots.slice(0, 3)).toEqual(['dashboard', 'budget', 'expense']);
    expect(roots).toEqual(expect.arrayContaining(['system', 'monitor', 'workflow', 'notice', 'account']));
    const ids = new Set(nodes.map((n) => n.id));
    for (const n of nodes) if (n.parentId !== '0') expect(ids.has(n.parentId), n.menuKey).toBe(true);
    expect(nodes.find((n) => n.menuKey === 'contractForm')?.visible).toBe('1');
  });

  it('differs by role and stays inside what each role was granted', async () => {
    const keys = async (who: string) => new Set((await menus(who)).map((n) => n.menuKey));
    const staff = await keys('staff');
    const auditor = await keys('auditor');
    const head = await keys('head');
    expect([...staff]).toEqual(
      expect.arrayContaining(['dashboard', 'expense', 'beforehandList', 'leaveApply', 'noticeUserRelList']),
    );
    expect(staff.has('system')).toBe(false);
    expect(staff.has('budgetList')).toBe(false);
    expect(auditor.has('loginLog')).toBe(true);
    expect(auditor.has('user')).toBe(false);
    expect(head.has('budgetAdjustApply')).toBe(true);
    expect(head.has('salaryList')).toBe(false);
  });

  it('names the menus in the caller’s language', async () => {
    const zh = await menus('staff', 'demo', 'zh-CN');
    const pt = await menus('staff', 'demo', 'pt-BR');
    expect(zh.find((n) => n.menuKey === 'leaveApply')?.menuName).toBe('请假申请');
    expect(pt.find((n) => n.menuKey === 'leaveApply')?.menuName).toBe('Pedidos de licença');
  });
});

describe('permission keys', () => {
  it('refuses a call whose key the user lacks with 40103, and changes nothing', async () => {
    const r = await server.post('/api/core/user/unlockPassword', { loginName: 'admin' }, { token: tokens.staff, lang: 'en-US' });
    expect(r.body.code).toBe('40103');
    expect(r.body.msg).toContain('system:user:unlock');
    const auditor = await server.post('/api/core/user/unlockPassword', { loginName: 'admin' }, { token: tokens.auditor });
    expect(auditor.body.code).toBe('40103');
  });
});

describe('sites', () => {
  it('finds the site of a host and its base info', async () => {
    const key = await server.get('/api/core/dept/topDeptKey?hostname=city.localhost');
    expect(key.body).toMatchObject({ code: '0', data: 'city' });
    expect((await server.get('/api/core/dept/topDeptKey?hostname=localhost')).body.data).toBe('demo');
    expect((await server.get('/api/core/dept/topDeptKey?hostname=127.0.0.1')).body.data).toBe('demo');
    expect((await server.get('/api/core/dept/topDeptKey?hostname=nowhere.localhost')).body.code).toBe('40401');

    const city = (await server.get('/api/core/dept/infoByTopDeptKey/city')).body.data;
    expect(city).toMatchObject({ loginTitle: '资产管理平台', navTitle: '资产管理平台', label: '市第一医院' });
    expect(city.extend).toMatchObject({ topDeptName: '市第一医院', otherSystemList: [], disable: false });
    expect(city.config).toMatchObject({ 'ui.appTitle': '资产管理平台', 'upload.maxFiles': '20' });
    const demo = (await server.get('/api/core/dept/infoByTopDeptKey/demo')).body.data;
    expect(demo).toMatchObject({ loginTitle: '内控系统', label: '示范区第一中学' });
    expect(demo.config['upload.maxFiles']).toBe('5');
  });

  it('takes the site from the Host header when no hostname header is sent', async () => {
    const r = await server.post(
      '/api/auth/login',
      { loginName: 'cityadmin', password: 'City@12345' },
      { host: `city.localhost:${server.port}` },
    );
    expect(r.body.code).toBe('0');
    const demoHost = await server.post(
      '/api/auth/login',
      { loginName: 'cityadmin', password: 'City@12345' },
      { host: `localhost:${server.port}` },
    );
    expect(demoHost.body.code).toBe('40100');
  });

  it('refuses a token of one site on another', async () => {
    const r = await server.get('/api/core/user/info', { token: tokens.admin, site: 'city', lang: 'en-US' });
    expect(r.body.code).toBe('40102');
    expect(r.body.msg).toBe('This sign-in belongs to another organisation, please sign in again');
    expect((await server.get('/api/core/menu/user', { token: tokens.cityadmin, site: 'demo' })).body.code).toBe('40102');
  });

  it('answers an unknown site clearly', async () => {
    const r = await server.post(
      '/api/auth/login',
      { loginName: 'admin', password: 'Admin@12345' },
      { site: 'nowhere', lang: 'en-US' },
    );
    expect(r.body.code).toBe('40401');
    expect(r.body.msg).toBe('No organisation "nowhere" here; check the address');
  });

  it('never shows a city user rows of demo', async () => {
    const cityMenus = await menus('cityadmin', 'city');
    const demoMenus = await menus('admin', 'demo');
    const demoIds = new Set(demoMenus.map((n) => n.id));
    // The same release, except what is the hospital's alone (medical purchasing).
    const hospitalOnly = (n: MenuNode) => String(n.menuKey).startsWith('medicalPurchase');
    expect(cityMenus.filter((n) => !hospitalOnly(n)).map((n) => n.menuKey)).toEqual(demoMenus.map((n) => n.menuKey));
    expect(cityMenus.some(hospitalOnly)).toBe(true);
    expect(cityMenus.some((n) => demoIds.has(n.id))).toBe(false);

    const depts = (await server.get('/api/core/dept/list', { token: tokens.citystaff, site: 'city' })).body.data;
    expect(depts.map((d: { deptName: string }) => d.deptName)).toContain('内科');
    expect(depts.map((d: { deptName: string }) => d.deptName)).not.toContain('教务处');
    expect(depts.filter((d: { parentId: number }) => d.parentId === 0)).toHaveLength(1);

    const info = (await server.get('/api/core/user/info', { token: tokens.cityadmin, site: 'city' })).body.data;
    expect(info.admin).toBe(true);
    expect(info.topDeptKey).toBe('city');
    // The city administrator's keys are city's: unlocking a demo account name touches city only.
    await server.post('/api/auth/login', { loginName: 'finance', password: 'bad' });
    const unlock = await server.post(
      '/api/core/user/unlockPassword',
      { loginName: 'finance' },
      { token: tokens.cityadmin, site: 'city' },
    );
    expect(unlock.body.code).toBe('40400');
    expect((await server.post('/api/auth/login', { loginName: 'finance', password: 'Demo@12345' })).body.code).toBe('40104');
  });
});

describe('dictionaries', () => {
  it('serves the budget years and notice types in the caller’s language', async () => {
    const year = new Date().getFullYear();
    const years = (await server.get('/api/core/dictData/type?dictType=ys_budget_year', { token: tokens.staff, lang: 'en-US' }))
      .body.data;
    expect(years.map((y: { dictValue: string }) => y.dictValue)).toEqual([String(year - 1), String(year), String(year + 1)]);
    expect(years.find((y: { isDefault: string }) => y.isDefault === 'Y').dictValue).toBe(String(year));
    const types = (await server.get('/api/core/dictData/getDict/sys_notice_type', { token: tokens.staff, lang: 'zh-CN' })).body
      .data;
    expect(types.map((x: { dictLabel: string }) => x.dictLabel)).toEqual(['单位通知', '更新日志', '系统通知']);
    expect(types[0]).toMatchObject({ dictType: 'sys_notice_type', dictValue: '1' });
    const both = (
      await server.get('/api/core/dictData/getDictByTypes?dictTypes=sys_notice_type,sys_yes_no', {
        token: tokens.staff,
        lang: 'pt-BR',
      })
    ).body.data;
    expect(Object.keys(both)).toEqual(['sys_notice_type', 'sys_yes_no']);
    expect(both.sys_yes_no.map((x: { dictLabel: string }) => x.dictLabel)).toEqual(['Sim', 'Não']);
  });

  it('needs a signed-in user', async () => {
    expect((await server.get('/api/core/dictData/getDict/sys_notice_type')).body.code).toBe('40102');
  });
});

describe('forced password change', () => {
  it('flags newcomer, refuses keyed calls until the change, then clears the flag', async () => {
    const token = await server.login('newcomer', 'Demo@12345');
    const info = (await server.get('/api/core/user/info', { token })).body.data;
    expect(info.rePassword).toBe(true);
    // Menus still load so the browser can route to the change-password page.
    expect((await server.get('/api/core/menu/user', { token })).body.code).toBe('0');

    const wrongOld = await server.post(
      '/api/core/user/upPassword',
      { oldPassword: 'nope', newPassword: 'Better2026' },
      { token, lang: 'en-US' },
    );
    expect(wrongOld.body).toMatchObject({ code: '40000', msg: 'The current password is wrong' });
    const weak = await server.post(
      '/api/core/user/upPassword',
      { oldPassword: 'Demo@12345', newPassword: 'abcdefgh' },
      { token, lang: 'zh-CN' },
    );
    expect(weak.body).toMatchObject({ code: '40000', msg: '密码至少8位，且须同时包含字母和数字' });
    const same = await server.post(
      '/api/core/user/upPassword',
      { oldPassword: 'Demo@12345', newPassword: 'Demo@12345' },
      { token },
    );
    expect(same.body.code).toBe('40000');

    const ok = await server.post(
      '/api/core/user/upPassword',
      { oldPassword: 'Demo@12345', newPassword: 'Better2026' },
      { token },
    );
    expect(ok.body).toMatchObject({ code: '0', msg: 'Password changed, please sign in again' });
    // As it says: this session ends too, not only the others.
    expect((await server.get('/api/core/user/info', { token })).body.code).toBe('40102');
    expect((await server.post('/api/auth/login', { loginName: 'newcomer', password: 'Demo@12345' })).body.code).toBe('40100');
    const captcha = await server.get('/api/code/image');
    const relogin = await server.post('/api/auth/login', {
      loginName: 'newcomer',
      password: 'Better2026',
      captchaKey: String(captcha.headers['captcha-key']),
      captchaCode: CAPTCHA_TEXT,
    });
    expect(relogin.body.code).toBe('0');
    expect((await server.get('/api/core/user/info', { token: relogin.body.data.token })).body.data.rePassword).toBe(false);

    const log = await server.database.db
      .selectFrom('sys_oper_log')
      .select(['module', 'action', 'params', 'result'])
      .where('url', '=', '/api/core/user/upPassword')
      .execute();
    expect(log.filter((l) => l.result === '0')).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain('Better2026');
    expect(JSON.stringify(log)).toContain('******');
  });

  it('asks for a change once the password is older than the site allows, and refuses keyed calls until then', async () => {
    server.clock.advance(91 * 86_400_000);
    try {
      const token = await server.login('admin', 'Admin@12345');
      const info = (await server.get('/api/core/user/info', { token })).body.data;
      expect(info.passwordExpire).toBe(true);
      const keyed = await server.post('/api/core/user/unlockPassword', { loginName: 'staff' }, { token, lang: 'en-US' });
      expect(keyed.body).toMatchObject({ code: '40103', msg: 'Please change your password first' });
    } finally {
      server.clock.advance(-91 * 86_400_000);
    }
  });
});
