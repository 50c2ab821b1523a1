// The save pipeline (docs/architecture.md "Saving a row"): every write of an entity's row — save,
// update, a status change, an import, a series of bookings, a cascade's new row, a line through its
// document — runs write() below, whose body reads top to bottom as its eight steps. Each step is a
// named function. The pipeline works on an EntityService (./crud.ts) through SaveHost: its reads
// (find, wire, linkValues) and what prepare() read before the transaction opened.
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Services } from '../platform/services.ts';
import { describeError } from '../../validators/ajv.ts';
import type { Locale } from '../../validators/locale.ts';
import { AppError, Code } from '../platform/errors.ts';
import { t } from '../platform/messages.ts';
import type { Principal } from '../platform/access.ts';
import type { Site } from '../platform/sites.ts';
import { siteNow, toInstant, wallText } from '../platform/site-time.ts';
import { keyOf } from '../platform/file-urls.ts';
import type { DictEntry } from '../platform/dictionaries.ts';
import { meetingFlagsAtSave, meetingRecordState, type MeetingRecordSettings } from '../../validators/meeting-record.ts';
import { hooksOf, type HookContext } from './hooks.ts';
import type { EntityDef, FieldDef } from './model.ts';
import { nextInSequence } from './sequence.ts';
import { checkDocument, docName, lineSums, readLines, writeLines } from './lines.ts';
import { deriveFields, filesPatch, keptByHooks, readInstants, toColumns, type Row } from './rows.ts';
import { assertNoOverlap } from './overlap.ts';
import { occurrences, seriesOf, type SeriesRule } from './recurring.ts';
import { assertRefFits } from './fits.ts';
import { choose, notInRegister } from './register.ts';
import { withoutOwned } from './owned.ts';
import { forgetReads, readOnce } from './transaction-memo.ts';

/** What the pipeline needs of the service it saves for (an EntityService, ./crud.ts). */
export interface SaveHost {
  readonly s: Services;
  readonly entity: EntityDef;
  readonly request: FastifyRequest;
  readonly ctx: { site: Site; principal: Principal };
  /** The budget year the caller works in. */
  readonly year: string;
  readonly siteEntities: Map<string, EntityDef>;
  dicts: Map<string, DictEntry[]> | null;
  maxFiles: number | null;
  meeting: MeetingRecordSettings | null;
  prepare(): Promise<unknown>;
  find(id: number, db?: any, lock?: boolean): Promise<Row>;
  wire(row: Row): Row;
  linkValues(db: Kysely<any>, id: number): Promise<Row>;
  /** The same caller's service for another entity (a document's line). */
  sibling(entity: EntityDef): SaveHost;
}

/** A field's title in the caller's language (the message names the field as the form does). */
export function fieldLabel(s: Services, f: FieldDef, locale: Locale): string {
  return s.schemas.texts[f.title]?.[locale] ?? f.name;
}

function labels(s: Services, entity: EntityDef, locale: Locale): Record<string, string> {
  return Object.fromEntries(entity.fields.map((f) => [f.name, fieldLabel(s, f, locale)]));
}

/** Refuses a change or removal of a document past its editable states (a received stock-in order). */
export function assertEditable(entity: EntityDef, doc: Record<string, unknown>) {
  const states = entity.states;
  if (!states?.editable) return;
  const now = String(doc[states.field] ?? '');
  if (!states.editable.includes(now)) {
    throw new AppError(Code.conflict, 'state.notEditable', { doc: docName(entity, doc) });
  }
}

/** What a hook is given: the services, the saving transaction, the caller and the entity. */
export function hookContextOf(host: SaveHost, trx: Transaction<any>): HookContext {
  const { site, principal } = host.ctx;
  return { s: host.s, trx, site, principal, entity: host.entity, request: host.request };
}

/** After the transaction committed: what other services hold of the entity's rows starts over. */
export async function afterWrite(host: SaveHost) {
  if (host.entity.cache === 'site') await host.s.cache.invalidate(host.ctx.site.id);
  await hooksOf(host.entity.name).afterCommit?.({ s: host.s, site: host.ctx.site });
}

export class SavePipeline {
  constructor(private readonly host: SaveHost) {}

  private get entity(): EntityDef {
    return this.host.entity;
  }

  /** Entity tables are named at run time, so this side of Kysely is untyped. */
  private get db(): Kysely<any> {
    return this.host.s.database.db as unknown as Kysely<any>;
  }

  /** POST save: a new row, or a series of them when the body asks for one. */
  async save(body: unknown): Promise<Row> {
    const series = seriesOf(this.entity, body);
    const row = this.validate(body, 'save');
    await this.host.prepare();
    if (series) return this.saveSeries(row, series);
    const result = await this.db.transaction().execute((trx) => this.insert(trx, row));
    await afterWrite(this.host);
    return this.host.wire(result);
  }

  /** POST update: the stored row, locked, under the version the caller saw. */
  async update(body: unknown): Promise<Row> {
    const row = this.validate(body, 'update');
    await this.host.prepare();
    const result = await this.db.transaction().execute(async (trx) => {
      const existing = await this.host.find(Number(row.id), trx, true);
      if (this.entity.has.version && Number(existing.version) !== Number(row.version))
        throw new AppError(Code.conflict, 'record.stale');
      return this.write(trx, row, existing);
    });
    await afterWrite(this.host);
    return this.host.wire(result);
  }

  /** POST status: an update of the status field alone, along the entity's allowed transitions. */
  async setStatus(body: unknown): Promise<Row> {
    const statusField = this.entity.byName.get(this.entity.status!.field)!;
    const b = (body ?? {}) as Row;
    const id = Number(b.id);
    const to = b.status ?? b[statusField.name];
    if (!Number.isSafeInteger(id) || id < 1 || typeof to !== 'string') {
      throw new AppError(Code.invalid, 'request.invalid', { detail: 'id, status' });
    }
    const existing = this.host.wire(await this.host.find(id));
    const from = String(existing[statusField.name] ?? '');
    const allowed = this.entity.status!.transitions?.[from];
    if (allowed && !allowed.includes(to)) throw new AppError(Code.conflict, 'entity.badStatus', { from, to: to.slice(0, 20) });
    // The version the caller saw, as every update: enabling a row someone changed meanwhile (or
    // without saying which version) is refused, not applied over their change.
    return this.update({ id, version: b.version, [statusField.name]: to });
  }

  /**
   * A new row as a series (./recurring.ts): every occurrence inserted in one transaction as a single
   * save would be; the first refusal undoes them all and names its day. Answers the first row with
   * `occurrences`, the ids of all of them.
   */
  private async saveSeries(row: Row, series: SeriesRule): Promise<Row> {
    const zone = this.host.ctx.site.timeZone;
    const list = occurrences(this.entity, row, series, zone);
    const result = await this.db.transaction().execute(async (trx) => {
      const written: Row[] = [];
      for (const occurrence of list) {
        try {
          written.push(await this.insert(trx, occurrence.row));
        } catch (e) {
          if (!(e instanceof AppError) || list.length < 2) throw e;
          throw new AppError(e.code, 'recurring.refused', {
            date: occurrence.day,
            detail: t(e.messageKey, this.host.request.locale, e.params),
          });
        }
      }
      return written;
    });
    await afterWrite(this.host);
    return { ...this.host.wire(result[0]!), occurrences: result.map((r) => Number(r.id)) };
  }

  /** Insert a validated body: the pipeline with no stored row, the entity's defaults filled in first. */
  async insert(trx: Transaction<any>, row: Row): Promise<Row> {
    this.defaults(row);
    return this.write(trx, row, null);
  }

  /**
   * The save pipeline: one path for every row written, in this order. Insert and update differ only
   * in `existing` (null for a new row).
   */
  async write(trx: Transaction<any>, row: Row, existing: Row | null): Promise<Row> {
    const hook = hookContextOf(this.host, trx);
    const before = existing ? this.host.wire(existing) : null;
    if (before) assertEditable(this.entity, before);
    // 1. validate: done before the transaction opened (validate()); what the server owns is gone.
    // 2. check values
    await this.checkValues(trx, row, existing ? Number(existing.id) : null, before);
    // 3. rules
    await this.rules(hook, row, before);
    // 4. derive
    this.derive(row, before);
    // 5. columns
    const columns = await this.columns(trx, row, existing, before);
    // 6. write
    const written = await this.writeRow(trx, row, columns, existing);
    // 7. lines
    await this.lines(trx, row, written);
    // 8. effects
    const answer = await this.effects(hook, trx, written, before);
    // 9. (issue 36) the audit trail would record `before` against `answer` here, in this transaction.
    return answer;
  }

  /** 1. The body against the entity's compiled schema, so nothing later reads a value it refuses. */
  validate(body: unknown, mode: 'save' | 'update'): Row {
    const { site } = this.host.ctx;
    const s = this.host.s;
    const siteEntities = this.host.siteEntities;
    const validator = s.schemas.forSite(site.key).validators.get(this.entity.name)![mode];
    const copy = structuredClone(body ?? {}) as Row;
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) {
      // An emptied optional field means "no value", not an empty text a pattern would refuse.
      for (const f of this.entity.fields) if (!f.required && copy[f.name] === '') copy[f.name] = null;
      // A secret left empty on update keeps the stored one (the browser never has it to send back).
      if (mode === 'update')
        for (const f of this.entity.fields)
          if (f.writeOnly && (copy[f.name] === null || copy[f.name] === '')) delete copy[f.name];
      // A file list may come as the spec has it: a JSON string under extend.<field>.
      const extend = copy.extend as Record<string, unknown> | undefined;
      for (const f of this.entity.fields.filter((x) => x.inExtend)) {
        if (extend && typeof extend === 'object' && f.name in extend && !(f.name in copy)) copy[f.name] = extend[f.name];
      }
      for (const f of this.entity.fields.filter((x) => x.type === 'files')) {
        const raw = extend?.[f.name];
        if (typeof raw === 'string' && !(f.name in copy)) {
          try {
            copy[f.name] = raw ? JSON.parse(raw) : [];
          } catch {
            copy[f.name] = raw;
          }
        }
      }
    }
    // What the server owns is never taken from a request: dropped before anything reads the body.
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) withoutOwned(this.entity, copy, mode, siteEntities);
    if (!validator(copy)) {
      const error = validator.errors![0]!;
      const locale = this.host.request.locale;
      // A line's fault names the collection, the line and the line's field (发票 第 2 行：金额…).
      const inLine = /^\/(\w+)\/(\d+)(\/.*)?$/.exec(error.instancePath);
      const decl = inLine ? this.entity.lines?.[inLine[1]!] : undefined;
      const line = decl ? siteEntities.get(decl.entity) : undefined;
      if (inLine && line) {
        const detail = describeError({ ...error, instancePath: inLine[3] ?? '' }, locale, labels(s, line, locale));
        const lines = s.schemas.texts[decl!.title]?.[locale] ?? inLine[1]!;
        throw new AppError(Code.invalid, 'line.error', { lines, n: Number(inLine[2]) + 1, detail });
      }
      const names = { ...labels(s, this.entity, locale) };
      for (const [member, d] of Object.entries(this.entity.lines ?? {}))
        names[member] = s.schemas.texts[d.title]?.[locale] ?? member;
      const detail = describeError(error, locale, names);
      throw new AppError(Code.invalid, 'request.invalid', { detail });
    }
    // Date-times typed without an offset are the site's wall time (../platform/site-time.ts).
    readInstants(this.entity, copy, site.timeZone, siteEntities);
    return copy as Row;
  }

  /** A new row starts from the entity's defaults where the body leaves a field out. */
  private defaults(row: Row) {
    for (const f of this.entity.fields) {
      if (f.default !== undefined && (row[f.name] === undefined || row[f.name] === null)) row[f.name] = f.default;
    }
  }

  /** 2. Dictionary values, references and uniqueness: the checks that need the database. */
  async checkValues(trx: Transaction<any>, row: Row, id: number | null, existing: Row | null = null) {
    const { site } = this.host.ctx;
    const s = this.host.s;
    const locale = this.host.request.locale;
    if (!this.host.dicts) throw new Error('EntityService.prepare() must run before a write');
    const dicts = this.host.dicts;
    for (const f of this.entity.fields) {
      const v = row[f.name];
      if (v === undefined || v === null || v === '') continue;
      if (f.notBefore === 'now') this.assertNotBefore(f, v, existing);
      if (f.type === 'dict' && f.dict) {
        const allowed = dicts.get(f.dict);
        if (allowed && !allowed.some((d) => d.dictValue === v)) {
          throw new AppError(Code.invalid, 'entity.badDict', {
            field: fieldLabel(s, f, locale),
            value: String(v).slice(0, 40),
          });
        }
      }
      if (f.type === 'files' && Array.isArray(v)) {
        const limit = f.maxFiles ?? this.host.maxFiles ?? 5;
        if (v.length > limit) throw new AppError(Code.invalid, 'upload.tooMany', { n: limit });
        for (const item of v as Array<{ url?: string }>) {
          const key = keyOf(String(item.url ?? ''));
          const known = key
            ? await sql`select 1 from sys_file where top_dept_id = ${site.id} and path = ${key} limit 1`.execute(trx)
            : { rows: [] };
          if (!known.rows.length) throw new AppError(Code.invalid, 'entity.badRef', { field: fieldLabel(s, f, locale) });
        }
      }
      if (f.type === 'ref' && f.ref && !f.standard && !(this.entity.tree === f.name && v === 0)) {
        const target = s.schemas.forSite(site.key).entities.get(f.ref);
        if (target) {
          const found = await readOnce(trx, target.table, `exists:${site.id}:${v}`, () =>
            sql`select 1 from ${sql.table(target.table)} where id = ${v} ${target.site ? sql`and top_dept_id = ${site.id}` : sql``}`.execute(
              trx,
            ),
          );
          const choice = { s, locale, siteId: site.id, fieldLabel: fieldLabel(s, f, locale) };
          if (!found.rows.length)
            throw notInRegister(choice, target) ?? new AppError(Code.invalid, 'entity.badRef', { field: choice.fieldLabel });
          // The referred row must fit the field's prefixes (a purchase's indicator of class 302 or 310).
          if (f.refPrefix) await assertRefFits(trx, { s, siteKey: site.key, locale, dicts }, this.entity, f, Number(v));
          // A register's row is chosen only where it offers it, and brings its values along (./register.ts).
          await choose(trx, choice, f, target, Number(v), row);
        }
      }
      if (f.type === 'refs' && f.ref && Array.isArray(v) && v.length) {
        const target = s.schemas.forSite(site.key).entities.get(f.ref);
        if (target) {
          const ids = [...new Set((v as unknown[]).map(Number))];
          const found = await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(target.table)} where id in (${sql.join(ids)})
            ${target.site ? sql`and top_dept_id = ${site.id}` : sql``}`.execute(trx);
          if (Number(found.rows[0]!.n) !== ids.length)
            throw new AppError(Code.invalid, 'entity.badRef', { field: fieldLabel(s, f, locale) });
        }
      }
      // A line's uniqueness spans the site's documents: the lines' writer checks it (./lines.ts).
      if (f.unique && !this.entity.lineOf) {
        const together = (f.uniqueWith ?? []).map((n) => this.entity.byName.get(n)!).filter(Boolean);
        // An update may send some fields only: the others keep their stored values. A read-only field is
        // never written from the body: stored on update, the request's year on insert (the year feature).
        const valueOf = (o: FieldDef) =>
          o.name in row && !o.readOnly
            ? row[o.name]
            : existing
              ? (existing[o.name] ?? null)
              : o.name === this.entity.year
                ? this.host.year
                : null;
        const clash = await sql`select 1 from ${sql.table(this.entity.table)} t where ${sql.ref(`t.${f.column}`)} = ${v}
          ${sql.join(
            together.map((o) => sql`and ${sql.ref(`t.${o.column}`)} = ${valueOf(o)}`),
            sql` `,
          )}
          ${this.entity.site ? sql`and t.top_dept_id = ${site.id}` : sql``} ${id !== null ? sql`and t.id <> ${id}` : sql``} limit 1`.execute(
          trx,
        );
        if (clash.rows.length) {
          throw new AppError(Code.conflict, 'record.duplicate', {
            field: fieldLabel(s, f, locale),
            value: String(v).slice(0, 60),
          });
        }
      }
    }
  }

  /**
   * 2. A field with `notBefore: "now"` (issue 34): set on a new row, or changed, it may not lie before
   * the site's now — today for a date. A stored value left as it is (a past booking's remark edited)
   * is not refused.
   */
  private assertNotBefore(f: FieldDef, v: unknown, existing: Row | null) {
    const zone = this.host.ctx.site.timeZone;
    const now = this.host.s.clock.now();
    const label = () => fieldLabel(this.host.s, f, this.host.request.locale);
    if (f.type === 'date') {
      const day = String(v).slice(0, 10);
      if (existing && String(existing[f.name] ?? '').slice(0, 10) === day) return;
      const today = siteNow(now, zone).day;
      if (day < today) throw new AppError(Code.invalid, 'entity.notBefore', { field: label(), now: today });
      return;
    }
    const at = Date.parse(toInstant(String(v), zone));
    if (!Number.isFinite(at)) return;
    if (existing && existing[f.name] != null && Date.parse(toInstant(String(existing[f.name]), zone)) === at) return;
    if (at < now) throw new AppError(Code.invalid, 'entity.notBefore', { field: label(), now: wallText(now, zone) });
  }

  /** 3. The entity's beforeSave hook: rules a schema cannot say, which may work out lines or refuse. */
  private async rules(hook: HookContext, row: Row, before: Row | null) {
    await hooksOf(this.entity.name).beforeSave?.(hook, row, before);
  }

  /** 4. The figures the server works out (`derive`) on the document and on each line sent. */
  private derive(row: Row, existing: Row | null) {
    for (const [member, decl] of Object.entries(this.entity.lines ?? {})) {
      const line = this.host.siteEntities.get(decl.entity);
      if (line && Array.isArray(row[member])) for (const l of row[member] as Row[]) deriveFields(line, l);
    }
    deriveFields(this.entity, row, existing ?? {});
  }

  /**
   * 5. The row as columns, after the rules hook (it may work out lines, as a claim's allowances): the
   * sums, the meeting-record rule that may depend on them, files, and what the server owns.
   */
  private async columns(trx: Transaction<any>, row: Row, existing: Row | null, before: Row | null): Promise<Row> {
    const { principal } = this.host.ctx;
    const now = new Date(this.host.s.clock.now());
    const columns: Row = { ...toColumns(this.entity, row), ...keptByHooks(this.entity, row) };
    this.sumLines(row, columns, existing ?? undefined);
    const files = { ...filesPatch(this.entity, row), ...this.checkMeetingRecord(row, before) };
    if (Object.keys(files).length)
      columns.extend = existing ? sql`coalesce(extend, '{}'::jsonb) || ${JSON.stringify(files)}::jsonb` : JSON.stringify(files);
    if (!existing) await this.ownedAtInsert(trx, columns, now);
    if (this.entity.byName.has('updatedBy')) columns.updated_by = principal.userId;
    if (this.entity.byName.has('updatedAt')) columns.updated_at = now;
    if (this.entity.has.schemaVersion) columns.schema_version = this.entity.schemaVersion;
    return columns;
  }

  /**
   * 5. The sums a document's lines make, into the row and its columns, once the hooks have worked the
   * lines out: the meeting-record rule, the document's rules and the effects all see the server's figures.
   */
  private sumLines(row: Row, columns: Row, existing?: Row | null) {
    if (!this.entity.lines) return;
    // A sum over some lines (`when`) sees the document as it will be; a new one has the caller's year.
    const year = this.entity.year;
    const stored = existing ? this.host.wire(existing) : year ? { [year]: this.host.year } : {};
    for (const [name, value] of Object.entries(lineSums(this.entity, row, stored))) {
      row[name] = value;
      const f = this.entity.byName.get(name);
      if (f) columns[f.column] = value;
    }
  }

  /**
   * 5. Spec section 4: large amounts and major matters come with meeting minutes. Answers the flags
   * the document keeps (spec section 3) as the applicant saves it, for its extend.
   */
  private checkMeetingRecord(row: Row, existing: Row | null): Row {
    const meeting = this.host.meeting;
    if (!meeting) return {};
    const extend = (existing?.extend ?? {}) as Row;
    const merged = { ...(existing ?? {}), meetingRecordFileList: extend.meetingRecordFileList, ...row };
    // Saving is the applicant's: what was stored as "not updating" is being updated now.
    const flags = meetingFlagsAtSave(merged, meeting);
    const state = meetingRecordState({ ...merged, ...flags }, meeting);
    if (state.required && !state.provided) {
      throw new AppError(Code.invalid, 'meeting.required', { threshold: meeting.threshold });
    }
    return flags;
  }

  /** 5. What the server fills in on a new row (none of it is ever taken from the request), into columns. */
  private async ownedAtInsert(trx: Transaction<any>, columns: Row, now: Date): Promise<void> {
    const { site, principal } = this.host.ctx;
    if (this.entity.site) columns.top_dept_id = site.id;
    // Fields the server keeps (an approval status) start at their default.
    for (const f of this.entity.fields) {
      if (f.readOnly && !f.standard && f.default !== undefined && !f.through && !f.inExtend && f.type !== 'files')
        columns[f.column] ??= f.default;
    }
    // A document's department, when the applicant does not choose it, is the applicant's own.
    const yearField = this.entity.year ? this.entity.byName.get(this.entity.year) : undefined;
    if (yearField && columns[yearField.column] == null) columns[yearField.column] = this.host.year;
    const deptField = this.entity.dataScope?.dept ? this.entity.byName.get(this.entity.dataScope.dept) : undefined;
    if (deptField?.readOnly && columns[deptField.column] == null) columns[deptField.column] = principal.deptId;
    if (this.entity.byName.has('createdBy')) columns.created_by = principal.userId;
    if (this.entity.byName.has('createdAt')) columns.created_at = now;
    // Document numbers by the site's rule, given in the saving transaction (./sequence.ts).
    for (const f of this.entity.fields) {
      if (f.sequence && columns[f.column] == null)
        columns[f.column] = await nextInSequence(
          trx,
          site.id,
          `${this.entity.name}.${f.name}`,
          f.sequence,
          siteNow(now.getTime(), site.timeZone).day,
        );
    }
  }

  /** 6. Insert, or update under the optimistic version: a row someone changed meanwhile is refused (40900). */
  private async writeRow(trx: Transaction<any>, row: Row, columns: Row, existing: Row | null): Promise<Row> {
    forgetReads(trx, this.entity.table);
    if (!existing)
      return (await trx.insertInto(this.entity.table).values(columns).returningAll().executeTakeFirstOrThrow()) as Row;
    let q = trx.updateTable(this.entity.table).set(columns).where('id', '=', Number(existing.id));
    if (this.entity.has.version) q = q.set({ version: sql`version + 1` }).where('version', '=', Number(row.version));
    const written = (await q.returningAll().executeTakeFirst()) as Row | undefined;
    if (!written) throw new AppError(Code.conflict, 'record.stale');
    return written;
  }

  /** 7. Links, lines and the checks over what is now stored; `written` gains the links and lines. */
  private async lines(trx: Transaction<any>, row: Row, written: Row) {
    const rowId = Number(written.id);
    await this.writeLinks(trx, rowId, row);
    const lines = await this.writeDocument(trx, rowId, row);
    Object.assign(written, await this.host.linkValues(trx, rowId), lines);
    await this.assertNoOverlap(trx, rowId);
  }

  /** 7. Link-table refs the body sets: the row's links become exactly the ids sent. */
  private async writeLinks(trx: Transaction<any>, id: number, row: Row) {
    for (const f of this.entity.fields) {
      if (!f.through || f.readOnly || !(f.name in row)) continue;
      const { table, self, other } = f.through;
      await trx.deleteFrom(table).where(self, '=', id).execute();
      const ids = [...new Set(((row[f.name] as unknown[] | null) ?? []).map(Number))];
      if (ids.length)
        await trx
          .insertInto(table)
          .values(ids.map((o) => ({ [self]: id, [other]: o })))
          .execute();
    }
  }

  /** 7. Writes the lines and checks the rules; answers the document's lines as now stored. */
  private async writeDocument(trx: Transaction<any>, id: number, row: Row): Promise<Row> {
    await this.writeDocumentLines(trx, id, row);
    if (!this.entity.lines && !this.entity.checks?.length) return {};
    // The rules see the document as it now is: its lines, sums and the figures a read adds.
    if (this.entity.checks?.length) {
      const now = await this.host.find(id, trx);
      checkDocument(this.entity, this.host.wire(now), this.host.s.schemas.texts, this.host.request.locale);
      return Object.fromEntries(Object.keys(this.entity.lines ?? {}).map((m) => [m, now[m]]));
    }
    return readLines(trx, this.host.siteEntities, this.entity, id);
  }

  /** 7. The document's lines (./lines.ts), each line's values checked as step 2 checks a row's. */
  private async writeDocumentLines(trx: Transaction<any>, id: number, row: Row) {
    if (!this.entity.lines) return;
    const { site, principal } = this.host.ctx;
    await writeLines(
      {
        trx,
        siteId: site.id,
        userId: principal.userId,
        locale: this.host.request.locale,
        entities: this.host.siteEntities,
        texts: this.host.s.schemas.texts,
        checkValues: async (line, lineRow) => {
          const lineHost = this.host.sibling(line);
          lineHost.dicts = this.host.dicts;
          lineHost.maxFiles = this.host.maxFiles;
          await new SavePipeline(lineHost).checkValues(trx, lineRow, null);
        },
      },
      this.entity,
      id,
      row,
    );
  }

  /** 7. The entity's `noOverlap` rules over a row just written (./overlap.ts), in the same transaction. */
  async assertNoOverlap(trx: Transaction<any>, id: number) {
    if (!this.entity.noOverlap?.length) return;
    await assertNoOverlap(
      {
        trx,
        siteId: this.host.ctx.site.id,
        locale: this.host.request.locale,
        texts: this.host.s.schemas.texts,
        entities: this.host.siteEntities,
      },
      this.entity,
      [id],
    );
  }

  /** 8. The afterSave hook (ledgers, budget effects); the answer shows what it did to the row too. */
  private async effects(hook: HookContext, trx: Transaction<any>, written: Row, before: Row | null): Promise<Row> {
    const hooks = hooksOf(this.entity.name);
    if (!hooks.afterSave) return written;
    await hooks.afterSave(hook, this.host.wire(written), before);
    return this.reread(trx, written);
  }

  /** 8. The row as stored after the hook (a number it gave, an amount the ledger moved). */
  private async reread(trx: Transaction<any>, row: Row): Promise<Row> {
    const fresh = (await sql<Row>`select * from ${sql.table(this.entity.table)} where id = ${row.id}`.execute(trx)).rows[0];
    if (!fresh) return row;
    Object.assign(fresh, await this.host.linkValues(trx, Number(row.id)));
    if (this.entity.lines) Object.assign(fresh, await readLines(trx, this.host.siteEntities, this.entity, Number(row.id)));
    return fresh;
  }
}
