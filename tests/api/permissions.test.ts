// The spec's demo-only calls served with real data (DOMAIN.md): permission entries from the
// menu's button keys, roles with the entries they hold, and the department tree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
let staff: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
  staff = await server.login('staff', 'Demo@12345');
});
afterAll(async () => server?.close());

interface Entry {
  permissionId: string;
  permissionName: string;
  actionList: string[];
}

describe('permission entries', () => {
  it('lists each screen’s actions as spec section 3 names them', async () => {
    const r = await server.get<Entry[]>('/api/permission/no-pager', { token: admin, lang: 'zh-CN' });
    expect(r.body.code).toBe('0');
    const user = r.body.data.find((e) => e.permissionId === 'system:user')!;
    expect(user.permissionName).toBe('用户管理');
    // add, remove, edit, list, query, status, import, export buttons → the nine actions.
    expect(user.actionList).toEqual(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']);
    for (const e of r.body.data) {
      for (const a of e.actionList)
        expect(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']).toContain(a);
    }
    const page = await server.get<{ records: Entry[]; total: number }>('/api/permission?pageNum=2&pageSize=5', { token: admin });
    expect(page.body.data.total).toBe(r.body.data.length);
    expect(page.body.data.records.map((e) => e.permissionId)).toEqual(r.body.data.slice(5, 10).map((e) => e.permissionId));
  });

  it('gives each role the entries its menus grant', async () => {
    const r = await server.get<Array<{ roleId: string; permissions: Entry[] }>>('/api/mock/role', { token: admin });
    expect(r.body.code).toBe('0');
    const plain = r.body.data.find((x) => x.roleId === 'user')!;
    expect(plain.permissions.length).toBeGreaterThan(0);
    // The demo 'user' role may only query and get (everyone also manages their own notices and prints
    // their own payslips).
    for (const p of plain.permissions.filter((x) => !['system:noticeUserRel', 'salary:mine'].includes(x.permissionId)))
      for (const a of p.actionList) expect(['query', 'get']).toContain(a);
    const adminRole = r.body.data.find((x) => x.roleId === 'admin')!;
    expect(adminRole.permissions.some((p) => p.permissionId === 'system:role' && p.actionList.includes('delete'))).toBe(true);
  });

  it('keeps them from people without the role screen', async () => {
    for (const path of ['/api/permission', '/api/permission/no-pager', '/api/mock/role']) {
      expect((await server.get(path, { token: staff })).body.code, path).toBe('40103');
    }
  });
});

describe('org tree', () => {
  it('is the site’s department tree as key, title, icon, group, children', async () => {
    const r = await server.get<Array<{ key: string; title: string; group: boolean; children: unknown[] }>>('/api/org/tree', {
      token: staff,
    });
    expect(r.body.code).toBe('0');
    expect(r.body.data).toHaveLength(1);
    const top = r.body.data[0]!;
    expect(top).toMatchObject({ title: '示范区第一中学', group: true, icon: 'apartment' });
    expect((top.children as Array<{ title: string }>).map((c) => c.title)).toContain('教务处');
  });
});
