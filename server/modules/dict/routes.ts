// Dictionary reads every screen uses (spec section 7 dictData: getDict/{type}, getDictByTypes,
// type). Labels arrive in the caller's language with all four in `i18n`. Cached per site.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import type { DictEntry } from '../../platform/dictionaries.ts';

const TYPE = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_]+$' } as const;

export default function dictRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { type: string } }>(
    '/core/dictData/getDict/:type',
    { config: { permission: 'login' }, schema: { params: { type: 'object', properties: { type: TYPE } } } },
    async (request) => {
      const { site } = caller(request);
      const all = await s.dictionaries.get(site.id, request.locale);
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
      const all = await s.dictionaries.get(site.id, request.locale);
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
      const all = await s.dictionaries.get(site.id, request.locale);
      const data: Record<string, DictEntry[]> = {};
      for (const type of request.query.dictTypes.split(',').filter(Boolean).slice(0, 50)) data[type] = all.get(type) ?? [];
      return { code: Code.ok, data, msg: t('ok', request.locale) };
    },
  );
}
