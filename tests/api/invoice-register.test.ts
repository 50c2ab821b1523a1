// The invoice register (issue 31, server/entities/invoices.ts): one invoice, one document per site,
// however the invoice is typed and whichever member of staff claims it; a document's own invoices
// may be saved again; a line removed, a document removed or cancelled frees its invoices, a rejected
// or withdrawn one keeps them; lines stored before the register are entered at start.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillInvoiceRegister } from '../../server/entities/invoices.ts';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2037'; // a year the demo seed leaves empty

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['head', 'finance', 'staff', 'teacher']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
  headers: { year: YEAR },
});
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
const db = () => server.database.db as unknown as Kysely<any>;

let n = 0;
/** An indicator of the department of `who` (staff: 教务处, teacher: 学生处). */
async function indicator(who: 'staff' | 'teacher' | 'cityadmin' = 'staff'): Promise<number> {
  const limitCode = `IR-${++n}`;
  const body: Row = {
    limitCode,
    budgetName: `差旅费${limitCode}`,
    expenseType: '2',
    economicClass: '30211',
    fundSource: '1',
    originalAmount: '100000.00',
  };
  if (who === 'cityadmin') {
    body.deptId = ok(await server.get('/api/core/dept/list', as(who)))[0].id;
    return Number(ok(await server.post('/api/neikong/budget/save', body, as(who))).id);
  }
  body.deptId = dept[who === 'staff' ? '教务处' : '学生处'];
  return Number(ok(await server.post('/api/neikong/budget/save', body, as('admin'))).id);
}
const budgets: Record<string, number> = {};
const claim = (who: string, invoices: Row[]) => ({
  title: `发票登记 ${++n}`,
  budgetId: budgets[who],
  items: [{ economicClass: '30211', summary: '差旅', amount: '10.00' }],
  invoices: invoices.map((i) => ({ invoiceDate: '2037-03-02', amount: '10.00', ...i })),
});
const save = (who: string, invoices: Row[], lang = 'zh-CN') =>
  server.post('/api/expense/funds/save', claim(who, invoices), as(who, lang));
const info = async (id: number, who = 'staff') => ok(await server.get(`/api/expense/funds/infoById/${id}`, as(who)));
const update = (who: string, body: Row) => server.post('/api/expense/funds/update', body, as(who));
const submit = (id: number, who = 'staff') => server.post(`/api/expense/funds/submit?id=${id}&confirmed=1`, {}, as(who));
async function decide(id: number, who: string, decision: 'approve' | 'reject') {
  const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
  const task = tasks.find((t) => t.entity === 'reimburse' && t.businessKey === id);
  expect(task, `${who} should have the task of claim ${id}`).toBeTruthy();
  ok(await server.post(`/api/workflow/task/${decision}`, { taskId: task!.id, comment: `${who} 意见` }, as(who)));
}
const registered = async (docId: number) =>
  (
    await sql<{
      key: string;
    }>`select invoice_key as key from nk_invoice where line_entity = 'reimburseInvoice' and doc_id = ${docId}
      order by invoice_key`.execute(db())
  ).rows.map((r) => r.key);

/** A new fully digital invoice number (20 digits: 37 = 2037, 11 = Beijing, channel 2, a sequence). */
let seq = 0;
const digital = () => `37112${String(++seq).padStart(15, '0')}`;
/** A new traditional invoice: code of 12 digits and number of 8. */
const traditional = () => ({ invoiceCode: '011002300111', invoiceNo: String(50000000 + ++seq) });
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

beforeAll(async () => {
  budgets.staff = await indicator('staff');
  budgets.teacher = await indicator('teacher');
  budgets.cityadmin = await indicator('cityadmin');
});

describe('the invoice register', () => {
  it('refuses every spelling of a fully digital invoice to another member of staff, naming the claim that holds it', async () => {
    const no = digital();
    const first = ok(await save('staff', [{ invoiceNo: no }]));
    const spellings: Row[] = [
      { invoiceNo: no },
      { invoiceNo: spaced(no) },
      { invoiceNo: ` ${no} ` },
      { invoiceNo: fullWidth(no) },
      { invoiceNo: `0${no}` },
      { invoiceNo: no.replace(/(\d{5})(?=\d)/g, '$1-') },
      { invoiceNo: no, invoiceCode: '' },
      { invoiceNo: no, invoiceCode: null },
      { invoiceNo: no, invoiceCode: '011002300111' },
      { invoiceNo: spaced(no), invoiceCode: '1234 5678 90' },
    ];
    for (const spelling of spellings) {
      const r = await save('teacher', [spelling]);
      expect(r.body.code, JSON.stringify(spelling)).toBe('40900');
      expect(r.body.msg).toBe(`发票第 1 行：发票号码“${no}”已被单据 ${first.reimburseNo} 使用，同一张发票只能报销一次`);
    }
    // In the caller's language.
    const words: Record<string, string> = {
      'zh-TW': `發票第 1 行：發票號碼「${no}」已被單據 ${first.reimburseNo} 使用，同一張發票只能報銷一次`,
      'en-US': `Invoices, line 1: Invoice number "${no}" is already used by document ${first.reimburseNo}: an invoice is reimbursed only once`,
      'pt-BR': `Notas fiscais, linha 1: Número da nota "${no}" já é usado pelo documento ${first.reimburseNo}: uma nota fiscal é reembolsada uma só vez`,
    };
    for (const [lang, msg] of Object.entries(words)) {
      const r = await save('teacher', [{ invoiceNo: spaced(no) }], lang);
      expect(r.body.code).toBe('40900');
      expect(r.body.msg).toBe(msg);
    }
    // The refusal names the line: the second of two.
    const r = await save('teacher', [{ invoiceNo: digital() }, { invoiceNo: fullWidth(no) }]);
    expect(r.body.msg).toMatch(/^发票第 2 行：/);
    // Nothing of the refused claims was kept.
    const held = await sql<{ n: number }>`select count(*)::int as n from nk_invoice where invoice_key = ${no}`.execute(db());
    expect(held.rows[0]!.n).toBe(1);
  });

  it('lets one of several claims saved at the same moment take an invoice, whatever spelling each sends', async () => {
    const number = digital();
    const spellings = [number, spaced(number), fullWidth(number), `0${number}`, number];
    const answers = await Promise.all(
      spellings.map((invoiceNo, i) =>
        save(i % 2 ? 'teacher' : 'staff', [{ invoiceNo, invoiceCode: i === 4 ? '011002300111' : '' }]),
      ),
    );
    const taken = answers.filter((a) => a.body.code === '0');
    expect(taken).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.code !== '0'))
      expect(refused.body.msg).toContain(taken[0]!.body.data.reimburseNo);
    const held = await sql<{
      n: number;
    }>`select count(*)::int as n from nk_invoice where invoice_key like ${`%${number}%`}`.execute(db());
    expect(held.rows[0]!.n).toBe(1);
  });

  it('stores the plain spelling: a digital invoice without code, a traditional one as typed less its separators', async () => {
    const no = digital();
    const saved = ok(
      await save('staff', [
        { invoiceNo: spaced(fullWidth(no)), invoiceCode: '0110 0230 0111' },
        { invoiceNo: '0012 3456', invoiceCode: '０１１００２３００１１１' },
      ]),
    );
    const read = await info(saved.id);
    expect(read.invoices.map((i: Row) => [i.invoiceNo, i.invoiceCode ?? null])).toEqual([
      [no, null],
      ['00123456', '011002300111'],
    ]);
    expect(await registered(saved.id)).toEqual([no, '11002300111:123456'].sort());
  });

  it('keys a traditional invoice on code and number: zeros and spaces do not count, another code is another invoice, no code is refused', async () => {
    const inv = traditional();
    const first = ok(await save('staff', [inv]));
    for (const spelling of [
      { invoiceCode: ` ${inv.invoiceCode} `, invoiceNo: inv.invoiceNo },
      { invoiceCode: '0110 0230 0111', invoiceNo: `00${inv.invoiceNo}` },
      { invoiceCode: inv.invoiceCode.slice(1), invoiceNo: inv.invoiceNo.replace(/(\d{4})/, '$1 ') },
    ]) {
      const r = await save('teacher', [spelling]);
      expect(r.body.code, JSON.stringify(spelling)).toBe('40900');
      expect(r.body.msg).toBe(
        `发票第 1 行：发票号码“${spelling.invoiceNo.replace(/ /g, '')}”（发票代码 ${spelling.invoiceCode.replace(/ /g, '')}）已被单据 ${first.reimburseNo} 使用，同一张发票只能报销一次`,
      );
    }
    // Under another code, the same number is another invoice.
    ok(await save('teacher', [{ ...inv, invoiceCode: '011002300222' }]));
    // Without its code the invoice is not identified: refused, whatever the code's spelling of nothing.
    for (const invoiceCode of [undefined, '', '   ', null]) {
      const r = await save('teacher', [{ invoiceNo: String(60000000 + ++seq), invoiceCode }], 'en-US');
      expect(r.body.code).toBe('40000');
      expect(r.body.msg).toBe(
        'Invoices, line 1: Invoice code is missing: only a fully digital invoice (a 20-digit number) has no invoice code',
      );
    }
    const bad = await save('staff', [{ invoiceNo: '12AB5678', invoiceCode: '011002300111' }]);
    expect(bad.body.code).toBe('40000');
    expect(bad.body.msg).toContain('发票第 1 行：发票号码“12AB5678”不是有效的发票号码');
    // Twice in one claim, in two spellings.
    const no = digital();
    const twice = await save('staff', [{ invoiceNo: no }, { invoiceNo: spaced(no) }]);
    expect(twice.body.msg).toBe(`发票第 2 行：发票号码“${no}”在本单据中重复`);
  });

  it('lets a claim save its own invoices again; a line removed or a claim removed frees them; another site has its own', async () => {
    const [a, b] = [digital(), digital()];
    const first = ok(await save('staff', [{ invoiceNo: a }, { invoiceNo: b }]));
    let read = await info(first.id);
    // Saved again, even respelled, and in the other order.
    ok(
      await update('staff', {
        id: first.id,
        version: read.version,
        invoices: [
          { ...read.invoices[1], invoiceNo: spaced(b) },
          { ...read.invoices[0], invoiceNo: fullWidth(a) },
        ],
      }),
    );
    expect(await registered(first.id)).toEqual([a, b].sort());
    expect((await save('teacher', [{ invoiceNo: b }])).body.code).toBe('40900');
    // The line of b removed: b is free, a is not.
    read = await info(first.id);
    ok(
      await update('staff', {
        id: first.id,
        version: read.version,
        invoices: read.invoices.filter((i: Row) => i.invoiceNo === a),
      }),
    );
    expect(await registered(first.id)).toEqual([a]);
    const second = ok(await save('teacher', [{ invoiceNo: b }]));
    expect((await save('teacher', [{ invoiceNo: a }])).body.code).toBe('40900');
    // Another site.
    ok(await save('cityadmin', [{ invoiceNo: a }]));
    // The claim removed: a is free.
    ok(await server.post(`/api/expense/funds/remove?ids=${first.id}`, {}, as('staff')));
    expect(await registered(first.id)).toEqual([]);
    ok(await save('teacher', [{ invoiceNo: spaced(a) }]));
    expect(await registered(second.id)).toEqual([b]);
  });

  it('stays with a rejected or withdrawn claim (fixed and submitted again), and a cancelled claim frees it for good', async () => {
    const [r, w, c] = [digital(), digital(), digital()];
    const rejected = ok(await save('staff', [{ invoiceNo: r }]));
    ok(await submit(rejected.id));
    await decide(rejected.id, 'head', 'reject');
    expect((await save('teacher', [{ invoiceNo: r }])).body.code).toBe('40900');
    // Submitted again, it still holds it.
    ok(await submit(rejected.id));
    expect(await registered(rejected.id)).toEqual([r]);

    const withdrawn = ok(await save('staff', [{ invoiceNo: w }]));
    ok(await submit(withdrawn.id));
    ok(await server.post(`/api/expense/funds/withdraw?id=${withdrawn.id}`, {}, as('staff')));
    expect((await save('teacher', [{ invoiceNo: w }])).body.code).toBe('40900');

    const cancelled = ok(await save('staff', [{ invoiceNo: c }]));
    ok(await submit(cancelled.id));
    expect((await save('teacher', [{ invoiceNo: c }])).body.code).toBe('40900');
    const instance = (
      await sql<{
        id: number;
      }>`select id from wf_instance where entity = 'reimburse' and business_key = ${cancelled.id} and not ended`.execute(db())
    ).rows[0]!;
    ok(await server.post(`/api/workflow/instance/cancel?id=${instance.id}`, {}, as('admin')));
    expect((await info(cancelled.id)).approvalStatus).toBe('5');
    expect(await registered(cancelled.id)).toEqual([]);
    const taker = ok(await save('teacher', [{ invoiceNo: c }]));
    expect(await registered(taker.id)).toEqual([c]);
    // The start's filling leaves a cancelled claim's lines out.
    await fillInvoiceRegister(db(), [...server.services.schemas.forSite('demo').entities.values()]);
    expect(await registered(cancelled.id)).toEqual([]);
  });

  it('enters lines stored before the register at start; of two claims of one invoice the first keeps it and the other cannot be submitted', async () => {
    const no = digital();
    const older = ok(await save('staff', [{ invoiceNo: no }]));
    const newer = ok(await save('staff', [{ invoiceNo: digital() }]));
    // As stored before migration 0019: no register rows, and the invoice typed into both claims in
    // spellings the old unique check told apart.
    await sql`delete from nk_invoice where doc_id in (${older.id}, ${newer.id}) and line_entity = 'reimburseInvoice'`.execute(
      db(),
    );
    await sql`update exp_reimburse_invoice set invoice_no = ${`0${no}`}, invoice_code = '' where doc_id = ${newer.id}`.execute(
      db(),
    );
    const entered = await fillInvoiceRegister(db(), [...server.services.schemas.forSite('demo').entities.values()]);
    expect(entered).toBeGreaterThanOrEqual(1);
    expect(await registered(older.id)).toEqual([no]);
    expect(await registered(newer.id)).toEqual([]);
    // Run again: nothing new, nothing lost.
    expect(await fillInvoiceRegister(db(), [...server.services.schemas.forSite('demo').entities.values()])).toBe(0);
    expect((await save('teacher', [{ invoiceNo: no }])).body.code).toBe('40900');
    // The newer claim is refused at submit, naming the older one.
    const r = await submit(newer.id);
    expect(r.body.code).toBe('40900');
    expect(r.body.msg).toBe(`发票第 1 行：发票号码“${no}”已被单据 ${older.reimburseNo} 使用，同一张发票只能报销一次`);
    expect((await info(newer.id)).approvalStatus).toBe('0');
  });

  it('goes to one of several claims saved at the same moment, in different spellings', async () => {
    const no = digital();
    const spellings = [no, spaced(no), fullWidth(no), `00${no}`, no.replace(/(\d{5})(?=\d)/g, '$1-'), ` ${no}`];
    const answers = await Promise.all(
      spellings.map((s, i) => save(i % 2 ? 'teacher' : 'staff', [{ invoiceNo: s, invoiceCode: i % 3 ? '' : '123' }])),
    );
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === '40900')).toHaveLength(spellings.length - 1);
    const held = await sql<{ n: number }>`select count(*)::int as n from nk_invoice where invoice_key = ${no}`.execute(db());
    expect(held.rows[0]!.n).toBe(1);
    const lines = await sql<{ n: number }>`select count(*)::int as n from exp_reimburse_invoice where invoice_no = ${no}`.execute(
      db(),
    );
    expect(lines.rows[0]!.n).toBe(1);
  });
});
