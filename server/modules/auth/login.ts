// Signing in (DOMAIN.md "Passwords"): a captcha after the first failure, five failures lock the
// account name for ten minutes, every attempt goes to the login log, success opens a session.
import type { Services } from '../../app.ts';
import { AppError, Code } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { decoyHash, verifyPassword } from './password.ts';

export const MAX_FAILURES = 5;
export const LOCK_MS = 10 * 60_000;

export interface Credentials {
  loginName: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

type LoginResult = 'ok' | 'bad_credentials' | 'locked' | 'disabled' | 'captcha';

export async function signIn(s: Services, site: Site, input: Credentials, client: ClientInfo): Promise<string> {
  const { db } = s.database;
  const now = s.clock.now();
  const loginName = input.loginName.trim();
  const log = (result: LoginResult, userId: number | null, msg: string | null = null) =>
    db
      .insertInto('sys_login_log')
      .values({
        top_dept_id: site.id,
        user_id: userId,
        login_name: loginName.slice(0, 64),
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 500) ?? null,
        result,
        msg,
        created_at: new Date(now),
      })
      .execute();

  const attempt = await db
    .selectFrom('sys_login_attempt')
    .select(['fail_count', 'locked_until'])
    .where('top_dept_id', '=', site.id)
    .where('login_name', '=', loginName)
    .executeTakeFirst();
  const lockedUntil = attempt?.locked_until?.getTime() ?? 0;
  if (lockedUntil > now) {
    await log('locked', null);
    throw new AppError(Code.locked, 'auth.locked', { minutes: Math.ceil((lockedUntil - now) / 60_000) });
  }
  // A lock that has run out starts the count afresh.
  const failures = lockedUntil ? 0 : (attempt?.fail_count ?? 0);
  if (failures > 0) {
    if (!input.captchaKey || !input.captchaCode) {
      await log('captcha', null, 'missing');
      throw new AppError(Code.captcha, 'auth.captchaRequired', undefined, { captchaRequired: true });
    }
    if (!(await s.captchas.check(site.id, input.captchaKey, input.captchaCode))) {
      await log('captcha', null, 'wrong');
      throw new AppError(Code.captcha, 'auth.captchaWrong', undefined, { captchaRequired: true });
    }
  }

  const user = await db
    .selectFrom('sys_user')
    .select(['id', 'password_hash', 'status'])
    .where('top_dept_id', '=', site.id)
    .where('login_name', '=', loginName)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    const count = failures + 1;
    const locks = count >= MAX_FAILURES;
    await db
      .insertInto('sys_login_attempt')
      .values({
        top_dept_id: site.id,
        login_name: loginName.slice(0, 64),
        fail_count: count,
        locked_until: locks ? new Date(now + LOCK_MS) : null,
        last_failed_at: new Date(now),
      })
      .onConflict((oc) =>
        oc.columns(['top_dept_id', 'login_name']).doUpdateSet({
          fail_count: count,
          locked_until: locks ? new Date(now + LOCK_MS) : null,
          last_failed_at: new Date(now),
        }),
      )
      .execute();
    await log('bad_credentials', user?.id ?? null);
    if (locks) throw new AppError(Code.locked, 'auth.locked', { minutes: LOCK_MS / 60_000 });
    throw new AppError(Code.badCredentials, 'auth.badCredentials', { left: MAX_FAILURES - count }, { captchaRequired: true });
  }
  if (user.status !== '0') {
    await log('disabled', user.id);
    throw new AppError(Code.disabled, 'auth.disabled');
  }
  if (attempt) {
    await db.deleteFrom('sys_login_attempt').where('top_dept_id', '=', site.id).where('login_name', '=', loginName).execute();
  }
  const token = await s.sessions.create(user.id, site.id, client.ip, client.userAgent);
  await log('ok', user.id);
  return token;
}

/** unlockPassword: lift a lock (and the captcha requirement) at once. */
export async function unlockAccount(s: Services, siteId: number, loginName: string): Promise<void> {
  await s.database.db
    .deleteFrom('sys_login_attempt')
    .where('top_dept_id', '=', siteId)
    .where('login_name', '=', loginName)
    .execute();
}
