// Files: upload, download for the signed-in and through signed links, the limits of spec
// section 5, paths that try to leave the site's folder, and file lists on documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
let cityAdmin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  cityAdmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());

const base = () => `http://127.0.0.1:${server.port}`;

async function upload(name: string, content: string | Buffer, token = admin, site = 'localhost', lang = 'zh-CN') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const r = await fetch(`${base()}/api/core/upload`, {
    method: 'POST',
    body: form,
    headers: { token, hostname: site, 'accept-language': lang },
  });
  return { status: r.status, body: (await r.json()) as { code: string; data: any; msg: string } };
}

describe('upload and download', () => {
  it('stores a file, lists it, and gives it back only to its site', async () => {
    const up = await upload('预算说明.txt', '第一季度预算说明');
    expect(up.body).toMatchObject({ code: '0', msg: '预算说明.txt 上传成功' });
    expect(up.body.data).toMatchObject({
      fileName: '预算说明.txt',
      name: '预算说明.txt',
      status: 'done',
      size: Buffer.byteLength('第一季度预算说明'),
    });
    expect(up.body.data.url).toMatch(/^\/api\/core\/download\/local\/\d{4}\/\d{2}\/[\w-]+\.txt\?fileName=/);
    const uid = up.body.data.uid;
    expect(uid).toBe(String(up.body.data.id));

    const got = await fetch(`${base()}${up.body.data.url}`, { headers: { token: admin, hostname: 'localhost' } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('预算说明.txt')}`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await got.text()).toBe('第一季度预算说明');

    const list = await server.get(`/api/core/file/page?fileName=${encodeURIComponent('预算说明')}`, { token: admin });
    expect(list.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual(['预算说明.txt']);
    expect(JSON.stringify(list.body.data)).not.toContain('"path"');

    // Nobody without a token, and not the other site.
    expect((await (await fetch(`${base()}${up.body.data.url}`)).json()).code).toBe('40102');
    const city = await fetch(`${base()}${up.body.data.url}`, { headers: { token: cityAdmin, hostname: 'city.localhost' } });
    expect((await city.json()).code).toBe('40400');
  });

  it('opens a preview through a signed link that expires', async () => {
    const up = await upload('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await server.database.db
      .updateTable('sys_file' as never)
      .set({ content_type: 'image/png' } as never)
      .where('id' as never, '=', up.body.data.id as never)
      .execute();
    const signed = await server.post('/api/core/file/sign', { url: up.body.data.url }, { token: admin });
    expect(signed.body.code).toBe('0');
    const preview = await fetch(`${base()}${signed.body.data.url}`, { headers: { hostname: 'localhost' } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);
    const forged = signed.body.data.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await (await fetch(`${base()}${forged}`, { headers: { hostname: 'localhost' } })).json()).code).toBe('40102');
    server.clock.advance(6 * 60_000);
    expect((await (await fetch(`${base()}${signed.body.data.url}`, { headers: { hostname: 'localhost' } })).json()).code).toBe(
      '40102',
    );
    server.clock.advance(-6 * 60_000);
  });

  it('refuses paths that leave the site folder', async () => {
    for (const path of ['../../secret.key', '..%2F..%2Fsecret.key', '2026/../../../city/x.txt', '%2Fetc%2Fpasswd', 'x/..']) {
      const r = await fetch(`${base()}/api/core/download/local/${path}`, { headers: { token: admin, hostname: 'localhost' } });
      expect(r.status, path).toBeLessThan(500);
      const text = await r.text();
      expect(text, path).not.toContain('root:');
      expect(text, path).not.toMatch(/^[A-Za-z0-9_-]{40,}$/);
    }
  });

  it('refuses a name over 80 characters, a missing file, and a file too large', async () => {
    const long = await upload(`${'长'.repeat(81)}.txt`, 'x');
    expect(long.body).toMatchObject({ code: '40000', msg: '文件名最多80个字符' });
    const none = await fetch(`${base()}/api/core/upload`, {
      method: 'POST',
      body: new FormData(),
      headers: { token: admin, hostname: 'localhost' },
    });
    expect((await none.json()).code).toBe('40000');
    const big = await upload('big.bin', Buffer.alloc(21 * 1024 * 1024, 1), admin, 'localhost', 'en-US');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: '41300', msg: 'The request is too large (limit 20 MB)' });
    expect(
      (
        await server.database.db
          .selectFrom('sys_file' as never)
          .select('id' as never)
          .where('file_name' as never, '=', 'big.bin' as never)
          .execute()
      ).length,
    ).toBe(0);
  });
});

describe('file lists on documents', () => {
  it('keeps a policy document’s attachments under extend as a JSON string', async () => {
    const one = await upload('办法.pdf', '%PDF-1.4');
    const two = await upload('附表.xlsx', 'PK');
    const attachments = [one.body.data, two.body.data].map((d) => ({ uid: d.uid, name: d.fileName, url: d.url, status: 'done' }));
    const saved = await server.post(
      '/api/policy/share/save',
      { docTitle: '附件测试', category: '3', issuedOn: '2026-11-20', attachments },
      { token: admin },
    );
    expect(saved.body.code, saved.body.msg).toBe('0');
    expect(typeof saved.body.data.extend.attachments).toBe('string');
    expect(JSON.parse(saved.body.data.extend.attachments).map((f: { name: string }) => f.name)).toEqual([
      '办法.pdf',
      '附表.xlsx',
    ]);

    // The spec's shape works as input too: extend.<field> as a JSON string.
    const updated = await server.post(
      '/api/policy/share/update',
      {
        id: saved.body.data.id,
        version: saved.body.data.version,
        extend: { attachments: JSON.stringify(attachments.slice(0, 1)) },
      },
      { token: admin },
    );
    expect(updated.body.code, updated.body.msg).toBe('0');
    expect(JSON.parse(updated.body.data.extend.attachments)).toHaveLength(1);
  });

  it('refuses more files than the site allows and files that are not its own', async () => {
    const files = [];
    for (let i = 0; i < 6; i++) files.push((await upload(`f${i}.txt`, String(i))).body.data);
    const six = files.map((d) => ({ uid: d.uid, name: d.fileName, url: d.url }));
    const tooMany = await server.post(
      '/api/policy/share/save',
      { docTitle: '太多', category: '4', issuedOn: '2026-11-20', attachments: six },
      { token: admin, lang: 'zh-CN' },
    );
    expect(tooMany.body).toMatchObject({ code: '40000', msg: '最多可上传5个文件' });
    const foreign = await server.post(
      '/api/policy/share/save',
      {
        docTitle: '外链',
        category: '4',
        issuedOn: '2026-11-20',
        attachments: [{ uid: '1', name: 'x.txt', url: 'https://evil.example/x.txt' }],
      },
      { token: admin, lang: 'en-US' },
    );
    expect(foreign.body).toMatchObject({ code: '40000', msg: 'Attachments points to a record that does not exist' });
    // City allows 20 (upload.maxFiles), so six of its own are fine there.
    const cityFiles = [];
    for (let i = 0; i < 6; i++) cityFiles.push((await upload(`c${i}.txt`, String(i), cityAdmin, 'city.localhost')).body.data);
    const cityDoc = await server.post(
      '/api/policy/share/save',
      {
        docTitle: '市院',
        category: '4',
        issuedOn: '2026-11-20',
        issuer: '市卫健委',
        attachments: cityFiles.map((d) => ({ uid: d.uid, name: d.fileName, url: d.url })),
      },
      { token: cityAdmin, site: 'city' },
    );
    expect(cityDoc.body.code, cityDoc.body.msg).toBe('0');
    // A demo file on a city document is not the city's.
    const crossSite = await server.post(
      '/api/policy/share/save',
      { docTitle: '串用', category: '4', issuedOn: '2026-11-20', issuer: '市卫健委', attachments: six.slice(0, 1) },
      { token: cityAdmin, site: 'city', lang: 'en-US' },
    );
    expect(crossSite.body).toMatchObject({ code: '40000', msg: 'Attachments points to a record that does not exist' });
  });

  it('removes the file from disk with its row', async () => {
    const up = await upload('临时.txt', 'temp');
    const removed = await server.post('/api/core/file/remove', { ids: [up.body.data.id] }, { token: admin });
    expect(removed.body.code).toBe('0');
    const after = await fetch(`${base()}${up.body.data.url}`, { headers: { token: admin, hostname: 'localhost' } });
    expect(after.status).toBe(404);
  });
});

describe('files documents still list', () => {
  const attach = (d: { uid: string; fileName: string; url: string }) => ({
    uid: d.uid,
    name: d.fileName,
    url: d.url,
    status: 'done',
  });
  const rowOf = (id: number) =>
    server.database.db
      .selectFrom('sys_file' as never)
      .select('id' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirst();

  it('refuses to delete a file a document lists, naming the document, and removes nothing', async () => {
    const kept = (await upload('在用附件.pdf', '%PDF-1.4 in use')).body.data;
    const loose = (await upload('散件.txt', 'loose')).body.data;
    const saved = await server.post(
      '/api/policy/share/save',
      { docTitle: '在用文件测试', category: '3', issuedOn: '2026-11-20', attachments: [attach(kept)] },
      { token: admin },
    );
    expect(saved.body.code, saved.body.msg).toBe('0');

    const en = await server.post('/api/core/file/remove', { ids: [kept.id] }, { token: admin, lang: 'en-US' });
    expect(en.body).toMatchObject({
      code: '40900',
      msg: 'File "在用附件.pdf" is attached to Policy document "在用文件测试" and cannot be deleted; remove it from that document first',
    });
    const zh = await server.post('/api/core/file/remove', { ids: [loose.id, kept.id] }, { token: admin, lang: 'zh-CN' });
    expect(zh.body).toMatchObject({
      code: '40900',
      msg: '文件“在用附件.pdf”正被政策文件“在用文件测试”使用，不能删除；请先从该单据中移除此文件',
    });
    // Nothing went: neither the listed file nor the loose one of the same batch, rows or content.
    expect(await rowOf(kept.id)).toBeTruthy();
    expect(await rowOf(loose.id)).toBeTruthy();
    const got = await fetch(`${base()}${kept.url}`, { headers: { token: admin, hostname: 'localhost' } });
    expect(await got.text()).toBe('%PDF-1.4 in use');

    // Once the document no longer lists it, it may go.
    const updated = await server.post(
      '/api/policy/share/update',
      { id: saved.body.data.id, version: saved.body.data.version, attachments: [] },
      { token: admin },
    );
    expect(updated.body.code, updated.body.msg).toBe('0');
    const removed = await server.post('/api/core/file/remove', { ids: [kept.id, loose.id] }, { token: admin });
    expect(removed.body.code, removed.body.msg).toBe('0');
    expect(await rowOf(kept.id)).toBeFalsy();
  });

  it('tells which of a document’s files are gone', async () => {
    const here = (await upload('在.txt', 'here')).body.data;
    const gone = (await upload('去.txt', 'gone')).body.data;
    expect((await server.post('/api/core/file/remove', { ids: [gone.id] }, { token: admin })).body.code).toBe('0');
    const checked = await server.post(
      '/api/core/file/check',
      { urls: [here.url, gone.url, 'https://evil.example/x.txt'] },
      { token: admin },
    );
    expect(checked.body).toMatchObject({ code: '0', data: { missing: [gone.url, 'https://evil.example/x.txt'] } });
    // Another site's file is not there for this one.
    const city = await server.post('/api/core/file/check', { urls: [here.url] }, { token: cityAdmin, site: 'city' });
    expect(city.body.data.missing).toEqual([here.url]);
    const bad = await server.post('/api/core/file/check', { urls: 'x' }, { token: admin, lang: 'en-US' });
    expect(bad.body.code).toBe('40000');
  });

  it('signs a link that downloads instead of showing in place', async () => {
    const up = await upload('scan.pdf', '%PDF-1.4 scan');
    await server.database.db
      .updateTable('sys_file' as never)
      .set({ content_type: 'application/pdf' } as never)
      .where('id' as never, '=', up.body.data.id as never)
      .execute();
    const inline = await server.post('/api/core/file/sign', { url: up.body.data.url }, { token: admin });
    const saved = await server.post('/api/core/file/sign', { url: up.body.data.url, download: true }, { token: admin });
    expect(saved.body.data.url).not.toContain('inline=1');
    const a = await fetch(`${base()}${inline.body.data.url}`, { headers: { hostname: 'localhost' } });
    const b = await fetch(`${base()}${saved.body.data.url}`, { headers: { hostname: 'localhost' } });
    expect(a.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(b.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''scan.pdf`);
    expect(await b.text()).toBe('%PDF-1.4 scan');
  });
});

describe('the file list screen', () => {
  it('offers preview and download on each row to whoever may view files', async () => {
    const r = await server.get('/api/schema/page/File', { token: admin, lang: 'en-US' });
    expect(r.body.code, r.body.msg).toBe('0');
    expect(r.body.data.list.rowActions.map((a: { action: string }) => a.action)).toEqual(['preview', 'download', 'remove']);
    // The rows carry the link the actions sign.
    const up = await upload('行下载.txt', 'row');
    const page = await server.get(`/api/core/file/page?fileName=${encodeURIComponent('行下载')}`, { token: admin });
    expect(page.body.data.records[0].url).toBe(up.body.data.url);
  });
});
