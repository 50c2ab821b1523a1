// The `budget` effect (issue 14, DOMAIN.md "Budget indicators"): what a document's events do to the
// indicator it names, through the ledger, in the event's transaction.
//
//   { "budget": "freeze", "indicator": "<field>", "amount": "<field>" }
//       holds the amount; refused beyond what is available (the ledger's figures), and from 80 %
//       utilisation on — (frozen + used) / adjusted after the freeze — the caller confirms first
//       (code 40108; the same request again with confirmed=1 goes through)
//   { "budget": "release" }   gives back everything the document still holds (rejected, withdrawn,
//                              cancelled, closed with a remainder)
//   { "budget": "consume" }   what the document holds becomes used (approved); the document keeps
//                              the figure for its payment; with "amount": "<field>" only that much,
//                              the rest given back (a purchase that cost less than approved)
//   { "budget": "pay" }       what the document made used is paid (the cashier's payment)
//   "drawFrom": "<ref field>" on a freeze: the document first takes over what the referred document
//       (its application) holds on the same indicator, and freezes only the excess; "drawWhen" says
//       when the origin is open (an expression over it). Released, the drawn part goes back to the
//       origin while the origin still holds there, else to the indicator.
//
// What each document holds per indicator is kept in nk_budget_hold, so releasing or consuming it is
// a keyed read, and a document never gives back more than it took.
import { sql } from 'kysely';
import { defineEffect, type EffectDecl } from '../../entities/effects.ts';
import { toWire } from '../../entities/rows.ts';
import { run } from '../../../validators/expression/evaluate.ts';
import type { HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { isLeaf, ledgerOf, spenderOf } from './hooks.ts';
import { EntityService } from '../../entities/crud.ts';
import { assertRefFits } from '../../entities/fits.ts';
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

interface Hold {
  budget_id: number;
  amount: string;
  drawn: string;
  used: string;
  origin_type: string | null;
  origin_id: number | null;
}

async function holdsOf(ctx: HookContext, docId: number): Promise<Hold[]> {
  return (
    await sql<Hold>`select budget_id, amount, drawn, used, origin_type, origin_id from nk_budget_hold
      where source_type = ${ctx.entity.name} and source_id = ${docId} and top_dept_id = ${ctx.site.id}
      order by budget_id for update`.execute(ctx.trx)
  ).rows;
}

async function addHold(
  ctx: HookContext,
  docId: number,
  budgetId: number,
  amount: string,
  origin?: { type: string; id: number },
  drawn = '0',
) {
  await sql`insert into nk_budget_hold (top_dept_id, source_type, source_id, budget_id, amount, origin_type, origin_id, drawn)
    values (${ctx.site.id}, ${ctx.entity.name}, ${docId}, ${budgetId}, ${amount}::numeric, ${origin?.type ?? null},
      ${origin?.id ?? null}, ${drawn}::numeric)
    on conflict (source_type, source_id, budget_id) do update set amount = nk_budget_hold.amount + excluded.amount,
      drawn = nk_budget_hold.drawn + excluded.drawn,
      origin_type = coalesce(excluded.origin_type, nk_budget_hold.origin_type),
      origin_id = coalesce(excluded.origin_id, nk_budget_hold.origin_id)`.execute(ctx.trx);
}

function utilisation(b: Balances): number {
  const adjusted = cents(b.adjusted);
  if (adjusted <= 0n) return 1;
  return Number(((cents(b.frozen) + cents(b.used)) * 10000n) / adjusted) / 10000;
}

/**
 * The part of `amount` the document takes over from its origin's hold on the indicator (a
 * reimbursement's application): the origin must be open (`drawWhen` over the origin), and it gives
 * at most what it still holds there.
 */
async function drawFromOrigin(ctx: HookContext, effect: EffectDecl, doc: Row, budgetId: number, amount: bigint) {
  const field = ctx.entity.byName.get(String(effect.drawFrom));
  const originId = Number(doc[String(effect.drawFrom)]);
  if (!field?.ref || !Number.isSafeInteger(originId) || originId < 1) return { taken: 0n, origin: undefined };
  const originEntity = ctx.s.schemas.entity(ctx.site.key, field.ref);
  const originRow = (
    await sql<Row>`select * from ${sql.table(originEntity.table)} where id = ${originId} and top_dept_id = ${ctx.site.id}
      for update`.execute(ctx.trx)
  ).rows[0];
  if (!originRow) throw new AppError(Code.invalid, 'entity.badRef', { field: field.name });
  if (effect.drawWhen && !run(String(effect.drawWhen), toWire(originEntity, originRow))) {
    const number = originEntity.fields.find((f) => f.sequence);
    throw new AppError(Code.conflict, 'budget.originClosed', { doc: String((number && originRow[number.column]) ?? originId) });
  }
  const origin = { type: originEntity.name, id: originId };
  const held = (
    await sql<{
      amount: string;
    }>`select amount from nk_budget_hold where source_type = ${origin.type} and source_id = ${origin.id}
      and budget_id = ${budgetId} and top_dept_id = ${ctx.site.id} for update`.execute(ctx.trx)
  ).rows[0];
  const available = held ? cents(held.amount) : 0n;
  const taken = available < amount ? available : amount;
  if (taken > 0n)
    await sql`update nk_budget_hold set amount = amount - ${fromCents(taken)}::numeric where source_type = ${origin.type}
      and source_id = ${origin.id} and budget_id = ${budgetId}`.execute(ctx.trx);
  return { taken, origin };
}

/**
 * The indicator a document freezes is one its submitter may spend: a leaf (a parent holds no money)
 * within what the pickers offer them (spenderOf) — an id from another department, typed into a
 * request, is refused as the picker would never have offered it.
 */
async function assertSpendable(ctx: HookContext, budgetId: number) {
  const budgets = new EntityService(ctx.s, ctx.s.schemas.entity(ctx.site.key, 'budget'), ctx.request, spenderOf(ctx.principal));
  let name: string;
  try {
    name = String((await budgets.find(budgetId, ctx.trx)).budget_name ?? '');
  } catch (err) {
    if (err instanceof AppError && err.code === Code.notFound) throw new AppError(Code.forbidden, 'budget.notSpendable');
    throw err;
  }
  const leaf = await sql`select 1 from nk_budget t where t.id = ${budgetId} and ${isLeaf}`.execute(ctx.trx);
  if (!leaf.rows.length) throw new AppError(Code.conflict, 'budget.hasChildren', { name });
}

defineEffect('budget', async (ctx, effect, doc, event) => {
  const docId = Number(doc.id);
  // The journal names the document by its number (the field the server numbers), else its display.
  const numbered = ctx.entity.fields.find((f) => f.sequence)?.name ?? ctx.entity.display;
  const source = { type: ctx.entity.name, id: docId, note: event, no: numbered ? String(doc[numbered] ?? '') : null };
  const ledger = ledgerOf(ctx);
  switch (effect.budget) {
    case 'freeze': {
      const budgetId = Number(doc[String(effect.indicator)]);
      if (!Number.isSafeInteger(budgetId) || budgetId < 1) throw new AppError(Code.notFound, 'budget.notFound');
      await assertSpendable(ctx, budgetId);
      // Of a class the document may be charged to (refPrefix): a draft saved before the rule too.
      const indicatorField = ctx.entity.byName.get(String(effect.indicator));
      if (indicatorField?.refPrefix) {
        const { locale } = ctx.request;
        const dicts = await ctx.s.dictionaries.get(ctx.site.id, locale);
        await assertRefFits(ctx.trx, { s: ctx.s, siteKey: ctx.site.key, locale, dicts }, ctx.entity, indicatorField, budgetId);
      }
      // Nothing to hold this year (a contract whose instalments all fall next year).
      if (cents(String(doc[String(effect.amount)] ?? '0')) === 0n) return;
      const amount = amountOf(doc[String(effect.amount)]);
      const { taken, origin } = effect.drawFrom
        ? await drawFromOrigin(ctx, effect, doc, budgetId, cents(amount))
        : { taken: 0n, origin: undefined };
      if (taken > 0n) await addHold(ctx, docId, budgetId, fromCents(taken), origin, fromCents(taken));
      const rest = cents(amount) - taken;
      if (rest <= 0n) return;
      // Only what the origin did not hold is new money on the indicator: that part is checked.
      const after = await ledger.freeze(budgetId, fromCents(rest), source);
      const rate = utilisation(after);
      if (rate >= CONFIRM_RATE && !confirmed(ctx)) {
        // The transaction rolls back: nothing is held until the caller says go on.
        throw new AppError(
          Code.confirm,
          'budget.confirmHigh',
          { name: after.budgetName, rate: Math.floor(rate * 1000) / 10, amount: fromCents(rest), available: after.available },
          { confirm: true },
        );
      }
      await addHold(ctx, docId, budgetId, fromCents(rest), origin);
      return;
    }
    case 'release': {
      for (const hold of await holdsOf(ctx, docId)) {
        let back = cents(hold.amount);
        const drawn = cents(hold.drawn) < back ? cents(hold.drawn) : back;
        if (drawn > 0n && hold.origin_type) {
          // The drawn part goes back to the origin while it is open (it still holds on the indicator).
          const returned = await sql`update nk_budget_hold set amount = amount + ${fromCents(drawn)}::numeric
            where source_type = ${hold.origin_type} and source_id = ${hold.origin_id} and budget_id = ${hold.budget_id}
            and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
          if (Number(returned.numAffectedRows ?? 0) > 0) back -= drawn;
        }
        if (back > 0n) await ledger.unfreeze(Number(hold.budget_id), fromCents(back), source);
      }
      await sql`delete from nk_budget_hold where source_type = ${ctx.entity.name} and source_id = ${docId}
        and top_dept_id = ${ctx.site.id} and used = 0`.execute(ctx.trx);
      await sql`update nk_budget_hold set amount = 0, drawn = 0 where source_type = ${ctx.entity.name}
        and source_id = ${docId} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
      return;
    }
    case 'consume': {
      // "amount": only that much becomes used (what a purchase really cost), the rest is given back.
      let left = effect.amount ? cents(amountOf(doc[String(effect.amount)])) : null;
      for (const hold of await holdsOf(ctx, docId)) {
        let used = cents(hold.amount);
        if (left !== null) {
          if (used > left) {
            await ledger.unfreeze(Number(hold.budget_id), fromCents(used - left), source);
            used = left;
          }
          left -= used;
          await sql`update nk_budget_hold set amount = ${fromCents(used)}::numeric where source_type = ${ctx.entity.name}
            and source_id = ${docId} and budget_id = ${hold.budget_id} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
        }
        if (used > 0n) await ledger.consume(Number(hold.budget_id), fromCents(used), source);
      }
      // What became used stays on the document for its payment.
      await sql`update nk_budget_hold set used = used + amount, amount = 0, drawn = 0 where source_type = ${ctx.entity.name}
        and source_id = ${docId} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
      return;
    }
    case 'pay': {
      for (const hold of await holdsOf(ctx, docId)) {
        if (cents(hold.used) > 0n) await ledger.pay(Number(hold.budget_id), fromCents(cents(hold.used)), source);
      }
      await sql`delete from nk_budget_hold where source_type = ${ctx.entity.name} and source_id = ${docId}
        and top_dept_id = ${ctx.site.id} and amount = 0`.execute(ctx.trx);
      return;
    }
    default:
      throw new Error(`${ctx.entity.name}: unknown budget effect ${String(effect.budget)}`);
  }
});

/**
 * Part of what a document made used is paid (a payment paying a claim in parts, modules/payment):
 * that much of its holds' used figure is paid through the ledger and leaves the hold, so the `pay`
 * that settles the document later pays only the rest. `ctx.entity` is the paid document's entity.
 */
export async function payPart(ctx: HookContext, doc: Row, amount: bigint): Promise<void> {
  const docId = Number(doc.id);
  const numbered = ctx.entity.fields.find((f) => f.sequence)?.name ?? ctx.entity.display;
  const source = { type: ctx.entity.name, id: docId, note: 'payPart', no: numbered ? String(doc[numbered] ?? '') : null };
  const ledger = ledgerOf(ctx);
  let left = amount;
  for (const hold of await holdsOf(ctx, docId)) {
    if (left <= 0n) break;
    const used = cents(hold.used);
    const paid = used < left ? used : left;
    if (paid <= 0n) continue;
    await ledger.pay(Number(hold.budget_id), fromCents(paid), source);
    await sql`update nk_budget_hold set used = used - ${fromCents(paid)}::numeric where source_type = ${ctx.entity.name}
      and source_id = ${docId} and budget_id = ${hold.budget_id} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
    left -= paid;
  }
}

/**
 * Sets what a document holds on an indicator to `target` (a contract whose plan a change rewrote):
 * the difference is frozen (refused beyond what is available) or given back, through the ledger.
 */
export async function holdTo(ctx: HookContext, doc: { type: string; id: number }, budgetId: number, target: string) {
  const held = (
    await sql<{ amount: string }>`select amount from nk_budget_hold where source_type = ${doc.type} and source_id = ${doc.id}
      and budget_id = ${budgetId} and top_dept_id = ${ctx.site.id} for update`.execute(ctx.trx)
  ).rows[0];
  const delta = cents(target) - cents(held?.amount ?? '0');
  if (delta === 0n) return;
  const ledger = ledgerOf(ctx);
  const source = { type: doc.type, id: doc.id, note: 'change' };
  if (delta > 0n) await ledger.freeze(budgetId, fromCents(delta), source);
  else await ledger.unfreeze(budgetId, fromCents(-delta), source);
  if (held)
    await sql`update nk_budget_hold set amount = ${target}::numeric where source_type = ${doc.type} and source_id = ${doc.id}
      and budget_id = ${budgetId}`.execute(ctx.trx);
  else
    await sql`insert into nk_budget_hold (top_dept_id, source_type, source_id, budget_id, amount)
      values (${ctx.site.id}, ${doc.type}, ${doc.id}, ${budgetId}, ${target}::numeric)`.execute(ctx.trx);
}
