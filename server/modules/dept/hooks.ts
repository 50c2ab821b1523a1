// Departments: one top department per site (never moved or removed), ancestors kept for the
// data-scope rule 'own department and below', and a department with sub-departments or users is
// not removed (issue 5); no cycles, as for every tree (system/trees.ts). The organisation's base
// info is one row made with the site.
import { sql } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';

defineHooks('dept', {
  beforeSave(_ctx, row, existing) {
    const isTop = existing ? Number(existing.parentId) === 0 : false;
    const parent = row.parentId === undefined ? undefined : Number(row.parentId);
    if (isTop && parent !== undefined && parent !== 0) throw new AppError(Code.invalid, 'dept.top');
    if (!isTop && parent === 0) throw new AppError(Code.invalid, 'dept.top');
  },
  async afterSave({ trx, site }, row, existing) {
    if (existing && Number(existing.parentId) === Number(row.parentId)) return;
    if (Number(row.parentId) === 0) return;
    const parent = await sql<{
      ancestors: string;
    }>`select ancestors from sys_dept where id = ${row.parentId} and top_dept_id = ${site.id}`.execute(trx);
    const ancestors = `${parent.rows[0]!.ancestors},${row.parentId}`;
    const old = existing
      ? (await sql<{ ancestors: string }>`select ancestors from sys_dept where id = ${row.id}`.execute(trx)).rows[0]!.ancestors
      : null;
    await sql`update sys_dept set ancestors = ${ancestors} where id = ${row.id}`.execute(trx);
    if (old !== null) {
      // The subtree moves along: replace the old prefix in every descendant.
      const from = `${old},${row.id}`;
      const to = `${ancestors},${row.id}`;
      await sql`update sys_dept set ancestors = ${to} || substr(ancestors, ${from.length + 1})
        where top_dept_id = ${site.id} and (ancestors = ${from} or ancestors like ${`${from},%`})`.execute(trx);
    }
  },
  async beforeRemove({ trx, site }, rows) {
    const ids = rows.map((r) => Number(r.id));
    for (const row of rows) {
      if (Number(row.parentId) === 0) throw new AppError(Code.conflict, 'dept.top');
      const child = await sql<{
        id: number;
      }>`select id from sys_dept where top_dept_id = ${site.id} and parent_id = ${row.id}`.execute(trx);
      if (child.rows.some((c) => !ids.includes(Number(c.id))))
        throw new AppError(Code.conflict, 'dept.hasChildren', { name: String(row.deptName) });
      const users = await sql<{
        n: number;
      }>`select count(*)::int as n from sys_user where top_dept_id = ${site.id} and dept_id = ${row.id}`.execute(trx);
      const n = Number(users.rows[0]!.n);
      if (n > 0) throw new AppError(Code.conflict, 'dept.hasUsers', { name: String(row.deptName), n });
    }
  },
});

defineHooks('deptBase', {
  beforeSave(_ctx, _row, existing) {
    // Made with the site by the seed; there is nothing to add.
    if (!existing) throw new AppError(Code.notFound, 'record.notFound');
  },
});
