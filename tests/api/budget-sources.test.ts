// External budget sources (issue 7; docs/budget-sources.md): the finance system's indicators and
// departments, the district's projects, links and people, through the site's adapter — the 'file'
// adapter (xlsx or JSON) by default, a registered connector when the site's setting selects one.
// Indicators move through the ledger (journal rows), a wrong row writes nothing and is reported,
// links are signed per site and refused when altered or expired, users are created by the user
// rules, permission keys and the site boundary hold. No call of this file may end in a system error.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signBillLink } from '../../server/modules/budget/sources/link.ts';
import { HTTP_JSON_KEY } from '../../server/modules/budget/sources/connectors/http-json.ts';
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
  for (const name of ['finance', 'head', 'staff']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

// ---- helpers ----------------------------------------------------------------------------------

const db = () => server.database.db as unknown as Kysely<any>;
const rows = async <T = Row>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

const siteOf = (who: string) => (who.startsWith('city') ? 'city' : 'demo');
const as = (who: string, lang = 'en-US'): RequestOptions => ({
  token: tokens[who],
  lang,
  site: siteOf(who),
  headers: { year: '2026' },
});

function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

async function xlsx(table: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of table) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart upload over real HTTP (answers recorded like the others). */
async function upload(path: string, who: string, content: Buffer | string, fileName: string, lang = 'en-US') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    body: form,
    headers: {
      token: tokens[who]!,
      hostname: siteOf(who) === 'demo' ? 'localhost' : `${siteOf(who)}.localhost`,
      'accept-language': lang,
      year: '2026',
    },
  });
  const body = (await r.json()) as { code: string; data: any; msg: string };
  answers.push({ call: `POST ${path} (file)`, status: r.status, code: body.code });
  return { status: r.status, body };
}

const PULL = '/api/neikong/budget/pullBeiShiDaFuZhongBudget';
const DEPTS = '/api/neikong/budget/getBudgetDeptBeiShiDaFuZhong';
const PROJECT_IMPORT = '/api/neikong/hdProject/import';
const PROJECT = '/api/neikong/hdProject/getHdProjectForHaidian';
const DECRYPT = '/api/neikong/hdProject/decrypt';
const INIT_USERS = '/api/neikong/hdProject/initHaidianUser';

const deptId = async (name: string, site = 'demo') =>
  Number(
    (
      await rows<{ id: number }>(sql`select d.id from sys_dept d join sys_dept top on top.id = d.top_dept_id
        where top.top_dept_key = ${site} and d.dept_name = ${name}`)
    )[0]!.id,
  );

/** The indicator of the 2026 list as the budget screen shows it. */
async function indicator(limitCode: string, who = 'finance'): Promise<Row | undefined> {
  const page = ok(await server.get<{ records: Row[] }>(`/api/neikong/budget/page?limitCode=${limitCode}&pageSize=100`, as(who)));
  return page.records.find((r) => r.limitCode === limitCode);
}

/** Its movements, oldest first, as the journal screen shows them. */
async function journal(budgetId: number): Promise<Row[]> {
  const page = ok(
    await server.get<{ records: Row[] }>(
      `/api/neikong/budgetSubtractDetails/page?budgetId=${budgetId}&pageSize=100`,
      as('finance'),
    ),
  );
  return page.records.reverse();
}

let counter = 0;
const code = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

// ---- indicators -------------------------------------------------------------------------------

describe('pullBeiShiDaFuZhongBudget', () => {
  it('creates the year’s indicators from JSON, skips other years, then raises and keeps them on the next pull', async () => {
    const [a, b, c] = [code('J'), code('J'), code('J')];
    const first = await server.post(
      PULL,
      {
        indicators: [
          {
            limitCode: a,
            budgetName: '教学设备购置',
            amount: '100000',
            deptName: '教务处',
            expenseType: '项目支出',
            economicClass: '31002',
            fundSource: 'Government appropriation',
            projectName: '实验室改造',
            year: '2026',
          },
          { limitCode: b, budgetName: '办公费', amount: 2500.5, deptName: '财务室', expenseType: '2', economicClass: '30201' },
          { limitCode: code('J'), budgetName: '去年的指标', amount: 'n/a', deptName: '别校', expenseType: '2', year: '2025' },
        ],
      },
      as('finance', 'zh-CN'),
    );
    expect(first.body).toMatchObject({
      code: '0',
      data: { created: 2, raised: 0, lowered: 0, unchanged: 0, skipped: 1, total: 3 },
      msg: '新建 2 条，调增 0 条，调减 0 条，未变 0 条，跳过其他年度 1 条',
    });
    const ia = (await indicator(a))!;
    expect(ia).toMatchObject({
      budgetYear: '2026',
      budgetName: '教学设备购置',
      deptId: await deptId('教务处'),
      expenseType: '3',
      economicClass: '31002',
      fundSource: '1',
      projectName: '实验室改造',
      originalAmount: '100000.00',
      adjustedAmount: '100000.00',
      availableAmount: '100000.00',
    });
    expect(await indicator(b)).toMatchObject({ originalAmount: '2500.50', expenseType: '2', deptId: await deptId('财务室') });
    expect(await journal(ia.id)).toMatchObject([
      { kind: 'reply', amount: '100000.00', sourceType: 'budgetSource', note: 'file: JSON' },
    ]);

    const second = await server.post(
      PULL,
      {
        indicators: [
          { limitCode: a, budgetName: '教学设备购置', amount: '120,000.00', deptName: '教务处', expenseType: '3' },
          { limitCode: b, budgetName: '办公费', amount: '2500.50' },
          {
            limitCode: c,
            budgetName: '培训费',
            amount: '800',
            deptName: '教务处',
            expenseType: 'Basic – public',
            economicClass: '30216',
          },
        ],
      },
      as('finance'),
    );
    expect(second.body).toMatchObject({
      code: '0',
      data: { created: 1, raised: 1, lowered: 0, unchanged: 1, skipped: 0, total: 3 },
      msg: '1 created, 1 raised, 0 lowered, 1 unchanged, 0 of other years skipped',
    });
    expect(await indicator(a)).toMatchObject({ originalAmount: '120000.00', adjustedAmount: '120000.00' });
    expect((await journal(ia.id)).map((j) => [j.kind, j.amount, j.availableAfter])).toEqual([
      ['reply', '100000.00', '100000.00'],
      ['reply', '20000.00', '120000.00'],
    ]);
    expect(await indicator(c)).toMatchObject({ originalAmount: '800.00', expenseType: '2', economicClass: '30216' });
  });

  it('reads a real xlsx with headers in any language, and lowers an indicator when the ledger allows', async () => {
    const [a, b] = [code('X'), code('X')];
    ok(
      await server.post(
        PULL,
        { indicators: [{ limitCode: a, budgetName: '差旅费', amount: '5000', deptName: '教务处', expenseType: '2' }] },
        as('finance'),
      ),
    );
    const file = await xlsx([
      ['Limit code', '指標名稱', 'Valor', '归口部门', 'Expense type', '预算年度', '经济分类'],
      [a, '差旅费', 4000, '教务处', '基本支出-公用经费', 2026, '30211'],
      [b, '维修费', 12345.67, '总务处', 'Basic – public', '2026', '30213'],
    ]);
    const r = await upload(PULL, 'finance', file, 'budget.xlsx');
    expect(r.body).toMatchObject({ code: '0', data: { created: 1, raised: 0, lowered: 1, unchanged: 0, skipped: 0, total: 2 } });
    const ia = (await indicator(a))!;
    expect(ia).toMatchObject({ originalAmount: '4000.00', adjustedAmount: '4000.00', availableAmount: '4000.00' });
    expect((await journal(ia.id)).map((j) => [j.kind, j.amount, j.note])).toEqual([
      ['reply', '5000.00', 'file: JSON'],
      ['reply', '-1000.00', 'file: budget.xlsx'],
    ]);
    expect(await indicator(b)).toMatchObject({
      originalAmount: '12345.67',
      deptId: await deptId('总务处'),
      economicClass: '30213',
    });
  });

  it('writes nothing when a row is wrong and reports every wrong row, in the caller’s language', async () => {
    const spent = code('B');
    ok(
      await server.post(
        PULL,
        { indicators: [{ limitCode: spent, budgetName: '印刷费', amount: '1000', deptName: '教务处', expenseType: '2' }] },
        as('finance'),
      ),
    );
    const budgetId = (await indicator(spent))!.id;
    ok(
      await server.post('/api/neikong/budgetSubtractDetails/save', { budgetId, amount: '800', note: '线下支出' }, as('finance')),
    );
    const [fresh, noDept, noName] = [code('B'), code('B'), code('B')];
    const file = await xlsx([
      ['指标编码', '指标名称', '金额', '部门', '支出类型'],
      [spent, '印刷费', 500, '教务处', '2'],
      [fresh, '新指标', 100, '教务处', '2'],
      [code('B'), '金额有误', 'abc', '教务处', '2'],
      [code('B'), '部门有误', 100, '不存在的部门', '2'],
      [fresh, '重复', 100, '教务处', '2'],
      [noName, null, 100, '教务处', '2'],
      [noDept, '没有部门', 100, null, '2'],
      [code('B'), '没有项目名称的项目支出', 100, '教务处', '3'],
    ]);
    const r = await upload(PULL, 'finance', file, 'bad.xlsx');
    expect(r.body).toMatchObject({ code: '40000', msg: 'Import failed: 7 rows are wrong; nothing was written' });
    expect(r.body.data.errors).toEqual([
      { row: 2, message: 'Budget indicator "印刷费" has not enough available: 200.00 available, 500.00 needed' },
      { row: 4, message: 'Amount "abc" must be a number of at least 0 with at most two decimals' },
      { row: 5, message: 'No department here is named "不存在的部门"' },
      { row: 6, message: `"${fresh}" appears again (first on row 3)` },
      { row: 7, message: 'Indicator name is required' },
      { row: 8, message: `A department is needed to create the indicator "${noDept}"` },
      { row: 9, message: 'A project expenditure needs its project name' },
    ]);
    expect(await indicator(fresh)).toBeUndefined();
    expect(await indicator(spent)).toMatchObject({ originalAmount: '1000.00', usedAmount: '800.00', availableAmount: '200.00' });
    expect((await journal(budgetId)).map((j) => j.kind)).toEqual(['reply', 'consume']);

    const zh = await upload(PULL, 'finance', file, 'bad.xlsx', 'zh-CN');
    expect(zh.body.msg).toBe('导入失败：7行有误，未写入任何数据');
    expect(zh.body.data.errors[2]).toEqual({ row: 5, message: '本单位没有名为“不存在的部门”的部门' });

    // Lowered by what is still available: allowed.
    const lowered = await server.post(
      PULL,
      { indicators: [{ limitCode: spent, budgetName: '印刷费', amount: '900' }] },
      as('finance'),
    );
    expect(lowered.body.data).toMatchObject({ lowered: 1 });
    expect(await indicator(spent)).toMatchObject({ originalAmount: '900.00', availableAmount: '100.00' });
  });

  it('refuses what is not a workbook, an empty one, a missing column, a wrong body and a file over the limit', async () => {
    expect((await upload(PULL, 'finance', 'a,b\n1,2\n', 'budget.csv')).body).toMatchObject({
      code: '40000',
      msg: 'Please upload an Excel file (.xlsx)',
    });
    expect((await upload(PULL, 'finance', 'not a zip', 'budget.xlsx', 'zh-CN')).body).toMatchObject({
      code: '40000',
      msg: '请上传 Excel 文件（.xlsx）',
    });
    expect((await upload(PULL, 'finance', await xlsx([['指标编码', '指标名称', '金额']]), 'e.xlsx')).body).toMatchObject({
      code: '40000',
      msg: 'The file holds no data rows',
    });
    expect(
      (
        await upload(
          PULL,
          'finance',
          await xlsx([
            ['指标编码', '金额'],
            ['A1', 1],
          ]),
          'm.xlsx',
          'pt-BR',
        )
      ).body,
    ).toMatchObject({
      code: '40000',
      msg: 'O arquivo não tem a coluna "Nome do indicador"',
    });
    expect((await server.post(PULL, { rows: [] }, as('finance'))).body).toMatchObject({
      code: '40000',
      msg: 'The JSON body must hold an array "indicators"',
    });
    expect((await server.post(PULL, [1, 2], as('finance'))).body.code).toBe('40000');
    const big = await upload(PULL, 'finance', Buffer.alloc(10 * 1024 * 1024 + 10), 'big.xlsx');
    expect(big).toMatchObject({ status: 413, body: { code: '41300' } });
  });
});

// ---- departments ------------------------------------------------------------------------------

describe('getBudgetDeptBeiShiDaFuZhong', () => {
  it('matches the source’s departments to ours by name, from JSON or xlsx', async () => {
    const r = await server.post(
      DEPTS,
      {
        departments: [
          { code: 'D01', name: '教务处' },
          { code: 'D02', name: ' 财务室 ' },
          { code: 'D03', name: '后勤集团' },
        ],
      },
      as('finance'),
    );
    expect(ok(r)).toEqual([
      { sourceCode: 'D01', sourceName: '教务处', deptId: await deptId('教务处') },
      { sourceCode: 'D02', sourceName: '财务室', deptId: await deptId('财务室') },
      { sourceCode: 'D03', sourceName: '后勤集团', deptId: null },
    ]);
    const file = await xlsx([
      ['部门编码', '部门名称'],
      ['10', '图书馆'],
      ['11', null],
    ]);
    const bad = await upload(DEPTS, 'finance', file, 'depts.xlsx');
    expect(bad.body).toMatchObject({ code: '40000', data: { errors: [{ row: 3, message: 'Department name is required' }] } });
    const good = await upload(
      DEPTS,
      'finance',
      await xlsx([
        ['Department code', 'Department name'],
        ['10', '图书馆'],
      ]),
      'd.xlsx',
    );
    expect(good.body.data).toEqual([{ sourceCode: '10', sourceName: '图书馆', deptId: await deptId('图书馆') }]);
    // The file adapter has nothing to read without a file or JSON.
    expect((await server.get(DEPTS, as('finance'))).body).toMatchObject({
      code: '40000',
      msg: 'Upload an Excel file (.xlsx) or send the records as JSON in an array "departments"',
    });
  });
});

// ---- links ------------------------------------------------------------------------------------

describe('hdProject/decrypt', () => {
  const SECRET = 'district-shared-secret-0123456789abcdef';

  async function setSecret(who: string, value: string) {
    const page = ok(await server.get<{ records: Row[] }>('/api/core/config/page?configKey=integration.haidianSecret', as(who)));
    const row = page.records.find((r) => r.configKey === 'integration.haidianSecret')!;
    return server.post('/api/core/config/update', { id: row.id, version: row.version, configValue: value }, as(who));
  }

  it('refuses links until the site has a secret, then decodes a genuine link to { billType, id }', async () => {
    const now = new Date(server.clock.now());
    const info = signBillLink(SECRET, { site: 'demo', billType: 'contractForm', id: 'P-1001' }, { now });
    expect((await server.post(DECRYPT, { info }, as('staff'))).body).toMatchObject({
      code: '40107',
      msg: 'Links from the district system are not set up: the setting integration.haidianSecret is empty',
    });
    expect((await setSecret('admin', 'too-short')).body).toMatchObject({
      code: '40000',
      msg: 'The shared secret must have at least 32 characters',
    });
    ok(await setSecret('admin', SECRET));

    expect(ok(await server.post(DECRYPT, { info }, as('staff')))).toEqual({ billType: 'contractForm', id: 'P-1001' });
    const change = signBillLink(SECRET, { site: 'demo', billType: 'contractChangeForm', id: 42 }, { now });
    expect(ok(await server.post(DECRYPT, { info: change }, as('head')))).toEqual({ billType: 'contractChangeForm', id: 42 });
  });

  it('keeps the secret write-only: stored encrypted, never readable by key, masked in the operation log', async () => {
    // Nobody reads it back, not even its administrator: by key it is null, on the list a mask.
    for (const who of ['staff', 'admin'] as const) {
      expect(ok(await server.get('/api/core/config/getConfigValueByKey/integration.haidianSecret', as(who)))).toBeNull();
    }
    const stored = await rows<{ config_value: string }>(
      sql`select config_value from sys_config where config_key = 'integration.haidianSecret'`,
    );
    expect(stored.some((r) => r.config_value.startsWith('enc:v1:'))).toBe(true);
    const listed = ok(
      await server.get<{ records: Row[] }>('/api/core/config/page?configKey=integration.haidianSecret', as('admin')),
    );
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect(JSON.stringify(listed)).not.toContain('enc:v1:');
    expect(listed.records[0]!.configValue).toBe('******');
    const logged = await rows<{ params: string }>(sql`select params from sys_oper_log where url like '/api/core/config/update%'`);
    expect(logged.length).toBeGreaterThan(0);
    for (const l of logged) expect(l.params).not.toContain(SECRET);
    // Saving the row again with the value it shows keeps the secret.
    const row = listed.records[0]!;
    ok(
      await server.post(
        '/api/core/config/update',
        { id: row.id, version: row.version, configValue: row.configValue, remark: 'x' },
        as('admin'),
      ),
    );
    const info = signBillLink(
      SECRET,
      { site: 'demo', billType: 'contractForm', id: 'P-7' },
      { now: new Date(server.clock.now()) },
    );
    expect(ok(await server.post(DECRYPT, { info }, as('staff')))).toEqual({ billType: 'contractForm', id: 'P-7' });
  });

  it('refuses an altered, foreign, expired or malformed link with a clear message', async () => {
    const now = new Date(server.clock.now());
    const info = signBillLink(SECRET, { site: 'demo', billType: 'contractForm', id: 'P-1001' }, { now });
    const [v, payload, signature] = info.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, id: 'P-9999' })).toString('base64url');
    const refusals = [
      `${v}.${forged}.${signature}`,
      signBillLink('another-secret-of-the-same-length-xx', { site: 'demo', billType: 'contractForm', id: 'P-1' }, { now }),
      signBillLink(SECRET, { site: 'city', billType: 'contractForm', id: 'P-1' }, { now }),
      'not a link',
      `${info}x`,
    ];
    for (const bad of refusals) {
      expect((await server.post(DECRYPT, { info: bad }, as('staff'))).body).toMatchObject({
        code: '40000',
        msg: 'The link is not valid: damaged, altered or made for another organisation',
      });
    }
    const old = signBillLink(SECRET, { site: 'demo', billType: 'contractForm', id: 'P-1' }, { now, ttlSeconds: 60 });
    server.clock.advance(120_000);
    const expired = await server.post(DECRYPT, { info: old }, as('staff', 'zh-CN'));
    expect(expired.body.code).toBe('40000');
    expect(expired.body.msg).toMatch(/^链接已于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d（UTC）过期，请从区级系统重新打开$/);
    expect((await server.post(DECRYPT, {}, as('staff'))).body.code).toBe('40000');
    // Another site: its own secret (none yet), and a link of demo is never valid there.
    expect((await server.post(DECRYPT, { info }, as('cityadmin'))).body.code).toBe('40107');
    ok(await setSecret('cityadmin', SECRET));
    expect(
      (
        await server.post(
          DECRYPT,
          { info: signBillLink(SECRET, { site: 'demo', billType: 'contractForm', id: 'P-1' }) },
          as('cityadmin'),
        )
      ).body.code,
    ).toBe('40000');
  });
});

// ---- projects ---------------------------------------------------------------------------------

describe('hdProject import and getHdProjectForHaidian', () => {
  it('stores the district’s projects and answers one by the district’s id, never to another site', async () => {
    const id = code('HD');
    const r = await server.post(
      PROJECT_IMPORT,
      {
        projects: [
          {
            projectId: id,
            projectName: '校园安防升级',
            projectCode: 'HD2026-07',
            billType: 'contractForm',
            deptName: '总务处',
            amount: '350000',
            budgetYear: '2026',
            startDate: '2026-03-01',
            endDate: '2026-12-31',
            content: '监控与门禁',
            contractor: '某安防公司',
          },
        ],
      },
      as('finance', 'zh-CN'),
    );
    expect(r.body).toMatchObject({ code: '0', data: { created: 1, updated: 0, total: 1 }, msg: '新增项目 1 个，更新 0 个' });
    expect(ok(await server.get(`${PROJECT}/${id}`, as('staff')))).toEqual({
      id,
      projectId: id,
      projectName: '校园安防升级',
      projectCode: 'HD2026-07',
      billType: 'contractForm',
      deptName: '总务处',
      deptId: await deptId('总务处'),
      amount: '350000.00',
      budgetYear: '2026',
      startDate: '2026-03-01',
      endDate: '2026-12-31',
      content: '监控与门禁',
      extra: { contractor: '某安防公司' },
    });

    // Again from an xlsx: the project is updated, a new one added.
    const other = code('HD');
    const file = await xlsx([
      ['项目ID', '项目名称', '金额', '开始日期', '部门'],
      [id, '校园安防升级（二期）', 400000, new Date(Date.UTC(2026, 3, 1)), '总务处'],
      [other, '图书馆数字化', '80000', '2026/5/6', '图书馆'],
    ]);
    const again = await upload(PROJECT_IMPORT, 'finance', file, 'projects.xlsx');
    expect(again.body).toMatchObject({ code: '0', data: { created: 1, updated: 1 } });
    // A project imported again is what the district sends now: fields it leaves out are gone.
    const updated = ok(await server.get(`${PROJECT}/${id}`, as('finance')));
    expect(updated).toMatchObject({ projectName: '校园安防升级（二期）', amount: '400000.00', startDate: '2026-04-01' });
    expect(updated.projectCode).toBeUndefined();
    expect(ok(await server.get(`${PROJECT}/${other}`, as('finance')))).toMatchObject({
      startDate: '2026-05-06',
      deptId: await deptId('图书馆'),
    });

    const unknown = await server.get(`${PROJECT}/NO-SUCH-1`, as('staff'));
    expect(unknown.body).toMatchObject({ code: '40400', msg: 'No district project with id "NO-SUCH-1"' });
    expect((await server.get(`${PROJECT}/${encodeURIComponent('../etc')}`, as('staff'))).body.code).toBe('40400');
    const foreign = await server.get(`${PROJECT}/${id}`, as('cityadmin', 'zh-CN'));
    expect(foreign.body).toMatchObject({ code: '40400', msg: `未找到编号为“${id}”的区级项目` });
  });

  it('writes no project when one row is wrong', async () => {
    const good = code('HD');
    const r = await server.post(
      PROJECT_IMPORT,
      {
        projects: [
          { projectId: good, projectName: '好的' },
          { projectId: code('HD'), projectName: '日期有误', startDate: '2026-02-30' },
          { projectId: code('HD'), projectName: '先后有误', startDate: '2026-05-01', endDate: '2026-04-01' },
          { projectId: 'bad id!', projectName: '编号有误' },
          { projectId: good, projectName: '重复' },
        ],
      },
      as('finance'),
    );
    expect(r.body).toMatchObject({ code: '40000', msg: 'Import failed: 4 rows are wrong; nothing was written' });
    expect(r.body.data.errors).toEqual([
      { row: 2, message: 'Start date "2026-02-30" is not a date (YYYY-MM-DD)' },
      { row: 3, message: 'The end date is before the start date' },
      { row: 4, message: 'Project id "bad id!" may hold letters, digits and . _ : - only' },
      { row: 5, message: `"${good}" appears again (first on row 1)` },
    ]);
    expect((await server.get(`${PROJECT}/${good}`, as('finance'))).body.code).toBe('40400');
  });
});

// ---- people -----------------------------------------------------------------------------------

describe('hdProject/initHaidianUser', () => {
  it('creates the missing users with a one-time password they must change, and skips existing ones', async () => {
    const login = code('hd').toLowerCase();
    const r = await server.post(
      INIT_USERS,
      {
        users: [
          { loginName: login, realName: '张老师', deptName: '教务处', phone: '13800138000' },
          { loginName: 'staff', realName: '林小雨', deptName: '教务处' },
        ],
      },
      as('admin', 'zh-CN'),
    );
    expect(r.body).toMatchObject({
      code: '0',
      data: {
        created: 1,
        skipped: 1,
        total: 2,
        loginNames: [login],
        oneTimePasswords: [{ loginName: login, password: expect.stringMatching(/^[A-Za-z0-9]{12}$/) }],
      },
      msg: '新建用户 1 个，已存在 1 个',
    });
    const password = r.body.data.oneTimePasswords[0].password;
    const signedIn = await server.post('/api/auth/login/account', { loginName: login, password }, { site: 'demo' });
    expect(signedIn.body.code, signedIn.body.msg).toBe('0');
    const token = signedIn.body.data.token;
    const staffRole = Number(
      (
        await rows<{ id: number }>(sql`select r.id from sys_role r join sys_dept d on d.id = r.top_dept_id
      where d.top_dept_key = 'demo' and r.role_key = 'staff'`)
      )[0]!.id,
    );
    const me = ok(await server.get('/api/core/user/info', { token, site: 'demo' }));
    expect(me).toMatchObject({ realName: '张老师', deptName: '教务处', rePassword: true, roleIds: [staffRole] });
    expect((await server.get('/api/core/noticeUserRel/page', { token, site: 'demo', lang: 'en-US' })).body.code).toBe('40103');

    // The same list again: nobody new.
    const again = ok(
      await server.post(INIT_USERS, { users: [{ loginName: login, realName: '张老师', deptName: '教务处' }] }, as('admin')),
    );
    expect(again).toMatchObject({ created: 0, skipped: 1 });
  });

  it('creates nobody when a person is wrong, from xlsx too', async () => {
    const [a, b] = [code('hd').toLowerCase(), code('hd').toLowerCase()];
    const file = await xlsx([
      ['登录账号', '姓名', '部门', '手机号码'],
      [a, '王老师', '教务处', '13900139000'],
      [b, '赵老师', '不存在的部门', null],
      [code('hd').toLowerCase(), null, '教务处', null],
      [code('hd').toLowerCase(), '钱老师', '教务处', 'not-a-phone'],
    ]);
    const r = await upload(INIT_USERS, 'admin', file, 'people.xlsx');
    expect(r.body).toMatchObject({ code: '40000', msg: 'Import failed: 3 rows are wrong; nothing was written' });
    expect(r.body.data.errors.map((e: Row) => e.row)).toEqual([3, 4, 5]);
    expect(r.body.data.errors[0].message).toBe('No department here is named "不存在的部门"');
    expect(r.body.data.errors[1].message).toBe('Name is required');
    expect(r.body.data.errors[2].message).toContain('Mobile');
    expect(await rows(sql`select 1 from sys_user where login_name in (${a}, ${b})`)).toEqual([]);
  });
});

// ---- permissions and the site boundary --------------------------------------------------------

describe('permissions', () => {
  it('refuses callers without the keys', async () => {
    const body = { indicators: [{ limitCode: code('P'), budgetName: 'x', amount: '1', deptName: '教务处', expenseType: '2' }] };
    for (const who of ['staff', 'head']) {
      expect((await server.post(PULL, body, as(who))).body).toMatchObject({ code: '40103' });
      expect((await server.post(DEPTS, { departments: [] }, as(who))).body.code).toBe('40103');
      expect((await server.get(DEPTS, as(who))).body.code).toBe('40103');
      expect((await server.post(PROJECT_IMPORT, { projects: [] }, as(who))).body.code).toBe('40103');
    }
    for (const who of ['staff', 'finance']) {
      expect((await server.post(INIT_USERS, { users: [{ loginName: code('u'), realName: 'x' }] }, as(who))).body.code).toBe(
        '40103',
      );
    }
    expect((await upload(PULL, 'staff', await xlsx([['指标编码'], ['A']]), 'a.xlsx')).body.code).toBe('40103');
    expect(await indicator(body.indicators[0]!.limitCode)).toBeUndefined();
    // Without a sign-in nothing answers.
    expect((await server.post(DECRYPT, { info: 'x' }, { site: 'demo' })).body.code).toBe('40102');
    expect((await server.get(`${PROJECT}/X`, { site: 'demo' })).body.code).toBe('40102');
  });

  it('keeps pulled indicators to the site that pulled them', async () => {
    const c = code('S');
    ok(
      await server.post(
        PULL,
        { indicators: [{ limitCode: c, budgetName: '城市', amount: '10', deptName: '财务科', expenseType: '2' }] },
        as('cityadmin'),
      ),
    );
    expect(await indicator(c, 'cityadmin')).toMatchObject({ originalAmount: '10.00', deptId: await deptId('财务科', 'city') });
    expect(await indicator(c, 'admin')).toBeUndefined();
    // A department of another site is unknown here.
    const r = await server.post(
      PULL,
      { indicators: [{ limitCode: code('S'), budgetName: 'x', amount: '1', deptName: '教务处', expenseType: '2' }] },
      as('cityadmin'),
    );
    expect(r.body.data.errors).toEqual([{ row: 1, message: 'No department here is named "教务处"' }]);
  });
});

// ---- a real connector ---------------------------------------------------------------------------

describe('a connector selected by the site’s setting', () => {
  let finance: http.Server;
  let asked: string[] = [];
  beforeAll(async () => {
    finance = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/indicators')) {
        res.end(
          JSON.stringify({
            indicators: [
              {
                limitCode: 'CITY-HTTP-1',
                budgetName: '药品采购',
                amount: '66000',
                deptName: '采购中心',
                expenseType: '3',
                projectName: '药品集中采购',
              },
            ],
          }),
        );
      } else if (req.url === '/api/departments') {
        res.end(JSON.stringify({ departments: [{ code: 'K1', name: '内科' }] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => finance.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => finance.close(() => resolve())));

  async function setting(key: string, value: string) {
    const page = ok(await server.get<{ records: Row[] }>(`/api/core/config/page?configKey=${key}`, as('cityadmin')));
    const row = page.records.find((r) => r.configKey === key);
    if (row)
      return ok(
        await server.post('/api/core/config/update', { id: row.id, version: row.version, configValue: value }, as('cityadmin')),
      );
    return ok(
      await server.post('/api/core/config/save', { configName: key, configKey: key, configValue: value }, as('cityadmin')),
    );
  }

  it('pulls through the registered connector for the site that selects it; the others keep the file adapter', async () => {
    const port = (finance.address() as AddressInfo).port;
    await setting('integration.httpJson.url', `http://127.0.0.1:${port}/api`);
    await setting('integration.budgetSource', HTTP_JSON_KEY);
    asked = [];
    const r = await server.post(PULL, undefined, as('cityadmin'));
    expect(r.body).toMatchObject({ code: '0', data: { created: 1 } });
    expect(asked).toEqual(['/api/indicators?year=2026']);
    expect(await indicator('CITY-HTTP-1', 'cityadmin')).toMatchObject({
      originalAmount: '66000.00',
      deptId: await deptId('采购中心', 'city'),
    });
    const journalOf = await rows<{
      note: string;
    }>(sql`select j.note from nk_budget_journal j join nk_budget b on b.id = j.budget_id
      where b.limit_code = 'CITY-HTTP-1'`);
    expect(journalOf).toEqual([{ note: 'httpJson' }]);
    expect(ok(await server.get(DEPTS, as('cityadmin')))).toEqual([
      { sourceCode: 'K1', sourceName: '内科', deptId: await deptId('内科', 'city') },
    ]);
    // Demo still reads files.
    expect((await server.post(PULL, {}, as('finance'))).body.msg).toBe('The JSON body must hold an array "indicators"');

    // The system down: a clear refusal, nothing written.
    await setting('integration.httpJson.url', 'http://127.0.0.1:1/api');
    expect((await server.post(PULL, {}, as('cityadmin'))).body).toMatchObject({
      code: '40900',
      msg: 'The external system "httpJson" cannot be reached: connection refused',
    });
    await setting('integration.budgetSource', 'nosuch');
    expect((await server.post(PULL, {}, as('cityadmin'))).body).toMatchObject({
      code: '40107',
      msg: 'No external source named "nosuch" is installed; check the setting integration.budgetSource',
    });
    await setting('integration.budgetSource', 'file');
  });
});

// ---- the documented samples -------------------------------------------------------------------

describe('docs/samples', () => {
  const sample = (name: string) => fs.readFileSync(path.join('docs', 'samples', name));
  const json = (name: string) => JSON.parse(sample(name).toString('utf8'));

  it('are accepted as documented, as JSON and as xlsx', async () => {
    const pulled = ok(await server.post(PULL, json('budget-indicators.json'), as('finance')));
    expect(pulled).toMatchObject({ created: 3, total: 3 });
    expect(await indicator('BSD2026-0301')).toMatchObject({
      originalAmount: '680000.00',
      expenseType: '3',
      deptId: await deptId('信息中心'),
    });
    const again = await upload(PULL, 'finance', sample('budget-indicators.xlsx'), 'budget-indicators.xlsx');
    expect(again.body.data).toMatchObject({ created: 0, unchanged: 3 });

    const depts = ok(await server.post(DEPTS, json('budget-departments.json'), as('finance')));
    expect(depts.map((d: Row) => d.deptId === null)).toEqual([false, false, true]);
    expect((await upload(DEPTS, 'finance', sample('budget-departments.xlsx'), 'd.xlsx')).body.data).toEqual(depts);

    expect((await upload(PROJECT_IMPORT, 'finance', sample('hd-projects.xlsx'), 'p.xlsx')).body.data).toMatchObject({
      created: 2,
    });
    expect(ok(await server.post(PROJECT_IMPORT, json('hd-projects.json'), as('finance')))).toMatchObject({ updated: 2 });
    expect(ok(await server.get(`${PROJECT}/HD2026-0007`, as('staff')))).toMatchObject({
      billType: 'contractForm',
      amount: '350000.00',
      extra: { contractor: '示例安防工程有限公司' },
    });

    expect((await upload(INIT_USERS, 'admin', sample('hd-users.xlsx'), 'u.xlsx')).body.data).toMatchObject({ created: 2 });
    expect(ok(await server.post(INIT_USERS, json('hd-users.json'), as('admin')))).toMatchObject({ created: 0, skipped: 2 });
  });
});

describe('the journal as a list', () => {
  it('answers every row of the whole list with its indicator’s department by name', async () => {
    const page = ok(await server.get<{ records: Row[] }>('/api/neikong/budgetSubtractDetails/page?pageSize=20', as('finance')));
    expect(page.records.length).toBeGreaterThan(0);
    const whole = ok(await server.get<Row[]>(`/api/neikong/budgetSubtractDetails/list?budgetId=${page.records[0]!.budgetId}`, as('finance')));
    expect(whole.length).toBeGreaterThan(0);
    for (const r of whole) {
      const budget = ok(await server.get<Row>(`/api/neikong/budget/infoById/${r.budgetId}`, as('finance')));
      expect([r.id, r.deptId, r.deptIdLabel]).toEqual([r.id, budget.deptId, budget.deptIdLabel]);
    }
  });
});
