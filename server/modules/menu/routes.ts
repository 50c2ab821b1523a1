// GET /api/core/menu/user: the signed-in user's menu entries (spec section 3 "Menu node"), from
// which the browser builds its routes. Directories and pages only; buttons travel as keys in
// user info. Only spec section 3's fields, in the caller's language (the browser asks again when the
// language changes). Cached per site, role set and language, sent pre-compressed: every page load asks.
import { schemaHealth } from '../../schemas/quarantine.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import type { Principal } from '../../platform/access.ts';
import { caller } from '../../platform/gate.ts';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import type { I18nText } from '../../platform/db/types.ts';
import type { Locale } from '../../../validators/locale.ts';
import { EntityService } from '../../entities/crud.ts';
import { idsOf } from '../../entities/routes.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { grantableMenuIds } from '../role/grants.ts';
import './hooks.ts';
import { ok } from '../../platform/answer.ts';

export interface MenuNode {
  id: string;
  parentId: string;
  menuName: string;
  menuKey: string;
  icon: string;
  visible: string;
  path: string;
  component: string;
  redirect: string;
  target: string;
  hiddenChildren: boolean;
  hiddenHeader: boolean;
}

async function loadMenus(s: Services, siteId: number, p: Principal, locale: Locale): Promise<MenuNode[]> {
  const { db } = s.database;
  let q = db
    .selectFrom('sys_menu as m')
    .selectAll('m')
    .where('m.top_dept_id', '=', siteId)
    .where('m.status', '=', '0')
    .where('m.menu_type', 'in', ['M', 'C']);
  if (!p.isAdmin) {
    if (!p.roleIds.length) return [];
    q = q.where('m.id', 'in', db.selectFrom('sys_role_menu').select('menu_id').where('role_id', 'in', p.roleIds));
  }
  const rows = await q.orderBy('m.parent_id').orderBy('m.order_num').orderBy('m.id').execute();
  // A granted page whose directory was not granted still needs the directory to hang from.
  const have = new Set(rows.map((r) => r.id));
  const missingParents = [...new Set(rows.map((r) => r.parent_id).filter((id) => id !== 0 && !have.has(id)))];
  if (missingParents.length) {
    const parents = await db
      .selectFrom('sys_menu')
      .selectAll()
      .where('top_dept_id', '=', siteId)
      .where('id', 'in', missingParents)
      .execute();
    rows.push(...parents);
  }
  return rows.map((m) => {
    const i18n = (m.i18n ?? {}) as I18nText;
    return {
      id: String(m.id),
      parentId: String(m.parent_id),
      menuName: i18n[locale] || m.menu_name,
      menuKey: m.menu_key,
      icon: m.icon ?? '',
      visible: m.visible,
      path: m.path ?? '',
      component: m.component ?? '',
      redirect: m.redirect ?? '',
      target: m.target ?? '',
      hiddenChildren: m.hidden_children,
      hiddenHeader: m.hidden_header,
    };
  });
}

/** Each entry's name in the language (its translation, else the name as written). */
export async function menuNames(s: Services, siteId: number, locale: Locale): Promise<Map<number, string>> {
  const rows = await s.database.db
    .selectFrom('sys_menu')
    .select(['id', 'menu_name', 'i18n'])
    .where('top_dept_id', '=', siteId)
    .execute();
  return new Map(rows.map((r) => [r.id, ((r.i18n ?? {}) as I18nText)[locale] || r.menu_name]));
}

export default function menuRoutes(app: FastifyInstance, s: Services) {
  app.get('/core/menu/user', { config: { permission: 'login', passwordChange: true } }, async (request, reply) => {
    const { principal, site } = caller(request);
    const roleKey = principal.isAdmin ? 'admin' : principal.roleIds.join(',');
    // An area out of service (broken schema files, issue 35) has its pages hidden ('1'); the cache
    // is forgotten at every reload.
    const health = schemaHealth();
    const body = await s.cache.get(site.id, `menu:user:${roleKey}:${request.locale}`, async () =>
      cachedEnvelope(
        (await loadMenus(s, site.id, principal, request.locale)).map((m) =>
          health.componentOutOfService(site.key, m.component) ? { ...m, visible: '1' } : m,
        ),
        request.locale,
      ),
    );
    return sendCached(request, reply, body);
  });

  const menus = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, 'menu'), request);

  // Every entry of the site (directories, pages, buttons) that the caller may grant: the menu
  // admin's tree and the role editor's checkbox tree. Admins see all; others what they hold.
  app.get('/core/menu/list', { config: { permission: 'login' } }, async (request) => {
    const { principal } = caller(request);
    const rows = await localized(request, await menus(request).list(request.query as Record<string, unknown>, 5000));
    const grantable = await grantableMenuIds(s.database.db, principal);
    return ok(request, grantable === 'all' ? rows : rows.filter((r) => grantable.has(Number(r.id))));
  });

  // Entries show in the caller's language, as the menu does; the edit form too.
  app.get<{ Params: { id: string } }>(
    '/core/menu/infoById/:id',
    { config: { permission: 'system:menu:query' } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = menus(request);
      return ok(request, (await localized(request, [svc.wire(await svc.find(id))]))[0]);
    },
  );
  const localized = async (request: FastifyRequest, rows: Array<Record<string, unknown>>) => {
    const { site } = caller(request);
    const names = await menuNames(s, site.id, request.locale);
    return rows.map((r): Record<string, unknown> => ({ ...r, menuName: names.get(Number(r.id)) ?? r.menuName }));
  };

  // The entries a role holds, named in the caller's language and numbered as /core/menu/list numbers
  // them (integer id and parentId, 0 at the root), whichever database driver read them.
  app.get<{ Params: { id: string } }>('/core/menu/role/:id', { config: { permission: 'system:role:query' } }, async (request) => {
    const { site } = caller(request);
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
    const role = await s.database.db
      .selectFrom('sys_role')
      .select('id')
      .where('id', '=', id)
      .where('top_dept_id', '=', site.id)
      .executeTakeFirst();
    if (!role) throw new AppError(Code.notFound, 'record.notFound');
    const rows = await s.database.db
      .selectFrom('sys_menu as m')
      .innerJoin('sys_role_menu as rm', 'rm.menu_id', 'm.id')
      .select(['m.id', 'm.parent_id', 'm.menu_name', 'm.menu_key', 'm.menu_type', 'm.perms'])
      .where('rm.role_id', '=', id)
      .orderBy('m.parent_id')
      .orderBy('m.order_num')
      .execute();
    const names = await menuNames(s, site.id, request.locale);
    return ok(
      request,
      rows.map((r) => ({
        id: Number(r.id),
        parentId: Number(r.parent_id),
        menuName: names.get(r.id) ?? r.menu_name,
        menuKey: r.menu_key,
        menuType: r.menu_type,
        perms: r.perms,
      })),
    );
  });

  app.post<{ Params: { id: string } }>(
    '/core/menu/remove/:id',
    { config: { permission: 'system:menu:remove', log: { module: 'menu', action: 'delete' } } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      return ok(request, { removed: await menus(request).remove([id]) });
    },
  );
  // The generic remove takes ids in the body or query as well.
  app.post(
    '/core/menu/remove',
    { config: { permission: 'system:menu:remove', log: { module: 'menu', action: 'delete' } } },
    async (request) => ok(request, { removed: await menus(request).remove(idsOf(request)) }),
  );
}
