// A notice the system itself sends to some users (the morning reminders of contracts and cars, stock
// warnings): one published notice addressed to them, and each one's inbox row, in one transaction,
// as a notice an administrator sends to named users would be (range 3). The words are made per
// language: each inbox row in its reader's (account settings), the notice's own in its sender's.
import { sql, type Kysely } from 'kysely';
import { LOCALES, type Locale } from '../../../validators/locale.ts';

/** A system notice's words in a language: each recipient reads it in the language they chose. */
export type NoticeText = (locale: Locale) => { title: string; content: string };

/** Whom nobody told otherwise reads the product's first language. */
const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Each user's language from their account settings, where they chose one. */
async function languagesOf(db: Kysely<any>, siteId: number, userIds: number[]): Promise<Map<number, Locale>> {
  const rows = await sql<{ user_id: number; language: string | null }>`select user_id, layout->>'language' as language
      from sys_user_setting where top_dept_id = ${siteId} and user_id in (${sql.join(userIds)})`.execute(db);
  const chosen = new Map<number, Locale>();
  for (const r of rows.rows)
    if ((LOCALES as readonly string[]).includes(r.language ?? '')) chosen.set(Number(r.user_id), r.language as Locale);
  return chosen;
}

export async function sendSystemNotice(
  db: Kysely<any>,
  siteId: number,
  userIds: number[],
  notice: {
    text: NoticeText;
    at: Date;
    /** The language of the notice's own row, which the notice list shows (the job's caller's). */
    locale?: Locale;
  },
): Promise<void> {
  if (!userIds.length) return;
  const { at } = notice;
  // The columns hold 50 and 300 characters: a long list of items is cut, never refused.
  const words = (locale: Locale) => {
    const { title, content } = notice.text(locale);
    return { title: title.slice(0, 50), content: content.slice(0, 300) };
  };
  // Inside a document's transaction (a stock warning) the notice is part of it; alone, its own.
  const write = async (trx: Kysely<any>) => {
    const languages = await languagesOf(trx, siteId, userIds);
    const own = words(notice.locale ?? DEFAULT_LOCALE);
    const row = await trx
      .insertInto('sys_notice')
      .values({
        top_dept_id: siteId,
        type: '1',
        title: own.title,
        content: own.content,
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
    const byLocale = new Map<Locale, { title: string; content: string }>();
    await trx
      .insertInto('sys_notice_user_rel')
      .values(
        userIds.map((user) => {
          const locale = languages.get(user) ?? DEFAULT_LOCALE;
          if (!byLocale.has(locale)) byLocale.set(locale, words(locale));
          return {
            top_dept_id: siteId,
            notice_id: row.id,
            user_id: user,
            type: '1',
            ...byLocale.get(locale)!,
            extend: JSON.stringify({ accessoryFileList: '[]' }),
            read_flag: '0',
            created_at: at,
          };
        }),
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
