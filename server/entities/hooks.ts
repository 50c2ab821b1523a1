// Rules a schema cannot say, by entity name: checks and changes around save and remove, and
// extra endpoints. Each area registers its hooks from server/modules/<area>/hooks.ts.
// Inside a hook read and write through ctx.trx only: on the embedded database the transaction
// holds the one connection, and a read through the pool would wait for it forever.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Services } from '../platform/services.ts';
import type { Principal } from '../platform/access.ts';
import type { Site } from '../platform/sites.ts';
import type { Locale } from '../../validators/locale.ts';
import type { EntityDef } from './model.ts';

export interface HookContext {
  s: Services;
  trx: Transaction<any>;
  site: Site;
  principal: Principal;
  entity: EntityDef;
  request: FastifyRequest;
}

export interface EntityHooks {
  /** Before insert or update; may change the row (wire names) or throw an AppError. */
  beforeSave?(ctx: HookContext, row: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> | void;
  afterSave?(ctx: HookContext, row: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> | void;
  beforeRemove?(ctx: HookContext, rows: Array<Record<string, unknown>>): Promise<void> | void;
  afterRemove?(ctx: HookContext, rows: Array<Record<string, unknown>>): Promise<void> | void;
  /**
   * After a save, update, removal or import of the entity has committed: for what other services
   * hold of its rows (a site's time zone, held with the site). Outside any transaction.
   */
  afterCommit?(ctx: { s: Services; site: Site }): Promise<void> | void;
  /** A document is being submitted for approval (its row, wire names); inside the submitting transaction. */
  beforeSubmit?(ctx: HookContext, row: Record<string, unknown>): Promise<void> | void;
  /**
   * A row as its reader sees it (wire names), for words the system stored in its writer's language
   * (a process instance's title and steps): said again in the reader's. Lists, pages and reads by id.
   */
  inReadersLanguage?(ctx: { s: Services; site: Site; locale: Locale }, row: Record<string, unknown>): void;
  /** A document's approval ended (the database row, snake_case columns); inside the same transaction. */
  afterApproval?(
    ctx: HookContext,
    row: Record<string, unknown>,
    outcome: 'approved' | 'rejected' | 'withdrawn' | 'cancelled',
  ): Promise<void> | void;
}

const registry = new Map<string, EntityHooks>();

/**
 * Several modules may hold rules of one entity (the workflow locks every approvable document, the
 * budget module adds its own): hooks of the same moment run one after the other, in the order
 * they were defined.
 */
export function defineHooks(entity: string, hooks: EntityHooks): () => void {
  const before = registry.get(entity) ?? {};
  const merged: Record<string, unknown> = { ...before };
  for (const [name, hook] of Object.entries(hooks) as Array<[keyof EntityHooks, (...a: unknown[]) => unknown]>) {
    const earlier = before[name] as ((...a: unknown[]) => unknown) | undefined;
    merged[name] = earlier
      ? async (...args: unknown[]) => {
          await earlier(...args);
          await hook(...args);
        }
      : hook;
  }
  registry.set(entity, merged as EntityHooks);
  /** Takes these hooks away again (tests). */
  return () => registry.set(entity, before);
}

export function hooksOf(entity: string): EntityHooks {
  return registry.get(entity) ?? {};
}
