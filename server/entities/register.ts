// Registers other entities choose from (issue 33: the supplier register), and what a choice brings.
//
// - `offer` on the register's entity: { "where": { "status": ["0"] }, "message": …, "missing": … } —
//   the rows that may be chosen. The pick endpoint (`GET <api>/pick`) offers only them (asked by id,
//   for the label of a row a document already names, it answers whatever row of the site that is);
//   a save, update, import or state action that sends a reference to another row is refused in
//   the register's words ({name} the row, {field} the reference), and so is an id that is no row of
//   the site's register — missing or another site's, told apart by nobody.
// - `snapshot` on a reference: { "counterparty": "name", "counterpartyBank": "bank", … } — at each
//   write that sends the reference, these fields of the row take the chosen row's values, whatever
//   the body typed: what the document was made with stays on it (a signed contract keeps the bank
//   account it was signed with when the register's is edited later). A write without the reference
//   keeps what is stored.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Services } from '../platform/services.ts';
import { AppError, Code } from '../platform/errors.ts';
import { format, type Locale } from '../../validators/locale.ts';
import type { EntityDef, FieldDef } from './model.ts';
import type { Condition } from './query.ts';
import { toWire, type Row } from './rows.ts';

/** The pick endpoint's conditions: rows in the offered states only. */
export function offerConditions(entity: EntityDef): Condition[] {
  return Object.entries(entity.offer?.where ?? {}).flatMap(([name, values]) => {
    const f = entity.byName.get(name);
    return f ? [sql<SqlBool>`t.${sql.ref(f.column)} in (${sql.join(values)})`] : [];
  });
}

interface ChoiceContext {
  s: Services;
  locale: Locale;
  siteId: number;
  fieldLabel: string;
}

const words = (s: Services, key: string, locale: Locale) => s.schemas.texts[key]?.[locale] ?? key;

/** The refusal of an id that is no row of the site's register, in the register's words (else null: the generic one). */
export function notInRegister(c: ChoiceContext, target: EntityDef): AppError | null {
  if (!target.offer?.missing) return null;
  return new AppError(Code.invalid, 'document.check', {
    detail: format(words(c.s, target.offer.missing, c.locale), { field: c.fieldLabel }),
  });
}

/**
 * The row `id` of the register `target` that the reference `f` of `row` chooses: refused outside the
 * register's offer; its values copied into the row's snapshot fields.
 */
export async function choose(db: Kysely<any>, c: ChoiceContext, f: FieldDef, target: EntityDef, id: number, row: Row) {
  if (!target.offer && !f.snapshot) return;
  const found = (
    await sql<Row>`select t.* from ${sql.table(target.table)} t where t.id = ${id}
      ${target.site ? sql`and t.top_dept_id = ${c.siteId}` : sql``}`.execute(db)
  ).rows[0];
  if (!found) throw notInRegister(c, target) ?? new AppError(Code.invalid, 'entity.badRef', { field: c.fieldLabel });
  const chosen = toWire(target, found);
  for (const [name, values] of Object.entries(target.offer?.where ?? {})) {
    if (values.includes(String(chosen[name] ?? ''))) continue;
    const display = target.display ? chosen[target.display] : null;
    throw new AppError(Code.invalid, 'document.check', {
      detail: format(words(c.s, target.offer!.message, c.locale), { name: String(display ?? `#${id}`), field: c.fieldLabel }),
    });
  }
  for (const [ours, theirs] of Object.entries(f.snapshot ?? {})) row[ours] = chosen[theirs] ?? null;
}
