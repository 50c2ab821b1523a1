// Demo employee and labour fees (人员/劳务费发放, issue 34) and a bound account: batches filed by
// 教务处's clerk through the product's own API — one paid out by the cashier, one in approval, one
// draft — so the list, the approval page and the payslip print have rows (payees of their own: the
// tests' payees keep their month's withholding to themselves); and the clerk's phone and email
// bound on 账户绑定 through the account page's own call.
import { approveAll, type SeedCaller } from './approvals.ts';

export interface FeeSeed {
  /** Who files the batches (教务处's clerk). */
  applicant: SeedCaller;
  /** Whoever of these holds a step decides it. */
  approvers: SeedCaller[];
  /** Who pays out the approved batch (the cashier). */
  payer: SeedCaller;
  /** The indicator the fees are spent on. */
  budgetId: number;
  /** 'yyyy-MM-dd' of a day: this month's and last month's batches are dated from it. */
  day: (offset: number) => string;
}

type Payee = { payeeName: string; idNumber: string; bankAccount?: string; bankName?: string; gross: string };

const BATCHES: Array<{ title: string; feeKind: string; offset: number; reach: 'paid' | 'submitted' | 'draft'; payees: Payee[] }> =
  [
    {
      title: '青年教师培训授课劳务费',
      feeKind: '2',
      offset: -30,
      reach: 'paid',
      payees: [
        {
          payeeName: '冯教授',
          idNumber: '110105196208081234',
          bankAccount: '6222020000001111',
          bankName: '工商银行',
          gross: '3000.00',
        },
        {
          payeeName: '何专家',
          idNumber: '110105196709091246',
          bankAccount: '6222020000002222',
          bankName: '建设银行',
          gross: '2000.00',
        },
      ],
    },
    {
      title: '新教师培训班评课专家咨询费',
      feeKind: '2',
      offset: -5,
      reach: 'submitted',
      payees: [
        {
          payeeName: '邓老师',
          idNumber: '110105197210101251',
          bankAccount: '6222020000003333',
          bankName: '农业银行',
          gross: '800.00',
        },
        {
          payeeName: '曹老师',
          idNumber: '110105197611111266',
          bankAccount: '6222020000004444',
          bankName: '农业银行',
          gross: '1200.00',
        },
      ],
    },
    {
      title: '暑期教师培训讲座劳务费',
      feeKind: '2',
      offset: 0,
      reach: 'draft',
      payees: [{ payeeName: '彭研究员', idNumber: '110105196912121279', gross: '1500.00' }],
    },
  ];

export async function seedDemoEmployeeFees(p: FeeSeed): Promise<void> {
  for (const b of BATCHES) {
    const saved = (await p.applicant.call('POST', '/expense/employeeFee/save', {
      title: b.title,
      feeKind: b.feeKind,
      feeMonth: p.day(b.offset).slice(0, 7),
      budgetId: p.budgetId,
      payees: b.payees,
    })) as { id: number };
    if (b.reach === 'draft') continue;
    await p.applicant.call('POST', `/expense/employeeFee/submit?id=${saved.id}&confirmed=1`, {});
    if (b.reach === 'submitted') continue;
    await approveAll(p.approvers, 'employeeFee', saved.id);
    await p.payer.call('POST', `/expense/employeeFee/pay?id=${saved.id}`, {
      id: saved.id,
      payMethod: '1',
      paidDate: p.day(b.offset + 3),
    });
  }
}

/** The account binding page's bound phone and email, saved as the person would (账户绑定). */
export async function seedDemoBinding(person: SeedCaller, binding: { phone: string; email: string }): Promise<void> {
  await person.call('POST', '/core/account/update', binding);
}
