// Words of the system screens in the caller's language: the operation log names its module by the
// entity's title (dictionary sys_oper_module, seeded from the entity files), and the release's
// settings show their names and remarks in all four languages until a site writes its own.
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTexts } from '../../server/schemas/files.ts';
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
const as = (lang: string) => ({ token: admin, lang });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, `${r.body.msg}`).toBe('0');
  return r.body.data;
}
const texts = loadTexts();
const download = async (path: string, lang: string) => {
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    headers: { token: admin, hostname: 'localhost', 'accept-language': lang },
  });
  expect(r.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await r.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
};

describe('operation log modules', () => {
  it('labels every module by its entity’s title in the caller’s language', async () => {
    for (const lang of ['zh-CN', 'zh-TW', 'en-US', 'pt-BR']) {
      const dict = ok<Record<string, Row[]>>(
        await server.get('/api/core/dictData/getDictByTypes?dictTypes=sys_oper_module', as(lang)),
      ).sys_oper_module!;
      const label = (value: string) => dict.find((d) => d.dictValue === value)?.dictLabel;
      expect(label('budgetAdjustApply')).toBe(texts['budgetAdjustApply.title']![lang]);
      expect(label('district')).toBe(texts['district.title']![lang]);
      expect(label('user')).toBe(texts['user.title']![lang]);
    }
    const zh = ok<Record<string, Row[]>>(
      await server.get('/api/core/dictData/getDictByTypes?dictTypes=sys_oper_module', as('zh-CN')),
    );
    expect(zh.sys_oper_module!.find((d) => d.dictValue === 'workflow')?.dictLabel).toBe('流程管理');
    expect(zh.sys_oper_module!.find((d) => d.dictValue === 'budgetAdjustApply')?.dictLabel).toBe('预算调整申请');

    // The screen shows the module through that dictionary, and picks it from a list.
    const page = ok(await server.get('/api/schema/page/OperLog', as('zh-CN')));
    expect(page.entity.fields.find((f: Row) => f.name === 'module')).toMatchObject({
      type: 'dict',
      dict: 'sys_oper_module',
      query: 'eq',
    });

    // A write is logged under its entity, and the export names it in words.
    ok(
      await server.post('/api/core/districts/save', { districtCode: '950000', districtName: '日志省', level: '1' }, as('zh-CN')),
    );
    const logged = ok(await server.get('/api/monitor/operLog/page?module=district', as('zh-CN')));
    expect(logged.total).toBeGreaterThan(0);
    expect(logged.records.every((r: Row) => r.module === 'district')).toBe(true);
    const sheet = await download('/api/monitor/operLog/export?module=district', 'zh-CN');
    const column = sheet[0]!.indexOf('模块');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(sheet.slice(1).map((r) => r[column])).toContain('行政区划');
  });
});

describe('settings', () => {
  const setting = async (key: string, lang: string) =>
    ok(await server.get(`/api/core/config/page?configKey=${key}`, as(lang))).records.find((r: Row) => r.configKey === key);

  it('shows the release’s names and remarks in the caller’s language', async () => {
    expect(await setting('ui.hideBrowserHint', 'zh-CN')).toMatchObject({
      configName: '隐藏浏览器提示',
      remark: 'true：登录页不显示 Chrome 浏览器提示',
    });
    expect(await setting('ui.hideBrowserHint', 'zh-TW')).toMatchObject({
      configName: '隱藏瀏覽器提示',
      remark: 'true：登入頁不顯示 Chrome 瀏覽器提示',
    });
    expect(await setting('ui.hideBrowserHint', 'en-US')).toMatchObject({
      configName: 'Hide the browser hint',
      remark: 'true: the login page shows no Chrome hint',
    });
    expect(await setting('sys.account.passwordValidateDays', 'pt-BR')).toMatchObject({
      configName: 'Validade da senha (dias)',
      remark: '0: as senhas nunca expiram',
    });
    const list = ok<Row[]>(await server.get('/api/core/config/list?configKey=ui.fileDisplay', as('zh-CN')));
    expect(list.find((r) => r.configKey === 'ui.fileDisplay')).toMatchObject({ remark: 'list（列表）或 card（卡片）' });
    const one = await setting('ui.fileDisplay', 'en-US');
    expect(ok(await server.get(`/api/core/config/infoById/${one.id}`, as('zh-TW')))).toMatchObject({
      configName: '附件顯示方式',
      remark: 'list（清單）或 card（卡片）',
    });
    const sheet = await download('/api/core/config/export?configKey=ui.fileDisplay', 'pt-BR');
    expect(sheet[1]).toEqual(expect.arrayContaining(['Exibição de anexos', 'list (lista) ou card (cartões)']));
  });

  it('reads a remark an older release stored in English in the caller’s language, and keeps a site’s own words', async () => {
    await sql`update sys_config set remark = '0: passwords never expire'
      where config_key = 'sys.account.passwordValidateDays'`.execute(db());
    expect((await setting('sys.account.passwordValidateDays', 'zh-CN')).remark).toBe('0：密码永不过期');

    // Saved back from a form in another language, still the release's words.
    const row = await setting('ui.noWechatLayout', 'en-US');
    ok(
      await server.post(
        '/api/core/config/update',
        { id: row.id, version: row.version, configName: row.configName, remark: row.remark },
        as('en-US'),
      ),
    );
    expect(await setting('ui.noWechatLayout', 'zh-CN')).toMatchObject({
      configName: '关闭微信布局',
      remark: 'true：微信浏览器使用桌面版布局',
    });

    const own = await setting('ui.noWechatLayout', 'zh-CN');
    ok(
      await server.post(
        '/api/core/config/update',
        { id: own.id, version: own.version, configName: '本校微信布局', remark: '本校自定' },
        as('zh-CN'),
      ),
    );
    expect(await setting('ui.noWechatLayout', 'en-US')).toMatchObject({ configName: '本校微信布局', remark: '本校自定' });
  });
});
