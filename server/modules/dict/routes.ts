// Dictionary reads every screen uses (spec section 7 dictData: getDict/{type}, getDictByTypes,
// type). Labels arrive in the caller's language with all four in `i18n`. Cached per site.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app.ts';
import { Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import type { I18nText } from '../../platform/db/types.ts';
import type { Locale } from '../../../validators/locale.ts';

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

const TYPE = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_]+$' } as const;

function dictionaries(s: Services, siteId: number, locale: Locale): Promise<Map<string, DictEntry[]>> {
  return s.cache.get(siteId, `dict:${locale}`, async () => {
    const rows = await s.database.db
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

export default function dictRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { type: string } }>(
    '/core/dictData/getDict/:type',
    { config: { permission: 'login' }, schema: { params: { type: 'object', properties: { type: TYPE } } } },
    async (request) => {
      const { site } = caller(request);
      const all = await dictionaries(s, site.id, request.locale);
      return { code: Code.ok, data: all.get(request.params.type) ?? [], msg: t('ok', request.locale) };
    },
  );

  app.get<{ Querystring: { dictType: string } }>(
    '/core/dictData/type',
    {
      config: { permission: 'login' },
      schema: { querystring: { type: 'object', required: ['dictType'], properties: { dictType: TYPE } } },
    },
    async (request) => {
      const { site } = caller(request);
      const all = await dictionaries(s, site.id, request.locale);
      return { code: Code.ok, data: all.get(request.query.dictType) ?? [], msg: t('ok', request.locale) };
    },
  );

  app.get<{ Querystring: { dictTypes: string } }>(
    '/core/dictData/getDictByTypes',
    {
      config: { permission: 'login' },
      schema: {
        querystring: {
          type: 'object',
          required: ['dictTypes'],
          properties: { dictTypes: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_,]+$' } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const all = await dictionaries(s, site.id, request.locale);
      const data: Record<string, DictEntry[]> = {};
      for (const type of request.query.dictTypes.split(',').filter(Boolean).slice(0, 50)) data[type] = all.get(type) ?? [];
      return { code: Code.ok, data, msg: t('ok', request.locale) };
    },
  );
}
