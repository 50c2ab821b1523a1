// Demo salaries of a site (issue 18): an indicator of basic personnel spending (工资福利支出 30101), a
// sheet for every earlier month of the year — approved and paid out, so each payee's payslips and the
// cumulative withholding of their income tax show (the higher earners cross the 3 % bracket during
// the year) — and this month's sheet, in draft or (the school's) submitted and waiting for its first
// approver (issue 34: every approval page has a document to open), one line of which the payroll office's tax differs from the
// computed one, confirmed at submission. Written through the API by the site's own people, like the rest of the demo.
import { approveAll } from './approvals.ts';
type Caller = { call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<any> };

export interface SalarySeed {
  site: string;
  year: number;
  /** This month, 1–12: the earlier months are paid out, this one is a draft. */
  month: number;
  admin: Caller;
  /** Who prepares the sheets (finance). */
  preparer: Caller;
  /** Who pays them out: the cashier, neither the preparer nor an approver (segregation of duties). */
  payer: Caller;
  /** Whoever of these holds a step decides it (steps the preparer may not decide go one level up). */
  approvers: Caller[];
  /** The department the indicator belongs to (finance). */
  deptId: number;
  /** The indicator's code within the year, e.g. '102'. */
  code: string;
  amount: number;
  /** This month's sheet submitted (waiting for its first approver, issue 34) rather than a draft. */
  submit?: boolean;
}

const money = (n: number) => n.toFixed(2);
const mm = (m: number) => String(m).padStart(2, '0');

export async function seedDemoSalaries(p: SalarySeed): Promise<void> {
  const budget = await p.admin.call('POST', '/neikong/budget/save', {
    limitCode: `${p.year}-${p.code}`,
    budgetName: '人员经费-工资发放',
    deptId: p.deptId,
    expenseType: '1',
    economicClass: '30101',
    fundSource: '1',
    financialAccountName: '工资福利支出',
    originalAmount: money(p.amount),
  });
  const users = ((await p.admin.call('GET', '/core/user/list?pageSize=100')) as Array<{ id: number; loginName: string }>)
    .filter((u) => !/admin$/.test(u.loginName))
    .sort((a, b) => a.id - b.id);
  // Pay by position in the list: the first (the principal) earns most.
  const lineOf = (i: number, login: string, month: number) => {
    const senior = Math.max(0, 6 - i);
    return {
      payeeName: login,
      idNumber: `110105${1970 + ((i * 3) % 30)}${mm((i % 12) + 1)}${mm((i % 27) + 1)}${String(301 + i).slice(-3)}${i % 10}`,
      bankAccount: `62220200${String(10_000_000 + i * 7919).slice(-8)}`,
      bankName: p.site === 'city' ? '建设银行市中心支行' : '工商银行示范区支行',
      basic: money(3_200 + senior * 600),
      post: money(1_800 + senior * 700),
      grade: money(900 + (i % 5) * 150),
      // A term's performance pay is paid in January and July.
      performance: money(1_200 + senior * 500 + (month === 1 || month === 7 ? 2_000 : 0)),
      allowances: money(600 + (i % 3) * 200),
      housingRate: 12 - (i % 3) * 2,
      specialDeduction: money(i % 4 === 0 ? 2_000 : i % 4 === 1 ? 1_000 : 0),
    };
  };
  const save = (month: number) =>
    p.preparer.call('POST', '/salary/sheet/save', {
      salaryMonth: `${p.year}-${mm(month)}`,
      title: `${p.year}年${month}月工资`,
      budgetId: budget.id,
      remark: month <= paidUpTo ? null : p.submit ? '本月工资，第 1 行表内个税与系统计算差 1 元，已核对' : '本月工资，待核对后提交',
      lines: users.map((u, i) => lineOf(i, u.loginName, month)),
    });
  // In January and February this month is paid out too, so a payee has payslips to read (issue 34).
  const paidUpTo = p.month <= 2 ? p.month : p.month - 1;
  for (let month = 1; month <= paidUpTo; month++) {
    const sheet = await save(month);
    await p.preparer.call('POST', `/salary/sheet/submit?id=${sheet.id}&confirmed=1`, { id: sheet.id });
    await approveAll(p.approvers, 'salarySheet', Number(sheet.id));
    await p.payer.call('POST', `/salary/sheet/pay?id=${sheet.id}`, {
      paidDate: `${p.year}-${mm(month)}-15`,
      voucherNo: `记-${mm(month)}-0${month}`,
    });
  }
  // This month (with `submit`, next month in January and February, this one being paid): a draft, or
  // submitted and waiting for its first approver; the payroll office's figure for the first payee's
  // tax is off by a yuan, which the preparer confirms at submission.
  if (paidUpTo === p.month && !p.submit) return;
  const pending = paidUpTo === p.month ? p.month + 1 : p.month;
  const saved = await save(pending);
  const draft = await p.preparer.call('GET', `/salary/sheet/infoById/${saved.id}`);
  const lines = draft.lines as Array<Record<string, unknown>>;
  if (lines.length) lines[0]!.taxImported = money(Number(lines[0]!.tax) + 1);
  await p.preparer.call('POST', '/salary/sheet/update', { ...draft, lines });
  if (p.submit) await p.preparer.call('POST', `/salary/sheet/submit?id=${saved.id}&confirmed=1`, { id: saved.id });
}
