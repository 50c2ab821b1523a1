// A reference that must fit (`refPrefix` on a ref field): the referred row's named fields begin
// with one of the prefixes — a purchase is charged to an indicator of economic class 302 (goods and
// services) or 310 (capital), never to 301 (salaries). The pickers offer only such rows (the
// `<field>Prefix` filter of ./query.ts); a save naming another is refused here, and so is a freeze
// of a document saved before the rule (server/modules/budget/effects.ts).
import { sql, type Kysely } from 'kysely';
import type { Services } from '../platform/services.ts';
import type { DictEntry } from '../platform/dictionaries.ts';
import { AppError, Code } from '../platform/errors.ts';
import { listSeparator, type Locale } from '../../validators/locale.ts';
import type { EntityDef, FieldDef } from './model.ts';

export interface FitContext {
  s: Services;
  siteKey: string;
  locale: Locale;
  dicts: Map<string, DictEntry[]>;
}

/** Whether a value fits one of the prefixes; an empty value (an indicator with no class recorded) is not held to them. */
export function fitsPrefixes(value: unknown, prefixes: readonly string[]): boolean {
  const v = value === null || value === undefined ? '' : String(value);
  return v === '' || prefixes.some((p) => v.startsWith(p));
}

/**
 * Refuses the row `id` of `f`'s entity when it does not fit `f.refPrefix`, naming the document kind,
 * the row, its value in words and the prefixes allowed in words (`refPrefix.<field>.<prefix>` texts,
 * such as "302 商品和服务支出", else the dictionary's word for a whole value).
 */
export async function assertRefFits(db: Kysely<any>, c: FitContext, entity: EntityDef, f: FieldDef, id: number) {
  if (!f.refPrefix || !f.ref || !Number.isSafeInteger(id) || id < 1) return;
  const target = c.s.schemas.forSite(c.siteKey).entities.get(f.ref);
  if (!target) return;
  const row = (await sql<Record<string, unknown>>`select * from ${sql.table(target.table)} where id = ${id}`.execute(db)).rows[0];
  if (!row) return;
  const texts = c.s.schemas.texts;
  const word = (key: string, fallback: string) => texts[key]?.[c.locale] ?? fallback;
  // Inside a sentence a title reads in lower case where the language writes it so ("a purchase application").
  const inSentence = (w: string) => (c.locale.startsWith('zh') ? w : w.charAt(0).toLowerCase() + w.slice(1));
  for (const [name, prefixes] of Object.entries(f.refPrefix)) {
    const theirs = target.byName.get(name);
    if (!theirs) continue;
    const value = row[theirs.column];
    if (fitsPrefixes(value, prefixes)) continue;
    const inWords = (v: string) =>
      theirs.dict ? c.dicts.get(theirs.dict)?.find((d) => d.dictValue === v)?.dictLabel : undefined;
    const valueWords = inWords(String(value)) ?? String(value);
    const display = target.display ? target.byName.get(target.display) : undefined;
    throw new AppError(Code.invalid, 'entity.refPrefix', {
      doc: inSentence(word(entity.title, entity.name)),
      field: word(f.title, f.name),
      name: String((display && row[display.column]) ?? id),
      refField: inSentence(word(theirs.title, theirs.name)),
      value: valueWords,
      allowed: prefixes.map((p) => word(`refPrefix.${name}.${p}`, inWords(p) ?? p)).join(listSeparator(c.locale)),
    });
  }
}
