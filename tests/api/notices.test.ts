// Notices (spec sections 3, 5, 7 "Notices"; DOMAIN.md "Notices"; checklist C3.16–C3.22,
// C4.31–C4.36, C7.56–C7.64): drafts with their validation, send fanning out to exactly the users
// of the range, cancel withdrawing the unread copies, the recipient's side (page, read, the bell's
// unread summary, remove) always limited to the caller's own rows, and the keys. No call of this
// file may end in a system error (checked after every test).
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};

const answers: Array<{ call: string; status: number; code: string }> = [];

beforeAll(async () => {
  server = await startServer();
  const request = server.request.bind(server);
  server.request = async <T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> => {
    const r = await request<T>(path, options);
    answers.push({ call: `${options.method ?? 'GET'} ${path}`, status: r.status, code: r.body.code });
    return r;
  };
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['principal', 'finance', 'head', 'staff', 'auditor', 'teacher'])
    tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  tokens.citystaff = await server.login('citystaff', 'City@12345', 'city');
});
afterAll(async () => server?.close());
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// helpers

const db = () => server.database.db as unknown as Kysely<any>;
const rows = async <T = Row>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

const siteOf = (who: string) => (who.startsWith('city') ? 'city' : 'demo');
const as = (who: string, lang = 'zh-CN') => ({ token: tokens[who], lang, site: siteOf(who) });

function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}

const siteId = async (key: string) =>
  Number((await rows<{ id: number }>(sql`select id from sys_dept where top_dept_key = ${key}`))[0]!.id);
const userId = async (loginName: string, site = 'demo') =>
  Number(
    (
      await rows<{ id: number }>(
        sql`select id from sys_user where login_name = ${loginName} and top_dept_id = ${await siteId(site)}`,
      )
    )[0]!.id,
  );
const roleId = async (roleKey: string) =>
  Number(
    (
      await rows<{ id: number }>(
        sql`select id from sys_role where role_key = ${roleKey} and top_dept_id = ${await siteId('demo')}`,
      )
    )[0]!.id,
  );
const deptId = async (deptName: string) =>
  Number(
    (
      await rows<{ id: number }>(
        sql`select id from sys_dept where dept_name = ${deptName} and top_dept_id = ${await siteId('demo')}`,
      )
    )[0]!.id,
  );
const ids = (list: Array<{ id?: unknown; user_id?: unknown }>) =>
  list.map((r) => Number(r.user_id ?? r.id)).sort((a, b) => a - b);
const usersOfSite = async (key: string) => ids(await rows(sql`select id from sys_user where top_dept_id = ${await siteId(key)}`));
/** Who holds a relation to the notice, per the database. */
const recipients = async (noticeId: number) =>
  ids(await rows(sql`select user_id from sys_notice_user_rel where notice_id = ${noticeId}`));

const notice = (body: Row = {}) => ({
  type: '1',
  title: unique('通知'),
  content: '请各部门按时提交材料。',
  rangeType: '0',
  ...body,
});

async function saveNotice(body: Row = {}, who = 'admin'): Promise<Row> {
  return ok(await server.post('/api/core/notice/save', notice(body), as(who)));
}
const send = (id: number, who = 'admin', lang = 'zh-CN') => server.post(`/api/core/notice/send?id=${id}`, {}, as(who, lang));
const cancel = (id: number, who = 'admin', lang = 'zh-CN') => server.post(`/api/core/notice/cancel?id=${id}`, {}, as(who, lang));
async function sent(body: Row = {}): Promise<Row> {
  const n = await saveNotice(body);
  ok(await send(n.id));
  return n;
}
const unread = async (who: string, lang = 'zh-CN') => ok(await server.get('/api/core/noticeUserRel/unRead', as(who, lang)));
const unreadTotal = async (who: string) => Number((await unread(who)).totalNum);
const myRels = async (who: string, query = 'pageSize=100') =>
  ok(await server.get<{ records: Row[]; total: number }>(`/api/core/noticeUserRel/page?${query}`, as(who)));
const relOf = async (who: string, noticeId: number) => (await myRels(who, `noticeId=${noticeId}`)).records[0] as Row | undefined;
const noticeRow = async (id: number) =>
  (await rows<Row>(sql`select status, recipients, sent_at from sys_notice where id = ${id}`))[0];

async function upload(name: string, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const r = await fetch(`http://127.0.0.1:${server.port}/api/core/upload`, {
    method: 'POST',
    body: form,
    headers: { token: tokens.admin, hostname: 'localhost', 'accept-language': 'zh-CN' },
  });
  const body = (await r.json()) as { code: string; data: Row; msg: string };
  answers.push({ call: 'POST /api/core/upload', status: r.status, code: body.code });
  expect(body).toMatchObject({ code: '0', msg: `${name} 上传成功` });
  return body.data;
}

// ---------------------------------------------------------------------------------------------

describe('drafts', () => {
  it('saves a new notice without id and updates it with id (C4.31, C4.32, C7.56, C7.58)', async () => {
    const title = unique('期末工作安排');
    const saved = await saveNotice({ title, type: '1' });
    expect(saved).toMatchObject({ title, type: '1', rangeType: '0', status: '0', version: 0 });
    const page = ok(
      await server.get(`/api/core/notice/page?pageNum=1&pageSize=10&title=${encodeURIComponent(title)}`, as('admin')),
    );
    expect(page).toMatchObject({ total: 1, pageNum: 1, current: 1 });
    expect(page.records[0]).toMatchObject({ id: saved.id, title, status: '0' });

    const changed = ok(
      await server.post(
        '/api/core/notice/update',
        { id: saved.id, version: saved.version, title: `${title}（修订）`, type: '3' },
        as('admin'),
      ),
    );
    expect(changed).toMatchObject({ title: `${title}（修订）`, type: '3', version: 1 });
    const again = ok(await server.get(`/api/core/notice/page?title=${encodeURIComponent(title)}`, as('admin')));
    expect(again.records.map((r: Row) => [r.title, r.type])).toEqual([[`${title}（修订）`, '3']]);
    const stale = await server.post('/api/core/notice/update', { id: saved.id, version: 0, title: '旧的' }, as('admin'));
    expect(stale.body).toMatchObject({ code: '40900', msg: '该记录已被他人修改，请刷新后再试' });
    const byType = ok(await server.get('/api/core/notice/page?type=3&pageSize=100', as('admin')));
    expect(byType.records.every((r: Row) => r.type === '3')).toBe(true);
    expect(byType.records.map((r: Row) => r.id)).toContain(saved.id);
  });

  it('keeps two uploaded attachments as a JSON string under extend.accessoryFileList (C3.16, C3.21, C3.22, C7.57)', async () => {
    const one = await upload('会议纪要.txt', '第一次会议');
    const two = await upload('日程安排.txt', '周一至周五');
    const entry = (f: Row) => ({
      uid: f.uid,
      name: f.name,
      fileName: f.fileName,
      status: 'done',
      url: f.url,
      id: f.id,
      response: { code: '0', data: f },
    });
    const saved = await saveNotice({ extend: { accessoryFileList: JSON.stringify([entry(one), entry(two)]) } });
    const info = ok(await server.get(`/api/core/notice/infoById/${saved.id}`, as('admin')));
    for (const f of [
      'id',
      'type',
      'title',
      'content',
      'rangeType',
      'deptIds',
      'roleIds',
      'userIds',
      'readFlag',
      'noticeUserRelId',
      'showContent',
      'lookFlag',
    ]) {
      expect(info, f).toHaveProperty(f);
    }
    expect(info).toMatchObject({
      id: saved.id,
      type: '1',
      rangeType: '0',
      deptIds: [],
      roleIds: [],
      userIds: [],
      readFlag: null,
      noticeUserRelId: null,
      lookFlag: false,
    });
    expect(typeof info.extend.accessoryFileList).toBe('string');
    const files = JSON.parse(info.extend.accessoryFileList);
    expect(files).toHaveLength(2);
    expect(files.map((f: Row) => f.name)).toEqual(['会议纪要.txt', '日程安排.txt']);
    for (const [i, f] of [one, two].entries()) {
      expect(files[i]).toMatchObject({ uid: f.uid, fileName: f.fileName, status: 'done', url: f.url, id: f.id });
      expect(files[i].response).toMatchObject({ code: '0' });
    }
    // The attachment downloads for a recipient once sent.
    ok(await send(saved.id));
    const rel = await relOf('staff', saved.id);
    expect(JSON.parse(rel!.extend.accessoryFileList).map((f: Row) => f.url)).toEqual([one.url, two.url]);
    const got = await fetch(`http://127.0.0.1:${server.port}${one.url}`, {
      headers: { token: tokens.staff, hostname: 'localhost' },
    });
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('第一次会议');

    // A file nobody uploaded is refused.
    const forged = await server.post(
      '/api/core/notice/save',
      notice({
        extend: {
          accessoryFileList: JSON.stringify([{ uid: 'x', name: 'x.txt', url: '/api/core/download/local/2020/01/nothing.txt' }]),
        },
      }),
      as('admin'),
    );
    expect(forged.body).toMatchObject({ code: '40000', msg: '附件指向的记录不存在' });
  });

  it('validates type, title, content and a ticked range without choices, in the caller’s language (spec section 5)', async () => {
    const marker = unique('坏通知');
    const cases: Array<[Row, string]> = [
      [{ type: undefined, title: marker }, '参数错误：消息类型不能为空'],
      [{ type: '9', title: marker }, '消息类型的取值“9”不在字典中'],
      [{ title: undefined }, '参数错误：标题不能为空'],
      [{ title: `${marker}${'长'.repeat(50)}` }, '参数错误：标题请控制在50个字符以内'],
      [{ title: marker, content: undefined }, '参数错误：内容不能为空'],
      [{ title: marker, content: '字'.repeat(301) }, '参数错误：内容请控制在300个字符以内'],
      [{ title: marker, rangeType: '1', deptIds: [] }, '至少选择一个部门'],
      [{ title: marker, rangeType: '2' }, '至少选择一个角色'],
      [{ title: marker, rangeType: '3', userIds: [] }, '至少选择一个用户'],
      [{ title: marker, rangeType: '1,3', deptIds: [1], userIds: [] }, '至少选择一个用户'],
      [{ title: marker, rangeType: '7' }, '参数错误：发送范围格式不正确'],
      [{ title: marker, type: 1 }, '参数错误：消息类型应为文本'],
      [{ title: marker, rangeType: '3', userIds: ['staff'] }, '参数错误：userIds/0应为整数'],
    ];
    for (const [body, msg] of cases) {
      const r = await server.post('/api/core/notice/save', notice(body), as('admin', 'zh-CN'));
      expect(r.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: '40000', msg });
    }
    const en = await server.post(
      '/api/core/notice/save',
      notice({ title: marker, rangeType: '2', roleIds: [] }),
      as('admin', 'en-US'),
    );
    expect(en.body).toMatchObject({ code: '40000', msg: 'Choose at least one role' });
    // Another organisation's department is no choice.
    const city = await server.post(
      '/api/core/notice/save',
      notice({ title: marker, rangeType: '1', deptIds: [await siteId('city')] }),
      as('admin'),
    );
    expect(city.body).toMatchObject({ code: '40000', msg: '部门指向的记录不存在' });
    expect(await rows(sql`select id from sys_notice where title like ${`${marker}%`}`)).toEqual([]);

    // An update is checked the same way.
    const draft = await saveNotice();
    const emptied = await server.post(
      '/api/core/notice/update',
      { id: draft.id, version: 0, rangeType: '1', deptIds: [] },
      as('admin'),
    );
    expect(emptied.body).toMatchObject({ code: '40000', msg: '至少选择一个部门' });
    // 'Everyone' stands alone and clears the other choices.
    const mixed = await server.post('/api/core/notice/save', notice({ rangeType: '0,1', deptIds: [1] }), as('admin'));
    expect(mixed.body).toMatchObject({ code: '40000', msg: '参数错误：发送范围格式不正确' });
    const all = await saveNotice({ rangeType: '0', deptIds: [await deptId('教务处')], userIds: [1] });
    expect(ok(await server.get(`/api/core/notice/infoById/${all.id}`, as('admin')))).toMatchObject({
      rangeType: '0',
      deptIds: [],
      userIds: [],
    });
    // Unticking a range clears its choices.
    const both = await saveNotice({ rangeType: '1,3', deptIds: [await deptId('教务处')], userIds: [1] });
    ok(await server.post('/api/core/notice/update', { id: both.id, version: 0, rangeType: '3' }, as('admin')));
    expect(ok(await server.get(`/api/core/notice/infoById/${both.id}`, as('admin')))).toMatchObject({
      rangeType: '3',
      deptIds: [],
      userIds: [1],
    });
  });

  it('removes only drafts (C4.35)', async () => {
    const draft = await saveNotice();
    expect(ok(await server.post(`/api/core/notice/remove?id=${draft.id}`, {}, as('admin')))).toEqual({ removed: 1 });
    expect((await server.get(`/api/core/notice/infoById/${draft.id}`, as('admin'))).body.code).toBe('40400');
    expect(ok(await server.get(`/api/core/notice/page?title=${encodeURIComponent(draft.title)}`, as('admin'))).total).toBe(0);

    const out = await sent({ rangeType: '3', userIds: [await userId('staff')] });
    const refused = await server.post(`/api/core/notice/remove?id=${out.id}`, {}, as('admin', 'zh-CN'));
    expect(refused.body).toMatchObject({ code: '40900', msg: '只有草稿状态的通知可以修改、发送或删除' });
    ok(await cancel(out.id));
    expect((await server.post(`/api/core/notice/remove?id=${out.id}`, {}, as('admin'))).body.code).toBe('40900');
    expect((await noticeRow(out.id))!.status).toBe('2');
    // Only drafts change.
    const edit = await server.post(
      '/api/core/notice/update',
      { id: out.id, version: 2, title: '改已发送的' },
      as('admin', 'en-US'),
    );
    expect(edit.body).toMatchObject({ code: '40900', msg: 'Only a draft notice can be edited, sent or deleted' });
  });
});

describe('send', () => {
  it('sends “everyone” (0) to every user of the site and none of the other (C3.18, C4.33)', async () => {
    const watch = ['staff', 'teacher', 'head', 'finance'];
    const before = Object.fromEntries(await Promise.all(watch.map(async (w) => [w, await unreadTotal(w)])));
    const cityBefore = await unreadTotal('citystaff');
    const n = await saveNotice({ title: unique('全体通知') });
    const everyone = await usersOfSite('demo');
    const r = await send(n.id);
    expect(r.body).toMatchObject({ code: '0', msg: `已发送给 ${everyone.length} 人`, data: { recipients: everyone.length } });
    expect(await recipients(n.id)).toEqual(everyone);
    for (const w of watch) expect(await unreadTotal(w), w).toBe(before[w] + 1);
    expect(await unreadTotal('citystaff')).toBe(cityBefore);
    expect((await myRels('citystaff')).records.map((x) => x.noticeId)).not.toContain(n.id);
    expect(await relOf('staff', n.id)).toMatchObject({ noticeId: n.id, title: n.title, type: '1', readFlag: '0' });
    const listed = ok(await server.get(`/api/core/notice/page?title=${encodeURIComponent(n.title)}`, as('admin'))).records[0];
    expect(listed).toMatchObject({ status: '1', recipients: everyone.length });
    expect(listed.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('sends a department, role, user or combined range to exactly the users in it', async () => {
    const teaching = await deptId('教务处');
    const finance = await deptId('财务室');
    const staffRole = await roleId('staff');
    const headRole = await roleId('deptHead');
    const ofDept = async (...d: number[]) => ids(await rows(sql`select id from sys_user where dept_id in (${sql.join(d)})`));
    const ofRole = async (...r: number[]) =>
      ids(await rows(sql`select user_id from sys_user_role where role_id in (${sql.join(r)})`));
    const chosen = [await userId('principal'), await userId('auditor')].sort((a, b) => a - b);
    const cases: Array<[string, Row, number[]]> = [
      ['department', { rangeType: '1', deptIds: [teaching] }, await ofDept(teaching)],
      ['role', { rangeType: '2', roleIds: [staffRole] }, await ofRole(staffRole)],
      ['user', { rangeType: '3', userIds: chosen }, chosen],
      [
        'department or role',
        { rangeType: '1,2', deptIds: [finance], roleIds: [headRole] },
        [...new Set([...(await ofDept(finance)), ...(await ofRole(headRole))])].sort((a, b) => a - b),
      ],
    ];
    const watch = ['staff', 'teacher', 'head', 'finance', 'principal', 'auditor'];
    const watchIds = Object.fromEntries(await Promise.all(watch.map(async (w) => [w, await userId(w)])));
    for (const [label, range, expected] of cases) {
      expect(expected.length, label).toBeGreaterThan(0);
      const before = Object.fromEntries(await Promise.all(watch.map(async (w) => [w, await unreadTotal(w)])));
      const n = await saveNotice(range);
      const r = await send(n.id);
      expect(r.body, label).toMatchObject({ code: '0', msg: `已发送给 ${expected.length} 人` });
      expect(await recipients(n.id), label).toEqual(expected);
      for (const w of watch) {
        const gets = expected.includes(watchIds[w]) ? 1 : 0;
        expect(await unreadTotal(w), `${label}: ${w}`).toBe(before[w] + gets);
      }
    }
    // Spot checks against the seed: 教务处 is head, staff and newcomer; the staff role is staff, teacher, newcomer.
    expect(cases[0]![2]).toEqual([await userId('head'), await userId('staff'), await userId('newcomer')].sort((a, b) => a - b));
    expect(cases[1]![2]).toEqual(
      [await userId('staff'), await userId('teacher'), await userId('newcomer')].sort((a, b) => a - b),
    );
    expect(cases[3]![2]).toEqual([await userId('head'), await userId('finance'), await userId('cashier')].sort((a, b) => a - b));
  });

  it('refuses a second send, and a range with nobody in it', async () => {
    const n = await sent({ rangeType: '3', userIds: [await userId('teacher')] });
    const again = await send(n.id, 'admin', 'zh-CN');
    expect(again.body).toMatchObject({ code: '40900', msg: '只有草稿状态的通知可以修改、发送或删除' });
    expect(await recipients(n.id)).toEqual([await userId('teacher')]);

    const empty = await saveNotice({ rangeType: '1', deptIds: [await deptId('体艺处')] });
    const nobody = await send(empty.id, 'admin', 'zh-CN');
    expect(nobody.body).toMatchObject({ code: '40000', msg: '发送范围内没有用户' });
    expect((await noticeRow(empty.id))!.status).toBe('0');
    expect(await recipients(empty.id)).toEqual([]);

    expect((await send(999999)).body.code).toBe('40400');
    expect((await server.post('/api/core/notice/send', {}, as('admin'))).body.code).toBe('40000');
    expect((await server.post('/api/core/notice/send?id=abc', {}, as('admin'))).body.code).toBe('40000');
  });
});

describe('cancel', () => {
  it('withdraws the notice from those who have not read it; readers keep it (C4.34)', async () => {
    const people = ['staff', 'teacher', 'head'];
    const n = await sent({ rangeType: '3', userIds: await Promise.all(people.map((p) => userId(p))) });
    const rel = await relOf('staff', n.id);
    ok(await server.post(`/api/core/noticeUserRel/read?id=${rel!.id}`, {}, as('staff')));
    const before = Object.fromEntries(await Promise.all(people.map(async (w) => [w, await unreadTotal(w)])));

    const r = await cancel(n.id);
    expect(r.body).toMatchObject({ code: '0', msg: '已撤销，收回 2 条未读消息', data: { withdrawn: 2 } });
    expect(await unreadTotal('teacher')).toBe(before.teacher - 1);
    expect(await unreadTotal('head')).toBe(before.head - 1);
    expect(await unreadTotal('staff')).toBe(before.staff);
    expect(await relOf('teacher', n.id)).toBeUndefined();
    expect(await relOf('head', n.id)).toBeUndefined();
    expect(await relOf('staff', n.id)).toMatchObject({ readFlag: '1', title: n.title });
    expect(await recipients(n.id)).toEqual([await userId('staff')]);
    expect((await noticeRow(n.id))!.status).toBe('2');

    const twice = await cancel(n.id, 'admin', 'zh-CN');
    expect(twice.body).toMatchObject({ code: '40900', msg: '只有已发送的通知可以撤销' });
    const draft = await saveNotice();
    expect((await cancel(draft.id, 'admin', 'en-US')).body).toMatchObject({
      code: '40900',
      msg: 'Only a sent notice can be cancelled',
    });
    expect((await send(n.id)).body.code).toBe('40900');
  });
});

describe('the recipient’s side', () => {
  it('pages only the caller’s own relations, admin included (C3.19, C7.60)', async () => {
    const staffId = await userId('staff');
    const n = await sent({ rangeType: '3', userIds: [staffId, 1] });
    const mine = await myRels('staff', 'pageNum=1&pageSize=10');
    expect(mine.records.length).toBeGreaterThan(0);
    const owners = await rows<{ user_id: number }>(
      sql`select distinct user_id from sys_notice_user_rel where id in (${sql.join(mine.records.map((r) => r.id))})`,
    );
    expect(owners.map((o) => Number(o.user_id))).toEqual([staffId]);
    const all = ids(await rows(sql`select id from sys_notice_user_rel where user_id = ${staffId}`));
    expect(mine.total).toBe(all.length);
    const rel = await relOf('staff', n.id);
    for (const f of ['id', 'noticeId', 'readFlag', 'beforeTime', 'type', 'title']) expect(rel, f).toHaveProperty(f);
    expect(rel).toMatchObject({ noticeId: n.id, readFlag: '0', type: '1', title: n.title });
    expect(rel!.beforeTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Admin sees only admin's rows, and someone else's relation is as good as missing.
    const adminRels = await myRels('admin');
    const adminOwners = await rows<{ user_id: number }>(
      sql`select distinct user_id from sys_notice_user_rel where id in (${sql.join(adminRels.records.map((r) => r.id))})`,
    );
    expect(adminOwners.map((o) => Number(o.user_id))).toEqual([1]);
    const notYours = { code: '40400', msg: '记录不存在或无权访问' };
    expect((await server.get(`/api/core/noticeUserRel/infoById/${rel!.id}`, as('admin'))).body).toMatchObject(notYours);
    expect((await server.post(`/api/core/noticeUserRel/read?id=${rel!.id}`, {}, as('admin'))).body).toMatchObject(notYours);
    expect((await server.post(`/api/core/noticeUserRel/remove?id=${rel!.id}`, {}, as('admin'))).body).toMatchObject(notYours);
    expect((await server.get(`/api/core/noticeUserRel/infoById/${rel!.id}`, as('citystaff'))).body.code).toBe('40400');
    expect(await relOf('staff', n.id)).toMatchObject({ id: rel!.id, readFlag: '0' });
    expect(ok(await server.get(`/api/core/noticeUserRel/infoById/${rel!.id}`, as('staff')))).toMatchObject({
      id: rel!.id,
      title: n.title,
    });
  });

  it('marks a relation read: readFlag 1 and the bell one lower (C4.36, C7.61)', async () => {
    const n = await sent({ rangeType: '3', userIds: [await userId('teacher')], type: '3' });
    const rel = await relOf('teacher', n.id);
    const before = await unread('teacher');
    ok(await server.post(`/api/core/noticeUserRel/read?id=${rel!.id}`, {}, as('teacher')));
    expect(await relOf('teacher', n.id)).toMatchObject({ readFlag: '1' });
    const after = await unread('teacher');
    expect(after.totalNum).toBe(before.totalNum - 1);
    expect(after.dataNumMap['3']).toBe(before.dataNumMap['3'] - 1);
    expect(after.dataMap['3'].map((x: Row) => x.noticeId)).not.toContain(n.id);
    // Reading again changes nothing.
    ok(await server.post(`/api/core/noticeUserRel/read?id=${rel!.id}`, {}, as('teacher')));
    expect((await unread('teacher')).totalNum).toBe(after.totalNum);
    const read = ok(await server.get('/api/core/noticeUserRel/page?readFlag=1&pageSize=100', as('teacher')));
    expect(read.records.map((r: Row) => r.id)).toContain(rel!.id);
    expect(read.records.every((r: Row) => r.readFlag === '1')).toBe(true);
    // The notice itself now tells the recipient it was read.
    expect(ok(await server.get(`/api/core/notice/infoById/${n.id}`, as('teacher')))).toMatchObject({
      readFlag: '1',
      noticeUserRelId: rel!.id,
    });
  });

  it('summarises unread per type for the bell: counts, the types in order, the newest five (C3.20, C7.62)', async () => {
    const teacherId = await userId('teacher');
    const before = await unread('teacher');
    const titles: string[] = [];
    for (let i = 1; i <= 7; i++) {
      server.clock.advance(60_000);
      const n = await sent({ rangeType: '3', userIds: [teacherId], type: '2', title: unique(`更新日志第${i}版`) });
      titles.push(n.title);
    }
    const zh = await unread('teacher', 'zh-CN');
    expect(zh.dictDataList).toEqual([
      { dictLabel: '单位通知', dictValue: '1' },
      { dictLabel: '更新日志', dictValue: '2' },
      { dictLabel: '系统通知', dictValue: '3' },
    ]);
    expect(Object.keys(zh.dataNumMap).sort()).toEqual(['1', '2', '3']);
    expect(Object.keys(zh.dataMap).sort()).toEqual(['1', '2', '3']);
    expect(zh.dataNumMap['2']).toBe(before.dataNumMap['2'] + 7);
    expect(zh.dataNumMap['1']).toBe(before.dataNumMap['1']);
    expect(zh.totalNum).toBe(zh.dataNumMap['1'] + zh.dataNumMap['2'] + zh.dataNumMap['3']);
    expect(zh.totalNum).toBe(before.totalNum + 7);
    expect(zh.dataMap['2']).toHaveLength(5);
    expect(zh.dataMap['2'].map((x: Row) => x.title)).toEqual(titles.slice(2).reverse());
    for (const item of zh.dataMap['2']) {
      expect(item.beforeTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(item).toMatchObject({ type: '2', readFlag: '0' });
    }
    for (const type of ['1', '3']) {
      expect(zh.dataMap[type].length).toBe(Math.min(5, zh.dataNumMap[type]));
      expect(zh.dataMap[type].every((x: Row) => x.type === type)).toBe(true);
    }
    const en = await unread('teacher', 'en-US');
    expect(en.dictDataList.map((d: Row) => d.dictLabel)).toEqual(['Unit notice', 'Update log', 'System notice']);
    expect(en.totalNum).toBe(zh.totalNum);
    // Nothing of this reaches anyone else.
    expect((await unread('citystaff')).dataMap['2'].map((x: Row) => x.title)).not.toContain(titles[6]);
  });

  it('removes a relation from the caller’s list (C7.63)', async () => {
    const n = await sent({ rangeType: '3', userIds: [await userId('staff')] });
    const rel = await relOf('staff', n.id);
    const before = await unreadTotal('staff');
    expect(ok(await server.post(`/api/core/noticeUserRel/remove?id=${rel!.id}`, {}, as('staff')))).toEqual({ removed: 1 });
    expect(await relOf('staff', n.id)).toBeUndefined();
    expect(await unreadTotal('staff')).toBe(before - 1);
    expect(await rows(sql`select id from sys_notice_user_rel where id = ${rel!.id}`)).toEqual([]);
    expect((await server.post(`/api/core/noticeUserRel/remove?id=${rel!.id}`, {}, as('staff'))).body.code).toBe('40400');
    expect((await server.post('/api/core/noticeUserRel/remove', {}, as('staff'))).body.code).toBe('40000');
  });

  it('lists a notice’s recipients with their read flag; the base path exists (C7.64)', async () => {
    const people = ['staff', 'teacher'];
    const n = await sent({ rangeType: '3', userIds: await Promise.all(people.map((p) => userId(p))) });
    const rel = await relOf('teacher', n.id);
    ok(await server.post(`/api/core/noticeUserRel/read?id=${rel!.id}`, {}, as('teacher')));
    const list = ok(await server.get<Row[]>(`/api/core/noticeSendRange/list?id=${n.id}`, as('admin')));
    expect(list.map((r) => [r.realName, r.readFlag]).sort()).toEqual([
      ['林小雨', '0'],
      ['黄磊', '1'],
    ]);
    expect(list.find((r) => r.realName === '黄磊')).toMatchObject({ userId: await userId('teacher'), deptName: '学生处' });
    const base = await server.get('/api/core/noticeSendRange', as('admin'));
    expect(base.status).toBe(200);
    expect(base.body.code).toBe('0');
    expect((await server.get(`/api/core/noticeSendRange/list?id=${n.id}`, as('staff'))).body.code).toBe('40103');
    expect((await server.get(`/api/core/noticeSendRange/list?id=${n.id}`, as('cityadmin'))).body.code).toBe('40400');
  });
});

describe('keys and sites', () => {
  it('refuses send and the other writes to users without the keys (40103)', async () => {
    const n = await saveNotice({ rangeType: '3', userIds: [await userId('staff')] });
    for (const who of ['staff', 'finance']) {
      const r = await send(n.id, who, 'en-US');
      expect(r.body, who).toMatchObject({
        code: '40103',
        msg: 'Insufficient permission, ask an administrator to grant it (system:notice:send)',
      });
    }
    expect((await noticeRow(n.id))!.status).toBe('0');
    expect(await recipients(n.id)).toEqual([]);
    const writes: Array<[string, unknown, string]> = [
      ['/api/core/notice/save', notice(), 'system:notice:add'],
      ['/api/core/notice/update', { id: n.id, version: 0, title: 'x' }, 'system:notice:edit'],
      [`/api/core/notice/remove?id=${n.id}`, {}, 'system:notice:remove'],
      [`/api/core/notice/cancel?id=${n.id}`, {}, 'system:notice:cancel'],
    ];
    for (const [path, body, key] of writes) {
      const r = await server.post(path, body, as('staff', 'en-US'));
      expect(r.body, path).toMatchObject({
        code: '40103',
        msg: `Insufficient permission, ask an administrator to grant it (${key})`,
      });
    }
    expect((await server.get('/api/core/notice/page', as('staff'))).body.code).toBe('40103');
    // The principal holds the key.
    expect((await send(n.id, 'principal')).body.code).toBe('0');
    expect(await recipients(n.id)).toEqual([await userId('staff')]);
  });

  it('lets a recipient without the query key open a notice they received, and no other', async () => {
    const info = ok(await server.get('/api/core/user/info', as('staff')));
    expect(info.buttons).not.toContain('system:notice:query');
    const got = await sent({ rangeType: '3', userIds: [await userId('staff')], content: '给林老师的通知' });
    const rel = await relOf('staff', got.id);
    expect(ok(await server.get(`/api/core/notice/infoById/${got.id}`, as('staff')))).toMatchObject({
      id: got.id,
      content: '给林老师的通知',
      readFlag: '0',
      noticeUserRelId: rel!.id,
      lookFlag: true,
      showContent: true,
    });
    const other = await sent({ rangeType: '3', userIds: [await userId('teacher')] });
    const draft = await saveNotice();
    for (const id of [other.id, draft.id]) {
      const r = await server.get(`/api/core/notice/infoById/${id}`, as('staff', 'en-US'));
      expect(r.body).toMatchObject({
        code: '40103',
        msg: 'Insufficient permission, ask an administrator to grant it (system:notice:query)',
      });
    }
  });

  it('keeps each site’s notices to itself', async () => {
    const demo = await sent({ rangeType: '3', userIds: [await userId('staff')] });
    const city = { ...as('cityadmin', 'en-US') };
    expect((await server.get(`/api/core/notice/infoById/${demo.id}`, city)).body.code).toBe('40400');
    expect((await server.post(`/api/core/notice/cancel?id=${demo.id}`, {}, city)).body.code).toBe('40400');
    expect((await server.post(`/api/core/notice/remove?id=${demo.id}`, {}, city)).body.code).toBe('40400');
    expect((await server.post('/api/core/notice/update', { id: demo.id, version: 1, title: 'x' }, city)).body.code).toBe('40400');
    expect((await noticeRow(demo.id))!.status).toBe('1');
    expect(ok(await server.get('/api/core/notice/page?pageSize=100', city)).records.map((r: Row) => r.id)).not.toContain(demo.id);

    const cityNotice = ok(await server.post('/api/core/notice/save', notice({ title: unique('医院通知') }), city));
    const r = ok(await server.post(`/api/core/notice/send?id=${cityNotice.id}`, {}, city));
    expect(r.recipients).toBe((await usersOfSite('city')).length);
    expect(await recipients(cityNotice.id)).toEqual(await usersOfSite('city'));
    expect((await relOf('citystaff', cityNotice.id))?.title).toBe(cityNotice.title);
    expect((await server.get(`/api/core/notice/infoById/${cityNotice.id}`, as('admin'))).body.code).toBe('40400');
    // A demo user cannot be named as a city recipient.
    const cross = await server.post('/api/core/notice/save', notice({ rangeType: '3', userIds: [await userId('staff')] }), {
      ...city,
      lang: 'zh-CN',
    });
    expect(cross.body).toMatchObject({ code: '40000', msg: '用户指向的记录不存在' });
  });
});
