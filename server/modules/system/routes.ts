// System endpoints beside the generic ones: a setting's value by key (spec section 7 config).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { configReads } from './configs.ts';
import { isSecretSetting } from './secrets.ts';
import { guardTrees } from './trees.ts';

export default function systemRoutes(app: FastifyInstance, s: Services) {
  // No tree entity takes a parent below the row itself (the modules' own rules run first).
  guardTrees(s);
  // The settings list, form and export in the caller's language.
  configReads(app, s);

  // Any signed-in user reads settings by key (forms switch on them); null when the site has none,
  // and for a secret setting always: nobody reads a secret back (./secrets.ts).
  app.get<{ Params: { key: string } }>(
    '/core/config/getConfigValueByKey/:key',
    {
      config: { permission: 'login' },
      schema: {
        params: {
          type: 'object',
          properties: { key: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      if (isSecretSetting(request.params.key)) return { code: Code.ok, data: null, msg: t('ok', request.locale) };
      const value = await s.siteConfig.value(site.id, request.params.key);
      return { code: Code.ok, data: value ?? null, msg: t('ok', request.locale) };
    },
  );
}
