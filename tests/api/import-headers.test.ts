// Import of an xlsx whose header row is not the entity's: the header is named as what is wrong, in
// the caller's language, and nothing is written (rather than "no data rows" or a failure per row).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
});
afterAll(async () => server?.close());

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(content: Buffer, lang: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'entries.xlsx');
  const r = await fetch(`http://127.0.0.1:${server.port}/api/core/dictData/import`, {
    method: 'POST',
    body: form,
    headers: { token: admin, hostname: 'localhost', 'accept-language': lang },
  });
  return (await r.json()) as { code: string; data: any; msg: string };
}

const rowsOf = (dictType: string) =>
  server.database.db.selectFrom('sys_dict_data').select('id').where('dict_type', '=', dictType).execute();

describe('import header row', () => {
  it('names the headers it does not know, and writes nothing', async () => {
    const file = await xlsx([
      ['字典类型', '字典标签', '字典键值', '颜色', 'Colour code'],
      ['hdr_unknown', '一级', 'l1', '红', '#f00'],
    ]);
    const en = await importFile(file, 'en-US');
    expect(en).toMatchObject({
      code: '40000',
      msg: 'The header row is wrong; nothing was written: unknown columns "颜色", "Colour code"',
      data: { unknownColumns: ['颜色', 'Colour code'], missingColumns: [] },
    });
    const zh = await importFile(file, 'zh-CN');
    expect(zh.msg).toBe('第一行表头有误，未写入任何数据：无法识别的列“颜色”、“Colour code”');
    const tw = await importFile(file, 'zh-TW');
    expect(tw.msg).toBe('第一列表頭有誤，未寫入任何資料：無法識別的欄「颜色」、「Colour code」');
    expect(await rowsOf('hdr_unknown')).toEqual([]);
  });

  it('names the required columns a file lacks altogether', async () => {
    // A sheet without the header row: its first data row is taken as headers it does not know.
    const file = await xlsx([
      ['hdr_noheader', '一级', 'l1'],
      ['hdr_noheader', '二级', 'l2'],
    ]);
    const pt = await importFile(file, 'pt-BR');
    expect(pt).toMatchObject({
      code: '40000',
      msg:
        'A linha de cabeçalho está errada; nada foi gravado: colunas desconhecidas "hdr_noheader", "一级", "l1"; ' +
        'faltam as colunas obrigatórias "Tipo de dicionário", "Rótulo", "Valor"',
    });
    const partial = await importFile(
      await xlsx([
        ['字典类型', '字典排序'],
        ['hdr_partial', 1],
      ]),
      'en-US',
    );
    expect(partial).toMatchObject({
      code: '40000',
      msg: 'The header row is wrong; nothing was written: missing required columns "Label", "Value"',
      data: { unknownColumns: [], missingColumns: ['dictLabel', 'dictValue'] },
    });
    expect(await rowsOf('hdr_noheader')).toEqual([]);
    expect(await rowsOf('hdr_partial')).toEqual([]);
  });

  it('skips the columns of an exported file it does not import, and imports the rest', async () => {
    const file = await xlsx([
      ['字典类型', '字典标签', '字典键值', 'Created at', '创建人'],
      ['hdr_export', '一级', 'l1', '2026-01-01 10:00:00', 'admin'],
    ]);
    const r = await importFile(file, 'en-US');
    expect(r, r.msg).toMatchObject({ code: '0', data: { imported: 1 } });
    expect(await rowsOf('hdr_export')).toHaveLength(1);
  });
});
