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
import { defineEffect, type EffectDecl } from '../../entities/effects.ts';
import type { HookContext } from '../../entities/hooks.ts';
import { docName } from '../../entities/lines.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';

/** A loan's state: paid out, settled (written off or repaid in full). */
const LOAN_OUT = '1';
const LOAN_SETTLED = '2';

/**
 * `{ "loan": "settle", "ref": "loanId" }` (a reimbursement approved): the loan its approved
 * write-offs and cash repayment now cover in full is settled — off the advances outstanding.
 * `{ "loan": "reopen", "ref": "loanId" }` (an approved reimbursement cancelled): it is out again.
 */
async function settleOrReopen(ctx: HookContext, effect: EffectDecl, doc: Record<string, unknown>, mode: 'settle' | 'reopen') {
  const refField = ctx.entity.byName.get(String(effect.ref));
  const loanId = Number(doc[String(effect.ref)]);
  if (!refField?.ref || !Number.isSafeInteger(loanId) || loanId < 1) return;
  const loanEntity = ctx.s.schemas.entity(ctx.site.key, refField.ref);
  const amountField = ctx.entity.byName.get('writeOff');
  const loan = (
    await sql<{ amount: string; repaid_cash: string | null; pay_state: string }>`select amount, repaid_cash, pay_state
      from ${sql.table(loanEntity.table)} where id = ${loanId} and top_dept_id = ${ctx.site.id} for update`.execute(ctx.trx)
  ).rows[0];
  if (!loan || !amountField) return;
  const covered = (
    await sql<{ covered: string }>`select coalesce(sum(${sql.ref(amountField.column)}), 0) as covered
      from ${sql.table(ctx.entity.table)} where ${sql.ref(refField.column)} = ${loanId} and top_dept_id = ${ctx.site.id}
      and approval_status = '2'`.execute(ctx.trx)
  ).rows[0]!.covered;
  const outstanding = cents(loan.amount) - cents(String(loan.repaid_cash ?? '0')) - cents(String(covered));
  const [from, to] = mode === 'settle' ? [LOAN_OUT, LOAN_SETTLED] : [LOAN_SETTLED, LOAN_OUT];
  if (loan.pay_state !== from || (mode === 'settle' ? outstanding > 0n : outstanding <= 0n)) return;
  await sql`update ${sql.table(loanEntity.table)} set pay_state = ${to} where id = ${loanId}`.execute(ctx.trx);
  // The loan's history names the reimbursement that settled (or reopened) it.
  await sql`insert into sys_state_history (top_dept_id, entity, doc_id, action, from_state, to_state, user_id, created_at,
      source_entity, source_id, source_no)
    values (${ctx.site.id}, ${loanEntity.name}, ${loanId}, ${mode}, ${from}, ${to}, ${ctx.principal.userId},
      ${new Date(ctx.s.clock.now())}, ${ctx.entity.name}, ${Number(doc.id)}, ${docName(ctx.entity, doc)})`.execute(ctx.trx);
}

defineEffect('loan', async (ctx, effect, doc) => {
  if (effect.loan === 'settle' || effect.loan === 'reopen') return settleOrReopen(ctx, effect, doc, effect.loan);
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
