// Export (xlsx, streamed row by row) and import (xlsx; every row checked, nothing written when any
// row is wrong, a report per row) of an entity's list, in the caller's language.
import crypto from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { noteTrail } from '../platform/db/trail-context.ts';
import { offsetAt } from '../platform/site-time.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../platform/services.ts';
import { AppError, Code } from '../platform/errors.ts';
import { caller } from '../platform/gate.ts';
import { t, type MessageKey } from '../platform/messages.ts';
import {
  CellRefused,
  checkXlsx,
  firstSheetRows,
  type ImportLimits,
  type XlsxFigures,
  columnLetters,
  importLimits,
  integerCell,
  moneyCell,
  numberCell,
  readCell,
  type CellRead,
} from '../platform/xlsx-guard.ts';
import { DEFAULT_SCALE } from '../../validators/formats.ts';
import { LOCALES, type Locale } from '../../validators/locale.ts';
import { EntityService, fieldLabel } from './crud.ts';
import type { EntityDef, FieldDef } from './model.ts';
import { exportHeadingProducer, type Heading } from './headings.ts';
import { sortOf } from './query.ts';

/** Rows an export reads at a time: each page its own short statement (EntityService.pages). */
export const EXPORT_PAGE_ROWS = 1_000;
/** The setting (schemas/system/configs.json) and what holds when a site has none or a bad one. */
export const EXPORT_MAX_ROWS = { key: 'export.maxRows', fallback: 100_000 } as const;
const YES_NO: Record<string, [string, string]> = {
  'zh-CN': ['是', '否'],
  'zh-TW': ['是', '否'],
  'en-US': ['Yes', 'No'],
  'pt-BR': ['Sim', 'Não'],
};
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * Text a spreadsheet would run as a formula when it starts the cell (OWASP "CSV injection": = + - @,
 * tab, carriage return; and their full-width forms, which Chinese input methods type): `=HYPERLINK(…)`
 * in a payee's name, `=cmd|' /C calc'!A0` in a remark.
 */
export const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * Writes a value into an export's cell so that a spreadsheet never takes text for a formula (issue 31):
 * text that starts like one keeps its characters and gets the text number format (@), which Excel,
 * LibreOffice and WPS show as text and keep as text when the cell is edited. exceljs writes no
 * quotePrefix style, and an apostrophe put before the text would show in the cell and come back in
 * a re-import; with @ the file round-trips exactly. Numbers (a negative amount too) stay numbers.
 */
export function setCell(cell: ExcelJS.Cell, value: unknown): void {
  cell.value = value as ExcelJS.CellValue;
  if (typeof value === 'string' && FORMULA_START.test(value)) cell.numFmt = '@';
}

function exportable(svc: EntityService, wanted?: string): FieldDef[] {
  const fields = svc.entity.fields.filter(
    (f) => !f.hidden && !f.writeOnly && f.export !== false && f.type !== 'json' && f.type !== 'files' && f.type !== 'refs',
  );
  if (!wanted) return fields;
  const names = wanted.split(',').map((n) => n.trim());
  const chosen = names.map((n) => fields.find((f) => f.name === n)).filter((f): f is FieldDef => Boolean(f));
  return chosen.length ? chosen : fields;
}

export async function exportRows(s: Services, svc: EntityService, request: FastifyRequest, reply: FastifyReply) {
  const { site } = caller(request);
  const locale = request.locale;
  const q = request.query as Record<string, unknown>;
  // More rows than the site's limit is refused before a byte is sent (never a file cut short).
  const setting = Number(await s.siteConfig.value(site.id, EXPORT_MAX_ROWS.key));
  const limit = Number.isFinite(setting) && setting > 0 ? Math.floor(setting) : EXPORT_MAX_ROWS.fallback;
  // The order is checked here, not when the first page is read: once the file has begun, a bad
  // sortField could only break the download instead of answering with a message.
  sortOf(svc.entity, q);
  const count = await svc.count(q);
  if (count > limit) throw new AppError(Code.tooLarge, 'export.tooManyRows', { count, limit });
  // The heading is produced first (the chain sealed and its head read), then the rows.
  const heading = await headingOf(s, svc.entity, request);
  const fields = exportable(svc, typeof q.columns === 'string' ? q.columns : undefined);
  const dicts = await s.dictionaries.get(site.id, locale);
  const title = s.schemas.texts[svc.entity.title]?.[locale] ?? svc.entity.name;

  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = fields.map((f) => ({
    header: fieldLabel(s, f, locale),
    key: f.name,
    width: f.type === 'text' ? 40 : f.type === 'datetime' ? 20 : 16,
    style: f.type === 'money' ? { numFmt: '#,##0.00' } : f.type === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));
  void (async () => {
    try {
      // A page is read, written and handed on before the next is read: memory holds one page
      // however many rows, and a slow client slows the reading instead of filling the server.
      for await (const rows of svc.pages(q, EXPORT_PAGE_ROWS)) {
        for (const row of rows) {
          const values: Record<string, unknown> = {};
          for (const f of fields) {
            const v = row[f.name];
            if (v === null || v === undefined) values[f.name] = null;
            else if (f.type === 'dict' && f.dict)
              values[f.name] = dicts.get(f.dict)?.find((d) => d.dictValue === v)?.dictLabel ?? v;
            else if (f.type === 'ref') values[f.name] = row[`${f.name}Label`] ?? v;
            else if (f.type === 'money')
              values[f.name] = Number(v); // display only: the cell is formatted to two places
            else if ((f.type === 'number' || f.type === 'integer') && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))
              values[f.name] = Number(v); // a rate the database computed as numeric: a number a sheet can sum
            // A spreadsheet's date-time has no zone: the cell holds the site's wall clock.
            else if (f.type === 'datetime') values[f.name] = wallDate(String(v), site.timeZone);
            else if (f.type === 'boolean') values[f.name] = YES_NO[locale][v ? 0 : 1];
            else values[f.name] = v;
          }
          const added = sheet.addRow(values);
          // Text that a spreadsheet would run as a formula is marked as text (setCell).
          for (const f of fields) {
            const v = values[f.name];
            if (typeof v === 'string' && FORMULA_START.test(v)) setCell(added.getCell(f.name), v);
          }
          added.commit();
        }
        if (!(await handedOn(sheet, stream))) return;
      }
      sheet.commit();
      if (heading) {
        const head = workbook.addWorksheet(heading.title.slice(0, 31));
        head.columns = [
          { key: 'label', width: 24 },
          { key: 'value', width: 72 },
        ];
        for (const [label, value] of heading.lines) {
          const line = head.addRow({ label, value });
          if (typeof value === 'string' && FORMULA_START.test(value)) setCell(line.getCell('value'), value);
          line.commit();
        }
        head.commit();
      }
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(title)}.xlsx`)
    .send(stream);
}

/**
 * Waits until what a sheet was given has gone on towards the client; false when the client went
 * away. exceljs 4 writes a sheet's XML into the zip's deflate stream without looking at its
 * backpressure (the deflate's own output does respect the response's), so with a slow client the
 * deflate would hold every uncompressed row: the export waits for it to drain instead.
 */
async function handedOn(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<boolean> {
  const deflate = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  if (deflate?.writableNeedDrain && !out.destroyed) {
    const done = new AbortController();
    await Promise.race([once(deflate, 'drain', { signal: done.signal }), once(out, 'close', { signal: done.signal })]).catch(
      () => undefined,
    );
    done.abort();
  }
  return !out.destroyed;
}

/**
 * The export's heading sheet the entity asks for (`exportHeading`, ./headings.ts): the producer's
 * lines, then when the export was made (the site's clock) and who made it.
 */
async function headingOf(s: Services, entity: EntityDef, request: FastifyRequest): Promise<Heading | null> {
  if (!entity.exportHeading) return null;
  const producer = exportHeadingProducer(entity.exportHeading);
  if (!producer) throw new AppError(Code.error, 'export.noHeading', { name: entity.exportHeading });
  const { site, principal } = caller(request);
  const heading = await producer(s, request);
  const now = s.clock.now();
  const at = wallDate(new Date(now).toISOString(), site.timeZone).toISOString().slice(0, 19).replace('T', ' ');
  return {
    title: heading.title,
    lines: [
      ...heading.lines,
      [t('export.exportedAt', request.locale), at],
      [t('export.exportedBy', request.locale), `${principal.realName || principal.nickName} (${principal.loginName})`],
    ],
  };
}

/** A header cell's text ('' when it holds none: a formula without its result is no header). */
function headerText(value: ExcelJS.CellValue): string {
  const v = readCell(value);
  if (v === undefined || v instanceof CellRefused) return '';
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
}

/** An instant as a spreadsheet cell shows it: a Date whose clock (as UTC, exceljs's reading) is the site's. */
function wallDate(value: string, zone: string): Date {
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t + offsetAt(t, zone)) : new Date(NaN);
}

/**
 * A cell that cannot become its field's value as it is: a number with more places than the field
 * takes, or one that holds no value (a formula without its result, an error: CellRefused). Refused
 * with its reference, never rounded.
 */
class CellProblem {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {}
}
const BAD_MONEY = new CellProblem('import.badMoneyCell');
const BAD_INTEGER = new CellProblem('import.badIntegerCell');

/** A cell as the save endpoint would take the field (never rounded: 1.005 is no amount). */
function bodyValue(f: FieldDef, raw: CellRead, dictLabels: Map<string, string>): unknown {
  if (raw === undefined || raw === '') return undefined;
  switch (f.type) {
    case 'integer':
      return integerCell(raw) ?? BAD_INTEGER;
    case 'ref':
      return typeof raw === 'number' ? raw : /^-?\d+$/.test(String(raw).trim()) ? Number(String(raw).trim()) : String(raw);
    case 'number': {
      // As many places as the field takes (its scale), never rounded: the JSON API's rule.
      const scale = f.scale ?? DEFAULT_SCALE;
      return numberCell(raw, scale) ?? (scale === 0 ? BAD_INTEGER : new CellProblem('import.badNumberCell', { scale }));
    }
    case 'money':
      return moneyCell(raw) ?? BAD_MONEY;
    case 'date':
      return raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim();
    case 'datetime':
      // A cell's date-time has no zone: its clock is the site's (validation reads it so).
      return raw instanceof Date ? raw.toISOString().slice(0, 19) : String(raw).trim();
    case 'boolean':
      return typeof raw === 'boolean' ? raw : ['1', 'true', 'y', 'yes', '是', 'sim'].includes(String(raw).trim().toLowerCase());
    case 'dict': {
      const text = String(raw).trim();
      return dictLabels.get(text) ?? text;
    }
    default:
      return String(raw);
  }
}

interface SheetRow {
  line: number;
  body: Record<string, unknown>;
  problem?: string;
}

/**
 * The uploaded xlsx as request bodies of an entity's rows: headers name fields by title (any
 * language) or name, cells become the values the save endpoint takes, a cell that cannot is the
 * row's problem. The file's size, rows and cells are within the site's limits first (issue 13).
 */
/** The file an import read, as the audit trail notes it (issue 36): name, bytes and SHA-256. */
export interface ImportedFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** An uploaded workbook the guard passed, with what reading its rows needs. */
interface Upload {
  buffer: Buffer;
  file: ImportedFile;
  figures: XlsxFigures;
  limits: ImportLimits;
  /** Dictionary labels in every language, by dictionary, to their values. */
  labels: Map<string, Map<string, string>>;
}

async function receive(s: Services, request: FastifyRequest): Promise<Upload> {
  const { site } = caller(request);
  if (!request.isMultipart()) throw new AppError(Code.invalid, 'import.badFile');
  const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  if (!file || !/\.xlsx$/i.test(file.filename)) {
    request.log.warn({ file: file?.filename ?? null }, 'import: no .xlsx file in the upload');
    throw new AppError(Code.invalid, 'import.badFile');
  }
  const buffer = await file.toBuffer();
  const imported: ImportedFile = {
    name: file.filename.slice(0, 200),
    bytes: buffer.length,
    sha256: crypto.createHash('sha256').update(buffer).digest('hex'),
  };
  // Sizes, rows, columns and cells within the site's limits before exceljs reads a byte (issue 13).
  const limits = await importLimits(s.siteConfig, site.id);
  const figures = await checkXlsx(buffer, limits).catch((err: unknown) => {
    // Why a file was taken for no workbook goes to the log: the refusal itself says only that.
    if (err instanceof AppError && err.messageKey === 'import.badFile')
      request.log.warn({ err: err.cause ?? err, file: imported }, 'import: the guard found no workbook');
    throw err;
  });
  // Dictionary labels in every language map back to values.
  const labels = new Map<string, Map<string, string>>();
  for (const l of LOCALES) {
    for (const [type, entries] of await s.dictionaries.get(site.id, l)) {
      const m = labels.get(type) ?? new Map<string, string>();
      for (const e of entries) m.set(e.dictLabel, e.dictValue);
      labels.set(type, m);
    }
  }
  return { buffer, file: imported, figures, limits, labels };
}

/** Rows of a sheet read at a time: what an import holds, whatever the file's size (issue 37). */
const BATCH_ROWS = 500;

/**
 * The workbook's rows as request bodies of the entity, a batch at a time, as the file is unpacked
 * (issue 37: what stays is a batch's bodies, not the workbook nor every row). Headers name fields by
 * title (any language) or name; a cell that cannot become a value is its row's problem. Refusals of
 * the file itself (no data, a wrong header, no known column) come after it was read through, in that
 * order, as when it was read whole.
 */
async function* sheetBodies(
  s: Services,
  entity: EntityDef,
  upload: Upload,
  request: FastifyRequest,
  // Inside the import's transaction its names are looked up through it: on the embedded database a
  // query beside the transaction would wait for it, and it for the query.
  db: Kysely<any> = s.database.db as unknown as Kysely<any>,
): AsyncGenerator<SheetRow[]> {
  const { site } = caller(request);
  const locale = request.locale;
  let columns: Map<number, FieldDef> | undefined;
  let headerFault: AppError | undefined;
  let dataRows = false;
  let bodies = 0;
  let batch: SheetRow[] = [];
  const named = async (rows: SheetRow[]) => {
    await namedReferences(s, db, site, columns!, rows, locale);
    return rows;
  };
  try {
    for await (const { line, cells } of firstSheetRows(upload.buffer, upload.figures)) {
      if (!columns) {
        try {
          columns = headerColumns(s, entity, line === 1 ? cells : new Map(), locale);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          headerFault = err;
          columns = new Map();
        }
        if (line === 1) continue;
      }
      dataRows = true;
      // A wrong header is told after the file is read through: an empty sheet is "no data" first.
      if (headerFault || !columns.size) continue;
      const body: Record<string, unknown> = {};
      let problem: string | undefined;
      for (const [col, f] of columns) {
        const read = readCell(cells.get(col));
        // A formula without its result or an error cell is refused as it stands, never read as text.
        const raw = read instanceof CellRefused ? undefined : read;
        const v =
          read instanceof CellRefused
            ? new CellProblem(read.key)
            : bodyValue(f, raw, upload.labels.get(f.dict ?? '') ?? new Map());
        if (v instanceof CellProblem) {
          const shown =
            read instanceof CellRefused ? read.value : raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw);
          problem ??= t(v.key, locale, {
            ...v.params,
            cell: `${columnLetters(col)}${line}`,
            field: fieldLabel(s, f, locale),
            value: shown.length > 30 ? `${shown.slice(0, 30)}…` : shown,
          });
        } else if (v !== undefined) body[f.name] = v;
      }
      if (!Object.keys(body).length && !problem) continue;
      bodies += 1;
      batch.push({ line, body, problem });
      if (batch.length >= BATCH_ROWS) {
        yield await named(batch);
        batch = [];
      }
    }
  } catch (err) {
    // What checkXlsx let through and exceljs still cannot read is no workbook; the reader's own
    // error goes to the log.
    if (!(err instanceof AppError)) request.log.warn({ err, file: upload.file }, 'import: the workbook could not be read');
    throw err instanceof AppError ? err : new AppError(Code.invalid, 'import.badFile');
  }
  if (!dataRows) throw new AppError(Code.invalid, 'import.empty');
  if (headerFault) throw headerFault;
  if (!columns?.size) throw new AppError(Code.invalid, 'import.noColumns');
  if (!bodies) throw new AppError(Code.invalid, 'import.empty');
  if (bodies > upload.limits.maxRows) {
    throw new AppError(Code.tooLarge, 'import.tooManyRows', { count: bodies, limit: upload.limits.maxRows });
  }
  if (batch.length) yield await named(batch);
}

/** Every row of the sheet at once: a document's lines, which the form takes in whole. */
async function readSheet(s: Services, entity: EntityDef, request: FastifyRequest): Promise<SheetRow[]> {
  const upload = await receive(s, request);
  const rows: SheetRow[] = [];
  for await (const batch of sheetBodies(s, entity, upload, request)) rows.push(...batch);
  return rows;
}

/**
 * The header row's columns: a header names a field by its title in any language, or by its name.
 * A header the entity does not know, or a required field without its column, would otherwise
 * import nothing ("no data rows") or fail every row: the header itself is what is wrong.
 */
function headerColumns(s: Services, entity: EntityDef, header: Map<number, ExcelJS.CellValue>, locale: Locale) {
  const writable = entity.fields.filter((f) => !f.readOnly && !f.standard && !f.hidden && f.type !== 'refs');
  const byHeader = new Map<string, FieldDef>();
  for (const f of writable) {
    byHeader.set(f.name.toLowerCase(), f);
    for (const l of LOCALES) {
      const title = s.schemas.texts[f.title]?.[l];
      if (title) byHeader.set(title.toLowerCase(), f);
    }
  }
  // Any other field's header (an exported file's created-at, a read-only code) is known and skipped.
  const known = new Set<string>();
  for (const f of entity.fields) {
    known.add(f.name.toLowerCase());
    for (const l of LOCALES) {
      const title = s.schemas.texts[f.title]?.[l];
      if (title) known.add(title.toLowerCase());
    }
  }
  const columns = new Map<number, FieldDef>();
  const unknown: string[] = [];
  for (const [col, value] of header) {
    const text = headerText(value).trim();
    if (!text) continue;
    const f = byHeader.get(text.toLowerCase());
    if (f) columns.set(col, f);
    else if (!known.has(text.toLowerCase())) unknown.push(text);
  }
  const mapped = new Set([...columns.values()]);
  const missing = writable.filter(
    (f) => f.required && f.default === undefined && f.type !== 'files' && f.type !== 'json' && !mapped.has(f),
  );
  if (unknown.length || missing.length) {
    const zh = locale.startsWith('zh');
    const quote = (v: string) => (locale === 'zh-TW' ? `「${v}」` : zh ? `“${v}”` : `"${v}"`);
    const names = (list: string[]) =>
      [...new Set(list)]
        .slice(0, 10)
        .map((v) => quote(v.length > 40 ? `${v.slice(0, 40)}…` : v))
        .join(zh ? '、' : ', ') + (new Set(list).size > 10 ? (zh ? '等' : ', …') : '');
    const parts = [
      ...(unknown.length ? [t('import.unknownColumns', locale, { columns: names(unknown) })] : []),
      ...(missing.length
        ? [t('import.missingColumns', locale, { columns: names(missing.map((f) => fieldLabel(s, f, locale))) })]
        : []),
    ];
    throw new AppError(
      Code.invalid,
      'import.badHeader',
      { detail: parts.join(zh ? '；' : '; ') },
      {
        unknownColumns: unknown,
        missingColumns: missing.map((f) => f.name),
      },
    );
  }
  return columns;
}

/**
 * A reference cell may name its row as people write it — a category's name or its code, a product's
 * name — not only by id: each text becomes the id of the one row of the site whose display field or a
 * unique text field has it; none, or several, is the row's problem, naming the cell.
 */
async function namedReferences(
  s: Services,
  db: Kysely<any>,
  site: { id: number; key: string },
  columns: Map<number, FieldDef>,
  bodies: SheetRow[],
  locale: Locale,
) {
  for (const [col, f] of columns) {
    if (f.type !== 'ref' || !f.ref) continue;
    const texts = [...new Set(bodies.map((b) => b.body[f.name]).filter((v): v is string => typeof v === 'string'))];
    const target = s.schemas.forSite(site.key).entities.get(f.ref);
    if (!texts.length || !target) continue;
    const keys = [
      ...new Set(
        [target.display, ...target.fields.filter((x) => x.unique && x.type === 'string').map((x) => x.name)]
          .map((n) => (n ? target.byName.get(n) : undefined))
          .filter((x): x is FieldDef => !!x && !x.inExtend && (x.type === 'string' || x.type === 'text'))
          .map((x) => x.column),
      ),
    ];
    if (!keys.length) continue;
    const found = new Map<string, Set<number>>();
    for (const column of keys) {
      const rows = await sql<{ id: number; v: string }>`select id, ${sql.ref(column)} as v from ${sql.table(target.table)}
        where ${sql.ref(column)} in (${sql.join(texts)}) ${target.site ? sql`and top_dept_id = ${site.id}` : sql``}`.execute(db);
      for (const r of rows.rows) found.set(r.v, new Set([...(found.get(r.v) ?? []), Number(r.id)]));
    }
    for (const b of bodies) {
      const v = b.body[f.name];
      if (typeof v !== 'string') continue;
      const ids = found.get(v);
      if (ids?.size === 1) b.body[f.name] = [...ids][0];
      else
        b.problem ??= t(ids ? 'import.ambiguousRef' : 'import.unknownRef', locale, {
          cell: `${columnLetters(col)}${b.line}`,
          field: fieldLabel(s, f, locale),
          value: v.length > 30 ? `${v.slice(0, 30)}…` : v,
        });
    }
  }
}

/**
 * An import, all or nothing, holding a batch of rows at a time (issue 37): the file is read twice.
 * First every row is checked against the schema with no transaction open (on the embedded database
 * the transaction holds the one connection every other request waits for); then, in one
 * transaction, read again and each row checked for what needs the database (references,
 * uniqueness, sequences) and inserted through the save pipeline. Any wrong row: nothing is written
 * and every row's fault is told.
 */
export async function importRows(s: Services, svc: EntityService, request: FastifyRequest): Promise<number> {
  const locale = request.locale;
  const upload = await receive(s, request);
  const errors: Array<{ row: number; message: string }> = [];
  const wrong = (row: number, err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    errors.push({ row, message: t(err.messageKey, locale, err.params) });
  };
  const valid = (line: number, body: Record<string, unknown>, problem: string | undefined) => {
    if (problem) {
      errors.push({ row: line, message: problem });
      return null;
    }
    try {
      return svc.validateForSave(body);
    } catch (err) {
      wrong(line, err);
      return null;
    }
  };
  let rows = 0;
  const refused = new Set<number>();
  for await (const batch of sheetBodies(s, svc.entity, upload, request)) {
    rows += batch.length;
    for (const { line, body, problem } of batch) if (!valid(line, body, problem)) refused.add(line);
  }
  await svc.prepare();
  // The trail's records of this import name the file they came from and how many rows it held.
  await noteTrail({ import: { ...upload.file, rows } }, () =>
    (s.database.db as unknown as Kysely<any>).transaction().execute(async (trx) => {
      for await (const batch of sheetBodies(s, svc.entity, upload, request, trx)) {
        for (const { line, body, problem } of batch) {
          // A row refused by the first reading is told once, not inserted.
          if (refused.has(line)) continue;
          // A name that found its row then and none now (removed meanwhile).
          if (problem) {
            errors.push({ row: line, message: problem });
            continue;
          }
          try {
            // Every row is checked and inserted (so duplicates inside the file show too); any error
            // rolls the whole import back.
            await svc.insert(trx, svc.validateForSave(body));
          } catch (err) {
            wrong(line, err);
          }
        }
      }
      if (errors.length) {
        errors.sort((a, b) => a.row - b.row);
        throw new AppError(Code.invalid, 'import.rowErrors', { count: errors.length }, { errors });
      }
    }),
  );
  await svc.afterImport();
  return rows;
}

/**
 * Lines of a document read from an xlsx (a batch's payees): each row checked as a line of the
 * collection, nothing kept — the form takes them in and the document's save writes them. Any wrong
 * row refuses the file with a report per row, as an import does.
 */
export async function importLines(s: Services, svc: EntityService, member: string, request: FastifyRequest) {
  const decl = svc.entity.lines?.[member];
  const line = decl && s.schemas.forSite(caller(request).site.key).entities.get(decl.entity);
  if (!decl || !line) throw new AppError(Code.notFound, 'record.notFound');
  const bodies = await readSheet(s, line, request);
  if (decl.maxItems !== undefined && bodies.length > decl.maxItems)
    throw new AppError(Code.tooLarge, 'import.tooManyRows', { count: bodies.length, limit: decl.maxItems });
  const rows = new EntityService(s, line, request);
  const errors: Array<{ row: number; message: string }> = [];
  const lines: Array<Record<string, unknown>> = [];
  for (const { line: at, body, problem } of bodies) {
    if (problem) {
      errors.push({ row: at, message: problem });
      continue;
    }
    try {
      lines.push(rows.validateForSave(body));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push({ row: at, message: t(err.messageKey, request.locale, err.params) });
    }
  }
  if (errors.length) throw new AppError(Code.invalid, 'import.rowErrors', { count: errors.length }, { errors });
  return lines;
}
