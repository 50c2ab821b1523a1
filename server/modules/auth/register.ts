// Self-registration, only where a site switches it on (sys.account.registerUser = true): the new
// account lands in the top department with the role named by sys.account.registerRoleKey.
import type { Services } from '../../platform/services.ts';
import { AppError, Code } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { hashPassword, isStrongPassword } from './password.ts';

export async function registerUser(
  s: Services,
  site: Site,
  input: { loginName: string; password: string; realName: string },
): Promise<number> {
  if (!isStrongPassword(input.password)) throw new AppError(Code.invalid, 'password.weak');
  const roleKey = (await s.siteConfig.value(site.id, 'sys.account.registerRoleKey')) || 'user';
  const passwordHash = await hashPassword(input.password);
  const id = await s.database.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('sys_user')
      .select('id')
      .where('top_dept_id', '=', site.id)
      .where('login_name', '=', input.loginName)
      .executeTakeFirst();
    if (taken) throw new AppError(Code.conflict, 'user.loginNameTaken', { loginName: input.loginName });
    const user = await trx
      .insertInto('sys_user')
      .values({
        top_dept_id: site.id,
        dept_id: site.id,
        login_name: input.loginName,
        password_hash: passwordHash,
        real_name: input.realName,
        nick_name: input.realName,
        created_by: null,
        updated_by: null,
        remark: null,
        avatar: null,
        phone: null,
        email: null,
        password_changed_at: new Date(s.clock.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx
      .selectFrom('sys_role')
      .select('id')
      .where('top_dept_id', '=', site.id)
      .where('role_key', '=', roleKey)
      .executeTakeFirst();
    if (role) await trx.insertInto('sys_user_role').values({ user_id: user.id, role_id: role.id }).execute();
    return user.id;
  });
  await s.cache.invalidate(site.id);
  return id;
}
