// The one place every API request passes: language, site, session, permission. Each route
// declares `config.permission` — 'public', 'login' (any signed-in user) or a permission key
// such as 'system:user:list' — and registering a route without it fails at start-up.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TIME_ZONE, siteNow } from './site-time.ts';
import { resolveLocale, type Locale } from '../../validators/locale.ts';
import type { Access, Principal } from './access.ts';
import { AppError, Code } from './errors.ts';
import type { Session, Sessions } from './sessions.ts';
import type { Site, Sites } from './sites.ts';
import type { Clock } from './clock.ts';

export type Permission = 'public' | 'login' | (string & {});

export interface OperationLogConfig {
  module: string;
  action: OperationLogAction;
  /** The action when the request names it (a batch decision's body.decision), else `action`. */
  actionOf?: (request: FastifyRequest) => OperationLogAction | undefined;
}

/**
 * An operation log row's action (dictionary sys_oper_type): every workflow decision under its own
 * name — approve, reject, transfer, comment, submit, withdraw, cancel — never lumped as one.
 */
export type OperationLogAction =
  | 'add'
  | 'edit'
  | 'delete'
  | 'grant'
  | 'export'
  | 'import'
  | 'audit'
  | 'approve'
  | 'reject'
  | 'transfer'
  | 'comment'
  | 'submit'
  | 'withdraw'
  | 'cancel'
  | 'status'
  | 'other';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** false: the route works without a known site of its own (site lookup by parameter). */
    site?: boolean;
    /** Writes name their module and action for the operation log. */
    log?: OperationLogConfig;
    /** A 'login' route a user who must first change their password may still call (the change-password page's). */
    passwordChange?: boolean;
    /**
     * A module's route that stands in for an entity's generic verb (user/save, which also answers a
     * one-time password): documented as that verb, with the members it takes beyond the entity's
     * fields (name → JSON Schema with `title` an i18n key).
     */
    docs?: { verb: 'save' | 'update' | 'import'; extra?: Record<string, Record<string, unknown>> };
  }
  interface FastifyRequest {
    locale: Locale;
    site: Site | null;
    /** Budget year of the request: the `year` header, else the current calendar year. */
    year: number;
    session: Session | null;
    principal: Principal | null;
  }
}

/** The signed-in caller; only for routes whose permission is not 'public'. */
export function caller(request: FastifyRequest): { site: Site; principal: Principal; session: Session } {
  if (!request.site || !request.principal || !request.session) throw new AppError(Code.loginExpired, 'auth.loginExpired');
  return { site: request.site, principal: request.principal, session: request.session };
}

/** The request's site; only for routes that keep the default `site: true`. */
export function siteOf(request: FastifyRequest): Site {
  if (!request.site) throw new AppError(Code.unknownSite, 'site.unknown', { key: '' });
  return request.site;
}

export function headerText(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

type GateDeps = { sites: Sites; sessions: Sessions; access: Access; clock: Clock };

/** The request's session and caller from its token, or 40102: for the gate, and routes whose access a setting decides. */
export async function authenticate(request: FastifyRequest, deps: GateDeps): Promise<void> {
  const token = headerText(request, 'token') || headerText(request, 'access-token');
  const session = token ? await deps.sessions.verify(token) : null;
  if (!session) throw new AppError(Code.loginExpired, 'auth.loginExpired');
  if (!request.site || session.siteId !== request.site.id) throw new AppError(Code.loginExpired, 'auth.otherSite');
  const principal = await deps.access.principal(session.siteId, session.userId);
  if (!principal || principal.status !== '0') throw new AppError(Code.loginExpired, 'auth.loginExpired');
  request.session = session;
  request.principal = principal;
}

export function installGate(app: FastifyInstance, deps: GateDeps) {
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('site', null);
  app.decorateRequest('year', 0);
  app.decorateRequest('session', null);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.permission) {
      throw new Error(`route ${route.method} ${route.url} declares no config.permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    request.locale = resolveLocale(headerText(request, 'accept-language'));
    const config = request.routeOptions.config;
    const permission = config?.permission;
    if (!permission) return; // not an API route (static files, not found)

    const host = headerText(request, 'hostname') || request.hostname;
    const key = deps.sites.keyForHost(host);
    request.site = deps.sites.get(key) ?? null;
    // The budget year: the header's, else this year on the site's clock.
    const yearHeader = headerText(request, 'year');
    request.year = /^\d{4}$/.test(yearHeader)
      ? Number(yearHeader)
      : Number(siteNow(deps.clock.now(), request.site?.timeZone ?? DEFAULT_TIME_ZONE).year);
    if (config.site !== false && !request.site) {
      throw new AppError(Code.unknownSite, 'site.unknown', { key });
    }
    if (permission === 'public') return;

    await authenticate(request, deps);
    const principal = request.principal!;
    // Until the forced change is done, the session serves the change-password page and nothing else
    // (not even the user directory): a password someone else chose is not yet the user's own.
    if (!config.passwordChange && (principal.rePassword || (await deps.access.passwordExpired(principal)))) {
      throw new AppError(Code.forbidden, 'auth.passwordChangeRequired');
    }
    if (permission === 'login') return;
    if (!deps.access.can(principal, permission)) throw new AppError(Code.forbidden, 'auth.forbidden', { key: permission });
  });
}
