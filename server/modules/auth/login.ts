// Signing in (DOMAIN.md "Passwords", issue 13). Failures count per account name *and* address:
// five lock that pair for ten minutes, so nobody can lock someone else's account from their own
// address, and attempts during a lock neither count nor extend it. A failure asks that same pair
// for a captcha (issue 31): someone failing from one address no longer makes the account's owner,
// elsewhere, type one. Failed attempts per address and all attempts per site are limited per window
// (per-site settings) and refused with Retry-After. Every attempt goes to the login log; success
// opens a session.
import type { Services } from '../../platform/services.ts';
import { AppError, Code, TooManyRequests } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { decoyHash, verifyPassword } from './password.ts';

export const MAX_FAILURES = 5;
export const LOCK_MS = 10 * 60_000;
/** Failed sign-ins per address and site in a window of this length (setting sys.login.maxFailuresPerAddress). */
export const ADDRESS_WINDOW_MS = 15 * 60_000;
/** Sign-in attempts per site in a window of this length (setting sys.login.maxAttemptsPerSite). */
export const SITE_WINDOW_MS = 60_000;
const DEFAULT_ADDRESS_FAILURES = 30;
const DEFAULT_SITE_ATTEMPTS = 1000;

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

type LoginResult = 'ok' | 'bad_credentials' | 'locked' | 'disabled' | 'captcha' | 'throttled';

async function limitOf(s: Services, siteId: number, key: string, fallback: number) {
  const n = Number(await s.siteConfig.value(siteId, key));
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export async function signIn(s: Services, site: Site, input: Credentials, client: ClientInfo): Promise<string> {
  const { db } = s.database;
  const now = s.clock.now();
  const loginName = input.loginName.trim();
  const ip = (client.ip ?? '').slice(0, 64);
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
  const throttled = async (seconds: number, msg: string) => {
    await log('throttled', null, msg);
    throw new TooManyRequests('auth.throttled', seconds);
  };

  // A flood is refused before any password is hashed.
  const addressSubject = `${site.id}:${ip}`;
  const addressLimit = await limitOf(s, site.id, 'sys.login.maxFailuresPerAddress', DEFAULT_ADDRESS_FAILURES);
  const addressWait = await s.rateLimits.over('login.address', addressSubject, addressLimit, ADDRESS_WINDOW_MS);
  if (addressWait) await throttled(addressWait, 'address');
  const siteLimit = await limitOf(s, site.id, 'sys.login.maxAttemptsPerSite', DEFAULT_SITE_ATTEMPTS);
  const siteWait = await s.rateLimits.hit('login.site', String(site.id), siteLimit, SITE_WINDOW_MS);
  if (siteWait) await throttled(siteWait, 'site');
  const failed = () => s.rateLimits.hit('login.address', addressSubject, addressLimit, ADDRESS_WINDOW_MS);

  // The pair's failures: the lock and the captcha are both this name's from this address.
  const own = await db
    .selectFrom('sys_login_attempt')
    .select(['ip', 'fail_count', 'locked_until', 'last_failed_at'])
    .where('top_dept_id', '=', site.id)
    .where('login_name', '=', loginName)
    .where('ip', '=', ip)
    .executeTakeFirst();
  const lockedUntil = own?.locked_until?.getTime() ?? 0;
  if (lockedUntil > now) {
    await log('locked', null);
    throw new AppError(Code.locked, 'auth.locked', { minutes: Math.ceil((lockedUntil - now) / 60_000) });
  }
  // A lock that has run out starts the pair's count afresh.
  const failures = lockedUntil ? 0 : (own?.fail_count ?? 0);
  // The captcha is the pair's too (issue 31): asked while the pair has failures counted (a lock that
  // ran out starts afresh, as before). Other addresses' failures do not ask this one: the per-address
  // flood limit bounds an attacker who spreads over addresses.
  if (failures > 0) {
    if (!input.captchaKey || !input.captchaCode) {
      await log('captcha', null, 'missing');
      throw new AppError(Code.captcha, 'auth.captchaRequired', undefined, { captchaRequired: true });
    }
    if (!(await s.captchas.check(site.id, input.captchaKey, input.captchaCode))) {
      await failed();
      await log('captcha', null, 'wrong');
      throw new AppError(Code.captcha, 'auth.captchaWrong', undefined, { captchaRequired: true });
    }
  }

  const user = await db
    .selectFrom('sys_user')
    .select(['id', 'password_hash', 'status', 'real_name', 'login_name', 'dept_id'])
    .where('top_dept_id', '=', site.id)
    .where('login_name', '=', loginName)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    const count = failures + 1;
    const locks = count >= MAX_FAILURES;
    const values = {
      fail_count: count,
      locked_until: locks ? new Date(now + LOCK_MS) : null,
      last_failed_at: new Date(now),
    };
    await db
      .insertInto('sys_login_attempt')
      .values({ top_dept_id: site.id, login_name: loginName.slice(0, 64), ip, ...values })
      .onConflict((oc) => oc.columns(['top_dept_id', 'login_name', 'ip']).doUpdateSet(values))
      .execute();
    await failed();
    await log('bad_credentials', user?.id ?? null);
    if (locks) throw new AppError(Code.locked, 'auth.locked', { minutes: LOCK_MS / 60_000 });
    throw new AppError(Code.badCredentials, 'auth.badCredentials', { left: MAX_FAILURES - count }, { captchaRequired: true });
  }
  if (user.status !== '0') {
    await log('disabled', user.id);
    throw new AppError(Code.disabled, 'auth.disabled');
  }
  if (own) {
    await db
      .deleteFrom('sys_login_attempt')
      .where('top_dept_id', '=', site.id)
      .where('login_name', '=', loginName)
      .where('ip', '=', ip)
      .execute();
  }
  const token = await s.sessions.create(
    { userId: user.id, name: user.real_name || user.login_name, deptId: user.dept_id },
    site.id,
    client.ip,
    client.userAgent,
  );
  await log('ok', user.id);
  return token;
}

/** unlockPassword: lift the name's locks (and captcha requirements) from every address at once. */
export async function unlockAccount(s: Services, siteId: number, loginName: string): Promise<void> {
  await s.database.db
    .deleteFrom('sys_login_attempt')
    .where('top_dept_id', '=', siteId)
    .where('login_name', '=', loginName)
    .execute();
}
