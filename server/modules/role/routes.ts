// Roles beyond the generic endpoints: every enabled role for pickers (/core/role/all), and the
// data scope of a role (authDataScope: DOMAIN.md's five scopes, custom departments from the tree).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { idListText } from '../../entities/query.ts';
import { Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import './hooks.ts';

export default function roleRoutes(app: FastifyInstance, s: Services) {
  const roles = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, 'role'), request);

  // Pickers (a notice's roles, a user's roles) read this: names only, any signed-in user.
  app.get<{ Querystring: { roleName?: string; ids?: string } }>(
    '/core/role/all',
    {
      config: { permission: 'login' },
      schema: {
        querystring: {
          type: 'object',
          properties: { roleName: { type: 'string', maxLength: 64 }, ids: { type: 'string', pattern: '^[0-9,]{0,2000}$' } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      let q = s.database.db
        .selectFrom('sys_role')
        .select(['id', 'role_name', 'role_key', 'data_scope', 'status'])
        .where('top_dept_id', '=', site.id);
      const ids = idListText(request.query.ids, 'ids');
      if (ids.length) q = q.where('id', 'in', ids);
      else q = q.where('status', '=', '0');
      if (request.query.roleName)
        q = q.where('role_name', 'ilike', `%${request.query.roleName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const rows = await q.orderBy('role_sort').orderBy('id').execute();
      const list = rows.map((r) => ({
        id: r.id,
        roleName: r.role_name,
        roleKey: r.role_key,
        dataScope: r.data_scope,
        status: r.status,
      }));
      return { code: Code.ok, data: list, msg: t('ok', request.locale) };
    },
  );

  app.post<{ Body: { id: number; version?: number; dataScope: string; deptIds?: number[] } }>(
    '/core/role/authDataScope',
    {
      config: { permission: 'system:role:grant', log: { module: 'role', action: 'grant' } },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'dataScope'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            version: { type: 'integer', minimum: 0 },
            dataScope: { type: 'string', enum: ['1', '2', '3', '4', '5'] },
            deptIds: { type: 'array', maxItems: 2000, items: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
    async (request) => {
      const svc = roles(request);
      const { id, dataScope, deptIds } = request.body;
      const version = request.body.version ?? Number((await svc.find(id)).version);
      const row = await svc.update({ id, version, dataScope, deptIds: dataScope === '2' ? (deptIds ?? []) : [] });
      return { code: Code.ok, data: row, msg: t('ok', request.locale) };
    },
  );
}
