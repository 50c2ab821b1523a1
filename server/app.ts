// The Fastify application: platform services, the gate, then every module's routes, in the
// order given here. main.ts starts it for real; tests build it on a random port with their own
// database and clock.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createAjv, describeError } from '../validators/ajv.ts';
import { resolveLocale } from '../validators/locale.ts';
import { Access } from './platform/access.ts';
import { SiteCache } from './platform/cache.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { AppError, Code, TooManyRequests } from './platform/errors.ts';
import { installGate } from './platform/gate.ts';
import { t } from './platform/messages.ts';
import { installOperationLog } from './platform/oplog.ts';
import { runWithTrail } from './platform/db/trail-context.ts';
import { currentRequest, runAsRequest, serverTiming } from './platform/db/request-turn.ts';
import { RateLimits } from './platform/rate-limit.ts';
import { Sessions } from './platform/sessions.ts';
import { SiteConfig } from './platform/site-config.ts';
import { Sites } from './platform/sites.ts';
import authRoutes from './modules/auth/routes.ts';
import { Captchas, randomCaptchaText } from './modules/auth/captcha.ts';
import userRoutes from './modules/user/routes.ts';
import accountRoutes from './modules/account/routes.ts';
import menuRoutes from './modules/menu/routes.ts';
import deptRoutes from './modules/dept/routes.ts';
import dictRoutes from './modules/dict/routes.ts';
import systemRoutes from './modules/system/routes.ts';
import noticeRoutes from './modules/notice/routes.ts';
import roleRoutes from './modules/role/routes.ts';
import permissionRoutes from './modules/role/permissions.ts';
import workflowRoutes from './modules/workflow/routes.ts';
import { repairOpenTasks } from './modules/workflow/service.ts';
import budgetRoutes from './modules/budget/routes.ts';
import budgetSourceRoutes from './modules/budget/sources/routes.ts';
import warningRoutes from './modules/warning/routes.ts';
import statisticsRoutes from './modules/budget/statistics.ts';
import codegenRoutes from './modules/codegen/routes.ts';
import fileRoutes from './modules/files/routes.ts';
import ossRoutes from './modules/oss/routes.ts';
import schemaRoutes from './modules/schema/routes.ts';
import { SchemaReloader } from './modules/schema/reload.ts';
import schemaHealthRoutes, { installQuarantine } from './modules/schema/health.ts';
import { contractNoticeRoutes } from './modules/contract/notices.ts';
import homeQueueRoutes from './modules/home/queues.ts';
import { contractInstalmentRoutes } from './modules/contract/instalments.ts';
import jobRoutes from './modules/monitor/jobs.ts';
import auditRoutes from './modules/audit/routes.ts';
import docsRoutes, { collectRoutes } from './modules/docs/routes.ts';
import './modules/system/hooks.ts';
import './modules/audit/archive.ts';
import './modules/expense/cost-control.ts';
import './modules/expense/loans.ts';
import './modules/expense/standards.ts';
import './modules/contract/contracts.ts';
import './modules/purchase/purchases.ts';
import './modules/expense/labour-tax.ts';
import './modules/warning/effects.ts';
import './entities/cascade.ts';
import './modules/stock/ledger.ts';
import { stockRoutes } from './modules/stock/available.ts';
import { depreciationRoutes } from './modules/asset/depreciation.ts';
import './modules/asset/cards.ts';
import './modules/notice/reminders.ts';
import { inventoryRoutes } from './modules/asset/inventory.ts';
import { salaryRoutes } from './modules/salary/sheets.ts';
import { paymentRoutes } from './modules/payment/payments.ts';
import { leaveRoutes } from './modules/leave/leave.ts';
import entityRoutes from './entities/routes.ts';
import { historyRoutes, stateRoutes } from './entities/states.ts';
import calendarRoutes from './entities/calendar.ts';
import { SchemaRegistry } from './entities/registry.ts';
import type { I18nText } from './platform/db/types.ts';
import { Dictionaries } from './platform/dictionaries.ts';
import fastifyMultipart from '@fastify/multipart';

export type { Services } from './platform/services.ts';
import type { Services } from './platform/services.ts';

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  secret: string;
  clock?: Clock;
  /** Tests read the captcha they are shown through this; the product draws random text. */
  captchaText?: () => string;
  logLevel?: string;
}

const BODY_LIMIT = 1024 * 1024;
/** No body of this product nests deeper; a deeper one would only exhaust the stack of what reads it. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of objects and arrays in a JSON text, scanned before it is parsed (stops past `max`). */
export function jsonDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/**
 * A strict Content-Security-Policy for the app: no eval, no inline scripts, nothing from elsewhere.
 * antd writes its styles at run time, hence 'unsafe-inline' for styles only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * What the pages may ask the browser for: the camera, for the asset labels' QR scan (renderer/list/
 * ScanDialog), from this origin only; nothing else of these the product uses is allowed to any page
 * or frame. (Features not named keep the browser's default: this origin.)
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

/** HTTPS for a year, subdomains (the sites' <key>.<domain>) included; sent only over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Headers of every answer: no framing by another site (clickjacking; pages say it in their CSP too),
 * no content sniffing, the permissions policy, and HSTS when the request came over HTTPS — directly,
 * or from a trusted proxy (TRUST_PROXY) that says X-Forwarded-Proto: https. Over plain HTTP a browser
 * ignores HSTS, and a proxy we do not trust cannot make us claim it.
 */
function securityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply
    .header('x-frame-options', 'SAMEORIGIN')
    .header('x-content-type-options', 'nosniff')
    .header('permissions-policy', PERMISSIONS_POLICY);
  if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

function pageHeaders<R extends { header(name: string, value: string): R }>(reply: R): R {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}

/** Each document entity's name and title in four languages (not lines, not views). */
const wordsOf = new WeakMap<SchemaRegistry, Array<{ name: string; i18n: I18nText }>>();
function entityWords(schemas: SchemaRegistry): Array<{ name: string; i18n: I18nText }> {
  const known = wordsOf.get(schemas);
  if (known) return known;
  const words = schemas
    .baseFiles()
    .filter((f) => f.kind === 'entity' && !f.json.lineOf && !f.json.view && typeof f.json.title === 'string')
    .map((f) => ({ name: f.name, i18n: (schemas.texts[String(f.json.title)] ?? {}) as I18nText }));
  wordsOf.set(schemas, words);
  return words;
}

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const cache = new SiteCache(database);
  const sites = new Sites(database, config.appDomain, config.defaultSite);
  await sites.reload();
  const siteConfig = new SiteConfig(database, cache);
  const services: Services = {
    config,
    database,
    clock,
    cache,
    sites,
    sessions: new Sessions(database, clock, options.secret),
    access: new Access(database, cache, siteConfig, clock),
    siteConfig,
    captchas: new Captchas(database, clock, options.captchaText ?? randomCaptchaText),
    rateLimits: new RateLimits(database, clock),
    schemas: await SchemaRegistry.load(database.db),
    // The document types' dictionary (sys_entity) is drawn from the entity files as they now serve.
    dictionaries: new Dictionaries(database, cache, () => entityWords(services.schemas)),
    secret: options.secret,
  };

  // Open approval tasks a rule of the duties now excludes someone from (./modules/workflow/duties.ts).
  await repairOpenTasks(services);

  const app = Fastify({
    logger: { level: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn' },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // A URL Fastify cannot read (bad percent-encoding, an over-long parameter) answers in the envelope too.
    frameworkErrors: (_err, request, reply) => {
      const locale = resolveLocale(String(request.headers['accept-language'] ?? ''));
      const answer = { code: Code.invalid, data: null, msg: t('request.invalid', locale, { detail: 'URL' }) };
      // Refused before routing, so before the onRequest hook: its headers are set here. (Fastify makes
      // this request without its proxy trust: HSTS only when the connection itself is TLS.)
      securityHeaders(request as FastifyRequest, reply as FastifyReply);
      void (reply as FastifyReply).status(400).send(answer);
    },
  });

  // JSON bodies are checked for depth before they are parsed; Fastify's own parser (prototype
  // poisoning refused) does the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(new AppError(Code.invalid, 'request.tooDeep', { max: MAX_JSON_DEPTH }, null, 400), undefined);
    }
    parseJson(request, body as string, done);
  });

  const bodyAjv = createAjv({ coerce: false });
  const textAjv = createAjv({ coerce: true });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object));

  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const locale = request.locale ?? 'en-US';
    if (err instanceof AppError) {
      if (err instanceof TooManyRequests) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ code: err.code, data: err.data, msg: t(err.messageKey, locale, err.params) });
    }
    if (err.validation?.length) {
      const detail = describeError(err.validation[0] as never, locale);
      return reply.status(200).send({ code: Code.invalid, data: null, msg: t('request.invalid', locale, { detail }) });
    }
    const answer = transportError(err, request);
    if (answer) return reply.status(answer.status).send({ code: answer.code, data: null, msg: answer.msg });
    request.log.error({ err, url: request.url }, 'unhandled error');
    return reply.status(200).send({ code: Code.error, data: null, msg: t('server.error', locale) });
  });

  // Each request is one customer of the embedded database's single connection, queued by when it
  // arrived; it says in Server-Timing how long it waited for the connection (issue 37).
  app.addHook('onRequest', (_request, _reply, done) => runAsRequest(done));
  app.addHook('onSend', async (_request, reply) => {
    const turns = currentRequest();
    const timing = turns && serverTiming(turns);
    if (timing) reply.header('server-timing', timing);
  });
  // The audit trail reads who writes from the request, as it is when the write happens (issue 36).
  app.addHook('onRequest', (request, _reply, done) =>
    runWithTrail(
      () => ({
        siteId: request.site?.id,
        actorId: request.principal?.userId,
        actorName: request.principal?.realName || request.principal?.loginName,
        deptId: request.principal?.deptId ?? undefined,
        roles: request.principal?.roles.map((r) => r.roleKey),
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      }),
      done,
    ),
  );
  // Every answer's security headers (securityHeaders): framing, sniffing, permissions, HSTS over HTTPS.
  app.addHook('onRequest', async (request, reply) => securityHeaders(request, reply));
  installGate(app, services);
  // An area whose schema files are broken answers 503 naming the file (issue 35).
  installQuarantine(app);
  collectRoutes(app);
  installOperationLog(app, database);

  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20 } });

  await app.register(
    async (api) => {
      authRoutes(api, services);
      userRoutes(api, services);
      accountRoutes(api, services);
      menuRoutes(api, services);
      deptRoutes(api, services);
      dictRoutes(api, services);
      systemRoutes(api, services);
      noticeRoutes(api, services);
      roleRoutes(api, services);
      permissionRoutes(api, services);
      workflowRoutes(api, services);
      budgetRoutes(api, services);
      budgetSourceRoutes(api, services);
      warningRoutes(api, services);
      statisticsRoutes(api, services);
      codegenRoutes(api, services);
      schemaRoutes(api, services);
      schemaHealthRoutes(api, services);
      if (config.watchSchemas) {
        const reloader = new SchemaReloader(services);
        reloader.routes(api);
        reloader.start();
        app.addHook('onClose', async () => reloader.close());
      }
      contractNoticeRoutes(api, services);
      homeQueueRoutes(api, services);
      contractInstalmentRoutes(api, services);
      depreciationRoutes(api, services);
      inventoryRoutes(api, services);
      salaryRoutes(api, services);
      paymentRoutes(api, services);
      leaveRoutes(api, services);
      stockRoutes(api, services);
      jobRoutes(api, services);
      auditRoutes(api, services);
      fileRoutes(api, services);
      ossRoutes(api, services);
      // Generic endpoints last: a module's own route of the same path wins.
      entityRoutes(api, services);
      stateRoutes(api, services);
      historyRoutes(api, services);
      calendarRoutes(api, services);
      docsRoutes(api, services);
    },
    { prefix: '/api' },
  );

  const webRoot = config.webRoot && fs.existsSync(path.join(config.webRoot, 'index.html')) ? config.webRoot : null;
  if (webRoot) {
    // Hashed bundles never change: cache them for good. index.html is always asked for again.
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      setHeaders: (reply, filePath) => {
        pageHeaders(reply);
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // The address the start banner prints: the static files answer a directory with 403, so the
  // root gets the app like any other browser route.
  if (webRoot)
    app.get('/', (_request, reply) => pageHeaders(reply).header('cache-control', 'no-cache').sendFile('index.html', webRoot));
  app.setNotFoundHandler((request, reply) => {
    // A bundle that is gone (an old page after a new release) is a 404, never the app's HTML.
    if (webRoot && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/')) {
      // The browser app routes everything that is not a file or an API call.
      return pageHeaders(reply).header('cache-control', 'no-cache').sendFile('index.html', webRoot);
    }
    return reply.status(404).send({
      code: Code.notFound,
      data: null,
      msg: t('request.notFound', request.locale, { method: request.method, url: request.url.split('?')[0].slice(0, 200) }),
    });
  });

  return { app, services };
}

function transportError(err: FastifyError, request: FastifyRequest): { status: number; code: string; msg: string } | null {
  const locale = request.locale;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: Code.tooLarge, msg: t('request.tooLarge', locale, { limit: '1 MB' }) };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, code: Code.tooLarge, msg: t('request.tooLarge', locale, { limit: '10 MB' }) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: Code.unsupportedType,
        msg: t('request.unsupportedType', locale, { type: String(request.headers['content-type'] ?? '').slice(0, 80) }),
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: Code.invalid, msg: t('request.badJson', locale) };
  }
  if (err instanceof SyntaxError) return { status: 400, code: Code.invalid, msg: t('request.badJson', locale) };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: Code.invalid, msg: t('request.invalid', locale, { detail: err.code ?? '' }) };
  }
  return null;
}
