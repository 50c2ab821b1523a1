// Menus form a tree per site: an entry with children is not removed (the parent is never the
// entry itself or below it, as for every tree: system/trees.ts). A renamed entry is the administrator's: its seeded translations go.
import { sql } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';

defineHooks('menu', {
  async beforeSave({ trx, request }, row, existing) {
    // The form shows the name in the caller's language: sent back unchanged, it changes nothing.
    if (existing && typeof row.menuName === 'string') {
      const stored = await sql<{
        menu_name: string;
        i18n: Record<string, string> | null;
      }>`select menu_name, i18n from sys_menu where id = ${existing.id}`.execute(trx);
      const r = stored.rows[0];
      if (r && row.menuName === ((r.i18n ?? {})[request.locale] || r.menu_name)) delete row.menuName;
    }
  },
  async afterSave({ trx }, row, existing) {
    if (existing && row.menuName !== undefined && existing.menuName !== row.menuName) {
      await sql`update sys_menu set i18n = '{}'::jsonb where id = ${row.id}`.execute(trx);
    }
  },
  async beforeRemove({ trx, site }, rows) {
    const ids = rows.map((r) => Number(r.id));
    for (const row of rows) {
      const child = await sql<{
        id: number;
      }>`select id from sys_menu where top_dept_id = ${site.id} and parent_id = ${row.id} limit 50`.execute(trx);
      if (child.rows.some((c) => !ids.includes(Number(c.id))))
        throw new AppError(Code.conflict, 'menu.hasChildren', { name: String(row.menuName) });
    }
  },
});
