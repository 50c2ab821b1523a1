// The start's sync of every site (issue 37): a site already brought up to this release is left
// alone at the next start; one whose last sync was to another release (or never recorded) is
// synced again, its missing menus and dictionaries restored, and recorded.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../server/platform/clock.ts';
import type { DB } from '../../server/platform/db/types.ts';
import { seed } from '../../server/seed/index.ts';
import { releaseSignature } from '../../server/seed/sync.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let db: Kysely<DB>;
const year = new Date(systemClock.now()).getFullYear();
beforeAll(async () => {
  server = await startServer();
  db = server.database.db as unknown as Kysely<DB>;
});
afterAll(async () => server?.close());

const siteId = async (key: string) =>
  Number((await db.selectFrom('sys_dept').select('id').where('top_dept_key', '=', key).executeTakeFirstOrThrow()).id);
const recorded = async (id: number) =>
  (await db.selectFrom('sys_site_sync').select('release').where('top_dept_id', '=', id).executeTakeFirst())?.release;

it('records the release every site was synced to, and the next start syncs none', async () => {
  for (const key of ['demo', 'city']) expect(await recorded(await siteId(key))).toBe(releaseSignature(key, year));
  // The city has its own files (schemas/sites/city): its release is not the demo's.
  expect(releaseSignature('city', year)).not.toBe(releaseSignature('demo', year));
  expect(releaseSignature('demo', year + 1)).not.toBe(releaseSignature('demo', year));
  expect(await seed(db, systemClock)).toMatchObject({ created: [], sites: 2, synced: 0 });
});

it('syncs a site recorded at another release, and one never recorded, once', async () => {
  const [demo, city] = [await siteId('demo'), await siteId('city')];
  const menu = await db
    .selectFrom('sys_menu')
    .select(['id', 'menu_key'])
    .where('top_dept_id', '=', demo)
    .where('menu_key', '=', 'noticeList:query')
    .executeTakeFirstOrThrow();
  // What the sync restores: a release's menu entry and a dictionary the site lacks.
  await db.deleteFrom('sys_role_menu').where('menu_id', '=', menu.id).execute();
  await db.deleteFrom('sys_menu').where('id', '=', menu.id).execute();
  await db.deleteFrom('sys_dict_data').where('top_dept_id', '=', city).where('dict_type', '=', 'ys_budget_year').execute();
  // Unchanged release: the start leaves both as they are.
  expect(await seed(db, systemClock)).toMatchObject({ synced: 0 });
  const menuThere = () =>
    db
      .selectFrom('sys_menu')
      .select('id')
      .where('top_dept_id', '=', demo)
      .where('menu_key', '=', 'noticeList:query')
      .executeTakeFirst();
  expect(await menuThere()).toBeUndefined();

  await db.updateTable('sys_site_sync').set({ release: 'an older release' }).where('top_dept_id', '=', demo).execute();
  await db.deleteFrom('sys_site_sync').where('top_dept_id', '=', city).execute();
  expect(await seed(db, systemClock)).toMatchObject({ sites: 2, synced: 2 });
  expect(await menuThere()).toBeDefined();
  const years = await db
    .selectFrom('sys_dict_data')
    .select('dict_value')
    .where('top_dept_id', '=', city)
    .where('dict_type', '=', 'ys_budget_year')
    .execute();
  expect(years.map((y) => y.dict_value).sort()).toEqual([year - 1, year, year + 1].map(String));
  expect(await recorded(demo)).toBe(releaseSignature('demo', year));
  expect(await recorded(city)).toBe(releaseSignature('city', year));
  expect(await seed(db, systemClock)).toMatchObject({ synced: 0 });
});

it('gives every site without overrides the same compiled schemas, and a site with its own its own', async () => {
  const schemas = server.services.schemas;
  expect(schemas.forSite('demo')).toBe(schemas.forSite('another-plain-site'));
  expect(schemas.forSite('city')).not.toBe(schemas.forSite('demo'));
  expect(schemas.forSite('city').entities.get('policy')).not.toBe(schemas.forSite('demo').entities.get('policy'));
});

it('syncs each site once when several nodes start a new release at the same time (the seed lock)', async () => {
  await db.updateTable('sys_site_sync').set({ release: 'an older release' }).execute();
  const starts = await Promise.all([seed(db, systemClock), seed(db, systemClock), seed(db, systemClock)]);
  expect(starts.map((s) => s.synced).reduce((a, b) => a + b)).toBe(2);
  expect(await seed(db, systemClock)).toMatchObject({ synced: 0 });
});
