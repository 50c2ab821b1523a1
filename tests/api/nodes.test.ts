// Several app nodes on one database: logout and cache changes hold on every node at once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/database.ts';
import { startNode, startServer, type TestServer } from '../support/server.ts';

let first: TestServer;
let second: TestServer;
let secondDb: Database;
beforeAll(async () => {
  first = await startServer();
  secondDb = await first.testDb!.openAnotherNode();
  second = await startNode(secondDb, first.testDb!.dataDir);
});
afterAll(async () => {
  await second?.close();
  if (secondDb && secondDb !== first.database) await secondDb.close();
  await first?.close();
});

const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

it('refuses on every node a token logged out on one', async () => {
  const token = await first.login('principal', 'Demo@12345');
  expect((await second.get('/api/core/menu/user', { token })).body.code).toBe('0');
  expect((await first.post('/api/auth/logout', {}, { token })).body.code).toBe('0');
  expect(await eventually(async () => (await second.get('/api/core/menu/user', { token })).body.code === '40102')).toBe(true);
});

it('shows a changed base info on every node', async () => {
  const before = (await second.get('/api/core/dept/infoByTopDeptKey/demo')).body.data;
  expect(before.navTitle).toBe('内控系统');
  const site = first.services.sites.get('demo')!;
  await first.database.db.updateTable('sys_dept_base').set({ nav_title: '新标题' }).where('top_dept_id', '=', site.id).execute();
  await first.services.cache.invalidate(site.id);
  expect(
    await eventually(async () => (await second.get('/api/core/dept/infoByTopDeptKey/demo')).body.data.navTitle === '新标题'),
  ).toBe(true);
});
