// File storage (RuoYi-Vue-Pro's file configs): the configurations themselves are the `oss` entity
// (schemas/storage/oss.entity.json: page, infoById, save, update, remove through the generic
// endpoints); this module adds the site's master configuration as one screen sees it —
// GET /core/oss/config and POST /core/oss/saveConfig. The secret key is never sent back:
// `secretKeySet` says whether one is stored.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { ossConfigRow } from './storage.ts';
import './hooks.ts';

type Row = Record<string, unknown>;

/** A unique index said no: here only the one-master index, when two saves race. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export default function ossRoutes(app: FastifyInstance, s: Services) {
  const service = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, 'oss'), request);

  /** The master configuration as the browser may see it, or the local-disk default. */
  const current = async (request: FastifyRequest): Promise<Row> => {
    const { site } = caller(request);
    const row = await ossConfigRow(s.database.db, site.id);
    if (!row) {
      return {
        id: null,
        name: t('oss.defaultName', request.locale),
        storage: 'local',
        endpoint: null,
        region: null,
        bucket: null,
        accessKey: null,
        pathStyle: true,
        publicUrl: null,
        master: true,
        remark: null,
        version: null,
        secretKeySet: false,
      };
    }
    const svc = service(request);
    return { ...svc.wire(await svc.find(row.id)), secretKeySet: Boolean(row.secret_key) };
  };

  app.get('/core/oss/config', { config: { permission: 'system:oss:list' } }, async (request) => ({
    code: Code.ok,
    data: await current(request),
    msg: t('ok', request.locale),
  }));

  // Creates the master configuration, or updates it: the same validation, hooks, versioning and
  // operation log as the generic save / update. An id in the body is ignored (always the master);
  // a version, when sent, must be the stored one. `master: false` steps the master down: uploads go
  // to the local disk again (the answer is then the local-disk default), the configuration stays.
  app.post(
    '/core/oss/saveConfig',
    {
      config: { permission: 'system:oss:edit', log: { module: 'oss', action: 'edit' } },
      schema: { body: { type: 'object' } },
    },
    async (request) => {
      const { site } = caller(request);
      const { id: _id, secretKeySet: _set, version, master: wanted, ...body } = (request.body ?? {}) as Row;
      const master = await ossConfigRow(s.database.db, site.id);
      const svc = service(request);
      // Absent means the master; anything but a boolean is refused by the entity's validation.
      const asMaster = wanted === undefined || wanted === null ? true : wanted;
      try {
        if (master) await svc.update({ ...body, id: master.id, version: version ?? master.version, master: asMaster });
        else await svc.save({ name: t('oss.defaultName', request.locale), ...body, master: asMaster });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Code.conflict, 'record.stale');
        throw err;
      }
      return { code: Code.ok, data: await current(request), msg: t('ok', request.locale) };
    },
  );
}
