// Budget adjustment applications (调整申请, DOMAIN.md "Budget adjustments"): kinds increase (追加),
// decrease (追减) and transfer (调剂, lines net to zero). The lines live in the document's
// `details` (what the form edits) and, once saved, in nk_budget_adjust_detail (what the ledger
// rules and listByIds read).
//
//   submit    → each negative line holds its amount (adjustFreeze); one adjustment in flight per indicator
//   approved  → every line applies (adjustApply)
//   rejected, withdrawn, cancelled → the holds are released (adjustRelease)
import { sql } from 'kysely';
import { siteNow } from '../../platform/site-time.ts';
import { EntityService } from '../../entities/crud.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { ledgerOf } from './hooks.ts';
import { amountOf, cents, fromCents } from './ledger.ts';

type Row = Record<string, any>;

export const AdjustKind = { increase: '1', decrease: '2', transfer: '3' } as const;
export const MAX_LINES = 50;
/** 三公经费: travel abroad, reception, official cars (running and purchase) — never raised by a transfer. */
export const SAN_GONG = new Set(['30212', '30217', '30231', '31013']);
const BASIC = new Set(['1', '2']);

export interface AdjustLine {
  budgetId: number;
  amount: string;
  remark?: string;
  limitCode?: string;
  budgetName?: string;
  availableBefore?: string;
  /** The indicator's 三重一大 flag: the form shows the application as major before it is saved. */
  majorFlag?: string;
}

function parseLines(raw: unknown): AdjustLine[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new AppError(Code.invalid, 'adjust.noLines');
    }
  }
  if (!Array.isArray(value) || !value.length) throw new AppError(Code.invalid, 'adjust.noLines');
  if (value.length > MAX_LINES) throw new AppError(Code.invalid, 'adjust.tooManyLines', { max: MAX_LINES });
  return value.map((l) => {
    const line = (l ?? {}) as Record<string, unknown>;
    const budgetId = Number(line.budgetId);
    if (!Number.isSafeInteger(budgetId) || budgetId <= 0) throw new AppError(Code.notFound, 'budget.notFound');
    const text = String(line.amount ?? '').trim();
    const negative = text.startsWith('-');
    const amount = amountOf(negative ? text.slice(1) : text);
    const remark = line.remark === undefined || line.remark === null ? undefined : String(line.remark).slice(0, 200);
    return { budgetId, amount: negative ? `-${amount}` : amount, ...(remark ? { remark } : {}) };
  });
}

/** Checks the lines against the kind and the indicators; returns them with the indicators' names. */
async function checkLines(
  ctx: HookContext,
  kind: string,
  lines: AdjustLine[],
  year: string,
): Promise<{ lines: AdjustLine[]; total: bigint; major: boolean }> {
  const ids = lines.map((l) => l.budgetId);
  if (new Set(ids).size !== ids.length) throw new AppError(Code.invalid, 'adjust.duplicateLine');
  // Indicators of the site within the caller's data scope (any year: the year is checked below).
  const scope = new EntityService(ctx.s, ctx.s.schemas.entity(ctx.site.key, 'budget'), ctx.request).conditions({}, true);
  const found = (
    await sql<Row>`select t.id, t.budget_year, t.limit_code, t.budget_name, t.expense_type, t.economic_class, t.major_flag,
        t.available_amount, exists (select 1 from nk_budget c where c.parent_id = t.id) as has_children
      from nk_budget t where ${sql.join(scope, sql` and `)} and t.id in (${sql.join(ids)})`.execute(ctx.trx)
  ).rows;
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  let plus = 0n;
  let minus = 0n;
  const out: AdjustLine[] = [];
  for (const l of lines) {
    const b = byId.get(l.budgetId);
    if (!b) throw new AppError(Code.notFound, 'budget.notFound');
    if (b.budget_year !== year) throw new AppError(Code.invalid, 'adjust.wrongYear', { year });
    if (b.has_children) throw new AppError(Code.conflict, 'budget.hasChildren', { name: String(b.budget_name) });
    const c = cents(l.amount);
    if (c > 0n) plus += c;
    else minus -= c;
    if (kind === AdjustKind.increase && c < 0n) throw new AppError(Code.invalid, 'adjust.badSign');
    if (kind === AdjustKind.decrease && c > 0n) throw new AppError(Code.invalid, 'adjust.badSign');
    if (kind === AdjustKind.transfer && c > 0n && SAN_GONG.has(String(b.economic_class ?? ''))) {
      throw new AppError(Code.invalid, 'adjust.sanGong', { name: String(b.budget_name) });
    }
    out.push({
      ...l,
      limitCode: String(b.limit_code),
      budgetName: String(b.budget_name),
      availableBefore: String(b.available_amount),
      majorFlag: b.major_flag === '1' ? '1' : '0',
    });
  }
  if (kind === AdjustKind.transfer) {
    if (plus !== minus || lines.length < 2) throw new AppError(Code.invalid, 'adjust.notBalanced');
    const types = new Set(found.map((b) => (BASIC.has(String(b.expense_type)) ? 'basic' : 'project')));
    if (types.size > 1) throw new AppError(Code.invalid, 'adjust.basicProject');
  }
  const total = kind === AdjustKind.decrease ? minus : plus;
  return { lines: out, total, major: found.some((b) => b.major_flag === '1') };
}

async function linesOf(ctx: HookContext, applyId: number): Promise<Array<{ budgetId: number; amount: string }>> {
  const rows = (
    await sql<Row>`select budget_id, amount from nk_budget_adjust_detail where apply_id = ${applyId} and top_dept_id = ${ctx.site.id}
      order by budget_id`.execute(ctx.trx)
  ).rows;
  return rows.map((r) => ({ budgetId: Number(r.budget_id), amount: String(r.amount) }));
}

defineHooks('budgetAdjustApply', {
  async beforeSave(ctx, row, existing) {
    const kind = String(row.adjustKind ?? existing?.adjustKind ?? '');
    const raw = 'details' in row ? row.details : existing?.details;
    const year = String(existing?.budgetYear ?? ctx.request.headers.year ?? siteNow(ctx.s.clock.now(), ctx.site.timeZone).year);
    const { lines, total, major } = await checkLines(ctx, kind, parseLines(raw), year);
    row.details = lines;
    const money = 'money' in row ? row.money : existing?.money;
    if (cents(money) !== total) throw new AppError(Code.invalid, 'adjust.moneyMismatch', { total: fromCents(total) });
    // An indicator marked 三重一大 makes the adjustment a major matter (the meeting-record rule reads it).
    if (major) row.majorFlag = '1';
  },
  async afterSave(ctx, row) {
    const id = Number(row.id);
    await sql`delete from nk_budget_adjust_detail where apply_id = ${id} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
    for (const l of parseLines(row.details)) {
      await sql`insert into nk_budget_adjust_detail (top_dept_id, apply_id, budget_id, amount, remark)
        values (${ctx.site.id}, ${id}, ${l.budgetId}, ${l.amount}::numeric, ${l.remark ?? null})`.execute(ctx.trx);
    }
    if (!row.applyNo) {
      const applyNo = `TZ${row.budgetYear ?? ''}${String(id).padStart(5, '0')}`;
      await sql`update nk_budget_adjust_apply set apply_no = ${applyNo} where id = ${id}`.execute(ctx.trx);
    }
  },
  async afterRemove(ctx, rows) {
    for (const r of rows) {
      await sql`delete from nk_budget_adjust_detail where apply_id = ${r.id} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
    }
  },
  async beforeSubmit(ctx, doc) {
    const id = Number(doc.id);
    const lines = await linesOf(ctx, id);
    if (!lines.length) throw new AppError(Code.invalid, 'adjust.noLines');
    // The indicators first (in id order, so two submissions cannot deadlock), then the check:
    // a second submission touching the same indicator waits here and then sees the first.
    const ids = lines.map((l) => l.budgetId);
    await sql`select id from nk_budget where id in (${sql.join(ids)}) order by id for update`.execute(ctx.trx);
    const busy = (
      await sql<Row>`select b.budget_name from nk_budget_adjust_detail d
        join nk_budget_adjust_apply a on a.id = d.apply_id
        join nk_budget b on b.id = d.budget_id
        where d.top_dept_id = ${ctx.site.id} and d.budget_id in (${sql.join(ids)}) and a.approval_status = '1' and a.id <> ${id}
        limit 1`.execute(ctx.trx)
    ).rows[0];
    if (busy) throw new AppError(Code.conflict, 'adjust.inFlight', { name: String(busy.budget_name) });
    const ledger = ledgerOf(ctx);
    for (const l of lines) {
      if (l.amount.startsWith('-')) {
        await ledger.adjustFreeze(l.budgetId, l.amount.slice(1), {
          type: 'budgetAdjustApply',
          id,
          note: String(doc.applyNo ?? ''),
        });
      }
    }
  },
  async afterApproval(ctx, row, outcome) {
    const id = Number(row.id);
    const ledger = ledgerOf(ctx);
    const source = { type: 'budgetAdjustApply', id, note: String(row.apply_no ?? ''), no: String(row.apply_no ?? '') };
    for (const l of await linesOf(ctx, id)) {
      if (outcome === 'approved') await ledger.adjustApply(l.budgetId, l.amount, source);
      else if (l.amount.startsWith('-')) await ledger.adjustRelease(l.budgetId, l.amount.slice(1), source);
    }
  },
});
