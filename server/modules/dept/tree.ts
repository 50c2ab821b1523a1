// Trees kept as parent ids (departments, menus): the ids below a node, walked in SQL.
import { sql } from 'kysely';

export async function descendantsOf(db: any, table: 'sys_dept' | 'sys_menu', siteId: number, id: number): Promise<Set<number>> {
  const rows = await sql<{ id: number }>`
    with recursive below as (
      select id from ${sql.table(table)} where top_dept_id = ${siteId} and parent_id = ${id}
      union
      select c.id from ${sql.table(table)} c join below b on c.parent_id = b.id where c.top_dept_id = ${siteId}
    ) select id from below`.execute(db);
  return new Set(rows.rows.map((r) => Number(r.id)));
}
