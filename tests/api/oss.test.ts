// File storage configurations: the master config and its local default, S3 configurations whose
// secret never comes back, one master per site, the refusals; and uploads through a real
// S3-compatible server (s3rver) with the real SDK: upload → download → remove round-trips.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormSchema } from '../../renderer/form/build.ts';
import { startServer, type TestServer } from '../support/server.ts';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const SECRET = 'Sup3r-S3cret-Value-9f2c7e';
const BUCKET = 'neikong-oss-test';

let server: TestServer;
let admin: string;
let staff: string;
let cityAdmin: string;
let s3: S3rverInstance;
let s3Dir: string;
let endpoint: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  staff = await server.login('staff', 'Demo@12345');
  cityAdmin = await server.login('cityadmin', 'City@12345', 'city');
  // s3rver ships no types; its constructor and run/close are all this test uses.
  const { default: S3rver } = (await import('s3rver' as string)) as { default: S3rverClass };
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neikong-s3rver-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  await server?.close();
});

const base = () => `http://127.0.0.1:${server.port}`;
const demoId = () => server.services.sites.get('demo')!.id;

/** An S3 configuration s3rver accepts (it knows the access key S3RVER). */
const s3Config = (extra: Record<string, unknown> = {}) => ({
  name: '对象存储',
  storage: 's3',
  endpoint,
  region: 'us-east-1',
  bucket: BUCKET,
  accessKey: 'S3RVER',
  secretKey: SECRET,
  pathStyle: true,
  ...extra,
});

const rows = () =>
  server.database.db.selectFrom('sys_oss_config').selectAll().where('top_dept_id', '=', demoId()).orderBy('id').execute();

async function upload(name: string, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const r = await fetch(`${base()}/api/core/oss/upload`, {
    method: 'POST',
    body: form,
    headers: { token: admin, hostname: 'localhost', 'accept-language': 'en-US' },
  });
  return { status: r.status, body: (await r.json()) as { code: string; data: any; msg: string } };
}

async function useOss(on: boolean) {
  await server.database.db
    .updateTable('sys_config')
    .set({ config_value: String(on) })
    .where('config_key', '=', 'upload.useOss')
    .where('top_dept_id', '=', demoId())
    .execute();
  await server.services.cache.invalidate(demoId());
}

/** The objects s3rver keeps for the bucket (its files are named <key>._S3rver_object). */
function objectsInBucket(): string[] {
  const root = path.join(s3Dir, BUCKET);
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('._S3rver_object')) out.push(path.relative(root, full).replace(/\._S3rver_object$/, ''));
    }
  };
  walk(root);
  return out;
}

describe('file storage configuration', () => {
  it('answers the local-disk default while the site has no configuration', async () => {
    const r = await server.get('/api/core/oss/config', { token: admin, lang: 'en-US' });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe('0');
    expect(r.body.data).toMatchObject({ id: null, storage: 'local', master: true, secretKeySet: false, name: 'Default storage' });
    expect(r.body.data).not.toHaveProperty('secretKey');
  });

  it('refuses a user without the keys, with 40103', async () => {
    for (const r of [
      await server.get('/api/core/oss/config', { token: staff }),
      await server.post('/api/core/oss/saveConfig', s3Config(), { token: staff }),
      await server.get('/api/core/oss/page', { token: staff }),
      await server.post('/api/core/oss/save', s3Config(), { token: staff }),
    ]) {
      expect(r.status).toBe(200);
      expect(r.body.code).toBe('40103');
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses bad endpoints and incomplete S3 configurations with 40000 and a message', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [s3Config({ endpoint: 'not a web address' }), /Endpoint/],
      [s3Config({ endpoint: 'ftp://files.example.com' }), /^Endpoint must start with http:\/\/ or https:\/\/$/],
      [s3Config({ publicUrl: 'javascript:alert(1)' }), /^Public URL must start with http:\/\/ or https:\/\/$/],
      [s3Config({ endpoint: null }), /^S3-compatible storage needs Endpoint$/],
      [s3Config({ bucket: '' }), /^S3-compatible storage needs Bucket$/],
      [s3Config({ accessKey: undefined }), /^S3-compatible storage needs Access key ID$/],
      [s3Config({ secretKey: '' }), /^S3-compatible storage needs Secret access key$/],
      [s3Config({ storage: 'oss' }), /Storage/],
      [s3Config({ bucket: '../etc' }), /Bucket/],
    ];
    for (const [body, msg] of cases) {
      for (const url of ['/api/core/oss/saveConfig', '/api/core/oss/save']) {
        const r = await server.post(url, body, { token: admin, lang: 'en-US' });
        expect(r.status, `${url} ${JSON.stringify(body)}`).toBe(200);
        expect(r.body.code, `${url} ${JSON.stringify(body)}`).toBe('40000');
        expect(r.body.msg).toMatch(msg);
      }
    }
    const zh = await server.post('/api/core/oss/saveConfig', s3Config({ bucket: null }), { token: admin, lang: 'zh-CN' });
    expect(zh.body).toMatchObject({ code: '40000', msg: 'S3 兼容存储须填写存储桶' });
    expect(await rows()).toEqual([]);
  });

  it('stores an S3 master configuration whose secret never comes back', async () => {
    const saved = await server.post('/api/core/oss/saveConfig', s3Config(), { token: admin });
    expect(saved.status).toBe(200);
    expect(saved.body.code).toBe('0');
    expect(saved.body.data).toMatchObject({
      storage: 's3',
      endpoint,
      bucket: BUCKET,
      accessKey: 'S3RVER',
      master: true,
      secretKeySet: true,
      version: 0,
    });
    const id = saved.body.data.id;
    expect(id).toBeGreaterThan(0);

    const config = await server.get('/api/core/oss/config', { token: admin });
    const page = await server.get('/api/core/oss/page', { token: admin });
    const info = await server.get(`/api/core/oss/infoById/${id}`, { token: admin });
    const list = await server.get('/api/core/oss/list', { token: admin });
    for (const r of [saved, config, page, info, list]) {
      expect(r.body.code).toBe('0');
      expect(r.raw).not.toContain(SECRET);
      expect(r.raw).not.toContain('secretKey"');
    }
    expect(config.body.data).toMatchObject({ id, storage: 's3', secretKeySet: true });
    expect(page.body.data.records).toHaveLength(1);
    expect(info.body.data).toMatchObject({ id, name: '对象存储', master: true });

    // Stored as sent, and masked in the operation log.
    expect((await rows())[0]).toMatchObject({ secret_key: SECRET, master: true, storage: 's3' });
    const log = await server.database.db
      .selectFrom('sys_oper_log')
      .select(['module', 'action', 'params'])
      .where('top_dept_id', '=', demoId())
      .where('module', '=', 'oss')
      .execute();
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log)).not.toContain(SECRET);
  });

  it('keeps the stored secret when an update leaves it empty', async () => {
    const before = await server.get('/api/core/oss/config', { token: admin });
    const again = await server.post(
      '/api/core/oss/saveConfig',
      { ...before.body.data, secretKey: '', remark: '主存储' },
      { token: admin },
    );
    expect(again.body.code).toBe('0');
    expect(again.body.data).toMatchObject({ remark: '主存储', secretKeySet: true, version: 1 });
    expect((await rows())[0]!.secret_key).toBe(SECRET);

    // The generic update too: null and a missing secretKey both keep it.
    const upd = await server.post(
      '/api/core/oss/update',
      { id: again.body.data.id, version: 1, secretKey: null, region: 'cn-north-1' },
      { token: admin },
    );
    expect(upd.body.code).toBe('0');
    expect(upd.raw).not.toContain(SECRET);
    const row = (await rows())[0]!;
    expect(row).toMatchObject({ secret_key: SECRET, region: 'cn-north-1', version: 2 });

    // A stale version is refused, never a 500.
    const stale = await server.post('/api/core/oss/saveConfig', { ...s3Config(), version: 0 }, { token: admin });
    expect(stale.status).toBe(200);
    expect(stale.body.code).toBe('40900');
    expect(await rows()).toHaveLength(1);
  });

  it('uploads to the S3 master and downloads through the server (real HTTP, real SDK)', async () => {
    // With upload.useOss off, /core/oss/upload stays on the local disk.
    const local = await upload('local.txt', 'on the disk');
    expect(local.body.code).toBe('0');
    expect(local.body.data.url).toMatch(/^\/api\/core\/download\/local\//);
    expect(objectsInBucket()).toEqual([]);

    await useOss(true);
    const content = '第一季度预算说明 — stored in the bucket';
    const up = await upload('预算说明.txt', content);
    expect(up.status).toBe(200);
    expect(up.body.code).toBe('0');
    expect(up.body.data).toMatchObject({ fileName: '预算说明.txt', status: 'done', size: Buffer.byteLength(content) });
    expect(up.body.data.url).toMatch(/^\/api\/core\/download\/oss\/\d{4}\/\d{2}\/[\w-]+\.txt\?fileName=/);
    const key = decodeURIComponent(/\/download\/oss\/([^?]+)/.exec(up.body.data.url)![1]!);
    expect(objectsInBucket()).toEqual([`demo/${key}`]);
    // Recorded like a local upload, with the storage kind and the configuration that holds it.
    const file = (await server.database.db
      .selectFrom('sys_file' as never)
      .selectAll()
      .where('id' as never, '=', up.body.data.id as never)
      .executeTakeFirstOrThrow()) as Record<string, any>;
    expect(file).toMatchObject({ storage: 'oss', path: key, file_name: '预算说明.txt', size: Buffer.byteLength(content) });
    expect(file.extend).toEqual({ ossConfigId: (await rows())[0]!.id });

    const got = await fetch(`${base()}${up.body.data.url}`, { headers: { token: admin, hostname: 'localhost' } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('预算说明.txt')}`);
    expect(await got.text()).toBe(content);

    // A signed preview link works for object-storage files too.
    const signed = await server.post('/api/core/file/sign', { url: up.body.data.url }, { token: admin });
    expect(signed.body.code).toBe('0');
    const preview = await fetch(`${base()}${signed.body.data.url}`, { headers: { hostname: 'localhost' } });
    expect(await preview.text()).toBe(content);

    // Not for another site, not without a token, not a key the bucket does not have.
    const city = await fetch(`${base()}${up.body.data.url}`, { headers: { token: cityAdmin, hostname: 'city.localhost' } });
    expect((await city.json()).code).toBe('40400');
    expect((await (await fetch(`${base()}${up.body.data.url}`)).json()).code).toBe('40102');
    for (const bad of ['2026/01/none.txt', '..%2F..%2Fsecret', `${key.split('/')[0]}%2F..%2F${key}`]) {
      const r = await fetch(`${base()}/api/core/download/oss/${bad}`, { headers: { token: admin, hostname: 'localhost' } });
      expect(r.status, bad).toBe(404);
    }

    // Removing the file's row removes the object.
    const removed = await server.post('/api/core/file/remove', { ids: [up.body.data.id] }, { token: admin });
    expect(removed.body.code).toBe('0');
    await expect.poll(() => objectsInBucket(), { timeout: 5000 }).toEqual([]);
  });

  it('answers 40107, never a 500, when the bucket cannot be reached', async () => {
    const current = await server.get('/api/core/oss/config', { token: admin });
    const moved = await server.post(
      '/api/core/oss/saveConfig',
      { ...current.body.data, endpoint: 'http://127.0.0.1:9' },
      { token: admin },
    );
    expect(moved.body.code).toBe('0');
    const up = await upload('nowhere.txt', 'x');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      code: '40107',
      msg: 'Object storage is not available right now; try again later or ask an administrator',
    });
    const back = await server.post('/api/core/oss/saveConfig', { ...moved.body.data, endpoint }, { token: admin });
    expect(back.body.code).toBe('0');
    expect((await upload('again.txt', 'back')).body.code).toBe('0');
  });

  it('keeps one master per site and never removes it', async () => {
    const first = (await rows())[0]!;
    const second = await server.post(
      '/api/core/oss/save',
      { name: '本地磁盘', storage: 'local', master: true },
      { token: admin },
    );
    expect(second.body.code).toBe('0');
    let all = await rows();
    expect(all.filter((r) => r.master).map((r) => r.id)).toEqual([second.body.data.id]);
    expect(all.find((r) => r.id === first.id)).toMatchObject({ master: false, version: Number(first.version) + 1 });
    const config = await server.get('/api/core/oss/config', { token: admin });
    expect(config.body.data).toMatchObject({ id: second.body.data.id, storage: 'local', secretKeySet: false });

    // Local master: /core/oss/upload stores on the disk again.
    const onDisk = await upload('disk.txt', 'disk');
    expect(onDisk.body.data.url).toMatch(/^\/api\/core\/download\/local\//);

    // Making the first one master again through the generic update demotes the second.
    const info = await server.get(`/api/core/oss/infoById/${first.id}`, { token: admin });
    const promote = await server.post('/api/core/oss/update', { ...info.body.data, master: true }, { token: admin });
    expect(promote.body.code).toBe('0');
    all = await rows();
    expect(all.filter((r) => r.master).map((r) => r.id)).toEqual([first.id]);
    expect(all.find((r) => r.id === first.id)!.secret_key).toBe(SECRET);

    const refused = await server.post('/api/core/oss/remove', { ids: [first.id] }, { token: admin, lang: 'en-US' });
    expect(refused.body).toMatchObject({
      code: '40900',
      msg: 'The master configuration cannot be removed; make another one the master first',
    });
    const both = await server.post('/api/core/oss/remove', { ids: [first.id, second.body.data.id] }, { token: admin });
    expect(both.body.code).toBe('40900');
    expect(await rows()).toHaveLength(2);
    const removed = await server.post('/api/core/oss/remove', { ids: [second.body.data.id] }, { token: admin });
    expect(removed.body.code).toBe('0');
    expect(await rows()).toHaveLength(1);
  });

  it('keeps each site to its own configurations: another site’s id is 40400', async () => {
    const [mine] = await rows();
    const city = { token: cityAdmin, site: 'city' };
    const config = await server.get('/api/core/oss/config', city);
    expect(config.body.data).toMatchObject({ id: null, storage: 'local' });
    expect((await server.get('/api/core/oss/page', city)).body.data.records).toEqual([]);
    const info = await server.get(`/api/core/oss/infoById/${mine!.id}`, city);
    expect(info.body.code).toBe('40400');
    expect(info.raw).not.toContain(SECRET);
    const upd = await server.post('/api/core/oss/update', { id: mine!.id, version: mine!.version, name: 'x' }, city);
    expect(upd.body.code).toBe('40400');
    const rm = await server.post('/api/core/oss/remove', { ids: [mine!.id] }, city);
    expect(rm.body.code).toBe('40400');
    // saveConfig on the city site ignores the id and writes the city's own master.
    const own = await server.post('/api/core/oss/saveConfig', { id: mine!.id, name: '市医院本地', storage: 'local' }, city);
    expect(own.body.code).toBe('0');
    expect(own.body.data.id).not.toBe(mine!.id);
    expect((await rows())[0]).toMatchObject({ id: mine!.id, name: '对象存储', secret_key: SECRET });
  });

  it('steps the master down with saveConfig master: false: uploads go to the local disk again, and back', async () => {
    const current = (await server.get('/api/core/oss/config', { token: admin })).body.data;
    expect(current).toMatchObject({ storage: 's3', master: true });
    const wrong = await server.post('/api/core/oss/saveConfig', { ...current, master: 'no' }, { token: admin, lang: 'en-US' });
    expect(wrong.body.code).toBe('40000');
    const down = await server.post('/api/core/oss/saveConfig', { ...current, master: false }, { token: admin, lang: 'en-US' });
    expect(down.body.code, down.body.msg).toBe('0');
    expect(down.body.data).toMatchObject({ id: null, storage: 'local', name: 'Default storage', master: true });
    expect((await rows()).filter((r) => r.master)).toEqual([]);
    // The configuration stays, secret and all, for when it is wanted again.
    expect((await rows()).find((r) => r.id === current.id)).toMatchObject({ storage: 's3', secret_key: SECRET, master: false });
    expect((await upload('back-home.txt', 'disk')).body.data.url).toMatch(/^\/api\/core\/download\/local\//);

    const info = (await server.get(`/api/core/oss/infoById/${current.id}`, { token: admin })).body.data;
    expect((await server.post('/api/core/oss/update', { ...info, master: true }, { token: admin })).body.code).toBe('0');
    expect((await server.get('/api/core/oss/config', { token: admin })).body.data).toMatchObject({
      id: current.id,
      storage: 's3',
    });
    expect((await upload('bucket-again.txt', 'bucket')).body.data.url).toMatch(/^\/api\/core\/download\/oss\//);
  });

  it('gives the browser a page whose form types the secret into a password box', async () => {
    const page = await server.get('/api/schema/page/Oss', { token: admin, lang: 'en-US' });
    expect(page.body.code).toBe('0');
    const { entity, form, texts, list } = page.body.data;
    expect(entity.fields.find((f: { name: string }) => f.name === 'secretKey')).toMatchObject({ writeOnly: true });
    expect(list.toolbar.map((a: { action: string }) => a.action)).toEqual(['add']);
    expect(list.rowActions.map((a: { action: string }) => a.action)).toEqual(['edit', 'remove']);
    // The seed gave the site the dictionary's new value, s3.
    const dict = await server.get('/api/core/dictData/getDict/sys_file_storage', { token: admin, lang: 'en-US' });
    expect(dict.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['local', 'oss', 's3']);
    const dicts = { sys_file_storage: dict.body.data };
    const schema = buildFormSchema(form, entity, texts, 'en-US', dicts) as any;
    const fields = schema.properties.grid.properties;
    expect(fields.secretKey).toMatchObject({ 'x-component': 'Password', title: 'Secret access key' });
    expect(fields.secretKey['x-component-props']).toMatchObject({ autoComplete: 'new-password' });
    expect(fields.accessKey['x-component']).toBe('Input');
    expect(fields.endpoint['x-reactions'].fulfill.state.visible).toBe("{{$deps[0] == 's3'}}");
    // The entity's pattern leaves out 'oss' (the kind of a stored file, not a configuration).
    expect(fields.storage.enum).toEqual([
      { label: 'Local disk', value: 'local' },
      { label: 'S3-compatible storage', value: 's3' },
    ]);
  });
});
