// Stock you can plan by (issue 34): what a consumable request may still ask of a warehouse, the
// request refused at submit beyond it, the figures beside it on its approval page, and the monthly
// report of each warehouse and item (opening, in, out, closing).
//
// Available = on hand (the balance row of warehouse and product) − reserved, where reserved is the
// lines of the site's other requests of that warehouse in approval or approved and not yet issued
// (approvalStatus 1 or 2, issueState 0). Drafts, rejected, withdrawn and cancelled requests reserve
// nothing; an issued request's quantity has left the balance itself. docs/decisions.md "(issue 34)".
//
//   GET /api/consumable/available?warehouseId=&productIds=1,2[&applyId=]   per product: onHand, reserved, available
//   GET /api/consumable/report/monthly?month=YYYY-MM[&warehouseId=]          the month's rows
//   GET /api/consumable/report/monthly/export?month=…                        the same as xlsx
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import type { EntityDef } from '../../entities/model.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { ok } from '../../platform/answer.ts';
import type { Site } from '../../platform/sites.ts';
import { t } from '../../platform/messages.ts';
import type { Locale } from '../../../validators/locale.ts';
import { cents, fromCents } from '../budget/ledger.ts';

type Row = Record<string, unknown>;

const APPLY = 'consumableApply';
/** In approval or approved: what a request reserves until it is issued. */
const RESERVING = ['1', '2'];
const NOT_ISSUED = '0';

export interface Availability {
  productId: number;
  onHand: number;
  reserved: number;
  available: number;
}

const c = (e: EntityDef, name: string) => sql.ref(e.byName.get(name)!.column);

/** On hand, reserved and available of some products in one warehouse; `except` a request's own lines. */
export async function availability(
  s: Services,
  db: Kysely<any>,
  siteKey: string,
  siteId: number,
  warehouseId: number,
  productIds: number[],
  except: number | null,
): Promise<Map<number, Availability>> {
  const out = new Map<number, Availability>();
  if (!productIds.length) return out;
  const stock = s.schemas.entity(siteKey, 'consumableStock');
  const apply = s.schemas.entity(siteKey, APPLY);
  const line = s.schemas.entity(siteKey, 'consumableApplyLine');
  const held = await sql<{ product: number; quantity: number }>`select ${c(stock, 'productId')} as product,
      ${c(stock, 'quantity')} as quantity from ${sql.table(stock.table)}
    where top_dept_id = ${siteId} and ${c(stock, 'warehouseId')} = ${warehouseId}
      and ${c(stock, 'productId')} in (${sql.join(productIds)})`.execute(db);
  const reserved = await sql<{ product: number; quantity: number }>`select l.${c(line, 'productId')} as product,
      sum(l.${c(line, 'quantity')})::bigint as quantity
    from ${sql.table(line.table)} l join ${sql.table(apply.table)} a on a.id = l.doc_id
    where a.top_dept_id = ${siteId} and a.${c(apply, 'warehouseId')} = ${warehouseId}
      and a.${c(apply, 'approvalStatus')} in (${sql.join(RESERVING)}) and a.${c(apply, 'issueState')} = ${NOT_ISSUED}
      and l.${c(line, 'productId')} in (${sql.join(productIds)}) ${except ? sql`and a.id <> ${except}` : sql``}
    group by l.${c(line, 'productId')}`.execute(db);
  for (const id of productIds) out.set(id, { productId: id, onHand: 0, reserved: 0, available: 0 });
  for (const r of held.rows) out.get(Number(r.product))!.onHand = Number(r.quantity);
  for (const r of reserved.rows) out.get(Number(r.product))!.reserved = Number(r.quantity);
  for (const a of out.values()) a.available = a.onHand - a.reserved;
  return out;
}

async function labels(db: Kysely<any>, e: EntityDef, ids: number[]): Promise<Map<number, string>> {
  const display = e.display ? e.byName.get(e.display) : undefined;
  const m = new Map<number, string>();
  if (!ids.length || !display) return m;
  const rows = await sql<{ id: number; v: string }>`select id, ${sql.ref(display.column)} as v from ${sql.table(e.table)}
    where id in (${sql.join(ids)})`.execute(db);
  for (const r of rows.rows) m.set(Number(r.id), String(r.v));
  return m;
}

/** The request's lines summed per product (a product on two lines asks for both). */
function asked(lines: Row[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const l of lines) {
    const p = Number(l.productId);
    if (Number.isSafeInteger(p) && p > 0) m.set(p, (m.get(p) ?? 0) + Number(l.quantity ?? 0));
  }
  return m;
}

async function linesOf(db: Kysely<any>, s: Services, siteKey: string, docId: number): Promise<Row[]> {
  const line = s.schemas.entity(siteKey, 'consumableApplyLine');
  const rows = await sql<Row>`select ${c(line, 'productId')} as "productId", ${c(line, 'quantity')} as quantity
    from ${sql.table(line.table)} where doc_id = ${docId} order by line_no, id`.execute(db);
  return rows.rows;
}

// A request beyond what is available is refused at submit, naming the item, what is available and what it asks.
defineHooks(APPLY, {
  async beforeSubmit(ctx: HookContext, row) {
    const warehouseId = Number(row.warehouseId);
    const want = asked(Array.isArray(row.items) ? (row.items as Row[]) : await linesOf(ctx.trx, ctx.s, ctx.site.key, Number(row.id)));
    if (!want.size || !Number.isSafeInteger(warehouseId)) return;
    // The balance rows are locked: two requests submitted at once see each other's reservation.
    const stock = ctx.s.schemas.entity(ctx.site.key, 'consumableStock');
    await sql`select id from ${sql.table(stock.table)} where top_dept_id = ${ctx.site.id}
      and ${c(stock, 'warehouseId')} = ${warehouseId} and ${c(stock, 'productId')} in (${sql.join([...want.keys()])})
      order by id for update`.execute(ctx.trx);
    const figures = await availability(ctx.s, ctx.trx, ctx.site.key, ctx.site.id, warehouseId, [...want.keys()], Number(row.id));
    const short = [...want].filter(([p, q]) => q > figures.get(p)!.available);
    if (!short.length) return;
    const names = await labels(ctx.trx, ctx.s.schemas.entity(ctx.site.key, 'consumableProduct'), short.map(([p]) => p));
    const [p, q] = short[0]!;
    throw new AppError(Code.conflict, 'stock.beyondAvailable', {
      product: names.get(p) ?? `#${p}`,
      available: Math.max(0, figures.get(p)!.available),
      need: q,
    });
  },
});

/** Per line of a pending request, for its approval page: on hand, reserved by others, available. */
export interface DocumentStockLine extends Availability {
  productName: string;
  quantity: number;
}

export async function documentStock(s: Services, site: Site, entity: EntityDef, doc: Row): Promise<DocumentStockLine[] | null> {
  if (entity.name !== APPLY || String(doc.issueState ?? NOT_ISSUED) !== NOT_ISSUED) return null;
  if (!['0', '1', '3', '4'].includes(String(doc.approvalStatus ?? ''))) return null;
  const db = s.database.db as unknown as Kysely<any>;
  const lines = Array.isArray(doc.items) ? (doc.items as Row[]) : await linesOf(db, s, site.key, Number(doc.id));
  const want = asked(lines);
  if (!want.size) return null;
  const figures = await availability(s, db, site.key, site.id, Number(doc.warehouseId), [...want.keys()], Number(doc.id));
  const names = await labels(db, s.schemas.entity(site.key, 'consumableProduct'), [...want.keys()]);
  return [...want].map(([p, q]) => ({ ...figures.get(p)!, productName: names.get(p) ?? `#${p}`, quantity: q }));
}

export interface MonthRow {
  warehouseId: number;
  warehouseName: string;
  productId: number;
  productCode: string;
  productName: string;
  unit: string;
  openingQuantity: number;
  openingAmount: string;
  inQuantity: number;
  inAmount: string;
  outQuantity: number;
  outAmount: string;
  closingQuantity: number;
  closingAmount: string;
}

/**
 * A month of the stock ledger per warehouse and item: opening is the balance after the last move
 * before the month, in and out the month's moves (a move between warehouses is out of one and in to
 * the other), closing opening + in − out — which is the balance after the month's last move. Items
 * with neither a balance at the opening nor a move in the month are left out.
 */
export async function monthReport(s: Services, site: Site, month: string, warehouseId: number | null): Promise<MonthRow[]> {
  const db = s.database.db as unknown as Kysely<any>;
  const move = s.schemas.entity(site.key, 'consumableStockMove');
  const product = s.schemas.entity(site.key, 'consumableProduct');
  const warehouse = s.schemas.entity(site.key, 'consumableWarehouse');
  const start = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const end = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const w = warehouseId ? sql`and ${c(move, 'warehouseId')} = ${warehouseId}` : sql``;
  const opening = await sql<{ w: number; p: number; q: number; a: string }>`select distinct on (w, p)
      ${c(move, 'warehouseId')} as w, ${c(move, 'productId')} as p, ${c(move, 'balanceQuantity')} as q, ${c(move, 'balanceAmount')} as a
    from ${sql.table(move.table)} where top_dept_id = ${site.id} and ${c(move, 'moveDate')} < ${start}::date ${w}
    order by w, p, ${c(move, 'moveDate')} desc, id desc`.execute(db);
  const moved = await sql<{ w: number; p: number; d: string; q: number; a: string }>`select ${c(move, 'warehouseId')} as w,
      ${c(move, 'productId')} as p, ${c(move, 'direction')} as d, sum(${c(move, 'quantity')})::bigint as q, sum(${c(move, 'amount')}) as a
    from ${sql.table(move.table)} where top_dept_id = ${site.id} and ${c(move, 'moveDate')} >= ${start}::date
      and ${c(move, 'moveDate')} < ${end}::date ${w}
    group by 1, 2, 3`.execute(db);
  type Acc = { w: number; p: number; oq: number; oa: bigint; iq: number; ia: bigint; xq: number; xa: bigint };
  const acc = new Map<string, Acc>();
  const at = (wh: number, p: number) => {
    const k = `${wh}:${p}`;
    let r = acc.get(k);
    if (!r) acc.set(k, (r = { w: wh, p, oq: 0, oa: 0n, iq: 0, ia: 0n, xq: 0, xa: 0n }));
    return r;
  };
  for (const o of opening.rows) {
    if (Number(o.q) === 0 && cents(String(o.a)) === 0n) continue;
    const r = at(Number(o.w), Number(o.p));
    r.oq = Number(o.q);
    r.oa = cents(String(o.a));
  }
  for (const x of moved.rows) {
    const r = at(Number(x.w), Number(x.p));
    if (String(x.d) === '1') {
      r.iq += Number(x.q);
      r.ia += cents(String(x.a));
    } else {
      r.xq += Number(x.q);
      r.xa += cents(String(x.a));
    }
  }
  const rows = [...acc.values()];
  const pIds = [...new Set(rows.map((r) => r.p))];
  const wIds = [...new Set(rows.map((r) => r.w))];
  const products = new Map<number, Row>();
  if (pIds.length)
    for (const r of (
      await sql<Row>`select id, ${c(product, 'productCode')} as code, ${c(product, 'productName')} as name, ${c(product, 'unit')} as unit
        from ${sql.table(product.table)} where id in (${sql.join(pIds)})`.execute(db)
    ).rows)
      products.set(Number(r.id), r);
  const warehouses = await labels(db, warehouse, wIds);
  return rows
    .map((r) => {
      const pr = products.get(r.p) ?? {};
      return {
        warehouseId: r.w,
        warehouseName: warehouses.get(r.w) ?? `#${r.w}`,
        productId: r.p,
        productCode: String(pr.code ?? ''),
        productName: String(pr.name ?? `#${r.p}`),
        unit: String(pr.unit ?? ''),
        openingQuantity: r.oq,
        openingAmount: fromCents(r.oa),
        inQuantity: r.iq,
        inAmount: fromCents(r.ia),
        outQuantity: r.xq,
        outAmount: fromCents(r.xa),
        closingQuantity: r.oq + r.iq - r.xq,
        closingAmount: fromCents(r.oa + r.ia - r.xa),
      };
    })
    .sort((a, b) => a.warehouseName.localeCompare(b.warehouseName) || a.productCode.localeCompare(b.productCode));
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function monthOf(q: Row): string {
  const month = typeof q.month === 'string' ? q.month : '';
  if (!MONTH.test(month)) throw new AppError(Code.invalid, 'stock.badMonth');
  return month;
}
function idOf(v: unknown): number | null {
  if (v === undefined || v === '' || v === null) return null;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new AppError(Code.invalid, 'stock.badId');
  return n;
}

const HEAD: Array<[keyof MonthRow, Parameters<typeof t>[0]]> = [
  ['warehouseName', 'stock.report.warehouse'],
  ['productCode', 'stock.report.productCode'],
  ['productName', 'stock.report.product'],
  ['unit', 'stock.report.unit'],
  ['openingQuantity', 'stock.report.openingQuantity'],
  ['openingAmount', 'stock.report.openingAmount'],
  ['inQuantity', 'stock.report.inQuantity'],
  ['inAmount', 'stock.report.inAmount'],
  ['outQuantity', 'stock.report.outQuantity'],
  ['outAmount', 'stock.report.outAmount'],
  ['closingQuantity', 'stock.report.closingQuantity'],
  ['closingAmount', 'stock.report.closingAmount'],
];

const AVAILABLE_KEYS = [
  'consumable:apply:list',
  'consumable:outorder:list',
  'consumable:move:list',
  'consumable:loss:list',
  'consumable:detail:list',
];

export function stockRoutes(app: FastifyInstance, s: Services) {
  // The figure beside a line of any document that takes from a warehouse (LineFigure): for whoever
  // may list one of them or the stock.
  app.get('/consumable/available', { config: { permission: 'login' } }, async (request) => {
    const { site, principal } = caller(request);
    if (!AVAILABLE_KEYS.some((k) => s.access.can(principal, k)))
      throw new AppError(Code.forbidden, 'auth.forbidden', { key: AVAILABLE_KEYS[0] });
    const q = (request.query ?? {}) as Row;
    const warehouseId = idOf(q.warehouseId);
    const ids = String(q.productIds ?? q.productId ?? '')
      .split(',')
      .filter(Boolean)
      .slice(0, 200)
      .map((v) => idOf(v)!);
    if (!warehouseId || !ids.length) return ok(request, []);
    const figures = await availability(s, s.database.db as unknown as Kysely<any>, site.key, site.id, warehouseId, ids, idOf(q.applyId));
    return ok(request, [...figures.values()]);
  });

  app.get('/consumable/report/monthly', { config: { permission: 'consumable:detail:list' } }, async (request) => {
    const { site } = caller(request);
    const q = (request.query ?? {}) as Row;
    return ok(request, await monthReport(s, site, monthOf(q), idOf(q.warehouseId)));
  });

  app.get(
    '/consumable/report/monthly/export',
    { config: { permission: 'consumable:detail:export', log: { module: 'consumableStockMove', action: 'export' } } },
    async (request, reply) => {
      const { site } = caller(request);
      const q = (request.query ?? {}) as Row;
      const month = monthOf(q);
      const rows = await monthReport(s, site, month, idOf(q.warehouseId));
      const locale = request.locale as Locale;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(month);
      sheet.addRow(HEAD.map(([, k]) => t(k, locale)));
      for (const r of rows)
        sheet.addRow(HEAD.map(([f]) => (typeof r[f] === 'string' && /Amount$/.test(f) ? Number(r[f]) : r[f])));
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      const name = `${t('stock.report.title', locale)}-${month}`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
        .send(buffer);
    },
  );
}
