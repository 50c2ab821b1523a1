// Payments (付款, DOMAIN.md "Expenses and funds"): a document of the cashier's that pays one or
// several approved documents — reimbursements, loans, contract payments, employee fees: whatever
// declares `payable` (../../entities/payable.ts) — each at what is still payable, by one method,
// on one day, under one voucher.
//
// Saved, each line takes from its document what the server knows (number, title, payee, account,
// bank, what is still payable) and is refused beyond it, or below it where the document is paid in
// one go. Paid (`{ "payment": "settle" }` on the payment's `pay`), in the payment's transaction:
// a line paying the whole rest takes the document's own settling action (its budget paid, an
// instalment marked paid, its separation of duties); a part pays that much of the document's
// budget. A line is paid only then: what is still payable counts paid payments only.
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineEffect } from '../../entities/effects.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { EntityService } from '../../entities/crud.ts';
import { docName } from '../../entities/lines.ts';
import type { EntityDef, PayableDecl } from '../../entities/model.ts';
import { separationOf } from '../../entities/owned.ts';
import { PAID, PAYMENT, PAYMENT_ITEM, paidOf, payableEntities } from '../../entities/payable.ts';
import { conditionSql, figureSql } from '../../entities/figure-sql.ts';
import { actionApplies, separationRefusal, takeAction } from '../../entities/states.ts';
import { countBoundOf, pageAnswer, pagingOf, type Condition, type Query } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { cents, fromCents } from '../budget/ledger.ts';
import { payPart } from '../budget/effects.ts';

type Row = Record<string, unknown>;
type Payable = EntityDef & { payable: PayableDecl };

/** The inputs a settling action may take from the payment. */
const PAYMENT_INPUTS = ['payMethod', 'paidDate', 'voucherNo'];
/** Documents of one kind the cashier's list of what waits offers at most. */
const WAITING_LIMIT = 500;

function payablesOf(ctx: { s: Services; site: { key: string } }): Map<string, Payable> {
  return new Map(payableEntities(ctx.s.schemas.forSite(ctx.site.key).entities).map((e) => [e.name, e]));
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * A document's payee, account or bank as its `payable` names it: a field, or `<lines>.<field>` —
 * the names of a batch's payees, joined (周教授、郑老师), as long as the line holds.
 */
function whom(e: Payable, doc: Row, key: 'payee' | 'account' | 'bank'): string | null {
  const name = e.payable[key];
  if (!name) return null;
  const [member, field] = name.split('.', 2) as [string, string | undefined];
  if (field === undefined) return text(doc[member]);
  const values = [
    ...new Set(((Array.isArray(doc[member]) ? doc[member] : []) as Row[]).map((l) => text(l[field])).filter(Boolean)),
  ];
  const joined = values.join('、');
  return joined.length > 100 ? `${joined.slice(0, 98)}…` : joined || null;
}

/** A document as the payment sees it: what it owes in all, what is paid, what is left. */
async function standing(ctx: HookContext, e: Payable, svc: EntityService, id: number, lock: boolean) {
  let doc: Row;
  try {
    if (lock) await svc.find(id, ctx.trx, true);
    doc = svc.wire(await svc.find(id, ctx.trx));
  } catch (err) {
    if (err instanceof AppError && err.code === Code.notFound)
      throw new AppError(Code.notFound, 'payment.notPayable', { doc: `#${id}` });
    throw err;
  }
  const name = docName(e, doc);
  const action = e.states?.actions[e.payable.action];
  if (!action || !actionApplies(e.states!, action, doc)) throw new AppError(Code.conflict, 'payment.notPayable', { doc: name });
  const paid = (await paidOf(ctx.trx, ctx.s.schemas.forSite(ctx.site.key).entities, ctx.site.id, e.name, [id])).get(id) ?? 0n;
  const due = cents(doc[e.payable.amount]) - paid;
  if (due <= 0n) throw new AppError(Code.conflict, 'payment.notPayable', { doc: name });
  return { doc, name, due, paid };
}

function assertAmount(e: Payable, name: string, amount: bigint, due: bigint) {
  if (amount > due)
    throw new AppError(Code.conflict, 'payment.overDue', { doc: name, amount: fromCents(amount), due: fromCents(due) });
  if (amount < due && !e.payable.partial)
    throw new AppError(Code.conflict, 'payment.wholeOnly', { doc: name, due: fromCents(due) });
}

defineHooks(PAYMENT, {
  async beforeSave(ctx, row) {
    const items = Array.isArray(row.items) ? (row.items as Row[]) : null;
    if (!items) return; // an update that leaves the lines as they are
    if (!items.length) throw new AppError(Code.invalid, 'payment.empty');
    const kinds = payablesOf(ctx);
    const seen = new Set<string>();
    for (const [i, line] of items.entries()) {
      const e = kinds.get(String(line.sourceType));
      if (!e) throw new AppError(Code.invalid, 'payment.unknownKind', { n: i + 1 });
      const id = Number(line.sourceId);
      const svc = await new EntityService(ctx.s, e, ctx.request).prepare();
      const { doc, name, due } = await standing(ctx, e, svc, id, false);
      if (seen.has(`${e.name}:${id}`)) throw new AppError(Code.invalid, 'payment.twice', { doc: name });
      seen.add(`${e.name}:${id}`);
      assertAmount(e, name, cents(line.amount), due);
      // What the document says, never what the request says: whom to pay and what is left.
      Object.assign(line, {
        sourceNo: name,
        sourceTitle: text(doc.title ?? doc.contractIdLabel ?? null),
        payee: whom(e, doc, 'payee'),
        payeeAccount: whom(e, doc, 'account'),
        payeeBank: whom(e, doc, 'bank'),
        due: fromCents(due),
        itemState: '0',
      });
    }
  },
});

defineEffect('payment', async (ctx, effect, doc) => {
  if (effect.payment !== 'settle') throw new Error(`${ctx.entity.name}: unknown payment effect ${String(effect.payment)}`);
  const member = String(effect.lines ?? 'items');
  const lineEntity = ctx.s.schemas.forSite(ctx.site.key).entities.get(ctx.entity.lines?.[member]?.entity ?? '');
  if (!lineEntity) throw new Error(`${ctx.entity.name}: the payment effect names no lines ${member}`);
  const kinds = payablesOf(ctx);
  const now = new Date(ctx.s.clock.now());
  const lines = (Array.isArray(doc[member]) ? doc[member] : []) as Row[];
  if (!lines.length) throw new AppError(Code.invalid, 'payment.empty');
  // Documents in a fixed order, so two payments paying the same ones lock them alike.
  const ordered = [...lines].sort(
    (a, b) => String(a.sourceType).localeCompare(String(b.sourceType)) || Number(a.sourceId) - Number(b.sourceId),
  );
  for (const line of ordered) {
    const e = kinds.get(String(line.sourceType));
    if (!e) throw new AppError(Code.invalid, 'payment.unknownKind', { n: lines.indexOf(line) + 1 });
    const id = Number(line.sourceId);
    const svc = await new EntityService(ctx.s, e, ctx.request).prepare();
    const { doc: paidDoc, name, due } = await standing(ctx, e, svc, id, true);
    const amount = cents(line.amount);
    assertAmount(e, name, amount, due);
    const action = e.states!.actions[e.payable.action]!;
    if (amount === due) {
      const inputs = Object.fromEntries(
        PAYMENT_INPUTS.filter((f) => (action.fields ?? []).includes(f)).map((f) => [f, doc[f] ?? null]),
      );
      await takeAction({
        s: ctx.s,
        trx: ctx.trx,
        request: ctx.request,
        svc,
        name: e.payable.action,
        doc: paidDoc,
        inputs,
        now,
        viaPayment: true,
      });
    } else {
      // A part: whoever may not settle the document may not pay part of it either.
      const separated = separationOf(action, e.effects?.[e.payable.action]);
      const refused = await separationRefusal(ctx.trx, e, separated, paidDoc, ctx.principal.userId, ctx.site.id);
      if (refused) throw new AppError(Code.forbidden, refused, { action: name });
      await payPart({ ...ctx, entity: e }, paidDoc, amount);
    }
    await sql`update ${sql.table(lineEntity.table)} set item_state = ${PAID}, due = ${fromCents(due)}::numeric
      where id = ${Number(line.id)} and doc_id = ${Number(doc.id)}`.execute(ctx.trx);
  }
});

/** A document as the cashier's list shows it: what it owes, what is paid, what is left. */
function payableRow(e: Payable, d: Row, owed: bigint, done: bigint): Row {
  return {
    sourceType: e.name,
    sourceId: Number(d.id),
    sourceNo: docName(e, d),
    sourceTitle: text(d.title ?? d.contractIdLabel ?? null),
    deptLabel: text(d.deptIdLabel),
    applicant: text(d.createdByLabel),
    payee: whom(e, d, 'payee'),
    payeeAccount: whom(e, d, 'account'),
    payeeBank: whom(e, d, 'bank'),
    owed: fromCents(owed),
    paid: fromCents(done),
    due: fromCents(owed - done),
    partial: Boolean(e.payable.partial),
  };
}

/**
 * What waits to be paid of one kind, as the database can select it: approved, in a state its paying
 * action starts from, its `when` (approvalStatus == '2'), and what it owes less what paid payments
 * paid of it above zero — null when the kind's amount or `when` is more than SQL can say.
 */
/** Approved, in a state the paying action starts from. */
function payingStates(e: Payable): Condition[] {
  const action = e.states!.actions[e.payable.action]!;
  const stateColumn = e.byName.get(e.states!.field)!.column;
  return [
    sql<SqlBool>`t.${sql.ref(stateColumn)} in (${sql.join(action.from)})`,
    ...(e.process ? [sql<SqlBool>`t.approval_status = '2'`] : []),
  ];
}

function waitingSql(s: Services, siteId: number, siteKey: string, e: Payable): Condition[] | null {
  const action = e.states!.actions[e.payable.action]!;
  const owed = figureSql(e, e.payable.amount);
  const when = action.when ? conditionSql(e, action.when) : sql`true`;
  const entities = s.schemas.forSite(siteKey).entities;
  const item = entities.get(PAYMENT_ITEM);
  const payment = entities.get(PAYMENT);
  if (!owed || !when || !item || !payment) return null;
  return [
    ...payingStates(e),
    sql<SqlBool>`${when}`,
    // Through fin_payment_item's (source_type, source_id) index: a document's payments, not all.
    sql<SqlBool>`${owed} > coalesce((select sum(i.amount) from ${sql.table(item.table)} i join ${sql.table(payment.table)} p on p.id = i.doc_id
      where p.top_dept_id = ${siteId} and i.item_state = ${PAID} and i.source_type = ${e.name} and i.source_id = t.id), 0)`,
  ];
}

/**
 * GET /expense/payment/payables — what waits to be paid: every approved document of a payable kind
 * with something still payable, as the cashier's picker lists it (kind, number, title, department,
 * payee and account, what it owes, what is paid, what is left, whether it may be paid in parts).
 * With pageNum/pageSize (the home page's block) a page and its count, chosen and counted by the
 * database: at a district's volume thousands of documents wait, and the block shows five.
 */
export function paymentRoutes(app: FastifyInstance, s: Services) {
  app.get('/expense/payment/payables', { config: { permission: 'expense:payment:list' } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    const { site } = caller(request);
    const kinds = payablesOf({ s, site });
    const wanted = (typeof q.sourceType === 'string' && q.sourceType ? [q.sourceType] : [...kinds.keys()])
      .map((kind) => kinds.get(kind))
      .filter((e): e is Payable => Boolean(e?.states));
    const keyword = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase().slice(0, 60) : '';
    const paged = q.pageSize !== undefined && q.pageSize !== '';
    const plans = wanted.map((e) => ({ e, where: waitingSql(s, site.id, site.key, e) }));
    // Every year's: a claim approved in December is paid in January.
    const serviceOf = (e: Payable) => new EntityService(s, { ...e, year: undefined }, request).prepare();
    // A batch's payees are its lines': read with them where the payee is named so.
    const withLines = (e: Payable) => (['payee', 'account', 'bank'] as const).some((k) => e.payable[k]?.includes('.'));
    const rowsOf = async (e: Payable, svc: EntityService, listed: Row[]) => {
      const paid = await paidOf(
        s.database.db,
        s.schemas.forSite(site.key).entities,
        site.id,
        e.name,
        listed.map((d) => Number(d.id)),
      );
      const out: Row[] = [];
      for (const one of listed) {
        const d = withLines(e) ? svc.wire(await svc.find(Number(one.id))) : one;
        const owed = cents(d[e.payable.amount]);
        const done = paid.get(Number(d.id)) ?? 0n;
        if (owed - done > 0n) out.push(payableRow(e, d, owed, done));
      }
      return out;
    };

    if (paged && !keyword && plans.every((p) => p.where)) {
      const { pageNum, pageSize } = pagingOf(q as Query);
      const services = await Promise.all(plans.map((p) => serviceOf(p.e)));
      const bound = countBoundOf(q as Query, { pageNum, pageSize });
      const counts = await Promise.all(plans.map((p, i) => services[i]!.countWhere(p.where!, { countTo: bound })));
      const records: Row[] = [];
      let skip = (pageNum - 1) * pageSize;
      for (const [i, p] of plans.entries()) {
        const n = counts[i]!.total;
        if (records.length >= pageSize) break;
        if (skip >= n) {
          skip -= n;
          continue;
        }
        const listed = await services[i]!.list({}, pageSize - records.length, p.where!, skip);
        skip = 0;
        records.push(...(await rowsOf(p.e, services[i]!, listed)));
      }
      const total = counts.reduce((sum, c) => sum + c.total, 0);
      return ok(request, pageAnswer(records, { total, more: counts.some((c) => c.more) }, pageNum, pageSize));
    }

    const out: Row[] = [];
    for (const { e, where } of plans) {
      const action = e.states!.actions[e.payable.action]!;
      const svc = await serviceOf(e);
      const listed = (await svc.list({}, WAITING_LIMIT, where ?? payingStates(e))).filter((d) =>
        actionApplies(e.states!, action, d),
      );
      for (const row of await rowsOf(e, svc, listed)) {
        if (keyword && !Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(keyword))) continue;
        out.push(row);
      }
    }
    const all = paged ? pagingOf(q as Query) : null;
    return ok(
      request,
      all
        ? pageAnswer(
            out.slice((all.pageNum - 1) * all.pageSize, all.pageNum * all.pageSize),
            { total: out.length, more: false },
            all.pageNum,
            all.pageSize,
          )
        : out,
    );
  });
}
