// User administration rules (issue 5): the super administrator (user 1) is touched only by
// themselves; nobody disables or removes their own account; roles are granted only up to what the
// caller holds; a new account gets the given or the site's initial password and must change it at
// the first sign-in (a one-time password shown once to the administrator when the site configures
// none). Departments and roles of another site are refused by the entity runtime.
import { sql, type Transaction } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { SUPER_USER_ID, type Principal } from '../../platform/access.ts';
import { checkRoleGrant } from '../role/grants.ts';
import { hashPassword, isStrongPassword, randomPassword } from '../auth/password.ts';
import { decryptSetting } from '../system/secrets.ts';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';

export const INIT_PASSWORD_KEY = 'sys.user.initPassword';

/**
 * The site's configured initial password (a write-only setting, ../system/secrets.ts), or null when
 * none is set: then each new or reset account gets a one-time password of its own (issue 13).
 * Read through the transaction: the embedded database has one connection.
 */
export async function initialPassword(s: Services, trx: Transaction<any> | any, siteId: number): Promise<string | null> {
  const row = await sql<{
    config_value: string;
  }>`select config_value from sys_config where top_dept_id = ${siteId} and config_key = ${INIT_PASSWORD_KEY}`.execute(trx);
  const clear = decryptSetting(s.secret, siteId, INIT_PASSWORD_KEY, row.rows[0]?.config_value);
  return clear && clear !== 'unreadable' ? clear : null;
}

/** Passwords made up for accounts during one request, shown once in its answer and never again. */
const issued = new WeakMap<FastifyRequest, Array<{ loginName: string; password: string }>>();

export function issuedPasswords(request: FastifyRequest): Array<{ loginName: string; password: string }> {
  return issued.get(request) ?? [];
}

/** The password a new or reset account starts with: the configured one, or a one-time one noted for the answer. */
export async function startingPassword(
  s: Services,
  trx: Transaction<any> | any,
  request: FastifyRequest,
  siteId: number,
  loginName: string,
) {
  const configured = await initialPassword(s, trx, siteId);
  if (configured) return configured;
  const password = randomPassword();
  const list = issued.get(request) ?? [];
  list.push({ loginName, password });
  issued.set(request, list);
  return password;
}

export function guardSuperUser(callerId: number, targetId: number) {
  if (targetId === SUPER_USER_ID && callerId !== SUPER_USER_ID) throw new AppError(Code.forbidden, 'admin.superUser');
}

/**
 * Whom the caller may change, reset, disable or remove: not user 1 (but user 1), and for a
 * non-admin only people whose roles they could have granted themselves — else resetting an
 * administrator's password would hand over the administrator's account.
 */
export async function guardTarget(db: Transaction<any> | any, p: Principal, targetId: number) {
  guardSuperUser(p.userId, targetId);
  if (p.isAdmin || targetId === p.userId) return;
  const held = await sql<{ role_id: number }>`select role_id from sys_user_role where user_id = ${targetId}`.execute(db);
  try {
    await checkRoleGrant(
      db,
      p,
      held.rows.map((r) => Number(r.role_id)),
    );
  } catch {
    throw new AppError(Code.forbidden, 'admin.userBeyond');
  }
}

defineHooks('user', {
  async beforeSave({ s, trx, principal, site, request }, row, existing) {
    // The hash is never taken from a request.
    delete row.passwordHash;
    const password = row.password;
    delete row.password;
    // One account name per site: refused clearly, before the table's unique key would fail.
    if (typeof row.loginName === 'string' && row.loginName !== existing?.loginName) {
      const taken = await sql`select 1 from sys_user where top_dept_id = ${site.id} and login_name = ${row.loginName}
        ${existing ? sql`and id <> ${existing.id}` : sql``} limit 1`.execute(trx);
      if (taken.rows.length) throw new AppError(Code.conflict, 'user.loginNameTaken', { loginName: row.loginName });
    }
    if (existing) {
      await guardTarget(trx, principal, Number(existing.id));
      if (Number(existing.id) === principal.userId && row.status === '1') throw new AppError(Code.forbidden, 'admin.self');
    } else {
      if (
        password !== undefined &&
        password !== null &&
        password !== '' &&
        (typeof password !== 'string' || !isStrongPassword(password))
      ) {
        throw new AppError(Code.invalid, 'password.weak');
      }
      row.passwordHash = await hashPassword(
        typeof password === 'string' && password
          ? password
          : await startingPassword(s, trx, request, site.id, String(row.loginName ?? '')),
      );
    }
    if (Array.isArray(row.roleIds)) {
      const before = new Set(((existing?.roleIds as number[] | undefined) ?? []).map(Number));
      await checkRoleGrant(
        trx,
        principal,
        (row.roleIds as number[]).map(Number).filter((id) => !before.has(id)),
      );
    }
  },
  async afterSave({ trx }, row, existing) {
    // DOMAIN.md: the initial password must be changed at the first sign-in.
    if (!existing) await sql`update sys_user set re_password = true where id = ${row.id}`.execute(trx);
  },
  async beforeRemove({ principal, trx }, rows) {
    for (const row of rows) {
      await guardTarget(trx, principal, Number(row.id));
      if (Number(row.id) === principal.userId) throw new AppError(Code.forbidden, 'admin.self');
    }
  },
});
