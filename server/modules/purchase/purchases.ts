// Purchasing (采购, DOMAIN.md "Purchasing"): the procurement method an application's amount asks
// for, by the site's thresholds (provinces differ, so they are settings of each site, seeded from
// the central 2020 catalogue):
//
//   below purchase.govThreshold (goods, services 1,000,000; works purchase.govThresholdWorks
//   1,200,000) the unit buys itself (询价 / direct: method 1); at or above, government procurement
//   (2); at or above purchase.tenderThreshold (2,000,000; works purchase.tenderThresholdWorks
//   4,000,000) public tender (3).
//
// The required method is worked out at every save and kept on the application (shown in the form
// and list); a chosen method below it is refused with the threshold that requires it. Methods are
// ranked by their dictionary values, so a higher method always satisfies a lower requirement.
import { defineHooks, type HookContext } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { cents, fromCents } from '../budget/ledger.ts';

type Row = Record<string, unknown>;

/** Procurement types (dictionary purchase_type): works have their own thresholds. */
const WORKS = '3';
export const SELF = '1';
export const GOVERNMENT = '2';
export const TENDER = '3';

export const THRESHOLD_DEFAULTS: Readonly<Record<string, string>> = {
  'purchase.govThreshold': '1000000',
  'purchase.govThresholdWorks': '1200000',
  'purchase.tenderThreshold': '2000000',
  'purchase.tenderThresholdWorks': '4000000',
};

async function threshold(ctx: HookContext, key: string): Promise<bigint> {
  const v = (await ctx.s.siteConfig.value(ctx.site.id, key)) ?? THRESHOLD_DEFAULTS[key]!;
  return cents(/^\d{1,13}(\.\d{1,2})?$/.test(v.trim()) ? v.trim() : THRESHOLD_DEFAULTS[key]!);
}

/** The least method an amount of a procurement type requires on the site, with its threshold. */
export async function requiredMethod(ctx: HookContext, type: unknown, amount: bigint) {
  const works = String(type) === WORKS;
  const tender = await threshold(ctx, works ? 'purchase.tenderThresholdWorks' : 'purchase.tenderThreshold');
  const gov = await threshold(ctx, works ? 'purchase.govThresholdWorks' : 'purchase.govThreshold');
  if (amount >= tender) return { method: TENDER, threshold: tender };
  if (amount >= gov) return { method: GOVERNMENT, threshold: gov };
  return { method: SELF, threshold: 0n };
}

/** The application's total as it will be: its lines' amounts (quantity × unit price) when sent. */
function totalOf(row: Row, existing: Row | null): bigint {
  const lines = Array.isArray(row.items)
    ? (row.items as Row[])
    : Array.isArray(existing?.items)
      ? (existing!.items as Row[])
      : [];
  return lines.reduce((acc, l) => acc + cents(String(l.amount ?? '0')), 0n);
}

/** Each line's amount is its quantity times its unit price, worked out here, never taken. */
function workOutLines(row: Row) {
  if (!Array.isArray(row.items)) return;
  for (const line of row.items as Row[]) {
    const qty = Number(line.quantity ?? 0);
    const price = cents(String(line.unitPrice ?? '0'));
    // Quantities are whole or with up to two places: work in hundredths to stay exact.
    const hundredths = BigInt(Math.round(qty * 100));
    line.amount = fromCents((price * hundredths + 50n) / 100n);
  }
}

async function checkMethod(ctx: HookContext, row: Row, existing: Row | null) {
  workOutLines(row);
  const merged = { ...(existing ?? {}), ...row };
  const total = totalOf(row, existing);
  const need = await requiredMethod(ctx, merged.purchaseType, total);
  row.requiredMethod = need.method;
  const chosen = String(merged.method ?? '');
  if (chosen && Number(chosen) < Number(need.method))
    throw new AppError(Code.invalid, need.method === TENDER ? 'purchase.needTender' : 'purchase.needGovernment', {
      amount: fromCents(total),
      threshold: fromCents(need.threshold),
    });
}

for (const entity of ['purchaseApply', 'medicalPurchase']) defineHooks(entity, { beforeSave: checkMethod });
