// The meeting-record rule of spec section 4, end to end over HTTP (issue 19): the flags a document
// keeps (showMeetingRecordFlag, updateFlag, uploadMeetingRecordAudit), minutes required and attached
// where the approver at the extension node decides, the file list as extend.meetingRecordFileList
// (a JSON string whose entries keep `response`), and the per-form setting screen (会议纪要设置) that
// every document going through approval honours.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2036'; // a year the demo seed leaves empty

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff']) tokens[name] = await server.login(name, 'Demo@12345');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: 'demo',
  lang,
  headers: { year: YEAR },
});
const db = () => server.database.db as unknown as Kysely<any>;

let n = 0;
async function indicator(): Promise<number> {
  const limitCode = `MR-${++n}`;
  const saved = ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode,
        budgetName: `会议费${limitCode}`,
        deptId: dept['教务处'],
        expenseType: '2',
        economicClass: '30211',
        fundSource: '1',
        originalAmount: '5000000.00',
      },
      as('admin'),
    ),
  );
  return Number(saved.id);
}
const applyBody = (budgetId: number, money: string, extra: Row = {}) => ({
  kind: '1',
  title: `购置设备 ${++n}`,
  budgetId,
  money,
  ...extra,
});
const apply = (budgetId: number, money: string, extra: Row = {}, lang = 'zh-CN') =>
  server.post('/api/expense/beforehand/save', applyBody(budgetId, money, extra), as('staff', lang));
const doc = async (id: number) => ok(await server.get(`/api/expense/beforehand/infoById/${id}`, as('staff')));
const submit = (id: number) => server.post(`/api/expense/beforehand/submit?id=${id}&confirmed=1`, {}, as('staff'));
async function taskOf(id: number, who: string): Promise<number> {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === 'beforehand' && t.businessKey === id);
  expect(task, `${who} should have the task of beforehand ${id}`).toBeTruthy();
  return Number(task!.id);
}

async function setConfig(key: string, value: string) {
  const row = (
    await sql<Row>`select c.id, c.version from sys_config c join sys_dept d on d.id = c.top_dept_id
      where c.config_key = ${key} and d.top_dept_key = 'demo'`.execute(db())
  ).rows[0]!;
  ok(await server.post('/api/core/config/update', { id: Number(row.id), version: row.version, configValue: value }, as('admin')));
}

async function upload(name: string) {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4 纪要']), name);
  const r = await fetch(`http://127.0.0.1:${server.port}/api/core/upload`, {
    method: 'POST',
    body: form,
    headers: { token: tokens.staff!, hostname: 'localhost' },
  });
  const body = (await r.json()) as { code: string; data: Row };
  expect(body.code).toBe('0');
  return body.data;
}
/** A file list entry as the upload widget keeps it: the upload's answer under `response`. */
const entryOf = (file: Row) => ({
  uid: file.uid,
  name: file.fileName,
  fileName: file.fileName,
  url: file.url,
  status: 'done',
  response: { uid: file.uid, fileName: file.fileName, url: file.url },
});

describe('the meeting-record rule', () => {
  it('keeps the file list as extend.meetingRecordFileList, a JSON string whose entries keep response', async () => {
    const budgetId = await indicator();
    const file = await upload('会议纪要.pdf');
    const saved = ok(await apply(budgetId, '120000.00', { extend: { meetingRecordFileList: JSON.stringify([entryOf(file)]) } }));
    const read = await doc(saved.id);
    expect(typeof read.extend.meetingRecordFileList).toBe('string');
    const list = JSON.parse(read.extend.meetingRecordFileList);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ url: file.url, response: { url: file.url, fileName: file.fileName } });
    // The flags the rule computed are kept on the document.
    expect(read).toMatchObject({ showMeetingRecordFlag: '1', updateFlag: '1', uploadMeetingRecordAudit: '0' });
  });

  it('at the extension node: not asked of the applicant, required when the approver there decides', async () => {
    await setConfig('meeting.stage', 'extension');
    try {
      const budgetId = await indicator();
      const saved = ok(await apply(budgetId, '100000.00'));
      expect(await doc(saved.id)).toMatchObject({ uploadMeetingRecordAudit: '1', showMeetingRecordFlag: '1', updateFlag: '1' });
      ok(await submit(saved.id));
      // Submitted, the document is no longer being updated: its kept show flag now shows the section.
      expect(await doc(saved.id)).toMatchObject({ updateFlag: '0', showMeetingRecordFlag: '1' });

      // The approval page tells the approver this task is where the minutes go.
      const business = ok(await server.get(`/api/workflow/instance/business?entity=beforehand&id=${saved.id}`, as('head')));
      expect(business.tasks[0]).toMatchObject({ canAct: true, meetingRecord: true });

      const taskId = await taskOf(saved.id, 'head');
      refused(await server.post('/api/workflow/task/approve', { taskId, comment: '同意' }, as('head')), /会议纪要/);
      expect((await doc(saved.id)).approvalStatus).toBe('1');
      expect(await taskOf(saved.id, 'head')).toBe(taskId);

      // A file of the site's uploads only; a made-up link changes nothing.
      refused(
        await server.post(
          '/api/workflow/task/approve',
          { taskId, extend: { meetingRecordFileList: JSON.stringify([{ uid: 'x', name: 'x.pdf', url: '/api/nowhere.pdf' }]) } },
          as('head'),
        ),
      );
      expect((await doc(saved.id)).extend.meetingRecordFileList ?? '[]').toBe('[]');

      const file = await upload('党委会纪要.pdf');
      ok(
        await server.post(
          '/api/workflow/task/approve',
          { taskId, comment: '同意', extend: { meetingRecordFileList: JSON.stringify([entryOf(file)]) } },
          as('head'),
        ),
      );
      const after = await doc(saved.id);
      expect(JSON.parse(after.extend.meetingRecordFileList)[0]).toMatchObject({ url: file.url });
      // The next step (finance) finds them there.
      ok(await server.post('/api/workflow/task/approve', { taskId: await taskOf(saved.id, 'finance') }, as('finance')));
    } finally {
      await setConfig('meeting.stage', 'application');
    }
  });

  it('below the threshold at the extension node nothing is asked', async () => {
    await setConfig('meeting.stage', 'extension');
    try {
      const saved = ok(await apply(await indicator(), '99999.99'));
      expect(await doc(saved.id)).toMatchObject({ uploadMeetingRecordAudit: '0' });
      ok(await submit(saved.id));
      ok(await server.post('/api/workflow/task/approve', { taskId: await taskOf(saved.id, 'head') }, as('head')));
    } finally {
      await setConfig('meeting.stage', 'application');
    }
  });

  it('follows the per-form setting screen, per site, for every document that goes through approval', async () => {
    const budgetId = await indicator();
    // At application time with the form's section on (the form file's default): refused without minutes.
    refused(await apply(budgetId, '100000.00'), /会议纪要/);

    // The administrator turns the section off for this form on this site.
    const setting = ok(
      await server.post('/api/meeting/setting/save', { entity: 'beforehand', showAtApplication: '0' }, as('admin')),
    );
    const info = (await server.get('/api/core/dept/infoByTopDeptKey/demo')).body.data;
    expect(info.config['meeting.form.beforehand']).toBe('0');
    const off = ok(await apply(budgetId, '100000.00'));
    expect(await doc(off.id)).toMatchObject({ showMeetingRecordFlag: '0' });
    // Where the form shows no section, an approver attaches no minutes either.
    ok(await submit(off.id));
    refused(
      await server.post(
        '/api/workflow/task/approve',
        { taskId: await taskOf(off.id, 'head'), meetingRecordId: null, extend: { meetingRecordFileList: '[]' } },
        as('head', 'en-US'),
      ),
      /not attached at this approval step/,
    );
    // The city hospital's forms keep their own setting.
    const city = (await server.get('/api/core/dept/infoByTopDeptKey/city')).body.data;
    expect(city.config['meeting.form.beforehand']).toBeUndefined();

    // A form whose file has no section (leave) takes it from the screen.
    ok(await server.post('/api/meeting/setting/save', { entity: 'leaveApply', showAtApplication: '1' }, as('admin')));
    const bundle = ok(await server.get('/api/schema/approval/leaveApply', as('admin')));
    expect(bundle.entity).toMatchObject({ meetingRecord: true });
    expect(bundle.entity.fields.map((f: Row) => f.name)).toEqual(
      expect.arrayContaining(['meetingRecordId', 'meetingRecordFileList', 'showMeetingRecordFlag']),
    );

    // Only forms that go through approval, each once.
    refused(await server.post('/api/meeting/setting/save', { entity: 'notice', showAtApplication: '1' }, as('admin')));
    refused(await server.post('/api/meeting/setting/save', { entity: 'beforehand', showAtApplication: '1' }, as('admin')));

    // Turned on again: required again.
    ok(
      await server.post(
        '/api/meeting/setting/update',
        { id: setting.id, version: setting.version, showAtApplication: '1' },
        as('admin'),
      ),
    );
    refused(await apply(budgetId, '100000.00'), /会议纪要/);
  });
});
