// The account pages (issue 18): the caller's own profile, avatar, operations, sessions and
// preferences — and nothing of anyone else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const PASSWORD = 'Demo@12345';
const userRow = (loginName: string) =>
  server.database.db
    .selectFrom('sys_user')
    .select([
      'id',
      'login_name',
      'real_name',
      'nick_name',
      'email',
      'phone',
      'sex',
      'status',
      'dept_id',
      'password_hash',
      'avatar',
    ])
    .where('login_name', '=', loginName)
    .executeTakeFirstOrThrow();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, content: Buffer, type: string) {
  const boundary = '----acct' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('own profile', () => {
  it('shows the caller’s profile with department path, roles and last sign-in', async () => {
    const token = await server.login('staff', PASSWORD);
    const r = await server.get('/api/core/account/info', { token, lang: 'zh-CN' });
    expect(r.body.code).toBe('0');
    expect(r.body.data.loginName).toBe('staff');
    expect(r.body.data.realName).toBe('林小雨');
    expect(r.body.data.deptPath.at(-1)).toBe('教务处');
    expect(r.body.data.deptPath.length).toBeGreaterThan(1);
    expect(r.body.data.roles.length).toBeGreaterThan(0);
    expect(r.body.data.lastLogin.time).toMatch(/^\d{4}-/);
    expect(r.body.data.binding).toMatchObject({ wechat: 'notConfigured', dingtalk: 'notConfigured' });
    expect(JSON.stringify(r.body.data)).not.toContain('password');
  });

  it('changes only the safe fields: roles, department, status, password and login name sent along change nothing', async () => {
    const before = await userRow('teacher');
    const token = await server.login('teacher', PASSWORD);
    const r = await server.post(
      '/api/core/account/update',
      {
        nickName: '  小王老师 ',
        email: 'teacher@example.edu.cn',
        phone: '138 0000 1234',
        sex: '1',
        profile: '教数学。',
        loginName: 'hijack',
        realName: '别人',
        status: '1',
        deptId: 1,
        roleIds: [1],
        password: 'Other@12345',
        passwordHash: 'x',
        id: 1,
        avatar: 'https://evil.example/a.png',
      },
      { token, lang: 'en-US' },
    );
    expect(r.body.code).toBe('0');
    expect(r.body.msg).toBe('Your details are saved');
    expect(r.body.data).toMatchObject({ nickName: '小王老师', email: 'teacher@example.edu.cn', profile: '教数学。' });
    const after = await userRow('teacher');
    expect(after).toMatchObject({
      login_name: before.login_name,
      real_name: before.real_name,
      status: before.status,
      dept_id: before.dept_id,
      password_hash: before.password_hash,
      avatar: before.avatar,
      nick_name: '小王老师',
      phone: '138 0000 1234',
      sex: '1',
    });
    const admin = await userRow('admin');
    expect(admin.nick_name).not.toBe('小王老师');
    // The roles are the same, and the header's info shows the new nick name.
    const info = await server.get('/api/core/user/info', { token });
    expect(info.body.data.nickName).toBe('小王老师');
    const roles = await server.database.db
      .selectFrom('sys_user_role')
      .select('role_id')
      .where('user_id', '=', before.id)
      .execute();
    expect(roles.map((x) => Number(x.role_id)).sort()).toEqual([...info.body.data.roleIds].sort());
    expect(roles.map((x) => Number(x.role_id))).not.toContain(1);
    // Still signs in with the old password.
    await server.login('teacher', PASSWORD);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const token = await server.login('cashier', PASSWORD);
    const before = await userRow('cashier');
    for (const body of [
      { email: 'not-an-email' },
      { phone: 'call me' },
      { sex: '9' },
      { nickName: 'x'.repeat(65) },
      { nickName: 7 },
      { profile: 'p'.repeat(301) },
    ]) {
      const r = await server.post('/api/core/account/update', body, { token, lang: 'en-US' });
      expect(r.body.code, JSON.stringify(body)).toBe('40000');
      expect(r.body.msg.length).toBeGreaterThan(5);
    }
    const blank = await server.post('/api/core/account/update', { nickName: '   ' }, { token, lang: 'zh-CN' });
    expect(blank.body).toMatchObject({ code: '40000', msg: '昵称不能为空' });
    expect(await userRow('cashier')).toEqual(before);
    const anonymous = await server.post('/api/core/account/update', { nickName: 'x' });
    expect(anonymous.body.code).toBe('40102');
  });

  it('takes an image as the avatar, checked by its bytes and size, and shows it by its link', async () => {
    const token = await server.login('buyer', PASSWORD);
    const fake = await server.request('/api/core/account/avatar', {
      method: 'POST',
      token,
      lang: 'en-US',
      ...multipart('me.png', Buffer.from('<script>alert(1)</script>'), 'image/png'),
    });
    expect(fake.body).toMatchObject({ code: '40000', msg: 'An avatar must be a PNG, JPEG, GIF or WebP image' });
    const big = await server.request('/api/core/account/avatar', {
      method: 'POST',
      token,
      lang: 'en-US',
      ...multipart('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png'),
    });
    expect(big.body.code).toBe('40000');
    expect(big.body.msg).toBe('An avatar image may be at most 2 MB');
    expect((await userRow('buyer')).avatar).toBeNull();

    const r = await server.request('/api/core/account/avatar', {
      method: 'POST',
      token,
      ...multipart('me.png', PNG, 'image/png'),
    });
    expect(r.body.code).toBe('0');
    const url = r.body.data.avatar as string;
    expect(url).toMatch(/^\/api\/core\/account\/avatar\/demo\/.+\.png$/);
    expect((await userRow('buyer')).avatar).toBe(url);
    const shown = await server.get(url);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    // Only an avatar is readable this way: another file of the site is not.
    const other = await server.get(url.replace(/[^/]+\.png$/, 'nothing.png'));
    expect(other.status).toBe(404);
  });
});

describe('recent operations', () => {
  it('lists only the caller’s own rows, newest first, paged', async () => {
    const token = await server.login('auditor', PASSWORD);
    for (const nick of ['一', '二', '三']) await server.post('/api/core/account/update', { nickName: `审计${nick}` }, { token });
    const adminToken = await server.login('admin', 'Admin@12345');
    await server.post('/api/core/account/update', { nickName: '管理员' }, { token: adminToken });
    const page = await server.get('/api/core/account/operLog/page?pageNum=1&pageSize=2', { token, lang: 'zh-CN' });
    expect(page.body.code).toBe('0');
    expect(page.body.data.total).toBeGreaterThanOrEqual(3);
    expect(page.body.data.records).toHaveLength(2);
    expect(page.body.data.records[0].url).toBe('/api/core/account/update');
    const auditor = await userRow('auditor');
    const all = await server.get(`/api/core/account/operLog/page?pageSize=100`, { token });
    const ids = all.body.data.records.map((r: { id: number }) => r.id);
    const rows = await server.database.db.selectFrom('sys_oper_log').select('user_id').where('id', 'in', ids).execute();
    expect(rows.every((r) => Number(r.user_id) === Number(auditor.id))).toBe(true);
    const bad = await server.get('/api/core/account/operLog/page?pageSize=1000', { token });
    expect(bad.body.code).toBe('40000');
  });
});

describe('sessions', () => {
  it('lists the caller’s sessions without tokens, signs one out and then all the others', async () => {
    const agent = {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    };
    const phone = (await server.post('/api/auth/login/account', { loginName: 'head', password: PASSWORD }, { headers: agent }))
      .body.data.token;
    const laptop = await server.login('head', PASSWORD);
    const third = await server.login('head', PASSWORD);
    const list = await server.get('/api/core/account/session/list', { token: laptop });
    expect(list.body.code).toBe('0');
    const sessions = list.body.data as Array<{ id: string; current: boolean; browser: string; os: string; device: string }>;
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(sessions.filter((x) => x.current)).toHaveLength(1);
    expect(list.raw).not.toContain(laptop);
    expect(list.raw).not.toContain(phone);
    const hashes = await server.database.db.selectFrom('sys_session').select('token_hash').execute();
    for (const h of hashes) expect(list.raw).not.toContain(h.token_hash);
    const mobile = sessions.find((x) => x.os === 'iOS')!;
    expect(mobile).toMatchObject({ device: 'mobile', browser: 'Safari 17', current: false });

    // Another user cannot touch them.
    const other = await server.login('staff', PASSWORD);
    const foreign = await server.post('/api/core/account/session/remove', { id: mobile.id }, { token: other, lang: 'en-US' });
    expect(foreign.body.code).toBe('40400');
    expect((await server.get('/api/core/user/info', { token: phone })).body.code).toBe('0');

    // The current one is refused; a bad id gets a message.
    const current = sessions.find((x) => x.current)!;
    expect((await server.post('/api/core/account/session/remove', { id: current.id }, { token: laptop })).body.code).toBe(
      '40000',
    );
    expect((await server.post('/api/core/account/session/remove', { id: 'x' }, { token: laptop })).body.code).toBe('40000');

    const removed = await server.post('/api/core/account/session/remove', { id: mobile.id }, { token: laptop, lang: 'en-US' });
    expect(removed.body).toMatchObject({ code: '0', msg: 'That session is signed out' });
    expect((await server.get('/api/core/user/info', { token: phone })).body.code).toBe('40102');
    expect((await server.get('/api/core/user/info', { token: third })).body.code).toBe('0');

    const rest = await server.post('/api/core/account/session/removeOthers', {}, { token: laptop });
    expect(rest.body.code).toBe('0');
    expect(rest.body.data.count).toBeGreaterThanOrEqual(1);
    expect((await server.get('/api/core/user/info', { token: third })).body.code).toBe('40102');
    expect((await server.get('/api/core/user/info', { token: laptop })).body.code).toBe('0');
    expect((await server.get('/api/core/user/info', { token: other })).body.code).toBe('0');
    const left = await server.get('/api/core/account/session/list', { token: laptop });
    expect(left.body.data).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('stores layout and notification preferences per user and returns them', async () => {
    const token = await server.login('deputy2', PASSWORD);
    const empty = await server.get('/api/core/account/preference', { token });
    expect(empty.body.data.layout).toEqual({});
    expect(empty.body.data.notify).toEqual({
      approvalTask: true,
      notice: true,
      budgetWarning: true,
      contractDue: true,
      insuranceDue: true,
      stockWarning: true,
    });
    const saved = await server.post(
      '/api/core/account/preference/update',
      { layout: { navTheme: 'light', language: 'pt-BR', layout: 'topmenu', contentWidth: 'Fluid', multiTab: false } },
      { token, lang: 'pt-BR' },
    );
    expect(saved.body).toMatchObject({ code: '0', msg: 'Suas preferências foram salvas' });
    await server.post('/api/core/account/preference/update', { notify: { notice: false } }, { token });
    const again = await server.get('/api/core/account/preference', { token: await server.login('deputy2', PASSWORD) });
    expect(again.body.data.layout).toEqual({
      navTheme: 'light',
      language: 'pt-BR',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      multiTab: false,
    });
    expect(again.body.data.notify.notice).toBe(false);
    expect(again.body.data.notify.contractDue).toBe(true);
    // Someone else's are their own.
    const other = await server.get('/api/core/account/preference', { token: await server.login('deputy', PASSWORD) });
    expect(other.body.data.layout).toEqual({});
    // A quiet bell for a user who turned notices off.
    const bell = await server.get('/api/core/noticeUserRel/unRead', { token });
    if (bell.body.code === '0') expect(bell.body.data.totalNum).toBe(0);
  });

  it('refuses unknown or malformed preferences and keeps the stored ones', async () => {
    const token = await server.login('secretary', PASSWORD);
    for (const body of [
      {},
      { layout: { navTheme: 'pink' } },
      { layout: { language: 'fr-FR' } },
      { layout: { multiTab: 'yes' } },
      { notify: { notice: 'off' } },
    ]) {
      const r = await server.post('/api/core/account/preference/update', body, { token, lang: 'en-US' });
      expect(r.body.code, JSON.stringify(body)).toBe('40000');
    }
    // Keys the server does not know are dropped, never stored.
    await server.post('/api/core/account/preference/update', { layout: { secret: 1, navTheme: 'dark' } }, { token });
    const stored = await server.get('/api/core/account/preference', { token });
    expect(stored.body.data.layout).toEqual({ navTheme: 'dark' });
  });
});
