// The budget ledger: the one place an indicator's balances change. Other modules (expenses,
// contracts, purchasing, adjustments, replies) call it inside their own transaction, so the balance
// and the document move together or not at all.
//
// Every operation is one conditional UPDATE … WHERE <the balance still allows it> RETURNING. On
// PostgreSQL concurrent updates of one row queue on its row lock and re-check the condition after
// the one before commits; on the embedded database there is one connection. Either way no number of
// callers on any number of app nodes takes `available` below zero — and the table's check
// constraint (migration 0008) would refuse it even if a caller bypassed this module.
//
//   available = adjusted − adjustFrozen − frozen − used;   paid ≤ used
//
// Each change writes a journal row naming its source document, with the balances after it.
import { sql, type Transaction } from 'kysely';
import { yearMonthOf, zoneOf } from '../../platform/site-time.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { centsOf } from '../../../validators/formats.ts';

export type JournalKind =
  | 'original' // an indicator's first amount, or its amount corrected before anything moved
  | 'reply' // a budget reply (批复) raised or lowered the indicator
  | 'freeze'
  | 'unfreeze'
  | 'consume'
  | 'pay'
  | 'adjustFreeze'
  | 'adjustApply'
  | 'adjustRelease';

export interface LedgerSource {
  /** The document type: an entity name such as 'budgetAdjustApply', 'budgetReply', 'expense'. */
  type: string;
  id: number | null;
  note?: string | null;
  /** The document's number as its readers know it (BX-2026-0001), for the journal's source column. */
  no?: string | null;
}

export interface Balances {
  id: number;
  budgetYear: string;
  budgetName: string;
  adjusted: string;
  adjustFrozen: string;
  frozen: string;
  used: string;
  paid: string;
  available: string;
}

/** Called after every change, inside the same transaction (the warnings module listens). */
export type BalanceListener = (
  trx: Transaction<any>,
  siteId: number,
  after: Balances,
  kind: JournalKind,
  source: LedgerSource,
  now: Date,
) => Promise<void>;
const listeners: BalanceListener[] = [];
export function onBalanceChange(listener: BalanceListener) {
  listeners.push(listener);
}

/**
 * Checks of new spending (a freeze, a direct deduction), inside its transaction after the indicator
 * changed: a guard that throws refuses the spending (the cost-control ceilings listen).
 */
export type SpendGuard = (trx: Transaction<any>, siteId: number, budgetId: number, amount: string) => Promise<void>;
const spendGuards: SpendGuard[] = [];
export function onSpend(guard: SpendGuard) {
  spendGuards.push(guard);
}

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** A positive amount with at most two decimals, as the exact decimal string SQL gets. */
export function amountOf(value: unknown): string {
  // A number with more than two decimals is refused, not rounded (float noise such as 0.1 + 0.2 is not).
  const cents = typeof value === 'number' ? value * 100 : NaN;
  const text =
    Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6
      ? (value as number).toFixed(2)
      : String(value ?? '').trim();
  if (!AMOUNT.test(text) || !/[1-9]/.test(text)) throw new AppError(Code.invalid, 'budget.badAmount');
  return text;
}

/** A signed decimal string as cents, exactly (0 when it is none). */
export function cents(v: unknown): bigint {
  return centsOf(String(v ?? '0')) ?? 0n;
}

export function fromCents(c: bigint): string {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

type Row = Record<string, any>;

const RETURNING = sql`id, budget_year, budget_name, adjusted_amount, adjust_frozen, frozen_amount, used_amount, paid_amount,
  (adjusted_amount - adjust_frozen - frozen_amount - used_amount) as available`;

/**
 * Money lives on leaves. A parent never holds any: an indicator takes children only before its
 * first movement, and the changes that add money (a reply, an original amount, an approved
 * increase) ask this. Every other change needs money the indicator holds, so a parent fails it
 * anyway and the hot path (a freeze) is spared the lookup — about a fifth of its statement's cost.
 */
const LEAF = sql`not exists (select 1 from nk_budget c where c.parent_id = nk_budget.id and c.top_dept_id = nk_budget.top_dept_id)`;

function balancesOf(r: Row): Balances {
  return {
    id: Number(r.id),
    budgetYear: String(r.budget_year),
    budgetName: String(r.budget_name),
    adjusted: String(r.adjusted_amount),
    adjustFrozen: String(r.adjust_frozen),
    frozen: String(r.frozen_amount),
    used: String(r.used_amount),
    paid: String(r.paid_amount),
    available: String(r.available),
  };
}

export class Ledger {
  constructor(
    private readonly trx: Transaction<any>,
    private readonly siteId: number,
    private readonly userId: number | null,
    private readonly now: Date,
  ) {}

  /** Holds `amount` for a document in approval: refused when `available` is smaller. */
  async freeze(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    const after = await this.change(
      budgetId,
      'freeze',
      a,
      source,
      sql`frozen_amount = frozen_amount + ${a}::numeric`,
      sql`adjusted_amount - adjust_frozen - frozen_amount - used_amount >= ${a}::numeric`,
      'budget.insufficient',
    );
    for (const guard of spendGuards) await guard(this.trx, this.siteId, budgetId, a);
    return after;
  }

  /** Gives back what a document held (rejected, withdrawn, cancelled, closed with a remainder). */
  unfreeze(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    return this.change(
      budgetId,
      'unfreeze',
      a,
      source,
      sql`frozen_amount = frozen_amount - ${a}::numeric`,
      sql`frozen_amount >= ${a}::numeric`,
      'budget.notFrozen',
    );
  }

  /** An approved expense: what it held becomes used. */
  consume(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    return this.change(
      budgetId,
      'consume',
      a,
      source,
      sql`frozen_amount = frozen_amount - ${a}::numeric, used_amount = used_amount + ${a}::numeric`,
      sql`frozen_amount >= ${a}::numeric`,
      'budget.notFrozen',
    );
  }

  /** Spending recorded without a freeze before it (a deduction entered by finance): straight to used. */
  async consumeDirect(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    const after = await this.change(
      budgetId,
      'consume',
      a,
      source,
      sql`used_amount = used_amount + ${a}::numeric`,
      sql`adjusted_amount - adjust_frozen - frozen_amount - used_amount >= ${a}::numeric`,
      'budget.insufficient',
    );
    for (const guard of spendGuards) await guard(this.trx, this.siteId, budgetId, a);
    return after;
  }

  /** The cashier paid: paid never passes used. */
  pay(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    return this.change(
      budgetId,
      'pay',
      a,
      source,
      sql`paid_amount = paid_amount + ${a}::numeric`,
      sql`paid_amount + ${a}::numeric <= used_amount`,
      'budget.overPaid',
    );
  }

  /** A decrease in approval holds the amount it will take away. */
  adjustFreeze(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    return this.change(
      budgetId,
      'adjustFreeze',
      a,
      source,
      sql`adjust_frozen = adjust_frozen + ${a}::numeric`,
      sql`adjusted_amount - adjust_frozen - frozen_amount - used_amount >= ${a}::numeric`,
      'budget.insufficient',
    );
  }

  /** A decrease rejected, withdrawn or cancelled: the held amount comes back. */
  adjustRelease(budgetId: number, amount: unknown, source: LedgerSource) {
    const a = amountOf(amount);
    return this.change(
      budgetId,
      'adjustRelease',
      a,
      source,
      sql`adjust_frozen = adjust_frozen - ${a}::numeric`,
      sql`adjust_frozen >= ${a}::numeric`,
      'budget.notFrozen',
    );
  }

  /**
   * An approved adjustment line. An increase raises `adjusted`; a decrease takes away what its
   * submission held (adjustFreeze), so it cannot fail for want of money at this point.
   */
  adjustApply(budgetId: number, delta: string, source: LedgerSource) {
    const negative = delta.startsWith('-');
    const a = amountOf(negative ? delta.slice(1) : delta);
    return negative
      ? this.change(
          budgetId,
          'adjustApply',
          `-${a}`,
          source,
          sql`adjust_frozen = adjust_frozen - ${a}::numeric, adjusted_amount = adjusted_amount - ${a}::numeric`,
          sql`adjust_frozen >= ${a}::numeric`,
          'budget.notFrozen',
        )
      : this.change(
          budgetId,
          'adjustApply',
          a,
          source,
          sql`adjusted_amount = adjusted_amount + ${a}::numeric`,
          LEAF,
          'budget.notFound',
        );
  }

  /**
   * A budget reply or a correction of the original amount: raises both original and adjusted, or
   * lowers them when `available` allows.
   */
  raise(budgetId: number, delta: string, kind: 'reply' | 'original', source: LedgerSource) {
    const negative = delta.startsWith('-');
    const a = amountOf(negative ? delta.slice(1) : delta);
    return negative
      ? this.change(
          budgetId,
          kind,
          `-${a}`,
          source,
          sql`original_amount = original_amount - ${a}::numeric, adjusted_amount = adjusted_amount - ${a}::numeric`,
          sql`adjusted_amount - adjust_frozen - frozen_amount - used_amount >= ${a}::numeric and original_amount >= ${a}::numeric`,
          'budget.insufficient',
        )
      : this.change(
          budgetId,
          kind,
          a,
          source,
          sql`original_amount = original_amount + ${a}::numeric, adjusted_amount = adjusted_amount + ${a}::numeric`,
          LEAF,
          'budget.notFound',
        );
  }

  /** Balances now, without changing them. */
  async balances(budgetId: number): Promise<Balances> {
    const r = (
      await sql<Row>`select ${RETURNING} from nk_budget where id = ${budgetId} and top_dept_id = ${this.siteId}`.execute(this.trx)
    ).rows[0];
    if (!r) throw new AppError(Code.notFound, 'budget.notFound');
    return balancesOf(r);
  }

  private async change(
    budgetId: number,
    kind: JournalKind,
    amount: string,
    source: LedgerSource,
    set: ReturnType<typeof sql>,
    allowed: ReturnType<typeof sql>,
    refusal: 'budget.insufficient' | 'budget.notFrozen' | 'budget.overPaid' | 'budget.notFound',
  ): Promise<Balances> {
    if (!Number.isSafeInteger(budgetId) || budgetId <= 0) throw new AppError(Code.notFound, 'budget.notFound');
    // The change and its journal row in one statement: a freeze is one round trip inside its
    // transaction, as a bare update is (the hot-indicator bench measures exactly this path).
    const updated = await sql<Row>`with changed as (
        update nk_budget set ${set}, updated_at = ${this.now}
        where id = ${budgetId} and top_dept_id = ${this.siteId} and ${allowed}
        returning ${RETURNING}
      ), journal as (
        insert into nk_budget_journal
          (top_dept_id, budget_id, budget_year, kind, amount, source_type, source_id, source_no, note,
           adjusted_after, adjust_frozen_after, frozen_after, used_after, paid_after, created_by, created_at)
        select ${this.siteId}, id, budget_year, ${kind}, ${amount}::numeric, ${source.type}, ${source.id},
          ${source.no?.slice(0, 60) || null}, ${source.note?.slice(0, 200) ?? null}, adjusted_amount, adjust_frozen, frozen_amount, used_amount, paid_amount,
          ${this.userId}, ${this.now}
        from changed
      )
      select * from changed`.execute(this.trx);
    const row = updated.rows[0];
    if (!row) {
      const now = (
        await sql<Row>`select ${RETURNING}, exists (select 1 from nk_budget c where c.parent_id = b.id) as has_children
          from nk_budget b where id = ${budgetId} and top_dept_id = ${this.siteId}`.execute(this.trx)
      ).rows[0];
      if (!now) throw new AppError(Code.notFound, 'budget.notFound');
      if (now.has_children) throw new AppError(Code.conflict, 'budget.hasChildren', { name: String(now.budget_name) });
      throw new AppError(Code.conflict, refusal, {
        name: String(now.budget_name),
        available: String(now.available),
        amount: amount.replace(/^-/, ''),
      });
    }
    const after = balancesOf(row);
    if (kind === 'consume' || kind === 'pay') {
      // The month's roll-up (migration 0012): the month as the statistics count it, on the site's clock.
      const { month } = yearMonthOf(this.now, zoneOf(this.siteId));
      const column = kind === 'consume' ? sql`used` : sql`paid`;
      await sql`insert into nk_budget_month (budget_id, month, top_dept_id, budget_year, ${column})
        values (${budgetId}, ${month}, ${this.siteId}, ${after.budgetYear}, ${amount}::numeric)
        on conflict (budget_id, month) do update set ${column} = nk_budget_month.${column} + excluded.${column}`.execute(
        this.trx,
      );
    }
    for (const listener of listeners) await listener(this.trx, this.siteId, after, kind, source, this.now);
    return after;
  }
}
