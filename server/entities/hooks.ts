// Rules a schema cannot say, by entity name: checks and changes around save and remove, and
// extra endpoints. Each area registers its hooks from server/modules/<area>/hooks.ts.
// Inside a hook read and write through ctx.trx only: on the embedded database the transaction
// holds the one connection, and a read through the pool would wait for it forever.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Services } from '../app.ts';
import type { Principal } from '../platform/access.ts';
import type { Site } from '../platform/sites.ts';
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
  /** A document's approval ended (the database row, snake_case columns); inside the same transaction. */
  afterApproval?(
    ctx: HookContext,
    row: Record<string, unknown>,
    outcome: 'approved' | 'rejected' | 'withdrawn' | 'cancelled',
  ): Promise<void> | void;
}

const registry = new Map<string, EntityHooks>();

export function defineHooks(entity: string, hooks: EntityHooks) {
  registry.set(entity, { ...registry.get(entity), ...hooks });
}

export function hooksOf(entity: string): EntityHooks {
  return registry.get(entity) ?? {};
}
