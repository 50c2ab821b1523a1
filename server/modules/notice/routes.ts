// Notices (spec sections 3, 4, 7; DOMAIN.md "Notices"). The notice itself is an entity (schemas/
// notice/notice.entity.json) edited through the generic endpoints while it is a draft; this module
// adds what a schema cannot say: send (fan-out to exactly the users in range at that moment),
// cancel (withdrawn from everyone who has not read it), the recipient's side (read, unread summary
// for the bell, remove) and the recipients of a notice (/core/noticeSendRange).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { wantingNotification } from '../account/settings.ts';
import { EntityService } from '../../entities/crud.ts';
import { idsOf, oneIdOf } from '../../entities/routes.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import './hooks.ts';
import { ok } from '../../platform/answer.ts';

/** Items per notice type in the bell's summary (spec section 9). */
export const UNREAD_TOP = 5;

export const NoticeStatus = { draft: '0', sent: '1', cancelled: '2' } as const;

type Db = Kysely<any> | Transaction<any>;

/** The ids of the users a notice's range names, now. '0' is everyone of the site. */
export async function recipientsOf(
  db: Db,
  siteId: number,
  notice: { rangeType: string; deptIds: number[]; roleIds: number[]; userIds: number[] },
): Promise<number[]> {
  const kinds = new Set(String(notice.rangeType).split(','));
  const parts = [];
  if (kinds.has('0')) parts.push(sql`select id from sys_user where top_dept_id = ${siteId}`);
  else {
    if (kinds.has('1') && notice.deptIds.length)
      parts.push(sql`select id from sys_user where top_dept_id = ${siteId} and dept_id in (${sql.join(notice.deptIds)})`);
    if (kinds.has('2') && notice.roleIds.length)
      parts.push(
        sql`select ur.user_id as id from sys_user_role ur join sys_user u on u.id = ur.user_id
            where u.top_dept_id = ${siteId} and ur.role_id in (${sql.join(notice.roleIds)})`,
      );
    if (kinds.has('3') && notice.userIds.length)
      parts.push(sql`select id from sys_user where top_dept_id = ${siteId} and id in (${sql.join(notice.userIds)})`);
  }
  if (!parts.length) return [];
  const rows = await sql<{ id: number }>`${sql.join(parts, sql` union `)}`.execute(db);
  return [...new Set(rows.rows.map((r) => Number(r.id)))].sort((a, b) => a - b);
}

export default function noticeRoutes(app: FastifyInstance, s: Services) {
  const notices = (request: FastifyRequest) =>
    new EntityService(s, s.schemas.entity(caller(request).site.key, 'notice'), request);
  const rels = (request: FastifyRequest) =>
    new EntityService(s, s.schemas.entity(caller(request).site.key, 'noticeUserRel'), request);
  const idQuery = {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1 }, ids: { type: 'string', maxLength: 5000 } },
  };

  // The notice as spec section 3 has it, with the caller's own relation (readFlag, noticeUserRelId)
  // and the display flags. Readable by holders of the query key, and by its recipients.
  app.get<{ Params: { id: string } }>('/core/notice/infoById/:id', { config: { permission: 'login' } }, async (request) => {
    const { principal, site } = caller(request);
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
    const rel = await s.database.db
      .selectFrom('sys_notice_user_rel')
      .select(['id', 'read_flag'])
      .where('notice_id', '=', id)
      .where('user_id', '=', principal.userId)
      .where('top_dept_id', '=', site.id)
      .executeTakeFirst();
    if (!rel && !s.access.can(principal, 'system:notice:query')) {
      throw new AppError(Code.forbidden, 'auth.forbidden', { key: 'system:notice:query' });
    }
    const svc = notices(request);
    const notice = svc.wire(await svc.find(id));
    return ok(request, {
      ...notice,
      readFlag: rel?.read_flag ?? null,
      noticeUserRelId: rel?.id ?? null,
      // Content is always shown as text; lookFlag: the caller is looking at it as a recipient.
      showContent: true,
      lookFlag: Boolean(rel),
    });
  });

  app.post(
    '/core/notice/send',
    {
      config: { permission: 'system:notice:send', log: { module: 'notice', action: 'other' } },
      schema: { querystring: idQuery },
    },
    async (request) => {
      const { site } = caller(request);
      const id = oneIdOf(request);
      const svc = notices(request);
      const count = await s.database.db.transaction().execute(async (trx) => {
        const notice = svc.wire(await svc.find(id, trx, true)) as {
          status: string;
          rangeType: string;
          deptIds: number[];
          roleIds: number[];
          userIds: number[];
          type: string;
          title: string;
          content: string;
          extend: Record<string, unknown>;
        };
        if (notice.status !== NoticeStatus.draft) throw new AppError(Code.conflict, 'notice.notDraft');
        const users = await recipientsOf(trx, site.id, notice);
        if (!users.length) throw new AppError(Code.invalid, 'notice.noRecipients');
        const now = new Date(s.clock.now());
        const extend = JSON.stringify({ accessoryFileList: notice.extend?.accessoryFileList ?? '[]' });
        for (let i = 0; i < users.length; i += 500) {
          await trx
            .insertInto('sys_notice_user_rel')
            .values(
              users.slice(i, i + 500).map((userId) => ({
                top_dept_id: site.id,
                notice_id: id,
                user_id: userId,
                type: notice.type,
                title: notice.title,
                content: notice.content,
                extend,
                read_flag: '0',
                created_at: now,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('sys_notice')
          .set((eb) => ({ status: NoticeStatus.sent, sent_at: now, recipients: users.length, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .execute();
        return users.length;
      });
      return ok(request, { recipients: count }, 'notice.sent', { n: count });
    },
  );

  app.post(
    '/core/notice/cancel',
    {
      config: { permission: 'system:notice:cancel', log: { module: 'notice', action: 'other' } },
      schema: { querystring: idQuery },
    },
    async (request) => {
      const id = oneIdOf(request);
      const svc = notices(request);
      const withdrawn = await s.database.db.transaction().execute(async (trx) => {
        const notice = svc.wire(await svc.find(id, trx, true));
        if (notice.status !== NoticeStatus.sent) throw new AppError(Code.conflict, 'notice.notSent');
        const gone = await trx
          .deleteFrom('sys_notice_user_rel')
          .where('notice_id', '=', id)
          .where('read_flag', '=', '0')
          .executeTakeFirst();
        await trx
          .updateTable('sys_notice')
          .set((eb) => ({ status: NoticeStatus.cancelled, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .execute();
        return Number(gone.numDeletedRows);
      });
      return ok(request, { withdrawn }, 'notice.cancelled', { n: withdrawn });
    },
  );

  // Who a notice went to, and who has read it.
  app.get(
    '/core/noticeSendRange/list',
    { config: { permission: 'system:notice:query' }, schema: { querystring: idQuery } },
    async (request) => {
      const { site } = caller(request);
      const id = oneIdOf(request);
      const svc = notices(request);
      await svc.find(id);
      const rows = await s.database.db
        .selectFrom('sys_notice_user_rel as r')
        .innerJoin('sys_user as u', 'u.id', 'r.user_id')
        .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
        .select(['r.user_id', 'u.real_name', 'd.dept_name', 'r.read_flag', 'r.read_at'])
        .where('r.notice_id', '=', id)
        .where('r.top_dept_id', '=', site.id)
        .orderBy('u.real_name')
        .execute();
      return ok(
        request,
        rows.map((r) => ({
          userId: r.user_id,
          realName: r.real_name,
          deptName: r.dept_name,
          readFlag: r.read_flag,
          readAt: r.read_at ? r.read_at.toISOString() : null,
        })),
      );
    },
  );
  app.get('/core/noticeSendRange', { config: { permission: 'system:notice:query' } }, async (request) =>
    ok(request, { list: '/core/noticeSendRange/list?id={noticeId}' }),
  );

  // The recipient's side: always and only the caller's own rows (the entity is personal).
  const relWire = (r: Record<string, unknown>) => ({ ...r, beforeTime: r.createdAt });
  app.get('/core/noticeUserRel/page', { config: { permission: 'system:noticeUserRel:list' } }, async (request) => {
    const page = await rels(request).page(request.query as Record<string, unknown>);
    return ok(request, { ...page, records: page.records.map(relWire) });
  });
  app.get<{ Params: { id: string } }>(
    '/core/noticeUserRel/infoById/:id',
    { config: { permission: 'system:noticeUserRel:list' } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = rels(request);
      return ok(request, relWire(svc.wire(await svc.find(id))));
    },
  );

  app.post(
    '/core/noticeUserRel/read',
    { config: { permission: 'system:noticeUserRel:list' }, schema: { querystring: idQuery } },
    async (request) => {
      const { principal, site } = caller(request);
      const ids = idsOf(request);
      if (!ids.length) throw new AppError(Code.invalid, 'entity.noIds');
      const svc = rels(request);
      for (const id of ids) await svc.find(id);
      await s.database.db
        .updateTable('sys_notice_user_rel')
        .set({ read_flag: '1', read_at: new Date(s.clock.now()) })
        .where('id', 'in', ids)
        .where('user_id', '=', principal.userId)
        .where('top_dept_id', '=', site.id)
        .where('read_flag', '=', '0')
        .execute();
      return ok(request, { read: ids.length });
    },
  );

  app.post(
    '/core/noticeUserRel/remove',
    {
      config: { permission: 'system:noticeUserRel:remove', log: { module: 'noticeUserRel', action: 'delete' } },
      schema: { querystring: idQuery },
    },
    async (request) => ok(request, { removed: await rels(request).remove(idsOf(request)) }),
  );

  // The bell: unread count in total and per type, the newest five per type, the types in
  // dictionary order (spec section 3 "Top-notice response").
  app.get('/core/noticeUserRel/unRead', { config: { permission: 'system:noticeUserRel:list' } }, async (request) => {
    const { principal, site } = caller(request);
    const types = (await s.dictionaries.get(site.id, request.locale)).get('sys_notice_type') ?? [];
    // A user who turned notices off in their account settings sees a quiet bell; the list keeps them.
    const muted = !(await wantingNotification(s.database.db, site.id, [principal.userId], 'notice')).length;
    const counts = await s.database.db
      .selectFrom('sys_notice_user_rel')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', principal.userId)
      .where('top_dept_id', '=', site.id)
      .where('read_flag', '=', '0')
      .groupBy('type')
      .execute();
    const latest = await sql<{
      id: number;
      notice_id: number;
      type: string;
      title: string;
      read_flag: string;
      created_at: Date;
    }>`select id, notice_id, type, title, read_flag, created_at from (
         select r.*, row_number() over (partition by r.type order by r.created_at desc, r.id desc) as k
         from sys_notice_user_rel r
         where r.user_id = ${principal.userId} and r.top_dept_id = ${site.id} and r.read_flag = '0') x
       where k <= ${UNREAD_TOP} order by created_at desc, id desc`.execute(s.database.db);
    const dataNumMap: Record<string, number> = {};
    const dataMap: Record<string, unknown[]> = {};
    for (const d of types) {
      dataNumMap[d.dictValue] = 0;
      dataMap[d.dictValue] = [];
    }
    for (const c of muted ? [] : counts) dataNumMap[c.type] = Number(c.n);
    for (const r of muted ? [] : latest.rows) {
      (dataMap[r.type] ??= []).push({
        id: Number(r.id),
        noticeUserRelId: Number(r.id),
        noticeId: Number(r.notice_id),
        type: r.type,
        title: r.title,
        readFlag: r.read_flag,
        beforeTime: new Date(r.created_at).toISOString(),
      });
    }
    return ok(request, {
      totalNum: Object.values(dataNumMap).reduce((a, b) => a + b, 0),
      dictDataList: types.map((d) => ({ dictLabel: d.dictLabel, dictValue: d.dictValue })),
      dataNumMap,
      dataMap,
    });
  });
}
