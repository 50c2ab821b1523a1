// Every write is in the operation log (DOMAIN.md): module, action, entity, who, where, the
// parameters with secrets masked, the result code and how long it took. Routes opt in by
// declaring config.log; the row is written before the answer leaves, so it is never lost.
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { isStorableText } from '../../validators/formats.ts';
import type { Database } from './db/database.ts';

const SECRET_KEY = /pass(word)?|pwd|secret|token|captcha/i;
const MAX_PARAMS = 4000;

/**
 * Text as the log can store it: a NUL or a lone surrogate (refused by jsonb; the request itself was
 * refused for it) becomes U+FFFD, so the refusal is still logged.
 */
export function storable(text: string): string {
  return isStorableText(text)
    ? text
    : text.replace(
        /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(^|[^\ud800-\udbff])[\udc00-\udfff]/g,
        (m, before?: string) => `${before ?? ''}\ufffd`,
      );
}

export function maskSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[storable(k)] = SECRET_KEY.test(k) ? '******' : maskSecrets(v, depth + 1);
  }
  return out;
}

function entityIdOf(request: FastifyRequest, payload: unknown): string | null {
  const fromRequest =
    (request.body as Record<string, unknown> | undefined)?.id ??
    (request.params as Record<string, unknown> | undefined)?.id ??
    (request.query as Record<string, unknown> | undefined)?.id;
  if (fromRequest !== undefined && fromRequest !== null) return storable(String(fromRequest).slice(0, 64));
  const data = (payload as { data?: { id?: unknown } } | null)?.data;
  return data && typeof data === 'object' && data.id !== undefined ? String(data.id).slice(0, 64) : null;
}

export function installOperationLog(app: FastifyInstance, database: Database) {
  const write: onSendHookHandler = async (request, reply, payload) => {
    const log = request.routeOptions.config?.log;
    if (!log || !request.site) return payload;
    let parsed: { code?: string; msg?: string } | null = null;
    if (typeof payload === 'string' && payload.length < 65_536) {
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = null;
      }
    }
    const ok = parsed ? parsed.code === '0' : reply.statusCode < 400;
    let params = JSON.stringify(maskSecrets({ query: request.query, body: request.body }));
    // A cut between the halves of a surrogate pair leaves half a character: stored as U+FFFD.
    if (params.length > MAX_PARAMS) params = JSON.stringify({ truncated: storable(params.slice(0, MAX_PARAMS)) });
    try {
      await database.db
        .insertInto('sys_oper_log')
        .values({
          top_dept_id: request.site.id,
          module: log.module,
          action: log.actionOf?.(request) ?? log.action,
          entity_id: entityIdOf(request, parsed),
          user_id: request.principal?.userId ?? null,
          dept_id: request.principal?.deptId ?? null,
          ip: request.ip,
          url: storable(request.url.slice(0, 500)),
          method: request.method,
          params,
          result: ok ? '0' : '1',
          error: ok ? null : storable((parsed?.msg ?? `HTTP ${reply.statusCode}`).slice(0, 2000)),
          duration_ms: Math.round(reply.elapsedTime),
          created_at: new Date(),
        })
        .execute();
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
    return payload;
  };
  // Only the routes that write carry the hook: reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!route.config?.log) return;
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...existing, write];
  });
}
