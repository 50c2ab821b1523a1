// Schema health (issue 35): what of schemas/ is broken, and the areas out of service.
// - Every request below /api reaching an entity or page of an area out of service (a first start
//   with a broken file in it, or a site's broken patch of it) answers 503 `schema.areaBroken`
//   naming the area and the file — never a 500.
// - GET /api/schema/health: the current problems (file, pointer, message, area, site, since) for
//   the administrator's banner; the same list rides on every reload's news (/api/schema/events).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { schemaHealth, type AreaProblem } from '../../schemas/quarantine.ts';

export interface HealthReport {
  problems: AreaProblem[];
  /** Areas out of service (no sound version serves), `area` or `sites/<key>/<area>`. */
  outOfService: string[];
}

export function healthReport(): HealthReport {
  const health = schemaHealth();
  return { problems: health.problems, outOfService: [...health.out.keys()] };
}

/** The onRequest hook answering for areas out of service (after the gate: the site is known). */
export function installQuarantine(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const out = schemaHealth().outOfServiceFor(request.site?.key ?? '', request.url);
    if (!out) return;
    return reply.status(503).send({
      code: Code.unavailable,
      data: { area: out.area, file: `schemas/${out.file}` },
      msg: t('schema.areaBroken', request.locale, { area: out.area, file: `schemas/${out.file}` }),
    });
  });
}

export default function schemaHealthRoutes(app: FastifyInstance, s: Services): void {
  // For administrators: the problems name files and places of the installation's definition.
  // Anyone else is told nothing (data null) — the shell asks for every user, quietly.
  app.get('/schema/health', { config: { permission: 'login' } }, async (request) => {
    const { principal } = caller(request);
    const data = principal.isAdmin ? { ...healthReport(), watching: s.config.watchSchemas } : null;
    return { code: Code.ok, data, msg: t('ok', request.locale) };
  });
}
