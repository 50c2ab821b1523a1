// Time ranges that must not overlap per resource (issue 18), declared in an entity file:
//
//   "noOverlap": [{ "resource": "venueId", "from": "startTime", "to": "endTime",
//                   "activeIn": { "approvalStatus": ["1", "2"] }, "message": "venueBooking.overlap" }]
//
// Every write of a row — save, update, a state action, an approval event — calls assertNoOverlap
// in its transaction once the row is written. A row that is then active (each `activeIn` field has
// one of its values) and has a resource may not overlap another active row of the site with the same
// resource: other.from < this.to and this.from < other.to (back-to-back is fine). Before the check
// the writer takes a transaction lock per (site, entity, rule, resource), so writers of one resource
// queue: the second sees the first's committed row (each statement of READ COMMITTED reads anew).
import { sql, type Kysely, type Transaction } from 'kysely';
import { wallText, zoneOf } from '../platform/site-time.ts';
import type { Locale } from '../../validators/locale.ts';
import { format } from '../../validators/locale.ts';
import { AppError, Code } from '../platform/errors.ts';
import type { EntityDef, OverlapRule } from './model.ts';
import { defineEffect } from './effects.ts';

type Row = Record<string, unknown>;
type Texts = Record<string, Record<string, string>>;

export interface OverlapContext {
  trx: Transaction<any> | Kysely<any>;
  siteId: number;
  locale: Locale;
  texts: Texts;
  /** The site's entities (the resource's label is its referred row's display field). */
  entities: ReadonlyMap<string, EntityDef>;
}

/** A moment as people of the site read it, on its clock: 2026-11-26 09:30. */
export function momentText(value: unknown, siteId: number): string {
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value ?? '');
  return wallText(d, zoneOf(siteId));
}

const time = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

function column(entity: EntityDef, name: string): string {
  return entity.byName.get(name)?.column ?? name;
}

/** Whether the stored row counts: every `activeIn` field holds one of its values. */
function isActive(entity: EntityDef, rule: OverlapRule, row: Row): boolean {
  return Object.entries(rule.activeIn ?? {}).every(([name, values]) => values.includes(String(row[column(entity, name)] ?? '')));
}

/**
 * Refuses (an AppError, so the caller's transaction rolls back) when one of the rows, as now stored,
 * breaks a `noOverlap` rule of its entity: an end not after its start, or an overlap with another
 * active row of the same resource. `ids` are rows of `entity` the caller just wrote.
 */
export async function assertNoOverlap(ctx: OverlapContext, entity: EntityDef, ids: number[]): Promise<void> {
  const rules = entity.noOverlap;
  if (!rules?.length || !ids.length) return;
  const db = ctx.trx as Kysely<any>;
  for (const id of ids) {
    const row = (await sql<Row>`select * from ${sql.table(entity.table)} where id = ${id}`.execute(db)).rows[0];
    if (!row) continue;
    for (const [index, rule] of rules.entries()) await checkRule(ctx, entity, rule, index, row);
  }
}

async function checkRule(ctx: OverlapContext, entity: EntityDef, rule: OverlapRule, index: number, row: Row) {
  const db = ctx.trx as Kysely<any>;
  const fromCol = column(entity, rule.from);
  const toCol = column(entity, rule.to);
  const resourceCol = column(entity, rule.resource);
  const from = row[fromCol];
  const to = row[toCol];
  const label = (name: string) => {
    const f = entity.byName.get(name);
    return (f && ctx.texts[f.title]?.[ctx.locale]) ?? name;
  };
  if (from != null && to != null && !(time(to) > time(from)))
    throw new AppError(Code.invalid, 'overlap.badRange', { from: label(rule.from), to: label(rule.to) });
  const resource = row[resourceCol];
  if (resource == null || resource === '' || from == null || to == null || !isActive(entity, rule, row)) return;
  // Writers of the same resource queue here until the first commits or rolls back.
  const key = `noOverlap:${ctx.siteId}:${entity.name}:${index}:${String(resource)}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))::text as locked`.execute(db);
  const active = Object.entries(rule.activeIn ?? {}).map(
    ([name, values]) => sql`and t.${sql.ref(column(entity, name))} in (${sql.join(values)})`,
  );
  const display = entity.display ? entity.byName.get(entity.display) : undefined;
  const other = (
    await sql<Row>`select t.id, t.${sql.ref(fromCol)} as "from", t.${sql.ref(toCol)} as "to"
        ${display ? sql`, t.${sql.ref(display.column)} as doc` : sql``}
      from ${sql.table(entity.table)} t
      where t.${sql.ref(resourceCol)} = ${resource} and t.id <> ${row.id}
        ${entity.site ? sql`and t.top_dept_id = ${ctx.siteId}` : sql``}
        and t.${sql.ref(fromCol)} < ${to} and ${from} < t.${sql.ref(toCol)}
        ${sql.join(active, sql` `)}
      order by t.${sql.ref(fromCol)} limit 1`.execute(db)
  ).rows[0];
  if (!other) return;
  const fromText = momentText(other.from, ctx.siteId);
  const toText = momentText(other.to, ctx.siteId);
  // The second moment on the same day shows its time only: 2026-11-26 09:00–11:00.
  const range = fromText.slice(0, 10) === toText.slice(0, 10) ? `${fromText}–${toText.slice(11)}` : `${fromText} – ${toText}`;
  const template = ctx.texts[rule.message]?.[ctx.locale] ?? rule.message;
  const detail = format(template, {
    doc: String(other.doc ?? `#${String(other.id)}`),
    from: fromText,
    to: toText,
    range,
    resource: await resourceName(ctx, entity, rule, resource),
  });
  throw new AppError(Code.conflict, 'document.check', { detail });
}

/** The resource as people know it: the referred row's display field, else the value itself. */
async function resourceName(ctx: OverlapContext, entity: EntityDef, rule: OverlapRule, value: unknown): Promise<string> {
  const f = entity.byName.get(rule.resource);
  const target = f?.type === 'ref' && f.ref ? ctx.entities.get(f.ref) : undefined;
  const display = target?.display ? target.byName.get(target.display) : undefined;
  if (!target || !display) return String(value);
  const found = (
    await sql<Row>`select ${sql.ref(display.column)} as name from ${sql.table(target.table)} where id = ${value}`.execute(
      ctx.trx as Kysely<any>,
    )
  ).rows[0];
  return String(found?.name ?? value);
}

/**
 * An effect that refuses the event once the document's time has come: { "notStarted": "startTime",
 * "message": "venueBooking.started" } on a cancel takes back only a booking that has not begun.
 */
defineEffect('notStarted', async (ctx, effect, doc) => {
  const value = doc[String(effect.notStarted)];
  if (value == null || time(value) > ctx.s.clock.now()) return;
  const key = String(effect.message ?? '');
  throw new AppError(Code.conflict, 'document.check', { detail: ctx.s.schemas.texts[key]?.[ctx.request.locale] ?? key });
});
