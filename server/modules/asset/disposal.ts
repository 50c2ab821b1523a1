// Disposals (资产处置, 报废/出售/捐赠/调出): each line takes its card's name, spec, cost and net value
// (cost less the depreciation booked) — never what the body says — and the document totals them by
// its schema's sums (`totalCost`, `totalNetValue`). The figures are taken at every save, again at
// submission, and once more when the approval ends in approved: a month booked while the disposal
// waited lowers what it writes off, and the card leaves the books with the figures it then has (its
// disposal date is the approval's day: no month is booked for it from that month on).
// 政府会计制度 (财会〔2017〕25号), 1601 固定资产: a disposal approved writes off the asset's 账面余额 and
// its 累计折旧, its 账面价值 (net value) going to 资产处置费用.
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { lineSums, readLines } from '../../entities/lines.ts';
import { disposalFigures } from './rules.ts';

type Row = Record<string, unknown>;

/** The figures of the site's cards by id: name, spec, cost, net value. */
async function cardFigures(ctx: HookContext, ids: number[]): Promise<Map<number, Row>> {
  const out = new Map<number, Row>();
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return out;
  const card = ctx.s.schemas.entity(ctx.site.key, 'assetCard');
  const col = (name: string) => sql.ref(card.byName.get(name)!.column);
  const rows = await sql<{ id: number; name: string; spec: string | null; cost: string; acc: string }>`
    select id, ${col('assetName')} as name, ${col('spec')} as spec, ${col('cost')}::text as cost,
      coalesce(${col('accumulatedDepreciation')}, 0)::text as acc
    from ${sql.table(card.table)} where top_dept_id = ${ctx.site.id} and id in (${sql.join(wanted)})`.execute(ctx.trx);
  for (const r of rows.rows) {
    const { cost, netValue } = disposalFigures({ cost: r.cost, accumulated: r.acc });
    out.set(Number(r.id), { assetName: r.name, spec: r.spec, cost, netValue });
  }
  return out;
}

/** Each line as its card now stands. */
async function fill(ctx: HookContext, lines: Row[]) {
  const cards = await cardFigures(
    ctx,
    lines.map((l) => Number(l.assetId)),
  );
  for (const line of lines) Object.assign(line, cards.get(Number(line.assetId)) ?? {});
}

/** The stored lines and totals of a disposal, taken from its cards again. */
async function refresh(ctx: HookContext, docId: number) {
  const entities = ctx.s.schemas.forSite(ctx.site.key).entities;
  const line = ctx.s.schemas.entity(ctx.site.key, 'assetCleanLine');
  const lines = ((await readLines(ctx.trx, entities, ctx.entity, docId)).items as Row[]) ?? [];
  await fill(ctx, lines);
  for (const l of lines) {
    const columns: Row = {};
    for (const f of ['assetName', 'spec', 'cost', 'netValue']) columns[line.byName.get(f)!.column] = l[f] ?? null;
    await ctx.trx.updateTable(line.table).set(columns).where('id', '=', Number(l.id)).execute();
  }
  const totals = lineSums(ctx.entity, { items: lines });
  const columns = Object.fromEntries(Object.entries(totals).map(([f, v]) => [ctx.entity.byName.get(f)!.column, v]));
  if (Object.keys(columns).length)
    await ctx.trx
      .updateTable(ctx.entity.table)
      .set(columns)
      .where('id', '=', docId)
      .where('top_dept_id', '=', ctx.site.id)
      .execute();
}

defineHooks('assetClean', {
  async beforeSave(ctx, row) {
    if (Array.isArray(row.items)) await fill(ctx, row.items as Row[]);
  },
  async beforeSubmit(ctx, row) {
    await refresh(ctx, Number(row.id));
  },
  async afterApproval(ctx, row, outcome) {
    if (outcome === 'approved') await refresh(ctx, Number(row.id));
  },
});
