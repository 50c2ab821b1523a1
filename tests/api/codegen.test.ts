// Code generation over HTTP: the tables it offers, a preview from a table and from a sample record,
// the same files as a zip, and every refusal with a code and a message (never a 500).
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
let staff: string;
const statuses: number[] = [];

interface File {
  path: string;
  content: string;
}
type Preview = { files: File[]; skipped: string[] };

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  staff = await server.login('staff', 'Demo@12345');
  await sql`create table biz_cg_visit (
    id bigserial primary key,
    top_dept_id bigint not null,
    visitor_name varchar(80) not null,
    visit_date date,
    headcount integer,
    fee numeric(18,2),
    notes text,
    approved boolean not null default false,
    extend jsonb not null default '{}'::jsonb,
    version integer not null default 0,
    created_by bigint,
    created_at timestamptz not null default now()
  )`.execute(server.database.db);
});
afterAll(async () => server?.close());
afterEach(() => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
});

const track = <T>(r: Reply<T>) => {
  statuses.push(r.status);
  return r;
};
const preview = async (body: unknown, token = admin, lang = 'en-US') =>
  track(await server.post<Preview>('/api/tool/gen/preview', body, { token, site: 'demo', lang }));
const json = (files: File[], suffix: string) => JSON.parse(files.find((f) => f.path.endsWith(suffix))!.content);

/** The download answer as bytes (the harness reads bodies as text). */
async function download(body: unknown, token = admin) {
  const r = await fetch(`http://127.0.0.1:${server.port}/api/tool/gen/download`, {
    method: 'POST',
    headers: { token, hostname: 'localhost', 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  });
  statuses.push(r.status);
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

describe('GET /api/tool/gen/tables', () => {
  it('lists the tables no entity uses yet, with their column counts', async () => {
    const r = track(
      await server.get<Array<{ name: string; columns: number }>>('/api/tool/gen/tables', { token: admin, site: 'demo' }),
    );
    expect(r.body.code).toBe('0');
    const names = r.body.data.map((t) => t.name);
    expect(r.body.data.find((t) => t.name === 'biz_cg_visit')).toEqual({ name: 'biz_cg_visit', columns: 12 });
    // Entity tables, sessions, captchas, login attempts and the migrator's own are not offered.
    for (const hidden of ['sys_dict_type', 'sys_user', 'biz_policy', 'sys_session', 'sys_captcha', 'sys_login_attempt']) {
      expect(names).not.toContain(hidden);
    }
    expect(names.filter((n) => n.startsWith('kysely_'))).toEqual([]);
  });

  it('needs the key tool:gen:list', async () => {
    const r = track(await server.get('/api/tool/gen/tables', { token: staff, site: 'demo' }));
    expect(r.body.code).toBe('40103');
    expect(r.body.msg).toContain('tool:gen:list');
  });
});

describe('POST /api/tool/gen/preview', () => {
  it('generates the files of an existing table, naming its columns', async () => {
    const r = await preview({ table: 'biz_cg_visit', name: 'visit', area: 'reception' });
    expect(r.body.code).toBe('0');
    const files = r.body.data.files;
    expect(files.map((f) => f.path)).toEqual([
      'schemas/reception/visit.entity.json',
      'schemas/reception/visit.list.json',
      'schemas/reception/visit.form.json',
      'schemas/reception/i18n.visit.json',
    ]);
    const entity = json(files, '.entity.json');
    expect(entity).toMatchObject({
      name: 'visit',
      table: 'biz_cg_visit',
      generate: false,
      api: '/reception/visit',
      permission: 'reception:visit',
    });
    expect(entity.fields).toEqual({
      visitorName: { type: 'string', title: 'visit.visitorName', required: true, maxLength: 80, query: 'like' },
      visitDate: { type: 'date', title: 'visit.visitDate', query: 'between' },
      headcount: { type: 'integer', title: 'visit.headcount' },
      fee: { type: 'money', title: 'visit.fee' },
      notes: { type: 'text', title: 'visit.notes' },
      approved: { type: 'boolean', title: 'visit.approved' },
    });
    expect(json(files, 'i18n.visit.json')['visit.visitorName']['zh-CN']).toBe('Visitor name');
  });

  it('generates a new entity from a sample record, with the api and permission given', async () => {
    const r = await preview({
      sample: { roomName: 'Hall A', seats: 120, hourlyRate: '80.00', openedOn: '2023-09-01', features: ['projector'] },
      name: 'meetingRoom',
      area: 'venue',
      api: '/venue/rooms',
      permission: 'venue:rooms',
    });
    expect(r.body.code).toBe('0');
    const entity = json(r.body.data.files, '.entity.json');
    expect(entity).toMatchObject({ table: 'biz_meeting_room', generate: true, api: '/venue/rooms', permission: 'venue:rooms' });
    expect(Object.fromEntries(Object.entries(entity.fields).map(([k, v]: [string, any]) => [k, v.type]))).toEqual({
      roomName: 'string',
      seats: 'integer',
      hourlyRate: 'money',
      openedOn: 'date',
      features: 'json',
    });
  });

  it('needs the key tool:gen:preview', async () => {
    const r = await preview({ sample: { a: 1 }, name: 'x', area: 'y' }, staff);
    expect(r.body.code).toBe('40103');
    expect(r.body.msg).toContain('tool:gen:preview');
  });

  it('refuses a table it does not offer, in the caller language', async () => {
    const unknown = await preview({ table: 'no_such_table', name: 'x', area: 'y' });
    expect(unknown.body).toMatchObject({ code: '40000', data: null });
    expect(unknown.body.msg).toContain('no_such_table');
    expect(unknown.body.msg).toContain('cannot be used');
    const entityTable = await preview({ table: 'sys_dict_type', name: 'x', area: 'y' }, admin, 'zh-CN');
    expect(entityTable.body.code).toBe('40000');
    expect(entityTable.body.msg).toBe('数据表“sys_dict_type”不存在、已有实体或为系统表，不能用于生成');
    const session = await preview({ table: 'sys_session', name: 'x', area: 'y' });
    expect(session.body.code).toBe('40000');
  });

  it('refuses a sample that is not a non-empty object of at most 200 keys', async () => {
    for (const sample of [[1, 2], 'text', 42, null]) {
      const r = await preview({ sample, name: 'x', area: 'y' });
      expect(r.body.code, JSON.stringify(sample)).toBe('40000');
      expect(r.body.msg).toContain('sample');
    }
    const empty = await preview({ sample: {}, name: 'x', area: 'y' });
    expect(empty.body).toMatchObject({ code: '40000', msg: 'The sample record must be a JSON object with 1 to 200 keys' });
    const wide = await preview({
      sample: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])),
      name: 'x',
      area: 'y',
    });
    expect(wide.body.code).toBe('40000');
    const standardOnly = await preview({ sample: { id: 1, createdAt: '2024-01-01' }, name: 'x', area: 'y' });
    expect(standardOnly.body.msg).toMatch(/^Nothing to generate/);
  });

  it('refuses bad names, both or neither source, and names already taken', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ sample: { a: 1 }, name: 'Bad-Name', area: 'y' }, /name/],
      [{ sample: { a: 1 }, name: 'x'.repeat(41), area: 'y' }, /name/],
      [{ sample: { a: 1 }, name: 'x', area: '1area' }, /area/],
      [{ sample: { a: 1 }, name: 'x', area: 'y', api: 'no/slash' }, /api/],
      [{ sample: { a: 1 }, name: 'x', area: 'y', permission: 'a:b:c' }, /permission/],
      [{ sample: { a: 1 }, table: 'biz_cg_visit', name: 'x', area: 'y' }, /either a database table or a sample/],
      [{ name: 'x', area: 'y' }, /either a database table or a sample/],
      [{ sample: { a: 1 }, name: 'x2', area: 'y' }, /API path "\/y\/x2" is not valid/],
      [{ sample: { a: 1 }, name: 'x', area: 'y2', api: '/y/x' }, /Permission prefix "y2:x" is not valid/],
      [{ sample: { a: 1 }, name: 'policy', area: 'policy' }, /entity named "policy" already exists/],
      [{ sample: { a: 1 }, name: 'otherPolicy', area: 'policy', api: '/policy/share' }, /already used by the entity "policy"/],
    ];
    for (const [body, msg] of cases) {
      const r = await preview(body);
      expect(r.body.code, JSON.stringify(body)).toBe('40000');
      expect(r.body.msg, JSON.stringify(body)).toMatch(msg);
    }
  });
});

describe('POST /api/tool/gen/download', () => {
  it('answers a zip of the previewed files', async () => {
    const body = { table: 'biz_cg_visit', name: 'visit', area: 'reception' };
    const shown = (await preview(body)).body.data.files;
    const r = await download(body);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="visit-schemas\.zip"/);
    const zip = await JSZip.loadAsync(r.bytes);
    const entries = Object.values(zip.files).filter((f) => !f.dir);
    expect(entries.map((f) => f.name).sort()).toEqual(shown.map((f) => f.path).sort());
    for (const f of shown) expect(await zip.file(f.path)!.async('string')).toBe(f.content);

    const log = await server.database.db
      .selectFrom('sys_oper_log')
      .select(['module', 'action', 'result'])
      .where('url', '=', '/api/tool/gen/download')
      .execute();
    expect(log).toEqual([{ module: 'codegen', action: 'export', result: '0' }]);
  });

  it('refuses as the preview does, with the envelope instead of a zip', async () => {
    const unknown = await download({ table: 'nope', name: 'x', area: 'y' });
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(unknown.bytes.toString('utf8'))).toMatchObject({ code: '40000' });
    const notObject = await download({ sample: 'x', name: 'x', area: 'y' });
    expect(JSON.parse(notObject.bytes.toString('utf8')).code).toBe('40000');
    const forbidden = await download({ sample: { a: 1 }, name: 'x', area: 'y' }, staff);
    expect(JSON.parse(forbidden.bytes.toString('utf8'))).toMatchObject({ code: '40103' });
  });
});
