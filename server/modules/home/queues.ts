// The home page's work queues (issue 34): blocks declared in schemas/home/queues.json (a site adds
// or changes one in schemas/sites/<key>/home/queues.json, a merge patch over the blocks by key),
// each a title, a count and the first rows of a list with a fixed filter, and the link to that
// list. A block is read through the list's own endpoint with the caller's own request (same
// token, site, year and language): the same permission, data scope and filters as the list.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { caller } from '../../platform/gate.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { SCHEMAS_DIR, SITES_DIR } from '../../schemas/files.ts';
import type { Json } from '../../../validators/merge-patch.ts';
import { sitePatch } from '../../../validators/keyed-patch.ts';
import { run } from '../../../validators/expression/evaluate.ts';
import { siteNow } from '../../platform/site-time.ts';
import type { Site } from '../../platform/sites.ts';
import type { Principal } from '../../platform/access.ts';

type Row = Record<string, unknown>;

export interface QueueColumn {
  field: string;
  /** i18n key; default the entity field's title. */
  title?: string;
  /** How the browser shows it: money with separators; default text. */
  type?: 'text' | 'money' | 'datetime' | 'date';
  /** A dictionary saying the value in words (default the entity field's). */
  dict?: string;
  /** false: hidden below 576 px (a phone), so that the others show whole. */
  phone?: boolean;
}

export interface QueueDef {
  title: string;
  /** i18n key of what the block says when nothing waits; default home.queue.empty. */
  empty?: string;
  entity?: string;
  endpoint?: string;
  permission?: string;
  query?: Record<string, string>;
  match?: string;
  rows?: number;
  columns: Array<string | QueueColumn>;
  link?: string;
  order?: number;
}

const FILE = 'home/queues.json';
/** A `match` filters the rows in the server: it reads at most this many. */
const MATCH_LIMIT = 100;
/** How far a block counts: its badge says 999+ beyond. */
export const QUEUE_COUNT_TO = 1000;

/** The queues one site declares: the base file with the site's patch over it. */
export function queuesOf(siteKey: string): Array<[string, QueueDef]> {
  const read = (file: string) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : null);
  let json: Json = read(path.join(SCHEMAS_DIR, FILE)) ?? {};
  const patch = read(path.join(SITES_DIR, siteKey, FILE));
  if (patch) json = sitePatch(FILE, json, patch);
  const queues = ((json as Row).queues ?? {}) as Record<string, QueueDef | null>;
  return Object.entries(queues)
    .filter((e): e is [string, QueueDef] => Boolean(e[1]))
    .sort((a, b) => (a[1].order ?? 100) - (b[1].order ?? 100));
}

/** A fixed filter's value: {today} the site's day, {me} the caller's id. */
function resolved(value: string, site: Site, principal: Principal, now: number): string {
  return value.replace(/\{today\}/g, siteNow(now, site.timeZone).day).replace(/\{me\}/g, String(principal.userId));
}

export default function homeQueueRoutes(app: FastifyInstance, s: Services) {
  const one = async (request: FastifyRequest, key: string, def: QueueDef) => {
    const { site, principal } = caller(request);
    const entities = s.schemas.forSite(site.key).entities;
    const texts = s.schemas.forSite(site.key).texts;
    const entity = def.entity ? entities.get(def.entity) : undefined;
    const endpoint = def.endpoint ?? (entity ? `${entity.api}/page` : '');
    const now = s.clock.now();
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(def.query ?? {})) params.set(k, resolved(v, site, principal, now));
    const rows = Math.min(Math.max(def.rows ?? 5, 1), 20);
    params.set('pageNum', '1');
    params.set('pageSize', String(def.match ? MATCH_LIMIT : rows));
    // The block's badge shows 999+ at most (src/views/home/QueueBlocks.tsx): counting further is work nobody sees.
    params.set('countTo', String(QUEUE_COUNT_TO));
    const headers: Record<string, string> = {};
    for (const h of ['token', 'authorization', 'hostname', 'host', 'accept-language', 'year', 'x-forwarded-for'])
      if (typeof request.headers[h] === 'string') headers[h] = request.headers[h] as string;
    const reply = await request.server.inject({ method: 'GET', url: `/api${endpoint}?${params}`, headers });
    let body: { code?: number | string; data?: unknown; msg?: string } = {};
    try {
      body = reply.json();
    } catch {
      body = { code: -1, msg: '' };
    }
    const title = texts[def.title]?.[request.locale] ?? def.title;
    const emptyKey = def.empty ?? 'home.queue.empty';
    const empty = texts[emptyKey]?.[request.locale] ?? texts['home.queue.empty']?.[request.locale] ?? '';
    const columns = def.columns.map((c) => {
      const col: QueueColumn = typeof c === 'string' ? { field: c } : c;
      const f = entity?.byName.get(col.field);
      const type =
        col.type ?? (f?.type === 'money' ? 'money' : f?.type === 'datetime' ? 'datetime' : f?.type === 'date' ? 'date' : 'text');
      return {
        field: col.field,
        title: texts[col.title ?? f?.title ?? '']?.[request.locale] ?? col.field,
        type,
        dict: col.dict ?? (f?.type === 'dict' ? f.dict : undefined),
        ...(col.phone === false ? { phone: false } : {}),
      };
    });
    const link = def.link ? resolved(def.link, site, principal, now) : null;
    if (String(body.code) !== Code.ok) return { key, title, empty, total: 0, rows: [], columns, link, error: body.msg ?? '' };
    const data = body.data as { records?: Row[]; total?: number } | Row[];
    let records = Array.isArray(data) ? data : (data?.records ?? []);
    let total = Array.isArray(data) ? data.length : Number(data?.total ?? records.length);
    if (def.match) {
      records = records.filter((r) => {
        try {
          return Boolean(run(def.match!, r));
        } catch {
          return false;
        }
      });
      total = records.length;
    }
    const dicts = columns.some((c) => c.dict) ? await s.dictionaries.get(site.id, request.locale) : null;
    const shown = records.slice(0, rows).map((r) => {
      const out: Row = { id: r.id ?? null };
      for (const c of columns) {
        let v = r[`${c.field}Label`] ?? r[c.field] ?? null;
        if (c.dict && v !== null) v = dicts?.get(c.dict)?.find((d) => d.dictValue === String(v))?.dictLabel ?? v;
        out[c.field] = v;
      }
      return out;
    });
    return { key, title, empty, total, rows: shown, columns: columns.map(({ dict: _d, ...c }) => c), link };
  };

  const visible = (request: FastifyRequest) => {
    const { site, principal } = caller(request);
    const entities = s.schemas.forSite(site.key).entities;
    return queuesOf(site.key).filter(([, def]) => {
      const entity = def.entity ? entities.get(def.entity) : undefined;
      const permission = def.permission ?? (entity ? `${entity.permission}:list` : undefined);
      return Boolean(permission) && s.access.can(principal, permission!);
    });
  };

  // Every queue the caller may see, with its count and first rows.
  app.get('/home/queues', { config: { permission: 'login' } }, async (request) => {
    const out = [];
    for (const [key, def] of visible(request)) out.push(await one(request, key, def));
    return ok(request, out);
  });
  // One queue.
  app.get<{ Params: { key: string } }>('/home/queues/:key', { config: { permission: 'login' } }, async (request) => {
    const key = String(request.params.key).slice(0, 64);
    const def = visible(request).find(([k]) => k === key);
    if (!def) throw new AppError(Code.notFound, 'home.unknownQueue', { key });
    return ok(request, await one(request, key, def[1]));
  });
}
