// The audit trail's own calls (issue 36); its records are read through the auditTrail entity
// (schemas/monitor/auditTrail.*.json: search, export), which is read-only like every log.
//   POST /api/monitor/audit/verify   key monitor:audit:verify   → the chain's report, named in words
//   GET  /api/monitor/audit/head     key monitor:audit:list     → the head to write down elsewhere
//   GET  /api/monitor/audit/history  whoever may read the document → its history (./history.ts)
//   GET  /api/monitor/audit/asOf     the same, and the auditor → the document as it stood at a moment (./asof.ts)
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t, type MessageKey } from '../../platform/messages.ts';
import { sealTrail } from '../../platform/db/trail-seal.ts';
import { verifyChain } from './verify.ts';
import historyRoute from './history.ts';
import { registerExportHeading } from '../../entities/headings.ts';
import asOfRoute from './asof.ts';

const RANGE = {
  type: 'object',
  properties: {
    from: { type: 'integer', minimum: 1 },
    to: { type: 'integer', minimum: 1 },
  },
} as const;

export default function auditRoutes(app: FastifyInstance, s: Services) {
  historyRoute(app, s);
  asOfRoute(app, s);
  app.post<{ Body: { from?: number; to?: number } | undefined }>(
    '/monitor/audit/verify',
    { config: { permission: 'monitor:audit:verify', log: { module: 'auditTrail', action: 'other' } }, schema: { body: RANGE } },
    async (request) => {
      const { site } = caller(request);
      const report = await verifyChain(s.database.db as never, site.id, request.body ?? {});
      if (!report.ok && report.fault) {
        const { seq, kind, detail } = report.fault;
        const why = t(`audit.fault.${kind}` as MessageKey, request.locale, { detail });
        throw new AppError(Code.conflict, 'audit.chainBroken', { seq: String(seq), detail: why }, report);
      }
      return ok(request, report, 'audit.chainSound', {
        count: String(report.checked),
        seq: String(report.head.seq),
        hash: report.head.hash.slice(0, 16),
      });
    },
  );

  app.get('/monitor/audit/head', { config: { permission: 'monitor:audit:list' } }, async (request) => {
    const { site } = caller(request);
    const h = await chainHead(s, site.id);
    return ok(request, { seq: h.seq, hash: h.hash, at: new Date(s.clock.now()).toISOString() });
  });

  // The trail's export carries the head (auditTrail.entity.json "exportHeading"), read after sealing.
  registerExportHeading('auditChainHead', async (srv, request) => {
    const { site } = caller(request);
    const h = await chainHead(srv, site.id);
    const l = request.locale;
    return {
      title: t('audit.head.title', l),
      lines: [
        [t('audit.head.site', l), `${site.name} (${site.key})`],
        [t('audit.head.seq', l), h.seq],
        [t('audit.head.hash', l), h.hash],
      ],
    };
  });
}

/** The site's chain head once every committed record is sealed: its last number and hash. */
export async function chainHead(s: Services, siteId: number): Promise<{ seq: number; hash: string }> {
  await sealTrail(s.database.db as never, siteId, true);
  const head = await s.database.db
    .selectFrom('sys_audit_head' as never)
    .select(['seq', 'hash'] as never)
    .where('top_dept_id' as never, '=', siteId as never)
    .executeTakeFirst();
  const h = (head ?? { seq: 0, hash: '0'.repeat(64) }) as { seq: number; hash: string };
  return { seq: Number(h.seq), hash: h.hash };
}
