// The audit trail (issue 36): a save is recorded in its own transaction with who, where and each
// field before and after; lines added, changed, removed; a secret is recorded as changed, never its
// value; nobody edits or deletes a record; and a record edited behind the product's back (straight
// in the database) is named by the verify.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { startServer, type TestServer } from '../support/server.ts';
import { verifyChain } from '../../server/modules/audit/verify.ts';

let server: TestServer;
let staff: string;
let db: Kysely<any>;
let site: number;
beforeAll(async () => {
  server = await startServer();
  staff = await server.login('staff', 'Demo@12345');
  db = server.database.db as unknown as Kysely<any>;
  site = Number(
    (await sql<{ id: number }>`select top_dept_id as id from sys_user where login_name = 'staff'`.execute(db)).rows[0]!.id,
  );
});
afterAll(async () => server?.close());

interface Rec {
  seq: number;
  op: string;
  tbl: string;
  doc_entity: string | null;
  actor_id: number | null;
  content: string;
}
const recordsOf = async (entity: string, id: number) =>
  (
    await sql<Rec>`select seq, op, tbl, doc_entity, actor_id, content from sys_audit
      where top_dept_id = ${site} and doc_entity = ${entity} and ${id} = any(doc_ids) order by seq`.execute(db)
  ).rows.map((r) => ({
    ...r,
    body: JSON.parse(r.content) as { ctx: Record<string, unknown>; rows: Array<Record<string, unknown>> },
  }));

it('records a save with who wrote it, from where, and each field before and after', async () => {
  const saved = await server.post<{ id: number; version: number }>(
    '/api/leave/apply/save',
    { leaveType: 'personal', startDate: '2026-03-02', endDate: '2026-03-03', days: 2, reason: '审计测试' },
    { token: staff },
  );
  expect(saved.body.code).toBe('0');
  const id = saved.body.data.id;
  const created = await recordsOf('leaveApply', id);
  expect(created.length).toBeGreaterThan(0);
  const insert = created.find((r) => r.op === 'insert')!;
  expect(insert.body.ctx).toMatchObject({ siteId: site, actorName: expect.any(String), action: 'POST /api/leave/apply/save' });
  expect(insert.actor_id).toBe(Number(insert.body.ctx.actorId));
  expect(insert.body.rows[0]).toMatchObject({ id, reason: '审计测试', leave_type: 'personal' });

  const updated = await server.post(
    '/api/leave/apply/update',
    { id, version: saved.body.data.version, reason: '审计测试（改）' },
    { token: staff },
  );
  expect(updated.body.code).toBe('0');
  const after = await recordsOf('leaveApply', id);
  const change = after.filter((r) => r.op === 'update').at(-1)!;
  expect(change.body.rows[0]!.changes).toMatchObject({ reason: ['审计测试', '审计测试（改）'] });
});

it('records a password change as changed, never its value', async () => {
  const token = await server.login('head', 'Demo@12345');
  const changed = await server.post(
    '/api/core/user/upPassword',
    { oldPassword: 'Demo@12345', newPassword: 'Trail@2026x' },
    { token },
  );
  expect(changed.body.code).toBe('0');
  const all = (await sql<{ content: string }>`select content from sys_audit`.execute(db)).rows.map((r) => r.content).join('\n');
  expect(all).not.toContain('Trail@2026x');
  expect(all).not.toMatch(/\$2[aby]\$|scrypt|argon2/);
  const head = (
    await sql<{
      content: string;
    }>`select content from sys_audit where tbl = 'sys_user' and op = 'update' order by id desc limit 1`.execute(db)
  ).rows[0]!;
  expect(JSON.parse(head.content).rows[0].changes.password_hash).toEqual(['******', '******']);
});

it('records a secret setting as changed, never its value, clear or encrypted', async () => {
  const admin = await server.login('admin', 'Admin@12345');
  const SECRET = 'district-shared-secret-trail-0123456789';
  const page = await server.get<{ records: Array<{ id: number; version: number; configKey: string }> }>(
    '/api/core/config/page?configKey=integration.haidianSecret',
    { token: admin },
  );
  const row = page.body.data.records.find((r) => r.configKey === 'integration.haidianSecret')!;
  const saved = await server.post(
    '/api/core/config/update',
    { id: row.id, version: row.version, configValue: SECRET },
    { token: admin },
  );
  expect(saved.body.code).toBe('0');
  const records = (
    await sql<{ content: string }>`select content from sys_audit where tbl = 'sys_config' order by id desc limit 3`.execute(db)
  ).rows;
  const change = records.map((r) => JSON.parse(r.content)).find((c) => c.op === 'update')!;
  expect(change.rows[0].changes.config_value).toEqual(['******', '******']);
  const all = (await sql<{ content: string }>`select content from sys_audit`.execute(db)).rows.map((r) => r.content).join('\n');
  expect(all).not.toContain(SECRET);
  expect(all).not.toContain('enc:v1:');
});

it('records signing in and out under the person, never the session’s token or its hash', async () => {
  const token = await server.login('finance', 'Demo@12345');
  const userId = Number(
    (await sql<{ id: number }>`select id from sys_user where login_name = 'finance'`.execute(db)).rows[0]!.id,
  );
  expect((await server.post('/api/auth/logout', {}, { token })).body.code).toBe('0');
  const records = await recordsOf('user', userId);
  const sessions = records.filter((r) => r.tbl === 'sys_session');
  expect(sessions.map((r) => r.op)).toEqual(expect.arrayContaining(['insert', 'update']));
  // Signing in names the person who signed in (the request had no person yet), and signing out too.
  const signIn = sessions.filter((r) => r.op === 'insert').at(-1)!;
  expect(Number(signIn.actor_id)).toBe(userId);
  expect(signIn.body.ctx.actorName).toBeTruthy();
  const signOut = sessions.filter((r) => r.op === 'update').at(-1)!;
  expect(sessions.indexOf(signOut)).toBeGreaterThan(sessions.indexOf(signIn));
  expect(Number(signOut.actor_id)).toBe(userId);
  expect(Object.keys((signOut.body.rows[0] as { changes: object }).changes)).toEqual(['revoked_at']);
  expect(signOut.content).not.toContain(token);
  expect(signOut.content).not.toContain(createHash('sha256').update(token).digest('hex'));
  expect(JSON.stringify(signOut.body.rows[0])).toContain('******');
  // The failed attempt before is the login log's record.
  const failed = await server.post('/api/auth/login/account', { loginName: 'finance', password: 'wrong-password-1' });
  expect(failed.body.code).not.toBe('0');
  const logs = (
    await sql<{ content: string }>`select content from sys_audit where tbl = 'sys_login_log' order by id desc limit 1`.execute(db)
  ).rows;
  expect(logs[0]!.content).toContain('finance');
});

it('names the file an import came from, by name and SHA-256, and how many rows it held', async () => {
  const admin = await server.login('admin', 'Admin@12345');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  const type = `trail_${Date.now().toString(36)}`;
  sheet.addRow(['字典类型', '字典标签', '字典键值']);
  sheet.addRow([type, '甲', 'a']);
  sheet.addRow([type, '乙', 'b']);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), '字典导入.xlsx');
  const r = await fetch(`http://127.0.0.1:${server.port}/api/core/dictData/import`, {
    method: 'POST',
    body: form,
    headers: { token: admin, hostname: 'localhost', 'accept-language': 'zh-CN' },
  });
  expect(((await r.json()) as { code: string }).code).toBe('0');
  const records = (
    await sql<{
      content: string;
    }>`select content from sys_audit where tbl = 'sys_dict_data' and content like ${`%${type}%`} order by id`.execute(db)
  ).rows.map(
    (r) => JSON.parse(r.content) as { ctx: { note: { import: Record<string, unknown> } }; rows: Array<Record<string, unknown>> },
  );
  // Each row inserted is a record, and each names the file.
  expect(records.flatMap((r) => r.rows.map((row) => row.dict_label))).toEqual(['甲', '乙']);
  const sha256 = createHash('sha256').update(file).digest('hex');
  for (const record of records)
    expect(record.ctx.note.import).toEqual({ name: '字典导入.xlsx', bytes: file.length, sha256, rows: 2 });
});

it('refuses to edit or delete a record, even straight in the database', async () => {
  await expect(sql`update sys_audit set content = content where seq = 1`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`delete from sys_audit where seq = 1`.execute(db)).rejects.toThrow(/append-only/);
});

it('keeps nothing of a save that was refused: the record is in the write’s own transaction', async () => {
  const before = Number(
    (await sql<{ n: number }>`select count(*)::int as n from sys_audit where top_dept_id = ${site}`.execute(db)).rows[0]!.n,
  );
  const refused = await server.post(
    '/api/leave/apply/save',
    { leaveType: 'personal', startDate: '2026-03-09', endDate: '2026-03-06', reason: '不该留下' },
    { token: staff },
  );
  expect(refused.body.code).not.toBe('0');
  const after = Number(
    (await sql<{ n: number }>`select count(*)::int as n from sys_audit where top_dept_id = ${site}`.execute(db)).rows[0]!.n,
  );
  expect(after).toBe(before);
  const all = (await sql<{ content: string }>`select content from sys_audit where top_dept_id = ${site}`.execute(db)).rows;
  expect(all.some((r) => r.content.includes('不该留下'))).toBe(false);
});

it('lets the auditor search the trail and verify the chain; staff may not', async () => {
  const auditor = await server.login('auditor', 'Demo@12345');
  const page = await server.get<{ total: number; records: Array<Record<string, unknown>> }>(
    '/api/monitor/audit/page?docEntity=leaveApply&pageNum=1&pageSize=10',
    { token: auditor },
  );
  expect(page.body.code).toBe('0');
  expect(page.body.data.total).toBeGreaterThan(0);
  expect(page.body.data.records.every((r) => r.docEntity === 'leaveApply')).toBe(true);
  const verified = await server.post<{ ok: boolean; checked: number }>(
    '/api/monitor/audit/verify',
    {},
    { token: auditor, lang: 'zh-CN' },
  );
  expect(verified.body.code).toBe('0');
  expect(verified.body.msg).toMatch(/^审计链完整：已核验 \d+ 条记录，链头 #\d+ [0-9a-f]{16}$/);
  const head = await server.get<{ seq: number; hash: string }>('/api/monitor/audit/head', { token: auditor });
  expect(head.body.data.seq).toBeGreaterThanOrEqual(verified.body.data.checked);
  // Read-only: no call writes the trail, not even the administrator's.
  const admin = await server.login('admin', 'Admin@12345');
  for (const call of ['save', 'update', 'remove'])
    expect((await server.post(`/api/monitor/audit/${call}`, { id: 1, ids: [1] }, { token: admin })).body.code).not.toBe('0');
  expect((await server.post('/api/monitor/audit/verify', {}, { token: staff })).body.code).not.toBe('0');
});

it('names a record whose search columns were changed behind its content, and one rewritten whole with a fresh hash', async () => {
  const target = (
    await sql<{
      seq: number;
      actor_id: number;
      content: string;
      hash: string;
      prev_hash: string;
    }>`select seq, actor_id, content, hash, prev_hash
      from sys_audit where top_dept_id = ${site} and seq is not null and actor_id is not null order by seq desc limit 1 offset 3`.execute(
      db,
    )
  ).rows[0]!;
  const seq = Number(target.seq);
  const behindTheBack = async (change: ReturnType<typeof sql>) => {
    await sql`alter table sys_audit disable trigger sys_audit_append_only`.execute(db);
    await change.execute(db);
    await sql`alter table sys_audit enable trigger sys_audit_append_only`.execute(db);
  };
  // The record now says someone else did it, in the column an auditor searches by.
  await behindTheBack(sql`update sys_audit set actor_id = actor_id + 1 where top_dept_id = ${site} and seq = ${seq}`);
  const moved = await verifyChain(db, site);
  expect(moved.fault).toMatchObject({ seq, kind: 'column' });
  expect(moved.fault!.detail).toContain('actor');
  await behindTheBack(sql`update sys_audit set actor_id = ${target.actor_id} where top_dept_id = ${site} and seq = ${seq}`);
  expect((await verifyChain(db, site)).ok).toBe(true);
  // Rewritten whole, with a hash made for the new content: its own hash holds, its columns do not (the
  // content is not even a record), and the next record's link would not.
  const forged = 'not a record';
  await behindTheBack(
    sql`update sys_audit set content = ${forged}, hash = ${createHash('sha256').update(`${target.prev_hash}:${seq}:${forged}`).digest('hex')}
      where top_dept_id = ${site} and seq = ${seq}`,
  );
  const rewritten = await verifyChain(db, site);
  expect(rewritten.fault).toMatchObject({ seq, kind: 'column', detail: 'content is not JSON' });
  expect((await verifyChain(db, site, { from: seq + 1 })).ok).toBe(true);
  expect((await verifyChain(db, site, { from: seq - 1, to: seq + 1 })).fault?.seq).toBe(seq);
  await behindTheBack(
    sql`update sys_audit set content = ${target.content}, hash = ${target.hash} where top_dept_id = ${site} and seq = ${seq}`,
  );
  expect((await verifyChain(db, site)).ok).toBe(true);
});

it('verifies the chain, and names the record edited behind the product’s back', async () => {
  const sound = await verifyChain(db, site);
  expect(sound).toMatchObject({ ok: true });
  expect(sound.checked).toBe(sound.head.seq);
  expect(sound.checked).toBeGreaterThan(2);

  // Someone with the database's keys turns the guard off and changes one record's reason.
  const victim = (
    await sql<{
      seq: number;
    }>`select seq from sys_audit where top_dept_id = ${site} and content like '%审计测试（改）%' order by seq limit 1`.execute(db)
  ).rows[0]!.seq;
  await sql`alter table sys_audit disable trigger sys_audit_append_only`.execute(db);
  await sql`update sys_audit set content = replace(content, '审计测试（改）', '审计测试（篡改）') where top_dept_id = ${site} and seq = ${victim}`.execute(
    db,
  );
  await sql`alter table sys_audit enable trigger sys_audit_append_only`.execute(db);
  const broken = await verifyChain(db, site);
  expect(broken.ok).toBe(false);
  expect(broken.fault).toMatchObject({ seq: Number(victim), kind: 'hash' });
  // A range before it is still sound.
  expect((await verifyChain(db, site, { to: Number(victim) - 1 })).ok).toBe(true);
  // The auditor's verify says the same in words.
  const auditor = await server.login('auditor', 'Demo@12345');
  const said = await server.post('/api/monitor/audit/verify', {}, { token: auditor, lang: 'en-US' });
  expect(said.body.code).toBe('40900');
  expect(said.body.msg).toBe(
    `Audit record #${victim} does not match: its content does not match its hash (the record was changed)`,
  );
});

it('names a record deleted from the middle of the chain', async () => {
  const { head } = await verifyChain(db, site, { to: 1 });
  const middle = Math.max(2, Math.floor(head.seq / 3));
  await sql`alter table sys_audit disable trigger sys_audit_append_only`.execute(db);
  await sql`delete from sys_audit where top_dept_id = ${site} and seq = ${middle}`.execute(db);
  await sql`alter table sys_audit enable trigger sys_audit_append_only`.execute(db);
  const report = await verifyChain(db, site, { to: middle + 5 });
  expect(report.fault).toMatchObject({ seq: middle, kind: 'gap' });
});

it('moves records past the site’s retention to the archive, chain whole, and goes on chaining after them', async () => {
  const admin = await server.login('admin', 'Admin@12345');
  const page = await server.get<{ records: Array<{ id: number; version: number; configKey: string }> }>(
    '/api/core/config/page?configKey=audit.retentionDays',
    { token: admin },
  );
  const row = page.body.data.records.find((r) => r.configKey === 'audit.retentionDays')!;
  expect(
    (await server.post('/api/core/config/update', { id: row.id, version: row.version, configValue: '1' }, { token: admin })).body
      .code,
  ).toBe('0');
  // Repair what the earlier cases broke behind the product's back: a fresh chain is not possible,
  // so this case reads only what it archives and what follows.
  const before = await verifyChain(db, site, { to: 1 });
  server.clock.advance(3 * 86_400_000);
  // Three days on, everyone signs in again.
  const again = await server.login('admin', 'Admin@12345');
  const staffAgain = await server.login('staff', 'Demo@12345');
  const ran = await server.post<{ result: string }>('/api/monitor/job/run/auditArchive', {}, { token: again, lang: 'en-US' });
  expect(ran.body.code).toBe('0');
  expect(ran.body.data.result).toMatch(/^\d+ audit records \(through #\d+\) moved to the archive, chain kept whole$/);
  const through = Number(/#(\d+)/.exec(ran.body.data.result)![1]);
  expect(through).toBeGreaterThan(before.checked);
  const archived = Number(
    (await sql<{ n: number }>`select count(*)::int as n from sys_audit_archive where top_dept_id = ${site}`.execute(db)).rows[0]!
      .n,
  );
  expect(archived).toBeGreaterThan(0);
  // A write after the move chains on from the archive's last record.
  const saved = await server.post(
    '/api/leave/apply/save',
    { leaveType: 'personal', startDate: '2027-03-01', endDate: '2027-03-01', reason: '归档之后' },
    { token: staffAgain },
  );
  expect(saved.body.code).toBe('0');
  const tail = await verifyChain(db, site, { from: through });
  expect(tail.ok).toBe(true);
  expect(tail.checked).toBeGreaterThan(1);
  // The live trail starts where the archive ends.
  const live = Number(
    (await sql<{ n: number }>`select min(seq)::int as n from sys_audit where top_dept_id = ${site}`.execute(db)).rows[0]!.n,
  );
  expect(live).toBe(through + 1);
});
