// Trees of the system screens: a district's parent (by code) is a district of the caller's site,
// never the district itself or one below it; a new code carries the children along and a district
// with children stays. The same cycle rule holds for every entity with `tree` (departments here).
// Refusals come in the caller's language and change nothing; never a system error.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
});
afterAll(async () => server?.close());

const db = () => server.database.db as unknown as Kysely<any>;
const as = (lang = 'zh-CN') => ({ token: admin, lang });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}
const siteId = async (key: string) =>
  Number((await sql<{ id: number }>`select id from sys_dept where top_dept_key = ${key}`.execute(db())).rows[0]!.id);
const district = async (code: string) =>
  (
    await sql<Row>`select id, district_code, parent_code, district_name from sys_district
      where district_code = ${code} and top_dept_id = ${await siteId('demo')}`.execute(db())
  ).rows[0];
const save = (body: Row, lang = 'zh-CN') => server.post('/api/core/districts/save', body, as(lang));
const update = (body: Row, lang = 'zh-CN') => server.post('/api/core/districts/update', body, as(lang));
const info = async (id: number) => ok(await server.get(`/api/core/districts/infoById/${id}`, as()));

describe('district parents', () => {
  it('refuses a parent code that names no district of the site, in the caller’s language', async () => {
    const missing = await save({ districtCode: '990101', districtName: '无主区', parentCode: '990100', level: '3' });
    expect(missing.body).toMatchObject({ code: '40000', msg: '上级代码“990100”不存在' });
    expect(await district('990101')).toBeUndefined();
    const en = await save({ districtCode: '990101', districtName: 'Nowhere', parentCode: '990100', level: '3' }, 'en-US');
    expect(en.body).toMatchObject({ code: '40000', msg: 'Parent code "990100" does not exist' });
    const tw = await save({ districtCode: '990101', districtName: '無主區', parentCode: '990100', level: '3' }, 'zh-TW');
    expect(tw.body).toMatchObject({ code: '40000', msg: '上級代碼「990100」不存在' });
    const pt = await save({ districtCode: '990101', districtName: 'Lugar', parentCode: '990100', level: '3' }, 'pt-BR');
    expect(pt.body).toMatchObject({ code: '40000', msg: 'Código superior "990100" não existe' });

    // Another organisation's district is no parent here.
    await sql`insert into sys_district (top_dept_id, district_code, district_name, level, sort)
      values (${await siteId('city')}, '980000', '别处', '1', 0)`.execute(db());
    const elsewhere = await save({ districtCode: '980100', districtName: '别处市', parentCode: '980000', level: '2' });
    expect(elsewhere.body).toMatchObject({ code: '40000', msg: '上级代码“980000”不存在' });
    expect(await district('980100')).toBeUndefined();

    // At the root, or under a district that exists: saved.
    const root = ok(await save({ districtCode: '990000', districtName: '测试省', level: '1' }));
    expect(root.parentCode ?? null).toBeNull();
    const city = ok(await save({ districtCode: '990100', districtName: '测试市', parentCode: '990000', level: '2' }));
    expect(city).toMatchObject({ parentCode: '990000' });
    ok(await save({ districtCode: '990101', districtName: '测试区', parentCode: '990100', level: '3' }));
  });

  it('refuses the district itself or one below it as its parent and changes nothing', async () => {
    const top = ok(await save({ districtCode: '970000', districtName: '环省', level: '1' }));
    const mid = ok(await save({ districtCode: '970100', districtName: '环市', parentCode: '970000', level: '2' }));
    const low = ok(await save({ districtCode: '970101', districtName: '环区', parentCode: '970100', level: '3' }));

    const self = await update({ ...(await info(mid.id)), parentCode: '970100' });
    expect(self.body).toMatchObject({ code: '40000', msg: '上级不能是自己或自己的下级' });
    const below = await update({ ...(await info(top.id)), parentCode: '970101' }, 'en-US');
    expect(below.body).toMatchObject({ code: '40000', msg: 'The parent cannot be the item itself or one of its descendants' });
    const child = await update({ id: top.id, version: top.version, parentCode: '970100' }, 'pt-BR');
    expect(child.body).toMatchObject({ code: '40000', msg: 'O pai não pode ser o próprio item nem um de seus descendentes' });
    // A new code that is the parent's own: itself as parent.
    const renamed = await update({ id: low.id, version: low.version, districtCode: '970199', parentCode: '970199' });
    expect(renamed.body).toMatchObject({ code: '40000', msg: '上级不能是自己或自己的下级' });
    const missing = await update({ id: low.id, version: low.version, parentCode: '970200' });
    expect(missing.body).toMatchObject({ code: '40000', msg: '上级代码“970200”不存在' });

    expect(await district('970000')).toMatchObject({ parent_code: null });
    expect(await district('970100')).toMatchObject({ parent_code: '970000' });
    expect(await district('970101')).toMatchObject({ parent_code: '970100' });
    expect((await info(top.id)).version).toBe(top.version);

    // A move elsewhere in the tree, and back to the root, stay allowed; other edits keep working.
    ok(await update({ id: low.id, version: low.version, parentCode: '970000' }));
    ok(await update({ id: mid.id, version: mid.version, parentCode: null, level: '1' }));
    expect(await district('970100')).toMatchObject({ parent_code: null });
    ok(await update({ id: top.id, version: top.version, districtName: '环省（改）' }));
  });

  it('carries the children along to a new code and keeps a district that has children', async () => {
    const top = ok(await save({ districtCode: '960000', districtName: '留省', level: '1' }));
    ok(await save({ districtCode: '960100', districtName: '留市', parentCode: '960000', level: '2' }));
    const refused = await server.post('/api/core/districts/remove', { ids: [top.id] }, as());
    expect(refused.body).toMatchObject({ code: '40900', msg: '区划“留省”下还有下级区划，不能删除' });
    expect(await district('960000')).toBeDefined();

    ok(await update({ id: top.id, version: top.version, districtCode: '960001' }));
    expect(await district('960100')).toMatchObject({ parent_code: '960001' });

    // The district and its children together go.
    const child = await district('960100');
    ok(await server.post('/api/core/districts/remove', { ids: [top.id, Number(child!.id)] }, as()));
    expect(await district('960001')).toBeUndefined();
    expect(await district('960100')).toBeUndefined();
  });
});

describe('every tree entity', () => {
  it('refuses a department under one of its own descendants, with the shared rule', async () => {
    const top = await siteId('demo');
    const a = ok(await server.post('/api/core/dept/save', { parentId: top, deptName: '树甲' }, as()));
    const b = ok(await server.post('/api/core/dept/save', { parentId: a.id, deptName: '树乙' }, as()));
    const cycle = await server.post('/api/core/dept/update', { id: a.id, version: a.version, parentId: b.id }, as());
    expect(cycle.body).toMatchObject({ code: '40000', msg: '上级不能是自己或自己的下级' });
    const gone = await server.post('/api/core/dept/update', { id: a.id, version: a.version, parentId: 987654321 }, as());
    expect(gone.body.code).toBe('40000');
    const stored = (await sql<Row>`select parent_id from sys_dept where id = ${a.id}`.execute(db())).rows[0]!;
    expect(Number(stored.parent_id)).toBe(top);
  });
});
