// Per-site overrides (schemas/sites/<site>/…, JSON merge patches): the city hospital requires the
// issuer of a policy document and queries by document number; the demo school does not.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { syncSite } from '../../server/seed/sync.ts';
import { ensureGeneratedTables } from '../../server/entities/table.ts';
import { loadBaseFiles } from '../../server/schemas/files.ts';
import { SchemaReloader } from '../../server/modules/schema/reload.ts';
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

it('lets a site add a field of its own: its column, form node, list column, filter and texts, unseen by other sites', async () => {
  const saved = await server.post(
    '/api/policy/share/save',
    { ...doc, issuer: '市卫健委', reviewDue: '2027-06-30' },
    { token: city, site: 'city' },
  );
  expect(saved.body.code).toBe('0');
  const read = (await server.get(`/api/policy/share/infoById/${saved.body.data.id}`, { token: city, site: 'city' })).body.data;
  expect(read.reviewDue).toBe('2027-06-30');
  const found = await server.get('/api/policy/share/page?reviewDueBegin=2027-06-01&reviewDueEnd=2027-07-01', {
    token: city,
    site: 'city',
  });
  expect(found.body.data.records.map((r: { id: string }) => r.id)).toEqual([saved.body.data.id]);

  const cityPage = (await server.get('/api/schema/page/PolicyShare', { token: city, site: 'city', lang: 'en-US' })).body.data;
  expect(cityPage.list.columns.map((c: { field: string }) => c.field)).toContain('reviewDue');
  expect(cityPage.texts['policy.reviewDue']['en-US']).toBe('Review due');
  expect(cityPage.texts['policy.reviewDue']['pt-BR']).toBe('Revisão em');

  const demoPage = (await server.get('/api/schema/page/PolicyShare', { token: demo })).body.data;
  expect(demoPage.list.columns.map((c: { field: string }) => c.field)).not.toContain('reviewDue');
  expect(demoPage.entity.fields.map((f: { name: string }) => f.name)).not.toContain('reviewDue');
  expect(demoPage.texts['policy.reviewDue']).toBeUndefined();
  // The other site's save does not take the field.
  const other = await server.post('/api/policy/share/save', { ...doc, reviewDue: '2027-06-30' }, { token: demo, lang: 'en-US' });
  if (other.body.code === '0') {
    const back = (await server.get(`/api/policy/share/infoById/${other.body.data.id}`, { token: demo })).body.data;
    expect(back.reviewDue).toBeUndefined();
  } else expect(other.body.code).toBe('40000');
});

it('deploys a changed default process at start where nobody changed the model by hand', async () => {
  const db = server.database.db as unknown as Kysely<any>;
  const site = await db.selectFrom('sys_dept').select('id').where('top_dept_key', '=', 'demo').executeTakeFirstOrThrow();
  const versions = async (key: string) =>
    (
      await db
        .selectFrom('wf_definition')
        .select(['def_version', 'bpmn_xml'])
        .where('top_dept_id', '=', site.id)
        .where('process_key', '=', key)
        .orderBy('def_version')
        .execute()
    ).map((r) => [Number(r.def_version), String(r.bpmn_xml)] as const);
  const file = fs.readFileSync(path.join(import.meta.dirname, '../../schemas/budget/budgetAdjust.bpmn'), 'utf8');
  const before = await versions('budgetAdjust');
  // As if the file had been different when this site was made: the start deploys the file as it is now.
  await db
    .updateTable('wf_model')
    .set({ bpmn_xml: '<old/>' })
    .where('top_dept_id', '=', site.id)
    .where('model_key', '=', 'budgetAdjust')
    .execute();
  // A model someone edited in the designer is theirs: the file does not replace it.
  await db
    .updateTable('wf_model')
    .set({ bpmn_xml: '<mine/>', updated_by: 1 })
    .where('top_dept_id', '=', site.id)
    .where('model_key', '=', 'asset')
    .execute();
  const assetBefore = await versions('asset');
  await syncSite(db, Number(site.id), new Date().getFullYear());
  const after = await versions('budgetAdjust');
  expect(after).toHaveLength(before.length + 1);
  expect(after.at(-1)).toEqual([before.at(-1)![0] + 1, file]);
  const model = await db
    .selectFrom('wf_model')
    .select(['bpmn_xml', 'deployed_version'])
    .where('top_dept_id', '=', site.id)
    .where('model_key', '=', 'budgetAdjust')
    .executeTakeFirstOrThrow();
  expect(model).toMatchObject({ bpmn_xml: file, deployed_version: before.at(-1)![0] + 1 });
  expect(await versions('asset')).toEqual(assetBefore);
  // Unchanged since: another start deploys nothing.
  await syncSite(db, Number(site.id), new Date().getFullYear());
  expect(await versions('budgetAdjust')).toHaveLength(before.length + 1);
});

it('fills the rows already there with a new field’s default', async () => {
  const db = server.database.db as unknown as Kysely<any>;
  const before = await db.selectFrom('biz_policy').select('id').execute();
  expect(before.length).toBeGreaterThan(0);
  // The policy file as it would be with a field added, with its default: the start adds the column.
  const files = loadBaseFiles().map((f) =>
    f.name === 'policy' && f.kind === 'entity'
      ? {
          ...f,
          json: {
            ...f.json,
            fields: { ...(f.json.fields as object), archived: { type: 'dict', title: 'policy.status', default: '0' } },
          },
        }
      : f,
  );
  await ensureGeneratedTables(db, files);
  const rows = await db.selectFrom('biz_policy').select(['id', 'archived']).execute();
  expect(rows).toHaveLength(before.length);
  expect(rows.every((r) => r.archived === '0')).toBe(true);
});

it('reloads the schemas in place (development): a new registry serves the same pages, nothing to restart', async () => {
  const reloader = new SchemaReloader(server.services);
  const before = server.services.schemas;
  const news = await reloader.reload();
  expect(news).toMatchObject({ ok: true, problems: [], restart: [] });
  expect(server.services.schemas).not.toBe(before);
  const page = await server.get('/api/schema/page/PolicyShare', { token: city, site: 'city', lang: 'en-US' });
  expect(page.body.data.texts['policy.reviewDue']['en-US']).toBe('Review due');
});
