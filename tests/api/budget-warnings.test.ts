// Budget warnings (预警, issue 7; DOMAIN.md "Warnings"): records raised by the ledger's changes
// (≥ 80 % yellow, > 100 % red, warning words in spending notes), progress lag found by the scan,
// automatic release when the cause goes away, release by hand with a note (finance, audit), the
// warning words of every site, the site boundary and data scope. No call may end in a system error.
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../server/modules/budget/ledger.ts';
import { checkWarningWords, evaluateIndicator, scanProgress } from '../../server/modules/warning/rules.ts';
import { startNode, startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

const YEAR = '2026';

let server: TestServer;
let siteId: number;
const tokens: Record<string, string> = {};
const depts: Record<string, number> = {};
const answers: Array<{ call: string; status: number; code: string }> = [];

function watch(node: TestServer) {
  const request = node.request.bind(node);
  node.request = async <T = any>(path: string, options: RequestOptions = {}): Promise<Reply<T>> => {
    const r = await request<T>(path, options);
    answers.push({ call: `${options.method ?? 'GET'} ${path}`, status: r.status, code: r.body.code });
    return r;
  };
}

const db = () => server.database.db as unknown as Kysely<any>;

beforeAll(async () => {
  server = await startServer();
  watch(server);
  siteId = server.services.sites.get('demo')!.id;
  for (const d of (await sql<Row>`select id, dept_name from sys_dept where top_dept_id = ${siteId}`.execute(db())).rows)
    depts[d.dept_name] = Number(d.id);
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['finance', 'head', 'staff', 'auditor']) tokens[name] = await server.login(name, 'Demo@12345');
  tokens.cityadmin = await server.login('cityadmin', 'City@12345', 'city');
});
afterAll(async () => server?.close());
afterEach(() => {
  const broken = answers.filter((a) => a.status >= 500 || a.code === '50000');
  answers.length = 0;
  expect(broken, 'no call may end in a system error').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// helpers

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  lang,
  site: who.startsWith('city') ? 'city' : 'demo',
  headers: { year: YEAR },
});

function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}
function refused(r: Reply, code: string, ...words: string[]) {
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  for (const w of words) expect(r.body.msg).toContain(w);
}

let counter = 0;
const code = () => `W${Date.now() % 100000}${++counter}`;

/** A leaf indicator of 2026 created as admin. */
async function indicator(amount: number, dept = '教务处', name = `预警测试指标${counter + 1}`) {
  const limitCode = code();
  const row = ok(
    await server.post(
      '/api/neikong/budget/save',
      {
        limitCode,
        budgetName: name,
        deptId: depts[dept],
        expenseType: '2',
        economicClass: '30201',
        originalAmount: amount.toFixed(2),
      },
      as('admin'),
    ),
  );
  return { id: Number(row.id), limitCode, name, dept };
}

/** Finance records spending straight to used (budgetSubtractDetails). */
const spend = (budgetId: number, amount: number, note = '日常办公支出') =>
  server.post('/api/neikong/budgetSubtractDetails/save', { budgetId, amount: amount.toFixed(2), note }, as('finance'));

async function recordsOf(budgetId: number, who = 'admin', lang = 'zh-CN', extra = ''): Promise<Row[]> {
  return ok(await server.get(`/api/neikong/warningRecord/page?budgetId=${budgetId}&pageSize=100${extra}`, as(who, lang))).records;
}
const active = (rows: Row[], type: string) => rows.filter((r) => r.warningType === type && r.releaseStatus === '0');

const release = (id: number, who: string, releaseNote?: unknown) =>
  server.post('/api/neikong/warningRecord/releaseStatus', releaseNote === undefined ? { id } : { id, releaseNote }, as(who));

// ---------------------------------------------------------------------------------------------

describe('execution and over-budget warnings from the ledger', () => {
  it('raises exactly one yellow record at 80 % and keeps it single while spending goes on', async () => {
    const b = await indicator(10000);
    ok(await spend(b.id, 7000));
    expect(await recordsOf(b.id)).toEqual([]);

    ok(await spend(b.id, 1000)); // 80 %
    let rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      warningType: '1',
      warningLevel: '1',
      releaseStatus: '0',
      budgetId: b.id,
      budgetIdLabel: b.name,
      deptId: depts['教务处'],
      budgetYear: YEAR,
      value: 80,
      threshold: 80,
      sourceType: 'budgetSubtract',
      releasedBy: null,
    });
    expect(rows[0]!.content).toContain(b.name);
    expect(rows[0]!.content).toContain('80.00%');

    ok(await spend(b.id, 500)); // 85 %: still the one record
    rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(active(rows, '1')).toHaveLength(1);

    // The reader's language, whatever language the record was raised in.
    const [en] = await recordsOf(b.id, 'admin', 'en-US');
    expect(en!.content).toContain(`Budget indicator "${b.name}" is 80.00% committed`);
    const info = ok(await server.get(`/api/neikong/warningRecord/infoById/${rows[0]!.id}`, as('admin', 'pt-BR')));
    expect(info.content).toContain('comprometido');
  });

  it('a freeze counts: utilisation ((frozen + used) / adjusted) decides, and a refused overspend leaves no trace', async () => {
    const b = await indicator(5000);
    await db()
      .transaction()
      .execute(async (trx) => {
        await new Ledger(trx, siteId, null, new Date(server.clock.now())).freeze(b.id, '4000.00', {
          type: 'beforehand',
          id: 9001,
          note: '会议资料',
        });
      });
    const rows = await recordsOf(b.id);
    expect(active(rows, '1')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 80, sourceType: 'beforehand', sourceId: 9001 });

    // More than is available: the ledger refuses (40900), so utilisation never passes 100 %.
    refused(await spend(b.id, 1000.01), '40900', b.name);
    expect(active(await recordsOf(b.id), '2')).toHaveLength(0);
  });

  it('red (> 100 %) is the rule for balances the database itself refuses to hold, released when they are back', async () => {
    // The check constraint (available ≥ 0) and the ledger's conditional updates keep frozen + used
    // within adjusted, so no request can produce it: the rule is exercised directly.
    const b = await indicator(1000);
    ok(await spend(b.id, 900));
    const balances = {
      id: b.id,
      budgetYear: YEAR,
      budgetName: b.name,
      adjusted: '1000.00',
      adjustFrozen: '0.00',
      frozen: '0.00',
      used: '1200.00',
      paid: '0.00',
      available: '-200.00',
    };
    await db()
      .transaction()
      .execute((trx) => evaluateIndicator(trx, siteId, balances, { type: 'import', id: null }, new Date(server.clock.now())));
    let rows = await recordsOf(b.id);
    const red = active(rows, '2');
    expect(red).toHaveLength(1);
    expect(red[0]).toMatchObject({ warningLevel: '2', value: 120, threshold: 100 });
    expect(red[0]!.content).toContain('超预算');
    expect(active(rows, '1')).toHaveLength(1);

    await db()
      .transaction()
      .execute((trx) =>
        evaluateIndicator(
          trx,
          siteId,
          { ...balances, used: '900.00', available: '100.00' },
          { type: 'import', id: null },
          new Date(),
        ),
      );
    rows = await recordsOf(b.id);
    expect(active(rows, '2')).toHaveLength(0);
    expect(rows.find((r) => r.warningType === '2')).toMatchObject({ releaseStatus: '1', releasedBy: null });
    expect(active(rows, '1')).toHaveLength(1); // still at 90 %
  });
});

describe('warning words', () => {
  it('every site starts with the seven default words, its own', async () => {
    for (const who of ['admin', 'cityadmin']) {
      const words = ok(await server.get('/api/neikong/warningWords/page?pageSize=50', as(who))).records.map((r: Row) => r.word);
      expect(words.sort()).toEqual(['KTV', '会员卡', '宴请', '旅游', '烟酒', '礼品', '购物卡'].sort());
    }
    refused(await server.post('/api/neikong/warningWords/save', { word: '礼品' }, as('admin')), '40900', '礼品');
    refused(await server.post('/api/neikong/warningWords/save', { word: '' }, as('admin')), '40000');
    refused(await server.post('/api/neikong/warningWords/save', { word: 'x'.repeat(21) }, as('admin')), '40000');
  });

  it('a note with a word raises a red record naming the word and the source; case does not matter', async () => {
    const b = await indicator(100000);
    ok(await spend(b.id, 300, '采购礼品一批'));
    let rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ warningType: '4', warningLevel: '2', releaseStatus: '0', sourceType: 'budgetSubtract' });
    expect(rows[0]!.content).toContain('“礼品”');
    expect(rows[0]!.content).toContain('预算扣减');
    expect(rows[0]!.content).toContain('采购礼品一批');

    ok(await spend(b.id, 200, '教研活动场地费'));
    expect(await recordsOf(b.id)).toHaveLength(1);

    ok(await spend(b.id, 200, '工会ktv活动'));
    rows = await recordsOf(b.id);
    expect(rows.filter((r) => r.warningType === '4')).toHaveLength(2);
    expect(rows.some((r) => r.content.includes('“KTV”'))).toBe(true);
  });

  it("a site's new words count, disabled ones do not; another site's words do not", async () => {
    ok(await server.post('/api/neikong/warningWords/save', { word: '高尔夫', status: '0' }, as('admin')));
    ok(await server.post('/api/neikong/warningWords/save', { word: '茶叶', status: '1' }, as('admin')));
    ok(await server.post('/api/neikong/warningWords/save', { word: '钓鱼' }, as('cityadmin')));
    const b = await indicator(100000);
    ok(await spend(b.id, 100, '购买茶叶'));
    ok(await spend(b.id, 100, '钓鱼比赛奖品'));
    expect(await recordsOf(b.id)).toEqual([]);
    ok(await spend(b.id, 100, '高尔夫练习'));
    const rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toContain('高尔夫');
  });

  it('other modules check their texts too: a document is warned once per word', async () => {
    const b = await indicator(50000);
    const check = () =>
      db()
        .transaction()
        .execute((trx) =>
          checkWarningWords(
            trx,
            siteId,
            '报销：宴请及烟酒',
            { type: 'expense', id: 77, budgetId: b.id },
            new Date(server.clock.now()),
          ),
        );
    expect((await check()).sort()).toEqual(['宴请', '烟酒'].sort());
    await check();
    const rows = await recordsOf(b.id);
    expect(rows.filter((r) => r.warningType === '4')).toHaveLength(2);
    expect(rows.every((r) => r.sourceType === 'expense' && r.sourceId === 77 && r.deptId === depts['教务处'])).toBe(true);
  });
});

describe('progress lag', () => {
  afterEach(() => server.clock.set(Date.now()));

  it('the scan warns an indicator behind month / 12 − tolerance once, and spending that catches up releases it', async () => {
    const june = new Date(2026, 5, 15, 10);
    server.clock.set(june.getTime());
    const b = await indicator(12000);
    ok(await spend(b.id, 1200)); // 10 % against 6/12 − 0.2 = 30 %
    const other = await indicator(12000);
    ok(await spend(other.id, 4800)); // 40 %: on track

    const first = await scanProgress(db(), siteId, YEAR, june);
    expect(first.raised).toBeGreaterThanOrEqual(1);
    await scanProgress(db(), siteId, YEAR, june);
    let rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ warningType: '3', warningLevel: '1', releaseStatus: '0', value: 10, threshold: 30 });
    expect(rows[0]!.content).toContain('50.00%');
    expect(await recordsOf(other.id)).toEqual([]);

    // A month earlier the line is 5/12 − 0.2 ≈ 21.67 %: the 40 % one is not behind either way.
    ok(await spend(b.id, 2400)); // 30 %: caught up
    rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ releaseStatus: '1', releasedBy: null });
    expect(rows[0]!.releaseNote).toBe('预警原因已消除，系统自动解除');
    expect(rows[0]!.releasedAt).toBe(new Date(june).toISOString());
    const [en] = await recordsOf(b.id, 'admin', 'en-US');
    expect(en!.releaseNote).toBe('The cause went away: released automatically');
  });

  it('an app node scans every site when it starts, without holding the start up', async () => {
    const b = await indicator(12000);
    ok(await spend(b.id, 1200));
    server.clock.set(new Date(2026, 8, 1, 8).getTime()); // September: the line is 9/12 − 0.2 = 55 %
    expect(await recordsOf(b.id)).toEqual([]);
    const node = await startNode(server.database, server.testDb!.dataDir, server.clock);
    try {
      let rows: Row[] = [];
      for (let i = 0; i < 100 && !rows.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        rows = await recordsOf(b.id);
      }
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ warningType: '3', value: 10, threshold: 55 });
    } finally {
      await node.close();
    }
  });

  it('page?scan=1 scans the caller’s year with the server’s clock; the tolerance is the site’s setting', async () => {
    const b = await indicator(12000);
    ok(await spend(b.id, 2400)); // 20 %
    server.clock.set(new Date(2026, 5, 20, 9).getTime()); // line 30 %
    expect(await recordsOf(b.id)).toEqual([]);
    let rows = await recordsOf(b.id, 'admin', 'zh-CN', '&scan=1');
    expect(active(rows, '3')).toHaveLength(1);

    // A wider tolerance: 6/12 − 0.35 = 15 %, the indicator is no longer behind.
    await sql`update sys_config set config_value = '0.35' where top_dept_id = ${siteId} and config_key = 'warning.progressTolerance'`.execute(
      db(),
    );
    try {
      rows = await recordsOf(b.id, 'admin', 'zh-CN', '&scan=1');
      expect(active(rows, '3')).toHaveLength(0);
      expect(rows[0]).toMatchObject({ warningType: '3', releaseStatus: '1' });
    } finally {
      await sql`update sys_config set config_value = '0.2' where top_dept_id = ${siteId} and config_key = 'warning.progressTolerance'`.execute(
        db(),
      );
    }
  });
});

describe('release', () => {
  it('the page offers the release dialog to finance and audit, not to a department head', async () => {
    const releaseAction = async (who: string) => {
      const bundle = ok(await server.get('/api/schema/page/WarningRecord', as(who)));
      const action = (bundle.list.rowActions as Row[]).find((a) => a.endpoint === 'releaseStatus');
      return { action, form: bundle.forms.warningRecordRelease as Row | undefined };
    };
    for (const who of ['finance', 'auditor']) {
      const { action, form } = await releaseAction(who);
      expect(action).toMatchObject({ action: 'edit', form: 'warningRecordRelease', visible: "releaseStatus == '0'" });
      expect(form?.schema.properties.grid.properties.releaseNote.required).toBe(true);
    }
    expect((await releaseAction('head')).action).toBeUndefined();
    refused(await server.get('/api/schema/page/WarningRecord', as('staff')), '40103');
  });

  it('a reply raising the indicator below 80 % releases the yellow record; a new episode warns again', async () => {
    const b = await indicator(10000);
    ok(await spend(b.id, 8500));
    expect(active(await recordsOf(b.id), '1')).toHaveLength(1);

    ok(
      await server.post(
        '/api/neikong/budgetReply/save',
        {
          replyNo: code(),
          replyDate: '2026-07-01',
          limitCode: b.limitCode,
          budgetName: b.name,
          deptId: depts['教务处'],
          expenseType: '2',
          amount: '5000.00',
        },
        as('admin'),
      ),
    ); // 8500 / 15000 = 56.7 %
    let rows = await recordsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      warningType: '1',
      releaseStatus: '1',
      releasedBy: null,
      releaseNote: '预警原因已消除，系统自动解除',
    });

    ok(await spend(b.id, 3500)); // 80 % again
    rows = await recordsOf(b.id);
    expect(rows).toHaveLength(2);
    expect(active(rows, '1')).toHaveLength(1);
  });

  it('finance releases with a note; without one, twice, or as staff or head it is refused', async () => {
    const b = await indicator(10000);
    ok(await spend(b.id, 9000));
    const [record] = active(await recordsOf(b.id), '1');

    refused(await release(record!.id, 'finance'), '40000', '请填写解除说明');
    refused(await release(record!.id, 'finance', '   '), '40000', '请填写解除说明');
    refused(await release(record!.id, 'finance', 'x'.repeat(201)), '40000', '200');
    refused(await release(record!.id, 'staff', '看过了'), '40103');
    refused(await release(record!.id, 'head', '看过了'), '40103');
    expect(active(await recordsOf(b.id), '1')).toHaveLength(1);

    const r = await release(record!.id, 'finance', '已核实：年底集中采购，预算充足');
    ok(r);
    expect(r.body.msg).toBe('已解除 1 条预警');
    const [after] = await recordsOf(b.id);
    expect(after).toMatchObject({
      releaseStatus: '1',
      releaseNote: '已核实：年底集中采购，预算充足',
      releasedByLabel: expect.any(String),
    });
    expect(after!.releasedBy).toBeGreaterThan(0);
    expect(after!.releasedAt).toBeTruthy();

    refused(await release(record!.id, 'finance', '再次解除'), '40900', String(record!.id));

    // Released by hand: the episode is acknowledged, more spending above 80 % does not warn again …
    ok(await spend(b.id, 500));
    expect(active(await recordsOf(b.id), '1')).toHaveLength(0);
  });

  it('audit releases too (the release form posts id, version and the note)', async () => {
    const b = await indicator(10000, '财务室');
    ok(await spend(b.id, 8000));
    const [record] = active(await recordsOf(b.id), '1');
    ok(
      await server.post(
        '/api/neikong/warningRecord/releaseStatus',
        { id: record!.id, version: record!.version, releaseNote: '审计已抽查' },
        as('auditor'),
      ),
    );
    expect((await recordsOf(b.id, 'auditor'))[0]).toMatchObject({ releaseStatus: '1', releaseNote: '审计已抽查' });
  });

  it('records come from the server only; remove is the generic one', async () => {
    refused(await server.post('/api/neikong/warningRecord/save', { releaseNote: 'x' }, as('admin')), '40900', '系统自动产生');
    const b = await indicator(1000);
    ok(await spend(b.id, 850));
    const [record] = await recordsOf(b.id);
    refused(
      await server.post(
        '/api/neikong/warningRecord/update',
        { id: record!.id, version: record!.version, releaseNote: 'x' },
        as('admin'),
      ),
      '40900',
    );
    ok(await server.post('/api/neikong/warningRecord/remove', { ids: [record!.id] }, as('admin')));
    expect(await recordsOf(b.id)).toEqual([]);
  });
});

describe('who sees which records', () => {
  it('another site never sees, releases or removes demo records', async () => {
    const b = await indicator(1000);
    ok(await spend(b.id, 900, '购物卡'));
    const mine = await recordsOf(b.id);
    expect(mine).toHaveLength(2);
    const city = ok(await server.get('/api/neikong/warningRecord/page?pageSize=100', as('cityadmin'))).records as Row[];
    expect(city.filter((r) => mine.some((m) => m.id === r.id))).toEqual([]);
    const cityList = ok(await server.get(`/api/neikong/warningRecord/list?budgetId=${b.id}`, as('cityadmin'))) as Row[];
    expect(cityList).toEqual([]);
    refused(await server.get(`/api/neikong/warningRecord/infoById/${mine[0]!.id}`, as('cityadmin')), '40400');
    refused(await release(mine[0]!.id, 'cityadmin', '越权'), '40400');
    refused(await server.post('/api/neikong/warningRecord/remove', { ids: [mine[0]!.id] }, as('cityadmin')), '40400');
    expect(active(await recordsOf(b.id), '1')).toHaveLength(1);
  });

  it('the head of 教务处 sees only 教务处 records; finance sees every department', async () => {
    const ours = await indicator(1000, '教务处');
    const theirs = await indicator(1000, '总务处');
    ok(await spend(ours.id, 800));
    ok(await spend(theirs.id, 800));

    const head = ok(await server.get('/api/neikong/warningRecord/page?pageSize=100', as('head'))).records as Row[];
    expect(head.length).toBeGreaterThan(0);
    expect(head.every((r) => r.deptId === depts['教务处'])).toBe(true);
    expect(head.some((r) => r.budgetId === ours.id)).toBe(true);
    expect(head.some((r) => r.budgetId === theirs.id)).toBe(false);
    const [hidden] = await recordsOf(theirs.id);
    refused(await server.get(`/api/neikong/warningRecord/infoById/${hidden!.id}`, as('head')), '40400');

    const finance = ok(await server.get('/api/neikong/warningRecord/page?pageSize=100', as('finance'))).records as Row[];
    expect(finance.some((r) => r.budgetId === ours.id)).toBe(true);
    expect(finance.some((r) => r.budgetId === theirs.id)).toBe(true);
  });

  it('lists keep to the year of the request', async () => {
    const b = await indicator(1000);
    ok(await spend(b.id, 800));
    expect(await recordsOf(b.id)).toHaveLength(1);
    const other = ok(
      await server.get(`/api/neikong/warningRecord/page?budgetId=${b.id}`, { ...as('admin'), headers: { year: '2025' } }),
    );
    expect(other.records).toEqual([]);
  });
});
