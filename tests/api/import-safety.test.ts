// Imports that would take the server down (issue 13): a zip bomb (sheets that inflate to many MB,
// an entry whose declared size lies, merged areas, validation and named ranges that exceljs expands
// cell by cell) is refused before exceljs sees it, in the caller's language, naming the limit and
// the figure, with nothing written and the memory of the server (this process) bounded. The limits
// are per-site settings (import.maxRows, maxColumns, maxCells, maxUnzippedMB). Money cells with more
// than two decimals are refused with their cell reference instead of being rounded.
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let server: TestServer;
const tokens: Record<string, string> = {};
const MB = 1024 * 1024;

const DICT_IMPORT = '/api/core/dictData/import';
const BUDGET_IMPORT = '/api/neikong/budget/import';
const PULL = '/api/neikong/budget/pullBeiShiDaFuZhongBudget';

// ---- workbooks ----------------------------------------------------------------------------------

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A real workbook with two rows (header + one), its first sheet's XML changed by `edit`. */
async function edited(header: string[], edit: (sheetXml: string, zip: JSZip) => string | Promise<string>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await xlsx([header, header.map((_, i) => `v${i}`)]));
  const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  zip.file('xl/worksheets/sheet1.xml', await edit(xml, zip));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Rows appended to the sheet data: many MB of XML that compress to a few hundred KB. */
function withRows(xml: string, rows: string): string {
  return xml.replace('</sheetData>', `${rows}</sheetData>`);
}

const L = 'ABCDEFGHIJ';
/** `count` data rows of ten numeric cells, without positions (r is optional in SpreadsheetML). */
const plainRows = (count: number) =>
  '<row><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c></row>'.repeat(
    count,
  );
/** `count` data rows of ten cells with their positions, from row 3 on (exceljs reads every one). */
function placedRows(count: number): string {
  const out: string[] = [];
  for (let r = 3; r < 3 + count; r++) {
    let row = `<row r="${r}">`;
    for (const c of L) row += `<c r="${c}${r}"><v>1</v></c>`;
    out.push(`${row}</row>`);
  }
  return out.join('');
}

/** The zip with the declared (central directory and local header) uncompressed size of `name` set to `size`. */
function lie(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  let eocd = out.length - 22;
  while (out.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = out.readUInt16LE(eocd + 10);
  let p = out.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const nameLength = out.readUInt16LE(p + 28);
    const entry = out.toString('utf8', p + 46, p + 46 + nameLength);
    if (entry === name) {
      out.writeUInt32LE(size, p + 24);
      out.writeUInt32LE(size, out.readUInt32LE(p + 42) + 22);
      return out;
    }
    p += 46 + nameLength + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
  }
  throw new Error(`no ${name}`);
}

// ---- calls --------------------------------------------------------------------------------------

async function upload(path: string, content: Buffer, options: { who?: string; lang?: string; site?: string } = {}) {
  const { who = 'admin', lang = 'en-US', site = 'demo' } = options;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'file.xlsx');
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    body: form,
    headers: {
      token: tokens[who]!,
      hostname: site === 'demo' ? 'localhost' : `${site}.localhost`,
      'accept-language': lang,
      year: '2026',
    },
  });
  const body = (await r.json()) as { code: string; data: any; msg: string };
  return { status: r.status, body };
}

/**
 * A call's memory in this process (the server runs here): growth of RSS and of the V8 heap at the
 * highest point seen while it ran (sampled, and after it), and what the heap keeps after a GC.
 */
async function measured<T>(call: () => Promise<T>) {
  gc();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 2);
  const result = await call();
  clearInterval(timer);
  sample();
  gc();
  const after = process.memoryUsage();
  return {
    result,
    rssGrowth: (rss - before.rss) / MB,
    heapGrowth: (heap - before.heapUsed) / MB,
    heapKept: (after.heapUsed - before.heapUsed) / MB,
  };
}

function bounded(m: { rssGrowth: number; heapGrowth: number; heapKept: number }, what: string) {
  expect(m.rssGrowth, `${what}: RSS growth (MB)`).toBeLessThan(64);
  expect(m.heapGrowth, `${what}: heap growth (MB)`).toBeLessThan(64);
  expect(m.heapKept, `${what}: heap kept after GC (MB)`).toBeLessThan(16);
}

const db = () => server.database.db as unknown as Kysely<any>;
const count = async (table: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0]!.n);
const written = async () => [await count('sys_dict_data'), await count('nk_budget'), await count('nk_budget_journal')];

async function setting(key: string, value: string, site = 'demo', who = 'admin') {
  const page = await server.get<{ records: Row[] }>(`/api/core/config/page?configKey=${key}`, {
    token: tokens[who],
    site,
  });
  const row = page.body.data.records.find((r) => r.configKey === key);
  expect(row, `setting ${key} is seeded`).toBeTruthy();
  const r = await server.post(
    '/api/core/config/update',
    { id: row!.id, version: row!.version, configValue: value },
    { token: tokens[who], site },
  );
  expect(r.body.code, r.body.msg).toBe('0');
}

let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now()}_${++counter}`;
const DICT_HEADER = ['字典类型', '字典标签', '字典键值'];

// The bombs, built once (their building is not what is measured).
let sizeBomb: Buffer;
let lyingBomb: Buffer;
let rowsBomb: Buffer;
let mergeBomb: Buffer;
let validationBomb: Buffer;
let namesBomb: Buffer;

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  tokens.finance = await server.login('finance', 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  // ~68 MB of sheet XML in ~300 KB: its declared size is over the 50 MB default.
  sizeBomb = await edited(DICT_HEADER, (xml) => withRows(xml, plainRows(420_000)));
  // The same, declaring 1 KB: only inflating it shows what it is.
  lyingBomb = lie(sizeBomb, 'xl/worksheets/sheet1.xml', 1024);
  // 40,000 placed rows (~7 MB unpacked): under the size limit, over the row limit.
  rowsBomb = await edited(DICT_HEADER, (xml) => withRows(xml, placedRows(40_000)));
  // A file of a few KB whose merged area, validation range or named range covers a million cells.
  mergeBomb = await edited(DICT_HEADER, (xml) =>
    xml.replace('</sheetData>', '</sheetData><mergeCells count="1"><mergeCell ref="A3:J100002"/></mergeCells>'),
  );
  validationBomb = await edited(DICT_HEADER, (xml) =>
    xml.replace(
      '<pageMargins',
      '<dataValidations count="1"><dataValidation type="list" allowBlank="1" sqref="A3:J100002"><formula1>"a,b"</formula1></dataValidation></dataValidations><pageMargins',
    ),
  );
  namesBomb = await edited(DICT_HEADER, async (xml, zip) => {
    const book = await zip.file('xl/workbook.xml')!.async('string');
    zip.file(
      'xl/workbook.xml',
      book.replace(
        '</sheets>',
        '</sheets><definedNames><definedName name="everything">data!$A$3:$J$100002</definedName></definedNames>',
      ),
    );
    return xml;
  });
  // Warm the import paths, so what is measured is the import and not the first call's code loading.
  await upload(DICT_IMPORT, await xlsx([DICT_HEADER, [unique('warm'), 'a', 'a']]));
  await upload(PULL, await xlsx([['指标编码'], ['A']]), { who: 'finance' });
}, 120_000);
afterAll(async () => server?.close());

describe('a zip bomb', () => {
  it('is refused by its unpacked size, in the caller’s language, with nothing written and memory bounded', async () => {
    expect(sizeBomb.length).toBeLessThan(1 * MB);
    const before = await written();
    const en = await measured(() => upload(DICT_IMPORT, sizeBomb));
    expect(en.result.body).toMatchObject({ code: '41300' });
    expect(en.result.body.msg).toMatch(
      /^Unpacked, the file holds more than \d+\.\d MB, over the limit of 50 MB \(setting import\.maxUnzippedMB\); nothing was imported$/,
    );
    bounded(en, 'generic import');
    const zh = await measured(() => upload(PULL, sizeBomb, { who: 'finance', lang: 'zh-CN' }));
    expect(zh.result.body.code).toBe('41300');
    expect(zh.result.body.msg).toMatch(
      /^文件解压后超过 \d+\.\d MB，超出上限 50 MB（参数 import\.maxUnzippedMB），未导入任何数据$/,
    );
    bounded(zh, 'budget source pull');
    expect(await written()).toEqual(before);
  });

  it('is refused when an entry’s declared size lies: what counts is what it inflates to', async () => {
    const before = await written();
    const tw = await measured(() => upload(DICT_IMPORT, lyingBomb, { lang: 'zh-TW' }));
    expect(tw.result.body.code).toBe('41300');
    expect(tw.result.body.msg).toMatch(
      /^檔案解壓後超過 50\.\d MB，超出上限 50 MB（參數 import\.maxUnzippedMB），未匯入任何資料$/,
    );
    bounded(tw, 'generic import');
    const pt = await measured(() => upload(PULL, lyingBomb, { who: 'finance', lang: 'pt-BR' }));
    expect(pt.result.body.code).toBe('41300');
    expect(pt.result.body.msg).toMatch(/^Descompactado, o arquivo tem mais de 50\.\d MB, acima do limite de 50 MB/);
    bounded(pt, 'budget source pull');
    expect(await written()).toEqual(before);
  });

  it('is refused by its row count before exceljs reads it', async () => {
    const before = await written();
    const m = await measured(() => upload(DICT_IMPORT, rowsBomb));
    expect(m.result.body).toEqual({
      code: '41300',
      data: null,
      msg: 'A sheet of the file has 40001 data rows, over the limit of 10000 (setting import.maxRows); nothing was imported',
    });
    bounded(m, 'generic import');
    const pull = await measured(() => upload(PULL, rowsBomb, { who: 'finance', lang: 'zh-CN' }));
    expect(pull.result.body.msg).toBe('文件中的工作表有 40001 行数据，超过上限 10000 行（参数 import.maxRows），未导入任何数据');
    bounded(pull, 'budget source pull');
    expect(await written()).toEqual(before);
  });

  it('counts the cells that merged areas, validation ranges and named ranges make exceljs create', async () => {
    const before = await written();
    for (const [what, file] of [
      ['merged area', mergeBomb],
      ['validation range', validationBomb],
      ['named range', namesBomb],
    ] as const) {
      expect(file.length, what).toBeLessThan(64 * 1024);
      for (const [path, who] of [
        [DICT_IMPORT, 'admin'],
        [PULL, 'finance'],
      ] as const) {
        const m = await measured(() => upload(path, file, { who }));
        expect(m.result.body.code, `${what} ${path}: ${m.result.body.msg}`).toBe('41300');
        expect(m.result.body.msg, what).toMatch(
          /^The file has 100\d{4} cells \(merged areas, data-validation and named ranges included\), over the limit of 200000 \(setting import\.maxCells\); nothing was imported$/,
        );
        bounded(m, `${what} ${path}`);
      }
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a file with more columns than the limit', async () => {
    const header = [...DICT_HEADER, ...Array.from({ length: 250 }, (_, i) => `extra${i}`)];
    const r = await upload(DICT_IMPORT, await xlsx([header, [unique('wide'), 'a', 'a']]), { lang: 'en-US' });
    expect(r.body).toMatchObject({
      code: '41300',
      msg: 'The file uses 253 columns, over the limit of 200 (setting import.maxColumns); nothing was imported',
    });
  });
});

describe('a legitimate file', () => {
  it('of 5,000 rows still imports', async () => {
    const dictType = unique('big');
    const rows: unknown[][] = [DICT_HEADER];
    for (let i = 1; i <= 5000; i++) rows.push([dictType, `label ${i}`, `v${i}`]);
    const r = await upload(DICT_IMPORT, await xlsx(rows));
    expect(r.body, r.body.msg).toMatchObject({ code: '0', data: { imported: 5000 } });
    const n = await sql<{ n: string }>`select count(*) as n from sys_dict_data where dict_type = ${dictType}`.execute(db());
    expect(Number(n.rows[0]!.n)).toBe(5000);
  }, 120_000);

  it('read a batch at a time, is still all or nothing: a fault in a later batch writes none of the earlier', async () => {
    const dictType = unique('late');
    const rows: unknown[][] = [DICT_HEADER];
    for (let i = 1; i <= 1200; i++) rows.push([dictType, `label ${i}`, `v${i}`]);
    rows[700] = [dictType, '', 'v700']; // no label: refused by the first reading
    rows[1150] = [dictType, 'again', 'v1']; // the value of row 2: refused by the database, in the second
    const before = await written();
    const r = await upload(DICT_IMPORT, await xlsx(rows), { lang: 'en-US' });
    expect(r.body.code, r.body.msg).toBe('40000');
    expect((r.body.data.errors as Array<{ row: number }>).map((e) => e.row)).toEqual([701, 1151]);
    expect(await written()).toEqual(before);
  }, 120_000);
});

describe('the limits are settings of each site', () => {
  it('takes a changed limit at once, on that site only, and falls back to the default on a bad value', async () => {
    const file = async (type: string) =>
      xlsx([DICT_HEADER, [type, 'a', 'a'], [type, 'b', 'b'], [type, 'c', 'c'], [type, 'd', 'd']]);
    try {
      await setting('import.maxRows', '3');
      const refused = await upload(DICT_IMPORT, await file(unique('lim')), { lang: 'en-US' });
      expect(refused.body).toMatchObject({
        code: '41300',
        msg: 'A sheet of the file has 4 data rows, over the limit of 3 (setting import.maxRows); nothing was imported',
      });
      const pull = await upload(
        PULL,
        await xlsx([
          ['指标编码', '指标名称', '金额'],
          ['L1', 'a', 1],
          ['L2', 'b', 1],
          ['L3', 'c', 1],
          ['L4', 'd', 1],
        ]),
        { who: 'finance', lang: 'zh-CN' },
      );
      expect(pull.body.msg).toBe('文件中的工作表有 4 行数据，超过上限 3 行（参数 import.maxRows），未导入任何数据');
      // Another site keeps its own limit.
      const city = await upload(DICT_IMPORT, await file(unique('city')), { who: 'cityadmin', site: 'city' });
      expect(city.body, city.body.msg).toMatchObject({ code: '0', data: { imported: 4 } });

      await setting('import.maxRows', '10000');
      await setting('import.maxColumns', '2');
      const wide = await upload(DICT_IMPORT, await file(unique('cols')), { lang: 'zh-CN' });
      expect(wide.body).toMatchObject({
        code: '41300',
        msg: '文件使用了 3 列，超过上限 2 列（参数 import.maxColumns），未导入任何数据',
      });

      await setting('import.maxColumns', '200');
      await setting('import.maxCells', '11');
      const cells = await upload(DICT_IMPORT, await file(unique('cells')), { lang: 'en-US' });
      expect(cells.body.msg).toBe(
        'The file has 15 cells (merged areas, data-validation and named ranges included), over the limit of 11 (setting import.maxCells); nothing was imported',
      );

      await setting('import.maxCells', '200000');
      await setting('import.maxUnzippedMB', '0.001');
      const small = await upload(DICT_IMPORT, await file(unique('mb')), { lang: 'en-US' });
      expect(small.body.code).toBe('41300');
      expect(small.body.msg).toMatch(/over the limit of 0\.001 MB \(setting import\.maxUnzippedMB\)/);

      // Not a positive number: the default holds.
      await setting('import.maxRows', 'many');
      await setting('import.maxUnzippedMB', '-5');
      const back = await upload(DICT_IMPORT, await file(unique('back')));
      expect(back.body, back.body.msg).toMatchObject({ code: '0', data: { imported: 4 } });
    } finally {
      await setting('import.maxRows', '10000');
      await setting('import.maxColumns', '200');
      await setting('import.maxCells', '200000');
      await setting('import.maxUnzippedMB', '50');
    }
  });
});

describe('numbers in cells', () => {
  const deptId = async () =>
    Number(
      (
        await sql<{ id: number }>`select d.id from sys_dept d join sys_dept top on top.id = d.top_dept_id
          where top.top_dept_key = 'demo' and d.dept_name = '教务处'`.execute(db())
      ).rows[0]!.id,
    );
  const header = ['limitCode', 'budgetName', 'deptId', 'expenseType', 'originalAmount'];

  it('refuses money with three decimals, with its cell, instead of rounding it (as the JSON API does)', async () => {
    const dept = await deptId();
    const [a, b, c, d] = [unique('M'), unique('M'), unique('M'), unique('M')];
    const before = await written();
    const r = await upload(
      BUDGET_IMPORT,
      await xlsx([
        header,
        [a, '两位', dept, '2', 12.34],
        [b, '三位数字', dept, '2', 1.005],
        [c, '三位文本', dept, '2', '2.345'],
        [d, '好', dept, '2', '1,234.5'],
      ]),
    );
    expect(r.body).toMatchObject({ code: '40000', msg: 'Import failed: 2 rows are wrong; nothing was written' });
    expect(r.body.data.errors).toEqual([
      { row: 3, message: 'Cell E3: Original amount "1.005" must be an amount with at most two decimals' },
      { row: 4, message: 'Cell E4: Original amount "2.345" must be an amount with at most two decimals' },
    ]);
    const zh = await upload(BUDGET_IMPORT, await xlsx([header, [b, '三位数字', dept, '2', 1.005]]), { lang: 'zh-CN' });
    expect(zh.body.data.errors).toEqual([{ row: 2, message: '单元格 E2：年初预算数“1.005”须为最多两位小数的金额' }]);
    expect(await written()).toEqual(before);
    // The JSON API refuses the same amount.
    const api = await server.post(
      '/api/neikong/budget/save',
      { limitCode: b, budgetName: 'x', deptId: dept, expenseType: '2', originalAmount: 1.005 },
      { token: tokens.admin, lang: 'en-US', headers: { year: '2026' } },
    );
    expect(api.body.code).toBe('40000');
    // Two decimals, float noise and thousands separators are fine.
    const good = await upload(
      BUDGET_IMPORT,
      await xlsx([header, [a, '两位', dept, '2', 12.34], [d, '好', dept, '2', '1,234.5'], [c, '噪声', dept, '2', 0.1 + 0.2]]),
    );
    expect(good.body, good.body.msg).toMatchObject({ code: '0', data: { imported: 3 } });
    const amounts = await sql<{ limit_code: string; original_amount: string }>`select limit_code, original_amount from nk_budget
      where limit_code in (${a}, ${c}, ${d}) order by limit_code`.execute(db());
    expect(Object.fromEntries(amounts.rows.map((x) => [x.limit_code, x.original_amount]))).toEqual({
      [a]: '12.34',
      [c]: '0.30',
      [d]: '1234.50',
    });
  });

  it('refuses a whole-number column’s fraction or a number past exact integers, with its cell', async () => {
    const dictType = unique('int');
    const r = await upload(
      DICT_IMPORT,
      await xlsx([
        [...DICT_HEADER, '字典排序'],
        [dictType, 'a', 'a', 2],
        [dictType, 'b', 'b', 1.5],
        [dictType, 'c', 'c', '9007199254740993'],
      ]),
    );
    expect(r.body).toMatchObject({ code: '40000', msg: 'Import failed: 2 rows are wrong; nothing was written' });
    expect(r.body.data.errors).toEqual([
      { row: 3, message: 'Cell D3: Order "1.5" must be a whole number' },
      { row: 4, message: 'Cell D4: Order "9007199254740993" must be a whole number' },
    ]);
  });

  it('refuses three decimals from the budget source too (never rounds)', async () => {
    const limitCode = unique('S');
    const r = await upload(
      PULL,
      await xlsx([
        ['指标编码', '指标名称', '金额', '部门', '支出类型'],
        [limitCode, '三位', 1.005, '教务处', '2'],
      ]),
      {
        who: 'finance',
      },
    );
    expect(r.body).toMatchObject({ code: '40000' });
    expect(r.body.data.errors).toEqual([
      { row: 2, message: 'Amount "1.005" must be a number of at least 0 with at most two decimals' },
    ]);
    expect((await sql`select 1 from nk_budget where limit_code = ${limitCode}`.execute(db())).rows).toEqual([]);
  });
});

// ---- issue 31: what a cell holds, and what an export writes ---------------------------------------

/** A workbook whose cells are set one by one (formulas, rich text, hyperlinks, errors). */
async function sheetOf(cells: Record<string, ExcelJS.CellValue>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const [ref, value] of Object.entries(cells)) sheet.getCell(ref).value = value;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An export, read back as a workbook's first sheet. */
async function download(path: string, lang = 'en-US') {
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    headers: { token: tokens.admin!, hostname: 'localhost', 'accept-language': lang, year: '2026' },
  });
  expect(r.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await r.arrayBuffer());
  return workbook.worksheets[0]!;
}

const PAYEES = '/api/expense/employeeFee/lines/payees/import';
const ITEMS = '/api/purchase/apply/lines/items/import';
const ID = '110105198001011236';

describe('formulas, rich text and links in cells (issue 31)', () => {
  it('reads a formula’s saved result, rich text and a link’s text — never “[object Object]” or the formula', async () => {
    const r = await upload(
      PAYEES,
      await sheetOf({
        A1: 'payeeName',
        B1: 'idNumber',
        C1: 'bankName',
        D1: 'gross',
        A2: { richText: [{ text: '孙' }, { font: { bold: true }, text: '讲师' }] },
        B2: ID,
        C2: { text: '工商银行', hyperlink: 'https://example.com/bank' },
        D2: { formula: '600*2', result: 1200 },
        A3: { formula: '"李"&"评委"', result: '李评委' },
        B3: ID,
        C3: { formula: '"=cmd|calc"', result: '=cmd|calc' },
        // The master of a shared formula, and a cell sharing it (exceljs writes <f t="shared" si="0"/>).
        D3: { formula: 'D2+0.5', result: 1200.5, shareType: 'shared', ref: 'D3:D4' } as unknown as ExcelJS.CellValue,
        A4: '王某',
        B4: ID,
        D4: { sharedFormula: 'D3', result: 1201.5 },
      }),
    );
    expect(r.body.code, r.body.msg).toBe('0');
    expect(r.body.data.lines.map((l: Row) => [l.payeeName, l.bankName ?? null, l.gross])).toEqual([
      ['孙讲师', '工商银行', '1200.00'],
      // A formula's text result is text like any other: kept as it is (exports mark it as text).
      ['李评委', '=cmd|calc', '1200.50'],
      ['王某', null, '1201.50'],
    ]);
    expect(JSON.stringify(r.body.data)).not.toContain('[object Object]');
  });

  it('refuses a formula without its saved result and an error cell, naming the row and column, in every language', async () => {
    const file = await sheetOf({
      A1: 'payeeName',
      B1: 'idNumber',
      C1: 'gross',
      A2: { formula: "cmd|' /C calc'!A0" } as ExcelJS.CellValue,
      B2: ID,
      C2: 100,
      A3: '赵某',
      B3: ID,
      C3: { formula: '1/0', result: { error: '#DIV/0!' } } as ExcelJS.CellValue,
      A4: '钱某',
      B4: ID,
      C4: { error: '#N/A' } as ExcelJS.CellValue,
      A5: '孙某',
      B5: ID,
      C5: 100,
    });
    const en = await upload(PAYEES, file);
    expect(en.body).toMatchObject({ code: '40000', msg: 'Import failed: 3 rows are wrong; nothing was written' });
    expect(en.body.data.errors).toEqual([
      {
        row: 2,
        message:
          'Cell A2: Name is the formula "=cmd|\' /C calc\'!A0" and the file holds no calculated value for it; recalculate and save the workbook in the spreadsheet program, or paste it as values',
      },
      { row: 3, message: 'Cell C3: Gross is the error #DIV/0!; correct it in the workbook and import again' },
      { row: 4, message: 'Cell C4: Gross is the error #N/A; correct it in the workbook and import again' },
    ]);
    expect(JSON.stringify(en.body)).not.toContain('[object Object]');
    const zh = await upload(PAYEES, file, { lang: 'zh-CN' });
    expect(zh.body.data.errors[2]).toEqual({ row: 4, message: '单元格 C4：应发金额是错误值 #N/A，请在表格中更正后再导入' });
    const tw = await upload(PAYEES, file, { lang: 'zh-TW' });
    expect(tw.body.data.errors[0].message).toMatch(/^儲存格 A2：.*是公式「=cmd\|' \/C calc'!A0」/);
    const pt = await upload(PAYEES, file, { lang: 'pt-BR' });
    expect(pt.body.data.errors[1].message).toMatch(/^Célula C3: .* é o erro #DIV\/0!/);
  });

  it('refuses a formula without its result in an import too, with nothing written', async () => {
    const dictType = unique('fx');
    const before = await written();
    const r = await upload(
      DICT_IMPORT,
      await sheetOf({
        A1: '字典类型',
        B1: '字典标签',
        C1: '字典键值',
        A2: dictType,
        B2: 'a',
        C2: 'a',
        A3: dictType,
        B3: { formula: 'HYPERLINK("http://evil.example","x")' } as ExcelJS.CellValue,
        C3: 'b',
      }),
    );
    expect(r.body.code).toBe('40000');
    expect(r.body.data.errors).toEqual([
      {
        row: 3,
        // The formula as the message shows a value: its first 30 characters.
        message:
          'Cell B3: Label is the formula "=HYPERLINK("http://evil.exampl…" and the file holds no calculated value for it; recalculate and save the workbook in the spreadsheet program, or paste it as values',
      },
    ]);
    expect(await written()).toEqual(before);
  });

  it('refuses a formula without its result from the budget source, with its row and cell', async () => {
    const limitCode = unique('FX');
    const r = await upload(
      PULL,
      await sheetOf({
        A1: '指标编码',
        B1: '指标名称',
        C1: '金额',
        D1: '部门',
        E1: '支出类型',
        A2: limitCode,
        B2: '公式',
        C2: { formula: 'SUM(X1:X9)' } as ExcelJS.CellValue,
        D2: '教务处',
        E2: '2',
      }),
      { who: 'finance' },
    );
    expect(r.body).toMatchObject({ code: '40000' });
    expect(r.body.data.errors).toEqual([
      {
        row: 2,
        message: expect.stringMatching(/^Cell C2: Amount is the formula "=SUM\(X1:X9\)" and the file holds no calculated value/),
      },
    ]);
    expect((await sql`select 1 from nk_budget where limit_code = ${limitCode}`.execute(db())).rows).toEqual([]);
    // Its saved result is taken.
    const ok = await upload(
      PULL,
      await sheetOf({
        A1: '指标编码',
        B1: '指标名称',
        C1: '金额',
        D1: '部门',
        E1: '支出类型',
        A2: limitCode,
        B2: '公式',
        C2: { formula: '1000+234.5', result: 1234.5 },
        D2: '教务处',
        E2: '2',
      }),
      { who: 'finance' },
    );
    expect(ok.body.code, ok.body.msg).toBe('0');
    const stored = await sql<{
      original_amount: string;
    }>`select original_amount from nk_budget where limit_code = ${limitCode}`.execute(db());
    expect(stored.rows.map((x) => x.original_amount)).toEqual(['1234.50']);
  });
});

describe('numbers in cells of a document’s lines (issue 31)', () => {
  it('refuses money and quantities with more places than the field takes, naming the cell, never rounding', async () => {
    const r = await upload(
      ITEMS,
      await xlsx([
        ['itemName', 'quantity', 'unitPrice'],
        ['打印纸', 2, 12.5],
        ['硒鼓', 1.255, '300.00'],
        ['墨盒', 1, 1.005],
        ['文件夹', '0.125', 3],
        ['订书机', { formula: '0.1+0.2', result: 0.1 + 0.2 }, 25],
      ]),
    );
    expect(r.body).toMatchObject({ code: '40000', msg: 'Import failed: 3 rows are wrong; nothing was written' });
    expect(r.body.data.errors).toEqual([
      { row: 3, message: 'Cell B3: Quantity "1.255" has too many decimal places (at most 2)' },
      { row: 4, message: 'Cell C4: Unit price "1.005" must be an amount with at most two decimals' },
      { row: 5, message: 'Cell B5: Quantity "0.125" has too many decimal places (at most 2)' },
    ]);
    const zh = await upload(
      ITEMS,
      await xlsx([
        ['itemName', 'quantity', 'unitPrice'],
        ['硒鼓', 1.255, '300.00'],
      ]),
      { lang: 'zh-CN' },
    );
    expect(zh.body.data.errors).toEqual([{ row: 2, message: '单元格 B2：数量“1.255”的小数位数过多（最多2位）' }]);
    // Two places, and a formula's float noise (0.1 + 0.2 as the spreadsheet shows it: 0.3), are fine.
    const good = await upload(
      ITEMS,
      await xlsx([
        ['itemName', 'quantity', 'unitPrice'],
        ['打印纸', 2, 12.5],
        ['订书机', { formula: '0.1+0.2', result: 0.1 + 0.2 }, 25],
      ]),
    );
    expect(good.body.code, good.body.msg).toBe('0');
    expect(good.body.data.lines.map((l: Row) => [l.quantity, l.unitPrice])).toEqual([
      [2, '12.50'],
      [0.3, '25.00'],
    ]);
  });
});

describe('text an export writes (issue 31)', () => {
  const risky = ['=HYPERLINK("http://evil.example","点我")', '+1+1', '-1+2', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', '＝1+1'];

  it('marks text that a spreadsheet would run as a formula as text, keeping every character; numbers stay numbers', async () => {
    const dictType = unique('csv');
    for (const [i, label] of risky.entries()) {
      const r = await server.post(
        '/api/core/dictData/save',
        { dictType, dictLabel: label, dictValue: `v${i}`, dictSort: i, remark: i === 0 ? '-' : '普通说明' },
        { token: tokens.admin, lang: 'en-US' },
      );
      expect(r.body.code, r.body.msg).toBe('0');
    }
    const sheet = await download(`/api/core/dictData/export?dictType=${dictType}&pageSize=100`);
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = (title: string) => headers.indexOf(title);
    const labels: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const label = sheet.getRow(r).getCell(col('Label'));
      // The value as it was typed, a string cell, in the text format: shown and kept as text.
      expect(typeof label.value, String(label.value)).toBe('string');
      expect(label.numFmt).toBe('@');
      expect(label.type).toBe(ExcelJS.ValueType.String);
      labels.push(label.value as string);
      // A number column stays a number, without the text format.
      const order = sheet.getRow(r).getCell(col('Order'));
      expect(typeof order.value).toBe('number');
      expect(order.numFmt ?? '').not.toBe('@');
      // Plain text is left alone; a lone '-' is marked too.
      const remark = sheet.getRow(r).getCell(col('Remark'));
      expect(remark.numFmt ?? '').toBe(remark.value === '-' ? '@' : '');
    }
    // (A carriage return comes back as a line feed: XML readers, exceljs's too, normalise it.)
    expect(labels.sort()).toEqual(risky.map((x) => x.replace('\r', '\n')).sort());
  });

  it('keeps amounts as number cells in an export (a negative one too)', async () => {
    const sheet = await download('/api/neikong/budget/export?pageSize=20');
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const amount = headers.indexOf('Original amount');
    expect(amount).toBeGreaterThan(0);
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r++) {
      const cell = sheet.getRow(r).getCell(amount);
      if (cell.value !== null) expect(typeof cell.value).toBe('number');
    }
  });

  it('round-trips: the exported file imports back the same text', async () => {
    const from = unique('rt');
    const to = unique('rt');
    for (const [i, label] of risky.entries())
      expect(
        (
          await server.post(
            '/api/core/dictData/save',
            { dictType: from, dictLabel: label, dictValue: `v${i}` },
            { token: tokens.admin },
          )
        ).body.code,
      ).toBe('0');
    const sheet = await download(`/api/core/dictData/export?dictType=${from}&pageSize=100&columns=dictType,dictLabel,dictValue`);
    for (let r = 2; r <= sheet.rowCount; r++) sheet.getRow(r).getCell(1).value = to;
    const file = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const r = await upload(DICT_IMPORT, file);
    expect(r.body.code, r.body.msg).toBe('0');
    const labels = await sql<{ dict_label: string }>`select dict_label from sys_dict_data where dict_type = ${to}`.execute(db());
    expect(labels.rows.map((x) => x.dict_label).sort()).toEqual(risky.map((x) => x.replace('\r', '\n')).sort());
  });
});
