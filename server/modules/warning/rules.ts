// Budget warnings (预警, DOMAIN.md "Warnings"): the records the server raises and releases by itself.
//
// - Rates: after every balance change of an indicator (the ledger's listener, inside the same
//   transaction, so a warning and the money that caused it commit together) utilisation =
//   (frozen + used) / adjusted is compared with 80 % (type 1, yellow) and 100 % (type 2, red).
//   Utilisation, not execution, decides (docs/decisions.md "Warnings"): it is never below
//   execution, so every indicator whose execution reaches 80 % is warned too, and money held by
//   documents in approval warns before it is spent.
// - Progress lag (type 3, yellow): scanProgress compares each leaf indicator's execution rate
//   (used / adjusted) with month / 12 minus the site's tolerance; the ledger listener only releases.
// - Warning words (type 4, red): the note of a freeze or consume (and any text another module
//   hands to checkWarningWords) against the site's active words.
//
// One episode, one record: while a record of a type is active for an indicator no other is raised.
// When the cause goes away the active record is released automatically (releasedBy null, the
// release note 'warning.autoReleased'). A record released by hand acknowledges its episode: no new
// record of that type is raised for the indicator until the cause has gone away once.
//
// Texts are kept as a message key with parameters (extend.text, extend.releaseText) and rendered
// in the reader's language; the content / releaseNote columns hold the zh-CN text for exports and
// searches.
import { sql, type Kysely, type Transaction } from 'kysely';
import { yearMonthOf, zoneOf } from '../../platform/site-time.ts';
import type { Locale } from '../../../validators/locale.ts';
import { messages, t, type MessageKey } from '../../platform/messages.ts';
import { cents, fromCents as money, onBalanceChange, type Balances, type LedgerSource } from '../budget/ledger.ts';
import { defineHooks } from '../../entities/hooks.ts';

type Row = Record<string, any>;
type Db = Kysely<any> | Transaction<any>;

export const WarningType = { rate: '1', over: '2', lag: '3', word: '4', standard: '5' } as const;
export const WarningLevel = { yellow: '1', red: '2' } as const;
export const ReleaseStatus = { active: '0', released: '1' } as const;

/** Utilisation at or above this percentage raises a yellow record. */
export const RATE_THRESHOLD = 80;
export const TOLERANCE_KEY = 'warning.progressTolerance';
export const DEFAULT_TOLERANCE = 0.2;

/** What a warning names as its cause: a ledger source, with the indicator when there is one. */
export interface WarningSource extends LedgerSource {
  /** How texts name the document (its number), when not by its id. */
  label?: string | null;
  budgetId?: number | null;
  budgetName?: string | null;
  budgetYear?: string | null;
  deptId?: number | null;
}

/** A record's text: a message key and its parameters, rendered in each reader's language. */
export interface WarningText {
  key: MessageKey;
  params: Record<string, string | number>;
}

// ---- numbers ----------------------------------------------------------------------------------

/** part / whole as a percentage with two decimals, rounded half up. */
function percent(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 20000n + whole) / (2n * whole)) / 100;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** source_id is an integer column: a warning must never fail the spending that raised it. */
const int4 = (n: number | null | undefined) => (n != null && Number.isInteger(n) && Math.abs(n) <= 2147483647 ? n : null);

/** Months of the budget year gone by at `now` on the site's clock (DOMAIN.md: time progress = month / 12). */
export function monthsElapsed(year: string, now: Date, zone: string): number {
  const y = Number(year);
  if (!Number.isInteger(y)) return 0;
  const at = yearMonthOf(now, zone);
  if (at.year > y) return 12;
  if (at.year < y) return 0;
  return at.month;
}

/** The site's tolerance as a fraction: '0.2' (or '20', read as percent); anything else the default. */
export function toleranceFrom(value: string | undefined | null): number {
  const n = Number(String(value ?? '').trim());
  if (value === undefined || value === null || String(value).trim() === '' || !Number.isFinite(n) || n < 0)
    return DEFAULT_TOLERANCE;
  if (n <= 1) return n;
  return n <= 100 ? n / 100 : DEFAULT_TOLERANCE;
}

async function toleranceOf(db: Db, siteId: number): Promise<number> {
  const row = (
    await sql<Row>`select config_value from sys_config where top_dept_id = ${siteId} and config_key = ${TOLERANCE_KEY} limit 1`.execute(
      db,
    )
  ).rows[0];
  return toleranceFrom(row?.config_value);
}

interface Lag {
  lagging: boolean;
  rate: number;
  progress: number;
  threshold: number;
}

/** Execution (used / adjusted) against time progress less the tolerance. */
export function lagOf(year: string, adjusted: bigint, used: bigint, tolerance: number, now: Date, zone: string): Lag {
  const progress = monthsElapsed(year, now, zone) / 12;
  const line = progress - tolerance;
  const rate = percent(used, adjusted);
  const lagging = adjusted > 0n && line > 0 && Number(used) / Number(adjusted) < line;
  return { lagging, rate, progress: round2(progress * 100), threshold: round2(line * 100) };
}

// ---- texts ------------------------------------------------------------------------------------

/** How a text names its source document: a known ledger source, else the entity's title and id. */
export type SourceTitle = (type: string, locale: Locale) => string | undefined;

export function sourceName(type: string, id: unknown, locale: Locale, title?: SourceTitle): string {
  const known = `warning.source.${type}`;
  if (known in messages) return t(known as MessageKey, locale);
  const idText = id === null || id === undefined || id === '' ? '' : String(id);
  return t('warning.source.document', locale, { type: title?.(type, locale) ?? type, id: idText }).trim();
}

export function renderText(text: WarningText | null | undefined, locale: Locale, title?: SourceTitle): string | null {
  if (!text || !(text.key in messages)) return null;
  const params = { ...text.params };
  if ('sourceType' in params) params.source = sourceName(String(params.sourceType), params.sourceId, locale, title);
  return t(text.key, locale, params);
}

const STORED: Locale = 'zh-CN';

// ---- records ----------------------------------------------------------------------------------

interface NewRecord {
  type: string;
  level: string;
  budgetId: number | null;
  deptId: number | null;
  budgetYear: string;
  sourceType: string | null;
  sourceId: number | null;
  value: number | null;
  threshold: number | null;
  text: WarningText;
  extra?: Record<string, unknown>;
}

async function insertRecord(trx: Db, siteId: number, r: NewRecord, now: Date): Promise<number> {
  const extend = JSON.stringify({ text: r.text, ...(r.extra ?? {}) });
  const sourceId = int4(r.sourceId);
  const row = (
    await sql<Row>`insert into nk_warning_record (top_dept_id, warning_type, warning_level, budget_id, dept_id, budget_year,
        source_type, source_id, value, threshold, content, release_status, extend, created_at, updated_at)
      values (${siteId}, ${r.type}, ${r.level}, ${r.budgetId}, ${r.deptId}, ${r.budgetYear}, ${r.sourceType?.slice(0, 40) ?? null},
        ${sourceId}, ${r.value}, ${r.threshold}, ${renderText(r.text, STORED)}, ${ReleaseStatus.active}, ${extend}::jsonb, ${now}, ${now})
      returning id`.execute(trx)
  ).rows[0]!;
  return Number(row.id);
}

async function autoRelease(trx: Db, id: number, now: Date) {
  const releaseText: WarningText = { key: 'warning.autoReleased', params: {} };
  await sql`update nk_warning_record set release_status = ${ReleaseStatus.released}, released_by = null, released_at = ${now},
      release_note = ${renderText(releaseText, STORED)}, extend = extend || ${JSON.stringify({ releaseText })}::jsonb,
      updated_at = ${now}, version = version + 1
    where id = ${id} and release_status = ${ReleaseStatus.active}`.execute(trx);
}

/** A record released by hand whose cause has now gone away: the next episode may warn again. */
async function markCleared(trx: Db, id: number) {
  await sql`update nk_warning_record set extend = extend || '{"cleared":true}'::jsonb where id = ${id}`.execute(trx);
}

interface Latest {
  id: number;
  active: boolean;
  /** Released by hand and its cause not yet gone: the episode is acknowledged. */
  acknowledged: boolean;
}

function latestOf(r: Row | undefined): Latest | null {
  if (!r) return null;
  const active = r.release_status === ReleaseStatus.active;
  return { id: Number(r.id), active, acknowledged: !active && r.released_by !== null && !r.cleared };
}

/** The newest record of each of the indicator's rate types (1, 2, 3). */
async function latestRecords(trx: Db, siteId: number, budgetId: number, types: string[]): Promise<Map<string, Latest>> {
  const rows = (
    await sql<Row>`select distinct on (warning_type) id, warning_type, release_status, released_by,
        coalesce((extend->>'cleared')::boolean, false) as cleared
      from nk_warning_record where top_dept_id = ${siteId} and budget_id = ${budgetId} and warning_type in (${sql.join(types)})
      order by warning_type, id desc`.execute(trx)
  ).rows;
  return new Map(rows.map((r) => [String(r.warning_type), latestOf(r)!]));
}

type Decision = 'raise' | 'release' | 'clear' | null;

/** What a cause present or gone means for the type's newest record. */
function decide(latest: Latest | null | undefined, cause: boolean): Decision {
  if (cause) return !latest || (!latest.active && !latest.acknowledged) ? 'raise' : null;
  if (latest?.active) return 'release';
  if (latest?.acknowledged) return 'clear';
  return null;
}

async function apply(trx: Db, decision: Decision, latest: Latest | null | undefined, raise: () => Promise<unknown>, now: Date) {
  if (decision === 'raise') await raise();
  else if (decision === 'release') await autoRelease(trx, latest!.id, now);
  else if (decision === 'clear') await markCleared(trx, latest!.id);
}

async function deptOf(trx: Db, budgetId: number): Promise<number | null> {
  const r = (await sql<Row>`select dept_id from nk_budget where id = ${budgetId}`.execute(trx)).rows[0];
  return r?.dept_id === null || r?.dept_id === undefined ? null : Number(r.dept_id);
}

/** Rates of one indicator after a change: raise or release its type 1 and 2 records; release a lag record. */
export async function evaluateIndicator(trx: Db, siteId: number, b: Balances, source: LedgerSource, now: Date): Promise<void> {
  const adjusted = cents(b.adjusted);
  const used = cents(b.used);
  const committed = cents(b.frozen) + used;
  const latest = await latestRecords(trx, siteId, b.id, [WarningType.rate, WarningType.over, WarningType.lag]);
  const rate = adjusted > 0n ? percent(committed, adjusted) : committed > 0n ? 100 : 0;
  const atLine = committed > 0n && committed * 100n >= adjusted * BigInt(RATE_THRESHOLD);
  const over = committed > adjusted;
  let dept: number | null | undefined;
  const record = async (type: string, level: string, key: MessageKey, threshold: number) => {
    dept ??= await deptOf(trx, b.id);
    await insertRecord(
      trx,
      siteId,
      {
        type,
        level,
        budgetId: b.id,
        deptId: dept,
        budgetYear: b.budgetYear,
        sourceType: source.type,
        sourceId: source.id,
        value: rate,
        threshold,
        text: {
          key,
          params: {
            name: b.budgetName,
            rate: rate.toFixed(2),
            committed: money(committed),
            adjusted: money(adjusted),
            threshold,
          },
        },
      },
      now,
    );
  };
  const first = latest.get(WarningType.rate);
  await apply(
    trx,
    decide(first, atLine),
    first,
    () => record(WarningType.rate, WarningLevel.yellow, 'warning.rate', RATE_THRESHOLD),
    now,
  );
  const second = latest.get(WarningType.over);
  await apply(trx, decide(second, over), second, () => record(WarningType.over, WarningLevel.red, 'warning.over', 100), now);
  // Progress lag is raised by the scan (it depends on the date); a change can only end it.
  const lag = latest.get(WarningType.lag);
  if (lag?.active || lag?.acknowledged) {
    const { lagging } = lagOf(b.budgetYear, adjusted, used, await toleranceOf(trx, siteId), now, zoneOf(siteId));
    if (!lagging) await apply(trx, decide(lag, false), lag, async () => undefined, now);
  }
}

/**
 * The site's active warning words found in `text` (case-insensitive): one red record (type 4) per
 * word, naming the word and the source. A document (source with an id) is warned once per word,
 * however many times its text is checked (its freeze and later its consumption). Returns the words found.
 */
/**
 * The site's enabled warning words, read at most every WORDS_TTL_MS per app node: every freeze and
 * spend with a note asks. A change of the words on this node forgets them at once (the hooks below);
 * another node sees it within the TTL.
 */
export const WORDS_TTL_MS = 5_000;
const wordCache = new Map<number, { at: number; words: string[] }>();

async function activeWords(trx: Db, siteId: number): Promise<string[]> {
  const cached = wordCache.get(siteId);
  if (cached && Date.now() - cached.at < WORDS_TTL_MS) return cached.words;
  const words = (
    await sql<Row>`select word from nk_warning_words where top_dept_id = ${siteId} and coalesce(status, '0') = '0'`.execute(trx)
  ).rows.map((r) => String(r.word ?? ''));
  wordCache.set(siteId, { at: Date.now(), words });
  return words;
}

defineHooks('warningWords', {
  afterSave: (ctx) => void wordCache.delete(ctx.site.id),
  afterRemove: (ctx) => void wordCache.delete(ctx.site.id),
});

export async function checkWarningWords(
  trx: Db,
  siteId: number,
  text: string | null | undefined,
  source: WarningSource,
  now: Date,
): Promise<string[]> {
  const body = String(text ?? '').trim();
  if (!body) return [];
  const words = await activeWords(trx, siteId);
  const lower = body.toLowerCase();
  const hits = [...new Set(words.filter((w) => w && lower.includes(w.toLowerCase())))];
  if (!hits.length) return hits;
  const budgetId = source.budgetId ?? null;
  let deptId = source.deptId ?? null;
  let budgetName = source.budgetName ?? null;
  let budgetYear = source.budgetYear ?? null;
  if (budgetId !== null && (deptId === null || budgetName === null || budgetYear === null)) {
    const b = (await sql<Row>`select dept_id, budget_name, budget_year from nk_budget where id = ${budgetId}`.execute(trx))
      .rows[0];
    deptId ??= b?.dept_id === null || b?.dept_id === undefined ? null : Number(b.dept_id);
    budgetName ??= b ? String(b.budget_name) : null;
    budgetYear ??= b ? String(b.budget_year) : null;
  }
  const sourceId = int4(source.id);
  for (const word of hits) {
    if (sourceId !== null) {
      const seen = await sql`select 1 from nk_warning_record where top_dept_id = ${siteId} and warning_type = ${WarningType.word}
        and source_type = ${source.type} and source_id = ${sourceId} and extend->>'word' = ${word} limit 1`.execute(trx);
      if (seen.rows.length) continue;
    }
    const params = {
      word,
      text: body.slice(0, 200),
      sourceType: source.type,
      sourceId: source.label || (sourceId ?? ''),
      name: budgetName ?? '',
    };
    await insertRecord(
      trx,
      siteId,
      {
        type: WarningType.word,
        level: WarningLevel.red,
        budgetId,
        deptId,
        budgetYear: budgetYear ?? String(yearMonthOf(now, zoneOf(siteId)).year),
        sourceType: source.type,
        sourceId,
        value: null,
        threshold: null,
        text: { key: budgetName ? 'warning.word' : 'warning.wordNoBudget', params },
        extra: { word },
      },
      now,
    );
  }
  return hits;
}

/** An over-standard record's cause: which line, whose, and the figures (its key names all of them). */
export interface OverStandard {
  key: string;
  name: string;
  value: string;
  ceiling: string;
  line: number | null;
}

/** Records over a standard of a document whose cause is gone (not among `current`) are released. */
export async function releaseOverStandard(trx: Db, siteId: number, source: WarningSource, current: Set<string>, now: Date) {
  const sourceId = int4(source.id);
  if (sourceId === null) return;
  const active = (
    await sql<Row>`select id, extend->>'key' as key from nk_warning_record where top_dept_id = ${siteId}
      and warning_type = ${WarningType.standard} and source_type = ${source.type} and source_id = ${sourceId}
      and release_status = ${ReleaseStatus.active}`.execute(trx)
  ).rows;
  for (const r of active) if (!current.has(String(r.key))) await autoRelease(trx, Number(r.id), now);
}

/** A line over its standard (a night's hotel above the city and rank's ceiling): one yellow record while it lasts. */
export async function raiseOverStandard(trx: Db, siteId: number, source: WarningSource, o: OverStandard, now: Date) {
  const sourceId = int4(source.id);
  if (sourceId !== null) {
    const seen =
      await sql`select 1 from nk_warning_record where top_dept_id = ${siteId} and warning_type = ${WarningType.standard}
      and source_type = ${source.type} and source_id = ${sourceId} and extend->>'key' = ${o.key}
      and release_status = ${ReleaseStatus.active} limit 1`.execute(trx);
    if (seen.rows.length) return;
  }
  const budget =
    source.budgetId != null
      ? (await sql<Row>`select budget_year from nk_budget where id = ${source.budgetId}`.execute(trx)).rows[0]
      : undefined;
  const params = {
    sourceType: source.type,
    sourceId: source.label || (sourceId ?? ''),
    line: o.line ?? '',
    name: o.name,
    value: o.value,
    ceiling: o.ceiling,
  };
  await insertRecord(
    trx,
    siteId,
    {
      type: WarningType.standard,
      level: WarningLevel.yellow,
      budgetId: source.budgetId ?? null,
      deptId: source.deptId ?? null,
      budgetYear: budget ? String(budget.budget_year) : String(yearMonthOf(now, zoneOf(siteId)).year),
      sourceType: source.type,
      sourceId,
      value: Number(o.value),
      threshold: Number(o.ceiling),
      text: { key: o.line !== null ? 'warning.standardLine' : 'warning.standard', params },
      extra: { key: o.key },
    },
    now,
  );
}

/** A document's own records (warning words, over standard), newest cause first, in the reader's language. */
export async function documentWarnings(db: Db, siteId: number, type: string, id: number, locale: Locale, title?: SourceTitle) {
  const rows = (
    await sql<Row>`select id, warning_type, warning_level, release_status, extend, content from nk_warning_record
      where top_dept_id = ${siteId} and source_type = ${type} and source_id = ${int4(id)} order by release_status, id desc`.execute(
      db,
    )
  ).rows;
  return rows.map((r) => {
    const extend = (r.extend ?? {}) as { text?: WarningText };
    return {
      id: Number(r.id),
      type: String(r.warning_type),
      level: String(r.warning_level),
      released: r.release_status === ReleaseStatus.released,
      text: renderText(extend.text, locale, title) ?? String(r.content ?? ''),
    };
  });
}

/**
 * Progress lag of a site's year: each leaf indicator with an adjusted amount whose execution rate
 * is below month / 12 minus the tolerance gets a yellow record (type 3); one that caught up is
 * released. Each change runs in its own short transaction holding the indicator's row, so it never
 * races the ledger or another node's scan.
 */
export async function scanProgress(db: Kysely<any>, siteId: number, year: string, now: Date) {
  const tolerance = await toleranceOf(db, siteId);
  const candidates = (
    await sql<Row>`select b.id, b.adjusted_amount, b.used_amount, b.budget_year,
        not exists (select 1 from nk_budget c where c.parent_id = b.id and c.top_dept_id = b.top_dept_id) as leaf
      from nk_budget b where b.top_dept_id = ${siteId} and b.budget_year = ${year}`.execute(db)
  ).rows;
  const lags = new Map(
    (
      await sql<Row>`select distinct on (budget_id) budget_id, id, release_status, released_by,
          coalesce((extend->>'cleared')::boolean, false) as cleared
        from nk_warning_record where top_dept_id = ${siteId} and warning_type = ${WarningType.lag} and budget_year = ${year}
          and budget_id is not null
        order by budget_id, id desc`.execute(db)
    ).rows.map((r) => [Number(r.budget_id), latestOf(r)]),
  );
  const cause = (r: Row | undefined) =>
    Boolean(r?.leaf) &&
    lagOf(String(r!.budget_year), cents(r!.adjusted_amount), cents(r!.used_amount), tolerance, now, zoneOf(siteId)).lagging;
  const byId = new Map(candidates.map((r) => [Number(r.id), r]));
  const ids = [...new Set([...byId.keys(), ...lags.keys()])].filter((id) => decide(lags.get(id), cause(byId.get(id))) !== null);
  let raised = 0;
  let released = 0;
  for (const id of ids) {
    await db.transaction().execute(async (trx) => {
      const b = (
        await sql<Row>`select id, budget_name, budget_year, dept_id, adjusted_amount, used_amount,
            not exists (select 1 from nk_budget c where c.parent_id = nk_budget.id and c.top_dept_id = nk_budget.top_dept_id) as leaf
          from nk_budget where id = ${id} and top_dept_id = ${siteId} for update`.execute(trx)
      ).rows[0];
      const latest = (await latestRecords(trx, siteId, id, [WarningType.lag])).get(WarningType.lag);
      const here = b && String(b.budget_year) === year ? b : undefined;
      const decision = decide(latest, cause(here));
      await apply(
        trx,
        decision,
        latest,
        async () => {
          const lag = lagOf(year, cents(b!.adjusted_amount), cents(b!.used_amount), tolerance, now, zoneOf(siteId));
          await insertRecord(
            trx,
            siteId,
            {
              type: WarningType.lag,
              level: WarningLevel.yellow,
              budgetId: id,
              deptId: b!.dept_id === null ? null : Number(b!.dept_id),
              budgetYear: year,
              sourceType: null,
              sourceId: null,
              value: lag.rate,
              threshold: lag.threshold,
              text: {
                key: 'warning.lag',
                params: {
                  name: String(b!.budget_name),
                  rate: lag.rate.toFixed(2),
                  progress: lag.progress.toFixed(2),
                  tolerance: round2(tolerance * 100).toFixed(2),
                  threshold: lag.threshold.toFixed(2),
                },
              },
            },
            now,
          );
        },
        now,
      );
      if (decision === 'raise') raised++;
      if (decision === 'release') released++;
    });
  }
  return { raised, released };
}

// Every ledger change, in its transaction: rates, and the words of spending notes.
/**
 * Whether a change can raise or end a warning of its indicator. After every change the records agree
 * with the rates, so a change that moves neither utilisation nor execution (a payment, an adjustment's
 * hold or release) has nothing to do, nor has a freeze that leaves utilisation under the line (it only
 * raised it, so no record was active before). The hot path of spending skips the reads then.
 */
export function mayChangeWarnings(kind: string, b: Balances): boolean {
  if (kind === 'pay' || kind === 'adjustFreeze' || kind === 'adjustRelease') return false;
  if (kind !== 'freeze') return true;
  const committed = cents(b.frozen) + cents(b.used);
  return committed > 0n && committed * 100n >= cents(b.adjusted) * BigInt(RATE_THRESHOLD);
}

onBalanceChange(async (trx, siteId, after, kind, source, now) => {
  if (mayChangeWarnings(kind, after)) await evaluateIndicator(trx, siteId, after, source, now);
  if ((kind === 'freeze' || kind === 'consume') && source.note) {
    await checkWarningWords(
      trx,
      siteId,
      source.note,
      { ...source, budgetId: after.id, budgetName: after.budgetName, budgetYear: after.budgetYear },
      now,
    );
  }
});
