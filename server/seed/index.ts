// Seeding at start: create the demo organisations that do not exist yet, then bring every site's
// menus, dictionaries and settings up to this release. Idempotent, one transaction, and
// serialised by an advisory lock when several app nodes start against one PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { DB } from '../platform/db/types.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { DEMO_WORK_START, ORGANISATIONS, type OrganisationSeed } from './organisations.ts';
import { syncSite, syncSites } from './sync.ts';

export interface SeedReport {
  created: string[];
  sites: number;
  /** Sites brought up to this release at this start (the others were already). */
  synced: number;
}

export async function seed(db: Kysely<DB>, clock: Clock, only?: string[]): Promise<SeedReport> {
  const year = new Date(clock.now()).getFullYear();
  const made = new Set(
    (await db.selectFrom('sys_dept').select('top_dept_key').where('top_dept_key', 'is not', null).execute()).map(
      (r) => r.top_dept_key,
    ),
  );
  // Only the organisations still to make (every start but the first makes none): their passwords
  // are hashed outside the transaction, as scrypt is slow on purpose and runs on the thread pool.
  const wanted = ORGANISATIONS.filter((o) => (!only || only.includes(o.key)) && !made.has(o.key));
  const hashes = new Map<string, string>();
  await Promise.all(
    wanted.flatMap((o) => o.users.map(async (u) => hashes.set(`${o.key}/${u.loginName}`, await hashPassword(u.password)))),
  );
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('nk_seed'))`.execute(trx);
    const created: string[] = [];
    for (const org of wanted) {
      // Another node may have made it while this one hashed.
      const exists = await trx.selectFrom('sys_dept').select('id').where('top_dept_key', '=', org.key).executeTakeFirst();
      if (exists) continue;
      await createOrganisation(trx, org, hashes, clock, year);
      created.push(org.key);
    }
    const { sites, synced } = await syncSites(trx, year);
    return { created, sites, synced };
  });
}

/** A new organisation (site) from its seed; the bench's generated districts make theirs the same way. */
export async function createOrganisation(
  trx: Transaction<DB>,
  org: OrganisationSeed,
  hashes: Map<string, string>,
  clock: Clock,
  year: number,
) {
  const { id: topId } = await sql<{ id: number }>`select nextval('sys_dept_id_seq')::int8 as id`
    .execute(trx)
    .then((r) => r.rows[0]!);
  await trx
    .insertInto('sys_dept')
    .values({ id: topId, top_dept_id: topId, parent_id: 0, ancestors: '0', dept_name: org.name, top_dept_key: org.key })
    .execute();
  const depts = await trx
    .insertInto('sys_dept')
    .values(
      org.departments.map((name, i) => ({
        top_dept_id: topId,
        parent_id: topId,
        ancestors: `0,${topId}`,
        dept_name: name,
        order_num: i + 1,
      })),
    )
    .returning(['id', 'dept_name'])
    .execute();
  const deptId = new Map(depts.map((d) => [d.dept_name, d.id]));
  await trx
    .insertInto('sys_dept_base')
    .values({
      top_dept_id: topId,
      icon: '/logo.svg',
      login_title: org.base.loginTitle,
      login_logo: '/logo.svg',
      nav_title: org.base.navTitle,
      nav_logo: '/logo.svg',
      label: org.base.label,
      extend: JSON.stringify(org.base.extend),
    })
    .execute();
  const roles = await trx
    .insertInto('sys_role')
    .values(
      org.roles.map((r, i) => ({
        top_dept_id: topId,
        role_key: r.key,
        role_name: r.name,
        role_sort: i + 1,
        data_scope: r.dataScope,
        todo_home: r.todoHome ?? false,
      })),
    )
    .returning(['id', 'role_key'])
    .execute();
  const roleId = new Map(roles.map((r) => [r.role_key, r.id]));
  const now = new Date(clock.now());
  // One statement for the people (a district generates 200 a site): the rows of a VALUES list take
  // their ids in order, so the demo's first user is still id 1.
  for (const u of org.users)
    if (!deptId.get(u.dept)) throw new Error(`seed ${org.key}: user ${u.loginName} names unknown department ${u.dept}`);
  const users = await trx
    .insertInto('sys_user')
    .values(
      org.users.map((u) => ({
        top_dept_id: topId,
        dept_id: deptId.get(u.dept)!,
        login_name: u.loginName,
        password_hash: hashes.get(`${org.key}/${u.loginName}`)!,
        real_name: u.realName,
        nick_name: u.realName,
        sex: u.sex ?? '2',
        re_password: u.rePassword ?? false,
        password_changed_at: now,
        work_start_date: DEMO_WORK_START[u.loginName] ?? null,
      })),
    )
    .returning(['id', 'login_name'])
    .execute();
  const userId = new Map(users.map((u) => [u.login_name, u.id]));
  const memberships = org.users.flatMap((u) =>
    u.roles.map((key) => ({ user_id: userId.get(u.loginName)!, role_id: roleId.get(key)! })),
  );
  if (memberships.length) await trx.insertInto('sys_user_role').values(memberships).execute();
  for (const u of org.users)
    if (u.leads)
      await trx
        .updateTable('sys_dept')
        .set({ leader_user_id: userId.get(u.loginName)! })
        .where('id', '=', deptId.get(u.dept)!)
        .execute();
  // Menus, dictionaries and settings come from the release's manifests, with this site's own settings.
  await syncSite(trx, topId, year, org.config);
}
