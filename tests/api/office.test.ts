// Seals and printing (issue 18): a seal request carries the files to stamp, is approved (the
// principal too for the official, party and legal person's seals), then the seal keeper stamps it and
// keeps the stamped file — or hands the seal out and records its return. A print job's cost is the
// server's, worked out from copies, pages, colour, paper and binding; the print room records the
// actual cost when done. Each step only in its order, only by who may take it, only on one's site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'head', 'principal', 'sealkeeper']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
});

async function upload(who: string, name: string, content = '%PDF-1.4 draft') {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const r = await fetch(`http://127.0.0.1:${server.port}/api/core/upload`, {
    method: 'POST',
    body: form,
    headers: { token: tokens[who]!, hostname: 'localhost' },
  });
  const body = (await r.json()) as { code: string; data: Row };
  expect(body.code).toBe('0');
  return { name: body.data.fileName ?? name, url: body.data.url, uid: body.data.uid };
}

async function approveAll(entity: string, id: number) {
  const deciders: string[] = [];
  for (let step = 0; step < 6; step++) {
    let decided = false;
    for (const who of ['head', 'principal', 'sealkeeper', 'admin']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === entity && Number(t.businessKey) === id);
      if (!task) continue;
      ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
      deciders.push(who);
      decided = true;
      break;
    }
    if (!decided) break;
  }
  return deciders;
}

const seal = async (id: number, who = 'staff') => ok(await server.get(`/api/seal/apply/infoById/${id}`, as(who)));

describe('seal requests', () => {
  const body = async (extra: Row = {}) => ({
    sealType: '3',
    documentName: '物业服务合同',
    sendTo: '市物业管理有限公司',
    copies: 2,
    stampPosition: '3',
    reason: '合同签订用印',
    draftFiles: [await upload('staff', '物业服务合同（定稿）.pdf')],
    takeOut: 'N',
    ...extra,
  });

  it('needs the files to stamp, and a return time when the seal is taken out', async () => {
    refused(await server.post('/api/seal/apply/save', { ...(await body()), draftFiles: [] }, as('staff')), /待盖章文件/);
    refused(await server.post('/api/seal/apply/save', { ...(await body()), draftFiles: undefined }, as('staff')), /待盖章文件/);
    refused(await server.post('/api/seal/apply/save', await body({ takeOut: 'Y' }), as('staff')), /预计归还时间/);
    refused(await server.post('/api/seal/apply/save', await body({ copies: 0 }), as('staff', 'en-US')), /Copies/);
    refused(await server.post('/api/seal/apply/save', await body({ sealType: '9' }), as('staff')));
    // A file of another site is not a file of this document.
    const cityFile = await (async () => {
      const form = new FormData();
      form.append('file', new Blob(['%PDF-1.4 city']), 'city.pdf');
      const r = await fetch(`http://127.0.0.1:${server.port}/api/core/upload`, {
        method: 'POST',
        body: form,
        headers: { token: tokens.cityadmin!, hostname: 'city.localhost' },
      });
      return ((await r.json()) as { data: Row }).data;
    })();
    refused(
      await server.post(
        '/api/seal/apply/save',
        await body({ draftFiles: [{ name: 'city.pdf', url: cityFile.url }] }),
        as('staff'),
      ),
    );
  });

  it('goes to the department head, to the principal only for the official, party and legal person seals, then is stamped by the keeper', async () => {
    const contract = ok(await server.post('/api/seal/apply/save', await body(), as('staff')));
    expect(contract.applyNo).toMatch(/^YY-\d{4}-\d{4}$/);
    expect(contract.sealState).toBe('0');
    // Not approved yet: nobody stamps it.
    refused(await server.post(`/api/seal/apply/stamp?id=${contract.id}`, { stampedFiles: [] }, as('sealkeeper')));
    ok(await server.post(`/api/seal/apply/submit?id=${contract.id}`, {}, as('staff')));
    expect(await approveAll('sealApply', contract.id)).toEqual(['head']);

    const official = ok(
      await server.post('/api/seal/apply/save', await body({ sealType: '1', documentName: '情况说明' }), as('staff')),
    );
    ok(await server.post(`/api/seal/apply/submit?id=${official.id}`, {}, as('staff')));
    expect(await approveAll('sealApply', official.id)).toEqual(['head', 'principal']);

    // Staff cannot stamp; the keeper must keep the stamped file.
    const stamped = await upload('sealkeeper', '物业服务合同（已盖章）.pdf', '%PDF-1.4 stamped');
    refused(await server.post(`/api/seal/apply/stamp?id=${contract.id}`, { stampedFiles: [stamped] }, as('staff')));
    refused(await server.post(`/api/seal/apply/stamp?id=${contract.id}`, { stampedFiles: [] }, as('sealkeeper')), /已盖章文件/);
    // Not taken out: the seal is not handed out.
    refused(await server.post(`/api/seal/apply/takeOut?id=${contract.id}`, {}, as('sealkeeper')));
    ok(
      await server.post(
        `/api/seal/apply/stamp?id=${contract.id}`,
        { stampedFiles: [stamped], keeperRemark: '骑缝章及落款章已加盖' },
        as('sealkeeper'),
      ),
    );
    const done = await seal(contract.id);
    expect(done).toMatchObject({ sealState: '1', keeperRemark: '骑缝章及落款章已加盖' });
    // File lists travel as the spec has them: a JSON string under extend.
    expect(JSON.parse(done.extend.stampedFiles)[0].url).toBe(stamped.url);
    // Stamped once.
    refused(await server.post(`/api/seal/apply/stamp?id=${contract.id}`, { stampedFiles: [stamped] }, as('sealkeeper')));
  });

  it('hands a seal out and records it back with the stamped copy', async () => {
    const out = ok(
      await server.post(
        '/api/seal/apply/save',
        await body({ sealType: '4', documentName: '银行开户资料', takeOut: 'Y', returnBy: '2099-01-01 17:00:00' }),
        as('staff'),
      ),
    );
    ok(await server.post(`/api/seal/apply/submit?id=${out.id}`, {}, as('staff')));
    await approveAll('sealApply', out.id);
    // A seal that leaves the office is not stamped at the desk.
    refused(
      await server.post(
        `/api/seal/apply/stamp?id=${out.id}`,
        { stampedFiles: [await upload('sealkeeper', 'x.pdf')] },
        as('sealkeeper'),
      ),
    );
    refused(
      await server.post(
        `/api/seal/apply/giveBack?id=${out.id}`,
        { stampedFiles: [await upload('sealkeeper', 'x.pdf')] },
        as('sealkeeper'),
      ),
    );
    ok(await server.post(`/api/seal/apply/takeOut?id=${out.id}`, {}, as('sealkeeper')));
    expect((await seal(out.id)).sealState).toBe('2');
    const copy = await upload('sealkeeper', '银行开户资料（盖章件）.pdf');
    ok(
      await server.post(
        `/api/seal/apply/giveBack?id=${out.id}`,
        { stampedFiles: [copy], keeperRemark: '印章完好' },
        as('sealkeeper'),
      ),
    );
    expect((await seal(out.id)).sealState).toBe('3');
  });

  it('keeps each site to its own requests', async () => {
    const mine = ok(await server.post('/api/seal/apply/save', await body(), as('staff')));
    const r = await server.get(`/api/seal/apply/infoById/${mine.id}`, as('cityadmin'));
    expect(r.body.code).not.toBe('0');
    refused(await server.post(`/api/seal/apply/stamp?id=${mine.id}`, { stampedFiles: [] }, as('cityadmin')));
    const cityList = ok(await server.get('/api/seal/apply/page?pageSize=100', as('cityadmin'))).records as Row[];
    expect(cityList.some((x) => x.id === mine.id)).toBe(false);
  });
});

describe('printing requests', () => {
  const job = (extra: Row = {}) => ({
    documentName: '期末考试语文试卷',
    copies: 300,
    pages: 6,
    colour: '1',
    paperSize: 'A3',
    sides: '2',
    binding: '1',
    costDeptId: dept['教务处'],
    neededBy: '2099-01-10',
    ...extra,
  });

  it('works the estimated cost out on the server, whatever the browser sends', async () => {
    // 300 × 6 pages × 0.10 × 2 (A3) + 300 × 0.20 (staple) = 360 + 60.
    const a = ok(await server.post('/api/printing/apply/save', { ...job(), estimatedCost: '1.00' }, as('staff')));
    expect(a.estimatedCost).toBe('420.00');
    // 100 × 20 colour pages on A4, glued: 100 × 20 × 0.80 + 100 × 3.
    const b = ok(
      await server.post(
        '/api/printing/apply/save',
        job({ copies: 100, pages: 20, colour: '2', paperSize: 'A4', binding: '2' }),
        as('staff'),
      ),
    );
    expect(b.estimatedCost).toBe('1900.00');
    refused(await server.post('/api/printing/apply/save', job({ copies: 'many' }), as('staff')));
    refused(await server.post('/api/printing/apply/save', job({ pages: 0 }), as('staff')));
    refused(await server.post('/api/printing/apply/save', job({ costDeptId: 999999 }), as('staff')));
  });

  it('is printed after approval and records its actual cost; the large job also goes to the office', async () => {
    const small = ok(
      await server.post('/api/printing/apply/save', job({ copies: 40, pages: 2, paperSize: 'A4', binding: '0' }), as('staff')),
    );
    refused(await server.post(`/api/printing/apply/finish?id=${small.id}`, { actualCost: '8.00' }, as('sealkeeper')));
    ok(await server.post(`/api/printing/apply/submit?id=${small.id}`, {}, as('staff')));
    expect(await approveAll('printApply', small.id)).toEqual(['head']);
    refused(await server.post(`/api/printing/apply/finish?id=${small.id}`, {}, as('sealkeeper')), /实际费用/);
    ok(await server.post(`/api/printing/apply/finish?id=${small.id}`, { actualCost: '8.00' }, as('sealkeeper')));
    const done = ok(await server.get(`/api/printing/apply/infoById/${small.id}`, as('staff')));
    expect(done).toMatchObject({ printState: '1', actualCost: '8.00' });

    // 600 × 6 × 0.10 × 2 + 600 × 0.20 = 840.00: from 500.00 on the office approves too.
    const large = ok(await server.post('/api/printing/apply/save', job({ copies: 600 }), as('staff')));
    ok(await server.post(`/api/printing/apply/submit?id=${large.id}`, {}, as('staff')));
    expect(await approveAll('printApply', large.id)).toEqual(['head', 'sealkeeper']);
    ok(await server.post(`/api/printing/apply/cancel?id=${large.id}`, {}, as('staff')));
    refused(await server.post(`/api/printing/apply/finish?id=${large.id}`, { actualCost: '1.00' }, as('sealkeeper')));
  });

  it('offers the demo documents in every state', async () => {
    const seals = ok(await server.get('/api/seal/apply/page?pageSize=100', as('sealkeeper'))).records as Row[];
    for (const state of ['0', '1', '2', '3'])
      expect(
        seals.some((s) => s.sealState === state),
        `seal state ${state}`,
      ).toBe(true);
    const jobs = ok(await server.get('/api/printing/apply/page?pageSize=100', as('sealkeeper'))).records as Row[];
    for (const state of ['0', '1'])
      expect(
        jobs.some((s) => s.printState === state),
        `print state ${state}`,
      ).toBe(true);
    const cityJobs = ok(await server.get('/api/printing/apply/page?pageSize=100', as('cityadmin'))).records as Row[];
    expect(cityJobs.length).toBeGreaterThan(0);
    expect(cityJobs.some((j) => jobs.some((d) => d.id === j.id))).toBe(false);
  });
});
