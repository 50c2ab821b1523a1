// The signed-in user's own account: info (spec section 3 "Current user info"), password change,
// and lifting a sign-in lock (unlockPassword). User administration comes with the system screens.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import type { Services } from '../../app.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { unlockAccount } from '../auth/login.ts';
import { hashPassword, isStrongPassword, verifyPassword } from '../auth/password.ts';

export const DEFAULT_AVATAR = '/avatar2.jpg';

export default function userRoutes(app: FastifyInstance, s: Services) {
  const info = async (request: FastifyRequest, reply: FastifyReply) => {
    const { principal: p, site } = caller(request);
    const passwordExpire = await s.access.passwordExpired(p);
    const body = await s.cache.get(site.id, `info:${p.userId}:${passwordExpire}:${request.locale}`, async () => {
      const deptName = p.deptId ? await deptNameOf(s, site.id, p.deptId) : null;
      return cachedEnvelope(
        {
          id: p.userId,
          userId: p.userId,
          loginName: p.loginName,
          realName: p.realName,
          nickName: p.nickName,
          avatar: p.avatar || DEFAULT_AVATAR,
          deptId: p.deptId,
          deptName,
          topDeptId: site.id,
          topDeptKey: site.key,
          roleIds: p.roleIds,
          roles: p.roles.map((r) => ({ id: r.id, roleKey: r.roleKey, roleName: r.roleName })),
          buttons: p.buttons,
          admin: p.isAdmin,
          todoHome: p.todoHome,
          rePassword: p.rePassword,
          passwordExpire,
        },
        request.locale,
      );
    });
    return sendCached(request, reply, body);
  };
  app.get('/user/info', { config: { permission: 'login' } }, info);
  app.get('/core/user/info', { config: { permission: 'login' } }, info);

  app.post(
    '/core/user/upPassword',
    {
      config: { permission: 'login', log: { module: 'user', action: 'edit' } },
      schema: {
        body: {
          type: 'object',
          required: ['oldPassword', 'newPassword'],
          properties: {
            oldPassword: { type: 'string', minLength: 1, maxLength: 128 },
            newPassword: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
      },
    },
    async (request) => {
      const { principal, site, session } = caller(request);
      const { oldPassword, newPassword } = request.body as { oldPassword: string; newPassword: string };
      const { db } = s.database;
      const row = await db
        .selectFrom('sys_user')
        .select('password_hash')
        .where('id', '=', principal.userId)
        .where('top_dept_id', '=', site.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(oldPassword, row.password_hash))) throw new AppError(Code.invalid, 'password.wrongOld');
      if (!isStrongPassword(newPassword)) throw new AppError(Code.invalid, 'password.weak');
      if (oldPassword === newPassword) throw new AppError(Code.invalid, 'password.same');
      const passwordHash = await hashPassword(newPassword);
      await db
        .updateTable('sys_user')
        .set((eb) => ({
          password_hash: passwordHash,
          re_password: false,
          password_changed_at: new Date(s.clock.now()),
          updated_at: new Date(s.clock.now()),
          updated_by: principal.userId,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', principal.userId)
        .execute();
      // Other devices sign in again; this one stays.
      await s.sessions.revokeUser(principal.userId, session.tokenHash);
      await s.cache.invalidate(site.id);
      return { code: Code.ok, data: null, msg: t('password.changed', request.locale) };
    },
  );

  app.post(
    '/core/user/unlockPassword',
    {
      config: { permission: 'system:user:unlock', log: { module: 'user', action: 'edit' } },
      schema: {
        body: {
          type: 'object',
          anyOf: [{ required: ['id'] }, { required: ['loginName'] }],
          properties: { id: { type: 'integer', minimum: 1 }, loginName: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const body = request.body as { id?: number; loginName?: string };
      let q = s.database.db.selectFrom('sys_user').select('login_name').where('top_dept_id', '=', site.id);
      q = body.id !== undefined ? q.where('id', '=', body.id) : q.where('login_name', '=', body.loginName!);
      const user = await q.executeTakeFirst();
      if (!user) throw new AppError(Code.notFound, 'record.notFound');
      await unlockAccount(s, site.id, user.login_name);
      return { code: Code.ok, data: null, msg: t('user.unlocked', request.locale) };
    },
  );
}

async function deptNameOf(s: Services, siteId: number, deptId: number): Promise<string | null> {
  const names = await s.cache.get(siteId, 'deptNames', async () => {
    const rows = await s.database.db
      .selectFrom('sys_dept')
      .select(['id', 'dept_name'])
      .where('top_dept_id', '=', siteId)
      .execute();
    return new Map(rows.map((r) => [r.id, r.dept_name]));
  });
  return names.get(deptId) ?? null;
}
