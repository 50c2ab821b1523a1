// The spec's "demo only" calls served with real data (DOMAIN.md): /org/tree is the site's
// department tree; /permission, /permission/no-pager and /mock/role are the permission entries
// (spec section 3: permissionId with actionList) made from the menu's button keys, and the roles
// holding them. A key 'system:user:add' is the action add of the permission 'system:user'.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { caller } from '../../platform/gate.ts';
import type { I18nText } from '../../platform/db/types.ts';
import { ADMIN_ROLE_KEY } from './grants.ts';
import { ok } from '../../platform/answer.ts';

/** Button key suffix → the actions of spec section 3 it stands for. */
const ACTIONS: Record<string, string[]> = {
  add: ['add'],
  remove: ['delete'],
  edit: ['edit'],
  list: ['query'],
  query: ['get'],
  status: ['enable', 'disable'],
  import: ['import'],
  export: ['export'],
};
export const PERMISSION_ACTIONS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'];

interface Entry {
  permissionId: string;
  permissionName: string;
  actionList: string[];
  actionEntitySet: Array<{ action: string; describe: string; defaultCheck: boolean }>;
}

interface MenuRow {
  id: number;
  perms: string | null;
  menu_type: string;
  menu_name: string;
  i18n: unknown;
}

function entriesOf(rows: MenuRow[], locale: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  // Page names first, so an entry is named after its screen.
  for (const r of [...rows].sort((a, b) => (a.menu_type === 'C' ? -1 : 0) - (b.menu_type === 'C' ? -1 : 0))) {
    if (!r.perms) continue;
    const cut = r.perms.lastIndexOf(':');
    if (cut < 1) continue;
    const id = r.perms.slice(0, cut);
    const actions = ACTIONS[r.perms.slice(cut + 1)];
    if (!actions) continue;
    const name = ((r.i18n ?? {}) as I18nText)[locale as keyof I18nText] || r.menu_name;
    const entry = entries.get(id) ?? { permissionId: id, permissionName: name, actionList: [], actionEntitySet: [] };
    for (const a of actions) {
      if (entry.actionList.includes(a)) continue;
      entry.actionList.push(a);
      entry.actionEntitySet.push({ action: a, describe: a, defaultCheck: false });
    }
    entries.set(id, entry);
  }
  for (const e of entries.values()) e.actionList.sort((a, b) => PERMISSION_ACTIONS.indexOf(a) - PERMISSION_ACTIONS.indexOf(b));
  return entries;
}

export default function permissionRoutes(app: FastifyInstance, s: Services) {
  const menus = (siteId: number) =>
    s.database.db
      .selectFrom('sys_menu')
      .select(['id', 'perms', 'menu_type', 'menu_name', 'i18n'])
      .where('top_dept_id', '=', siteId)
      .where('status', '=', '0')
      .orderBy('order_num')
      .orderBy('id');

  const all = async (request: FastifyRequest) => {
    const { site } = caller(request);
    return [...entriesOf(await menus(site.id).execute(), request.locale).values()];
  };
  app.get('/permission/no-pager', { config: { permission: 'system:role:list' } }, async (request) =>
    ok(request, await all(request)),
  );
  app.get<{ Querystring: { pageNum?: number; pageSize?: number } }>(
    '/permission',
    {
      config: { permission: 'system:role:list' },
      schema: {
        querystring: {
          type: 'object',
          properties: { pageNum: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 } },
        },
      },
    },
    async (request) => {
      const list = await all(request);
      const pageNum = request.query.pageNum ?? 1;
      const pageSize = request.query.pageSize ?? 10;
      const records = list.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return ok(request, { records, total: list.length, current: pageNum, pageNum, pageSize });
    },
  );

  // Roles with the permission entries they hold.
  app.get('/mock/role', { config: { permission: 'system:role:list' } }, async (request) => {
    const { site } = caller(request);
    const { db } = s.database;
    const roles = await db
      .selectFrom('sys_role')
      .select(['id', 'role_name', 'role_key', 'status'])
      .where('top_dept_id', '=', site.id)
      .orderBy('role_sort')
      .orderBy('id')
      .execute();
    const held = await db
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
      .select(['rm.role_id', 'm.id', 'm.perms', 'm.menu_type', 'm.menu_name', 'm.i18n'])
      .where('m.top_dept_id', '=', site.id)
      .where('m.status', '=', '0')
      .execute();
    // The admin role holds everything whatever its rows say (access.ts: admins pass every key).
    const everything = [...entriesOf(await menus(site.id).execute(), request.locale).values()];
    return ok(
      request,
      roles.map((r) => ({
        id: r.id,
        roleId: r.role_key,
        name: r.role_name,
        roleName: r.role_name,
        status: r.status,
        permissions: (r.role_key === ADMIN_ROLE_KEY
          ? everything
          : [
              ...entriesOf(
                held.filter((h) => h.role_id === r.id),
                request.locale,
              ).values(),
            ]
        ).map((e) => ({
          roleId: r.id,
          ...e,
        })),
      })),
    );
  });

  // The department tree as the org-tree widget takes it (spec section 3 "Org tree node").
  app.get('/org/tree', { config: { permission: 'login' } }, async (request) => {
    const { site } = caller(request);
    const rows = await s.database.db
      .selectFrom('sys_dept')
      .select(['id', 'parent_id', 'dept_name'])
      .where('top_dept_id', '=', site.id)
      .where('status', '=', '0')
      .orderBy('order_num')
      .orderBy('id')
      .execute();
    interface OrgNode {
      key: string;
      title: string;
      icon: string;
      group: boolean;
      children: OrgNode[];
    }
    const nodes = new Map<number, OrgNode>(
      rows.map((r) => [r.id, { key: String(r.id), title: r.dept_name, icon: 'apartment', group: false, children: [] }]),
    );
    const roots: OrgNode[] = [];
    for (const r of rows) {
      const parent = nodes.get(r.parent_id);
      if (parent) parent.children.push(nodes.get(r.id)!);
      else roots.push(nodes.get(r.id)!);
    }
    for (const n of nodes.values()) n.group = n.children.length > 0;
    return ok(request, roots);
  });
}
