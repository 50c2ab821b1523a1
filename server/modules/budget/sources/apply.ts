// What the records of a source do here, the same whichever adapter fetched them:
//
// - indicators of the caller's year are created, or brought to the source's amount (raised, or
//   lowered when the ledger allows), each change a journal row (kind 'reply', source
//   'budgetSource'); one transaction: any wrong row and nothing is written, with a report per row;
// - departments are matched to ours by name;
// - district projects are stored (added or updated by the district's id);
// - district people become users of the site through the user rules (initial password that must
//   be changed at the first sign-in, one account name per site, role grants), existing ones skipped.
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Services } from '../../../platform/services.ts';
import { EntityService } from '../../../entities/crud.ts';
import { AppError, Code } from '../../../platform/errors.ts';
import { caller } from '../../../platform/gate.ts';
import { t, type MessageKey } from '../../../platform/messages.ts';
import { LOCALES, type Locale } from '../../../../validators/locale.ts';
import { cents, fromCents, Ledger } from '../ledger.ts';
import { columnTitle, INDICATOR_COLUMNS, PERSON_COLUMNS, PROJECT_COLUMNS, DEPT_COLUMNS, type Column } from './columns.ts';
import type { SourceContext, SourceDept, SourceIndicator, SourcePerson, SourceProject, SourceRecord } from './types.ts';

type Row = Record<string, any>;

export interface RowError {
  row: number;
  message: string;
}

/** A row's refusal before anything is written. */
class RowProblem {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {}
}

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;
const YEAR = /^\d{4}$/;
const CODE = /^[A-Za-z0-9._:-]{1,64}$/;
const BILL_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const MAX_EXTRA = 4000;
export const ROLE_KEY_SETTING = 'integration.haidianRoleKey';

const db = (s: Services) => s.database.db as unknown as Kysely<any>;

/** A record's field: trimmed text, checked against its column's required flag and length. */
function field(columns: Column[], data: Record<string, unknown>, name: string, locale: Locale): string | undefined {
  const c = columns.find((x) => x.name === name)!;
  const raw = data[name];
  const v = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw).trim();
  if (!v) {
    if (c.required) throw new RowProblem('sources.required', { field: c.title[locale] });
    return undefined;
  }
  if (v.length > c.maxLength) throw new RowProblem('sources.tooLong', { field: c.title[locale], max: c.maxLength });
  return v;
}

function amountField(columns: Column[], value: string | undefined, locale: Locale): string | undefined {
  if (value === undefined) return undefined;
  const v = value.replace(/,/g, '');
  if (!AMOUNT.test(v))
    throw new RowProblem('sources.badAmount', { field: columnTitle(columns, 'amount', locale), value: value.slice(0, 30) });
  return fromCents(cents(v));
}

function yearField(columns: Column[], name: string, value: string | undefined, locale: Locale): string | undefined {
  if (value !== undefined && !YEAR.test(value)) {
    throw new RowProblem('sources.badYear', { field: columnTitle(columns, name, locale), value: value.slice(0, 20) });
  }
  return value;
}

function dateField(columns: Column[], name: string, value: string | undefined, locale: Locale): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new RowProblem('sources.badDate', { field: columnTitle(columns, name, locale), value: value.slice(0, 20) });
  }
  return d.toISOString().slice(0, 10);
}

function messageOf(err: unknown, locale: Locale): string | null {
  if (err instanceof RowProblem) return t(err.key, locale, err.params);
  if (err instanceof AppError) return t(err.messageKey, locale, err.params);
  return null;
}

/** The whole import refused, with every wrong row (the generic import's report). */
function refuse(errors: RowError[]): never {
  errors.sort((a, b) => a.row - b.row);
  throw new AppError(Code.invalid, 'import.rowErrors', { count: errors.length }, { errors });
}

/** PostgreSQL's unique violation: another import inserted the same key between our check and write. */
export function isUniqueViolation(err: unknown): boolean {
  return Boolean(err && typeof err === 'object' && (err as { code?: unknown }).code === '23505');
}

// ---- departments ------------------------------------------------------------------------------

/** The site's departments by name; a name several departments share maps to all of them. */
export async function departmentsByName(s: Services, siteId: number): Promise<Map<string, number[]>> {
  const rows = (await sql<Row>`select id, dept_name from sys_dept where top_dept_id = ${siteId} order by id`.execute(db(s))).rows;
  const map = new Map<string, number[]>();
  for (const r of rows) {
    const name = String(r.dept_name).trim();
    map.set(name, [...(map.get(name) ?? []), Number(r.id)]);
  }
  return map;
}

function deptOf(depts: Map<string, number[]>, name: string | undefined): number | null {
  if (name === undefined) return null;
  const ids = depts.get(name.trim()) ?? [];
  if (!ids.length) throw new RowProblem('sources.deptUnknown', { name: name.slice(0, 100) });
  if (ids.length > 1) throw new RowProblem('sources.deptAmbiguous', { name: name.slice(0, 100) });
  return ids[0]!;
}

export interface DeptMatch {
  sourceCode: string | null;
  sourceName: string;
  deptId: number | null;
}

export async function matchDepartments(
  s: Services,
  ctx: SourceContext,
  records: Array<SourceRecord<SourceDept>>,
): Promise<DeptMatch[]> {
  const depts = await departmentsByName(s, ctx.site.id);
  const errors: RowError[] = [];
  const out: DeptMatch[] = [];
  for (const { row, data } of records) {
    try {
      const name = field(DEPT_COLUMNS, data as unknown as Row, 'name', ctx.locale)!;
      const code = field(DEPT_COLUMNS, data as unknown as Row, 'code', ctx.locale) ?? null;
      const ids = depts.get(name) ?? [];
      out.push({ sourceCode: code, sourceName: name, deptId: ids.length === 1 ? ids[0]! : null });
    } catch (err) {
      const message = messageOf(err, ctx.locale);
      if (message === null) throw err;
      errors.push({ row, message });
    }
  }
  if (errors.length) refuse(errors);
  return out;
}

// ---- indicators -------------------------------------------------------------------------------

export interface PullResult {
  created: number;
  raised: number;
  lowered: number;
  unchanged: number;
  skipped: number;
  total: number;
}

/** Dictionary labels in every language (and the values themselves) → values. */
async function dictValues(s: Services, siteId: number, types: string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const l of LOCALES) {
    const dicts = await s.dictionaries.get(siteId, l);
    for (const type of types) {
      const m = out.get(type) ?? new Map<string, string>();
      for (const e of dicts.get(type) ?? []) {
        m.set(e.dictValue, e.dictValue);
        m.set(e.dictLabel.trim(), e.dictValue);
      }
      out.set(type, m);
    }
  }
  return out;
}

interface PlannedIndicator {
  row: number;
  limitCode: string;
  amount: string;
  body: Row;
  deptId: number | null;
}

/**
 * Brings the caller's year's indicators to the source: created, raised or lowered through the
 * ledger. All or nothing.
 */
export async function pullIndicators(
  s: Services,
  request: FastifyRequest,
  ctx: SourceContext,
  records: Array<SourceRecord<SourceIndicator>>,
  note: string,
): Promise<PullResult> {
  const { principal } = caller(request);
  const locale = ctx.locale;
  const C = INDICATOR_COLUMNS;
  const svc = new EntityService(s, s.schemas.entity(ctx.site.key, 'budget'), request);
  await svc.prepare();
  const depts = await departmentsByName(s, ctx.site.id);
  const dicts = await dictValues(s, ctx.site.id, ['nk_expense_type', 'nk_economic_class', 'nk_fund_source']);
  const dict = (type: string, v: string | undefined) => (v === undefined ? undefined : (dicts.get(type)?.get(v) ?? v));

  const result: PullResult = { created: 0, raised: 0, lowered: 0, unchanged: 0, skipped: 0, total: records.length };
  const errors: RowError[] = [];
  const planned: PlannedIndicator[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, data } of records) {
    const d = data as unknown as Row;
    try {
      // Records of another year are not ours to check.
      const year = yearField(C, 'year', field(C, d, 'year', locale), locale);
      if (year && year !== ctx.year) {
        result.skipped++;
        continue;
      }
      const limitCode = field(C, d, 'limitCode', locale)!;
      const budgetName = field(C, d, 'budgetName', locale)!;
      const amount = amountField(C, field(C, d, 'amount', locale), locale)!;
      const deptName = field(C, d, 'deptName', locale);
      const projectName = field(C, d, 'projectName', locale);
      const expenseType = dict('nk_expense_type', field(C, d, 'expenseType', locale));
      const functionalClass = field(C, d, 'functionalClass', locale);
      const economicClass = dict('nk_economic_class', field(C, d, 'economicClass', locale));
      const fundSource = dict('nk_fund_source', field(C, d, 'fundSource', locale));
      const financialAccountName = field(C, d, 'financialAccountName', locale);
      const first = firstRow.get(limitCode);
      if (first !== undefined) throw new RowProblem('sources.duplicate', { value: limitCode, row: first });
      firstRow.set(limitCode, row);
      const deptId = deptOf(depts, deptName);
      planned.push({
        row,
        limitCode,
        amount,
        deptId,
        body: {
          limitCode,
          budgetName,
          deptId,
          projectName,
          expenseType,
          functionalClass,
          economicClass,
          fundSource,
          financialAccountName,
          originalAmount: '0.00',
        },
      });
    } catch (err) {
      const message = messageOf(err, locale);
      if (message === null) throw err;
      errors.push({ row, message });
    }
  }

  const source = { type: 'budgetSource', id: null, note: note.slice(0, 200) };
  try {
    await db(s)
      .transaction()
      .execute(async (trx) => {
        const ledger = new Ledger(trx, ctx.site.id, principal.userId, ctx.now);
        for (const p of planned) {
          try {
            const existing = (
              await sql<Row>`select id, original_amount from nk_budget where top_dept_id = ${ctx.site.id}
                and budget_year = ${ctx.year} and limit_code = ${p.limitCode} for update`.execute(trx)
            ).rows[0];
            if (!existing) {
              if (p.deptId === null) throw new RowProblem('sources.deptNeeded', { code: p.limitCode });
              const body = Object.fromEntries(Object.entries(p.body).filter(([, v]) => v !== undefined));
              const inserted = await svc.insert(trx as Transaction<any>, svc.validateForSave(body));
              if (cents(p.amount) > 0n) await ledger.raise(Number(inserted.id), p.amount, 'reply', source);
              result.created++;
              continue;
            }
            const delta = cents(p.amount) - cents(existing.original_amount);
            if (delta === 0n) result.unchanged++;
            else {
              await ledger.raise(Number(existing.id), fromCents(delta), 'reply', source);
              if (delta > 0n) result.raised++;
              else result.lowered++;
            }
          } catch (err) {
            const message = messageOf(err, locale);
            if (message === null) throw err;
            errors.push({ row: p.row, message });
          }
        }
        if (errors.length) refuse(errors);
      });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.conflict, 'sources.busy');
    throw err;
  }
  return result;
}

// ---- district projects ------------------------------------------------------------------------

export interface ImportResult {
  created: number;
  updated: number;
  total: number;
}

interface PlannedProject {
  row: number;
  p: { projectId: string; projectName: string } & Record<string, string | null>;
  extra: Record<string, unknown>;
}

export async function importProjects(
  s: Services,
  request: FastifyRequest,
  ctx: SourceContext,
  records: Array<SourceRecord<SourceProject>>,
  sourceKey: string,
): Promise<ImportResult> {
  const { principal } = caller(request);
  const locale = ctx.locale;
  const C = PROJECT_COLUMNS;
  const errors: RowError[] = [];
  const planned: PlannedProject[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, data } of records) {
    const d = data as unknown as Row;
    try {
      const projectId = field(C, d, 'projectId', locale)!;
      if (!CODE.test(projectId)) {
        throw new RowProblem('sources.badCode', { field: columnTitle(C, 'projectId', locale), value: projectId.slice(0, 64) });
      }
      const billType = field(C, d, 'billType', locale);
      if (billType !== undefined && !BILL_TYPE.test(billType)) {
        throw new RowProblem('sources.badCode', { field: columnTitle(C, 'billType', locale), value: billType });
      }
      const startDate = dateField(C, 'startDate', field(C, d, 'startDate', locale), locale);
      const endDate = dateField(C, 'endDate', field(C, d, 'endDate', locale), locale);
      if (startDate && endDate && endDate < startDate) throw new RowProblem('sources.badDates');
      const extra = d.extra && typeof d.extra === 'object' ? (d.extra as Record<string, unknown>) : {};
      if (JSON.stringify(extra).length > MAX_EXTRA) throw new RowProblem('sources.extraTooLarge', { max: MAX_EXTRA });
      const p = {
        projectId,
        projectName: field(C, d, 'projectName', locale)!,
        projectCode: field(C, d, 'projectCode', locale) ?? null,
        billType: billType ?? null,
        deptName: field(C, d, 'deptName', locale) ?? null,
        amount: amountField(C, field(C, d, 'amount', locale), locale) ?? null,
        budgetYear: yearField(C, 'budgetYear', field(C, d, 'budgetYear', locale), locale) ?? null,
        startDate: startDate ?? null,
        endDate: endDate ?? null,
        content: field(C, d, 'content', locale) ?? null,
      };
      const first = firstRow.get(projectId);
      if (first !== undefined) throw new RowProblem('sources.duplicate', { value: projectId, row: first });
      firstRow.set(projectId, row);
      planned.push({ row, p, extra });
    } catch (err) {
      const message = messageOf(err, locale);
      if (message === null) throw err;
      errors.push({ row, message });
    }
  }
  if (errors.length) refuse(errors);

  const result: ImportResult = { created: 0, updated: 0, total: records.length };
  try {
    await db(s)
      .transaction()
      .execute(async (trx) => {
        for (const { p, extra } of planned) {
          const values = sql.join([
            sql`${p.projectName}`,
            sql`${p.projectCode}`,
            sql`${p.billType}`,
            sql`${p.deptName}`,
            sql`${p.amount}::numeric`,
            sql`${p.budgetYear}`,
            sql`${p.startDate}::date`,
            sql`${p.endDate}::date`,
            sql`${p.content}`,
            sql`${JSON.stringify(extra)}::jsonb`,
          ]);
          const updated = await sql<Row>`update nk_hd_project set (project_name, project_code, bill_type, dept_name, amount,
              budget_year, start_date, end_date, content, extra) = (${values}),
              source = ${sourceKey}, updated_by = ${principal.userId}, updated_at = ${ctx.now}
            where top_dept_id = ${ctx.site.id} and project_id = ${p.projectId} returning id`.execute(trx);
          if (updated.rows.length) {
            result.updated++;
            continue;
          }
          await sql`insert into nk_hd_project (top_dept_id, project_id, project_name, project_code, bill_type, dept_name, amount,
              budget_year, start_date, end_date, content, extra, source, created_by, created_at, updated_by, updated_at)
            values (${ctx.site.id}, ${p.projectId}, ${values}, ${sourceKey}, ${principal.userId}, ${ctx.now},
              ${principal.userId}, ${ctx.now})`.execute(trx);
          result.created++;
        }
      });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.conflict, 'sources.busy');
    throw err;
  }
  return result;
}

/** A project as getHdProjectForHaidian answers it: the source's fields and our matching department. */
export async function projectAnswer(s: Services, ctx: SourceContext, project: SourceProject) {
  const ids = project.deptName ? ((await departmentsByName(s, ctx.site.id)).get(project.deptName.trim()) ?? []) : [];
  return { id: project.projectId, ...project, deptId: ids.length === 1 ? ids[0]! : null };
}

// ---- district people → users ------------------------------------------------------------------

export interface UsersResult {
  created: number;
  skipped: number;
  total: number;
  /** Account names created, in the order of the list. */
  loginNames: string[];
}

export async function createUsers(
  s: Services,
  request: FastifyRequest,
  ctx: SourceContext,
  records: Array<SourceRecord<SourcePerson>>,
): Promise<UsersResult> {
  const locale = ctx.locale;
  const C = PERSON_COLUMNS;
  const svc = new EntityService(s, s.schemas.entity(ctx.site.key, 'user'), request);
  await svc.prepare();
  const depts = await departmentsByName(s, ctx.site.id);
  const existing = new Set(
    (await sql<Row>`select login_name from sys_user where top_dept_id = ${ctx.site.id}`.execute(db(s))).rows.map((r) =>
      String(r.login_name),
    ),
  );
  const roleKey = ctx.config.get(ROLE_KEY_SETTING)?.trim() ?? '';
  // Every user holds a role (spec section 3: roleIds non-empty), so the setting must name one.
  if (!roleKey) throw new AppError(Code.invalid, 'sources.roleNeeded', { setting: ROLE_KEY_SETTING });
  const role = (
    await sql<Row>`select id from sys_role where top_dept_id = ${ctx.site.id} and role_key = ${roleKey}`.execute(db(s))
  ).rows[0];
  if (!role) throw new AppError(Code.invalid, 'sources.noRole', { key: roleKey.slice(0, 64), setting: ROLE_KEY_SETTING });
  const roleIds = [Number(role.id)];

  const result: UsersResult = { created: 0, skipped: 0, total: records.length, loginNames: [] };
  const errors: RowError[] = [];
  const planned: Array<{ row: number; body: Row }> = [];
  const firstRow = new Map<string, number>();
  for (const { row, data } of records) {
    const d = data as unknown as Row;
    try {
      const loginName = field(C, d, 'loginName', locale)!;
      const realName = field(C, d, 'realName', locale)!;
      const deptId = deptOf(depts, field(C, d, 'deptName', locale));
      const phone = field(C, d, 'phone', locale);
      const email = field(C, d, 'email', locale);
      const first = firstRow.get(loginName);
      if (first !== undefined) throw new RowProblem('sources.duplicate', { value: loginName, row: first });
      firstRow.set(loginName, row);
      if (existing.has(loginName)) {
        result.skipped++;
        continue;
      }
      const body: Row = { loginName, realName, deptId, phone, email, roleIds };
      planned.push({ row, body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== null)) });
    } catch (err) {
      const message = messageOf(err, locale);
      if (message === null) throw err;
      errors.push({ row, message });
    }
  }
  try {
    await db(s)
      .transaction()
      .execute(async (trx) => {
        for (const { row, body } of planned) {
          try {
            // The user rules (server/modules/user/hooks.ts): the site's initial password, rePassword, grants.
            await svc.insert(trx, svc.validateForSave(body));
            result.loginNames.push(String(body.loginName));
            result.created++;
          } catch (err) {
            const message = messageOf(err, locale);
            if (message === null) throw err;
            errors.push({ row, message });
          }
        }
        if (errors.length) refuse(errors);
      });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.conflict, 'sources.busy');
    throw err;
  }
  await svc.afterImport();
  return result;
}
