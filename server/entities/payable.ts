// Documents the cashier pays (DOMAIN.md "payment"): an entity declares what it owes and the state
// action that marks it paid,
//
//   "payable": { "action": "pay", "amount": "payable", "payee": "payee", "account": "payeeAccount",
//                "bank": "payeeBank", "partial": true }
//
// and a payment (schemas/expense/payment.*, modules/payment) pays one or several of them, each at
// what is still payable: `amount` less what paid payments already paid of it. Nothing is paid before
// the cashier pays: the settling action (its budget `pay`, an instalment marked paid) runs when a
// payment pays the whole rest; a part paid before that pays only its share of the budget.
import { sql, type Transaction } from 'kysely';
import type { EntityDef, PayableDecl } from './model.ts';
import { centsOf } from '../../validators/formats.ts';

/** The payment document and its lines (schemas/expense/payment.entity.json, paymentItem.entity.json). */
export const PAYMENT = 'payment';
export const PAYMENT_ITEM = 'paymentItem';
/** A payment's state: drafted, paid; a line's: waiting, paid. */
export const PAID = '1';

export function payableEntities(entities: ReadonlyMap<string, EntityDef>): Array<EntityDef & { payable: PayableDecl }> {
  return [...entities.values()].filter((e): e is EntityDef & { payable: PayableDecl } => Boolean(e.payable));
}

/** What paid payments have paid of documents of one kind, by document id, in cents. */
export async function paidOf(
  trx: Transaction<any> | any,
  entities: ReadonlyMap<string, EntityDef>,
  siteId: number,
  type: string,
  ids: number[],
): Promise<Map<number, bigint>> {
  const item = entities.get(PAYMENT_ITEM);
  const payment = entities.get(PAYMENT);
  const out = new Map<number, bigint>();
  if (!item || !payment || !ids.length) return out;
  const rows = (
    await sql<{ source_id: string; paid: string }>`select i.source_id, sum(i.amount)::numeric(18,2) as paid
      from ${sql.table(item.table)} i join ${sql.table(payment.table)} p on p.id = i.doc_id
      where p.top_dept_id = ${siteId} and i.item_state = ${PAID} and i.source_type = ${type}
        and i.source_id in (${sql.join(ids)}) group by i.source_id`.execute(trx)
  ).rows;
  for (const r of rows) out.set(Number(r.source_id), centsOf(String(r.paid)) ?? 0n);
  return out;
}
