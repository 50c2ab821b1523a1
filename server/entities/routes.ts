// The generic endpoints of every entity (DESIGN.md "Resource verbs"): page, list, pick, infoById,
// export, save, update, remove, status, import and a document's lines import, registered from the
// entity schema unless a module has its own route of that method and path. Each handler builds an
// EntityService (./crud.ts) for the caller's site; saving runs through ./save.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../platform/services.ts';
import { AppError, Code } from '../platform/errors.ts';
import { caller, type OperationLogConfig } from '../platform/gate.ts';
import { ok } from '../platform/answer.ts';
import { permissionOf } from './model.ts';
import { EntityService } from './crud.ts';
import { exportRows, importLines, importRows } from './excel.ts';

type Query = Record<string, unknown>;

export function idsOf(request: FastifyRequest): number[] {
  const q = (request.query ?? {}) as Query;
  const b = (request.body ?? {}) as Query;
  const raw = b.ids ?? q.ids ?? b.id ?? q.id;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : String(raw).split(',');
  // Ids are positive integers a bigint holds and a JavaScript number keeps exact (1e21 is neither).
  const ids = list.map((v) => (typeof v === 'number' ? v : /^\s*\d{1,16}\s*$/.test(String(v)) ? Number(v) : NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n < 1) || ids.length > 500) throw new AppError(Code.invalid, 'entity.noIds');
  return [...new Set(ids)];
}

/** The one row id a call names (?id= or {id}), for actions on a single row. */
export function oneIdOf(request: FastifyRequest): number {
  const ids = idsOf(request);
  if (ids.length !== 1) throw new AppError(Code.invalid, 'entity.noIds');
  return ids[0]!;
}

export default function entityRoutes(app: FastifyInstance, s: Services) {
  for (const base of s.schemas.baseEntities()) {
    // A document's lines are read and written with the document (./lines.ts).
    if (base.lineOf) continue;
    const name = base.name;
    const service = (request: FastifyRequest) => new EntityService(s, s.schemas.entity(caller(request).site.key, name), request);
    const log = (action: OperationLogConfig['action']) => ({ module: name, action });
    /** Registers a verb unless a module already has its own route of that method and path. */
    const route = (
      method: 'GET' | 'POST',
      verb: string,
      action: string,
      handler: (r: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      logAs?: OperationLogConfig['action'],
    ) => {
      const url = `${base.api}/${verb}`;
      if (app.hasRoute({ method, url: `${app.prefix}${url}` })) return;
      app.route({
        method,
        url,
        config: { permission: permissionOf(base, action), ...(logAs ? { log: log(logAs) } : {}) },
        handler,
      });
    };

    route('GET', 'page', 'list', async (r) => ok(r, await service(r).page(r.query as Query)));
    route('GET', 'list', 'list', async (r) => ok(r, await service(r).list(r.query as Query)));
    if (base.pool || base.offer) route('GET', 'pick', 'list', async (r) => ok(r, await service(r).page(r.query as Query, true)));
    route('GET', 'infoById/:id', 'query', async (r) => {
      const id = Number((r.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = service(r);
      return ok(r, svc.shown(await svc.find(id)));
    });
    route('GET', 'export', 'export', (r, reply) => exportRows(s, service(r), r, reply), 'export');
    if (base.readOnly) continue;
    route('POST', 'save', 'add', async (r) => ok(r, await service(r).save(r.body)), 'add');
    route('POST', 'update', 'edit', async (r) => ok(r, await service(r).update(r.body)), 'edit');
    if (base.removable)
      route('POST', 'remove', 'remove', async (r) => ok(r, { removed: await service(r).remove(idsOf(r)) }), 'delete');
    if (base.status) route('POST', 'status', 'status', async (r) => ok(r, await service(r).setStatus(r.body)), 'status');
    route(
      'POST',
      'import',
      'import',
      async (r) => {
        const count = await importRows(s, service(r), r);
        return ok(r, { imported: count }, 'import.done', { count });
      },
      'import',
    );
    // A document's lines from an xlsx, for its form to take in (whoever may add or edit the document).
    if (base.lines) {
      const url = `${base.api}/lines/:member/import`;
      if (!app.hasRoute({ method: 'POST', url: `${app.prefix}${url}` }))
        app.post<{ Params: { member: string } }>(
          url,
          {
            config: { permission: 'login' },
            schema: {
              params: { type: 'object', properties: { member: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]{0,63}$' } } },
            },
          },
          async (r) => {
            const svc = service(r);
            const { principal } = caller(r);
            const keys = [permissionOf(svc.entity, 'add'), permissionOf(svc.entity, 'edit')];
            if (!keys.some((k) => s.access.can(principal, k)))
              throw new AppError(Code.forbidden, 'auth.forbidden', { key: keys[0] });
            const lines = await importLines(s, svc, r.params.member, r);
            return ok(r, { lines }, 'import.linesRead', { count: lines.length });
          },
        );
    }
  }
}
