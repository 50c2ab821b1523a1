// Exports read in pages (issue 37): a list longer than a page comes whole, in the list's order (ties
// and empty values included, a timestamp's microseconds kept), and more rows than the site's
// export.maxRows are refused with a message instead of a file cut short.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_ROWS } from '../../server/entities/excel.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
let site: number;
const ROWS = EXPORT_PAGE_ROWS * 2 + 500;
const PLACE = '流式导出楼';

beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  const db = server.database.db;
  site = server.services.sites.get('demo')!.id;
  const category = (await sql<{ id: number }>`select id from as_category where top_dept_id = ${site} limit 1`.execute(db))
    .rows[0]!.id;
  // Three cards share each instant (microseconds apart from the next three), a card in seven has no
  // specification and the rest share eleven: every page boundary falls among ties.
  await sql`insert into as_card (top_dept_id, asset_no, asset_name, category_id, spec, cost, entry_date, life_months, location,
      asset_state, source, accumulated_depreciation, depreciated_months, created_at)
    select ${site}, 'ST-' || lpad(g::text, 5, '0'), '流式导出计算机', ${category},
      case when g % 7 = 0 then null else 'spec ' || (g % 11) end, 1000, '2024-03-01', 72, ${PLACE}, '0', '1', 0, 0,
      timestamptz '2026-01-01 08:00:00.000001+00' + ((g / 3) * interval '1 microsecond')
    from generate_series(1, ${ROWS}) g`.execute(db);
});
afterAll(async () => server?.close());

async function exported(query: string, lang = 'zh-CN') {
  const r = await fetch(`http://127.0.0.1:${server.port}/api/asset/card/export?location=${encodeURIComponent(PLACE)}${query}`, {
    headers: { token: admin, hostname: 'localhost', 'accept-language': lang },
  });
  const body = Buffer.from(await r.arrayBuffer());
  if (!String(r.headers.get('content-type')).includes('spreadsheetml')) return { json: JSON.parse(body.toString('utf8')) };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const at = headers.indexOf('资产编号');
  const numbers: string[] = [];
  sheet.eachRow((row, line) => {
    if (line > 1) numbers.push(String(row.getCell(at).value));
  });
  return { numbers };
}

async function inOrder(order: ReturnType<typeof sql>) {
  const rows = await sql<{ asset_no: string }>`select asset_no from as_card t where top_dept_id = ${site} and location = ${PLACE}
    order by ${order}`.execute(server.database.db);
  return rows.rows.map((r) => r.asset_no);
}

describe('export of more rows than a page', () => {
  it('comes whole and in the list order, whatever the sort', async () => {
    const cases: Array<[string, ReturnType<typeof sql>]> = [
      ['', sql`t.asset_no desc nulls last, t.id desc`],
      ['&sortField=createdAt&sortOrder=ascend', sql`t.created_at asc nulls last, t.id asc`],
      ['&sortField=createdAt&sortOrder=descend', sql`t.created_at desc nulls last, t.id desc`],
      ['&sortField=spec&sortOrder=ascend', sql`t.spec asc nulls last, t.id asc`],
      ['&sortField=spec&sortOrder=descend', sql`t.spec desc nulls last, t.id desc`],
      ['&sortField=id&sortOrder=ascend', sql`t.id asc`],
    ];
    for (const [query, order] of cases) {
      const { numbers } = await exported(query);
      expect(numbers?.length, query).toBe(ROWS);
      expect(new Set(numbers).size, query).toBe(ROWS);
      expect(numbers, query).toEqual(await inOrder(order));
    }
  });

  it('is refused above the site’s export.maxRows, in the caller’s language, not cut short', async () => {
    const setting = async (value: string) => {
      const page = await server.get(`/api/core/config/page?configKey=export.maxRows`, { token: admin, site: 'demo' });
      const row = page.body.data.records.find((r: { configKey: string }) => r.configKey === 'export.maxRows');
      expect(row, 'export.maxRows is seeded').toBeTruthy();
      const r = await server.post(
        '/api/core/config/update',
        { id: row.id, version: row.version, configValue: value },
        { token: admin, site: 'demo' },
      );
      expect(r.body.code, r.body.msg).toBe('0');
    };
    await setting(String(ROWS - 1));
    try {
      expect((await exported('', 'en-US')).json).toEqual({
        code: '41300',
        data: null,
        msg: `${ROWS} rows match, over the export limit of ${ROWS - 1} (setting export.maxRows); narrow the filters and export in parts`,
      });
      expect((await exported('', 'zh-CN')).json.msg).toBe(
        `符合条件的数据有 ${ROWS} 行，超过导出上限 ${ROWS - 1} 行（参数 export.maxRows），请缩小查询条件后分批导出`,
      );
      await setting(String(ROWS));
      expect((await exported('')).numbers?.length).toBe(ROWS);
      // A bad order is a message before the file begins, not a download broken after it (found by the fuzz).
      const bad = await exported('&sortField=%00', 'en-US');
      expect(bad.json?.code).toBe('40000');
      expect(bad.json?.msg).toContain('sort');
    } finally {
      await setting('100000');
    }
  });
});
