// What a pending document does to its indicator, for its approvers (issue 33, "pickers that carry
// the decision"): the indicator's available amount now and after this document — or, once the
// document holds its freeze (submitted), what was available before the freeze. Read from the
// ledger's figures (nk_budget.available_amount = adjusted − adjust-frozen − frozen − used) and what
// the document holds (nk_budget_hold), for the document's freeze effect (its indicator and amount
// fields); part of the approval page's answer (GET /workflow/instance/business).
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import type { EntityDef } from '../../entities/model.ts';
import type { Site } from '../../platform/sites.ts';
import type { Locale } from '../../../validators/locale.ts';
import { cents, fromCents } from './ledger.ts';
import type { DocumentBudget } from '../../../validators/document-budget.ts';

/** Approval statuses of a document not yet approved nor cancelled: draft, in approval, rejected, withdrawn. */
const PENDING = new Set(['0', '1', '3', '4']);

export type { DocumentBudget };

type Row = Record<string, unknown>;

export async function documentBudget(
  s: Services,
  site: Site,
  entity: EntityDef,
  doc: Row,
  locale: Locale,
): Promise<DocumentBudget | null> {
  const freeze = Object.values(entity.effects ?? {})
    .flat()
    .find((e) => e.budget === 'freeze');
  if (!freeze || !PENDING.has(String(doc.approvalStatus ?? ''))) return null;
  const budgetId = Number(doc[String(freeze.indicator)]);
  if (!Number.isSafeInteger(budgetId) || budgetId < 1) return null;
  const db = s.database.db as unknown as Kysely<any>;
  const b = (
    await sql<Row>`select b.limit_code, b.budget_name, b.economic_class, b.available_amount, d.dept_name
      from nk_budget b left join sys_dept d on d.id = b.dept_id where b.id = ${budgetId} and b.top_dept_id = ${site.id}`.execute(
      db,
    )
  ).rows[0];
  if (!b) return null;
  const amount = cents(String(doc[String(freeze.amount)] ?? '0'));
  const available = cents(String(b.available_amount ?? '0'));
  const hold = (
    await sql<Row>`select amount, drawn from nk_budget_hold where source_type = ${entity.name} and source_id = ${Number(doc.id)}
      and budget_id = ${budgetId} and top_dept_id = ${site.id}`.execute(db)
  ).rows[0];
  let frozen = false;
  let drawn = 0n;
  let before = available;
  let after = available;
  if (hold && cents(String(hold.amount)) > 0n) {
    // Submitted: the indicator already lacks the document's own freeze (what it drew was frozen before).
    frozen = true;
    drawn = cents(String(hold.drawn));
    before = available + cents(String(hold.amount)) - drawn;
  } else {
    // Not yet: what the origin holds on the indicator is taken over first, only the rest is new money.
    const origin = freeze.drawFrom ? entity.byName.get(String(freeze.drawFrom)) : undefined;
    const originId = origin ? Number(doc[origin.name]) : NaN;
    if (origin?.ref && Number.isSafeInteger(originId) && originId > 0) {
      const held = (
        await sql<Row>`select amount from nk_budget_hold where source_type = ${origin.ref} and source_id = ${originId}
          and budget_id = ${budgetId} and top_dept_id = ${site.id}`.execute(db)
      ).rows[0];
      const there = held ? cents(String(held.amount)) : 0n;
      drawn = there < amount ? there : amount;
    }
    after = available - (amount - drawn);
  }
  const classes = (await s.dictionaries.get(site.id, locale)).get('nk_economic_class') ?? [];
  const economicClass = b.economic_class === null || b.economic_class === undefined ? null : String(b.economic_class);
  return {
    budgetId,
    limitCode: String(b.limit_code ?? ''),
    budgetName: String(b.budget_name ?? ''),
    economicClass,
    economicClassLabel: economicClass ? (classes.find((d) => d.dictValue === economicClass)?.dictLabel ?? economicClass) : null,
    deptName: (b.dept_name as string | null) ?? null,
    amount: fromCents(amount),
    frozen,
    drawn: fromCents(drawn),
    available: fromCents(available),
    availableBefore: fromCents(before),
    availableAfter: fromCents(after),
  };
}
