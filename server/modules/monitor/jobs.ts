// The job screen's action (issue 14): run a scheduled job on the caller's site now, by hand.
//   POST /api/monitor/job/run/:key   key monitor:job:run   → the log row of the run
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { runJob, siteJobOf, type JobResult } from '../../platform/jobs.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { messages, t } from '../../platform/messages.ts';

export default function jobRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { key: string } }>(
    '/monitor/job/run/:key',
    { config: { permission: 'monitor:job:run', log: { module: 'jobLog', action: 'other' } } },
    async (request) => {
      const { site, principal } = caller(request);
      // A module's job, or one of the site's schema reminders (issue 35).
      const job = siteJobOf(s, site, request.params.key);
      if (!job) throw new AppError(Code.notFound, 'job.unknown', { key: request.params.key.slice(0, 40) });
      const row = await runJob(s, job, site, 'hand', principal.userId, request.locale);
      if (row.job_status !== '0') throw new AppError(Code.conflict, 'job.failed', { result: String(row.result) });
      return ok(request, { id: Number(row.id), result: row.result }, 'job.ran', { result: String(row.result) });
    },
  );
}

// A run's result reads in its reader's language (a morning run writes it in Chinese); the message
// it was made of stays the server's.
defineHooks('jobLog', {
  inReadersLanguage({ locale }, row) {
    const said = row.resultMessage as Partial<JobResult> | null | undefined;
    if (said && typeof said.message === 'string' && said.message in messages)
      row.result = t(said.message, locale, (said.params ?? {}) as Record<string, string | number>);
    delete row.resultMessage;
  },
});
