// Cost control (成本控制, DOMAIN.md "Expenses and funds"): a site's ceiling per department ×
// economic class × year (schemas/expense/costControl.*). New spending on an indicator of that
// department, class and year — a freeze or a direct deduction, whatever document makes it — is
// refused when the department's indicators of that class and year would hold more than the ceiling,
// frozen and used together: like an overspend, in the spending's own transaction.
import { sql } from 'kysely';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, onSpend } from '../budget/ledger.ts';

onSpend(async (trx, siteId, budgetId, amount) => {
  // The ceiling's row is locked first: spending on two indicators of one ceiling takes turns, and
  // the second counts what the first committed.
  const ceiling = (
    await sql<{ ceiling: string; dept_id: number; economic_class: string; budget_year: string; dept_name: string | null }>`
      select c.ceiling, b.dept_id, b.economic_class, b.budget_year, d.dept_name
      from nk_budget b
      join exp_cost_control c on c.top_dept_id = b.top_dept_id and c.dept_id = b.dept_id
        and c.economic_class = b.economic_class and c.budget_year = b.budget_year
      left join sys_dept d on d.id = b.dept_id
      where b.id = ${budgetId} and b.top_dept_id = ${siteId}
      for update of c`.execute(trx)
  ).rows[0];
  if (!ceiling) return;
  const spent = (
    await sql<{ spent: string }>`select coalesce(sum(frozen_amount + used_amount), 0) as spent from nk_budget
      where top_dept_id = ${siteId} and dept_id = ${ceiling.dept_id} and economic_class = ${ceiling.economic_class}
      and budget_year = ${ceiling.budget_year}`.execute(trx)
  ).rows[0]!.spent;
  if (cents(String(spent)) > cents(String(ceiling.ceiling))) {
    throw new AppError(Code.conflict, 'costControl.over', {
      dept: ceiling.dept_name ?? String(ceiling.dept_id),
      klass: ceiling.economic_class,
      ceiling: String(ceiling.ceiling),
      spent: String(spent),
      amount,
    });
  }
});
