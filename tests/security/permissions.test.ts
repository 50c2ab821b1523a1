// Part 3 of the security campaign: every permission key is enforced. An administrator makes, through
// the API, a role with no keys at all and a user in it; that user, signed in, calls every route of
// the API description that declares a key (every route but the public ones and those any signed-in
// user may call) with a request its schema accepts, and must get 40103 from each. Goal: 0 bypasses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';
import { casesOf, operationsOf, prng, type Operation, type World } from './corpus.ts';
import { recordFigures } from './figures.ts';

let server: TestServer;
let admin: string;
let keyless: string;
let ops: Operation[] = [];

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  ops = operationsOf(JSON.parse((await server.get('/api/docs', { token: admin })).raw));
  const stamp = Date.now().toString(36);
  const as = { token: admin, lang: 'en-US' };
  const role = await server.post(
    '/api/core/role/save',
    { roleName: `无权限${stamp}`, roleKey: `none${stamp}`, dataScope: '1', menuIds: [] },
    as,
  );
  expect(role.body.code, role.body.msg).toBe('0');
  const password = 'NoKeys@2026x';
  const user = await server.post(
    '/api/core/user/save',
    { loginName: `nokeys${stamp}`, realName: '无权限用户', roleIds: [role.body.data.id], status: '0', password },
    as,
  );
  expect(user.body.code, user.body.msg).toBe('0');
  const first = await server.login(`nokeys${stamp}`, password);
  const changed = await server.post(
    '/api/core/user/upPassword',
    { oldPassword: password, newPassword: `${password}!` },
    { token: first },
  );
  expect(changed.body.code, changed.body.msg).toBe('0');
  keyless = await server.login(`nokeys${stamp}`, `${password}!`);
  const info = await server.get('/api/core/user/info', { token: keyless });
  expect(info.body.data.buttons ?? []).toEqual([]);
});
afterAll(async () => server?.close());

/** Ids of the admin's site rows, so a request names something that exists. */
const world: World = { idOf: () => 1, dict: () => '1' };

describe('permission keys', () => {
  it('a signed-in user without keys gets 40103 from every route that declares one', async () => {
    const keyed = ops.filter((o) => o.permission !== 'public' && o.permission !== 'login');
    const bypasses: string[] = [];
    const r = prng(13);
    for (const op of keyed) {
      // The valid request the corpus starts from (the first case's base: its wrong value taken out).
      const base = casesOf(op, { seed: 13, world, extraPerOperation: 0, heavyCases: 0 }, r).find(
        (c) => c.klass === 'no-session',
      )!;
      const answer = await server.request(base.url, {
        method: base.method,
        rawBody: base.rawBody,
        headers: base.rawBody !== undefined ? { 'content-type': 'application/json' } : {},
        token: keyless,
        lang: 'en-US',
      });
      if (answer.body.code !== '40103')
        bypasses.push(`${op.method} ${op.path} (${op.permission}): ${answer.status} ${answer.body.code} ${answer.body.msg}`);
    }
    recordFigures('permissions', { routes: keyed.length, bypasses: bypasses.length });
    console.log(`permission keys: ${keyed.length} routes with a key, ${bypasses.length} bypasses`);
    expect(keyed.length).toBeGreaterThan(150);
    expect(bypasses).toEqual([]);
  });

  it('the same user still reaches what any signed-in user may (the refusals above are the keys, not the session)', async () => {
    for (const path of ['/api/core/user/info', '/api/core/menu/user', '/api/core/dictData/getDict/sys_user_sex']) {
      expect((await server.get(path, { token: keyless })).body.code).toBe('0');
    }
  });
});
