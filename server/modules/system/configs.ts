// The settings screen in the caller's language. A setting of the release (schemas/system/configs.json)
// keeps the name and remark it was seeded with (zh-CN; remarks of older releases in English) until
// an administrator writes their own: while the stored text is one of the release's four, the screen,
// the form and the export show the caller's. A site's own words are shown as they are.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import type { Locale, Localized } from '../../../validators/locale.ts';
import { EntityService } from '../../entities/crud.ts';
import { exportRows } from '../../entities/excel.ts';
import { permissionOf } from '../../entities/model.ts';
import type { Row } from '../../entities/rows.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { loadConfigs } from '../../seed/manifests.ts';
import { shownValue } from './secrets.ts';

let release: Map<string, { name: Localized; remark?: Localized }> | null = null;

function releaseTexts() {
  // configs.json never sound since the start (issue 35): no release texts, asked again next time.
  const manifest = release ? null : loadConfigs();
  if (manifest) release = new Map(manifest.configs.map((c) => [c.key, { name: c.name, remark: c.remark }]));
  return release ?? new Map<string, { name: Localized; remark?: Localized }>();
}

function inLanguage(stored: unknown, texts: Localized | undefined, locale: Locale): unknown {
  if (!texts || typeof stored !== 'string') return stored;
  return Object.values(texts).includes(stored) ? texts[locale] : stored;
}

/** A setting's row (wire names) with the release's name and remark in the caller's language, secrets masked. */
export function localizeConfig(row: Row, locale: Locale): Row {
  const key = String(row.configKey);
  const shown = { ...row, configValue: shownValue(key, row.configValue) };
  const seeded = releaseTexts().get(key);
  if (!seeded) return shown;
  return {
    ...shown,
    configName: inLanguage(row.configName, seeded.name, locale),
    remark: inLanguage(row.remark, seeded.remark, locale),
  };
}

class ConfigService extends EntityService {
  private readonly locale: Locale;

  constructor(s: Services, request: FastifyRequest) {
    super(s, s.schemas.entity(caller(request).site.key, 'config'), request);
    this.locale = request.locale;
  }

  override wire(row: Row): Row {
    return localizeConfig(super.wire(row), this.locale);
  }
}

/** The config entity's reads and the answers of its writes, ahead of the generic ones. */
export function configReads(app: FastifyInstance, s: Services) {
  const base = s.schemas.baseEntities().find((e) => e.name === 'config');
  if (!base) return;
  type Query = Record<string, unknown>;
  const service = (request: FastifyRequest) => new ConfigService(s, request);
  app.get(`${base.api}/page`, { config: { permission: permissionOf(base, 'list') } }, async (request) =>
    ok(request, await service(request).page(request.query as Query)),
  );
  app.get(`${base.api}/list`, { config: { permission: permissionOf(base, 'list') } }, async (request) =>
    ok(request, await service(request).list(request.query as Query)),
  );
  app.get<{ Params: { id: string } }>(
    `${base.api}/infoById/:id`,
    { config: { permission: permissionOf(base, 'query') } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = service(request);
      return ok(request, svc.wire(await svc.find(id)));
    },
  );
  for (const [verb, action, logAs] of [
    ['save', 'add', 'add'],
    ['update', 'edit', 'edit'],
  ] as const) {
    app.post(
      `${base.api}/${verb}`,
      { config: { permission: permissionOf(base, action), log: { module: base.name, action: logAs } } },
      async (request) => {
        // save and update answer the row through wire(): names in the caller's language, secrets masked.
        return ok(request, await service(request)[verb](request.body));
      },
    );
  }
  app.get(
    `${base.api}/export`,
    { config: { permission: permissionOf(base, 'export'), log: { module: base.name, action: 'export' } } },
    (request, reply) => exportRows(s, service(request), request, reply),
  );
}
