// A contract's payment plan as a payment request sees it (issue 33, "pickers that carry the
// decision"): each instalment with its date, condition and amount, what has been paid on it and
// what is left to request — the amount less the requests in approval, approved or paid.
//
//   GET /api/contract/payment/instalments?contractId=&id=   the open instalments with something
//       left, for whoever may add or edit a payment request (contract:payment:add / :edit) — the
//       picker of the payment form, which never asks for contract:contract:list; `id` is the
//       request being edited, whose own amount does not count against what is left.
//
// A save of a request (./contracts.ts) is refused when its instalment is not open or its amount is
// above what is left; the submit keeps its own checks, with the instalment locked.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { idText } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { cents, fromCents } from '../budget/ledger.ts';

/** Instalment states (dictionary contract_instalment_state): open, in payment, paid, cancelled. */
export const INSTALMENT_OPEN = '0';

export interface InstalmentFigures {
  instalmentNo: number;
  planDate: string | null;
  condition: string | null;
  amount: string;
  instalmentState: string;
  /** Paid by the cashier on the requests of this instalment. */
  paid: string;
  /** The amount less the requests in approval, approved or paid (other than the one being edited). */
  left: string;
}

const day = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? null : String(v).slice(0, 10);

/** The contract's instalments with what is paid and left; `except` is a request not to count (the one being saved). */
export async function instalmentFigures(
  db: Kysely<any>,
  s: Services,
  siteKey: string,
  contractId: number,
  except: number | null = null,
): Promise<InstalmentFigures[]> {
  const lines = s.schemas.entity(siteKey, 'contractInstalment');
  const payments = s.schemas.entity(siteKey, 'contractPayment');
  const c = (name: string) => sql.ref(`p.${payments.byName.get(name)!.column}`);
  const rows = (
    await sql<Record<string, unknown>>`select l.line_no, l.plan_date, l.condition, l.amount, l.instalment_state,
        coalesce((select sum(${c('amount')}) from ${sql.table(payments.table)} p where ${c('contractId')} = l.doc_id
          and ${c('instalmentNo')} = l.line_no and ${c('payState')} = '1'), 0) as paid,
        coalesce((select sum(${c('amount')}) from ${sql.table(payments.table)} p where ${c('contractId')} = l.doc_id
          and ${c('instalmentNo')} = l.line_no and ${c('approvalStatus')} in ('1', '2')
          ${except ? sql`and p.id <> ${except}` : sql``}), 0) as requested
      from ${sql.table(lines.table)} l where l.doc_id = ${contractId} order by l.line_no`.execute(db)
  ).rows;
  return rows.map((r) => {
    const left = cents(String(r.amount)) - cents(String(r.requested));
    return {
      instalmentNo: Number(r.line_no),
      planDate: day(r.plan_date),
      condition: (r.condition as string | null) ?? null,
      amount: fromCents(cents(String(r.amount))),
      instalmentState: String(r.instalment_state),
      paid: fromCents(cents(String(r.paid))),
      left: fromCents(left > 0n ? left : 0n),
    };
  });
}

export function contractInstalmentRoutes(app: FastifyInstance, s: Services) {
  app.get('/contract/payment/instalments', { config: { permission: 'login' } }, async (request) => {
    const { site, principal } = caller(request);
    // Whoever fills a payment request: the form's own keys, not the contract list's.
    if (!['contract:payment:add', 'contract:payment:edit'].some((k) => s.access.can(principal, k)))
      throw new AppError(Code.forbidden, 'auth.forbidden', { key: 'contract:payment:add' });
    const q = request.query as Record<string, unknown>;
    const contractId = idText(q.contractId, 'contractId');
    const except = q.id === undefined || q.id === '' ? null : idText(q.id, 'id');
    // The contract as the caller's data scope of contracts has it (its site, its department or author).
    const contracts = new EntityService(s, s.schemas.entity(site.key, 'contract'), request);
    await contracts.find(contractId);
    const figures = await instalmentFigures(s.database.db as unknown as Kysely<any>, s, site.key, contractId, except);
    return ok(
      request,
      figures
        .filter((f) => f.instalmentState === INSTALMENT_OPEN && cents(f.left) > 0n)
        .map((f) => ({
          value: f.instalmentNo,
          label: t('contract.instalmentLabel', request.locale, { n: f.instalmentNo, date: f.planDate ?? '', left: f.left }),
          ...f,
        })),
    );
  });
}
