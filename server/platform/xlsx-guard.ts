// Every xlsx the server reads passes here before exceljs sees a byte of it (issue 13: zip bombs).
// exceljs inflates every entry of the zip into memory and builds a model of every sheet, and it
// expands merged areas, data-validation ranges and named ranges cell by cell: a file of a few KB
// can ask for millions of cells, one of a few hundred KB for hundreds of MB. So the guard
//
//   1. walks the zip's central directory itself: the number of entries, their methods and their
//      declared sizes (refused when the declared total is over the limit);
//   2. inflates every entry for real, streaming, with a running cap on the bytes it yields (a
//      declared size can lie; what counts is what comes out), holding one chunk at a time;
//   3. scans the XML as it comes (no DOM, no whole part in memory): rows and columns of every
//      sheet, cells (with the areas exceljs will expand), shared strings and elements;
//
// and refuses beyond the site's limits (settings import.*) with a message naming the limit and the
// figure. It writes nothing and answers nothing but an AppError.
//
// After the guard, every reader takes a cell through readCell (issue 31): a formula's saved result,
// never the formula or `[object Object]`; numbers as the spreadsheet holds them, never rounded.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS, { type CellValue } from 'exceljs';
import { decimalPlaces, isMoney, textDecimalPlaces } from '../../validators/formats.ts';
import { AppError, Code } from './errors.ts';

export interface ImportLimits {
  /** Data rows of a sheet (the header row is not counted). */
  maxRows: number;
  /** The highest column any cell is in. */
  maxColumns: number;
  /** Cells of the file, with the areas exceljs expands into cells. */
  maxCells: number;
  /** Bytes the whole zip inflates to. */
  maxUnzippedBytes: number;
}

/** The settings (schemas/system/configs.json) and what holds when a site has none or a bad one. */
export const IMPORT_SETTINGS = {
  maxRows: { key: 'import.maxRows', fallback: 10_000 },
  maxColumns: { key: 'import.maxColumns', fallback: 200 },
  maxCells: { key: 'import.maxCells', fallback: 200_000 },
  maxUnzippedMB: { key: 'import.maxUnzippedMB', fallback: 50 },
} as const;

/** An xlsx written by Excel has a dozen or two entries; a few hundred with images and sheets. */
export const MAX_ZIP_ENTRIES = 2_000;
/** Excel's grid: a row or column past it is no sheet Excel wrote. */
const GRID_ROWS = 1_048_576;
const GRID_COLUMNS = 16_384;
/** One tag (with its attributes) or one defined name's text; Excel's longest are a few KB. */
const MAX_TAG_BYTES = 1024 * 1024;
const MB = 1024 * 1024;

const positive = (text: string | undefined, fallback: number, whole: boolean): number => {
  const n = text === undefined || text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(n) || n <= 0) return fallback;
  return whole ? Math.max(1, Math.floor(n)) : n;
};

/** The limits from a site's settings (a value that is no positive number: the default). */
export function importLimitsOf(setting: (key: string) => string | undefined): ImportLimits & { maxUnzippedMB: number } {
  const s = IMPORT_SETTINGS;
  const maxUnzippedMB = positive(setting(s.maxUnzippedMB.key), s.maxUnzippedMB.fallback, false);
  return {
    maxRows: positive(setting(s.maxRows.key), s.maxRows.fallback, true),
    maxColumns: positive(setting(s.maxColumns.key), s.maxColumns.fallback, true),
    maxCells: positive(setting(s.maxCells.key), s.maxCells.fallback, true),
    maxUnzippedMB,
    maxUnzippedBytes: Math.max(1, Math.floor(maxUnzippedMB * MB)),
  };
}

/** The limits of a site, read through its settings (server/platform/site-config.ts). */
export async function importLimits(
  config: { value(siteId: number, key: string): Promise<string | undefined> },
  siteId: number,
): Promise<ImportLimits & { maxUnzippedMB: number }> {
  const values = new Map<string, string | undefined>();
  for (const { key } of Object.values(IMPORT_SETTINGS)) values.set(key, await config.value(siteId, key));
  return importLimitsOf((key) => values.get(key));
}

/** What the guard counted; the figures are those of the whole file. */
export interface XlsxFigures {
  entries: number;
  unzippedBytes: number;
  /** Data rows of the fullest sheet. */
  rows: number;
  columns: number;
  cells: number;
  strings: number;
  elements: number;
  /**
   * The error a formula cell saved as its result (#DIV/0!), by sheet number, column and row: the
   * streaming reader keeps only "not a number" for it, and the refusal names the error.
   */
  formulaErrors: Map<string, string>;
}

const bad = () => new AppError(Code.invalid, 'import.badFile');
/** MB rounded down: one decimal, three below 1 MB. */
const mb = (bytes: number) => {
  const v = bytes / MB;
  return v >= 1 ? (Math.floor(v * 10) / 10).toFixed(1) : (Math.floor(v * 1000) / 1000).toFixed(3);
};

/**
 * Refuses the workbook unless it is within the limits (AppError 41300 naming the limit and the
 * figure, or 40000 import.badFile for what is no xlsx). Memory: the upload itself plus a chunk.
 */
export async function checkXlsx(buffer: Buffer, limits: ImportLimits & { maxUnzippedMB?: number }): Promise<XlsxFigures> {
  try {
    return await check(buffer, limits);
  } catch (err) {
    // A zip that is cut short or points past its end reads out of range: no workbook (the reason
    // kept as its cause, for the log).
    throw err instanceof AppError ? err : Object.assign(bad(), { cause: err });
  }
}

async function check(buffer: Buffer, limits: ImportLimits & { maxUnzippedMB?: number }): Promise<XlsxFigures> {
  const limitMB = limits.maxUnzippedMB ?? limits.maxUnzippedBytes / MB;
  const tooLarge = (bytes: number) =>
    new AppError(Code.tooLarge, 'import.tooLargeUnzipped', { size: mb(bytes), limit: String(limitMB) });
  const entries = centralDirectory(buffer);
  if (entries.length > MAX_ZIP_ENTRIES) {
    throw new AppError(Code.tooLarge, 'import.tooManyEntries', { count: entries.length, limit: MAX_ZIP_ENTRIES });
  }
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnzippedBytes) throw tooLarge(declared);

  // exceljs creates an object for about every element; 10 per allowed cell is more than any real
  // file needs (a cell and its value, its shared string, styles) and bounds what it can be asked.
  const maxElements = limits.maxCells * 10 + 100_000;
  const count = new Counter(limits, maxElements);
  let unzipped = 0;
  for (const entry of entries) {
    const part = partOf(entry.name, count);
    const take = (chunk: Buffer) => {
      unzipped += chunk.length;
      if (unzipped > limits.maxUnzippedBytes) throw tooLarge(unzipped);
      part?.write(chunk);
    };
    const data = dataOf(buffer, entry);
    if (entry.method === 0) {
      for (let i = 0; i < data.length; i += 64 * 1024) take(data.subarray(i, i + 64 * 1024));
    } else {
      await inflate(data, take);
    }
    part?.end();
  }
  count.finish();
  return {
    entries: entries.length,
    unzippedBytes: unzipped,
    rows: count.rows,
    columns: count.columns,
    cells: count.cells,
    strings: count.strings,
    elements: count.elements,
    formulaErrors: count.formulaErrors,
  };
}

// ---- the zip ------------------------------------------------------------------------------------

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function centralDirectory(buf: Buffer): Entry[] {
  if (buf.length < 22) throw bad();
  let eocd = -1;
  for (let i = buf.length - 22, stop = Math.max(0, buf.length - 22 - 0xffff); i >= stop; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  let count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    // Zip64: the locator sits right before the end record and points at the zip64 end record.
    const locator = eocd - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== 0x07064b50) throw bad();
    const at = Number(buf.readBigUInt64LE(locator + 8));
    if (at + 56 > buf.length || buf.readUInt32LE(at) !== 0x06064b50) throw bad();
    count = Number(buf.readBigUInt64LE(at + 32));
    offset = Number(buf.readBigUInt64LE(at + 48));
  }
  if (count > MAX_ZIP_ENTRIES) {
    throw new AppError(Code.tooLarge, 'import.tooManyEntries', { count, limit: MAX_ZIP_ENTRIES });
  }
  const entries: Entry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw bad();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    let local = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLength + extraLength > buf.length) throw bad();
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    // Zip64 sizes and offset live in the extra field 0x0001, in this order, for those set to ~0.
    if (size === 0xffffffff || compressedSize === 0xffffffff || local === 0xffffffff) {
      let x = p + 46 + nameLength;
      const end = x + extraLength;
      let found = false;
      while (x + 4 <= end) {
        const id = buf.readUInt16LE(x);
        const length = buf.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let v = x + 4;
          const next = () => {
            if (v + 8 > x + 4 + length) throw bad();
            const n = Number(buf.readBigUInt64LE(v));
            v += 8;
            return n;
          };
          if (size === 0xffffffff) size = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (local === 0xffffffff) local = next();
          found = true;
          break;
        }
        x += 4 + length;
      }
      if (!found) throw bad();
    }
    p += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/') && size === 0) continue;
    // Encrypted entries and methods other than stored / deflated are no workbook exceljs reads.
    if (flags & 0x1 || (method !== 0 && method !== 8)) throw bad();
    entries.push({ name: name.replace(/^\//, ''), method, compressedSize, size, offset: local });
  }
  return entries;
}

function dataOf(buf: Buffer, e: Entry): Buffer {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) throw bad();
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  const end = start + e.compressedSize;
  if (end > buf.length) throw bad();
  return buf.subarray(start, end);
}

/** Inflates one entry in chunks; `take` sees each chunk and may throw to stop (the inflater is destroyed). */
function inflate(data: Buffer, take: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let done = false;
    const fail = (err: unknown) => {
      if (done) return;
      done = true;
      inflater.destroy();
      reject(err instanceof AppError ? err : Object.assign(bad(), { cause: err }));
    };
    inflater.on('data', (chunk: Buffer) => {
      if (done) return;
      try {
        take(chunk);
      } catch (err) {
        fail(err);
      }
    });
    inflater.on('error', fail);
    inflater.on('end', () => {
      if (done) return;
      done = true;
      resolve();
    });
    inflater.end(data);
  });
}

// ---- what the parts hold ----------------------------------------------------------------------

/** The parts exceljs parses as XML; media and binaries are only counted in bytes. */
const XML_PART = /\.(xml|rels|vml)$/i;
/** exceljs's own test for a worksheet (lib/xlsx/xlsx.js). */
const WORKSHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;

function partOf(name: string, count: Counter): XmlScanner | null {
  if (!XML_PART.test(name) && !WORKSHEET.test(name)) return null;
  const sheet = WORKSHEET.exec(name);
  if (sheet) return new XmlScanner(new SheetPart(count, sheet[1]!));
  if (name === 'xl/sharedStrings.xml') return new XmlScanner(new StringsPart(count));
  if (name === 'xl/workbook.xml') return new XmlScanner(new WorkbookPart(count));
  return new XmlScanner(new Part(count));
}

/**
 * The figures of the whole file, counted to its end (the refusal names the true figure; the bytes
 * scanned are capped by the unpacked size), then compared with the limits.
 */
class Counter {
  rows = 0;
  columns = 0;
  cells = 0;
  strings = 0;
  elements = 0;
  readonly formulaErrors = new Map<string, string>();

  constructor(
    private readonly limits: ImportLimits,
    private readonly maxElements: number,
  ) {}

  element(n = 1) {
    this.elements += n;
  }

  /** Refuses the first limit the figures are over. */
  finish() {
    const l = this.limits;
    if (this.rows > l.maxRows) throw new AppError(Code.tooLarge, 'import.tooManyRows', { count: this.rows, limit: l.maxRows });
    if (this.columns > l.maxColumns) {
      throw new AppError(Code.tooLarge, 'import.tooManyColumns', { count: this.columns, limit: l.maxColumns });
    }
    if (this.cells > l.maxCells)
      throw new AppError(Code.tooLarge, 'import.tooManyCells', { count: this.cells, limit: l.maxCells });
    if (this.strings > l.maxCells) {
      throw new AppError(Code.tooLarge, 'import.tooManyStrings', { count: this.strings, limit: l.maxCells });
    }
    if (this.elements > this.maxElements) throw new AppError(Code.tooLarge, 'import.tooComplex', { limit: this.maxElements });
  }
}

/** A cell area 'A1', 'B2:D9', '$A$1:$B$2', 'A:C' (whole columns), '3:5' (whole rows) → its cells; NaN: none. */
function areaOf(ref: string): number {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)(?::\$?([A-Za-z]{0,3})\$?(\d*))?$/.exec(ref.trim());
  if (!m || (!m[1] && !m[2])) return NaN;
  const c1 = m[1] ? columnNumber(m[1]) : 1;
  const r1 = m[2] ? Number(m[2]) : 1;
  const hasEnd = m[3] !== undefined || m[4] !== undefined;
  const c2 = hasEnd ? (m[3] ? columnNumber(m[3]) : m[1] ? c1 : GRID_COLUMNS) : c1;
  const r2 = hasEnd ? (m[4] ? Number(m[4]) : m[2] ? r1 : GRID_ROWS) : r1;
  const full = (a: string, b: string | undefined) => !a && !b;
  const left = full(m[1]!, m[3]) ? 1 : Math.min(c1, c2);
  const right = full(m[1]!, m[3]) ? GRID_COLUMNS : Math.max(c1, c2);
  const top = full(m[2]!, m[4]) ? 1 : Math.min(r1, r2);
  const bottom = full(m[2]!, m[4]) ? GRID_ROWS : Math.max(r1, r2);
  if (top < 1 || left < 1 || bottom > GRID_ROWS || right > GRID_COLUMNS) throw bad();
  return (bottom - top + 1) * (right - left + 1);
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** The column letters of a column number: 1 → A, 27 → AA. */
export function columnLetters(n: number): string {
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}

interface TagHandler {
  /** The element names the handler looks at; any other reaches `tag` as ''. */
  readonly names: readonly string[];
  tag(name: string, closing: boolean, selfClosing: boolean, buf: Buffer, from: number, to: number): void;
  text?(buf: Buffer, from: number, to: number): void;
  end?(): void;
}

/** Any XML part: its elements. */
class Part implements TagHandler {
  readonly names: readonly string[] = [];
  constructor(protected readonly count: Counter) {}
  tag(_name: string, closing: boolean, _selfClosing: boolean, _buf: Buffer, _from: number, _to: number) {
    if (!closing) this.count.element();
  }
}

/** A worksheet: rows, the highest column, cells, merged and validated areas, column definitions. */
class SheetPart extends Part {
  override readonly names = ['row', 'c', 'mergeCell', 'dataValidation', 'col', 'f', 'v'];
  private rows = 0;
  private row = 0;
  private column = 0;
  private columnObjects = 0;
  /** The cell being read: an error type (t="e"), and whether it has a formula. */
  private cell: { error: boolean; formula: boolean } | null = null;
  /** The text of an error formula's saved value, as it arrives. */
  private errorText: string | null = null;

  constructor(
    count: Counter,
    private readonly sheetNo: string,
  ) {
    super(count);
  }

  text(buf: Buffer, from: number, to: number) {
    if (this.errorText !== null && this.errorText.length < 32) this.errorText += buf.toString('utf8', from, to);
  }

  override tag(name: string, closing: boolean, selfClosing: boolean, buf: Buffer, from: number, to: number) {
    if (closing) {
      if (name === 'v' && this.errorText !== null) {
        this.count.formulaErrors.set(`${this.sheetNo}:${this.column}:${this.row}`, this.errorText.trim().slice(0, 32));
        this.errorText = null;
      }
      if (name === 'c') this.cell = null;
      return;
    }
    this.count.element();
    switch (name) {
      case 'f':
        if (this.cell) this.cell.formula = true;
        break;
      case 'v':
        if (this.cell?.error && this.cell.formula && !selfClosing) this.errorText = '';
        break;
      case 'row': {
        const r = numberAttr(buf, from, to, 'r');
        this.row = r ?? this.row + 1;
        if (this.row > GRID_ROWS) throw bad();
        this.column = 0;
        this.rows += 1;
        break;
      }
      case 'c': {
        const at = cellAttr(buf, from, to);
        this.column = at ?? this.column + 1;
        if (this.column > GRID_COLUMNS) throw bad();
        this.count.cells += 1;
        if (this.column > this.count.columns) this.count.columns = this.column;
        this.cell = selfClosing ? null : { error: attr(buf, from, to, 't') === 'e', formula: false };
        break;
      }
      case 'mergeCell': {
        const area = areaOf(attr(buf, from, to, 'ref') ?? '');
        if (area > 0) this.count.cells += area;
        break;
      }
      case 'dataValidation': {
        for (const ref of (attr(buf, from, to, 'sqref') ?? '').split(/\s+/)) {
          const area = ref ? areaOf(ref) : NaN;
          if (area > 0) this.count.cells += area;
        }
        break;
      }
      case 'col': {
        // exceljs makes a column object for each column up to the highest max (lib/doc/column.js).
        const max = numberAttr(buf, from, to, 'max') ?? 0;
        if (max > GRID_COLUMNS) throw bad();
        this.columnObjects = Math.max(this.columnObjects, max);
        break;
      }
    }
  }

  end() {
    this.count.element(this.columnObjects);
    // The header row is no data row.
    this.count.rows = Math.max(this.count.rows, this.rows - 1);
  }
}

/** The shared strings: one entry each. */
class StringsPart extends Part {
  override readonly names = ['si'];
  override tag(name: string, closing: boolean) {
    if (closing) return;
    this.count.element();
    if (name === 'si') this.count.strings += 1;
  }
}

/**
 * The workbook: a defined name's ranges ($A$1:$B$2 after the sheet) become one entry per cell in
 * exceljs (lib/doc/defined-names.js), so their areas count as cells.
 */
class WorkbookPart extends Part {
  override readonly names = ['definedName'];
  private name: string[] | null = null;
  private length = 0;

  override tag(name: string, closing: boolean, selfClosing: boolean) {
    if (!closing) this.count.element();
    if (name !== 'definedName') return;
    if (!closing && !selfClosing) {
      this.name = [];
      this.length = 0;
    } else if (closing && this.name) {
      this.definedName(this.name.join(''));
      this.name = null;
    }
  }

  text(buf: Buffer, from: number, to: number) {
    if (!this.name) return;
    this.length += to - from;
    if (this.length > MAX_TAG_BYTES) throw bad();
    this.name.push(buf.toString('latin1', from, to));
  }

  private definedName(text: string) {
    // As exceljs: each comma-separated range whose part after the last '!' holds $col$row.
    for (const range of text.split(',')) {
      const local = range.split('!').pop() ?? '';
      const m = /\$(\w+)\$(\d+)(:\$(\w+)\$(\d+))?/.exec(local);
      if (!m || !/^[A-Za-z]{1,3}$/.test(m[1]!) || (m[4] && !/^[A-Za-z]{1,3}$/.test(m[4]))) continue;
      const area = areaOf(m[0]);
      if (area > 0) this.count.cells += area;
    }
  }
}

// ---- the XML scanner ----------------------------------------------------------------------------

const TEXT = 0;
const COMMENT = 1;
const CDATA = 2;
const PI = 3;
const TERMINATORS = ['', '-->', ']]>', '?>'];

/**
 * Finds the tags of XML arriving in chunks, holding at most one unfinished tag between chunks.
 * No DOCTYPE (no entity can be declared, so none can expand); comments, CDATA and processing
 * instructions are skipped.
 */
class XmlScanner {
  private carry: Buffer | null = null;
  private mode = TEXT;

  constructor(private readonly handler: TagHandler) {}

  write(chunk: Buffer) {
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    this.run(buf, false);
  }

  end() {
    if (this.carry) {
      const buf = this.carry;
      this.carry = null;
      this.run(buf, true);
    }
    if (this.carry || this.mode !== TEXT) throw bad();
    this.handler.end?.();
  }

  private keep(buf: Buffer, from: number) {
    if (buf.length - from > MAX_TAG_BYTES) throw bad();
    this.carry = Buffer.from(buf.subarray(from));
  }

  private run(buf: Buffer, final: boolean) {
    const n = buf.length;
    let i = 0;
    while (i < n) {
      if (this.mode !== TEXT) {
        const term = TERMINATORS[this.mode]!;
        const e = buf.indexOf(term, i, 'latin1');
        if (e < 0) {
          if (final) throw bad();
          this.keep(buf, Math.max(i, n - (term.length - 1)));
          return;
        }
        i = e + term.length;
        this.mode = TEXT;
        continue;
      }
      const lt = buf.indexOf(0x3c, i);
      if (lt < 0) {
        this.handler.text?.(buf, i, n);
        return;
      }
      if (lt > i) this.handler.text?.(buf, i, lt);
      if (!final && n - lt < 9) {
        this.keep(buf, lt);
        return;
      }
      const next = buf[lt + 1];
      if (next === 0x21 /* ! */) {
        if (startsWith(buf, lt, '<!--')) {
          this.mode = COMMENT;
          i = lt + 4;
        } else if (startsWith(buf, lt, '<![CDATA[')) {
          this.mode = CDATA;
          i = lt + 9;
        } else {
          throw bad(); // <!DOCTYPE, <!ENTITY: never in a workbook
        }
        continue;
      }
      if (next === 0x3f /* ? */) {
        this.mode = PI;
        i = lt + 2;
        continue;
      }
      // A tag ends at the first '>' outside quotes.
      let j = lt + 1;
      let quote = 0;
      for (; j < n; j++) {
        const b = buf[j]!;
        if (quote) {
          if (b === quote) quote = 0;
        } else if (b === 0x22 || b === 0x27) quote = b;
        else if (b === 0x3e) break;
      }
      if (j >= n) {
        if (final) throw bad();
        this.keep(buf, lt);
        return;
      }
      this.tag(buf, lt, j);
      i = j + 1;
    }
  }

  private tag(buf: Buffer, lt: number, gt: number) {
    let s = lt + 1;
    const closing = buf[s] === 0x2f;
    if (closing) s++;
    let e = s;
    while (e < gt) {
      const b = buf[e]!;
      if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x2f) break;
      e++;
    }
    // The local name (after a prefix), matched against the handler's names without making a string.
    for (let k = e - 1; k >= s; k--) {
      if (buf[k] === 0x3a /* : */) {
        s = k + 1;
        break;
      }
    }
    let name = '';
    for (const candidate of this.handler.names) {
      if (candidate.length === e - s && startsWith(buf, s, candidate)) {
        name = candidate;
        break;
      }
    }
    this.handler.tag(name, closing, buf[gt - 1] === 0x2f, buf, e, gt);
  }
}

function startsWith(buf: Buffer, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (buf[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

const ATTRIBUTES = new Map<string, RegExp>();
/** An attribute's value in a tag's bytes [from, to) (the tag name already passed). */
function attr(buf: Buffer, from: number, to: number, name: string): string | undefined {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTES.set(name, pattern);
  }
  const m = pattern.exec(buf.toString('latin1', from, to));
  return m ? (m[1] ?? m[2]) : undefined;
}

function numberAttr(buf: Buffer, from: number, to: number, name: string): number | undefined {
  const v = attr(buf, from, to, name);
  if (v === undefined) return undefined;
  if (!/^\s*\d{1,10}\s*$/.test(v)) throw bad();
  return Number(v);
}

/**
 * The column of a cell's r="B12", read from the bytes (this runs for every cell, so no string
 * is made); undefined when the cell has no r.
 */
function cellAttr(buf: Buffer, from: number, to: number): number | undefined {
  for (let k = from; k + 3 < to; k++) {
    const b = buf[k];
    if (b !== 0x72 /* r */) continue;
    const before = buf[k - 1];
    if (before !== 0x20 && before !== 0x09 && before !== 0x0a && before !== 0x0d) continue;
    let v = k + 1;
    while (v < to && (buf[v] === 0x20 || buf[v] === 0x09)) v++;
    if (buf[v] !== 0x3d /* = */) continue;
    v++;
    while (v < to && (buf[v] === 0x20 || buf[v] === 0x09)) v++;
    const quote = buf[v];
    if (quote !== 0x22 && quote !== 0x27) continue;
    v++;
    let column = 0;
    let letters = 0;
    while (v < to) {
      const c = buf[v]! | 0x20; // lower case
      if (c < 0x61 || c > 0x7a) break;
      column = column * 26 + (c - 0x60);
      if (++letters > 3) throw bad();
      v++;
    }
    if (!letters) throw bad();
    return column;
  }
  return undefined;
}

// ---- what a cell holds ------------------------------------------------------------------------

/** What a reader takes from a cell: text, a number, a yes/no, a day; undefined when empty. */
export type CellRead = string | number | boolean | Date | undefined;

/**
 * A cell that holds no value to take, and why (the reader names its row and column): a formula the
 * file keeps no result of, or an error value (#DIV/0!, #REF!, #N/A…), itself or as a formula's result.
 */
export class CellRefused {
  constructor(
    readonly key: 'import.formulaCell' | 'import.errorCell',
    /** The formula (=A1*B1) or the error (#DIV/0!), for the message. */
    readonly value: string,
  ) {}
}

/**
 * A cell of an uploaded workbook as every reader takes it (issue 31; exceljs's cell.value):
 *
 * - a formula, shared or not: the result the spreadsheet saved with it when that is a number, text,
 *   yes/no or day; without one (never calculated, or a writer that kept none), or with an error as its
 *   result, the cell is refused — a formula's text is never taken as the value;
 * - rich text: its runs' text joined; a hyperlink: its text (a formula's result under it as above);
 * - an error cell: refused;
 * - a number: as the spreadsheet holds it (sheetNumber), never rounded to a field's places;
 * - a day (a date-formatted cell): the Date exceljs made of it, as before.
 *
 * Text that starts with = + - @ is text (a phone number +86…, a note "- see below"): taken as it is;
 * exports mark such text as text (server/entities/excel.ts), so it never runs as a formula.
 */
/** A row of a sheet as read: its line number and its cells' values by column number. */
export interface SheetLine {
  line: number;
  cells: Map<number, CellValue>;
}

/**
 * exceljs's streaming reader, driven part by part (exceljs is pinned: these are its own parsers,
 * lib/stream/xlsx/workbook-reader.js). Its `parse()` reads the zip through unzipper, whose parser
 * says `end` as soon as it has read the input's last byte: entries it has already found but the
 * reader has not yet taken are lost. exceljs parks a sheet written before the shared strings in a
 * temporary file and takes the next entries only when the file is written, so under a busy disk the
 * workbook part was lost and a good file was refused as no workbook (1 in ~300 here, twice in CI).
 */
interface PartReader {
  model?: { sheets?: Array<{ rId?: string }> };
  workbookRels?: Array<{ Id?: string; Target?: string }>;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/**
 * The first sheet's rows, one at a time, from a workbook checkXlsx passed (issue 37): exceljs's
 * streaming parsers over the parts this module's own zip reader inflates as they are read, so the
 * import holds its rows' values, never the workbook's model of every cell (3.6 KB a cell's row of
 * twelve, 36 MB at 10,000 rows). "First" is the workbook's first sheet, as a spreadsheet program
 * shows the tabs (else the first in the zip); the other sheets are not read. A formula whose saved
 * result is an error comes from the stream without one: the error is the one the guard saw.
 */
export async function* firstSheetRows(buffer: Buffer, figures: XlsxFigures): AsyncGenerator<SheetLine> {
  const entries = centralDirectory(buffer);
  const part = (name: string): Readable | undefined => {
    const e = entries.find((x) => x.name === name);
    if (!e) return undefined;
    const data = Readable.from([dataOf(buffer, e)]);
    return e.method === 8 ? data.pipe(zlib.createInflateRaw({ chunkSize: 64 * 1024 })) : data;
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as PartReader;
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels);
  const workbook = part('xl/workbook.xml');
  if (workbook) await reader._parseWorkbook(workbook);
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const id = firstSheetNumber(reader) ?? entries.map((e) => WORKSHEET.exec(e.name)?.[1]).find(Boolean);
  const sheet = id && part(`xl/worksheets/sheet${id}.xml`);
  if (!id || !sheet) return;
  for (const { value: rows } of reader._parseWorksheet(sheet, id)) {
    for await (const row of rows) {
      const cells = new Map<number, CellValue>();
      row.eachCell((cell, col) => {
        const v = cell.value as unknown;
        const error = figures.formulaErrors.get(`${id}:${col}:${row.number}`);
        cells.set(col, error && v && typeof v === 'object' ? ({ ...(v as object), result: { error } } as CellValue) : cell.value);
      });
      yield { line: row.number, cells };
    }
  }
}

/** The number N of xl/worksheets/sheetN.xml the workbook lists first. */
function firstSheetNumber(reader: PartReader): string | undefined {
  const rId = reader.model?.sheets?.find(Boolean)?.rId;
  const target = reader.workbookRels?.find((x) => x.Id === rId)?.Target;
  return target ? /sheet(\d+)\.xml$/.exec(target)?.[1] : undefined;
}

export function readCell(value: CellValue | undefined): CellRead | CellRefused {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return sheetNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return undefined;
  const v = value as unknown as Record<string, unknown>;
  if ('formula' in v || 'sharedFormula' in v) {
    const result = v.result;
    if (result && typeof result === 'object' && !(result instanceof Date))
      return new CellRefused('import.errorCell', String((result as { error?: unknown }).error ?? '#VALUE!'));
    if (result === undefined || result === null)
      return new CellRefused('import.formulaCell', `=${String(v.formula ?? v.sharedFormula ?? '').slice(0, 60)}`);
    return readCell(result as CellValue);
  }
  if ('error' in v) return new CellRefused('import.errorCell', String(v.error));
  if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: unknown }>).map((r) => String(r.text ?? '')).join('');
  // A hyperlink: its text (plain, rich, or a formula's result that exceljs put there).
  if ('text' in v) return v.text === undefined || v.text === null ? undefined : readCell(v.text as CellValue);
  return undefined;
}

/**
 * A number as the spreadsheet holds it. Excel keeps 15 significant digits and saves the double its
 * arithmetic made, so =0.1+0.2 arrives as 0.30000000000000004 and shows as 0.3: read to 15 digits it
 * is the 0.3 the user sees. What anyone typed (15 digits at most) comes back exactly — 1.005 stays
 * 1.005 and is refused where two places are the rule. Whole numbers and numbers of 15 or more digits
 * before the point are taken as they are.
 */
export function sheetNumber(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n) || Math.abs(n) >= 1e15) return n;
  return Number(n.toPrecision(15));
}

// ---- cells that become numbers ----------------------------------------------------------------

/**
 * A cell as a money amount, by the API's rule (validators/formats.ts MONEY_PATTERN: at most two
 * decimals, never rounded): a number (as the spreadsheet holds it: 0.1 + 0.2 is 0.3) when it has no
 * more than two places, text its own digits (thousands separators dropped). null: not an amount.
 */
export function moneyCell(value: unknown): string | null {
  if (typeof value === 'number') {
    const n = sheetNumber(value);
    if (!Number.isFinite(n) || decimalPlaces(n) > 2) return null;
    const text = n.toFixed(2);
    return isMoney(text) ? text : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.replace(/,/g, '').trim();
  return isMoney(text) ? text : null;
}

/**
 * A cell as a number of at most `scale` places (a number field's), never rounded: null when it has
 * more; text that is no number at all is given back for the field's validation to name.
 */
export function numberCell(value: unknown, scale: number): number | string | null {
  if (typeof value === 'number') {
    const n = sheetNumber(value);
    return decimalPlaces(n) <= scale ? n : null;
  }
  const text = String(value).trim();
  const places = textDecimalPlaces(text);
  if (places === null) return text;
  return places <= scale ? Number(text) : null;
}

/** A cell as a whole number, never rounded: null when it is a number or numeric text that is none. */
export function integerCell(value: unknown): number | string | null {
  if (typeof value === 'number') return Number.isSafeInteger(sheetNumber(value)) ? sheetNumber(value) : null;
  const text = String(value).trim();
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : null;
  }
  if (/^-?\d*\.\d+$/.test(text)) return null;
  return text; // not a number at all: the field's validation says so
}
