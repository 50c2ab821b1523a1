// The `warning` effect (DOMAIN.md "Warnings", "Expenses and funds"): what a document's event raises
// for its approvers to see, without holding it up — the approval page lists the document's records.
//
//   { "warning": "words", "text": ["title", "reason", "items.summary"], "indicator": "budgetId" }
//       the site's warning words in the named fields (`<lines>.<field>`: every line's) → a red
//       record per word (type 4), once per document and word
//   { "warning": "overStandard", "lines": "allowances", "value": "hotel", "ceiling": "hotelCeiling",
//     "name": "traveller", "indicator": "budgetId" }
//       each line (or, without `lines`, the document) whose value passes its ceiling (none: no
//       standard applies) → a yellow
//       record (type 5) naming it; a record whose line is no longer over is released when the
//       document is submitted again
import { defineEffect, type EffectDecl } from '../../entities/effects.ts';
import type { HookContext } from '../../entities/hooks.ts';
import { cents } from '../budget/ledger.ts';
import { checkWarningWords, raiseOverStandard, releaseOverStandard, type WarningSource } from './rules.ts';

type Row = Record<string, unknown>;

/** The values a field path names on the document: a field, or a field of every line of a collection. */
function valuesAt(doc: Row, path: string): unknown[] {
  const [head, field] = path.split('.', 2) as [string, string | undefined];
  if (!field) return [doc[head]];
  const lines = doc[head];
  return Array.isArray(lines) ? lines.map((l) => (l as Row)?.[field]) : [];
}

function sourceOf(ctx: HookContext, effect: EffectDecl, doc: Row): WarningSource {
  const budgetId = effect.indicator ? Number(doc[String(effect.indicator)]) : NaN;
  return {
    type: ctx.entity.name,
    id: Number(doc.id),
    budgetId: Number.isSafeInteger(budgetId) && budgetId > 0 ? budgetId : null,
    deptId: doc.deptId === null || doc.deptId === undefined ? null : Number(doc.deptId),
    // Texts name the document by its number (BX-2026-0005), not its id.
    label: ctx.entity.display && doc[ctx.entity.display] ? String(doc[ctx.entity.display]) : null,
  };
}

defineEffect('warning', async (ctx, effect, doc) => {
  const now = new Date(ctx.s.clock.now());
  const source = sourceOf(ctx, effect, doc);
  if (effect.warning === 'words') {
    const text = (effect.text as string[])
      .flatMap((path) => valuesAt(doc, path))
      .filter((v) => typeof v === 'string' && v.trim())
      .join('；');
    await checkWarningWords(ctx.trx, ctx.site.id, text, source, now);
    return;
  }
  if (effect.warning !== 'overStandard') throw new Error(`${ctx.entity.name}: unknown warning effect ${String(effect.warning)}`);
  const rows: Row[] = effect.lines ? ((doc[String(effect.lines)] as Row[] | undefined) ?? []) : [doc];
  const over: Array<{ key: string; name: string; value: string; ceiling: string; line: number | null }> = [];
  rows.forEach((row, i) => {
    const value = String(row[String(effect.value)] ?? '0');
    const ceiling = row[String(effect.ceiling)];
    // No ceiling is no standard to keep (an application of a kind the standards do not cover).
    if (ceiling === null || ceiling === undefined || ceiling === '') return;
    if (cents(value) <= cents(String(ceiling))) return;
    const name = effect.name ? String(row[String(effect.name)] ?? '') : '';
    const line = effect.lines ? i + 1 : null;
    over.push({
      key: `${String(effect.lines ?? '')}|${line ?? ''}|${name}|${value}|${String(ceiling)}`,
      name,
      value,
      ceiling: String(ceiling),
      line,
    });
  });
  await releaseOverStandard(ctx.trx, ctx.site.id, source, new Set(over.map((o) => o.key)), now);
  for (const o of over) await raiseOverStandard(ctx.trx, ctx.site.id, source, o, now);
});
