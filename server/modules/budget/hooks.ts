// Rules of budget indicators, budget replies (批复) and finance's direct adjustments that the
// schemas cannot say. Amounts move only through the ledger (ledger.ts), so every change has its
// journal row; the generic endpoints never write a balance column.
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import type { Principal } from '../../platform/access.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { amountOf, cents, fromCents, Ledger } from './ledger.ts';
import { messages, t, type MessageKey } from '../../platform/messages.ts';
import type { Locale } from '../../../validators/locale.ts';

type Row = Record<string, any>;

export function ledgerOf(ctx: HookContext): Ledger {
  return new Ledger(ctx.trx, ctx.site.id, ctx.principal.userId, new Date(ctx.s.clock.now()));
}

/** An indicator (alias t) with no child: the level money is spent from. */
export const isLeaf = sql<boolean>`not exists (select 1 from nk_budget c where c.parent_id = t.id and c.top_dept_id = t.top_dept_id)`;

/**
 * Whom a spending document's indicator must suit: the caller as their roles see rows, except that a
 * role seeing only its own rows (scope 5) spends its department's budget (scope 3) — what the
 * indicator pickers offer, and what the server holds a submission to (docs/decisions.md).
 */
export function spenderOf(principal: Principal): Principal {
  return { ...principal, roles: principal.roles.map((r) => (r.dataScope === '5' ? { ...r, dataScope: '3' as const } : r)) };
}

// ---- indicators -------------------------------------------------------------------------------

/** What beforeSave leaves for afterSave: the original amount's change, applied through the ledger. */
const originalDelta = new WeakMap<HookContext, bigint>();

defineHooks('budget', {
  async beforeSave(ctx, row, existing) {
    // A project expenditure names its project (the form asks for it; a pull or an import must too).
    if (!existing || 'expenseType' in row || 'projectName' in row) {
      const type = String(('expenseType' in row ? row.expenseType : existing?.expenseType) ?? '');
      const project = String(('projectName' in row ? row.projectName : existing?.projectName) ?? '').trim();
      if (type === '3' && !project) throw new AppError(Code.invalid, 'budget.projectNameRequired');
    }
    const parentId = Number(row.parentId ?? existing?.parentId ?? 0);
    if (parentId) {
      const year = String(existing?.budgetYear ?? ctx.request.headers.year ?? '');
      const parent = (
        await sql<Row>`select id, budget_name, budget_year, adjusted_amount from nk_budget
          where id = ${parentId} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx)
      ).rows[0];
      if (
        !parent ||
        parent.id === existing?.id ||
        (existing && parent.budget_year !== existing.budgetYear) ||
        (!existing && year && /^\d{4}$/.test(year) && parent.budget_year !== year)
      ) {
        throw new AppError(Code.invalid, 'budget.badParent');
      }
      // A child under a descendant of itself would make a loop.
      if (existing) {
        const loop = await sql<Row>`with recursive up(id, parent_id) as (
            select id, parent_id from nk_budget where id = ${parentId}
            union all select b.id, b.parent_id from nk_budget b join up on b.id = up.parent_id)
          select 1 from up where id = ${existing.id} limit 1`.execute(ctx.trx);
        if (loop.rows.length) throw new AppError(Code.invalid, 'budget.badParent');
      }
      const moved = await sql`select 1 from nk_budget_journal where budget_id = ${parentId} limit 1`.execute(ctx.trx);
      if (moved.rows.length) throw new AppError(Code.conflict, 'budget.parentSpent', { name: String(parent.budget_name) });
    }
    if (!('originalAmount' in row)) return;
    // cents() reads anything it cannot parse as 0: check first (not negative, at most two decimals).
    const given = typeof row.originalAmount === 'number' ? String(row.originalAmount) : String(row.originalAmount ?? '').trim();
    if (!/^\d{1,16}(\.\d{1,2})?$/.test(given)) throw new AppError(Code.invalid, 'budget.badOriginal');
    const wanted = cents(given);
    const before = cents(existing?.originalAmount ?? '0');
    // The generic write keeps the stored amount; the ledger moves it (with its journal row).
    row.originalAmount = existing ? existing.originalAmount : '0';
    if (wanted === before) return;
    if (existing) {
      const moved =
        await sql`select 1 from nk_budget_journal where budget_id = ${existing.id} and kind <> 'original' limit 1`.execute(
          ctx.trx,
        );
      if (moved.rows.length) throw new AppError(Code.conflict, 'budget.amountLocked');
    }
    originalDelta.set(ctx, wanted - before);
  },
  async afterSave(ctx, row) {
    const delta = originalDelta.get(ctx);
    originalDelta.delete(ctx);
    if (delta) await ledgerOf(ctx).raise(Number(row.id), fromCents(delta), 'original', { type: 'budget', id: Number(row.id) });
  },
  async beforeRemove(ctx, rows) {
    for (const r of rows) {
      const children = await sql`select 1 from nk_budget c where c.parent_id = ${r.id} limit 1`.execute(ctx.trx);
      if (children.rows.length) throw new AppError(Code.conflict, 'budget.hasChildrenRemove', { name: String(r.budgetName) });
      const used = await sql<{
        kind: string;
      }>`(select distinct kind from nk_budget_journal where budget_id = ${r.id} and kind <> 'original')
        union all (select 'adjust' from nk_budget_adjust_detail where budget_id = ${r.id} limit 1)`.execute(ctx.trx);
      // Money a reply brought goes back with the reply: say so rather than "spent or adjusted".
      const kinds = new Set(used.rows.map((u) => u.kind));
      if (kinds.size === 1 && kinds.has('reply'))
        throw new AppError(Code.conflict, 'budget.fromReply', { name: String(r.budgetName) });
      if (kinds.size) throw new AppError(Code.conflict, 'budget.inUse', { name: String(r.budgetName) });
      await sql`delete from nk_budget_journal where budget_id = ${r.id}`.execute(ctx.trx);
    }
  },
});

// ---- budget replies ---------------------------------------------------------------------------

/** Fields of a reply in force that may still change. */
const REPLY_EDITABLE = new Set(['id', 'version', 'remark', 'attachments']);

defineHooks('budgetReply', {
  async beforeSave(ctx, row, existing) {
    if (!existing) {
      amountOf(row.amount);
      return;
    }
    // Only what the body could change counts: the row as read (labels, read-only and audit fields) may come back.
    for (const [k, v] of Object.entries(row)) {
      const f = ctx.entity.byName.get(k);
      if (!f || f.readOnly || f.standard || REPLY_EDITABLE.has(k)) continue;
      const same = f.type === 'money' ? cents(v) === cents(existing[k]) : String(v ?? '') === String(existing[k] ?? '');
      if (!same) throw new AppError(Code.conflict, 'budget.replyLocked');
    }
  },
  async afterSave(ctx, row, existing) {
    if (existing) return;
    const year = String(row.budgetYear);
    let target = (
      await sql<Row>`select id from nk_budget where top_dept_id = ${ctx.site.id} and budget_year = ${year}
        and limit_code = ${row.limitCode} for update`.execute(ctx.trx)
    ).rows[0];
    if (!target) {
      target = (
        await sql<Row>`insert into nk_budget (top_dept_id, budget_year, limit_code, budget_name, dept_id, project_name,
            expense_type, economic_class, fund_source, sort_no, created_by, updated_by)
          values (${ctx.site.id}, ${year}, ${row.limitCode}, ${row.budgetName}, ${row.deptId}, ${row.projectName ?? null},
            ${row.expenseType}, ${row.economicClass ?? null}, ${row.fundSource ?? null},
            (select coalesce(max(sort_no), 0) + 1 from nk_budget where top_dept_id = ${ctx.site.id} and budget_year = ${year}),
            ${ctx.principal.userId}, ${ctx.principal.userId})
          returning id`.execute(ctx.trx)
      ).rows[0]!;
    }
    await ledgerOf(ctx).raise(Number(target.id), amountOf(row.amount), 'reply', {
      type: 'budgetReply',
      id: Number(row.id),
      note: String(row.replyNo ?? ''),
    });
    await sql`update nk_budget_reply set budget_id = ${target.id} where id = ${row.id}`.execute(ctx.trx);
  },
  async beforeRemove(ctx, rows) {
    for (const r of rows) {
      if (!r.budgetId) continue;
      // Taking a reply back lowers its indicator, which the ledger refuses if the money is spoken for.
      await ledgerOf(ctx).raise(Number(r.budgetId), `-${amountOf(r.amount)}`, 'reply', {
        type: 'budgetReply',
        id: Number(r.id),
        note: String(r.replyNo ?? ''),
      });
    }
  },
});

// ---- finance's direct adjustments (budgetAdjust) ----------------------------------------------

function signedAmount(v: unknown): { negative: boolean; amount: string } {
  const text = String(v ?? '').trim();
  const negative = text.startsWith('-');
  return { negative, amount: amountOf(negative ? text.slice(1) : text) };
}

async function applyDirect(ctx: HookContext, budgetId: number, amount: unknown, id: number, reverse: boolean) {
  const ledger = ledgerOf(ctx);
  const { negative, amount: a } = signedAmount(amount);
  const lower = negative !== reverse;
  const source = { type: 'budgetAdjust', id };
  if (lower) {
    // A decrease goes through the hold, so it is refused exactly when the money is spoken for.
    await ledger.adjustFreeze(budgetId, a, source);
    await ledger.adjustApply(budgetId, `-${a}`, source);
  } else {
    await ledger.adjustApply(budgetId, a, source);
  }
}

defineHooks('budgetAdjust', {
  async beforeSave(_ctx, row, existing) {
    if (existing) {
      for (const k of ['budgetId', 'amount']) {
        const same = k === 'amount' ? cents(row[k]) === cents(existing[k]) : String(row[k]) === String(existing[k]);
        if (k in row && !same) throw new AppError(Code.conflict, 'adjust.locked');
      }
      return;
    }
    signedAmount(row.amount);
  },
  async afterSave(ctx, row, existing) {
    if (existing) return;
    await applyDirect(ctx, Number(row.budgetId), row.amount, Number(row.id), false);
  },
  async beforeRemove(ctx, rows) {
    for (const r of rows) await applyDirect(ctx, Number(r.budgetId), r.amount, Number(r.id), true);
  },
});

// ---- the budget plan (编制) ---------------------------------------------------------------------

/** An approved plan item becomes an indicator of its year: original amount as requested. */
defineHooks('budgetPlan', {
  async beforeSave(_ctx, row, existing) {
    // Refused when saved, not when finance approves it: an amount above 0 with at most two decimals.
    if (!existing || 'amount' in row) amountOf(row.amount);
  },
  async afterApproval(ctx, row, outcome) {
    if (outcome !== 'approved') return;
    const year = String(row.plan_year);
    const code = `${year}-P${String(row.id).padStart(4, '0')}`;
    const created = (
      await sql<Row>`insert into nk_budget (top_dept_id, budget_year, limit_code, budget_name, dept_id, project_name,
          expense_type, economic_class, fund_source, sort_no, remark, created_by, updated_by)
        values (${ctx.site.id}, ${year}, ${code}, ${row.plan_name}, ${row.dept_id}, ${row.project_name ?? null},
          ${row.expense_type}, ${row.economic_class ?? null}, '1',
          (select coalesce(max(sort_no), 0) + 1 from nk_budget where top_dept_id = ${ctx.site.id} and budget_year = ${year}),
          ${String(row.basis ?? '').slice(0, 500)}, ${ctx.principal.userId}, ${ctx.principal.userId})
        on conflict (top_dept_id, budget_year, limit_code) do nothing
        returning id`.execute(ctx.trx)
    ).rows[0];
    if (!created) return;
    await ledgerOf(ctx).raise(Number(created.id), amountOf(row.amount), 'original', {
      type: 'budgetPlan',
      id: Number(row.id),
      note: String(row.plan_name ?? ''),
    });
    await sql`update nk_budget_plan set budget_id = ${created.id} where id = ${row.id}`.execute(ctx.trx);
  },
});

// ---- the journal ------------------------------------------------------------------------------

/**
 * A journal row read in its reader's language: a document's event (stored as the event's key —
 * submit, pay, close) says what happened to which kind of document (报销单提交审批, Reimbursement
 * paid); notes a person typed stay as typed. The document's number is its own column (sourceNo).
 */
export function journalInReadersLanguage(
  { s, site, locale }: { s: HookContext['s']; site: { key: string }; locale: Locale },
  row: Record<string, unknown>,
) {
  const key = `journal.event.${String(row.note ?? '')}`;
  if (!(key in messages)) return;
  const entity = s.schemas.forSite(site.key).entities.get(String(row.sourceType ?? ''));
  const doc = entity ? (s.schemas.forSite(site.key).texts[entity.title]?.[locale] ?? '') : '';
  row.note = t(key as MessageKey, locale, { doc }).replace(/^\s*·\s*/, '');
}
defineHooks('budgetJournal', { inReadersLanguage: journalInReadersLanguage });
