// Signing in and out: the rules of DOMAIN.md "Passwords" and spec sections 3, 4 and 7.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const loginLog = (loginName: string) =>
  server.database.db
    .selectFrom('sys_login_log')
    .select(['result', 'user_id', 'ip'])
    .where('login_name', '=', loginName)
    .orderBy('id')
    .execute();

async function captchaKey(site = 'demo'): Promise<string> {
  const r = await server.get(`/api/code/image`, { site });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('image/png');
  expect(r.raw.slice(1, 4)).toBe('PNG');
  return String(r.headers['captcha-key']);
}

describe('sign-in', () => {
  it('answers a token for the right password on both login paths, and logs the attempt', async () => {
    // The demo seed signs the deputy in (they approve its documents): only these attempts count.
    const earlier = (await loginLog('deputy')).length;
    for (const path of ['/api/auth/login', '/api/auth/login/account']) {
      const r = await server.post(path, { loginName: 'deputy', password: 'Demo@12345' });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe('0');
      expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    }
    const rows = await loginLog('deputy');
    expect(rows.length - earlier).toBe(2);
    expect(rows.slice(-2).map((r) => r.result)).toEqual(['ok', 'ok']);
    expect(rows[0]!.user_id).toBeGreaterThan(1);
  });

  it('refuses a wrong password in the caller’s language and then asks for a captcha', async () => {
    // The demo seed signed finance in already (the year's spending): only this test's attempts count.
    const earlier = (await loginLog('finance')).length;
    const bad = await server.post('/api/auth/login', { loginName: 'finance', password: 'nope' }, { lang: 'zh-CN' });
    expect(bad.body.code).toBe('40100');
    expect(bad.body.msg).toBe('账号或密码错误，再错4次账号将被锁定');
    expect(bad.body.data).toEqual({ captchaRequired: true });

    const noCaptcha = await server.post('/api/auth/login', { loginName: 'finance', password: 'Demo@12345' }, { lang: 'pt-BR' });
    expect(noCaptcha.body.code).toBe('40104');
    expect(noCaptcha.body.msg).toBe('Digite o captcha');

    const wrongCaptcha = await server.post('/api/auth/login', {
      loginName: 'finance',
      password: 'Demo@12345',
      captchaKey: await captchaKey(),
      captchaCode: 'XXXX',
    });
    expect(wrongCaptcha.body.code).toBe('40104');

    // A captcha is good once: the key of the wrong attempt is spent.
    const key = await captchaKey();
    const ok = await server.post('/api/auth/login', {
      loginName: 'finance',
      password: 'Demo@12345',
      captchaKey: key,
      captchaCode: CAPTCHA_TEXT.toLowerCase(),
    });
    expect(ok.body.code).toBe('0');
    const replay = await server.post('/api/auth/login', {
      loginName: 'finance',
      password: 'x',
      captchaKey: key,
      captchaCode: CAPTCHA_TEXT,
    });
    expect(replay.body.code).toBe('40100'); // success cleared the failures: no captcha needed, just a wrong password

    expect((await loginLog('finance')).slice(earlier).map((r) => r.result)).toEqual([
      'bad_credentials',
      'captcha',
      'captcha',
      'ok',
      'bad_credentials',
    ]);
  });

  it('gives an unknown account the same answer as a wrong password', async () => {
    const r = await server.post('/api/auth/login', { loginName: 'nobody', password: 'Demo@12345' }, { lang: 'en-US' });
    expect(r.body.code).toBe('40100');
    expect(r.body.msg).toBe('Wrong account or password; 4 more failures lock the account');
  });

  it('locks the account after five failures for ten minutes, and unlockPassword lifts it', async () => {
    const fail = async () => {
      const key = await captchaKey();
      return server.post('/api/auth/login', {
        loginName: 'auditor',
        password: 'wrong-1',
        captchaKey: key,
        captchaCode: CAPTCHA_TEXT,
      });
    };
    for (let i = 0; i < 4; i++) expect((await fail()).body.code).toBe('40100');
    const fifth = await fail();
    expect(fifth.body.code).toBe('40105');
    const right = await server.post('/api/auth/login', { loginName: 'auditor', password: 'Demo@12345' }, { lang: 'zh-TW' });
    expect(right.body.code).toBe('40105');
    expect(right.body.msg).toBe('帳號已鎖定，請10分鐘後再試，或聯絡管理員解鎖');

    const admin = await server.login('admin', 'Admin@12345');
    const unlock = await server.post('/api/core/user/unlockPassword', { loginName: 'auditor' }, { token: admin });
    expect(unlock.body.code).toBe('0');
    const after = await server.post('/api/auth/login', { loginName: 'auditor', password: 'Demo@12345' });
    expect(after.body.code).toBe('0');
  });

  it('lets a lock run out after ten minutes', async () => {
    for (let i = 0; i < 5; i++) {
      const key = await captchaKey();
      await server.post('/api/auth/login', { loginName: 'cashier', password: 'bad', captchaKey: key, captchaCode: CAPTCHA_TEXT });
    }
    expect((await server.post('/api/auth/login', { loginName: 'cashier', password: 'Demo@12345' })).body.code).toBe('40105');
    server.clock.advance(9 * 60_000);
    expect((await server.post('/api/auth/login', { loginName: 'cashier', password: 'Demo@12345' })).body.code).toBe('40105');
    server.clock.advance(61_000);
    expect((await server.post('/api/auth/login', { loginName: 'cashier', password: 'Demo@12345' })).body.code).toBe('0');
  });

  it('refuses a disabled account', async () => {
    await server.database.db.updateTable('sys_user').set({ status: '1' }).where('login_name', '=', 'dispatcher').execute();
    // The demo seed signed the dispatcher in before (the cars): only this attempt counts.
    const before = (await loginLog('dispatcher')).length;
    const r = await server.post('/api/auth/login', { loginName: 'dispatcher', password: 'Demo@12345' }, { lang: 'en-US' });
    expect(r.body.code).toBe('40106');
    expect(r.body.msg).toBe('The account is disabled, please contact an administrator');
    expect((await loginLog('dispatcher')).slice(before).map((x) => x.result)).toEqual(['disabled']);
  });
});

describe('sessions', () => {
  it('expires a token after 12 hours', async () => {
    const token = await server.login('head', 'Demo@12345');
    expect((await server.get('/api/core/user/info', { token })).body.code).toBe('0');
    server.clock.advance(43_200_000 - 1000);
    expect((await server.get('/api/core/user/info', { token })).body.code).toBe('0');
    server.clock.advance(1000);
    const expired = await server.get('/api/core/user/info', { token, lang: 'zh-CN' });
    expect(expired.body.code).toBe('40102');
    expect(expired.body.msg).toBe('登录已失效，请重新登录');
  });

  it('revokes the token on logout', async () => {
    // The demo seed signed staff in before (the beforehand applications): only this sign-in counts.
    const sessions = () =>
      server.database.db
        .selectFrom('sys_session as s')
        .innerJoin('sys_user as u', 'u.id', 's.user_id')
        .select(['s.token_hash', 's.revoked_at'])
        .where('u.login_name', '=', 'staff')
        .orderBy('s.created_at')
        .execute();
    const earlier = new Set((await sessions()).map((r) => r.token_hash));
    const token = await server.login('staff', 'Demo@12345');
    expect((await server.get('/api/core/menu/user', { token })).body.code).toBe('0');
    const out = await server.post('/api/auth/logout', {}, { token });
    expect(out.body.code).toBe('0');
    expect((await server.get('/api/core/menu/user', { token })).body.code).toBe('40102');
    const rows = (await sessions()).filter((r) => !earlier.has(r.token_hash));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revoked_at).toBeInstanceOf(Date);
  });

  it('refuses missing and forged tokens', async () => {
    expect((await server.get('/api/core/user/info')).body.code).toBe('40102');
    expect((await server.get('/api/core/user/info', { token: 'forged-token-value' })).body.code).toBe('40102');
    expect((await server.get('/api/core/user/info', { token: 'x'.repeat(5000) })).body.code).toBe('40102');
  });
});

describe('features a site has not switched on', () => {
  it.each([
    ['/api/auth/register', { loginName: 'someone', password: 'Abc12345', realName: 'X' }],
    ['/api/auth/forge-password', {}],
    ['/api/auth/2step-code', {}],
    ['/api/account/sms', {}],
    ['/api/account/sms_err', {}],
    ['/api/auth/login/sms', { loginName: 'admin', password: 'Admin@12345' }],
  ])('%s answers "not enabled"', async (path, body) => {
    const r = await server.post(path, body, { lang: 'en-US' });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe('40107');
    expect(r.body.msg).toMatch(/is not enabled for this organisation/);
  });

  it('registers a user when the site enables it', async () => {
    await server.database.db
      .updateTable('sys_config')
      .set({ config_value: 'true' })
      .where('config_key', '=', 'sys.account.registerUser')
      .where('top_dept_id', '=', server.services.sites.get('city')!.id)
      .execute();
    await server.services.cache.invalidate(server.services.sites.get('city')!.id);
    const weak = await server.post(
      '/api/auth/register',
      { loginName: 'newdoc', password: 'short', realName: '新医生' },
      { site: 'city' },
    );
    expect(weak.body.code).toBe('40000');
    const r = await server.post(
      '/api/auth/register',
      { loginName: 'newdoc', password: 'Doctor2026', realName: '新医生' },
      { site: 'city' },
    );
    expect(r.body.code).toBe('0');
    const again = await server.post(
      '/api/auth/register',
      { loginName: 'newdoc', password: 'Doctor2026', realName: '新医生' },
      { site: 'city' },
    );
    expect(again.body.code).toBe('40900');
    const token = await server.login('newdoc', 'Doctor2026', 'city');
    const info = await server.get('/api/core/user/info', { token, site: 'city' });
    expect(info.body.data.roles.map((x: { roleKey: string }) => x.roleKey)).toEqual(['user']);
    // Still off on the demo site.
    expect(
      (await server.post('/api/auth/register', { loginName: 'newdoc', password: 'Doctor2026', realName: 'x' })).body.code,
    ).toBe('40107');
  });
});
