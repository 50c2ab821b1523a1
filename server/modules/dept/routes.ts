// Sites and their base info (spec section 7 dept: topDeptKey, infoByTopDeptKey), and the
// department list every picker reads. Department administration comes with the system screens.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import type { DeptBaseExtend } from '../../platform/db/types.ts';

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

  app.get('/core/dept/list', { config: { permission: 'login' } }, async (request) => {
    const { site } = caller(request);
    const rows = await s.database.db
      .selectFrom('sys_dept')
      .select(['id', 'parent_id', 'dept_name', 'ancestors', 'order_num', 'leader_user_id', 'status'])
      .where('top_dept_id', '=', site.id)
      .orderBy('parent_id')
      .orderBy('order_num')
      .orderBy('id')
      .execute();
    return {
      code: Code.ok,
      data: rows.map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        deptName: r.dept_name,
        ancestors: r.ancestors,
        orderNum: r.order_num,
        leaderUserId: r.leader_user_id,
        status: r.status,
      })),
      msg: t('ok', request.locale),
    };
  });
}
