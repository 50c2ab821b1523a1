// Who is asking: the signed-in user with their roles and permission keys (RuoYi's "buttons"),
// loaded once per site generation and shared by every request of that user. The gate (gate.ts)
// checks a route's declared key against it; the browser only mirrors the same rule.
import type { SiteCache } from './cache.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import type { SiteConfig } from './site-config.ts';

export const ADMIN_ROLE_KEY = 'admin';
/** The super administrator: passes every key (spec section 6). */
export const SUPER_USER_ID = 1;

export interface RoleGrant {
  id: number;
  roleKey: string;
  roleName: string;
  /** DOMAIN.md data scope: 1 all, 2 custom departments, 3 own department, 4 own and below, 5 self. */
  dataScope: string;
}

export interface Principal {
  userId: number;
  siteId: number;
  deptId: number | null;
  loginName: string;
  realName: string;
  nickName: string;
  avatar: string | null;
  status: string;
  roles: RoleGrant[];
  roleIds: number[];
  /** Passes every permission of its site: user id 1 or a holder of the admin role. */
  isAdmin: boolean;
  todoHome: boolean;
  buttons: string[];
  buttonSet: ReadonlySet<string>;
  rePassword: boolean;
  passwordChangedAt: number;
}

export class Access {
  constructor(
    private readonly database: Database,
    private readonly cache: SiteCache,
    private readonly config: SiteConfig,
    private readonly clock: Clock,
  ) {}

  principal(siteId: number, userId: number): Promise<Principal | null> {
    return this.cache.get(siteId, `principal:${userId}`, () => this.load(siteId, userId));
  }

  can(p: Principal, permission: string): boolean {
    return p.isAdmin || p.buttonSet.has(permission);
  }

  /** Password older than the site's sys.account.passwordValidateDays (0 = never expires). */
  async passwordExpired(p: Principal): Promise<boolean> {
    // Whole days: a fraction stored before the setting was bounded (0.00001) must not expire every password.
    const days = Math.floor(Number(await this.config.value(p.siteId, 'sys.account.passwordValidateDays')));
    return days > 0 && this.clock.now() - p.passwordChangedAt > days * 86_400_000;
  }

  /** Every permission key defined in a site's menu tree. */
  siteButtons(siteId: number): Promise<string[]> {
    return this.cache.get(siteId, 'buttons:all', async () => {
      const rows = await this.database.db
        .selectFrom('sys_menu')
        .select('perms')
        .distinct()
        .where('top_dept_id', '=', siteId)
        .where('perms', 'is not', null)
        .where('status', '=', '0')
        .orderBy('perms')
        .execute();
      return rows.map((r) => r.perms!).filter(Boolean);
    });
  }

  private async load(siteId: number, userId: number): Promise<Principal | null> {
    const { db } = this.database;
    const user = await db
      .selectFrom('sys_user')
      .select(['id', 'dept_id', 'login_name', 'real_name', 'nick_name', 'avatar', 'status', 're_password', 'password_changed_at'])
      .where('id', '=', userId)
      .where('top_dept_id', '=', siteId)
      .executeTakeFirst();
    if (!user) return null;
    const roles = await db
      .selectFrom('sys_role as r')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
      .select(['r.id', 'r.role_key', 'r.role_name', 'r.data_scope', 'r.todo_home'])
      .where('ur.user_id', '=', userId)
      .where('r.top_dept_id', '=', siteId)
      .where('r.status', '=', '0')
      .orderBy('r.role_sort')
      .orderBy('r.id')
      .execute();
    const isAdmin = userId === SUPER_USER_ID || roles.some((r) => r.role_key === ADMIN_ROLE_KEY);
    let buttons: string[];
    if (isAdmin) buttons = await this.siteButtons(siteId);
    else if (roles.length === 0) buttons = [];
    else {
      const rows = await db
        .selectFrom('sys_menu as m')
        .innerJoin('sys_role_menu as rm', 'rm.menu_id', 'm.id')
        .select('m.perms')
        .distinct()
        .where(
          'rm.role_id',
          'in',
          roles.map((r) => r.id),
        )
        .where('m.top_dept_id', '=', siteId)
        .where('m.perms', 'is not', null)
        .where('m.status', '=', '0')
        .orderBy('m.perms')
        .execute();
      buttons = rows.map((r) => r.perms!).filter(Boolean);
    }
    return {
      userId: user.id,
      siteId,
      deptId: user.dept_id,
      loginName: user.login_name,
      realName: user.real_name,
      nickName: user.nick_name || user.real_name,
      avatar: user.avatar,
      status: user.status,
      roles: roles.map((r) => ({ id: r.id, roleKey: r.role_key, roleName: r.role_name, dataScope: r.data_scope })),
      roleIds: roles.map((r) => r.id),
      isAdmin,
      todoHome: roles.some((r) => r.todo_home),
      buttons,
      buttonSet: new Set(buttons),
      rePassword: user.re_password,
      passwordChangedAt: user.password_changed_at.getTime(),
    };
  }
}
