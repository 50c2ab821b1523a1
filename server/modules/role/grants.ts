// No privilege escalation (issue 5): a site administrator grants only what they hold. Admins (user
// 1 or the admin role) hold everything of their own site; nobody reaches another site, because
// every id checked here is first checked to belong to the caller's site by the entity runtime.
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../platform/access.ts';
import { AppError, Code } from '../../platform/errors.ts';

export const ADMIN_ROLE_KEY = 'admin';

/** Menu ids the caller may grant: all of the site for admins, else those of the caller's roles. */
export async function grantableMenuIds(trx: Transaction<any> | any, p: Principal): Promise<Set<number> | 'all'> {
  if (p.isAdmin) return 'all';
  if (!p.roleIds.length) return new Set();
  const rows = await sql<{
    menu_id: number;
  }>`select distinct menu_id from sys_role_menu where role_id in (${sql.join(p.roleIds)})`.execute(trx);
  return new Set(rows.rows.map((r) => Number(r.menu_id)));
}

/** Refuses menus beyond the caller's own. */
export async function checkMenuGrant(trx: Transaction<any>, p: Principal, menuIds: number[]) {
  const grantable = await grantableMenuIds(trx, p);
  if (grantable === 'all') return;
  const beyond = menuIds.filter((id) => !grantable.has(Number(id)));
  if (beyond.length) {
    const names = await sql<{
      menu_name: string;
    }>`select menu_name from sys_menu where id in (${sql.join(beyond.slice(0, 5))})`.execute(trx);
    throw new AppError(Code.forbidden, 'admin.grantBeyond', { what: names.rows.map((r) => r.menu_name).join('、') });
  }
}

/** Refuses roles the caller could not have created: the admin role, or one with menus beyond theirs. */
export async function checkRoleGrant(trx: Transaction<any>, p: Principal, roleIds: number[]) {
  if (p.isAdmin || !roleIds.length) return;
  const roles = await sql<{
    id: number;
    role_key: string;
    role_name: string;
  }>`select id, role_key, role_name from sys_role where id in (${sql.join(roleIds)})`.execute(trx);
  if (roles.rows.some((r) => r.role_key === ADMIN_ROLE_KEY)) throw new AppError(Code.forbidden, 'admin.adminRole');
  const menus = await sql<{
    menu_id: number;
  }>`select distinct menu_id from sys_role_menu where role_id in (${sql.join(roleIds)})`.execute(trx);
  await checkMenuGrant(
    trx,
    p,
    menus.rows.map((r) => Number(r.menu_id)),
  );
  // A data scope wider than the caller's own is a grant too.
  if (!p.roles.some((r) => r.dataScope === '1')) {
    const wide = await sql<{
      role_name: string;
    }>`select role_name from sys_role where id in (${sql.join(roleIds)}) and data_scope = '1'`.execute(trx);
    if (wide.rows.length)
      throw new AppError(Code.forbidden, 'admin.grantBeyond', { what: wide.rows.map((r) => r.role_name).join('、') });
  }
}
