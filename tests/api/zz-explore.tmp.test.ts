import { afterAll, beforeAll, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, type TestServer } from '../support/server.ts';
let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => server?.close());
it('explore', async () => {
  const db = server.database.db as any;
  const q = async (s: string) => (await sql.raw(s).execute(db)).rows;
  console.log(JSON.stringify(await q(`select id, top_dept_key, dept_name, parent_id, ancestors from sys_dept order by id`)));
  console.log(JSON.stringify(await q(`select m.id, m.parent_id, m.menu_key, m.menu_type, m.perms, m.visible from sys_menu m join sys_dept d on d.id=m.top_dept_id where d.top_dept_key='demo' and (m.perms like 'system:%' or m.menu_key in ('system','user','role','notice','noticeList','noticeUserRelList','dept','permission','deptBase')) order by m.id`)));
  console.log(JSON.stringify(await q(`select r.id, r.role_key, r.data_scope, r.top_dept_id, (select count(*) from sys_user_role ur where ur.role_id=r.id) n from sys_role r order by id`)));
  console.log(JSON.stringify(await q(`select id, login_name, dept_id, top_dept_id, status from sys_user order by id`)));
  console.log(JSON.stringify(await q(`select * from sys_config where config_key like 'sys.%'`)));
  console.log(JSON.stringify(await q(`select id, type, title, status, top_dept_id, range_type from sys_notice order by id`)));
  console.log(JSON.stringify(await q(`select user_id, count(*), sum(case when read_flag='0' then 1 else 0 end) unread from sys_notice_user_rel group by user_id order by user_id`)));
  console.log(JSON.stringify(await q(`select column_name, data_type from information_schema.columns where table_name='sys_notice'`)));
});
