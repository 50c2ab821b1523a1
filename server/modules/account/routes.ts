// The account pages (issue 18), every endpoint about the caller and nothing else: their profile
// (only the safe fields: nick name, email, phone, sex, profile text, avatar), their recent
// operations, their sessions (listed by an opaque id, never a token; signed out one by one or all
// but this one), their layout and notification preferences. Password changes stay at
// /core/user/upPassword (user/routes.ts) with their rules.
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { pagingOf } from '../../entities/query.ts';
import { PHONE_PATTERN } from '../../../validators/formats.ts';
import { LocalStorage } from '../files/storage.ts';
import { DEFAULT_AVATAR } from '../user/routes.ts';
import { describeAgent, layoutSchema, notifyOf, notifySchema } from './settings.ts';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_ROUTE = '/core/account/avatar';

/** Image types an avatar may be, told by their first bytes (never by the name or the declared type). */
const IMAGE_TYPES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The fields a user may change about themselves; anything else in the body is ignored. */
const profileBody = {
  type: 'object',
  properties: {
    nickName: { type: 'string', maxLength: 64 },
    email: {
      anyOf: [
        { type: 'string', maxLength: 0 },
        { type: 'string', format: 'email', maxLength: 100 },
      ],
    },
    phone: {
      anyOf: [
        { type: 'string', maxLength: 0 },
        { type: 'string', pattern: PHONE_PATTERN, maxLength: 32 },
      ],
    },
    sex: { type: 'string', enum: ['0', '1', '2'] },
    profile: { type: 'string', maxLength: 300 },
  },
} as const;

/** A session's id in the list: derived from its hash, so neither the token nor the hash is shown. */
const sessionId = (tokenHash: string) => crypto.createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 24);

export default function accountRoutes(app: FastifyInstance, s: Services) {
  const storage = new LocalStorage(s.config.dataDir);
  const db = s.database.db;

  const profileOf = async (request: FastifyRequest) => {
    const { site, principal, session } = caller(request);
    const user = await db
      .selectFrom('sys_user as u')
      .leftJoin('sys_user_setting as st', 'st.user_id', 'u.id')
      .select([
        'u.id',
        'u.login_name',
        'u.real_name',
        'u.nick_name',
        'u.avatar',
        'u.email',
        'u.phone',
        'u.sex',
        'u.dept_id',
        'st.profile',
      ])
      .where('u.id', '=', principal.userId)
      .where('u.top_dept_id', '=', site.id)
      .executeTakeFirstOrThrow();
    let deptPath: string[] = [];
    if (user.dept_id) {
      const dept = await db
        .selectFrom('sys_dept')
        .select(['ancestors', 'dept_name'])
        .where('id', '=', user.dept_id)
        .where('top_dept_id', '=', site.id)
        .executeTakeFirst();
      if (dept) {
        const ids = dept.ancestors
          .split(',')
          .map(Number)
          .filter((n) => Number.isInteger(n) && n > 0);
        const names = ids.length
          ? await db
              .selectFrom('sys_dept')
              .select(['id', 'dept_name'])
              .where('id', 'in', ids)
              .where('top_dept_id', '=', site.id)
              .execute()
          : [];
        const byId = new Map(names.map((n) => [Number(n.id), n.dept_name]));
        deptPath = [...ids.map((id) => byId.get(id)).filter((n): n is string => Boolean(n)), dept.dept_name];
      }
    }
    // The sign-in before this one (the user's own, successful), else this one.
    const logins = await db
      .selectFrom('sys_login_log')
      .select(['created_at', 'ip'])
      .where('top_dept_id', '=', site.id)
      .where('user_id', '=', principal.userId)
      .where('result', '=', 'ok')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const last = logins[1] ?? logins[0];
    const current = await db
      .selectFrom('sys_session')
      .select(['created_at', 'ip'])
      .where('token_hash', '=', session.tokenHash)
      .executeTakeFirst();
    return {
      id: user.id,
      loginName: user.login_name,
      realName: user.real_name,
      nickName: user.nick_name || user.real_name,
      avatar: user.avatar || DEFAULT_AVATAR,
      email: user.email ?? '',
      phone: user.phone ?? '',
      sex: user.sex,
      profile: user.profile ?? '',
      deptId: user.dept_id,
      deptName: deptPath[deptPath.length - 1] ?? null,
      deptPath,
      organisation: site.name,
      roles: principal.roles.map((r) => ({ id: r.id, roleName: r.roleName })),
      lastLogin: last ? { time: last.created_at.toISOString(), ip: last.ip } : null,
      currentLogin: current ? { time: current.created_at.toISOString(), ip: current.ip } : null,
      binding: {
        phone: Boolean(user.phone),
        email: Boolean(user.email),
        // No OAuth application is configured for any site (docs/decisions.md "Account pages").
        wechat: 'notConfigured',
        dingtalk: 'notConfigured',
      },
    };
  };

  app.get('/core/account/info', { config: { permission: 'login' } }, async (request) => ok(request, await profileOf(request)));

  app.post(
    '/core/account/update',
    { config: { permission: 'login', log: { module: 'user', action: 'edit' } }, schema: { body: profileBody } },
    async (request) => {
      const { site, principal } = caller(request);
      const body = request.body as Record<string, string | undefined>;
      const user: Record<string, string | null> = {};
      if (body.nickName !== undefined) {
        const nick = body.nickName.trim();
        if (!nick) throw new AppError(Code.invalid, 'account.nickNameBlank');
        user.nick_name = nick;
      }
      if (body.email !== undefined) user.email = body.email.trim() || null;
      if (body.phone !== undefined) user.phone = body.phone.trim() || null;
      if (body.sex !== undefined) user.sex = body.sex;
      const now = new Date(s.clock.now());
      await db.transaction().execute(async (trx) => {
        if (Object.keys(user).length) {
          await trx
            .updateTable('sys_user')
            .set((eb) => ({ ...user, updated_at: now, updated_by: principal.userId, version: eb('version', '+', 1) }))
            .where('id', '=', principal.userId)
            .where('top_dept_id', '=', site.id)
            .execute();
        }
        if (body.profile !== undefined) {
          const profile = body.profile.trim() || null;
          await trx
            .insertInto('sys_user_setting')
            .values({ user_id: principal.userId, top_dept_id: site.id, profile, updated_at: now })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ profile, updated_at: now }))
            .execute();
        }
      });
      // The header's name and the user info follow.
      await s.cache.invalidate(site.id);
      return ok(request, await profileOf(request), 'account.saved');
    },
  );

  // The avatar: an image (PNG, JPEG, GIF, WebP by its bytes) of at most 2 MB, kept with the site's
  // files and shown to anyone with its unguessable link, only while it is someone's avatar.
  app.post(AVATAR_ROUTE, { config: { permission: 'login', log: { module: 'user', action: 'edit' } } }, async (request) => {
    const { site, principal } = caller(request);
    if (!request.isMultipart()) throw new AppError(Code.invalid, 'upload.noFile');
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part) throw new AppError(Code.invalid, 'upload.noFile');
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch {
      throw new AppError(Code.invalid, 'account.avatarSize', { max: '2 MB' });
    }
    if (part.file.truncated || buffer.length > AVATAR_MAX_BYTES)
      throw new AppError(Code.invalid, 'account.avatarSize', { max: '2 MB' });
    const image = IMAGE_TYPES.find((i) => i.test(buffer));
    if (!image) throw new AppError(Code.invalid, 'account.avatarType');
    const now = new Date(s.clock.now());
    const { key, size } = await storage.put(site.key, image.ext, Readable.from(buffer), now);
    const url = `/api${AVATAR_ROUTE}/${site.key}/${key}`;
    const fileName = (path.basename(part.filename.replace(/\\/g, '/')).trim() || `avatar.${image.ext}`).slice(0, 80);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sys_file' as never)
        .values({
          top_dept_id: site.id,
          file_name: fileName,
          url,
          size,
          content_type: image.type,
          storage: 'local',
          path: key,
          created_by: principal.userId,
          updated_by: principal.userId,
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      await trx
        .updateTable('sys_user')
        .set((eb) => ({ avatar: url, updated_at: now, updated_by: principal.userId, version: eb('version', '+', 1) }))
        .where('id', '=', principal.userId)
        .where('top_dept_id', '=', site.id)
        .execute();
    });
    await s.cache.invalidate(site.id);
    return ok(request, { avatar: url }, 'account.avatarSaved');
  });

  // An <img> sends no token: an avatar is readable by its link, and only a link that is some user's avatar.
  app.get<{ Params: { site: string; '*': string } }>(
    `${AVATAR_ROUTE}/:site/*`,
    { config: { permission: 'public', site: false } },
    async (request, reply) => {
      const missing = () => new AppError(Code.notFound, 'record.notFound', undefined, null, 404);
      const site = s.sites.get(request.params.site);
      const key = request.params['*'];
      if (!site || !storage.resolve(site.key, key)) throw missing();
      const url = `/api${AVATAR_ROUTE}/${site.key}/${key}`;
      const used = await db
        .selectFrom('sys_user')
        .select('id')
        .where('top_dept_id', '=', site.id)
        .where('avatar', '=', url)
        .executeTakeFirst();
      if (!used || !storage.exists(site.key, key)) throw missing();
      const type = IMAGE_TYPES.find((i) => key.endsWith(`.${i.ext}`))?.type ?? 'application/octet-stream';
      return reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(storage.read(site.key, key));
    },
  );

  // The caller's own operation-log rows, newest first, with the module and action in words.
  app.get('/core/account/operLog/page', { config: { permission: 'login' } }, async (request) => {
    const { site, principal } = caller(request);
    const { pageNum, pageSize } = pagingOf(request.query as Record<string, unknown>, 10);
    const base = db.selectFrom('sys_oper_log').where('top_dept_id', '=', site.id).where('user_id', '=', principal.userId);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select(['id', 'module', 'action', 'entity_id', 'ip', 'method', 'url', 'result', 'error', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const dicts = await s.dictionaries.get(site.id, request.locale);
    const label = (type: string, value: string) => dicts.get(type)?.find((d) => d.dictValue === value)?.dictLabel ?? value;
    const records = rows.map((r) => ({
      id: r.id,
      module: r.module,
      moduleLabel: label('sys_oper_module', r.module),
      action: r.action,
      actionLabel: label('sys_oper_type', r.action),
      entityId: r.entity_id,
      ip: r.ip,
      method: r.method,
      url: r.url?.split('?')[0] ?? null,
      result: r.result,
      error: r.error,
      createdAt: r.created_at.toISOString(),
    }));
    return ok(request, { records, total, current: pageNum, pageNum, pageSize, pages: Math.ceil(total / pageSize) });
  });

  // The caller's live sessions, this one marked; an opaque id stands for each.
  const liveSessions = (userId: number, siteId: number) =>
    db
      .selectFrom('sys_session')
      .select(['token_hash', 'created_at', 'expires_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('top_dept_id', '=', siteId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(s.clock.now()))
      .orderBy('created_at', 'desc')
      .execute();

  app.get('/core/account/session/list', { config: { permission: 'login' } }, async (request) => {
    const { site, principal, session } = caller(request);
    const rows = await liveSessions(principal.userId, site.id);
    return ok(
      request,
      rows.map((r) => ({
        id: sessionId(r.token_hash),
        current: r.token_hash === session.tokenHash,
        ...describeAgent(r.user_agent),
        userAgent: r.user_agent,
        ip: r.ip,
        signedInAt: r.created_at.toISOString(),
        lastActiveAt: (r.last_seen_at ?? r.created_at).toISOString(),
        expiresAt: r.expires_at.toISOString(),
      })),
    );
  });

  app.post(
    '/core/account/session/remove',
    {
      config: { permission: 'login', log: { module: 'user', action: 'other' } },
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
        },
      },
    },
    async (request) => {
      const { site, principal, session } = caller(request);
      const { id } = request.body as { id: string };
      const found = (await liveSessions(principal.userId, site.id)).find((r) => sessionId(r.token_hash) === id);
      if (!found) throw new AppError(Code.notFound, 'record.notFound');
      if (found.token_hash === session.tokenHash) throw new AppError(Code.invalid, 'account.sessionCurrent');
      await s.sessions.revokeHash(found.token_hash);
      return ok(request, null, 'account.sessionEnded');
    },
  );

  app.post(
    '/core/account/session/removeOthers',
    { config: { permission: 'login', log: { module: 'user', action: 'other' } } },
    async (request) => {
      const { site, principal, session } = caller(request);
      const others = (await liveSessions(principal.userId, site.id)).filter((r) => r.token_hash !== session.tokenHash);
      await s.sessions.revokeUser(principal.userId, session.tokenHash);
      return ok(request, { count: others.length }, 'account.sessionsEnded', { count: others.length });
    },
  );

  // Preferences: layout and language (applied at sign-in on any browser) and notification kinds.
  const preferencesOf = async (userId: number, siteId: number) => {
    const row = await db
      .selectFrom('sys_user_setting')
      .select(['layout', 'notify'])
      .where('user_id', '=', userId)
      .where('top_dept_id', '=', siteId)
      .executeTakeFirst();
    return { layout: row?.layout ?? {}, notify: notifyOf(row?.notify) };
  };

  app.get('/core/account/preference', { config: { permission: 'login', passwordChange: true } }, async (request) => {
    const { site, principal } = caller(request);
    return ok(request, await preferencesOf(principal.userId, site.id));
  });

  app.post(
    '/core/account/preference/update',
    {
      config: { permission: 'login', log: { module: 'user', action: 'edit' } },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { layout: layoutSchema, notify: notifySchema },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const body = request.body as { layout?: Record<string, unknown>; notify?: Record<string, unknown> };
      const before = await preferencesOf(principal.userId, site.id);
      const layout = JSON.stringify({ ...before.layout, ...body.layout });
      const notify = JSON.stringify({ ...before.notify, ...body.notify });
      const now = new Date(s.clock.now());
      await db
        .insertInto('sys_user_setting')
        .values({ user_id: principal.userId, top_dept_id: site.id, layout, notify, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ layout, notify, updated_at: now }))
        .execute();
      return ok(request, await preferencesOf(principal.userId, site.id), 'account.preferencesSaved');
    },
  );
}
