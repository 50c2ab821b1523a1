// Bad input of every kind: a clear code and message in the caller's language, never a stack
// trace, never HTTP 500, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
});
afterAll(async () => server?.close());

const noTrace = (raw: string) => {
  expect(raw).not.toMatch(/at .*\.(ts|js):\d+/);
  expect(raw).not.toMatch(/Error:/);
};

describe('bad input', () => {
  it('names the field of a wrong type', async () => {
    const r = await server.post('/api/auth/login', { loginName: 123, password: 'x' }, { lang: 'en-US' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: '40000', msg: 'Invalid request: loginName must be text' });
    const zh = await server.post('/api/auth/login', { loginName: ['a'], password: 'x' }, { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('参数错误：loginName应为文本');
  });

  it('names a missing field and a too long one', async () => {
    const logRows = () => server.database.db.selectFrom('sys_login_log').select('id').execute();
    const before = (await logRows()).length;
    const missing = await server.post('/api/auth/login', { loginName: 'admin' }, { lang: 'pt-BR' });
    expect(missing.body).toMatchObject({ code: '40000', msg: 'Requisição inválida: password é obrigatório' });
    const long = await server.post('/api/auth/login', { loginName: 'a'.repeat(65), password: 'x' }, { lang: 'zh-TW' });
    expect(long.body.msg).toBe('參數錯誤：loginName請控制在64個字元以內');
    expect(await logRows()).toHaveLength(before);
  });

  it('refuses a 10 MB body with 413 and a message', async () => {
    const big = JSON.stringify({ loginName: 'admin', password: 'x'.repeat(10 * 1024 * 1024) });
    const r = await server.request('/api/auth/login', {
      method: 'POST',
      rawBody: big,
      headers: { 'content-type': 'application/json' },
      lang: 'en-US',
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: '41300', msg: 'The request is too large (limit 1 MB)' });
  });

  it('refuses malformed JSON and unsupported content types', async () => {
    const bad = await server.request('/api/auth/login', {
      method: 'POST',
      rawBody: '{"loginName":',
      headers: { 'content-type': 'application/json' },
      lang: 'en-US',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: '40000', msg: 'The request body is not valid JSON' });
    noTrace(bad.raw);
    const xml = await server.request('/api/auth/login', {
      method: 'POST',
      rawBody: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('41500');
  });

  it('answers an unknown endpoint with 404 in the envelope', async () => {
    const r = await server.get('/api/core/nothing/here', { token: admin, lang: 'zh-CN' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: '40400', msg: '接口不存在：GET /api/core/nothing/here' });
  });

  it('rejects bad query and path parameters', async () => {
    const r = await server.get('/api/core/dictData/getDict/' + encodeURIComponent("x'; drop table sys_user; --"), {
      token: admin,
      lang: 'en-US',
    });
    expect(r.body.code).toBe('40000');
    expect(r.body.msg).toContain('type has an invalid format');
    const noParam = await server.get('/api/core/dept/topDeptKey', { lang: 'en-US' });
    expect(noParam.body).toMatchObject({ code: '40000', msg: 'Invalid request: hostname is required' });
    const unlock = await server.post('/api/core/user/unlockPassword', { id: 'one' }, { token: admin });
    expect(unlock.body.code).toBe('40000');
    expect(await server.database.db.selectFrom('sys_user').select('id').execute()).toHaveLength(18);
  });

  it('answers someone else’s id as not found', async () => {
    const cityUser = await server.database.db
      .selectFrom('sys_user')
      .select('id')
      .where('login_name', '=', 'citystaff')
      .executeTakeFirstOrThrow();
    const r = await server.post('/api/core/user/unlockPassword', { id: cityUser.id }, { token: admin, lang: 'en-US' });
    expect(r.body).toMatchObject({ code: '40400', msg: 'The record does not exist or is not yours to see' });
  });

  it('never answers 500 to a flood of odd requests', async () => {
    const odd = [
      server.request('/api/auth/login', { method: 'POST', rawBody: 'null', headers: { 'content-type': 'application/json' } }),
      server.request('/api/auth/login', { method: 'POST', rawBody: '[]', headers: { 'content-type': 'application/json' } }),
      server.request('/api/auth/login', { method: 'POST', rawBody: '"x"', headers: { 'content-type': 'application/json' } }),
      server.request('/api/auth/login', { method: 'POST' }),
      server.request('/api/core/user/upPassword', { method: 'POST', body: { oldPassword: null, newPassword: {} }, token: admin }),
      server.request('/api/code/image?key=../../etc', {}),
      server.request('/api/core/dept/infoByTopDeptKey/' + 'x'.repeat(300), {}),
      server.request('/api/core/user/info', { headers: { hostname: '%%%' }, token: admin }),
      server.request('/api/core/user/info', { headers: { year: 'abcd' }, token: admin }),
    ];
    for (const r of await Promise.all(odd)) {
      expect(r.status, r.raw).toBeLessThan(500);
      expect(typeof r.body.code, r.raw).toBe('string');
      expect(r.body.code, r.raw).not.toBe('50000');
      noTrace(r.raw);
    }
  });
});
