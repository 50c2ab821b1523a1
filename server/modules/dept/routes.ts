// Sites and their base info (spec section 7 dept: topDeptKey, infoByTopDeptKey), and the
// department list every picker reads. Department administration comes with the system screens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EntityService } from '../../entities/crud.ts';
import './hooks.ts';
import type { Services } from '../../platform/services.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import type { DeptBaseExtend } from '../../platform/db/types.ts';
import { ok } from '../../platform/answer.ts';

export default function deptRoutes(app: FastifyInstance, s: Services) {
  // Public: the browser asks which site its own address belongs to before anyone signs in.
  app.get<{ Querystring: { hostname: string } }>(
    '/core/dept/topDeptKey',
    {
      config: { permission: 'public', site: false },
      schema: {
        querystring: {
          type: 'object',
          required: ['hostname'],
          properties: { hostname: { type: 'string', minLength: 1, maxLength: 253 } },
        },
      },
    },
    async (request) => {
      const key = s.sites.keyForHost(request.query.hostname);
      if (!s.sites.get(key)) throw new AppError(Code.unknownSite, 'site.unknown', { key: key.slice(0, 64) });
      return { code: Code.ok, data: key, msg: t('ok', request.locale) };
    },
  );

  // Public: the login page shows the site's titles and logos.
  app.get<{ Params: { key: string } }>(
    '/core/dept/infoByTopDeptKey/:key',
    {
      config: { permission: 'public', site: false },
      schema: { params: { type: 'object', properties: { key: { type: 'string', minLength: 1, maxLength: 64 } } } },
    },
    async (request, reply) => {
      const site = s.sites.get(request.params.key);
      if (!site) throw new AppError(Code.unknownSite, 'site.unknown', { key: request.params.key.slice(0, 64) });
      const body = await s.cache.get(site.id, `deptBase:${request.locale}`, async () => {
        const base = await s.database.db
          .selectFrom('sys_dept_base')
          .selectAll()
          .where('top_dept_id', '=', site.id)
          .executeTakeFirst();
        const extend = (base?.extend ?? {}) as DeptBaseExtend;
        const info = {
          topDeptId: site.id,
          topDeptKey: site.key,
          icon: base?.icon ?? '',
          loginTitle: base?.login_title ?? site.name,
          loginLogo: base?.login_logo ?? '',
          navTitle: base?.nav_title ?? site.name,
          navLogo: base?.nav_logo ?? '',
          label: base?.label ?? site.name,
          extend: {
            topDeptName: extend.topDeptName ?? site.name,
            otherSystemList: extend.otherSystemList ?? [],
            navLogoStr: extend.navLogoStr ?? '',
            disable: extend.disable ?? false,
          },
          config: await s.siteConfig.publicValues(site.id),
        };
        return cachedEnvelope(info, request.locale);
      });
      return sendCached(request, reply, body);
    },
  );

  const depts = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, 'dept'), request);

  // The whole tree of the site: every picker reads it, so any signed-in user may.
  app.get('/core/dept/list', { config: { permission: 'login' } }, async (request) =>
    ok(request, await depts(request).list(request.query as Record<string, unknown>, 5000)),
  );

  // Departments as paged options (id, name) for long pickers.
  app.get('/core/dept/pageOfOption', { config: { permission: 'login' } }, async (request) => {
    const page = await depts(request).page(request.query as Record<string, unknown>);
    return ok(request, {
      ...page,
      records: page.records.map((r) => ({
        id: r.id,
        deptName: r.deptName,
        parentId: r.parentId,
        value: r.id,
        label: r.deptName,
      })),
    });
  });

  // The custom departments of a role's data scope.
  app.get<{ Params: { id: string } }>('/core/dept/role/:id', { config: { permission: 'system:role:query' } }, async (request) => {
    const { site } = caller(request);
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
    const role = await s.database.db
      .selectFrom('sys_role')
      .select(['id', 'data_scope'])
      .where('id', '=', id)
      .where('top_dept_id', '=', site.id)
      .executeTakeFirst();
    if (!role) throw new AppError(Code.notFound, 'record.notFound');
    const rows = await s.database.db
      .selectFrom('sys_role_dept')
      .select('dept_id')
      .where('role_id', '=', id)
      .orderBy('dept_id')
      .execute();
    return ok(request, { dataScope: role.data_scope, checkedKeys: rows.map((r) => r.dept_id) });
  });

  app.post<{ Params: { id: string } }>(
    '/core/dept/remove/:id',
    { config: { permission: 'system:dept:remove', log: { module: 'dept', action: 'delete' } } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      return ok(request, { removed: await depts(request).remove([id]) });
    },
  );

  // The organisation's base info by id (the top department's id), for its edit screen.
  app.get<{ Params: { id: string } }>(
    '/core/deptBase/get/:id',
    { config: { permission: 'system:deptBase:query' } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = new EntityService(s, s.schemas.entity(caller(request).site.key, 'deptBase'), request);
      return ok(request, svc.wire(await svc.find(id)));
    },
  );
}
