// The auditor's screen (issue 36): the trail searched by document — its id or its number as users know
// it (耗材领用 LY-2026-0001), on the auditor's own site only — its type said in words (the sys_entity
// dictionary drawn from the entity files), a bad value refused in words, and the export carrying the
// chain's head (seq and hash equal to GET /head), when it was made and by whom.
import { afterAll, beforeAll, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const who of ['staff', 'auditor', 'assets']) tokens[who] = await server.login(who, 'Demo@12345');
  tokens.city = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  lang,
  ...(who === 'city' ? { site: 'city' } : {}),
});
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const trail = (query: string, who = 'auditor', lang = 'zh-CN') =>
  server.get<{ total: number; records: Row[] }>(`/api/monitor/audit/page?pageSize=100&${query}`, as(who, lang));

/** A consumable request with one line, its line changed once: the document's row and its lines in the trail. */
async function consumableRequest(who: string, tag: string): Promise<Row> {
  const warehouse = ok(
    await server.post('/api/consumable/warehouse/save', { warehouseCode: `W${tag}`, warehouseName: `审计库${tag}` }, as(who)),
  ).id;
  const categories = ok(await server.get('/api/consumable/category/list', as(who))) as Row[];
  const product = ok(
    await server.post(
      '/api/consumable/product/save',
      { productCode: `P${tag}`, productName: `笔${tag}`, categoryId: categories[0]!.id, unit: '个', safetyStock: 0 },
      as(who),
    ),
  ).id;
  const applicant = who === 'assets' ? 'staff' : who;
  const saved = ok(
    await server.post(
      '/api/consumable/apply/save',
      { warehouseId: warehouse, applyDate: '2026-04-08', reason: `审计检索${tag}`, items: [{ productId: product, quantity: 5 }] },
      as(applicant),
    ),
  );
  const doc = ok(await server.get(`/api/consumable/apply/infoById/${saved.id}`, as(applicant)));
  ok(await server.post('/api/consumable/apply/update', { ...doc, items: [{ ...doc.items[0], quantity: 8 }] }, as(applicant)));
  return ok(await server.get(`/api/consumable/apply/infoById/${saved.id}`, as(applicant)));
}

let demoDoc: Row;
let cityDoc: Row;
it('finds every record of one document by its number or its id, and only that document’s', async () => {
  demoDoc = await consumableRequest('assets', 'A1');
  const other = await consumableRequest('assets', 'A2');
  cityDoc = await consumableRequest('city', 'C1');
  expect(demoDoc.applyNo).toMatch(/^LY-\d{4}-\d{4}$/);

  const byNumber = ok(await trail(`docEntity=consumableApply&docIds=${encodeURIComponent(demoDoc.applyNo)}`));
  const byId = ok(await trail(`docEntity=consumableApply&docIds=${demoDoc.id}`));
  expect(byNumber.total).toBeGreaterThanOrEqual(3);
  expect(byNumber.records.map((r) => r.seq ?? r.id)).toEqual(byId.records.map((r) => r.seq ?? r.id));
  // The document's own row and its lines (a line's record names its document), nothing of the other request.
  const tables = new Set(byNumber.records.map((r) => r.tbl));
  expect(tables.size).toBeGreaterThanOrEqual(2);
  expect(byNumber.records.some((r) => r.op === 'insert')).toBe(true);
  expect(byNumber.records.some((r) => r.op === 'update')).toBe(true);
  for (const r of byNumber.records) {
    expect(r.docEntity).toBe('consumableApply');
    expect(r.docIds).toContain(demoDoc.id);
    expect(r.docIds).not.toContain(other.id);
  }
  // Without the type, an id alone finds the records of every type's row of that id: the document's among them.
  const anyType = ok(await trail(`docIds=${demoDoc.id}`));
  expect(anyType.total).toBeGreaterThanOrEqual(byId.total);
  expect(anyType.records.every((r) => r.docIds.includes(demoDoc.id))).toBe(true);
});

it('finds nothing of another site’s document, by its id or by a number both sites have', async () => {
  expect(ok(await trail(`docEntity=consumableApply&docIds=${cityDoc.id}`)).total).toBe(0);
  // The city's request may carry the same number as one of the demo site's: the demo auditor finds theirs only.
  const same = ok(await trail(`docEntity=consumableApply&docIds=${encodeURIComponent(cityDoc.applyNo)}`));
  expect(same.records.every((r) => !r.docIds.includes(cityDoc.id))).toBe(true);
  // The city's own administrator finds it.
  expect(ok(await trail(`docEntity=consumableApply&docIds=${cityDoc.id}`, 'city')).total).toBeGreaterThan(0);
});

it('refuses a value that names no document in words, never a 500', async () => {
  const noType = await trail('docIds=LY-2026-0001', 'auditor', 'zh-CN');
  expect(noType.status).toBeLessThan(500);
  expect(noType.body.code).toBe('40000');
  expect(noType.body.msg).toBe('参数错误：按单号查找（docIds）须先选择单据类型');
  const en = await trail('docIds=LY-2026-0001', 'auditor', 'en-US');
  expect(en.body.msg).toBe('Invalid request: choose the document type before searching by its number (docIds)');
  const huge = await trail('docEntity=consumableApply&docIds=99999999999999999', 'auditor', 'en-US');
  expect(huge.body.code).toBe('40000');
  expect(huge.body.msg).toBe('Invalid request: docIds is out of range');
  // A type without a number (a leave has none): text is no id of it.
  const leave = await trail('docEntity=leaveApply&docIds=abc', 'auditor', 'en-US');
  expect(leave.body.code).toBe('40000');
  expect(leave.body.msg).toBe('Invalid request: docIds has an invalid format');
});

it('says the document type in the reader’s words, column and filter alike', async () => {
  const zh = ok(
    await server.get<Record<string, Row[]>>('/api/core/dictData/getDictByTypes?dictTypes=sys_entity', as('auditor', 'zh-CN')),
  );
  const en = ok(
    await server.get<Record<string, Row[]>>('/api/core/dictData/getDictByTypes?dictTypes=sys_entity', as('auditor', 'en-US')),
  );
  expect(zh.sys_entity!.find((d) => d.dictValue === 'consumableApply')!.dictLabel).toBe('耗材领用申请');
  expect(en.sys_entity!.find((d) => d.dictValue === 'consumableApply')!.dictLabel).toBe('Issue request');
  expect(zh.sys_entity!.find((d) => d.dictValue === 'leaveApply')!.dictLabel).not.toBe('leaveApply');
  // The screen's bundle names the dictionary on the type field, so the column and the filter read it.
  const bundle = ok(await server.get('/api/schema/page/AuditTrail', as('auditor')));
  const field = (bundle.entity.fields as Row[]).find((f) => f.name === 'docEntity')!;
  expect(field).toMatchObject({ type: 'dict', dict: 'sys_entity' });
  expect(bundle.list.query).toEqual(expect.arrayContaining(['docEntity', 'docIds']));
});

it('exports the search with the chain head, when and by whom, in words', async () => {
  const r = await fetch(
    `http://127.0.0.1:${server.port}/api/monitor/audit/export?docEntity=consumableApply&docIds=${encodeURIComponent(demoDoc.applyNo)}`,
    { headers: { token: tokens.auditor!, hostname: 'localhost', 'accept-language': 'zh-CN' } },
  );
  expect(r.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await r.arrayBuffer());
  const [records, heading] = workbook.worksheets;
  // The rows: the document's records, its type in words.
  const header = (records!.getRow(1).values as unknown[]).slice(1);
  const typeColumn = header.indexOf('单据类型') + 1;
  expect(typeColumn).toBeGreaterThan(0);
  expect(records!.rowCount).toBeGreaterThanOrEqual(4);
  for (let n = 2; n <= records!.rowCount; n++) expect(records!.getRow(n).getCell(typeColumn).value).toBe('耗材领用申请');
  // The heading sheet: the head as GET /head answers it (nothing written since), who and when.
  const head = ok(await server.get<{ seq: number; hash: string }>('/api/monitor/audit/head', as('auditor')));
  expect(heading!.name).toBe('链头');
  const lines = new Map<string, unknown>();
  heading!.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
  expect(lines.get('最后封存序号')).toBe(head.seq);
  expect(lines.get('链头哈希')).toBe(head.hash);
  expect(head.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(String(lines.get('导出人'))).toContain('(auditor)');
  expect(String(lines.get('导出时间'))).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

it('offers the auditor no write on the trail, and refuses every write under monitor:audit', async () => {
  const bundle = ok(await server.get('/api/schema/page/AuditTrail', as('auditor')));
  const actions = [...(bundle.list.toolbar as Row[]), ...((bundle.list.rowActions ?? []) as Row[])].map((a) => a.action);
  // Reads only: export, view, verify (a request that reads the chain), and opening a record's document as of it.
  expect(actions.filter((a) => !['export', 'view', 'request', 'navigate'].includes(a))).toEqual([]);
  const requests = [...(bundle.list.toolbar as Row[]), ...((bundle.list.rowActions ?? []) as Row[])].filter(
    (a) => a.action === 'request',
  );
  expect(requests.map((a) => a.endpoint)).toEqual(['verify']);
  for (const call of ['save', 'update', 'remove', 'import'])
    expect((await server.post(`/api/monitor/audit/${call}`, { id: 1, ids: [1] }, as('auditor'))).body.code).not.toBe('0');
});
