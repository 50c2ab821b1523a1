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

export class Dictionaries {
  constructor(
    private readonly database: Database,
    private readonly cache: SiteCache,
  ) {}

  get(siteId: number, locale: Locale): Promise<Map<string, DictEntry[]>> {
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
