// Reimbursements (issue 15): claims of 20 lines and 20 invoices submitted on one hot indicator, over
// real HTTP, CALLERS at once — each submit validates, freezes through the ledger (with the ≥ 80 %
// question answered), starts the approval and writes its history, in one transaction. Ceiling,
// measured in the same run on the same database: the bare freeze — the ledger's conditional update
// and journal row, each in its own transaction, the same callers, no HTTP. At the end the indicator
// must show exactly what the submitted claims froze (0 overspend). Then a claim of 200 lines, saved and
// read back, against a page of 200 rows of the same list (issue 14's goal: within 1.3×).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startBenchApp } from './app.ts';
import { Ledger } from '../server/modules/budget/ledger.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALLERS = 8;
const LINES = 20;
const BIG_LINES = 200;
const BIG_RUNS = 15;

export interface ExpenseBenchResult {
  storage: string;
  callers: number;
  lines: number;
  submits: number;
  perSecond: number;
  ceilingPerSecond: number;
  savePerSecond: number;
  frozen: string;
  expected: string;
  overspend: boolean;
  /** A document of 200 lines against a 200-row plain list page, median ms (one caller). */
  big: { lines: number; saveMs: number; readMs: number; listMs: number; runs: number };
}

const log = (m: string) => console.error(`[bench expense] ${m}`);

export async function benchExpense(): Promise<ExpenseBenchResult> {
  log('migrate and seed');
  const bench = await startBenchApp('expense');
  const { db, base } = bench;
  const year = '2041';
  let token = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { token, year, 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await r.json()) as { code: string; msg: string; data: any };
    if (answer.code !== '0') throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  try {
    token = (await call('POST', '/auth/login/account', { loginName: 'admin', password: 'Admin@12345' })).token;
    const dept = ((await call('GET', '/core/dept/list')) as Array<{ id: number; deptName: string }>).find(
      (d) => d.deptName === '教务处',
    )!;
    const indicator = async (code: string) =>
      Number(
        (
          await call('POST', '/neikong/budget/save', {
            limitCode: code,
            budgetName: `基准 ${code}`,
            deptId: dept.id,
            expenseType: '2',
            economicClass: '30211',
            originalAmount: '100000000.00',
          })
        ).id,
      );
    const hot = await indicator('BENCH-EXP');
    const bare = await indicator('BENCH-BARE');

    // Claims to submit, saved beforehand (their saving is measured too: 20 lines, 20 invoices each).
    let invoiceNo = 90000000;
    const claim = (k: number) => ({
      title: `基准报销 ${k}`,
      budgetId: hot,
      items: Array.from({ length: LINES }, (_, i) => ({ economicClass: '30211', summary: `第 ${i + 1} 项`, amount: '1.00' })),
      invoices: Array.from({ length: LINES }, () => ({
        invoiceCode: '011002300111',
        invoiceNo: String(++invoiceNo),
        invoiceDate: `${year}-03-01`,
        amount: '1.00',
      })),
    });
    const wanted = Math.max(200, SECONDS * 60);
    log(`saving ${wanted} claims of ${LINES} lines`);
    const ids: number[] = [];
    const saveStart = performance.now();
    let k = 0;
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (k < wanted) {
          const mine = k++;
          ids.push(Number((await call('POST', '/expense/funds/save', claim(mine))).id));
        }
      }),
    );
    const savePerSecond = ids.length / ((performance.now() - saveStart) / 1000);

    log(`submitting for ${SECONDS} s`);
    const end = performance.now() + SECONDS * 1000;
    let next = 0;
    let submits = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (performance.now() < end && next < ids.length) {
          const id = ids[next++]!;
          await call('POST', `/expense/funds/submit?id=${id}&confirmed=1`, {});
          submits++;
        }
      }),
    );
    const perSecond = submits / ((performance.now() - started) / 1000);

    log('the bare freeze');
    const site = Number((await sql<{ id: number }>`select id from sys_dept where top_dept_key = 'demo'`.execute(db)).rows[0]!.id);
    const bareEnd = performance.now() + SECONDS * 1000;
    let freezes = 0;
    const bareStart = performance.now();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (performance.now() < bareEnd) {
          await db
            .transaction()
            .execute((trx) => new Ledger(trx, site, null, new Date()).freeze(bare, '20.00', { type: 'bench', id: null }));
          freezes++;
        }
      }),
    );
    const ceilingPerSecond = freezes / ((performance.now() - bareStart) / 1000);

    // A document of 200 lines, saved and read back, against a page of 200 plain rows of the same
    // list read in the same run (issue 14: within 1.3×). One caller, interleaved, median.
    log(`a claim of ${BIG_LINES} lines against a ${BIG_LINES}-row page`);
    const bigClaim = (k: number) => ({
      title: `基准大单 ${k}`,
      budgetId: hot,
      items: Array.from({ length: BIG_LINES }, (_, i) => ({ economicClass: '30211', summary: `第 ${i + 1} 项`, amount: '1.00' })),
      invoices: [
        { invoiceCode: '011002300111', invoiceNo: String(++invoiceNo), invoiceDate: `${year}-03-01`, amount: `${BIG_LINES}.00` },
      ],
    });
    const time = async (f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      return performance.now() - t0;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const saves: number[] = [];
    const reads: number[] = [];
    const lists: number[] = [];
    for (let run = 0; run < BIG_RUNS + 2; run++) {
      let id = 0;
      const save = await time(async () => (id = Number((await call('POST', '/expense/funds/save', bigClaim(run))).id)));
      const read = await time(() => call('GET', `/expense/funds/infoById/${id}`));
      // 200 rows of the list: two pages of 100, the largest page the list allows.
      const list = await time(async () => {
        for (const pageNum of [1, 2]) await call('GET', `/expense/funds/page?pageNum=${pageNum}&pageSize=${BIG_LINES / 2}`);
      });
      if (run < 2) continue; // warm-up
      saves.push(save);
      reads.push(read);
      lists.push(list);
    }
    const big = { lines: BIG_LINES, saveMs: median(saves), readMs: median(reads), listMs: median(lists), runs: BIG_RUNS };
    const frozen = String(
      (await sql<{ frozen_amount: string }>`select frozen_amount from nk_budget where id = ${hot}`.execute(db)).rows[0]!
        .frozen_amount,
    );
    const expected = `${submits * LINES}.00`;
    return {
      storage: 'embedded',
      callers: CALLERS,
      lines: LINES,
      submits,
      perSecond,
      ceilingPerSecond,
      savePerSecond,
      frozen,
      expected,
      overspend: frozen !== expected,
      big,
    };
  } finally {
    await bench.close();
  }
}

export function expenseSection(r: ExpenseBenchResult): string {
  const f = (n: number) => n.toFixed(1);
  return [
    `Reimbursements of ${r.lines} lines and ${r.lines} invoices on one indicator, ${r.callers} callers over real HTTP, ${r.storage} database.`,
    '',
    '| measure | per second | ceiling (bare freeze, same run) | ratio |',
    '|---|---:|---:|---:|',
    `| submit (validate, freeze, start the approval) | ${f(r.perSecond)} | ${f(r.ceilingPerSecond)} | ${(r.perSecond / r.ceilingPerSecond).toFixed(3)} |`,
    `| save a claim with its lines and invoices | ${f(r.savePerSecond)} | ${f(r.ceilingPerSecond)} | ${(r.savePerSecond / r.ceilingPerSecond).toFixed(3)} |`,
    '',
    `${r.submits} submits; the indicator froze ${r.frozen} for ${r.expected} submitted: ${r.overspend ? 'OVERSPEND' : '0 overspend'}.`,
    '',
    `A claim of ${r.big.lines} lines against ${r.big.lines} claims of the same list read as plain rows (two pages of 100, the largest page the list allows), one caller over real HTTP, median of ${r.big.runs} interleaved runs (goal: within 1.3×):`,
    '',
    '| measure | ms | ceiling: 200 plain rows of the list (ms) | ratio |',
    '|---|---:|---:|---:|',
    `| save the claim with its ${r.big.lines} lines (validate, number, check, write in one transaction) | ${r.big.saveMs.toFixed(1)} | ${r.big.listMs.toFixed(1)} | ${(r.big.saveMs / r.big.listMs).toFixed(2)} |`,
    `| read it back with its lines | ${r.big.readMs.toFixed(1)} | ${r.big.listMs.toFixed(1)} | ${(r.big.readMs / r.big.listMs).toFixed(2)} |`,
    '',
  ].join('\n');
}
