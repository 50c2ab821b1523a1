// Endpoints of spec section 7 that reach external systems, answered through the site's adapter
// (./registry.ts; the default 'file' adapter reads an uploaded xlsx or a JSON body):
//
//   POST /neikong/budget/pullBeiShiDaFuZhongBudget          indicators of the caller's year created or brought to the source's amount
//   GET|POST /neikong/budget/getBudgetDeptBeiShiDaFuZhong   the source's departments matched to ours by name
//   POST /neikong/hdProject/import                          district projects stored (added or updated)
//   GET  /neikong/hdProject/getHdProjectForHaidian/:id      one project by the district's id
//   POST /neikong/hdProject/decrypt                         a district link's info → { billType, id }
//   POST /neikong/hdProject/initHaidianUser                 the district's people become users of the site
//
// docs/budget-sources.md describes the formats and how a site plugs in a real connector.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../../platform/services.ts';
import { MAX_IMPORT_BYTES } from '../../../entities/excel.ts';
import { yearOf } from '../../../entities/query.ts';
import { ok } from '../../../platform/answer.ts';
import { AppError, Code } from '../../../platform/errors.ts';
import { caller } from '../../../platform/gate.ts';
import { createUsers, importProjects, matchDepartments, projectAnswer, pullIndicators } from './apply.ts';
import { MAX_INFO_LENGTH } from './link.ts';
import { budgetSourceOf, DEFAULT_SOURCE, projectSourceOf } from './registry.ts';
import { decryptSetting, isSecretSetting } from './secrets.ts';
import { issuedPasswords } from '../../user/hooks.ts';
import type { SourceContext, SourceInput } from './types.ts';
import './connectors/index.ts';

const IMPORT = 'neikong:budget:import';
const PROJECT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export default function budgetSourceRoutes(app: FastifyInstance, s: Services) {
  async function contextOf(request: FastifyRequest): Promise<SourceContext> {
    const { site } = caller(request);
    const config = await s.siteConfig.all(site.id);
    return {
      site,
      year: yearOf(request.headers, s.clock.now(), site.timeZone),
      locale: request.locale,
      now: new Date(s.clock.now()),
      config,
      secret(key) {
        if (!isSecretSetting(key)) return config.get(key) || null;
        const clear = decryptSetting(s.secret, site.id, key, config.get(key));
        if (clear === 'unreadable') throw new AppError(Code.notEnabled, 'link.secretUnreadable', { key });
        return clear;
      },
      db: s.database.db,
    };
  }

  /** An uploaded xlsx (multipart, one file), a JSON body, or nothing. */
  async function inputOf(request: FastifyRequest): Promise<SourceInput> {
    if (request.isMultipart()) {
      const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!file) throw new AppError(Code.invalid, 'import.badFile');
      if (!/\.xlsx$/i.test(file.filename)) {
        file.file.resume();
        throw new AppError(Code.invalid, 'import.badFile');
      }
      // Past the limit toBuffer throws FST_REQ_FILE_TOO_LARGE: 413 with the limit (app.ts).
      const buffer = await file.toBuffer();
      return { kind: 'xlsx', fileName: file.filename.replace(/^.*[\\/]/, '').slice(0, 80), buffer };
    }
    const body = request.body;
    if (body === undefined || body === null || (typeof body === 'string' && !body)) return { kind: 'none' };
    if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(Code.invalid, 'request.badJson');
    return { kind: 'json', body: body as Record<string, unknown> };
  }

  /** The journal's note: the adapter, and for the file adapter what was read. */
  const noteOf = (key: string, input: SourceInput) =>
    key !== DEFAULT_SOURCE ? key : `${key}: ${input.kind === 'xlsx' ? input.fileName : 'JSON'}`;

  // ---- the finance system's budget -------------------------------------------------------------

  app.post(
    '/neikong/budget/pullBeiShiDaFuZhongBudget',
    { config: { permission: IMPORT, log: { module: 'budget', action: 'import' } } },
    async (request) => {
      const ctx = await contextOf(request);
      const source = budgetSourceOf(ctx.config);
      const input = await inputOf(request);
      const records = await source.pullIndicators(input, ctx);
      const result = await pullIndicators(s, request, ctx, records, noteOf(source.key, input));
      return ok(request, result, 'sources.pulled', { ...result });
    },
  );

  const departments = async (request: FastifyRequest) => {
    const ctx = await contextOf(request);
    const source = budgetSourceOf(ctx.config);
    const records = await source.departments(await inputOf(request), ctx);
    return ok(request, await matchDepartments(s, ctx, records));
  };
  app.get('/neikong/budget/getBudgetDeptBeiShiDaFuZhong', { config: { permission: IMPORT } }, departments);
  app.post('/neikong/budget/getBudgetDeptBeiShiDaFuZhong', { config: { permission: IMPORT } }, departments);

  // ---- the district's projects -----------------------------------------------------------------

  app.post(
    '/neikong/hdProject/import',
    { config: { permission: IMPORT, log: { module: 'hdProject', action: 'import' } } },
    async (request) => {
      const ctx = await contextOf(request);
      const source = projectSourceOf(ctx.config);
      const records = await source.projects(await inputOf(request), ctx);
      const result = await importProjects(s, request, ctx, records, source.key);
      return ok(request, result, 'sources.projectsImported', { ...result });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/neikong/hdProject/getHdProjectForHaidian/:id',
    {
      config: { permission: 'login' },
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } },
      },
    },
    async (request) => {
      const id = request.params.id.trim();
      // An id that cannot exist is the same answer as one that does not.
      if (!PROJECT_ID.test(id)) throw new AppError(Code.notFound, 'sources.projectNotFound', { id: id.slice(0, 64) });
      const ctx = await contextOf(request);
      const project = await projectSourceOf(ctx.config).project(id, ctx);
      if (!project) throw new AppError(Code.notFound, 'sources.projectNotFound', { id });
      return ok(request, await projectAnswer(s, ctx, project));
    },
  );

  app.post<{ Body: { info: string } }>(
    '/neikong/hdProject/decrypt',
    {
      config: { permission: 'login' },
      schema: {
        body: {
          type: 'object',
          required: ['info'],
          properties: { info: { type: 'string', minLength: 1, maxLength: MAX_INFO_LENGTH } },
        },
      },
    },
    async (request) => {
      const ctx = await contextOf(request);
      return ok(request, await projectSourceOf(ctx.config).decrypt(request.body.info, ctx));
    },
  );

  app.post(
    '/neikong/hdProject/initHaidianUser',
    { config: { permission: 'system:user:add', log: { module: 'user', action: 'import' } } },
    async (request) => {
      const ctx = await contextOf(request);
      const source = projectSourceOf(ctx.config);
      const records = await source.users(await inputOf(request), ctx);
      const result = await createUsers(s, request, ctx, records);
      // Accounts the site gave no configured initial password: their one-time passwords, shown once.
      const oneTime = issuedPasswords(request);
      return ok(request, oneTime.length ? { ...result, oneTimePasswords: oneTime } : result, 'sources.usersCreated', {
        created: result.created,
        skipped: result.skipped,
      });
    },
  );
}
