// Per-site overrides (schemas/sites/<site>/…, JSON merge patches): the city hospital requires the
// issuer of a policy document and queries by document number; the demo school does not.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let demo: string;
let city: string;
beforeAll(async () => {
  server = await startServer();
  demo = await server.login('admin', 'Admin@12345');
  city = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());

const doc = { docTitle: '站点覆盖', category: '3', issuedOn: '2026-11-20' };

it('validates with the site’s own rules', async () => {
  expect((await server.post('/api/policy/share/save', doc, { token: demo })).body.code).toBe('0');
  const refused = await server.post('/api/policy/share/save', doc, { token: city, site: 'city', lang: 'zh-CN' });
  expect(refused.body).toMatchObject({ code: '40000', msg: '参数错误：发文单位不能为空' });
  const ok = await server.post('/api/policy/share/save', { ...doc, issuer: '市卫健委' }, { token: city, site: 'city' });
  expect(ok.body.code).toBe('0');
});

it('serves each site its own page and entity', async () => {
  const demoPage = (await server.get('/api/schema/page/PolicyShare', { token: demo })).body.data;
  const cityPage = (await server.get('/api/schema/page/PolicyShare', { token: city, site: 'city' })).body.data;
  expect(demoPage.list.query).toEqual(['docTitle', 'category', 'issuer']);
  expect(cityPage.list.query).toEqual(['docTitle', 'category', 'issuer', 'docNumber']);
  const issuer = (page: { entity: { fields: Array<{ name: string; required?: boolean }> } }) =>
    page.entity.fields.find((f) => f.name === 'issuer')!;
  expect(issuer(demoPage).required).toBeUndefined();
  expect(issuer(cityPage).required).toBe(true);
  // A row records the version of the files its site saw.
  expect(demoPage.entity.schemaVersion).not.toBe(cityPage.entity.schemaVersion);
});

it('keeps the site’s own schema version, so its print and approval pages render a saved document with it', async () => {
  const saved = await server.post('/api/policy/share/save', { ...doc, issuer: '市卫健委' }, { token: city, site: 'city' });
  const version = saved.body.data.schemaVersion as string;
  const cityPage = (await server.get('/api/schema/page/PolicyShare', { token: city, site: 'city' })).body.data;
  expect(version).toBe(cityPage.entity.schemaVersion);
  const stored = await server.database.db
    .selectFrom('sys_schema_version' as never)
    .select(['version' as never])
    .where('entity' as never, '=', 'policy' as never)
    .where('version' as never, '=', version as never)
    .execute();
  expect(stored).toHaveLength(1);
});
