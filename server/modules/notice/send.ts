// A notice the system itself sends to some users (the morning reminders of contracts and cars, stock
// warnings): one
// published notice addressed to them, and each one's inbox row, in one transaction, as a notice an
// administrator sends to named users would be (range 3).
import { sql, type Kysely } from 'kysely';

export async function sendSystemNotice(
  db: Kysely<any>,
  siteId: number,
  userIds: number[],
  notice: { title: string; content: string; at: Date },
): Promise<void> {
  if (!userIds.length) return;
  const { title, content, at } = notice;
  // Inside a document's transaction (a stock warning) the notice is part of it; alone, its own.
  const write = async (trx: Kysely<any>) => {
    const row = await trx
      .insertInto('sys_notice')
      .values({
        top_dept_id: siteId,
        type: '1',
        title,
        content,
        range_type: '3',
        user_ids: JSON.stringify(userIds),
        status: '1',
        sent_at: at,
        recipients: userIds.length,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sys_notice_user_rel')
      .values(
        userIds.map((user) => ({
          top_dept_id: siteId,
          notice_id: row.id,
          user_id: user,
          type: '1',
          title,
          content,
          extend: JSON.stringify({ accessoryFileList: '[]' }),
          read_flag: '0',
          created_at: at,
        })),
      )
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** The site's active users holding an active role (who a reminder or a warning goes to). */
export async function usersWithRole(db: Kysely<any>, siteId: number, roleKey: string): Promise<number[]> {
  const rows = await sql<{ id: number }>`select distinct u.id from sys_user u
      join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
      where r.role_key = ${roleKey} and r.top_dept_id = ${siteId} and u.top_dept_id = ${siteId}
        and u.status = '0' and r.status = '0'`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}
