// Warning endpoints of spec section 7 beyond the generic ones (warningWords page / save / remove,
// warningRecord remove and export come from the entity schemas): warningRecord page / list /
// infoById with each record's text in the reader's language (and `scan=1` to look for progress lag
// first), releaseStatus (a release by hand, with a note), and the progress scan at start and every
// hour. The records themselves are raised by rules.ts, inside the ledger's transactions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteNow } from '../../platform/site-time.ts';
import { sql } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { idsOf } from '../../entities/routes.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { yearOf, type Query } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { ReleaseStatus, renderText, scanProgress, type SourceTitle, type WarningText } from './rules.ts';

type Row = Record<string, any>;

const HOUR = 60 * 60 * 1000;
const MAX_BATCH = 100;
const NOTE_MAX = 200;

// Records come from the server only: the generic save, update and import refuse.
defineHooks('warningRecord', {
  beforeSave() {
    throw new AppError(Code.conflict, 'warning.serverOnly');
  },
});

export default function warningRoutes(app: FastifyInstance, s: Services) {
  const { db } = s.database;
  const records = (request: FastifyRequest) =>
    new EntityService(s, s.schemas.entity(caller(request).site.key, 'warningRecord'), request);
  const title: SourceTitle = (type, locale) => s.schemas.texts[`${type}.title`]?.[locale];
  const now = () => new Date(s.clock.now());

  /** Content and an automatic release's note in the reader's language (the columns hold zh-CN). */
  async function localize(request: FastifyRequest, rows: Row[]): Promise<Row[]> {
    if (!rows.length) return rows;
    const ids = rows.map((r) => Number(r.id));
    const extend = new Map(
      (await sql<Row>`select id, extend from nk_warning_record where id in (${sql.join(ids)})`.execute(db)).rows.map((r) => [
        Number(r.id),
        (r.extend ?? {}) as { text?: WarningText; releaseText?: WarningText },
      ]),
    );
    return rows.map((r) => {
      const e = extend.get(Number(r.id)) ?? {};
      return {
        ...r,
        content: renderText(e.text, request.locale, title) ?? r.content,
        releaseNote: (e.releaseText && renderText(e.releaseText, request.locale, title)) ?? r.releaseNote,
      };
    });
  }

  /** `scan=1`: look for progress lag of the caller's year before answering. */
  async function scanIfAsked(request: FastifyRequest) {
    const q = request.query as Query;
    if (String(q.scan ?? '') !== '1') return;
    const { site } = caller(request);
    await scanProgress(db, site.id, yearOf(request.headers, s.clock.now(), site.timeZone), now());
  }

  app.get('/neikong/warningRecord/page', { config: { permission: 'neikong:warningRecord:list' } }, async (request) => {
    await scanIfAsked(request);
    const page = await records(request).page(request.query as Query);
    return ok(request, { ...page, records: await localize(request, page.records) });
  });

  app.get('/neikong/warningRecord/list', { config: { permission: 'neikong:warningRecord:list' } }, async (request) => {
    await scanIfAsked(request);
    return ok(request, await localize(request, await records(request).list(request.query as Query)));
  });

  app.get<{ Params: { id: string } }>(
    '/neikong/warningRecord/infoById/:id',
    { config: { permission: 'neikong:warningRecord:query' } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = records(request);
      return ok(request, (await localize(request, [svc.wire(await svc.find(id))]))[0]);
    },
  );

  /** Finance or audit releases active records by hand, with a note (DOMAIN.md "Warnings"). */
  app.post<{ Body: Record<string, unknown> }>(
    '/neikong/warningRecord/releaseStatus',
    {
      config: { permission: 'neikong:warningRecord:release', log: { module: 'warningRecord', action: 'other' } },
      schema: {
        body: {
          type: 'object',
          properties: {
            id: { type: ['integer', 'string'] },
            ids: {},
            version: {},
            releaseNote: { type: ['string', 'null'] },
          },
        },
      },
    },
    async (request) => {
      const note = String(request.body?.releaseNote ?? '').trim();
      if (!note) throw new AppError(Code.invalid, 'warning.noteRequired');
      if (note.length > NOTE_MAX) throw new AppError(Code.invalid, 'warning.noteTooLong');
      const ids = idsOf(request);
      if (!ids.length || ids.length > MAX_BATCH) throw new AppError(Code.invalid, 'entity.noIds');
      const { principal } = caller(request);
      const svc = records(request);
      const at = now();
      await db.transaction().execute(async (trx) => {
        for (const id of ids) {
          // The caller's site and data scope; the row stays locked until the release commits.
          const row = await svc.find(id, trx, true);
          if (row.release_status !== ReleaseStatus.active) throw new AppError(Code.conflict, 'warning.alreadyReleased', { id });
          await sql`update nk_warning_record set release_status = ${ReleaseStatus.released}, released_by = ${principal.userId},
              released_at = ${at}, release_note = ${note}, updated_by = ${principal.userId}, updated_at = ${at}, version = version + 1
            where id = ${id}`.execute(trx);
        }
      });
      return ok(request, { released: ids.length }, 'warning.released', { count: ids.length });
    },
  );

  // ---- progress lag at start and every hour ----------------------------------------------------
  // Never blocks the start, never outlives the app (the timer is unref'd and cleared on close, a
  // scan under way is awaited), and a failure is logged, never thrown.

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closing = false;
  const scanAll = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      const at = now();
      for (const site of s.sites.all()) {
        if (closing) return;
        try {
          await scanProgress(db, site.id, siteNow(at.getTime(), site.timeZone).year, at);
        } catch (err) {
          if (!closing) app.log.warn({ err, site: site.key }, 'warning progress scan failed');
        }
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    void scanAll();
    timer = setInterval(() => void scanAll(), HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
