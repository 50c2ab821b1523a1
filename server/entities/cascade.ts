// Effects of a document on rows of another entity (issue 14), in the event's transaction:
//
//   { "update": "assetCard", "ref": "items.assetId", "from": { "assetState": ["0"] },
//     "set": { "assetState": "'1'", "deptId": "deptId", "keeperId": "keeperId" },
//     "keep": { "priorState": "assetState" }, "history": "assetState" }
//       each row the document (or each of its lines: `<lines>.<ref field>`) refers to is locked, must
//       be in one of the `from` values, and takes the `set` values — expressions over the document,
//       the line as `line` and the row as it was as `row` (`"'1'"` a literal, `"deptId"` the
//       document's). `keep` writes the row's values before the change to the line (what a refused
//       disposal gives back). The row's history gets a line naming the document.
//   { "copyTo": "assetCard", "lines": "items", "each": "quantity",
//     "fields": { "assetName": "line.assetName", "cost": "line.unitPrice", "entryDate": "orderDate" },
//     "history": "assetState" }
//       a new row of the entity per line (per unit of `each`: one card per computer bought), saved as
//       the entity saves (its number by rule, defaults, dictionaries and references checked).
//   { "copyTo": "assetClean", "into": "items", "from": "items", "where": "result == '3'",
//     "fields": { "cleanKind": "'1'", "cleanDate": "today" }, "lineFields": { "assetId": "line.assetId" } }
//       one new document whose lines (`into`) are this document's lines of `from` that `where` keeps
//       (an inventory's losses become one disposal); none when no line is kept.
//   { "linesFrom": "assetCard", "lines": "items", "where": { "deptId": "scopeDeptId" },
//     "exclude": { "assetState": ["5"] }, "fields": { "assetId": "row.id", "assetName": "row.assetName" } }
//       the document's lines become one per row of the entity on the site whose `where` fields equal
//       the document's (an empty one is no condition; a tree's node takes everything under it), less
//       the rows `exclude` names — an inventory's cards at its start.
//
// Expressions see `today` (the sites' day). A refusal names the row and its state in words
// (资产 ZC-2026-00012 当前状态为“在用”).
import { sql } from 'kysely';
import { defineEffect, type EffectDecl } from './effects.ts';
import type { HookContext } from './hooks.ts';
import type { EntityDef } from './model.ts';
import { docName, documentLines } from './lines.ts';
import { EntityService } from './crud.ts';
import { run } from '../../validators/expression/evaluate.ts';
import { AppError, Code } from '../platform/errors.ts';
import { siteNow } from '../platform/site-time.ts';
import { toColumns, toWire } from './rows.ts';

type Row = Record<string, unknown>;

/** The document's lines of a collection: as the event has them, else as stored. */
const linesOf = (ctx: HookContext, member: string, doc: Row) =>
  documentLines(ctx.trx, ctx.s.schemas.forSite(ctx.site.key).entities, ctx.entity, member, doc);

async function history(ctx: HookContext, target: EntityDef, id: number, event: string, doc: Row, from: unknown, to: unknown) {
  await ctx.trx
    .insertInto('sys_state_history')
    .values({
      top_dept_id: ctx.site.id,
      entity: target.name,
      doc_id: id,
      action: `${ctx.entity.name}.${event}`.slice(0, 40),
      from_state: from === null || from === undefined ? null : String(from),
      to_state: String(to ?? ''),
      user_id: ctx.principal.userId,
      created_at: new Date(ctx.s.clock.now()),
      source_entity: ctx.entity.name,
      source_id: Number(doc.id),
      source_no: docName(ctx.entity, doc).slice(0, 60),
    })
    .execute();
}

/** A dictionary value in the caller's words (the refusal names the state as the list shows it). */
async function wordOf(ctx: HookContext, target: EntityDef, field: string, value: unknown): Promise<string> {
  const dict = target.byName.get(field)?.dict;
  if (!dict) return String(value ?? '');
  const entries = await ctx.s.dictionaries.get(ctx.site.id, ctx.request.locale);
  return entries.get(dict)?.find((d) => d.dictValue === String(value))?.dictLabel ?? String(value ?? '');
}

defineEffect('update', async (ctx, effect, doc, event) => {
  const target = ctx.s.schemas.entity(ctx.site.key, String(effect.update));
  const ref = String(effect.ref);
  const [member, field] = ref.includes('.') ? (ref.split('.') as [string, string]) : [null, ref];
  const lines = member ? await linesOf(ctx, member, doc) : [null];
  const lineEntity = member ? ctx.s.schemas.entity(ctx.site.key, ctx.entity.lines![member]!.entity) : null;
  const from = (effect.from ?? {}) as Record<string, string[]>;
  const set = (effect.set ?? {}) as Record<string, string>;
  const keep = (effect.keep ?? {}) as Record<string, string>;
  const tracked = String(effect.history ?? Object.keys(set)[0] ?? '');
  // Rows in id order, so two documents over the same cards never lock them in opposite orders.
  const targets = lines
    .map((line) => ({ line, id: Number((line ?? doc)[field]) }))
    .filter((t) => Number.isSafeInteger(t.id) && t.id > 0)
    .sort((a, b) => a.id - b.id);
  for (const { line, id } of targets) {
    const raw = (
      await sql<Row>`select * from ${sql.table(target.table)} where id = ${id} and top_dept_id = ${ctx.site.id} for update`.execute(
        ctx.trx,
      )
    ).rows[0];
    if (!raw) throw new AppError(Code.invalid, 'entity.badRef', { field: target.name });
    const row = toWire(target, raw);
    for (const [name, allowed] of Object.entries(from)) {
      if (!allowed.includes(String(row[name] ?? ''))) {
        throw new AppError(Code.conflict, 'cascade.notInState', {
          row: docName(target, row),
          state: await wordOf(ctx, target, name, row[name]),
        });
      }
    }
    const scope = { ...doc, line: line ?? {}, row, today: siteNow(ctx.s.clock.now(), ctx.site.timeZone).day };
    const values: Row = {};
    for (const [name, rule] of Object.entries(set)) values[name] = run(rule, scope) ?? null;
    const columns = Object.fromEntries(
      Object.entries(values).map(([name, v]) => [target.byName.get(name)?.column ?? name, v === '' ? null : v]),
    );
    if (target.has.version) columns.version = sql`version + 1`;
    await ctx.trx.updateTable(target.table).set(columns).where('id', '=', id).execute();
    if (line && lineEntity && Object.keys(keep).length) {
      const kept = Object.fromEntries(
        Object.entries(keep).map(([ours, theirs]) => [lineEntity.byName.get(ours)?.column ?? ours, row[theirs] ?? null]),
      );
      await ctx.trx.updateTable(lineEntity.table).set(kept).where('id', '=', Number(line.id)).execute();
    }
    await history(ctx, target, id, event, doc, row[tracked], tracked in values ? values[tracked] : row[tracked]);
  }
});

defineEffect('copyTo', async (ctx, effect: EffectDecl, doc, event) => {
  const target = ctx.s.schemas.entity(ctx.site.key, String(effect.copyTo));
  const member = effect.lines && !effect.into ? String(effect.lines) : null;
  const lines = member ? await linesOf(ctx, member, doc) : [null];
  const fields = (effect.fields ?? {}) as Record<string, string>;
  const tracked = effect.history ? String(effect.history) : null;
  const svc = await new EntityService(ctx.s, target, ctx.request).prepare();
  const today = siteNow(ctx.s.clock.now(), ctx.site.timeZone).day;
  if (effect.into) {
    // One document made of some of this one's lines.
    const source = await linesOf(ctx, String(effect.from ?? effect.lines), doc);
    const kept = effect.where ? source.filter((l) => Boolean(run(String(effect.where), { ...l, doc }))) : source;
    if (!kept.length) return;
    const row: Row = {};
    for (const [name, rule] of Object.entries(fields)) row[name] = run(rule, { ...doc, today }) ?? null;
    row[String(effect.into)] = kept.map((line) =>
      Object.fromEntries(
        Object.entries((effect.lineFields ?? {}) as Record<string, string>).map(([name, rule]) => [
          name,
          run(rule, { ...doc, line, today }) ?? null,
        ]),
      ),
    );
    const made = await svc.insert(ctx.trx, row);
    // A draft made for the source document's owner (the disposal of what their count lost) is
    // theirs — their name and department — not of whoever's decision made it: else that approver
    // would be its applicant (and kept from deciding it), and it would sit in their department.
    const owner = Number(doc.createdBy);
    const sourceDept = ctx.entity.dataScope?.dept ? doc[ctx.entity.dataScope.dept] : undefined;
    const deptField = target.dataScope?.dept ? target.byName.get(target.dataScope.dept) : undefined;
    const set: Row = {};
    if (target.byName.has('createdBy') && Number.isSafeInteger(owner) && owner > 0) set.created_by = owner;
    if (deptField?.readOnly && sourceDept !== undefined && sourceDept !== null) set[deptField.column] = sourceDept;
    if (Object.keys(set).length) await ctx.trx.updateTable(target.table).set(set).where('id', '=', Number(made.id)).execute();
    return;
  }
  for (const line of lines) {
    const units = effect.each ? Math.max(0, Math.floor(Number((line ?? doc)[String(effect.each)]) || 0)) : 1;
    for (let unit = 1; unit <= units; unit++) {
      const scope = { ...doc, line: line ?? {}, unit, today };
      const row: Row = {};
      for (const [name, rule] of Object.entries(fields)) row[name] = run(rule, scope) ?? null;
      const made = toWire(target, await svc.insert(ctx.trx, row));
      await history(ctx, target, Number(made.id), event, doc, null, tracked ? made[tracked] : '');
    }
  }
});

/** Ids of a tree's node and every node under it. */
const subtree = (table: string, parent: string, id: number) =>
  sql`(with recursive sub as (select id from ${sql.table(table)} where id = ${id}
    union all select t.id from ${sql.table(table)} t join sub on t.${sql.ref(parent)} = sub.id) select id from sub)`;

defineEffect('linesFrom', async (ctx, effect, doc) => {
  const source = ctx.s.schemas.entity(ctx.site.key, String(effect.linesFrom));
  const member = String(effect.lines);
  const decl = ctx.entity.lines?.[member];
  if (!decl) throw new Error(`${ctx.entity.name}: linesFrom names no lines ${member}`);
  const line = ctx.s.schemas.entity(ctx.site.key, decl.entity);
  const entities = ctx.s.schemas.forSite(ctx.site.key).entities;
  const where = [sql`t.top_dept_id = ${ctx.site.id}`];
  for (const [theirs, ours] of Object.entries((effect.where ?? {}) as Record<string, string>)) {
    const value = doc[ours];
    if (value === null || value === undefined || value === '') continue;
    const f = source.byName.get(theirs)!;
    const target = f.type === 'ref' && f.ref ? entities.get(f.ref) : undefined;
    const parent = target?.tree ? target.byName.get(target.tree)?.column : undefined;
    where.push(
      target && parent
        ? sql`t.${sql.ref(f.column)} in ${subtree(target.table, parent, Number(value))}`
        : sql`t.${sql.ref(f.column)} = ${value}`,
    );
  }
  for (const [theirs, values] of Object.entries((effect.exclude ?? {}) as Record<string, string[]>))
    where.push(sql`coalesce(t.${sql.ref(source.byName.get(theirs)!.column)}::text, '') not in (${sql.join(values)})`);
  const rows = (
    await sql<Row>`select t.* from ${sql.table(source.table)} t where ${sql.join(where, sql` and `)} order by t.id`.execute(
      ctx.trx,
    )
  ).rows.map((r) => toWire(source, r));
  await ctx.trx.deleteFrom(line.table).where('doc_id', '=', Number(doc.id)).execute();
  // Every field written as the effect says, read-only ones (a count's result) too.
  const writable = { ...line, fields: line.fields.map((f) => ({ ...f, readOnly: false })) };
  const fields = (effect.fields ?? {}) as Record<string, string>;
  const made = rows.map((row, i) => {
    const values: Row = {};
    for (const [name, rule] of Object.entries(fields)) values[name] = run(rule, { ...doc, row }) ?? null;
    for (const f of line.fields)
      if (f.default !== undefined && (values[f.name] === undefined || values[f.name] === null)) values[f.name] = f.default;
    return {
      ...toColumns(writable, values),
      doc_id: Number(doc.id),
      line_no: i + 1,
      ...(line.site ? { top_dept_id: ctx.site.id } : {}),
    };
  });
  for (let i = 0; i < made.length; i += 500)
    await ctx.trx
      .insertInto(line.table)
      .values(made.slice(i, i + 500))
      .execute();
});
