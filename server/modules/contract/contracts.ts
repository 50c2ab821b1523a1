// Contracts (合同, DOMAIN.md "Contracts"): the rules their schema files cannot say.
//
// - A contract's stamp duty is worked out from its kind and basis — the amount less the VAT it lists
//   separately — at every save (./stamp-duty.ts); a change's from its new basis, with the contract as
//   it stands when the change is saved and again when it is approved.
// - A change (变更) is its own approved document. Approved, it rewrites the contract — amount, end
//   date, the unpaid part of the payment plan, the duty — while the change keeps the contract as it
//   was (old amount, VAT, end date, duty), so both versions stay readable. The contract's hold on
//   its indicator follows the new year's instalments. A signed contract's duty is paid: an increase
//   of its basis books the duty on the increase for the month, a decrease books the duty on the
//   decrease as a refund to claim (公告2022年第22号 第三条第（二）项); an unsigned one has paid nothing
//   and takes the new basis's duty, booked when it is signed.
// - A payment request names one instalment of the plan: submitted, the instalment is in payment
//   (no second request can take it) and stays so when approved; it is paid when the cashier pays
//   the request, on the day paid; sent back, it is open again. A voided or terminated contract's
//   open instalments are cancelled: nothing is due on it any more (the ledger shows what was paid).
// - A signed contract books its duty (stamp-duty register, summed by month, kind and entry type —
//   payable, or a refund to claim — for the tax return); so does an approved change of a signed one.
//
// Effects, declared in the entity files:
//   { "contract": "applyChange", "ref": "contractId" }                       (contractChange approved)
//   { "contract": "instalment", "ref": "contractId", "instalment": "instalmentNo", "amount": "amount",
//     "state": "1" }                                                        (contractPayment events)
//   { "contract": "bookDuty" }                                               (contract sign)
//   { "contract": "closePlan" }                                              (contract void, terminate)
import { sql } from 'kysely';
import { defineEffect } from '../../entities/effects.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';
import { holdTo } from '../budget/effects.ts';
import { dutyOnChange, stampDuty, taxBase } from './stamp-duty.ts';
import { siteNow } from '../../platform/site-time.ts';
import { instalmentFigures } from './instalments.ts';

type Row = Record<string, unknown>;

/** Instalment states (dictionary contract_instalment_state). */
const OPEN = '0';
const PAID = '2';
const CANCELLED = '3';
/** Contract states (dictionary contract_state): not signed yet, performing. */
const UNSIGNED = '0';
const PERFORMING = '1';
const VOIDED = '8';
const TERMINATED = '9';
/** Register entry types (dictionary stamp_duty_entry_type): duty payable, a refund to claim. */
const PAYABLE = '1';
const REFUND = '2';

const entityOf = (ctx: HookContext, name: string) => ctx.s.schemas.entity(ctx.site.key, name);

interface ContractRow {
  id: number;
  contract_no: string;
  amount: string;
  vat_amount: string | null;
  end_date: unknown;
  stamp_kind: string;
  stamp_duty: string;
  budget_id: number | null;
  budget_year: string | null;
  contract_state: string;
  approval_status: string;
  dept_id: number | null;
}

async function lockContract(ctx: HookContext, id: number): Promise<ContractRow> {
  const table = entityOf(ctx, 'contract').table;
  const row = (
    await sql<ContractRow>`select * from ${sql.table(table)} where id = ${id} and top_dept_id = ${ctx.site.id} for update`.execute(
      ctx.trx,
    )
  ).rows[0];
  if (!row) throw new AppError(Code.invalid, 'entity.badRef', { field: 'contractId' });
  return row;
}

/** A date column as 'YYYY-MM-DD' (null stays null). */
export const dateText = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? null : String(v).slice(0, 10);

/** What the contract has committed: its instalments in payment or paid (not open, not cancelled). */
async function paidOf(ctx: HookContext, contractId: number): Promise<bigint> {
  const lines = entityOf(ctx, 'contractInstalment').table;
  const r = await sql<{ paid: string }>`select coalesce(sum(amount), 0) as paid from ${sql.table(lines)}
    where doc_id = ${contractId} and instalment_state not in (${OPEN}, ${CANCELLED})`.execute(ctx.trx);
  return cents(r.rows[0]!.paid);
}

/**
 * Books a duty in the register (the stamp-duty summary groups it by month, kind and entry type):
 * payable, or (a decrease of a signed contract) the duty to claim back, negative.
 */
async function bookDuty(
  ctx: HookContext,
  contract: ContractRow,
  entryDate: string,
  base: string,
  duty: string,
  note: string,
  entryType = PAYABLE,
) {
  if (cents(duty) === 0n && cents(base) === 0n) return;
  const entry = entityOf(ctx, 'stampDutyEntry');
  await ctx.trx
    .insertInto(entry.table)
    .values({
      top_dept_id: ctx.site.id,
      contract_id: contract.id,
      entry_date: entryDate,
      stamp_kind: contract.stamp_kind,
      entry_type: entryType,
      tax_base: base,
      duty,
      note,
      dept_id: contract.dept_id,
      created_by: ctx.principal.userId,
      created_at: new Date(ctx.s.clock.now()),
    })
    .execute();
}

const today = (ctx: HookContext) => siteNow(ctx.s.clock.now(), ctx.site.timeZone).day;

defineHooks('contract', {
  beforeSave(_ctx, row, existing) {
    const merged = { ...(existing ?? {}), ...row };
    row.stampDuty = stampDuty(merged.stampKind, taxBase(merged.amount, merged.vatAmount));
  },
});

defineHooks('contractChange', {
  async beforeSave(ctx, row, existing) {
    const merged = { ...(existing ?? {}), ...row };
    const contractId = Number(merged.contractId);
    if (!Number.isSafeInteger(contractId) || contractId < 1) return;
    const contract = await lockContract(ctx, contractId);
    if (contract.approval_status !== '2' || ![UNSIGNED, PERFORMING].includes(contract.contract_state))
      throw new AppError(Code.conflict, 'contract.notChangeable', { contract: contract.contract_no });
    // The contract as it stands is the change's "before"; the new duty follows the new basis.
    row.oldAmount = contract.amount;
    row.oldVatAmount = contract.vat_amount;
    row.oldEndDate = dateText(contract.end_date);
    row.oldStampDuty = contract.stamp_duty;
    row.paidAmount = fromCents(await paidOf(ctx, contractId));
    row.newStampDuty = newDutyOf(contract, merged).duty;
  },
});

defineHooks('contractPayment', {
  async beforeSave(ctx, row, existing) {
    // A payment spends the contract's indicator, drawing on what the contract holds there.
    const contractId = Number({ ...(existing ?? {}), ...row }.contractId);
    if (!Number.isSafeInteger(contractId) || contractId < 1) return;
    const contract = (await lockContract(ctx, contractId)) as ContractRow & Record<string, unknown>;
    row.budgetId = contract.budget_id;
    // Paid to the counterparty unless the request names someone else.
    const merged = { ...(existing ?? {}), ...row };
    if (!merged.payee) row.payee = contract.counterparty ?? null;
    if (!merged.payeeAccount) row.payeeAccount = contract.counterparty_account ?? null;
    if (!merged.payeeBank) row.payeeBank = contract.counterparty_bank ?? null;
    // The instalment is one of the plan, open, and the amount at most what is left of it — said at
    // save, not first at submit (./instalments.ts: what is left counts the other requests).
    const no = Number(merged.instalmentNo);
    if (!Number.isSafeInteger(no) || no < 1) return;
    const line = (await instalmentFigures(ctx.trx, ctx.s, ctx.site.key, contractId, existing ? Number(existing.id) : null)).find(
      (l) => l.instalmentNo === no,
    );
    if (!line) throw new AppError(Code.invalid, 'contract.noInstalment', { contract: contract.contract_no, n: no });
    if (line.instalmentState !== OPEN) {
      const states = (await ctx.s.dictionaries.get(ctx.site.id, ctx.request.locale)).get('contract_instalment_state') ?? [];
      const state = states.find((d) => d.dictValue === line.instalmentState)?.dictLabel ?? line.instalmentState;
      throw new AppError(Code.conflict, 'contract.instalmentNotOpen', { contract: contract.contract_no, n: no, state });
    }
    const amount = String(merged.amount ?? '');
    if (/^\d+(\.\d{1,2})?$/.test(amount) && cents(amount) > cents(line.left))
      throw new AppError(Code.invalid, 'contract.aboveLeft', { contract: contract.contract_no, n: no, amount, left: line.left });
  },
});

/**
 * The contract's duty after a change, and what the change books: a signed (performing) contract has
 * paid its duty, so the change books the duty on the increase of the basis, or the duty on the
 * decrease as a refund to claim, and the contract's duty moves by that much; an unsigned one has
 * paid nothing and simply takes the new basis's duty (booked in full when it is signed).
 */
function newDutyOf(contract: ContractRow, change: Row) {
  const newBase = taxBase(change.newAmount, change.newVatAmount);
  if (contract.contract_state !== PERFORMING) return { duty: stampDuty(contract.stamp_kind, newBase), booked: null };
  const booked = dutyOnChange(contract.stamp_kind, taxBase(contract.amount, contract.vat_amount), newBase);
  return { duty: fromCents(cents(contract.stamp_duty) + cents(booked.duty)), booked };
}

defineEffect('contract', async (ctx, effect, doc) => {
  switch (effect.contract) {
    case 'applyChange':
      return applyChange(ctx, Number(doc[String(effect.ref)]), doc);
    case 'instalment':
      return instalment(ctx, effect, doc);
    case 'bookDuty': {
      const contract = await lockContract(ctx, Number(doc.id));
      return bookDuty(
        ctx,
        contract,
        dateText(doc.signDate) ?? today(ctx),
        taxBase(contract.amount, contract.vat_amount),
        contract.stamp_duty,
        'sign',
      );
    }
    case 'closePlan': {
      // Voided or terminated: what is still open is no longer due (an instalment in payment keeps
      // its request, which the cashier may still pay or the approvers send back).
      await lockContract(ctx, Number(doc.id));
      const lineTable = entityOf(ctx, 'contractInstalment').table;
      await sql`update ${sql.table(lineTable)} set instalment_state = ${CANCELLED}
        where doc_id = ${Number(doc.id)} and instalment_state = ${OPEN}`.execute(ctx.trx);
      return;
    }
    default:
      throw new Error(`${ctx.entity.name}: unknown contract effect ${String(effect.contract)}`);
  }
});

async function applyChange(ctx: HookContext, contractId: number, change: Row) {
  const contract = await lockContract(ctx, contractId);
  const number = String(change.changeNo ?? change.id);
  // Another change approved meanwhile: this one was written against a contract that is no more.
  if (
    cents(contract.amount) !== cents(String(change.oldAmount)) ||
    cents(contract.vat_amount) !== cents(change.oldVatAmount) ||
    (await paidOf(ctx, contractId)) !== cents(String(change.paidAmount))
  )
    throw new AppError(Code.conflict, 'contract.changeStale', { change: number, contract: contract.contract_no });
  if (![UNSIGNED, PERFORMING].includes(contract.contract_state))
    throw new AppError(Code.conflict, 'contract.notChangeable', { contract: contract.contract_no });
  const contractEntity = entityOf(ctx, 'contract');
  const lineTable = entityOf(ctx, 'contractInstalment').table;
  // The paid part of the plan stays; the open part becomes the change's plan.
  await sql`delete from ${sql.table(lineTable)} where doc_id = ${contractId} and instalment_state = ${OPEN}`.execute(ctx.trx);
  const kept = (
    await sql<{
      n: number;
    }>`select coalesce(max(line_no), 0) as n from ${sql.table(lineTable)} where doc_id = ${contractId}`.execute(ctx.trx)
  ).rows[0]!.n;
  // The approval's end hands over the change without its lines: its plan is read here.
  const plan = (
    await sql<Row>`select plan_date, condition, amount from ${sql.table(entityOf(ctx, 'changeInstalment').table)}
      where doc_id = ${Number(change.id)} order by line_no, id`.execute(ctx.trx)
  ).rows.map((l) => ({ planDate: dateText(l.plan_date), condition: l.condition, amount: l.amount }));
  if (plan.length)
    await ctx.trx
      .insertInto(lineTable)
      .values(
        plan.map((l, i) => ({
          top_dept_id: ctx.site.id,
          doc_id: contractId,
          line_no: Number(kept) + i + 1,
          plan_date: l.planDate,
          condition: l.condition ?? null,
          amount: l.amount,
          instalment_state: OPEN,
          created_by: ctx.principal.userId,
        })),
      )
      .execute();
  const year = contract.budget_year ?? '';
  const lines = (
    await sql<{ amount: string; plan_date: unknown; instalment_state: string }>`select amount, plan_date, instalment_state
      from ${sql.table(lineTable)} where doc_id = ${contractId}`.execute(ctx.trx)
  ).rows;
  const sum = (rows: typeof lines) => rows.reduce((a, l) => a + cents(l.amount), 0n);
  const inYear = lines.filter((l) => String(dateText(l.plan_date)).startsWith(year));
  // The duty as the contract stands now (it may have been signed since the change was saved).
  const { duty: newDuty, booked } = newDutyOf(contract, change);
  const vat =
    change.newVatAmount === null || change.newVatAmount === undefined || change.newVatAmount === ''
      ? null
      : String(change.newVatAmount);
  await sql`update ${sql.table(contractEntity.table)} set amount = ${String(change.newAmount)}::numeric,
    vat_amount = ${vat}::numeric, end_date = ${dateText(change.newEndDate)}::date, stamp_duty = ${newDuty}::numeric,
    plan_total = ${fromCents(sum(lines))}::numeric, year_plan = ${fromCents(sum(inYear))}::numeric,
    version = version + 1 where id = ${contractId}`.execute(ctx.trx);
  // The contract holds this year's open instalments on its indicator, no more, no less.
  if (contract.budget_id && contract.approval_status === '2')
    await holdTo(
      ctx,
      { type: 'contract', id: contractId },
      Number(contract.budget_id),
      fromCents(sum(inYear.filter((l) => l.instalment_state === OPEN))),
    );
  // The change says what was applied.
  if (cents(String(change.newStampDuty ?? '0')) !== cents(newDuty)) {
    const changes = entityOf(ctx, 'contractChange');
    await sql`update ${sql.table(changes.table)} set ${sql.ref(changes.byName.get('newStampDuty')!.column)} = ${newDuty}::numeric
      where id = ${Number(change.id)}`.execute(ctx.trx);
  }
  if (booked) await bookDuty(ctx, contract, today(ctx), booked.base, booked.duty, number, booked.refund ? REFUND : PAYABLE);
  await ctx.trx
    .insertInto('sys_state_history')
    .values({
      top_dept_id: ctx.site.id,
      entity: 'contract',
      doc_id: contractId,
      action: 'change',
      from_state: contract.contract_state,
      to_state: contract.contract_state,
      user_id: ctx.principal.userId,
      created_at: new Date(ctx.s.clock.now()),
    })
    .execute();
}

async function instalment(ctx: HookContext, effect: Record<string, unknown>, doc: Row) {
  const contractId = Number(doc[String(effect.ref)]);
  const no = Number(doc[String(effect.instalment)]);
  const to = String(effect.state);
  const contract = await lockContract(ctx, contractId);
  const lineTable = entityOf(ctx, 'contractInstalment').table;
  const line = (
    await sql<{
      id: number;
      amount: string;
      instalment_state: string;
    }>`select id, amount, instalment_state from ${sql.table(lineTable)}
      where doc_id = ${contractId} and line_no = ${no} for update`.execute(ctx.trx)
  ).rows[0];
  if (!line) throw new AppError(Code.invalid, 'contract.noInstalment', { contract: contract.contract_no, n: no });
  if (to === OPEN) {
    // Sent back on a contract voided or terminated meanwhile: no longer due, as its other open ones.
    const closed = contract.contract_state === VOIDED || contract.contract_state === TERMINATED;
    await sql`update ${sql.table(lineTable)} set instalment_state = ${closed ? CANCELLED : OPEN} where id = ${line.id}`.execute(ctx.trx);
    return;
  }
  if (to === PAID) {
    // Paid on the day the cashier says it was paid (the pay action's date), else today.
    const paidDate = dateText(doc.paidDate) ?? today(ctx);
    await sql`update ${sql.table(lineTable)} set instalment_state = ${PAID}, paid_date = ${paidDate}::date where id = ${line.id}`.execute(
      ctx.trx,
    );
    return;
  }
  // Submitted: the contract is performing, the instalment open, and the request asks for exactly it.
  if (contract.contract_state !== PERFORMING)
    throw new AppError(Code.conflict, 'contract.notPerforming', { contract: contract.contract_no });
  if (line.instalment_state !== OPEN)
    throw new AppError(Code.conflict, 'contract.instalmentTaken', { contract: contract.contract_no, n: no });
  if (cents(line.amount) !== cents(String(doc[String(effect.amount)])))
    throw new AppError(Code.invalid, 'contract.instalmentAmount', { n: no, amount: line.amount });
  await sql`update ${sql.table(lineTable)} set instalment_state = ${to} where id = ${line.id}`.execute(ctx.trx);
}
