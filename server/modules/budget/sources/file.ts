// The 'file' adapter, every site's default: the external systems cannot be reached, so their
// records arrive as an uploaded xlsx (first sheet, a header row, one record per row; headers are
// the field titles in any of the four languages or the field names) or as a JSON body with the
// records in a named array ({ "indicators": [...] }, { "departments": [...] }, { "projects": [...] },
// { "users": [...] }). Projects imported are kept here (nk_hd_project) and answered from there;
// district links are checked with the site's shared secret (./link.ts).
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { AppError, Code } from '../../../platform/errors.ts';
import { t } from '../../../platform/messages.ts';
import {
  CellRefused,
  checkXlsx,
  columnLetters,
  importLimitsOf,
  readCell,
  type ImportLimits,
} from '../../../platform/xlsx-guard.ts';
import { DEPT_COLUMNS, INDICATOR_COLUMNS, PERSON_COLUMNS, PROJECT_COLUMNS, type Column } from './columns.ts';
import { verifyBillLink } from './link.ts';
import { HAIDIAN_SECRET_KEY } from './secrets.ts';
import type {
  BudgetSource,
  ProjectSource,
  SourceContext,
  SourceDept,
  SourceIndicator,
  SourceInput,
  SourcePerson,
  SourceProject,
  SourceRecord,
} from './types.ts';
import { LOCALES, type Locale } from '../../../../validators/locale.ts';

/** Records of one input when the site's import.maxRows does not say (JSON from a connector). */
export const MAX_SOURCE_ROWS = 5_000;

/** The site's import limits (settings import.*), read from the context's settings. */
const limitsOf = (ctx: SourceContext) => importLimitsOf((key) => ctx.config.get(key));

type Fields = Record<string, string | Record<string, unknown> | undefined>;

/** A JSON or cell value as the text a record field holds (undefined: empty). */
function textOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  }
  // A number by its shortest decimal text, as the JSON API takes it (issue 31): 1.005 stays 1.005 and
  // the amount's check refuses it; nothing is rounded here. A cell's number comes as the spreadsheet
  // holds it (readCell: =0.1+0.2 is 0.3).
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function headerKey(text: string): string {
  return text.trim().toLowerCase();
}

function columnsByHeader(columns: Column[]): Map<string, Column> {
  const map = new Map<string, Column>();
  for (const c of columns) {
    map.set(headerKey(c.name), c);
    for (const l of LOCALES) map.set(headerKey(c.title[l]), c);
    for (const a of c.aliases ?? []) map.set(headerKey(a), c);
  }
  return map;
}

/**
 * The records of an input: a JSON body's array under `jsonKey`, or the first sheet of an xlsx.
 * With `keepExtra`, fields that are none of the columns are kept under `extra`. An xlsx passes the
 * import guard (server/platform/xlsx-guard.ts) with `limits` (the defaults when not given) first.
 */
export async function readRecords<T = Fields>(
  input: SourceInput,
  columns: Column[],
  jsonKey: string,
  locale: Locale,
  keepExtra = false,
  limits?: ImportLimits,
): Promise<Array<SourceRecord<T>>> {
  const maxRows = limits?.maxRows ?? MAX_SOURCE_ROWS;
  const byHeader = columnsByHeader(columns);
  const out: Array<SourceRecord<Fields>> = [];
  if (input.kind === 'none') throw new AppError(Code.invalid, 'sources.needInput', { key: jsonKey });
  if (input.kind === 'json') {
    const list = input.body[jsonKey];
    if (!Array.isArray(list)) throw new AppError(Code.invalid, 'sources.badJson', { key: jsonKey });
    if (list.length > maxRows) throw new AppError(Code.invalid, 'sources.tooManyRows', { max: maxRows });
    list.forEach((item, i) => {
      const data: Fields = {};
      const extra: Record<string, unknown> = {};
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        for (const [k, v] of Object.entries(item as Record<string, unknown>)) {
          const c = byHeader.get(headerKey(k));
          if (c) data[c.name] ??= textOf(v);
          else if (keepExtra && k !== 'extra') extra[k] = v;
        }
        const given = (item as Record<string, unknown>).extra;
        if (keepExtra && given && typeof given === 'object' && !Array.isArray(given)) Object.assign(extra, given);
      }
      if (keepExtra && Object.keys(extra).length) data.extra = extra;
      out.push({ row: i + 1, data });
    });
    return out as unknown as Array<SourceRecord<T>>;
  }
  await checkXlsx(input.buffer, limits ?? importLimitsOf(() => undefined));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(input.buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError(Code.invalid, 'import.badFile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw new AppError(Code.invalid, 'import.empty');
  // Cells that hold no value to take (a formula without its result, an error): each refused by its
  // row and cell, the file refused with nothing written (the shared reader, xlsx-guard.ts readCell).
  const refused: Array<{ row: number; message: string }> = [];
  const cellText = (value: ExcelJS.CellValue, line: number, col: number, field: string): string | undefined => {
    const v = readCell(value);
    if (!(v instanceof CellRefused)) return textOf(v);
    if (!refused.some((r) => r.row === line))
      refused.push({
        row: line,
        message: t(v.key, locale, { cell: `${columnLetters(col)}${line}`, field, value: v.value.slice(0, 30) }),
      });
    return undefined;
  };
  const at = new Map<number, Column>();
  const others = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const read = readCell(cell.value);
    const header = read instanceof CellRefused ? undefined : textOf(read);
    if (!header) return;
    const c = byHeader.get(headerKey(header));
    if (c && ![...at.values()].includes(c)) at.set(col, c);
    else if (!c) others.set(col, header.slice(0, 60));
  });
  for (const c of columns) {
    if (c.required && ![...at.values()].includes(c))
      throw new AppError(Code.invalid, 'sources.missingColumn', { column: c.title[locale] });
  }
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const data: Fields = {};
    let any = false;
    for (const [col, c] of at) {
      const v = cellText(row.getCell(col).value, line, col, c.title[locale]);
      if (v !== undefined) {
        data[c.name] = v;
        any = true;
      }
    }
    if (keepExtra) {
      const extra: Record<string, unknown> = {};
      for (const [col, header] of others) {
        const v = cellText(row.getCell(col).value, line, col, header);
        if (v !== undefined) extra[header] = v;
      }
      if (Object.keys(extra).length) {
        data.extra = extra;
        any = true;
      }
    }
    if (any) out.push({ row: line, data });
  });
  if (refused.length) throw new AppError(Code.invalid, 'import.rowErrors', { count: refused.length }, { errors: refused });
  if (!out.length) throw new AppError(Code.invalid, 'import.empty');
  if (out.length > maxRows) throw new AppError(Code.invalid, 'sources.tooManyRows', { max: maxRows });
  return out as unknown as Array<SourceRecord<T>>;
}

export const fileBudgetSource: BudgetSource = {
  key: 'file',
  async pullIndicators(input, ctx) {
    return readRecords<SourceIndicator>(input, INDICATOR_COLUMNS, 'indicators', ctx.locale, false, limitsOf(ctx));
  },
  async departments(input, ctx) {
    return readRecords<SourceDept>(input, DEPT_COLUMNS, 'departments', ctx.locale, false, limitsOf(ctx));
  },
};

type Row = Record<string, any>;

export const fileProjectSource: ProjectSource = {
  key: 'file',
  async projects(input, ctx) {
    return readRecords<SourceProject>(input, PROJECT_COLUMNS, 'projects', ctx.locale, true, limitsOf(ctx));
  },
  async project(id: string, ctx: SourceContext) {
    const r = (
      await sql<Row>`select project_id, project_name, project_code, bill_type, dept_name, amount, budget_year,
          start_date, end_date, content, extra
        from nk_hd_project where top_dept_id = ${ctx.site.id} and project_id = ${id}`.execute(ctx.db)
    ).rows[0];
    if (!r) return null;
    const project: SourceProject = { projectId: r.project_id, projectName: r.project_name };
    const optional: Array<[keyof SourceProject, unknown]> = [
      ['projectCode', r.project_code],
      ['billType', r.bill_type],
      ['deptName', r.dept_name],
      ['amount', r.amount],
      ['budgetYear', r.budget_year],
      ['startDate', r.start_date],
      ['endDate', r.end_date],
      ['content', r.content],
    ];
    for (const [k, v] of optional) if (v !== null && v !== undefined) (project as unknown as Row)[k] = String(v);
    if (r.extra && Object.keys(r.extra).length) project.extra = r.extra;
    return project;
  },
  async decrypt(info: string, ctx: SourceContext) {
    const secret = ctx.secret(HAIDIAN_SECRET_KEY);
    if (!secret) throw new AppError(Code.notEnabled, 'link.notConfigured', { key: HAIDIAN_SECRET_KEY });
    return verifyBillLink(secret, info, ctx.site.key, ctx.now);
  },
  async users(input, ctx) {
    return readRecords<SourcePerson>(input, PERSON_COLUMNS, 'users', ctx.locale, false, limitsOf(ctx));
  },
};
