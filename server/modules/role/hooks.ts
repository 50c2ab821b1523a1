// Roles: only admins touch the admin role; menus and a data scope are granted only up to what the
// caller holds; a role still held by users is not removed.
import { sql } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { t } from '../../platform/messages.ts';
import { ADMIN_ROLE_KEY, checkMenuGrant } from './grants.ts';

defineHooks('role', {
  async beforeSave({ trx, principal, request }, row, existing) {
    if (!principal.isAdmin && (existing?.roleKey === ADMIN_ROLE_KEY || row.roleKey === ADMIN_ROLE_KEY)) {
      throw new AppError(Code.forbidden, 'admin.adminRole');
    }
    if (Array.isArray(row.menuIds)) {
      // Only what is newly granted counts: a role may keep menus its editor lacks.
      const before = new Set(((existing?.menuIds as number[] | undefined) ?? []).map(Number));
      await checkMenuGrant(
        trx,
        principal,
        (row.menuIds as number[]).filter((id) => !before.has(Number(id))),
      );
    }
    const scope = row.dataScope ?? existing?.dataScope;
    if (!principal.isAdmin && scope === '1' && existing?.dataScope !== '1' && !principal.roles.some((r) => r.dataScope === '1')) {
      throw new AppError(Code.forbidden, 'admin.grantBeyond', { what: t('role.scopeAll', request.locale) });
    }
    // Departments count only for the custom scope.
    if (row.dataScope !== undefined && row.dataScope !== '2') row.deptIds = [];
  },
  async beforeRemove({ trx, principal }, rows) {
    for (const row of rows) {
      if (row.roleKey === ADMIN_ROLE_KEY && !principal.isAdmin) throw new AppError(Code.forbidden, 'admin.adminRole');
      const held = await sql<{ n: number }>`select count(*)::int as n from sys_user_role where role_id = ${row.id}`.execute(trx);
      const n = Number(held.rows[0]!.n);
      if (n > 0) throw new AppError(Code.conflict, 'role.inUse', { name: String(row.roleName), n });
    }
  },
});
