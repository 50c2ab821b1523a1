// Loans (借款) and their write-off by reimbursements (DOMAIN.md "Expenses and funds": a reimbursement
// first writes off its loan, then pays the rest). A reimbursement declares the effect on its submit:
//
//   { "loan": "writeOff", "ref": "loanId", "amount": "writeOff" }
//
// The loan must be paid out and not settled, and what the reimbursements in approval or approved
// write off, with what came back in cash, never passes the loan: checked with the loan's row locked,
// so two reimbursements submitted at once cannot both take its last part. What a loan has written
// off and what is outstanding are figures of the loan's own file (aggregate and computed fields).
import { sql } from 'kysely';
import { defineEffect } from '../../entities/effects.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';

defineEffect('loan', async (ctx, effect, doc) => {
  if (effect.loan !== 'writeOff') throw new Error(`${ctx.entity.name}: unknown loan effect ${String(effect.loan)}`);
  const refField = ctx.entity.byName.get(String(effect.ref));
  const amountField = ctx.entity.byName.get(String(effect.amount));
  if (!refField?.ref || !amountField) throw new Error(`${ctx.entity.name}: the loan effect names no loan field or amount`);
  const amount = cents(String(doc[amountField.name] ?? '0'));
  const loanId = Number(doc[refField.name]);
  if (!Number.isSafeInteger(loanId) || loanId < 1 || amount <= 0n) return;
  const loanEntity = ctx.s.schemas.entity(ctx.site.key, refField.ref);
  const loan = (
    await sql<{ amount: string; repaid_cash: string | null; pay_state: string; loan_no: string }>`
      select amount, repaid_cash, pay_state, loan_no from ${sql.table(loanEntity.table)}
      where id = ${loanId} and top_dept_id = ${ctx.site.id} for update`.execute(ctx.trx)
  ).rows[0];
  if (!loan) throw new AppError(Code.invalid, 'entity.badRef', { field: refField.name });
  if (loan.pay_state !== '1') throw new AppError(Code.conflict, 'loan.notOut', { loan: loan.loan_no });
  const taken = (
    await sql<{ taken: string }>`select coalesce(sum(${sql.ref(amountField.column)}), 0) as taken
      from ${sql.table(ctx.entity.table)} where ${sql.ref(refField.column)} = ${loanId} and top_dept_id = ${ctx.site.id}
      and approval_status in ('1', '2') and id <> ${Number(doc.id)}`.execute(ctx.trx)
  ).rows[0]!.taken;
  const outstanding = cents(loan.amount) - cents(String(loan.repaid_cash ?? '0')) - cents(String(taken));
  if (amount > outstanding)
    throw new AppError(Code.conflict, 'loan.overWriteOff', {
      loan: loan.loan_no,
      amount: fromCents(amount),
      outstanding: fromCents(outstanding > 0n ? outstanding : 0n),
    });
});
