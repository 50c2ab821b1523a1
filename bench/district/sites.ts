// A district on one installation (issue 37): ~100 organisations beside the demo's two, each with its
// departments, ~200 people, the seeded roles and a modest budget year, written straight into the
// database. Each site is made the way the seed makes the demo's (createOrganisation from an
// OrganisationSeed, which syncs its menus, dictionaries, settings and processes), one transaction
// per site under the seed's advisory lock; the budget indicators go in by SQL afterwards.
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../server/modules/auth/password.ts';
import type { Clock } from '../../server/platform/clock.ts';
import { systemClock } from '../../server/platform/clock.ts';
import type { DB } from '../../server/platform/db/types.ts';
import { createOrganisation } from '../../server/seed/index.ts';
import { ORGANISATIONS, type OrganisationSeed, type UserSeed } from '../../server/seed/organisations.ts';

export interface DistrictOptions {
  /** Sites to add (the demo's two not counted). */
  count: number;
  /** People per site, its administrator included. */
  usersPerSite?: number;
  /** Budget indicators per site for the year. */
  indicatorsPerSite?: number;
  /** Every generated person's password (hashed once: scrypt is slow on purpose). */
  password?: string;
  clock?: Clock;
  /** Called after each site, for a progress line. */
  progress?: (done: number, count: number) => void;
}

export interface GeneratedSite {
  id: number;
  key: string;
  /** The site's administrator (every menu): `admin` on every generated site. */
  admin: string;
  /** One member of staff (the staff role: a person's own requests). */
  staff: string;
}

export const DISTRICT_PASSWORD = 'Site@12345';

const DEPARTMENTS = ['校长办公室', '党政办公室', '教务处', '学生处', '总务处', '财务室', '信息中心', '工会'];

/** Generated sites are `site003` … `site100`: numbered after the demo's two. */
export const districtKey = (n: number) => `site${String(n).padStart(3, '0')}`;

function siteSeed(n: number, users: number): OrganisationSeed {
  const school = ORGANISATIONS[0]!;
  const name = `区属第${n}学校`;
  const people: UserSeed[] = [
    { loginName: 'admin', password: '', realName: `${name}管理员`, dept: '信息中心', roles: ['admin'], leads: true },
    { loginName: 'principal', password: '', realName: '校长', dept: '校长办公室', roles: ['principal'], leads: true },
    { loginName: 'finance', password: '', realName: '会计', dept: '财务室', roles: ['accountant'], leads: true },
    { loginName: 'cashier', password: '', realName: '出纳', dept: '财务室', roles: ['cashier'] },
    { loginName: 'assets', password: '', realName: '资产管理员', dept: '总务处', roles: ['assetKeeper'], leads: true },
  ];
  // Heads of the departments nobody above leads, then staff spread over the departments.
  for (const dept of ['党政办公室', '教务处', '学生处', '工会'])
    people.push({
      loginName: `head${people.length}`,
      password: '',
      realName: `${dept}主任`,
      dept,
      roles: ['deptHead'],
      leads: true,
    });
  for (let i = people.length; i < users; i++) {
    people.push({
      loginName: `u${String(i).padStart(4, '0')}`,
      password: '',
      realName: `教职工${i}`,
      dept: DEPARTMENTS[i % DEPARTMENTS.length]!,
      roles: ['staff'],
      sex: i % 2 ? '1' : '0',
    });
  }
  return {
    key: districtKey(n),
    name,
    departments: DEPARTMENTS,
    roles: school.roles,
    users: people.slice(0, Math.max(1, users)),
    base: {
      loginTitle: '内控系统',
      navTitle: '内控系统',
      label: name,
      extend: { topDeptName: name, otherSystemList: [], navLogoStr: name, disable: false },
    },
    config: {},
  };
}

/**
 * Adds `count` sites numbered after the ones already there (site003 onwards; one already made is
 * skipped, so a second call tops up). Returns every generated site and how long it took.
 */
export async function generateSites(
  db: Kysely<DB>,
  options: DistrictOptions,
): Promise<{ sites: GeneratedSite[]; seconds: number; users: number; indicators: number }> {
  const began = performance.now();
  const clock = options.clock ?? systemClock;
  const usersPerSite = options.usersPerSite ?? 200;
  const perSite = options.indicatorsPerSite ?? 24;
  const year = new Date(clock.now()).getFullYear();
  const hash = await hashPassword(options.password ?? DISTRICT_PASSWORD);
  const sites: GeneratedSite[] = [];
  let users = 0;
  let indicators = 0;
  for (let i = 0; i < options.count; i++) {
    const org = siteSeed(i + 3, usersPerSite);
    const hashes = new Map(org.users.map((u) => [`${org.key}/${u.loginName}`, hash]));
    const id = await db.transaction().execute(async (trx) => {
      // The seed's lock: a node starting meanwhile syncs the sites after this one is whole.
      await sql`select pg_advisory_xact_lock(hashtext('nk_seed'))`.execute(trx);
      const have = await trx.selectFrom('sys_dept').select('id').where('top_dept_key', '=', org.key).executeTakeFirst();
      if (have) return Number(have.id);
      await createOrganisation(trx, org, hashes, clock, year);
      users += org.users.length;
      const made = await trx.selectFrom('sys_dept').select('id').where('top_dept_key', '=', org.key).executeTakeFirstOrThrow();
      const siteId = Number(made.id);
      indicators += await budgetYear(trx, siteId, year, perSite);
      return siteId;
    });
    sites.push({ id, key: org.key, admin: 'admin', staff: org.users[org.users.length - 1]!.loginName });
    options.progress?.(i + 1, options.count);
  }
  await sql`analyze`.execute(db);
  return { sites, seconds: (performance.now() - began) / 1000, users, indicators };
}

/**
 * A modest budget year, as a site starts one (the demo's indicators, server/seed/demo-budget.ts,
 * without the year of spending): basic and project indicators over the departments, each with its
 * original and adjusted amount and a little of it spent.
 */
async function budgetYear(db: Kysely<DB>, siteId: number, year: number, count: number): Promise<number> {
  if (count <= 0) return 0;
  const admin = await db
    .selectFrom('sys_user')
    .select('id')
    .where('top_dept_id', '=', siteId)
    .where('login_name', '=', 'admin')
    .executeTakeFirstOrThrow();
  const depts = (
    await db
      .selectFrom('sys_dept')
      .select('id')
      .where('top_dept_id', '=', siteId)
      .where('id', '<>', siteId)
      .orderBy('id')
      .execute()
  ).map((d) => Number(d.id));
  const econ = ['30201', '30202', '30211', '30213', '30216', '30217', '30231', '31007'];
  await sql`insert into nk_budget (top_dept_id, budget_year, limit_code, budget_name, dept_id, expense_type, economic_class,
      project_name, original_amount, adjusted_amount, used_amount, paid_amount, major_flag, sort_no, created_by, updated_by)
    select ${siteId}, ${String(year)}, lpad(g::text, 3, '0'), '预算指标 ' || g, (${sql.val(depts)}::bigint[])[1 + g % ${depts.length}],
      case when g % 6 = 0 then '3' when g % 6 = 1 then '1' else '2' end,
      (${sql.val(econ)}::text[])[1 + g % ${econ.length}],
      case when g % 6 = 0 then '项目 ' || g end,
      50000 + (g % 10) * 25000, 50000 + (g % 10) * 25000, (g % 7) * 4000, (g % 7) * 3000,
      case when g % 12 = 0 then '1' else '0' end, g, ${Number(admin.id)}, ${Number(admin.id)}
    from generate_series(1, ${count}) g`.execute(db);
  return count;
}
