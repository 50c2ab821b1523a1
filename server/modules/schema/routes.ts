// GET /api/schema/page/{component}: the page a menu component renders — its list, form and entity
// as the caller's site has them, the texts they use, and only the actions the caller may take.
// Cached per site; ETag so a browser that has it gets 304.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services.ts';
import type { Json } from '../../../validators/merge-patch.ts';
import { cachedEnvelope, sendCached } from '../../platform/cached-body.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { compileEntity, permissionOf, type EntityDef } from '../../entities/model.ts';
import { withDocumentActions } from '../../entities/states.ts';
import { filesOf, loadSchemaVersion } from '../../entities/versions.ts';
import { t } from '../../platform/messages.ts';

interface Action {
  action: string;
  permission?: string;
  [k: string]: Json | undefined;
}

const ACTION_KEYS: Record<string, string> = {
  add: 'add',
  edit: 'edit',
  view: 'query',
  remove: 'remove',
  export: 'export',
  import: 'import',
  status: 'status',
  print: 'query',
  download: 'query',
  preview: 'query',
};

/** What the browser needs of an entity: no tables, no columns, no hidden fields. */
export function publicEntity(e: EntityDef, all?: Map<string, EntityDef>): Record<string, unknown> {
  return {
    name: e.name,
    title: e.title,
    api: e.api,
    permission: e.permission,
    readOnly: e.readOnly,
    removable: e.removable,
    display: e.display,
    defaultSort: e.defaultSort,
    status: e.status,
    hasVersion: e.has.version,
    schemaVersion: e.schemaVersion,
    tree: e.tree,
    pick: e.pick,
    decide: e.decide,
    // Rows of its own table, recorded by the audit trail: the document's history tab (issue 36).
    ...(e.table && !e.view && !e.lineOf ? { trail: true } : {}),
    ...(e.meetingRecord ? { meetingRecord: true, meetingAmount: e.meetingAmount } : {}),
    // A document's line collections, each with its line entity's fields (the form's sub-tables, print).
    ...(e.lines && all
      ? {
          lines: Object.fromEntries(
            Object.entries(e.lines).flatMap(([member, decl]): Array<[string, unknown]> => {
              const line = all.get(decl.entity);
              return line ? [[member, { title: decl.title, sum: decl.sum, entity: publicEntity(line, all) }]] : [];
            }),
          ),
        }
      : {}),
    // State actions that take inputs: what their forms enter.
    ...(e.states && Object.values(e.states.actions).some((a) => a.fields?.length)
      ? {
          inputs: Object.fromEntries(
            Object.entries(e.states.actions)
              .filter(([, a]) => a.fields?.length)
              .map(([name, a]) => [name, a.fields!]),
          ),
        }
      : {}),
    fields: e.fields
      .filter((f) => !f.hidden)
      .map(({ column: _c, standard: _s, through: _t, ...f }) => {
        // A picker needs to know where the referred entity's choices come from and how to show them.
        const target = (f.type === 'ref' || f.type === 'refs') && f.ref ? all?.get(f.ref) : undefined;
        return target
          ? {
              ...f,
              refApi: target.api,
              refDisplay: target.display,
              refPick: target.pick ?? 'page',
              refTree: target.tree,
              // The referred entity's picker: its columns (titles are text keys, dictionaries named)
              // and whether the typed text goes as `keyword` (code or name) rather than the display field.
              ...(target.picker?.columns?.length
                ? {
                    refColumns: target.picker.columns
                      .map((name) => target.byName.get(name))
                      .filter((c) => c !== undefined)
                      .map((c) => ({ field: c.name, title: c.title, type: c.type, ...(c.dict ? { dict: c.dict } : {}) })),
                  }
                : {}),
              ...(target.picker?.search?.length ? { refSearch: 'keyword' } : {}),
              // The generic page needs the referred entity's list key: a picker without it stays shut.
              ...(target.pick ? {} : { refKey: permissionOf(target, 'list') }),
            }
          : f;
      }),
  };
}

/** Every string in the bundle that names a text, with the text in the four languages. */
function textsOf(texts: Texts, value: unknown, out: Texts = {}) {
  if (typeof value === 'string') {
    const text = texts[value];
    if (text) out[value] = text;
  } else if (Array.isArray(value)) value.forEach((v) => textsOf(texts, v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => textsOf(texts, v, out));
  return out;
}
type Texts = Record<string, Record<string, string>>;

/**
 * sys_schema_version keeps the files as jsonb, which gives object keys back sorted by length, not as
 * written: a saved form's fields would lay out in that order. The keys go back into the order the
 * current files have them; keys those no longer have keep their stored order, after them.
 */
export function inOrderOf(stored: unknown, current: unknown): unknown {
  if (Array.isArray(stored)) return stored.map((v, i) => inOrderOf(v, Array.isArray(current) ? current[i] : undefined));
  if (!stored || typeof stored !== 'object') return stored;
  const now = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
  const was = stored as Record<string, unknown>;
  const keys = [...Object.keys(now).filter((k) => k in was), ...Object.keys(was).filter((k) => !(k in now))];
  return Object.fromEntries(keys.map((k) => [k, inOrderOf(was[k], now[k])]));
}

export default function schemaRoutes(app: FastifyInstance, s: Services) {
  // The print template of an entity, as the given saved version had it (the current files when the
  // version is unknown or not asked for); ?template=<stem> names a further template of the entity
  // (a paste sheet, a payslip per payee), always as the current files have it.
  app.get<{ Params: { entity: string }; Querystring: { version?: string; template?: string } }>(
    '/schema/print/:entity',
    {
      config: { permission: 'login' },
      schema: {
        params: { type: 'object', properties: { entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' } } },
        querystring: {
          type: 'object',
          properties: {
            version: { type: 'string', pattern: '^[0-9a-f]{12}$' },
            template: { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' },
          },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const current = s.schemas.forSite(site.key).entities.get(request.params.entity);
      if (!current) throw new AppError(Code.notFound, 'record.notFound');
      const queryKey = permissionOf(current, 'query');
      if (!s.access.can(principal, queryKey)) throw new AppError(Code.forbidden, 'auth.forbidden', { key: queryKey });
      const { template } = request.query;
      if (template && template !== (current.print ?? current.name)) {
        const file = s.schemas
          .forSite(site.key)
          .files.find((f) => f.kind === 'print' && f.name === template && f.json.entity === current.name);
        if (!file) throw new AppError(Code.notFound, 'record.notFound');
        const bundle = {
          entity: publicEntity(current, s.schemas.forSite(site.key).entities),
          print: file.json,
          version: current.schemaVersion,
        };
        return {
          code: Code.ok,
          data: { ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) },
          msg: t('ok', request.locale),
        };
      }
      const stored = request.query.version
        ? await loadSchemaVersion(s.database.db as never, current.name, request.query.version)
        : null;
      const files = stored ?? filesOf(s.schemas.forSite(site.key).files, current);
      if (!files.print) throw new AppError(Code.notFound, 'record.notFound');
      const entity = stored ? compileEntity(stored.entity, null) : current;
      const bundle = {
        entity: publicEntity(entity, s.schemas.forSite(site.key).entities),
        print: files.print,
        version: stored ? request.query.version : current.schemaVersion,
      };
      return {
        code: Code.ok,
        data: { ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) },
        msg: t('ok', request.locale),
      };
    },
  );

  // The approval page of a document: its entity and form as the given saved version had them (the
  // current files when the version is unknown or not asked for). Only signed in: who may see the
  // document itself is for /workflow/instance/business to say.
  app.get<{ Params: { entity: string }; Querystring: { version?: string } }>(
    '/schema/approval/:entity',
    {
      config: { permission: 'login' },
      schema: {
        params: { type: 'object', properties: { entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' } } },
        querystring: { type: 'object', properties: { version: { type: 'string', pattern: '^[0-9a-f]{12}$' } } },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const schemas = s.schemas.forSite(site.key);
      const current = schemas.entities.get(request.params.entity);
      if (!current) throw new AppError(Code.notFound, 'record.notFound');
      const now = filesOf(schemas.files, current);
      const saved = request.query.version
        ? await loadSchemaVersion(s.database.db as never, current.name, request.query.version)
        : null;
      const stored = saved && {
        entity: inOrderOf(saved.entity, now.entity) as Record<string, Json>,
        form: saved.form && (inOrderOf(saved.form, now.form) as Record<string, Json>),
        print: saved.print,
      };
      const files = stored ?? now;
      const entity = stored ? compileEntity(stored.entity, null) : current;
      const version = stored ? request.query.version! : current.schemaVersion;
      const bundle = {
        entity: { ...publicEntity(entity, schemas.entities), schemaVersion: version },
        // No form file: the browser lays every writable field out in one column (defaultForm).
        form: files.form,
        print: Boolean(files.print),
        version,
      };
      return {
        code: Code.ok,
        data: { ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) },
        msg: t('ok', request.locale),
      };
    },
  );

  app.get<{ Params: { component: string } }>(
    '/schema/page/:component',
    {
      config: { permission: 'login' },
      schema: {
        params: { type: 'object', properties: { component: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' } } },
      },
    },
    async (request, reply) => {
      const { site, principal } = caller(request);
      const schemas = s.schemas.forSite(site.key);
      const page = schemas.pages.get(request.params.component);
      if (!page) throw new AppError(Code.notFound, 'record.notFound');
      const entity = schemas.entities.get(String(page.json.entity));
      if (!entity) throw new AppError(Code.notFound, 'record.notFound');
      if (page.kind === 'form') {
        // A form that is a page of its own: for whoever may add or edit its entity's records.
        const keys = [permissionOf(entity, 'add'), permissionOf(entity, 'edit')];
        if (!keys.some((k) => s.access.can(principal, k))) throw new AppError(Code.forbidden, 'auth.forbidden', { key: keys[0] });
        const body = await s.cache.get(site.id, `page:${request.params.component}:${request.locale}`, async () => {
          const bundle = {
            component: request.params.component,
            // The file the page is defined in: the renderer's error panel names it (issue 35).
            source: `schemas/${page.rel}`,
            kind: 'form',
            form: page.json,
            entity: publicEntity(entity, schemas.entities),
          };
          return cachedEnvelope({ ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) }, request.locale);
        });
        return sendCached(request, reply, body);
      }
      if (page.kind === 'calendar') {
        // A week calendar of one resource's bookings: for whoever holds its menu permission; the add
        // form comes with it for those who may add the entity's rows.
        const key = String(page.json.permission);
        if (!s.access.can(principal, key)) throw new AppError(Code.forbidden, 'auth.forbidden', { key });
        const body = await s.cache.get(site.id, `page:${request.params.component}:${request.locale}`, async () => {
          // A general calendar's filters (issue 35): its `filters` names, or (true) the entity's list's query fields.
          const filters = page.json.filters;
          const list =
            filters === true ? schemas.files.find((f) => f.kind === 'list' && f.json.entity === entity.name) : undefined;
          const query = Array.isArray(filters) ? filters : list && Array.isArray(list.json.query) ? list.json.query : [];
          const bundle = {
            component: request.params.component,
            // The file the page is defined in: the renderer's error panel names it (issue 35).
            source: `schemas/${page.rel}`,
            kind: 'calendar',
            calendar: page.json,
            query,
            form: schemas.forms.get(String(page.json.form ?? entity.name))?.json ?? null,
            entity: publicEntity(entity, schemas.entities),
            process: Boolean(entity.process),
          };
          return cachedEnvelope({ ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) }, request.locale);
        });
        return sendCached(request, reply, body);
      }
      if (page.kind === 'report') {
        // A report an endpoint answers whole: for whoever holds its permission; the export button
        // only for whoever may export (the endpoints check the same keys).
        const key = String(page.json.permission);
        if (!s.access.can(principal, key)) throw new AppError(Code.forbidden, 'auth.forbidden', { key });
        const exportKey = (page.json.export as Record<string, Json> | undefined)?.permission;
        const exportable = exportKey !== undefined && s.access.can(principal, String(exportKey));
        const body = await s.cache.get(
          site.id,
          `page:${request.params.component}:${exportable ? 'x' : ''}:${request.locale}`,
          async () => {
            const { export: _export, ...rest } = page.json;
            const bundle = {
              component: request.params.component,
              // The file the page is defined in: the renderer's error panel names it (issue 35).
              source: `schemas/${page.rel}`,
              kind: 'report',
              report: exportable ? page.json : rest,
              entity: publicEntity(entity, schemas.entities),
            };
            return cachedEnvelope({ ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) }, request.locale);
          },
        );
        return sendCached(request, reply, body);
      }
      if (page.kind === 'detail') {
        // A record read-only with its tabs: for whoever may read the entity's records; a tab of
        // another entity's rows only for whoever may read those.
        const queryKey = permissionOf(entity, 'query');
        if (!s.access.can(principal, queryKey)) throw new AppError(Code.forbidden, 'auth.forbidden', { key: queryKey });
        const tabs = (page.json.tabs as Array<Record<string, Json>>).filter((t) => {
          const other = t.kind === 'rows' ? schemas.entities.get(String(t.entity)) : undefined;
          return t.kind !== 'rows' || (other !== undefined && s.access.can(principal, permissionOf(other, 'list')));
        });
        const actionKeys = ((page.json.actions ?? []) as Array<Record<string, Json>>).map((a) =>
          s.access.can(principal, String(a.permission)) ? '1' : '0',
        );
        const signature = principal.isAdmin ? 'admin' : [...tabs.map((t) => t.key), ...actionKeys].join(',');
        const body = await s.cache.get(site.id, `page:${request.params.component}:${signature}:${request.locale}`, async () => {
          const related = Object.fromEntries(
            tabs
              .filter((t) => t.kind === 'rows')
              .map((t) => [String(t.entity), publicEntity(schemas.entities.get(String(t.entity))!, schemas.entities)]),
          );
          const bundle = {
            component: request.params.component,
            // The file the page is defined in: the renderer's error panel names it (issue 35).
            source: `schemas/${page.rel}`,
            kind: 'detail',
            detail: {
              ...page.json,
              tabs,
              actions: ((page.json.actions ?? []) as Array<Record<string, Json>>).filter((a) =>
                s.access.can(principal, String(a.permission)),
              ),
            },
            form: schemas.forms.get(entity.name)?.json ?? null,
            entity: publicEntity(entity, schemas.entities),
            related,
          };
          return cachedEnvelope({ ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) }, request.locale);
        });
        return sendCached(request, reply, body);
      }
      const listKey = permissionOf(entity, 'list');
      if (!s.access.can(principal, listKey)) throw new AppError(Code.forbidden, 'auth.forbidden', { key: listKey });

      const allowed = (a: Action) => {
        const key = a.permission ?? (ACTION_KEYS[a.action] ? permissionOf(entity, ACTION_KEYS[a.action]!) : undefined);
        // A read-only entity takes no rows by the generic endpoints; an act of its own (book a month's
        // depreciation from the report) posts elsewhere.
        if (entity.readOnly && !a.endpoint && ['add', 'edit', 'remove', 'import', 'status'].includes(a.action)) return false;
        return !key || s.access.can(principal, key);
      };
      const strip = (list: unknown) => (Array.isArray(list) ? (list as Action[]).filter(allowed) : undefined);
      // What this caller may do decides the bundle: cache by that, not by user.
      const signature = principal.isAdmin ? 'admin' : principal.buttons.filter((b) => b.startsWith(entity.permission)).join(',');
      const body = await s.cache.get(site.id, `page:${request.params.component}:${signature}:${request.locale}`, async () => {
        const list = {
          ...page.json,
          toolbar: strip(page.json.toolbar),
          // A document's approval and state actions come with it (./entities/states.ts).
          rowActions: strip(withDocumentActions(entity, page.json.rowActions as Action[] | undefined)),
          batchActions: strip(page.json.batchActions),
          columns: (page.json.columns as Array<{ field: string; link?: Action }>).map((c) =>
            c.link && !allowed(c.link) ? { ...c, link: undefined } : c,
          ),
        };
        const form = schemas.forms.get(String(page.json.form ?? entity.name))?.json ?? null;
        // Forms the caller's actions open (a role's data scope dialog).
        const named = [...(list.toolbar ?? []), ...(list.rowActions ?? []), ...(list.batchActions ?? [])]
          .map((a) => a.form)
          .filter((f): f is string => typeof f === 'string');
        const forms = Object.fromEntries(
          named.flatMap((stem) => {
            const file = schemas.forms.get(stem);
            return file ? [[stem, file.json]] : [];
          }),
        );
        const bundle = {
          component: request.params.component,
          // The file the page is defined in: the renderer's error panel names it (issue 35).
          source: `schemas/${page.rel}`,
          kind: 'list',
          list,
          form,
          forms,
          entity: publicEntity(entity, schemas.entities),
        };
        return cachedEnvelope({ ...bundle, texts: textsOf(s.schemas.forSite(site.key).texts, bundle) }, request.locale);
      });
      return sendCached(request, reply, body);
    },
  );
}
