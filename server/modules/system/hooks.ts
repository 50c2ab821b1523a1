// Rules of the system screens that their schemas cannot say.
import { sql } from 'kysely';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';

defineHooks('dictType', {
  // Renaming a type carries its entries along (as RuoYi does).
  async afterSave({ trx, site }, row, existing) {
    if (existing && existing.dictType !== row.dictType) {
      await sql`update sys_dict_data set dict_type = ${row.dictType} where top_dept_id = ${site.id} and dict_type = ${existing.dictType}`.execute(
        trx,
      );
    }
  },
  async beforeRemove({ trx, site }, rows) {
    for (const row of rows) {
      const used =
        await sql`select 1 from sys_dict_data where top_dept_id = ${site.id} and dict_type = ${row.dictType} limit 1`.execute(
          trx,
        );
      if (used.rows.length) throw new AppError(Code.conflict, 'dictType.inUse', { type: String(row.dictType) });
    }
  },
});

defineHooks('dictData', {
  // Seeded entries carry their label in four languages; a label an administrator changes is theirs.
  async afterSave({ trx }, row, existing) {
    if (existing && existing.dictLabel !== row.dictLabel) {
      await sql`update sys_dict_data set i18n = '{}'::jsonb where id = ${row.id}`.execute(trx);
    }
  },
});

defineHooks('config', {
  async beforeRemove(_ctx, rows) {
    const builtin = rows.find((r) => r.configType === 'Y');
    if (builtin) throw new AppError(Code.conflict, 'config.builtin', { key: String(builtin.configKey) });
  },
});
