// The invoice register (issue 31): one invoice is reimbursed once per site (DOMAIN.md "Expenses and
// funds"), whatever document type carries it and however it is typed. A line entity joins the
// register by declaring it on its number field, naming the field that holds the invoice code:
//
//   "invoiceNo": { "type": "string", …, "invoice": { "register": "invoice", "code": "invoiceCode" } }
//
// - Every save of a document's lines (./lines.ts) spells number and code as the register does
//   (validators/invoice.ts: spaces, full-width digits, hyphens and zeros in front do not count; a
//   20-digit fully digital invoice has no code, any code typed beside it is dropped; any other
//   invoice needs its code) and then rewrites the document's rows of nk_invoice (migration 0019).
// - nk_invoice is unique on (site, register, key): one document holds an invoice, by construction.
//   Of two claims saved at the same moment the second waits for the first and is refused, naming
//   the line and the document that holds the invoice ('invoice.held').
// - A line removed, or its document removed, frees its invoice. A cancelled document (approval
//   status 5) holds none: the effect { "invoices": "release" } on `cancelled` frees them, and a
//   cancelled document saved again registers nothing. A rejected or withdrawn one keeps them: the
//   applicant fixes it and submits it again.
// - { "invoices": "hold" } on `submit` checks the document's stored lines once more and holds their
//   invoices (lines stored before the register, or written by another path than the save).
// - Lines stored before the register are entered at start (fillInvoiceRegister); a duplicate among
//   them stays with the line entered first, and the other document is refused at its next save or
//   submit.
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError, Code } from '../platform/errors.ts';
import { t } from '../platform/messages.ts';
import type { Locale } from '../../validators/locale.ts';
import { invoiceIdentity, type InvoiceProblem } from '../../validators/invoice.ts';
import { defineEffect } from './effects.ts';
import type { EntityDef, FieldDef } from './model.ts';
import type { Row } from './rows.ts';

/** A field's declaration that it is an invoice's number in a register (entity meta-schema `invoice`). */
export interface InvoiceDecl {
  /** The register's name: the invoices of every line entity naming it are unique together per site. */
  register: string;
  /** The field holding the invoice code (none on a fully digital invoice). */
  code?: string;
}

interface RegisterField {
  number: FieldDef;
  code: FieldDef | undefined;
  register: string;
}

/** Approval status of a cancelled document (DOMAIN.md): it holds no invoice. */
const CANCELLED = '5';

/** The fields of a line entity that hold invoices, each with its code field and register. */
export function registerFields(line: EntityDef): RegisterField[] {
  return line.fields.flatMap((f) => {
    const decl = f.invoice as InvoiceDecl | undefined;
    if (!decl || typeof decl !== 'object') return [];
    return [{ number: f, code: decl.code ? line.byName.get(decl.code) : undefined, register: decl.register }];
  });
}

export interface RegisterContext {
  trx: Transaction<any>;
  siteId: number;
  locale: Locale;
  /** Entities of the caller's site. */
  entities: ReadonlyMap<string, EntityDef>;
  texts: Record<string, Record<string, string>>;
}

const title = (texts: RegisterContext['texts'], key: string, locale: Locale) => texts[key]?.[locale] ?? key;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function problemError(
  ctx: Pick<RegisterContext, 'texts' | 'locale'>,
  rf: RegisterField,
  problem: InvoiceProblem,
  number: unknown,
  code: unknown,
): AppError {
  const on = problem === 'number' || !rf.code ? rf.number : rf.code;
  const value = problem === 'number' ? number : code;
  return new AppError(Code.invalid, `invoice.${problem}`, {
    field: title(ctx.texts, on.title, ctx.locale),
    value: String(value ?? '').slice(0, 40),
  });
}

/**
 * A line as the body sends it, spelt as the register spells it: its number and code take their
 * plain form (a fully digital invoice's code goes). A number the register cannot read is refused.
 */
export function normaliseInvoiceLine(ctx: Pick<RegisterContext, 'texts' | 'locale'>, line: EntityDef, row: Row): void {
  for (const rf of registerFields(line)) {
    const number = row[rf.number.name];
    if (blank(number)) continue;
    const code = rf.code ? row[rf.code.name] : undefined;
    const read = invoiceIdentity(number, code);
    if (!read.ok) throw problemError(ctx, rf, read.problem, number, code);
    row[rf.number.name] = read.number;
    if (rf.code) row[rf.code.name] = read.code;
  }
}

/** Whether the document is cancelled (it then holds no invoice). */
async function cancelled(trx: Transaction<any>, doc: EntityDef, docId: number): Promise<boolean> {
  const f = doc.byName.get('approvalStatus');
  if (!f || f.inExtend) return false;
  const row = (
    await sql<{ s: unknown }>`select ${sql.ref(f.column)} as s from ${sql.table(doc.table)} where id = ${docId}`.execute(trx)
  ).rows[0];
  return String(row?.s ?? '') === CANCELLED;
}

/** What names a document in a refusal: its number (a sequence field), else its display field, else '#id'. */
async function holderName(ctx: RegisterContext, lineEntity: string, docId: number): Promise<string> {
  const doc = ctx.entities.get(ctx.entities.get(lineEntity)?.lineOf ?? '');
  const f = doc ? (doc.fields.find((x) => x.sequence) ?? (doc.display ? doc.byName.get(doc.display) : undefined)) : undefined;
  if (!doc || !f || f.inExtend || f.type === 'files') return `#${docId}`;
  const row = (
    await sql<{ n: unknown }>`select ${sql.ref(f.column)} as n from ${sql.table(doc.table)} where id = ${docId}`.execute(ctx.trx)
  ).rows[0];
  return String(row?.n ?? `#${docId}`);
}

interface Wanted {
  n: number;
  lineId: number;
  rf: RegisterField;
  key: string;
  number: string;
  code: string | null;
}

/**
 * The document's invoices of one line collection, held in the register: its rows there become
 * exactly its stored lines' invoices. Refused, naming the line: an invoice twice in the document,
 * an invoice another document holds (naming it), a line whose invoice the register cannot read.
 */
export async function holdInvoices(ctx: RegisterContext, doc: EntityDef, member: string, docId: number): Promise<void> {
  const decl = doc.lines?.[member];
  const line = decl ? ctx.entities.get(decl.entity) : undefined;
  if (!decl || !line) return;
  const fields = registerFields(line);
  if (!fields.length) return;
  const { trx } = ctx;
  const atLine = (n: number, err: AppError) =>
    new AppError(err.code, 'line.error', {
      lines: title(ctx.texts, decl.title, ctx.locale),
      n,
      detail: t(err.messageKey, ctx.locale, err.params),
    });
  await trx.deleteFrom('nk_invoice').where('line_entity', '=', line.name).where('doc_id', '=', docId).execute();
  if (await cancelled(trx, doc, docId)) return;
  const columns = fields.flatMap((rf) => [rf.number.column, ...(rf.code ? [rf.code.column] : [])]);
  const stored = await sql<Row>`select id, ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(line.table)}
    where doc_id = ${docId} order by line_no, id`.execute(trx);
  const wanted: Wanted[] = [];
  const seen = new Set<string>();
  for (const [i, row] of stored.rows.entries()) {
    for (const rf of fields) {
      const number = row[rf.number.column];
      if (blank(number)) continue;
      const code = rf.code ? row[rf.code.column] : undefined;
      const read = invoiceIdentity(number, code);
      if (!read.ok) throw atLine(i + 1, problemError(ctx, rf, read.problem, number, code));
      const id = JSON.stringify([rf.register, read.key]);
      if (seen.has(id))
        throw atLine(
          i + 1,
          new AppError(Code.conflict, 'line.repeated', {
            field: title(ctx.texts, rf.number.title, ctx.locale),
            value: read.number,
          }),
        );
      seen.add(id);
      wanted.push({ n: i + 1, lineId: Number(row.id), rf, key: read.key, number: read.number, code: read.code });
    }
  }
  // In one order for every save, so two saves that want the same invoices wait for each other
  // instead of each holding what the other waits for.
  let pending = [...wanted].sort((a, b) => (a.rf.register + a.key < b.rf.register + b.key ? -1 : 1));
  for (let round = 0; pending.length && round < 3; round++) {
    const taken = await trx
      .insertInto('nk_invoice')
      .values(
        pending.map((w) => ({
          top_dept_id: ctx.siteId,
          register: w.rf.register,
          invoice_key: w.key,
          line_entity: line.name,
          line_id: w.lineId,
          doc_id: docId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['register', 'invoice_key'])
      .execute();
    const got = new Set(taken.map((r: Row) => JSON.stringify([r.register, r.invoice_key])));
    pending = pending.filter((w) => !got.has(JSON.stringify([w.rf.register, w.key])));
    if (!pending.length) return;
    const holders = await sql<{ register: string; invoice_key: string; line_entity: string; doc_id: number }>`
      select register, invoice_key, line_entity, doc_id from nk_invoice where top_dept_id = ${ctx.siteId}
      and (register, invoice_key) in (${sql.join(pending.map((w) => sql`(${w.rf.register}, ${w.key})`))})`.execute(trx);
    const holderOf = new Map(holders.rows.map((h) => [JSON.stringify([h.register, h.invoice_key]), h]));
    // The first line (in the document's order) whose invoice another document holds is named.
    const first = [...pending].sort((a, b) => a.n - b.n).find((w) => holderOf.has(JSON.stringify([w.rf.register, w.key])));
    if (first) {
      const h = holderOf.get(JSON.stringify([first.rf.register, first.key]))!;
      const codePart =
        first.code && first.rf.code
          ? t('invoice.codePart', ctx.locale, { field: title(ctx.texts, first.rf.code.title, ctx.locale), code: first.code })
          : '';
      throw atLine(
        first.n,
        new AppError(Code.conflict, 'invoice.held', {
          field: title(ctx.texts, first.rf.number.title, ctx.locale),
          value: first.number,
          code: codePart,
          doc: await holderName(ctx, h.line_entity, Number(h.doc_id)),
        }),
      );
    }
    // Freed in the meantime (its holder removed or cancelled): taken on the next round.
  }
  if (pending.length) throw new AppError(Code.conflict, 'record.stale');
}

/** The register's rows of removed (or cancelled) documents go: their invoices are free again. */
export async function releaseInvoices(
  trx: Transaction<any>,
  entities: ReadonlyMap<string, EntityDef>,
  doc: EntityDef,
  docIds: number[],
): Promise<void> {
  const lineEntities = Object.values(doc.lines ?? {})
    .map((d) => entities.get(d.entity))
    .filter((l): l is EntityDef => !!l && registerFields(l).length > 0)
    .map((l) => l.name);
  if (!lineEntities.length || !docIds.length) return;
  await trx.deleteFrom('nk_invoice').where('line_entity', 'in', lineEntities).where('doc_id', 'in', docIds).execute();
}

// { "invoices": "hold" } (on submit) and { "invoices": "release" } (on cancelled).
defineEffect('invoices', async (ctx, effect, doc) => {
  const entities = ctx.s.schemas.forSite(ctx.site.key).entities;
  const docId = Number(doc.id);
  if (effect.invoices === 'release') return releaseInvoices(ctx.trx, entities, ctx.entity, [docId]);
  if (effect.invoices !== 'hold')
    throw new Error(`${ctx.entity.name}: invoices effect ${String(effect.invoices)}: hold or release`);
  const rctx: RegisterContext = {
    trx: ctx.trx,
    siteId: ctx.site.id,
    locale: ctx.request.locale,
    entities,
    texts: ctx.s.schemas.texts,
  };
  for (const member of Object.keys(ctx.entity.lines ?? {})) await holdInvoices(rctx, ctx.entity, member, docId);
});

/**
 * Lines stored before they were in the register (before migration 0019, or before their entity
 * joined it) are entered, in the order they were made; a cancelled document's are not. Run at start
 * and at a development reload; what is already in the register is not read again.
 */
export async function fillInvoiceRegister(db: Kysely<any>, entities: EntityDef[]): Promise<number> {
  const byName = new Map(entities.map((e) => [e.name, e]));
  let entered = 0;
  for (const line of entities) {
    const fields = registerFields(line);
    const doc = byName.get(line.lineOf ?? '');
    if (!fields.length || !doc) continue;
    const present = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema() and table_name in (${line.table}, ${doc.table})`.execute(db);
    if (Number(present.rows[0]?.n) !== 2) continue;
    const status = doc.byName.get('approvalStatus');
    const columns = fields.flatMap((rf) => [rf.number.column, ...(rf.code ? [rf.code.column] : [])]);
    let after = 0;
    for (;;) {
      const rows = await sql<Row>`select l.id, l.doc_id, d.top_dept_id as site_id,
          ${sql.join(columns.map((c) => sql`l.${sql.ref(c)}`))}
        from ${sql.table(line.table)} l join ${sql.table(doc.table)} d on d.id = l.doc_id
        where l.id > ${after}
          and not exists (select 1 from nk_invoice r where r.line_entity = ${line.name} and r.line_id = l.id)
          ${status && !status.inExtend ? sql`and d.${sql.ref(status.column)} is distinct from ${CANCELLED}` : sql``}
        order by l.id limit 500`.execute(db);
      if (!rows.rows.length) break;
      after = Number(rows.rows[rows.rows.length - 1]!.id);
      const values = rows.rows.flatMap((row) =>
        fields.flatMap((rf) => {
          const read = invoiceIdentity(row[rf.number.column], rf.code ? row[rf.code.column] : undefined);
          // A line the register cannot read (a traditional invoice stored without its code) waits
          // for its document's next save or submit, where it is refused until it is complete.
          if (!read.ok || row.site_id === null || row.site_id === undefined) return [];
          return [
            {
              top_dept_id: Number(row.site_id),
              register: rf.register,
              invoice_key: read.key,
              line_entity: line.name,
              line_id: Number(row.id),
              doc_id: Number(row.doc_id),
            },
          ];
        }),
      );
      // One row per invoice: the first line stored keeps it, the statement never meets itself.
      const firstOf = new Map<string, (typeof values)[number]>();
      for (const v of values) {
        const k = JSON.stringify([v.top_dept_id, v.register, v.invoice_key]);
        if (!firstOf.has(k)) firstOf.set(k, v);
      }
      if (firstOf.size) {
        const taken = await db
          .insertInto('nk_invoice')
          .values([...firstOf.values()])
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        entered += taken.length;
      }
    }
  }
  return entered;
}
