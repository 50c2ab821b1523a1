// Asset cards (资产卡片, DOMAIN.md "Assets"): the rules their schema cannot say, by the official texts
// of ./rules.ts.
//
// - A card's life is its own when it says one, else that of its category or of the nearest category
//   above it that has one (a category without a life of its own takes its parent's; 0 is a kind never
//   depreciated: land, heritage, books). A card whose category chain has none must say its own.
// - Every life — a category's, a card's, an entry order line's — lies within the row of the official
//   depreciation table its category falls under (财会〔2017〕4号 表1: office equipment at least 6
//   years, furniture 15, medical equipment 5 to 10…).
// - A card is a fixed asset or it is refused: at least 1,000.00 (special equipment 1,500.00) unless a
//   kind bought in bulk (books, furniture, fixtures), and lasting more than a year; anything else is a
//   low-value item (低值易耗品), which the refusal says goes to the consumables' stock. An entry order
//   is refused at save for the same lines, naming the line.
// - A card with history (a legacy asset) brings its opening accumulated depreciation and months,
//   given once when it is entered (`setOnce`) and checked: both or neither, no more than its cost,
//   no more months than its life or than have passed since its entry month. The card starts from
//   them (accumulated and months depreciated), it does not restart its life.
// - Once a month is booked on it, a card's cost, entry date, category and life stay as they were
//   booked, and the card is not removed: its depreciation rows would no longer add up to it. A card
//   an entry order made is not removed either (the order is its history); it leaves by disposal.
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { readOnce } from '../../entities/transaction-memo.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { t } from '../../platform/messages.ts';
import { siteNow } from '../../platform/site-time.ts';
import {
  fixedAssetVerdict,
  inheritedLife,
  lifeFits,
  lifeRowOf,
  openingProblem,
  type CategoryNode,
  type LifeRow,
} from './rules.ts';
import './disposal.ts';

type Row = Record<string, unknown>;

const BOOKED = ['cost', 'entryDate', 'categoryId', 'lifeMonths'] as const;

/** A category and every category above it, nearest first (the site's rows only). */
export async function categoryChain(ctx: HookContext, categoryId: unknown): Promise<CategoryNode[]> {
  const id = Number(categoryId);
  if (!Number.isSafeInteger(id) || id <= 0) return [];
  const e = ctx.s.schemas.entity(ctx.site.key, 'assetCategory');
  const col = (name: string) => sql.ref(e.byName.get(name)!.column);
  // An import's ten thousand cards share a few categories: asked once a transaction.
  return readOnce(ctx.trx, e.table, `chain:${ctx.site.id}:${id}`, async () => {
    const r = await sql<{ code: string; name: string; life: number | null }>`
    with recursive up as (
      select id, ${col('parentId')} as parent, ${col('categoryCode')} as code, ${col('categoryName')} as name,
        ${col('lifeMonths')} as life, 0 as depth
      from ${sql.table(e.table)} where id = ${id} and top_dept_id = ${ctx.site.id}
      union all
      select c.id, c.${col('parentId')}, c.${col('categoryCode')}, c.${col('categoryName')}, c.${col('lifeMonths')}, up.depth + 1
      from ${sql.table(e.table)} c join up on c.id = up.parent
      where c.top_dept_id = ${ctx.site.id} and up.depth < 32
    ) select code, name, life from up order by depth`.execute(ctx.trx);
    return r.rows.map((x) => ({
      code: String(x.code),
      name: String(x.name),
      lifeMonths: x.life === null ? null : Number(x.life),
    }));
  });
}

/** A row of the table in the caller's words: 不低于 6 年（72 个月）, 5–10 年, 15 年, 不计提折旧. */
export function rangeText(row: LifeRow, ctx: HookContext): string {
  const locale = ctx.request.locale;
  if (row.max === 0) return t('asset.range.none', locale);
  if (row.max === null) return t('asset.range.atLeast', locale, { years: row.min, months: row.min * 12 });
  if (row.max === row.min) return t('asset.range.exactly', locale, { years: row.min, months: row.min * 12 });
  return t('asset.range.between', locale, { min: row.min, max: row.max, minMonths: row.min * 12, maxMonths: row.max * 12 });
}

const lifeOf = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * The life an item (a card, an order line) of a category takes and the official checks on it: the
 * life it says, else its category chain's; within the table's row; a fixed asset at that cost.
 * Answers the life; throws the refusal in the caller's words.
 */
export async function checkedLife(
  ctx: HookContext,
  item: { name: string; categoryId: unknown; lifeMonths: number | null; cost: string },
): Promise<number> {
  const chain = await categoryChain(ctx, item.categoryId);
  if (!chain.length) return item.lifeMonths ?? 0; // not a category of the site: the reference check refuses it
  const life = item.lifeMonths ?? inheritedLife(chain);
  if (life === null) throw new AppError(Code.invalid, 'asset.lifeNeeded', { category: chain[0]!.name, asset: item.name });
  const found = lifeRowOf(chain);
  if (found && !lifeFits(found.row, life))
    throw new AppError(Code.invalid, 'asset.lifeOutOfRange', {
      asset: item.name,
      life,
      category: found.at.name,
      range: rangeText(found.row, ctx),
    });
  const verdict = fixedAssetVerdict(item.cost, life, found?.row ?? null);
  if (!verdict.ok && verdict.reason === 'shortLife')
    throw new AppError(Code.invalid, 'asset.shortLife', { asset: item.name, life });
  if (!verdict.ok && verdict.reason === 'belowThreshold')
    throw new AppError(Code.invalid, verdict.special ? 'asset.belowThresholdSpecial' : 'asset.belowThreshold', {
      asset: item.name,
      cost: item.cost,
      min: verdict.min,
    });
  return life;
}

defineHooks('assetCard', {
  async beforeSave(ctx, row, existing) {
    const booked = Boolean(existing?.depreciatedThrough);
    if (existing && booked) {
      const changed = BOOKED.some((f) => f in row && String(row[f] ?? '') !== String(existing[f] ?? ''));
      if (changed) throw new AppError(Code.conflict, 'asset.depreciatedCard', { asset: String(existing.assetNo) });
    }
    const value = (f: string) => (f in row ? row[f] : existing?.[f]);
    const categoryChanged = Boolean(existing) && 'categoryId' in row && String(row.categoryId) !== String(existing!.categoryId);
    // A life the card had from its former category goes with it; one the body leaves out is kept.
    let life = 'lifeMonths' in row ? lifeOf(row.lifeMonths) : lifeOf(existing?.lifeMonths);
    if (categoryChanged && lifeOf(row.lifeMonths) === lifeOf(existing!.lifeMonths)) life = null;
    const touched =
      !existing ||
      ['cost', 'categoryId', 'lifeMonths', 'entryDate'].some(
        (f) => f in row && String(row[f] ?? '') !== String(existing[f] ?? ''),
      );
    if (!touched) return;
    const name = String(value('assetName') ?? existing?.assetNo ?? '');
    const cost = String(value('cost') ?? '0');
    row.lifeMonths = await checkedLife(ctx, { name, categoryId: value('categoryId'), lifeMonths: life, cost });
    // The opening figures of a card with history: given once (set-once fields), checked whenever the
    // figures they depend on change.
    const opening = {
      cost,
      lifeMonths: Number(row.lifeMonths),
      entryDate: String(value('entryDate') ?? ''),
      openingDepreciation: String(value('openingDepreciation') ?? '0'),
      openingMonths: Number(value('openingMonths') ?? 0),
    };
    const problem = openingProblem(opening, siteNow(ctx.s.clock.now(), ctx.site.timeZone).day);
    if (problem) {
      const chain = problem.key === 'asset.openingNotDepreciated' ? await categoryChain(ctx, value('categoryId')) : [];
      throw new AppError(Code.invalid, problem.key, {
        opening: opening.openingDepreciation,
        cost,
        months: opening.openingMonths,
        life: opening.lifeMonths,
        entry: opening.entryDate,
        elapsed: 'elapsed' in problem ? problem.elapsed : 0,
        category: chain[0]?.name ?? '',
      });
    }
    // The card starts from them: it does not restart its life.
    if (!existing) {
      row.accumulatedDepreciation = opening.openingDepreciation;
      row.depreciatedMonths = opening.openingMonths;
    }
  },
  beforeRemove(_ctx, rows: Row[]) {
    for (const r of rows)
      if (r.depreciatedThrough || r.orderId)
        throw new AppError(Code.conflict, 'asset.notRemovable', { asset: String(r.assetNo) });
  },
});

defineHooks('assetCategory', {
  /** A category's life lies within the row of the table it falls under (its own code's, or above it). */
  async beforeSave(ctx, row, existing) {
    const value = (f: string) => (f in row ? row[f] : existing?.[f]);
    const life = lifeOf(value('lifeMonths'));
    if (life === null) return;
    const touched =
      !existing ||
      ['lifeMonths', 'categoryCode', 'parentId'].some((f) => f in row && String(row[f] ?? '') !== String(existing[f] ?? ''));
    if (!touched) return;
    const self: CategoryNode = {
      code: String(value('categoryCode') ?? ''),
      name: String(value('categoryName') ?? ''),
      lifeMonths: life,
    };
    const chain = [self, ...(await categoryChain(ctx, value('parentId')))];
    const found = lifeRowOf(chain);
    if (found && !lifeFits(found.row, life))
      throw new AppError(Code.invalid, 'asset.categoryLifeOutOfRange', {
        name: self.name,
        life,
        category: found.at.name,
        range: rangeText(found.row, ctx),
      });
  },
});

defineHooks('assetOrder', {
  /** Each line becomes cards: the same checks as a card's, at save, naming the line. */
  async beforeSave(ctx, row) {
    const lines = row.items;
    if (!Array.isArray(lines)) return;
    const title = ctx.entity.lines?.items?.title ?? 'asset.items';
    const label = ctx.s.schemas.texts[title]?.[ctx.request.locale] ?? title;
    for (const [i, line] of (lines as Row[]).entries()) {
      try {
        await checkedLife(ctx, {
          name: String(line.assetName ?? ''),
          categoryId: line.categoryId,
          lifeMonths: lifeOf(line.lifeMonths),
          cost: String(line.unitPrice ?? '0'),
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new AppError(err.code, 'line.error', {
          lines: label,
          n: i + 1,
          detail: t(err.messageKey, ctx.request.locale, err.params),
        });
      }
    }
  },
});
