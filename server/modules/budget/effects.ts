// The `budget` effect (issue 14, DOMAIN.md "Budget indicators"): what a document's events do to the
// indicator it names, through the ledger, in the event's transaction.
//
//   { "budget": "freeze", "indicator": "<field>", "amount": "<field>" }
//       holds the amount; refused beyond what is available (the ledger's figures), and from 80 %
//       utilisation on — (frozen + used) / adjusted after the freeze — the caller confirms first
//       (code 40108; the same request again with confirmed=1 goes through)
//   { "budget": "release" }   gives back everything the document still holds (rejected, withdrawn,
//                              cancelled, closed with a remainder)
//   { "budget": "consume" }   what the document holds becomes used (approved)
//
// What each document holds per indicator is kept in nk_budget_hold, so releasing or consuming it is
// a keyed read, and a document never gives back more than it took.
import { sql } from 'kysely';
import { defineEffect } from '../../entities/effects.ts';
import type { HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { ledgerOf } from './hooks.ts';
import { amountOf, cents, fromCents, type Balances } from './ledger.ts';

/** Utilisation from which a freeze asks the caller to confirm (DOMAIN.md: ≥ 80 % warns). */
export const CONFIRM_RATE = 0.8;

type Row = Record<string, unknown>;

/** Whether the request says the caller saw the warning and goes on (?confirmed=1 or { confirmed: true }). */
function confirmed(ctx: HookContext): boolean {
  const q = (ctx.request.query ?? {}) as Row;
  const b = (ctx.request.body ?? {}) as Row;
  return [q.confirmed, b && typeof b === 'object' ? b.confirmed : undefined].some((v) => v === true || v === '1' || v === 'true');
}

async function holdsOf(ctx: HookContext, docId: number) {
  return (
    await sql<{ budget_id: number; amount: string }>`select budget_id, amount from nk_budget_hold
      where source_type = ${ctx.entity.name} and source_id = ${docId} and top_dept_id = ${ctx.site.id}
      order by budget_id for update`.execute(ctx.trx)
  ).rows;
}

async function addHold(ctx: HookContext, docId: number, budgetId: number, amount: string) {
  await sql`insert into nk_budget_hold (top_dept_id, source_type, source_id, budget_id, amount)
    values (${ctx.site.id}, ${ctx.entity.name}, ${docId}, ${budgetId}, ${amount}::numeric)
    on conflict (source_type, source_id, budget_id) do update set amount = nk_budget_hold.amount + excluded.amount`.execute(
    ctx.trx,
  );
}

function utilisation(b: Balances): number {
  const adjusted = cents(b.adjusted);
  if (adjusted <= 0n) return 1;
  return Number(((cents(b.frozen) + cents(b.used)) * 10000n) / adjusted) / 10000;
}

defineEffect('budget', async (ctx, effect, doc, event) => {
  const docId = Number(doc.id);
  const source = { type: ctx.entity.name, id: docId, note: event };
  const ledger = ledgerOf(ctx);
  switch (effect.budget) {
    case 'freeze': {
      const budgetId = Number(doc[String(effect.indicator)]);
      if (!Number.isSafeInteger(budgetId) || budgetId < 1) throw new AppError(Code.notFound, 'budget.notFound');
      const amount = amountOf(doc[String(effect.amount)]);
      const after = await ledger.freeze(budgetId, amount, source);
      const rate = utilisation(after);
      if (rate >= CONFIRM_RATE && !confirmed(ctx)) {
        // The transaction rolls back: nothing is held until the caller says go on.
        throw new AppError(
          Code.confirm,
          'budget.confirmHigh',
          { name: after.budgetName, rate: Math.floor(rate * 1000) / 10, amount, available: after.available },
          { confirm: true },
        );
      }
      await addHold(ctx, docId, budgetId, amount);
      return;
    }
    case 'release':
    case 'consume': {
      for (const hold of await holdsOf(ctx, docId)) {
        if (cents(hold.amount) > 0n) {
          const amount = fromCents(cents(hold.amount));
          if (effect.budget === 'release') await ledger.unfreeze(Number(hold.budget_id), amount, source);
          else await ledger.consume(Number(hold.budget_id), amount, source);
        }
      }
      await sql`delete from nk_budget_hold where source_type = ${ctx.entity.name} and source_id = ${docId}
        and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
      return;
    }
    default:
      throw new Error(`${ctx.entity.name}: unknown budget effect ${String(effect.budget)}`);
  }
});
