// Lines of a document (issue 14, master–detail): a document entity names its line collections,
//
//   "lines": { "items": { "entity": "reimburseLine", "sum": { "money": "amount" }, "minItems": 1 } }
//
// and each line entity says whose lines it holds ("lineOf": "reimburse"). The lines travel in the
// document's body under the member's name and come back with the document (infoById); one save
// writes the document and its lines in one transaction. Each line is validated like a row of its
// entity (the body schema, dictionaries, references, files); a line field marked `unique` is unique
// across every document of the site, and the refusal names the document that holds the value. An
// invoice's number and code go to the site's invoice register instead (./invoices.ts: one invoice,
// one document, whatever document type and however spelt). Sums of line fields become document
// fields on the server; the browser's figures are never taken.
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError, Code } from '../platform/errors.ts';
import { t } from '../platform/messages.ts';
import { format, type Locale } from '../../validators/locale.ts';
import { run } from '../../validators/expression/evaluate.ts';
import type { EntityDef, FieldDef } from './model.ts';
import { holdInvoices, normaliseInvoiceLine, releaseInvoices } from './invoices.ts';
import { filesPatch, keptByHooks, toColumns, toWire, type Row } from './rows.ts';

/** An amount in cents, exact (amounts are decimal strings with at most two places, or numbers). */
function centsOf(v: unknown): bigint {
  if (v === null || v === undefined || v === '') return 0n;
  const text = typeof v === 'number' ? v.toFixed(2) : String(v).trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return 0n;
  const value = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -value : value;
}

function amountText(c: bigint): string {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

export interface LinesContext {
  trx: Transaction<any>;
  siteId: number;
  userId: number;
  locale: Locale;
  /** Entities of the caller's site (the line entities are among them). */
  entities: ReadonlyMap<string, EntityDef>;
  texts: Record<string, Record<string, string>>;
  /** The checks a row of an entity gets before it is written (dictionaries, references, files). */
  checkValues: (line: EntityDef, row: Row) => Promise<void>;
}

function lineEntity(entities: ReadonlyMap<string, EntityDef>, doc: EntityDef, member: string): EntityDef {
  const decl = doc.lines![member]!;
  const line = entities.get(decl.entity);
  if (!line) throw new Error(`${doc.name}: lines.${member} names no entity ${decl.entity}`);
  return line;
}

const title = (texts: LinesContext['texts'], key: string, locale: Locale) => texts[key]?.[locale] ?? key;

/**
 * The document fields that sum line fields, as the lines the body sends make them. A field may sum
 * over several collections (a claim's lines and its allowances): a collection the body leaves out
 * counts with its stored lines (`stored`); a field none of whose collections is sent is not touched.
 */
export function lineSums(doc: EntityDef, row: Row, stored: Row = {}): Row {
  const totals = new Map<string, bigint>();
  const sent = new Set<string>();
  for (const [member, decl] of Object.entries(doc.lines ?? {})) {
    const lines = Array.isArray(row[member])
      ? (row[member] as Row[])
      : Array.isArray(stored[member])
        ? (stored[member] as Row[])
        : [];
    for (const [docField, summed] of Object.entries(decl.sum ?? {})) {
      if (Array.isArray(row[member])) sent.add(docField);
      const { field, when } = typeof summed === 'string' ? { field: summed, when: undefined } : summed;
      const doc = { ...stored, ...row };
      const counted = when ? lines.filter((line) => Boolean(run(when, { ...line, doc }))) : lines;
      const total = counted.reduce((acc, line) => acc + centsOf(line[field]), 0n);
      totals.set(docField, (totals.get(docField) ?? 0n) + total);
    }
  }
  return Object.fromEntries([...totals].filter(([f]) => sent.has(f)).map(([f, c]) => [f, amountText(c)]));
}

/** The document's rules (`checks`) over the document as it will be; a broken one refuses the save. */
export function checkDocument(doc: EntityDef, scope: Row, texts: LinesContext['texts'], locale: Locale) {
  for (const check of doc.checks ?? []) {
    if (!run(check.rule, scope)) {
      // The message may name the document's values: {attendees}, {venueCapacity} (issue 34).
      const values = Object.fromEntries(
        Object.entries(scope).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'),
      );
      throw new AppError(Code.invalid, 'document.check', { detail: format(title(texts, check.message, locale), values) });
    }
  }
}

/** The document's lines, member by member, in their order. */
export async function readLines(
  db: Kysely<any>,
  entities: ReadonlyMap<string, EntityDef>,
  doc: EntityDef,
  docId: number,
): Promise<Row> {
  const out: Row = {};
  for (const member of Object.keys(doc.lines ?? {})) {
    const line = lineEntity(entities, doc, member);
    // A line's references come with their names (a product on a stock-out slip), as a row's do.
    const labels = line.fields.flatMap((f) => {
      const target = f.type === 'ref' && !f.hidden && f.ref ? entities.get(f.ref) : undefined;
      const display = target?.display ? target.byName.get(target.display) : undefined;
      if (!target || !display) return [];
      return [
        sql`(select r.${sql.ref(display.column)} from ${sql.table(target.table)} r where r.id = t.${sql.ref(f.column)})`.as(
          `${f.name}Label`,
        ),
      ];
    });
    const rows = await sql<Row>`select t.* ${labels.length ? sql`, ${sql.join(labels)}` : sql``} from ${sql.table(line.table)} t
      where t.doc_id = ${docId} order by t.line_no, t.id`.execute(db);
    out[member] = rows.rows.map((r) => toWire(line, r));
  }
  return out;
}

/** Removes the lines of removed documents (their invoices are free again). */
export async function removeLines(
  trx: Transaction<any>,
  entities: ReadonlyMap<string, EntityDef>,
  doc: EntityDef,
  ids: number[],
) {
  await releaseInvoices(trx, entities, doc, ids);
  for (const member of Object.keys(doc.lines ?? {})) {
    await trx
      .deleteFrom(lineEntity(entities, doc, member).table)
      .where('doc_id', 'in', ids)
      .execute();
  }
}

/** The field that names a document in a message: its number (a sequence field), else its display field. */
function docNameField(doc: EntityDef): FieldDef | undefined {
  return doc.fields.find((x) => x.sequence) ?? (doc.display ? doc.byName.get(doc.display) : undefined);
}

/** What names a document in a message: its number, else its display field, else its id. */
function docNameColumn(doc: EntityDef): string | null {
  const f = docNameField(doc);
  return f && !f.inExtend && f.type !== 'files' ? f.column : null;
}

/** The name of a document (wire names) as a message or a ledger row gives it: 'CK-2026-0003', '#12'. */
export function docName(doc: EntityDef, row: Row): string {
  const f = docNameField(doc);
  return String((f && row[f.name]) ?? `#${String(row.id)}`);
}

/** A collection of a document's lines: as the event's document carries them, else as stored. */
export async function documentLines(
  db: Kysely<any>,
  entities: ReadonlyMap<string, EntityDef>,
  doc: EntityDef,
  member: string,
  row: Row,
): Promise<Row[]> {
  if (Array.isArray(row[member])) return row[member] as Row[];
  const decl = doc.lines?.[member];
  if (!decl) throw new Error(`${doc.name}: no line collection ${member}`);
  const read = await readLines(db, entities, { ...doc, lines: { [member]: decl } }, Number(row.id));
  return (read[member] as Row[]) ?? [];
}

/**
 * Writes the lines the body sends for each member it has: a line with the id of one of this
 * document's lines changes it, one without an id (or with an id an earlier line holds: a copy) is
 * new, and the document's lines not sent go.
 */
export async function writeLines(ctx: LinesContext, doc: EntityDef, docId: number, row: Row): Promise<void> {
  for (const [member, decl] of Object.entries(doc.lines ?? {})) {
    if (!Array.isArray(row[member])) continue;
    const line = lineEntity(ctx.entities, doc, member);
    const lines = row[member] as Row[];
    const label = title(ctx.texts, decl.title, ctx.locale);
    const atLine = async (n: number, work: () => Promise<void>) => {
      try {
        await work();
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new AppError(err.code, 'line.error', { lines: label, n, detail: t(err.messageKey, ctx.locale, err.params) });
      }
    };
    const existing = new Set(
      (
        await sql<{ id: number }>`select id from ${sql.table(line.table)} where doc_id = ${docId} for update`.execute(ctx.trx)
      ).rows.map((r) => Number(r.id)),
    );
    // A line copied in the form comes with the id of the line it copies (the copy clones the
    // line): the first holder of an id is that line, a later one is a new line.
    const held = new Set<number>();
    for (const l of lines)
      if (l.id !== undefined && l.id !== null) {
        if (held.has(Number(l.id))) delete l.id;
        else held.add(Number(l.id));
      }
    for (const [i, l] of lines.entries()) {
      for (const f of line.fields)
        if (!f.readOnly && f.default !== undefined && (l[f.name] === undefined || l[f.name] === null)) l[f.name] = f.default;
      await atLine(i + 1, async () => {
        if (l.id !== undefined && !existing.has(Number(l.id))) throw new AppError(Code.notFound, 'record.notFound');
        // An invoice is written as the register spells it (./invoices.ts).
        normaliseInvoiceLine(ctx, line, l);
        await ctx.checkValues(line, l);
      });
    }
    await checkUnique(ctx, doc, line, docId, lines, atLine);
    const kept = new Set(lines.filter((l) => l.id !== undefined).map((l) => Number(l.id)));
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await ctx.trx.deleteFrom(line.table).where('id', 'in', gone).execute();
    // New lines go in one statement; kept ones are changed one by one.
    const fresh: Row[] = [];
    for (const [i, l] of lines.entries()) {
      const columns: Row = { ...toColumns(line, l), ...keptByHooks(line, l), line_no: i + 1 };
      const files = filesPatch(line, l);
      if (Object.keys(files).length) columns.extend = JSON.stringify(files);
      if (l.id !== undefined) {
        await ctx.trx.updateTable(line.table).set(columns).where('id', '=', Number(l.id)).execute();
      } else {
        if (line.site) columns.top_dept_id = ctx.siteId;
        columns.doc_id = docId;
        // Figures the server keeps on a line (an instalment's state) start at their default.
        for (const f of line.fields)
          if (f.readOnly && !f.standard && f.default !== undefined && f.type !== 'files' && !f.inExtend)
            columns[f.column] ??= f.default;
        if (line.byName.has('createdBy')) columns.created_by = ctx.userId;
        fresh.push(columns);
      }
    }
    // One shape for every row of the statement: a column some lines leave out takes its default.
    const names = [...new Set(fresh.flatMap((c) => Object.keys(c)))];
    if (fresh.length)
      await ctx.trx
        .insertInto(line.table)
        .values(fresh.map((c) => Object.fromEntries(names.map((n) => [n, n in c ? c[n] : sql`default`]))))
        .execute();
    // The collection's invoices, as now stored, held by this document in the site's register.
    await holdInvoices(ctx, doc, member, docId);
  }
}

/**
 * A unique line field: once in the document, and once across the site's documents. Saves of the
 * line entity take turns on a transaction lock per site, so two documents saved at the same moment
 * cannot both take one value.
 */
async function checkUnique(
  ctx: LinesContext,
  doc: EntityDef,
  line: EntityDef,
  docId: number,
  lines: Row[],
  atLine: (n: number, work: () => Promise<void>) => Promise<void>,
) {
  const unique = line.fields.filter((f) => f.unique);
  if (!unique.length) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`${ctx.siteId}:${line.table}`}))`.execute(ctx.trx);
  const named = docNameColumn(doc);
  for (const f of unique) {
    const together = (f.uniqueWith ?? []).map((n) => line.byName.get(n)).filter((x): x is FieldDef => !!x);
    const keyOf = (l: Row) => JSON.stringify([l[f.name], ...together.map((o) => l[o.name] ?? null)]);
    const seen = new Set<string>();
    for (const [i, l] of lines.entries()) {
      const v = l[f.name];
      if (v === undefined || v === null || v === '') continue;
      const field = title(ctx.texts, f.title, ctx.locale);
      await atLine(i + 1, async () => {
        if (seen.has(keyOf(l))) throw new AppError(Code.conflict, 'line.repeated', { field, value: String(v).slice(0, 60) });
        seen.add(keyOf(l));
        const clash = await sql<{
          doc: unknown;
          doc_id: number;
        }>`select l.doc_id, ${named ? sql`d.${sql.ref(named)}` : sql`null`} as doc
          from ${sql.table(line.table)} l join ${sql.table(doc.table)} d on d.id = l.doc_id
          where l.${sql.ref(f.column)} = ${v} ${line.site ? sql`and l.top_dept_id = ${ctx.siteId}` : sql``}
          ${sql.join(
            together.map((o) => sql`and l.${sql.ref(o.column)} is not distinct from ${l[o.name] ?? null}`),
            sql` `,
          )}
          and l.doc_id <> ${docId} limit 1`.execute(ctx.trx);
        const held = clash.rows[0];
        if (held)
          throw new AppError(Code.conflict, 'line.usedElsewhere', {
            field,
            value: String(v).slice(0, 60),
            doc: String(held.doc ?? `#${held.doc_id}`),
          });
      });
    }
  }
}
