// The generated API description: GET /api/docs (OpenAPI 3.1, checked against the official schema
// the validator package ships, and every Schema Object against JSON Schema 2020-12) and the
// plain HTML page at /api/docs/ui.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let server: TestServer;
let doc: Json;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await server.login('staff', 'Demo@12345');
  const r = await server.get('/api/docs', { token });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  doc = JSON.parse(r.raw);
});
afterAll(async () => server?.close());

const docIn = async (lang: string, how: 'query' | 'header' = 'query') => {
  const r =
    how === 'query' ? await server.get(`/api/docs?lang=${lang}`, { token }) : await server.get('/api/docs', { lang, token });
  expect(r.status).toBe(200);
  return JSON.parse(r.raw) as Json;
};

function operations(d: Json): Array<{ path: string; method: string; op: Json }> {
  return Object.entries(d.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

const param = (op: Json, name: string): Json => (op.parameters as Json[]).find((p) => p.name === name)!;
const jsonBody = (op: Json) => op.requestBody.content['application/json'].schema as Json;

/** Every Schema Object of the document, with where it is. */
function schemaObjects(d: Json): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  for (const [name, s] of Object.entries(d.components.schemas ?? {})) out.push([`components.schemas.${name}`, s as Json]);
  for (const [name, p] of Object.entries(d.components.parameters ?? {}))
    out.push([`components.parameters.${name}`, (p as Json).schema]);
  for (const { path, method, op } of operations(d)) {
    const at = `${method} ${path}`;
    for (const p of op.parameters ?? []) if (p.schema) out.push([`${at} parameter ${p.name}`, p.schema]);
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
      out.push([`${at} body ${type}`, (media as Json).schema]);
    for (const [status, res] of Object.entries(op.responses as Json))
      for (const [type, media] of Object.entries((res as Json).content ?? {}))
        out.push([`${at} ${status} ${type}`, (media as Json).schema]);
  }
  return out;
}

/** Every $ref in the document. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

describe('GET /api/docs', () => {
  it('is a valid OpenAPI 3.1 document (official schema) whose Schema Objects are valid JSON Schema 2020-12', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const ajv = new Ajv2020({ strict: false });
    const bad = schemaObjects(doc)
      .filter(([, s]) => !ajv.validateSchema(s))
      .map(([at]) => `${at}: ${ajv.errorsText(ajv.errors)}`);
    expect(bad).toEqual([]);

    // The checks can fail: a parameter in the body, a Schema Object of an unknown type.
    const broken = structuredClone(doc);
    broken.paths['/api/core/dictType/page'].get.parameters[0].in = 'body';
    expect((await new Validator().validate(broken)).valid).toBe(false);
    expect(ajv.validateSchema({ type: 'text' })).toBe(false);

    for (const ref of refs(doc)) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((o: Json | undefined, k) => o?.[k], doc);
      expect(target, ref).toBeTruthy();
    }
  });

  it('describes every operation: path, permission, responses, unique operationId, declared path parameters', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.5.44');
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(60);
    const ids = new Set<string>();
    for (const { path, method, op } of ops) {
      const at = `${method} ${path}`;
      expect(path, at).toMatch(/^\/api\//);
      expect(path, at).not.toContain(':');
      expect(op.responses?.['200'], at).toBeTruthy();
      expect(typeof op['x-permission'], at).toBe('string');
      expect(op['x-permission'], at).not.toBe('');
      expect(op.summary, at).toBeTruthy();
      expect(op.tags?.length, at).toBe(1);
      expect(ids.has(op.operationId), at).toBe(false);
      ids.add(op.operationId);
      expect(op.security, at).toEqual(op['x-permission'] === 'public' ? [] : [{ token: [] }]);
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        expect(param(op, name!), `${at} {${name}}`).toMatchObject({ in: 'path', required: true });
      }
    }
    expect(doc.components.securitySchemes.token).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'token' }),
    );
    // The envelope and its codes (docs/decisions.md).
    const ok = doc.paths['/api/core/user/info'].get.responses['200'];
    expect(ok.content['application/json'].schema).toMatchObject({
      required: ['code', 'data', 'msg'],
      properties: { code: { type: 'string' }, msg: { type: 'string' } },
    });
    for (const code of ['0', '40000', '40100', '40102', '40103', '40104', '40400', '40401', '40900', '50000']) {
      expect(ok.description).toContain(`\`${code}\``);
    }
  });

  it('secures everything but public routes', () => {
    for (const path of ['/api/auth/login', '/api/auth/login/{loginType}']) {
      const login = doc.paths[path].post;
      expect(login['x-permission']).toBe('public');
      expect(login.security).toEqual([]);
      expect(login.tags).toEqual(['auth']);
      expect(jsonBody(login).required).toEqual(['loginName', 'password']);
    }
    expect(doc.paths['/api/code/image'].get.tags).toEqual(['auth']);
    const info = doc.paths['/api/core/user/info'].get;
    expect(info['x-permission']).toBe('login');
    expect(info.security).toEqual([{ token: [] }]);
    expect(info.tags).toEqual(['user']);
    expect(doc.paths['/api/core/user/unlockPassword'].post['x-permission']).toBe('system:user:unlock');
    expect(doc.paths['/api/docs'].get).toMatchObject({ 'x-permission': 'public', tags: ['docs'] });
  });

  it('gives the generic endpoints their entity: filters, sorting, paging, bodies, rows', () => {
    const page = doc.paths['/api/core/dictType/page'].get;
    expect(page).toMatchObject({ 'x-permission': 'system:dict:list', tags: ['dictType'], summary: 'Page of records' });
    expect(param(page, 'sortField').schema.enum).toEqual(expect.arrayContaining(['id', 'dictName', 'dictType']));
    expect(param(page, 'sortOrder').schema.enum).toEqual(['asc', 'desc']);
    expect(param(page, 'pageNum').schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param(page, 'pageSize').schema).toMatchObject({ type: 'integer', maximum: 100 });
    expect(param(page, 'dictName')).toMatchObject({ in: 'query', required: false });
    expect(param(page, 'status')).toBeTruthy();
    expect(param(page, 'remark')).toBeUndefined();
    expect(param(page, 'parameter.beginTime')).toBeTruthy();
    expect(param(page, 'parameter.endTime')).toBeTruthy();
    const data = page.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties.records.items).toEqual({ $ref: '#/components/schemas/dictType' });
    expect(doc.components.schemas.dictType.properties).toMatchObject({
      id: { type: 'integer' },
      dictName: { type: 'string' },
      remark: { type: ['string', 'null'] },
    });

    expect(param(doc.paths['/api/core/dictType/list'].get, 'pageNum')).toBeUndefined();
    expect(doc.paths['/api/core/dictType/infoById/{id}'].get['x-permission']).toBe('system:dict:query');
    expect(doc.paths['/api/core/dictType/remove'].post['x-permission']).toBe('system:dict:remove');
    expect(doc.paths['/api/core/dictType/import'].post.requestBody.content['multipart/form-data']).toBeTruthy();
    const update = jsonBody(doc.paths['/api/core/dictType/update'].post);
    expect(update.required).toEqual(expect.arrayContaining(['id']));
    expect(Object.keys(doc.paths['/api/core/dictType/export'].get.responses['200'].content)[0]).toMatch(/spreadsheetml/);
    // A module's route under an entity's api is tagged with the entity.
    expect(doc.paths['/api/core/dictData/getDict/{type}'].get.tags).toEqual(['dictData']);
  });

  it('advertises what user save, update and status take, and nothing they drop', () => {
    // user/save takes the first password (module route standing in for the generic save).
    const save = jsonBody(doc.paths['/api/core/user/save'].post);
    expect(save.properties.password).toMatchObject({ type: 'string', minLength: 8, maxLength: 64, writeOnly: true });
    expect(save.required).toEqual(expect.arrayContaining(['loginName', 'realName', 'roleIds']));
    expect(save.properties.roleIds).toMatchObject({ type: 'array', minItems: 1 });
    // The stored hash is never taken from a request, so no body offers it; update takes no password.
    const update = jsonBody(doc.paths['/api/core/user/update'].post);
    for (const body of [save, update]) expect(Object.keys(body.properties)).not.toContain('passwordHash');
    expect(update.properties.password).toBeUndefined();
    // Enabling or disabling sends the version read with the row, like an update.
    for (const api of ['user', 'role']) {
      const status = jsonBody(doc.paths[`/api/core/${api}/status`].post);
      expect(status.required, api).toEqual(['id', 'version', 'status']);
    }
  });

  it('speaks the language asked for, by ?lang= or Accept-Language', async () => {
    const zh = await docIn('zh-CN');
    const save = zh.paths['/api/core/dictType/save'].post;
    expect(save.summary).toBe('新增');
    const body = jsonBody(save);
    expect(body.required).toEqual(expect.arrayContaining(['dictName', 'dictType']));
    expect(body.required).not.toContain('status'); // it has a default
    expect(body.properties.dictName.title).toBe('字典名称');
    expect(body.properties.dictType.title).toBe('字典类型');
    expect(zh.paths['/api/core/dictType/page'].get.summary).toBe('分页查询');
    expect(zh.tags.find((t: Json) => t.name === 'dictType').description).toBe('字典类型');

    expect((await docIn('zh-TW', 'header')).paths['/api/core/dictType/page'].get.summary).toBe('分頁查詢');
    const pt = await docIn('pt-BR');
    expect(pt.paths['/api/core/dictType/page'].get.summary).toBe('Página de registros');
    expect(jsonBody(pt.paths['/api/core/dictType/save'].post).properties.dictName.title).toBe('Nome do dicionário');
    expect(jsonBody(doc.paths['/api/core/dictType/save'].post).properties.dictName.title).toBe('Dictionary name');
  });

  it('answers from its cache once built, with an ETag', async () => {
    const first = await server.get('/api/docs?lang=en-US', { token });
    const again = await server.get('/api/docs?lang=en-US', { token });
    expect(again.raw).toBe(first.raw);
    const etag = String(again.headers.etag);
    expect((await server.get('/api/docs?lang=en-US', { token, headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('GET /api/docs/ui', () => {
  it('renders the description as plain HTML: no script, contents by tag, every operation', async () => {
    const r = await server.get('/api/docs/ui', { token });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.raw).not.toMatch(/<script/i);
    expect(r.raw).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
    expect(r.raw).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(r.raw).toContain('/api/core/dictType/page');
    expect(r.raw).toContain('href="#tag-dictType"');
    expect(r.raw).toContain('system:dict:list');
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(r.headers['content-security-policy']).not.toContain('unsafe-inline');
    for (const { op } of operations(doc)) expect(r.raw).toContain(`id="${op.operationId}"`);

    const zh = await server.get('/api/docs/ui?lang=zh-CN', { token });
    expect(zh.raw).toContain('分页查询');
    expect(zh.raw).toContain('字典名称');
    expect(zh.raw).toContain('<html lang="zh-CN">');
  });
});

describe('who reads the API description (setting sys.apiDocs.access)', () => {
  const setAccess = async (value: string) => {
    const siteId = server.services.sites.get('demo')!.id;
    await server.database.db
      .updateTable('sys_config')
      .set({ config_value: value })
      .where('config_key', '=', 'sys.apiDocs.access')
      .where('top_dept_id', '=', siteId)
      .execute();
    await server.services.cache.invalidate(siteId);
  };

  it('is for signed-in users by default, for administrators or anyone when the site says so', async () => {
    for (const path of ['/api/docs', '/api/docs/ui']) {
      const stranger = await server.get(path, { lang: 'en-US' });
      expect(stranger.body.code).toBe('40102');
      expect(stranger.raw).not.toContain('openapi');
    }
    await setAccess('admin');
    expect((await server.get('/api/docs', { token })).body.code).toBe('40103');
    const admin = await server.login('admin', 'Admin@12345');
    expect((await server.get('/api/docs', { token: admin })).status).toBe(200);
    expect(JSON.parse((await server.get('/api/docs', { token: admin })).raw).openapi).toBe('3.1.0');
    await setAccess('public');
    expect(JSON.parse((await server.get('/api/docs')).raw).openapi).toBe('3.1.0');
    await setAccess('login');
  });
});
