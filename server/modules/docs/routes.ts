// GET /api/docs: the OpenAPI 3.1 description of the whole API, generated (./openapi.ts);
// GET /api/docs/ui: the same as a plain HTML page. Built once per language on first request:
// the routes and the entity schemas do not change while the server runs.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { resolveLocale, type Locale } from '../../../validators/locale.ts';
import { renderHtml, STYLE_HASH } from './html.ts';
import { buildOpenApi } from './openapi.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { authenticate, siteOf } from '../../platform/gate.ts';

export { collectRoutes } from './openapi.ts';

interface Built {
  body: string;
  etag: string;
}

const LANG = {
  type: 'object',
  properties: { lang: { type: 'string', maxLength: 35, pattern: '^[A-Za-z0-9-]*$' } },
} as const;

const built = (body: string): Built => ({ body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"` });

export default function docsRoutes(app: FastifyInstance, s: Services) {
  const docs = new Map<Locale, Record<string, unknown>>();
  const json = new Map<Locale, Built>();
  const html = new Map<Locale, Built>();

  const docOf = (locale: Locale) => {
    let doc = docs.get(locale);
    if (!doc) docs.set(locale, (doc = buildOpenApi(app, s, locale)));
    return doc;
  };
  /** ?lang= first, then Accept-Language (the gate's), en-US by default. */
  const localeOf = (request: FastifyRequest): Locale => {
    const lang = (request.query as { lang?: string }).lang;
    return lang ? resolveLocale(lang) : request.locale;
  };
  const send = (request: FastifyRequest, reply: FastifyReply, b: Built, type: string) => {
    reply.header('etag', b.etag).header('vary', 'accept-language').header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === b.etag) return reply.status(304).send();
    return reply.type(type).send(b.body);
  };

  /** The site's setting sys.apiDocs.access says who reads the description: public, login (default) or admin. */
  const admit = async (request: FastifyRequest) => {
    const site = siteOf(request);
    const mode = await s.siteConfig.value(site.id, 'sys.apiDocs.access');
    if (mode === 'public') return;
    await authenticate(request, s);
    if (mode === 'admin' && !request.principal!.isAdmin) throw new AppError(Code.forbidden, 'auth.forbidden', { key: 'admin' });
  };

  app.get('/docs', { config: { permission: 'public' }, schema: { querystring: LANG } }, async (request, reply) => {
    await admit(request);
    const locale = localeOf(request);
    let b = json.get(locale);
    if (!b) json.set(locale, (b = built(JSON.stringify(docOf(locale)))));
    return send(request, reply, b, 'application/json; charset=utf-8');
  });

  app.get('/docs/ui', { config: { permission: 'public' }, schema: { querystring: LANG } }, async (request, reply) => {
    await admit(request);
    const locale = localeOf(request);
    let b = html.get(locale);
    if (!b) html.set(locale, (b = built(renderHtml(docOf(locale), locale))));
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    return send(request, reply, b, 'text/html; charset=utf-8');
  });
}
