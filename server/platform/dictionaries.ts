// A site's dictionaries (sys_dict_data) in one language, cached per site: every screen reads them
// and the generic entity checks dict fields against them.
import type { Locale } from '../../validators/locale.ts';
import type { SiteCache } from './cache.ts';
import type { Database } from './db/database.ts';
import type { I18nText } from './db/types.ts';

export interface DictEntry {
  dictType: string;
  dictValue: string;
  dictLabel: string;
  dictSort: number;
  cssClass: string;
  listClass: string;
  isDefault: string;
  i18n: I18nText;
}

/** The dictionary of the site's document types, drawn from the entity files (issue 36). */
export const ENTITY_DICT = 'sys_entity';

/** What the schema registry offers the dictionaries: each entity's name and title in four languages. */
export type EntityWords = () => Array<{ name: string; i18n: I18nText }>;

/**
 * The `sys_entity` dictionary: one entry per document type, its value the entity's name and its
 * label the entity's title in the reader's language — a field of `"dict": "sys_entity"` shows
 * 耗材领用 / Consumable request where the data holds `consumableApply` (column, filter, export).
 */
export function entityDictionary(words: EntityWords, locale: Locale): DictEntry[] {
  return words().map((w, i) => ({
    dictType: ENTITY_DICT,
    dictValue: w.name,
    dictLabel: w.i18n[locale] || w.name,
    dictSort: i,
    cssClass: '',
    listClass: '',
    isDefault: 'N',
    i18n: w.i18n,
  }));
}

export class Dictionaries {
  constructor(
    private readonly database: Database,
    private readonly cache: SiteCache,
    private readonly entityWords: EntityWords = () => [],
  ) {}

  async get(siteId: number, locale: Locale): Promise<Map<string, DictEntry[]>> {
    const stored = await this.stored(siteId, locale);
    if (stored.has(ENTITY_DICT)) return stored;
    const all = new Map(stored);
    all.set(ENTITY_DICT, entityDictionary(this.entityWords, locale));
    return all;
  }

  private stored(siteId: number, locale: Locale): Promise<Map<string, DictEntry[]>> {
    return this.cache.get(siteId, `dict:${locale}`, async () => {
      const rows = await this.database.db
        .selectFrom('sys_dict_data')
        .selectAll()
        .where('top_dept_id', '=', siteId)
        .where('status', '=', '0')
        .orderBy('dict_type')
        .orderBy('dict_sort')
        .orderBy('id')
        .execute();
      const byType = new Map<string, DictEntry[]>();
      for (const r of rows) {
        const i18n = (r.i18n ?? {}) as I18nText;
        const list = byType.get(r.dict_type) ?? [];
        list.push({
          dictType: r.dict_type,
          dictValue: r.dict_value,
          dictLabel: i18n[locale] || r.dict_label,
          dictSort: r.dict_sort,
          cssClass: r.css_class ?? '',
          listClass: r.list_class ?? '',
          isDefault: r.is_default,
          i18n,
        });
        byType.set(r.dict_type, list);
      }
      return byType;
    });
  }
}
