// A core file the seed reads whole (issue 35): system/dicts.json not JSON at a start. The app
// builds, every area serves (the system area too: the file's fault is its own, not its area's),
// the dictionaries the database has stay, and the health endpoint names the file with its line and
// column. At a reload broken again after a fix, its last sound version serves.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { schemaCopy, type SchemaReload } from '../support/schemaCopy.ts';

const copy = schemaCopy('nk-schemas-core-');
const DICTS = copy.file('system/dicts.json');
let original: string;
let server: TestServer;
let admin: string;
let reload: () => Promise<SchemaReload>;

beforeAll(async () => {
  original = fs.readFileSync(DICTS, 'utf8');
  // Line 3, column 13: `"types": [` becomes `"types": [,`.
  fs.writeFileSync(DICTS, original.replace('"types": [', '"types": [,'));
  ({ server, admin, reload } = await copy.start());
});
afterAll(() => copy.close());

const health = async () => (await server.get('/api/schema/health', { token: admin })).body.data;

it('builds the app: lists answer, the dictionaries the database has stay', async () => {
  for (const url of ['/api/core/notice/list', '/api/core/user/list', '/api/expense/beforehand/list']) {
    const list = await server.get(url, { token: admin });
    expect(list.status, url).toBe(200);
    expect(list.body.code, url).toBe('0');
  }
  const types = await server.get('/api/core/dictType/list?pageSize=200', { token: admin });
  expect(types.body.code).toBe('0');
  expect(JSON.stringify(types.body.data)).toContain('sys_normal_disable');
});

it('names the file with line and column on the health endpoint, and nothing else', async () => {
  const report = await health();
  expect(report.outOfService).toEqual([]);
  expect(report.problems.map((p: { file: string }) => p.file)).toEqual(['system/dicts.json']);
  expect(report.problems[0]).toMatchObject({ area: 'system', site: null, pointer: '' });
  expect(report.problems[0].message).toMatch(/not JSON.*line 3,? column 13/);
});

it('keeps the last sound version at a reload broken again', async () => {
  fs.writeFileSync(DICTS, original);
  expect((await reload()).ok).toBe(true);
  const { loadDicts } = await import('../../server/seed/manifests.ts');
  const sound = loadDicts();
  expect(sound?.types.length).toBeGreaterThan(0);
  fs.writeFileSync(DICTS, original.replace('"types": [', '"types": [,'));
  const news = await reload();
  expect(news.health.problems.map((p) => p.file)).toEqual(['system/dicts.json']);
  expect(loadDicts()).toEqual(sound);
  expect((await server.get('/api/core/user/list', { token: admin })).body.code).toBe('0');
});
