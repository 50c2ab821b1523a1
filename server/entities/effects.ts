// Effects of a document's events (issue 14), declared in its entity file and run in the same
// transaction as the event, so the document and what it moves change together or not at all:
//
//   "effects": {
//     "submit":    [{ "budget": "freeze", "indicator": "budgetId", "amount": "money" }],
//     "approved":  [{ "budget": "consume" }],
//     "rejected":  [{ "budget": "release" }], "withdrawn": […], "cancelled": […],
//     "close":     [{ "budget": "release" }]          ← a state transition's action
//   }
//
// "when" on an effect (an expression over the document) runs it only where it holds.
//
// Events: `submit` (last in the submit's transaction, after the approval's first step, so a freeze
// holds its indicator's row for as short a time as it can), the approval's ends (`approved`, `rejected`,
// `withdrawn`, `cancelled`) and the actions of the entity's `states`. An effect names its kind by
// its first member (`budget`, …); the module of that kind registers what it does (defineEffect),
// so a business rule is written once and every entity declares it.
import type { HookContext } from './hooks.ts';
import { run } from '../../validators/expression/evaluate.ts';

type Row = Record<string, unknown>;
export type EffectDecl = Record<string, unknown>;
export type EffectHandler = (ctx: HookContext, effect: EffectDecl, doc: Row, event: string) => Promise<void>;

const handlers = new Map<string, EffectHandler>();

export function defineEffect(kind: string, handler: EffectHandler) {
  handlers.set(kind, handler);
}

/** The kind an effect declaration names (its first member that a module registered), or null. */
export function effectKind(effect: EffectDecl): string | null {
  return Object.keys(effect).find((k) => handlers.has(k)) ?? null;
}

/** The effect kinds the modules know (schemas:check refuses others). */
export function effectKinds(): string[] {
  return [...handlers.keys()];
}

/** Runs the effects the entity declares for `event` on the document (wire names), in order. */
export async function runEffects(ctx: HookContext, event: string, doc: Row): Promise<void> {
  for (const effect of ctx.entity.effects?.[event] ?? []) {
    // An effect may hold only in some cases (a purchase without a contract consumes at acceptance).
    if (typeof effect.when === 'string' && !run(effect.when, doc)) continue;
    const kind = effectKind(effect);
    if (!kind) throw new Error(`${ctx.entity.name}: effect of ${event} names no known kind (${Object.keys(effect).join(', ')})`);
    await handlers.get(kind)!(ctx, effect, doc, event);
  }
}
