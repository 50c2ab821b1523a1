// Asset cards (资产卡片, DOMAIN.md "Assets"): the rules their schema cannot say.
//
// - A card's life is its category's unless the card says its own (GB/T 14885 defaults: computers
//   72 months, furniture 180; 0 for land, heritage and books, never depreciated).
// - Once depreciated, a card's cost, entry date, category and life stay as they were booked, and
//   the card is not removed: its depreciation rows would no longer add up to it. A card an entry
//   order made is not removed either (the order is its history); it leaves by disposal.
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';

type Row = Record<string, unknown>;

const BOOKED = ['cost', 'entryDate', 'categoryId', 'lifeMonths'] as const;

async function categoryLife(ctx: HookContext, categoryId: unknown): Promise<number | null> {
  const category = ctx.s.schemas.entity(ctx.site.key, 'assetCategory');
  const r = await sql<{ life: number }>`select life_months as life from ${sql.table(category.table)}
    where id = ${Number(categoryId)} and top_dept_id = ${ctx.site.id}`.execute(ctx.trx);
  return r.rows[0] ? Number(r.rows[0].life) : null;
}

defineHooks('assetCard', {
  async beforeSave(ctx, row, existing) {
    if (existing && Number(existing.depreciatedMonths ?? 0) > 0) {
      const changed = BOOKED.some((f) => f in row && String(row[f] ?? '') !== String(existing[f] ?? ''));
      if (changed) throw new AppError(Code.conflict, 'asset.depreciatedCard', { asset: String(existing.assetNo) });
    }
    const categoryId = row.categoryId ?? existing?.categoryId;
    if ((row.lifeMonths === undefined || row.lifeMonths === null) && categoryId) {
      const kept = existing && !('categoryId' in row && row.categoryId !== existing.categoryId) ? existing.lifeMonths : null;
      row.lifeMonths = kept ?? (await categoryLife(ctx, categoryId)) ?? 0;
    }
  },
  beforeRemove(_ctx, rows: Row[]) {
    for (const r of rows)
      if (Number(r.depreciatedMonths ?? 0) > 0 || r.orderId)
        throw new AppError(Code.conflict, 'asset.notRemovable', { asset: String(r.assetNo) });
  },
});
