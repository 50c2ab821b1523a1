// GET /api/core/menu/user: the signed-in user's menu entries (spec section 3 "Menu node"), from
// which the browser builds its routes. Directories and pages only; buttons travel as keys in
// user info. Only spec section 3's fields, in the caller's language (the browser asks again when the
// language changes). Cached per site, role set and language, sent pre-compressed: every page load asks.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app.ts';
import type { Principal } from '../../platform/access.ts';
import { caller } from '../../platform/gate.ts';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import type { I18nText } from '../../platform/db/types.ts';
import type { Locale } from '../../../validators/locale.ts';

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

export default function menuRoutes(app: FastifyInstance, s: Services) {
  app.get('/core/menu/user', { config: { permission: 'login' } }, async (request, reply) => {
    const { principal, site } = caller(request);
    const roleKey = principal.isAdmin ? 'admin' : principal.roleIds.join(',');
    const body = await s.cache.get(site.id, `menu:user:${roleKey}:${request.locale}`, async () =>
      cachedEnvelope(await loadMenus(s, site.id, principal, request.locale), request.locale),
    );
    return sendCached(request, reply, body);
  });
}
