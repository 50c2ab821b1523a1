// The stock ledger (库存, DOMAIN.md "Consumables"): what a document's lines move in or out of a
// warehouse, in the document's transaction, never below zero, at moving weighted average cost.
//
//   { "stock": "in",   "balance": "consumableStock", "ledger": "consumableStockMove", "lines": "items",
//     "warehouse": "warehouseId", "product": "productId", "quantity": "quantity", "amount": "amount",
//     "date": "orderDate" }                                   the lines' quantities and values come in
//   { "stock": "out",  … same members … }                      they go out; each line's `amount` is set
//                                                              to what it cost (the moving average)
//   { "stock": "move", … "from": "fromWarehouseId", "to": "toWarehouseId" … }
//                                                              out of one and into the other at that cost
//   "safety": { "field": "safetyStock", "notify": "assetKeeper" }   (on out and move) when what is left of a
//                                                              product in all warehouses falls below the product's
//                                                              safety stock, the role's users get a notice
//                                                              and a purchase request draft restocks it (issue 34)
//
// The balance entity holds one row per warehouse and product (fields warehouseId, productId, quantity,
// amount); the ledger entity one row per line moved (moveDate, warehouseId, productId, direction,
// quantity, amount, balanceQuantity, balanceAmount, docKind, docId, docNo). Each balance row is locked
// before it is read, so concurrent issues of one product queue on it and the second sees what the
// first left: an issue beyond it is refused naming product, warehouse, what there is and what is asked.
// Lines of one document are taken in product order, so two documents never lock in opposite orders.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/types.ts';
import { defineEffect, type EffectDecl } from '../../entities/effects.ts';
import type { HookContext } from '../../entities/hooks.ts';
import type { EntityDef } from '../../entities/model.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';
import { docName, documentLines } from '../../entities/lines.ts';
import { siteNow } from '../../platform/site-time.ts';
import { wantingNotification } from '../account/settings.ts';
import { sendSystemNotice, usersWithRole } from '../notice/send.ts';
import { t } from '../../platform/messages.ts';
import { itemsSeparator } from '../../../validators/locale.ts';
import { nextInSequence } from '../../entities/sequence.ts';
import { yearOf } from '../../entities/query.ts';

type Row = Record<string, unknown>;

/** Directions of a ledger row (dictionary stock_direction). */
const IN = '1';
const OUT = '2';

const col = (e: EntityDef, name: string) => {
  const f = e.byName.get(name);
  if (!f) throw new Error(`${e.name}: the stock ledger needs a field ${name}`);
  return f.column;
};

interface Move {
  warehouseId: number;
  productId: number;
  quantity: number;
  /** In: the value that comes in (cents). Out: worked out here. */
  amount: bigint;
  line: Row;
}

interface Ctx {
  ctx: HookContext;
  balance: EntityDef;
  ledger: EntityDef;
  doc: Row;
  date: string;
  docNo: string;
}

async function lockBalance(c: Ctx, warehouseId: number, productId: number) {
  const b = c.balance;
  const rows = await sql<{ id: number; quantity: number; amount: string }>`select id, ${sql.ref(col(b, 'quantity'))} as quantity,
      ${sql.ref(col(b, 'amount'))} as amount from ${sql.table(b.table)}
    where top_dept_id = ${c.ctx.site.id} and ${sql.ref(col(b, 'warehouseId'))} = ${warehouseId}
      and ${sql.ref(col(b, 'productId'))} = ${productId} for update`.execute(c.ctx.trx);
  return rows.rows[0] ?? null;
}

async function labelOf(c: Ctx, entityName: string, id: number): Promise<string> {
  const e = c.ctx.s.schemas.entity(c.ctx.site.key, entityName);
  const display = e.display ? e.byName.get(e.display) : undefined;
  if (!display) return `#${id}`;
  const r = await sql<{ v: string }>`select ${sql.ref(display.column)} as v from ${sql.table(e.table)} where id = ${id}`.execute(
    c.ctx.trx,
  );
  return String(r.rows[0]?.v ?? `#${id}`);
}

async function record(c: Ctx, m: Move, direction: string, after: { quantity: number; amount: bigint }) {
  const l = c.ledger;
  await c.ctx.trx
    .insertInto(l.table)
    .values({
      top_dept_id: c.ctx.site.id,
      [col(l, 'moveDate')]: c.date,
      [col(l, 'warehouseId')]: m.warehouseId,
      [col(l, 'productId')]: m.productId,
      [col(l, 'direction')]: direction,
      [col(l, 'quantity')]: m.quantity,
      [col(l, 'amount')]: fromCents(m.amount),
      [col(l, 'balanceQuantity')]: after.quantity,
      [col(l, 'balanceAmount')]: fromCents(after.amount),
      [col(l, 'docKind')]: c.ctx.entity.name,
      [col(l, 'docId')]: Number(c.doc.id),
      [col(l, 'docNo')]: c.docNo,
      ...(l.byName.has('createdBy') ? { created_by: c.ctx.principal.userId } : {}),
      ...(l.byName.has('createdAt') ? { created_at: new Date(c.ctx.s.clock.now()) } : {}),
    })
    .execute();
}

async function setBalance(c: Ctx, id: number, after: { quantity: number; amount: bigint }) {
  const b = c.balance;
  await sql`update ${sql.table(b.table)} set ${sql.ref(col(b, 'quantity'))} = ${after.quantity},
    ${sql.ref(col(b, 'amount'))} = ${fromCents(after.amount)}::numeric where id = ${id}`.execute(c.ctx.trx);
}

async function stockIn(c: Ctx, m: Move) {
  const b = c.balance;
  const held = await lockBalance(c, m.warehouseId, m.productId);
  const after = {
    quantity: Number(held?.quantity ?? 0) + m.quantity,
    amount: cents(String(held?.amount ?? '0')) + m.amount,
  };
  if (held) await setBalance(c, held.id, after);
  else
    await c.ctx.trx
      .insertInto(b.table)
      .values({
        top_dept_id: c.ctx.site.id,
        [col(b, 'warehouseId')]: m.warehouseId,
        [col(b, 'productId')]: m.productId,
        [col(b, 'quantity')]: after.quantity,
        [col(b, 'amount')]: fromCents(after.amount),
      })
      .execute();
  await record(c, m, IN, after);
}

/** Takes the quantity out at the moving average; the last units take what value is left. */
async function stockOut(c: Ctx, m: Move): Promise<bigint> {
  const held = await lockBalance(c, m.warehouseId, m.productId);
  const have = Number(held?.quantity ?? 0);
  if (!held || have < m.quantity)
    throw new AppError(Code.conflict, 'stock.short', {
      product: await labelOf(c, productEntity(c), m.productId),
      warehouse: await labelOf(c, warehouseEntity(c), m.warehouseId),
      have,
      need: m.quantity,
    });
  const value = cents(String(held.amount));
  // Round half up to the fen: value × quantity / have.
  const cost = m.quantity === have ? value : (value * BigInt(m.quantity) * 2n + BigInt(have)) / (2n * BigInt(have));
  const after = { quantity: have - m.quantity, amount: value - cost };
  await setBalance(c, held.id, after);
  await record(c, { ...m, amount: cost }, OUT, after);
  return cost;
}

const productEntity = (c: Ctx) => c.balance.byName.get('productId')!.ref!;
const warehouseEntity = (c: Ctx) => c.balance.byName.get('warehouseId')!.ref!;

defineEffect('stock', async (ctx, effect, doc) => {
  const kind = String(effect.stock);
  const entities = ctx.s.schemas.forSite(ctx.site.key).entities;
  const balance = entities.get(String(effect.balance));
  const ledger = entities.get(String(effect.ledger));
  if (!balance || !ledger) throw new Error(`${ctx.entity.name}: the stock effect names no balance or ledger entity`);
  const dateValue = effect.date ? doc[String(effect.date)] : null;
  const c: Ctx = {
    ctx,
    balance,
    ledger,
    doc,
    date: dateValue ? String(dateValue).slice(0, 10) : siteNow(ctx.s.clock.now(), ctx.site.timeZone).day,
    docNo: docName(ctx.entity, doc),
  };
  const q = String(effect.quantity ?? 'quantity');
  const p = String(effect.product ?? 'productId');
  const a = String(effect.amount ?? 'amount');
  const lines = [...(await documentLines(ctx.trx, entities, ctx.entity, String(effect.lines), doc))].sort(
    (x, y) => Number(x[p]) - Number(y[p]) || Number(x.id) - Number(y.id),
  );
  const lineEntity = entities.get(ctx.entity.lines![String(effect.lines)]!.entity)!;
  const moveOf = (line: Row, warehouse: string): Move => ({
    warehouseId: Number(doc[warehouse]),
    productId: Number(line[p]),
    quantity: Number(line[q]),
    amount: cents(String(line[a] ?? '0')),
    line,
  });
  for (const line of lines) {
    if (!(Number(line[q]) > 0)) continue;
    if (kind === 'in') {
      await stockIn(c, moveOf(line, String(effect.warehouse)));
      continue;
    }
    const from = kind === 'move' ? String(effect.from) : String(effect.warehouse);
    const cost = await stockOut(c, moveOf(line, from));
    // What the line cost is written to it (the outorder slip, the loss, the move's value).
    await sql`update ${sql.table(lineEntity.table)} set ${sql.ref(col(lineEntity, a))} = ${fromCents(cost)}::numeric
      where id = ${Number(line.id)}`.execute(ctx.trx);
    if (kind === 'move') await stockIn(c, { ...moveOf(line, String(effect.to)), amount: cost });
  }
  const safety = effect.safety as { field?: string; notify?: string } | undefined;
  if (kind !== 'in' && safety?.field && safety.notify) {
    const taken = new Map<number, number>();
    // A move takes nothing from the organisation's stock: only what left it can cross the line.
    if (kind === 'out') for (const line of lines) taken.set(Number(line[p]), (taken.get(Number(line[p])) ?? 0) + Number(line[q]));
    await warnBelowSafety(c, taken, safety.field, safety.notify);
  }
});

/**
 * The products this document took below their safety stock (summed over the site's warehouses): a
 * notice to the role's users who keep stock warnings on, once, when the line is crossed — not at every
 * later issue while it stays below (the product list's red tag shows that).
 */
async function warnBelowSafety(c: Ctx, taken: Map<number, number>, safetyField: string, role: string) {
  if (!taken.size) return;
  const product = c.ctx.s.schemas.entity(c.ctx.site.key, productEntity(c));
  const b = c.balance;
  const rows = await sql<{
    id: number;
    safety: number;
    left: number;
  }>`select p.id, p.${sql.ref(col(product, safetyField))} as safety,
      coalesce((select sum(s.${sql.ref(col(b, 'quantity'))}) from ${sql.table(b.table)} s
        where s.top_dept_id = ${c.ctx.site.id} and s.${sql.ref(col(b, 'productId'))} = p.id), 0) as left
    from ${sql.table(product.table)} p where p.id in (${sql.join([...taken.keys()])})`.execute(c.ctx.trx);
  const crossed = rows.rows.filter((r) => {
    const left = Number(r.left);
    return Number(r.safety) > 0 && left < Number(r.safety) && left + (taken.get(Number(r.id)) ?? 0) >= Number(r.safety);
  });
  if (!crossed.length) return;
  await draftPurchase(c, product, crossed);
  const site = c.ctx.site.id;
  const keepers = await usersWithRole(c.ctx.trx, site, role);
  const people = await wantingNotification(c.ctx.trx as unknown as Kysely<DB>, site, keepers, 'stockWarning');
  const items = await Promise.all(
    crossed.map(async (r) => ({
      product: await labelOf(c, product.name, Number(r.id)),
      left: Number(r.left),
      safety: Number(r.safety),
    })),
  );
  await sendSystemNotice(c.ctx.trx, site, people, {
    text: (l) => ({
      title: t('notice.stock.title', l, { count: crossed.length }),
      content: t('notice.stock.content', l, {
        doc: c.docNo,
        items: items.map((item) => t('notice.stock.item', l, item)).join(itemsSeparator(l)),
      }),
    }),
    locale: c.ctx.request.locale,
    at: new Date(c.ctx.s.clock.now()),
  });
}

/**
 * The products an issue took below their safety stock, as a purchase request draft (issue 34) in the
 * name and department of whoever issued: one line per product for what brings it back to its safety
 * stock, at the product's reference price. The budget indicator is left for the one who completes
 * and submits it. A site without purchase requests gets only the notice.
 */
async function draftPurchase(c: Ctx, product: EntityDef, crossed: Array<{ id: number; safety: number; left: number }>) {
  const entities = c.ctx.s.schemas.forSite(c.ctx.site.key).entities;
  const apply = entities.get('purchaseApply');
  const line = apply?.lines?.items ? entities.get(apply.lines.items.entity) : undefined;
  if (!apply || !line) return;
  const ids = crossed.map((r) => Number(r.id));
  const info = new Map(
    (
      await sql<{ id: number; name: string; spec: string | null; unit: string | null; price: string | null }>`select id,
        ${sql.ref(col(product, 'productName'))} as name, ${sql.ref(col(product, 'spec'))} as spec,
        ${sql.ref(col(product, 'unit'))} as unit, ${sql.ref(col(product, 'refPrice'))} as price
      from ${sql.table(product.table)} where id in (${sql.join(ids)})`.execute(c.ctx.trx)
    ).rows.map((r) => [Number(r.id), r]),
  );
  const lines = crossed.map((r) => {
    const p = info.get(Number(r.id))!;
    const quantity = Number(r.safety) - Number(r.left);
    const price = cents(String(p.price ?? '0'));
    return { name: p.name, spec: p.spec, unit: p.unit, quantity, price, amount: price * BigInt(quantity) };
  });
  const day = siteNow(c.ctx.s.clock.now(), c.ctx.site.timeZone).day;
  const locale = c.ctx.request.locale;
  const no = apply.fields.find((f) => f.sequence);
  const now = new Date(c.ctx.s.clock.now());
  const head: Row = {
    top_dept_id: c.ctx.site.id,
    [col(apply, 'title')]: t('stock.draft.title', locale, { doc: c.docNo }),
    [col(apply, 'purchaseType')]: '1',
    [col(apply, 'method')]: '1',
    [col(apply, 'reason')]: t('stock.draft.reason', locale, { doc: c.docNo }),
    [col(apply, 'money')]: fromCents(lines.reduce((sum, l) => sum + l.amount, 0n)),
    [col(apply, 'deptId')]: c.ctx.principal.deptId,
    [col(apply, 'approvalStatus')]: '0',
    created_by: c.ctx.principal.userId,
    created_at: now,
    ...(apply.has.schemaVersion ? { schema_version: apply.schemaVersion } : {}),
  };
  // A yearly document belongs to the budget year the keeper works in, as one saved from the form would.
  if (apply.year) head[col(apply, apply.year)] = yearOf(c.ctx.request.headers, c.ctx.s.clock.now(), c.ctx.site.timeZone);
  if (no) head[no.column] = await nextInSequence(c.ctx.trx, c.ctx.site.id, `${apply.name}.${no.name}`, no.sequence!, day);
  const doc = (await c.ctx.trx.insertInto(apply.table).values(head).returning('id').executeTakeFirstOrThrow()) as { id: number };
  let n = 0;
  for (const l of lines)
    await c.ctx.trx
      .insertInto(line.table)
      .values({
        ...(line.site ? { top_dept_id: c.ctx.site.id } : {}),
        doc_id: Number(doc.id),
        line_no: ++n,
        [col(line, 'itemName')]: l.name,
        [col(line, 'spec')]: l.spec,
        [col(line, 'unit')]: l.unit,
        [col(line, 'quantity')]: l.quantity,
        [col(line, 'unitPrice')]: fromCents(l.price),
        [col(line, 'amount')]: fromCents(l.amount),
        created_by: c.ctx.principal.userId,
        created_at: now,
      })
      .execute();
}
