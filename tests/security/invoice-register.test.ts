// Part of the security campaign (issue 31, controls that cannot be bypassed): one invoice is
// reimbursed once per site, however it is typed. A member of staff holds a fully digital invoice
// (数电票, 20 digits, no code) and a traditional one (code + 8-digit number) on a claim; another
// member of staff claims each again in every spelling we can think of — spaces of every kind,
// full-width digits, hyphens and dashes, zeros in front, a code empty, absent or another beside a
// 20-digit number, a code spelt otherwise — on a new claim (save) and on a claim of their own
// (update). Goal: 0 accepted, and every refusal names the claim that holds the invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type TestServer } from '../support/server.ts';
import { recordFigures } from './figures.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const YEAR = '2038';

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['staff', 'teacher']) tokens[name] = await server.login(name, 'Demo@12345');
});
afterAll(async () => server?.close());

const as = (who: string) => ({ token: tokens[who], lang: 'zh-CN', headers: { year: YEAR } });
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

const DIGITAL = '38312000000000031415';
const CODE = '031001800104';
const NUMBER = '01234567';

const fullWidth = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
const grouped = (s: string, size: number, sep: string) => s.replace(new RegExp(`(\\d{${size}})(?=\\d)`, 'g'), `$1${sep}`);
/** Ways of typing one string of digits. */
const spellingsOf = (digits: string): string[] => [
  digits,
  ` ${digits} `,
  grouped(digits, 4, ' '),
  grouped(digits, 2, ' '),
  grouped(digits, 4, '\u3000'),
  grouped(digits, 4, '\u00a0'),
  grouped(digits, 4, '\t'),
  grouped(digits, 4, '-'),
  grouped(digits, 4, '\u2013'),
  grouped(digits, 4, '\uff0d'),
  fullWidth(digits),
  grouped(fullWidth(digits), 4, ' '),
  `0${digits}`,
  `000${digits}`,
  `0 ${grouped(fullWidth(digits), 4, '-')}`,
  digits.replace(/^0+/, ''),
];

describe('the invoice register', () => {
  it('refuses every spelling of a held invoice to another member of staff, naming the claim that holds it', async () => {
    const depts = ok(await server.get('/api/core/dept/list', as('admin'))) as Row[];
    const budget = async (deptName: string, limitCode: string) =>
      Number(
        ok(
          await server.post(
            '/api/neikong/budget/save',
            {
              limitCode,
              budgetName: `发票登记${deptName}`,
              deptId: Number(depts.find((d) => d.deptName === deptName)!.id),
              expenseType: '2',
              economicClass: '30211',
              fundSource: '1',
              originalAmount: '100000.00',
            },
            as('admin'),
          ),
        ).id,
      );
    const staffBudget = await budget('教务处', 'SEC-IR-1');
    const teacherBudget = await budget('学生处', 'SEC-IR-2');
    let k = 0;
    const claim = (budgetId: number, invoices: Row[]) => ({
      title: `发票登记 ${++k}`,
      budgetId,
      items: [{ economicClass: '30211', summary: '差旅', amount: '10.00' }],
      invoices: invoices.map((i) => ({ invoiceDate: '2038-03-02', amount: '10.00', ...i })),
    });
    const holder = ok(
      await server.post(
        '/api/expense/funds/save',
        claim(staffBudget, [{ invoiceNo: DIGITAL }, { invoiceNo: NUMBER, invoiceCode: CODE }]),
        as('staff'),
      ),
    );
    // The teacher's own claim, which each spelling is also put into by an update.
    const own = ok(
      await server.post('/api/expense/funds/save', claim(teacherBudget, [{ invoiceNo: '38312000000000000001' }]), as('teacher')),
    );

    const attempts: Row[] = [];
    for (const number of spellingsOf(DIGITAL))
      for (const code of [undefined, null, '', '   ', CODE, grouped(CODE, 4, ' '), '1234567890', fullWidth(CODE)])
        attempts.push(code === undefined ? { invoiceNo: number } : { invoiceNo: number, invoiceCode: code });
    for (const number of spellingsOf(NUMBER))
      for (const code of [
        CODE,
        ` ${CODE} `,
        grouped(CODE, 4, ' '),
        grouped(CODE, 3, '-'),
        fullWidth(CODE),
        `0${CODE}`,
        CODE.replace(/^0+/, ''),
      ])
        attempts.push({ invoiceNo: number, invoiceCode: code });

    let accepted = 0;
    let unnamed = 0;
    let tried = 0;
    const judge = (r: Reply, spelling: Row, how: string) => {
      tried++;
      if (r.body.code === '0') {
        accepted++;
        console.log(`invoice register: ${how} accepted ${JSON.stringify(spelling)}`);
      } else if (r.body.code !== '40900' || !r.body.msg.includes(holder.reimburseNo)) {
        unnamed++;
        console.log(
          `invoice register: ${how} refused without naming ${holder.reimburseNo}: ${JSON.stringify(spelling)} → ${r.body.code} ${r.body.msg}`,
        );
      }
    };
    for (const spelling of attempts) {
      judge(await server.post('/api/expense/funds/save', claim(teacherBudget, [spelling]), as('teacher')), spelling, 'save');
      const read = ok(await server.get(`/api/expense/funds/infoById/${own.id}`, as('teacher')));
      judge(
        await server.post(
          '/api/expense/funds/update',
          {
            id: own.id,
            version: read.version,
            invoices: [...read.invoices, { invoiceDate: '2038-03-02', amount: '10.00', ...spelling }],
          },
          as('teacher'),
        ),
        spelling,
        'update',
      );
    }
    recordFigures('invoices', { spellings: tried, accepted, unnamed });
    console.log(
      `invoice register: ${tried} second claims tried, ${accepted} accepted, ${unnamed} refused without naming the holder`,
    );
    expect(tried).toBeGreaterThan(200);
    expect(accepted).toBe(0);
    expect(unnamed).toBe(0);
    // The holder still holds both, and the teacher's claim is as it was.
    const mine = ok(await server.get(`/api/expense/funds/infoById/${own.id}`, as('teacher')));
    expect(mine.invoices).toHaveLength(1);
  });
});
