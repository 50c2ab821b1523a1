// The signed-in user's own account: info (spec section 3 "Current user info"), password change,
// and lifting a sign-in lock (unlockPassword). User administration comes with the system screens.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import type { Services } from '../../platform/services.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { unlockAccount } from '../auth/login.ts';
import { hashPassword, isStrongPassword, verifyPassword } from '../auth/password.ts';
import { EntityService } from '../../entities/crud.ts';
import { guardTarget, issuedPasswords, startingPassword } from './hooks.ts';
import { importRows } from '../../entities/excel.ts';
import { permissionOf } from '../../entities/model.ts';
import { idListText, idText, pagingOf, queryText } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';

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
  // The few calls a user who must change their password still makes (the change-password page).
  app.get('/user/info', { config: { permission: 'login', passwordChange: true } }, info);
  app.get('/core/user/info', { config: { permission: 'login', passwordChange: true } }, info);

  app.post(
    '/core/user/upPassword',
    {
      config: { permission: 'login', passwordChange: true, log: { module: 'user', action: 'edit' } },
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
      const { principal, site } = caller(request);
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
      // "Password changed, please sign in again": every session ends, this one too.
      await s.sessions.revokeUser(principal.userId);
      await s.cache.invalidate(site.id);
      return { code: Code.ok, data: null, msg: t('password.changed', request.locale) };
    },
  );

  adminRoutes(app, s);
  newAccountRoutes(app, s);

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

/**
 * The user entity's reads with spec section 3's `passwordExpire` on every row: whether the password
 * is older than the site's sys.account.passwordValidateDays, as the user's own info says at sign-in.
 */
class UserService extends EntityService {
  constructor(
    private readonly services: Services,
    private readonly asked: FastifyRequest,
  ) {
    super(services, services.schemas.entity(caller(asked).site.key, 'user'), asked);
  }

  override async page(q: Record<string, unknown>, pool = false) {
    const answer = await super.page(q, pool);
    return { ...answer, records: await this.withExpiry(answer.records) };
  }

  override async list(...args: Parameters<EntityService['list']>) {
    return this.withExpiry(await super.list(...args));
  }

  async withExpiry(records: Array<Record<string, unknown>>) {
    if (!records.length) return records;
    const { site } = caller(this.asked);
    const days = Math.floor(Number(await this.services.siteConfig.value(site.id, 'sys.account.passwordValidateDays')));
    const changed = new Map(
      (
        await this.services.database.db
          .selectFrom('sys_user')
          .select(['id', 'password_changed_at'])
          .where('top_dept_id', '=', site.id)
          .where(
            'id',
            'in',
            records.map((r) => Number(r.id)),
          )
          .execute()
      ).map((r) => [Number(r.id), r.password_changed_at.getTime()]),
    );
    const now = this.services.clock.now();
    return records.map((r): Record<string, unknown> => {
      const at = changed.get(Number(r.id));
      return { ...r, passwordExpire: days > 0 && at !== undefined && now - at > days * 86_400_000 };
    });
  }
}

/** Administration beyond the generic endpoints: pickers, lists with departments, password resets. */
function adminRoutes(app: FastifyInstance, s: Services) {
  const users = (request: FastifyRequest) => new UserService(s, request);
  // The generic reads, each row with passwordExpire.
  const listKey = permissionOf(
    s.schemas.baseEntities().find((e) => e.name === 'user')!,
    'list',
  );
  app.get('/core/user/page', { config: { permission: listKey } }, async (request) =>
    ok(request, await users(request).page(request.query as Record<string, unknown>)),
  );
  app.get('/core/user/list', { config: { permission: listKey } }, async (request) =>
    ok(request, await users(request).list(request.query as Record<string, unknown>)),
  );
  app.get<{ Params: { id: string } }>(
    '/core/user/infoById/:id',
    {
      config: {
        permission: permissionOf(
          s.schemas.baseEntities().find((e) => e.name === 'user')!,
          'query',
        ),
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = users(request);
      return ok(request, (await svc.withExpiry([svc.wire(await svc.find(id))]))[0]);
    },
  );

  // The user picker (spec section 7: by realName, 20 a page) for anyone signed in: names and
  // departments only, every user of the site (a notice may go to anyone), enabled ones unless ids name others.
  app.get<{ Querystring: Record<string, string> }>(
    '/core/user/pageOfBase',
    { config: { permission: 'login' } },
    async (request) => {
      const { site } = caller(request);
      const q = request.query as Record<string, unknown>;
      const { pageNum, pageSize } = pagingOf(q, 20);
      const ids = idListText(q.ids, 'ids');
      const { db } = s.database;
      let base = db
        .selectFrom('sys_user as u')
        .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
        .where('u.top_dept_id', '=', site.id);
      if (ids.length) base = base.where('u.id', 'in', ids);
      else base = base.where('u.status', '=', '0');
      const name = queryText(q, 'realName')?.slice(0, 64);
      if (name) base = base.where('u.real_name', 'ilike', `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (q.deptId !== undefined && q.deptId !== '') base = base.where('u.dept_id', '=', idText(q.deptId, 'deptId'));
      const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await base
        .select(['u.id', 'u.real_name', 'u.login_name', 'u.dept_id', 'd.dept_name'])
        .orderBy('u.real_name')
        .orderBy('u.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      const records = rows.map((r) => ({
        id: r.id,
        realName: r.real_name,
        loginName: r.login_name,
        deptId: r.dept_id,
        deptName: r.dept_name,
      }));
      return ok(request, { records, total, current: pageNum, pageNum, pageSize, pages: Math.ceil(total / pageSize) });
    },
  );

  // Users with their department's name, within the caller's data scope.
  app.get('/core/user/listContainDept', { config: { permission: 'system:user:list' } }, async (request) => {
    const rows = await users(request).list(request.query as Record<string, unknown>);
    return ok(
      request,
      rows.map((r) => ({ ...r, deptName: r.deptIdLabel ?? null })),
    );
  });

  const resetBody = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
  };
  const reset = async (request: FastifyRequest, given: string | null) => {
    const { principal, site } = caller(request);
    const { id } = request.body as { id: number };
    const target = users(request).wire(await users(request).find(id));
    await guardTarget(s.database.db, principal, id);
    if (given !== null && !isStrongPassword(given)) throw new AppError(Code.invalid, 'password.weak');
    const { db } = s.database;
    const password = given ?? (await startingPassword(s, db, request, site.id, String(target.loginName)));
    const hash = await hashPassword(password);
    await db
      .updateTable('sys_user')
      .set((eb) => ({
        password_hash: hash,
        re_password: true,
        password_changed_at: new Date(s.clock.now()),
        updated_at: new Date(s.clock.now()),
        updated_by: principal.userId,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('top_dept_id', '=', site.id)
      .execute();
    // The old password's sessions end everywhere.
    await s.sessions.revokeUser(id);
    await s.cache.invalidate(site.id);
    const oneTime = issuedPasswords(request)[0];
    return oneTime
      ? ok(request, { loginName: oneTime.loginName, oneTimePassword: oneTime.password }, 'user.passwordResetOnce')
      : ok(request, null, 'user.passwordReset');
  };
  app.post(
    '/core/user/resetPwd',
    {
      config: { permission: 'system:user:resetPwd', log: { module: 'user', action: 'edit' } },
      schema: { body: { ...resetBody, required: ['id', 'password'] } },
    },
    async (request) => reset(request, (request.body as { password: string }).password),
  );
  app.post(
    '/core/user/resetDefaultPwd',
    { config: { permission: 'system:user:resetPwd', log: { module: 'user', action: 'edit' } }, schema: { body: resetBody } },
    async (request) => reset(request, null),
  );
}

/**
 * Saving and importing accounts answer as the generic endpoints do, plus the one-time passwords of
 * the accounts the site gave no configured initial password: shown once, never readable again.
 */
function newAccountRoutes(app: FastifyInstance, s: Services) {
  const base = s.schemas.baseEntities().find((e) => e.name === 'user');
  if (!base) return;
  const service = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, 'user'), request);
  app.post(
    `${base.api}/save`,
    {
      config: {
        permission: permissionOf(base, 'add'),
        log: { module: 'user', action: 'add' },
        // The given first password (the hook checks its strength); without one the site's initial
        // password or a one-time one applies.
        docs: {
          verb: 'save',
          extra: { password: { type: 'string', minLength: 8, maxLength: 64, writeOnly: true, title: 'user.password' } },
        },
      },
    },
    async (request) => {
      const row = await service(request).save(request.body);
      const oneTime = issuedPasswords(request)[0];
      return oneTime ? ok(request, { ...row, oneTimePassword: oneTime.password }, 'user.savedOnce') : ok(request, row);
    },
  );
  app.post(
    `${base.api}/import`,
    { config: { permission: permissionOf(base, 'import'), log: { module: 'user', action: 'import' } } },
    async (request) => {
      const count = await importRows(s, service(request), request);
      const oneTime = issuedPasswords(request);
      return ok(request, { imported: count, ...(oneTime.length ? { oneTimePasswords: oneTime } : {}) }, 'import.done', {
        count,
      });
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
