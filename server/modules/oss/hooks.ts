// What the file-storage schema cannot say: an S3 configuration names its endpoint, bucket and
// keys (the secret once, kept when an update leaves it empty); endpoints are web addresses; one
// master per organisation (saving a master demotes the others); the master is never removed.
// Reads and writes go through ctx.trx only (see entities/hooks.ts).
import { sql } from 'kysely';
import { fieldLabel } from '../../entities/crud.ts';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';

const S3_NEEDS = ['endpoint', 'bucket', 'accessKey'] as const;
const WEB_ADDRESSES = ['endpoint', 'publicUrl'] as const;

const label = (ctx: HookContext, name: string) => {
  const f = ctx.entity.byName.get(name);
  return f ? fieldLabel(ctx.s, f, ctx.request.locale) : name;
};

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

defineHooks('oss', {
  async beforeSave(ctx, row, existing) {
    for (const name of WEB_ADDRESSES) {
      const v = row[name];
      if (typeof v === 'string' && v !== '' && !/^https?:\/\/[^/?#\s]+/i.test(v))
        throw new AppError(Code.invalid, 'oss.badEndpoint', { field: label(ctx, name) });
    }
    const merged = { ...(existing ?? {}), ...row };
    if (merged.storage === 's3') {
      for (const name of S3_NEEDS)
        if (!present(merged[name])) throw new AppError(Code.invalid, 'oss.s3Needs', { field: label(ctx, name) });
      // The secret never comes back to the browser, so an update may leave it out: the stored one stays.
      if (!present(row.secretKey)) {
        const stored = existing
          ? await ctx.trx
              .selectFrom('sys_oss_config')
              .select('secret_key')
              .where('id', '=', Number(existing.id))
              .executeTakeFirst()
          : undefined;
        if (!present(stored?.secret_key)) throw new AppError(Code.invalid, 'oss.s3Needs', { field: label(ctx, 'secretKey') });
      }
    }
    if (merged.master === true) {
      // Before this row becomes the master, so the one-master index never sees two.
      let demote = ctx.trx
        .updateTable('sys_oss_config')
        .set({
          master: false,
          version: sql`version + 1`,
          updated_by: ctx.principal.userId,
          updated_at: new Date(ctx.s.clock.now()),
        })
        .where('top_dept_id', '=', ctx.site.id)
        .where('master', '=', true);
      if (existing) demote = demote.where('id', '<>', Number(existing.id));
      await demote.execute();
    }
  },
  beforeRemove(_ctx, rows) {
    if (rows.some((r) => r.master === true)) throw new AppError(Code.conflict, 'oss.masterNotRemovable');
  },
});
