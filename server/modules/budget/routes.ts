// Budget endpoints of spec section 7 (/neikong) beyond the generic ones the entity schemas give
// (page, list, save, update, remove, infoById, export, import of budget, budgetReply,
// budgetAdjust and budgetAdjustApply): indicator pickers and single-field updates, the journal
// (budgetSubtractDetails), adjustment decisions through the workflow (audit, auditBatch, cancel),
// the adjustment's lines and print data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { idsOf, oneIdOf } from '../../entities/routes.ts';
import { exportRows } from '../../entities/excel.ts';
import { idText, pagingOf, whereAll, type Query } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { approvable, ApprovalStatus, historyStepIn, TaskStatus, Workflow } from '../workflow/service.ts';
import { isLeaf, journalInReadersLanguage, spenderOf } from './hooks.ts';
import './adjust.ts';
import './effects.ts';
import { Ledger } from './ledger.ts';

type Row = Record<string, any>;

const MAX_BATCH = 100;
/** The journal page counts at most this many movements (see the page). */
export const JOURNAL_COUNT_CAP = 10_000;

export default function budgetRoutes(app: FastifyInstance, s: Services) {
  const entity = (request: FastifyRequest, name: string) => s.schemas.entity(caller(request).site.key, name);
  const indicators = (request: FastifyRequest) => new EntityService(s, entity(request, 'budget'), request);
  const applies = (request: FastifyRequest) => new EntityService(s, entity(request, 'budgetAdjustApply'), request);
  const flow = (request: FastifyRequest) => new Workflow(s, request);
  const idBody = { type: 'object', required: ['id'], properties: { id: { type: ['integer', 'string'] } } };

  // ---- indicators ------------------------------------------------------------------------------

  app.get('/neikong/budget/listSort', { config: { permission: 'neikong:budget:list' } }, async (request) =>
    ok(request, await indicators(request).list({ ...(request.query as Query), sortField: 'sortNo', sortOrder: 'asc' })),
  );

  /** Leaf indicators: the ones money is spent from (pickers of every spending document). */
  app.get('/neikong/budget/noChildrenList', { config: { permission: 'login' } }, async (request) => {
    const q = request.query as Query;
    const ids = String(q.ids ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number);
    if (ids.some((n) => !Number.isSafeInteger(n) || n < 1) || ids.length > 500) throw new AppError(Code.invalid, 'entity.noIds');
    // The picker of the documents that spend: an applicant whose roles see only their own rows
    // spends their department's budget, so they pick among its indicators (docs/decisions.md).
    const svc = new EntityService(s, entity(request, 'budget'), request, spenderOf(caller(request).principal));
    if (!ids.length) return ok(request, await svc.list({ ...q, sortField: 'sortNo', sortOrder: 'asc' }, 500, [isLeaf]));
    // Documents of another year keep their indicators: asked by id, the year does not filter (list()
    // keeps to the header's year, find() does not); ids of another site or scope are left out.
    const leaves = (
      await sql<Row>`select t.id from nk_budget t where t.id in (${sql.join(ids)}) and ${isLeaf} order by t.sort_no, t.id`.execute(
        s.database.db,
      )
    ).rows.map((r) => Number(r.id));
    const rows = [];
    for (const id of leaves) {
      try {
        rows.push(svc.wire(await svc.find(id)));
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== Code.notFound) throw err;
      }
    }
    return ok(request, rows);
  });

  /** Limit codes of the year's indicators the caller may see (the site, the year and their data scope, as every list). */
  app.get('/neikong/budget/limitCodeList', { config: { permission: 'login' } }, async (request) => {
    const rows = await sql<Row>`select t.limit_code as "limitCode", t.budget_name as "budgetName", t.id from nk_budget t
      ${whereAll(indicators(request).conditions({}))} order by t.limit_code, t.id`.execute(s.database.db);
    return ok(request, rows.rows);
  });

  /** Indicators an adjustment may name: leaves of the year, each with whether one is in flight on it. */
  app.get('/neikong/budget/adjustmentBudget', { config: { permission: 'neikong:budgetAdjustApply:list' } }, async (request) => {
    const rows = await indicators(request).list({ ...(request.query as Query), sortField: 'sortNo', sortOrder: 'asc' }, 500, [
      isLeaf,
    ]);
    const { site } = caller(request);
    const busy = new Set(
      (
        await sql<Row>`select distinct d.budget_id from nk_budget_adjust_detail d join nk_budget_adjust_apply a on a.id = d.apply_id
          where d.top_dept_id = ${site.id} and a.approval_status = '1'`.execute(s.database.db)
      ).rows.map((r) => Number(r.budget_id)),
    );
    return ok(
      request,
      rows.map((r) => ({ ...r, adjusting: busy.has(Number(r.id)) })),
    );
  });

  /** One field of one indicator (or several), outside the full form. */
  const updateOne = (path: string, field: 'majorFlag' | 'limitCode' | 'financialAccountName', schema: object) =>
    app.post<{ Body: Record<string, unknown> }>(
      `/neikong/budget/${path}`,
      {
        config: { permission: 'neikong:budget:edit', log: { module: 'budget', action: 'edit' } },
        schema: {
          body: {
            type: 'object',
            ...(field === 'majorFlag' ? {} : { required: [field] }),
            properties: { id: { type: ['integer', 'string'] }, ids: {}, [field]: schema },
          },
        },
      },
      async (request) => {
        const svc = indicators(request);
        const body = request.body ?? {};
        const ids = body.ids !== undefined || body.id === undefined ? idsOf(request) : [oneIdOf(request)];
        if (!ids.length || ids.length > MAX_BATCH) throw new AppError(Code.invalid, 'entity.noIds');
        const out = [];
        for (const id of ids) {
          const current = svc.wire(await svc.find(id));
          // Without a value the major flag toggles (the list's row action).
          const value = body[field] ?? (current.majorFlag === '1' ? '0' : '1');
          out.push(await svc.update({ id, version: current.version, [field]: value }));
        }
        return ok(request, out.length === 1 ? out[0] : out);
      },
    );
  updateOne('updateMajorFlag', 'majorFlag', { type: 'string', enum: ['0', '1'] });
  updateOne('updateLimitCode', 'limitCode', { type: 'string', minLength: 1, maxLength: 50 });
  updateOne('updateFinancialAccountName', 'financialAccountName', { type: 'string', maxLength: 100 });

  app.get(
    '/neikong/budget/exports',
    { config: { permission: 'neikong:budget:export', log: { module: 'budget', action: 'export' } } },
    (request, reply) => exportRows(s, indicators(request), request, reply),
  );

  // ---- the journal (budgetSubtractDetails) -----------------------------------------------------

  /** Movements of the caller's year (and scope: the indicators they may see), newest first. */
  app.get('/neikong/budgetSubtractDetails/page', { config: { permission: 'neikong:budget:list' } }, async (request) => {
    const q = request.query as Query;
    const { pageNum, pageSize } = pagingOf(q);
    const svc = indicators(request);
    const scope = svc.conditions({});
    const budgetId = q.budgetId === undefined || q.budgetId === '' ? null : Number(q.budgetId);
    if (budgetId !== null && (!Number.isSafeInteger(budgetId) || budgetId < 1))
      throw new AppError(Code.notFound, 'budget.notFound');
    const kind = typeof q.kind === 'string' && /^[a-zA-Z]{1,16}$/.test(q.kind) ? q.kind : null;
    // A drill-down from budget against actual: a department's movements, or a department × class cell's.
    const deptId = q.deptId === undefined || q.deptId === '' ? null : idText(q.deptId, 'deptId');
    const economicClass =
      typeof q.economicClass === 'string' && /^[0-9A-Za-z]{1,20}$/.test(q.economicClass) ? q.economicClass : null;
    const { site } = caller(request);
    const where = sql.join(
      [
        // The journal's own site and year (the same as its indicator's): its (site, year, kind, time) index applies.
        sql`j.top_dept_id = ${site.id}`,
        sql`j.budget_year = ${svc.year}`,
        ...scope,
        ...(budgetId ? [sql`t.id = ${budgetId}`] : []),
        ...(kind ? [sql`j.kind = ${kind}`] : []),
        ...(deptId ? [sql`t.dept_id = ${deptId}`] : []),
        ...(economicClass ? [sql`t.economic_class like ${`${economicClass}%`}`] : []),
      ],
      sql` and `,
    );
    const { db } = s.database;
    // A year's journal runs to millions of rows: the total is counted up to JOURNAL_COUNT_CAP and
    // reported as that many (`capped`: narrow by indicator or movement to see further), so a page answers at once;
    // one indicator's movements (the screen opened from an indicator) are always counted exactly.
    const cap = budgetId ? null : JOURNAL_COUNT_CAP;
    const counted = Number(
      (
        await sql<Row>`select count(*) as n from (select 1 from nk_budget_journal j join nk_budget t on t.id = j.budget_id
          where ${where} ${cap ? sql`limit ${cap + 1}` : sql``}) c`.execute(db)
      ).rows[0]!.n,
    );
    const capped = cap !== null && counted > cap;
    const total = capped ? cap : counted;
    const rows =
      await sql<Row>`select j.id, j.budget_id as "budgetId", t.budget_name as "budgetName", t.budget_name as "budgetIdLabel",
        t.limit_code as "limitCode", j.kind, j.amount, j.source_type as "sourceType", j.source_id as "sourceId", j.source_no as "sourceNo", j.note,
        j.available_after as "availableAfter", j.used_after as "usedAfter", j.created_at as "createdAt",
        j.created_by as "createdBy", u.real_name as "createdByLabel"
      from nk_budget_journal j join nk_budget t on t.id = j.budget_id left join sys_user u on u.id = j.created_by
      where ${where} order by j.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`.execute(db);
    // A row opens its document where it has one with an approval page (its view for the reader).
    const documents = s.schemas.forSite(site.key).entities;
    for (const row of rows.rows) {
      journalInReadersLanguage({ s, site, locale: request.locale }, row);
      const source = typeof row.sourceType === 'string' ? documents.get(row.sourceType) : undefined;
      row.sourceOpen = Boolean(source && approvable(source) && Number(row.sourceId) > 0);
    }
    return ok(request, { records: rows.rows, total, capped, current: pageNum, pageNum, pageSize });
  });

  /** Finance records spending made outside the system (or paid): straight to used, and paid when asked. */
  app.post<{ Body: { budgetId: number | string; amount: string | number; note?: string; paid?: boolean } }>(
    '/neikong/budgetSubtractDetails/save',
    {
      config: { permission: 'neikong:budget:edit', log: { module: 'budget', action: 'edit' } },
      schema: {
        body: {
          type: 'object',
          required: ['budgetId', 'amount', 'note'],
          properties: {
            budgetId: { type: ['integer', 'string'] },
            amount: { type: ['string', 'number'] },
            note: { type: 'string', minLength: 1, maxLength: 200 },
            paid: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const svc = indicators(request);
      const budgetId = Number(request.body.budgetId);
      if (!Number.isSafeInteger(budgetId) || budgetId < 1) throw new AppError(Code.notFound, 'budget.notFound');
      await svc.find(budgetId); // site and data scope
      const after = await s.database.db.transaction().execute(async (trx) => {
        const ledger = new Ledger(trx, site.id, principal.userId, new Date(s.clock.now()));
        const source = { type: 'budgetSubtract', id: null, note: request.body.note };
        const used = await ledger.consumeDirect(budgetId, request.body.amount, source);
        return request.body.paid ? ledger.pay(budgetId, request.body.amount, source) : used;
      });
      return ok(request, after);
    },
  );

  // ---- adjustment applications -----------------------------------------------------------------

  app.get<{ Params: { key: string } }>(
    '/neikong/budgetAdjustApply/infoByBusinessKey/:key',
    {
      config: { permission: 'neikong:budgetAdjustApply:query' },
      schema: { params: { type: 'object', properties: { key: { type: 'string', maxLength: 64 } } } },
    },
    async (request) => {
      const svc = applies(request);
      const { site } = caller(request);
      const key = request.params.key;
      const found = (
        await sql<Row>`select id from nk_budget_adjust_apply where top_dept_id = ${site.id}
          and (apply_no = ${key} or id::text = ${key}) limit 1`.execute(s.database.db)
      ).rows[0];
      if (!found) throw new AppError(Code.notFound, 'record.notFound');
      return ok(request, svc.wire(await svc.find(Number(found.id))));
    },
  );

  /** The status choices of the list's query form, with how many of the caller's year each holds. */
  app.get(
    '/neikong/budgetAdjustApply/queryParamOfStatus',
    { config: { permission: 'neikong:budgetAdjustApply:list' } },
    async (request) => {
      const { site } = caller(request);
      const svc = applies(request);
      const where = sql.join(svc.conditions({}), sql` and `);
      const counts = new Map(
        (
          await sql<Row>`select t.approval_status as v, count(*) as n from nk_budget_adjust_apply t where ${where} group by t.approval_status`.execute(
            s.database.db,
          )
        ).rows.map((r) => [String(r.v), Number(r.n)]),
      );
      const dict = (await s.dictionaries.get(site.id, request.locale)).get('sys_approval_status') ?? [];
      return ok(
        request,
        dict.map((d) => ({ value: d.dictValue, label: d.dictLabel, count: counts.get(d.dictValue) ?? 0 })),
      );
    },
  );

  /** The caller's open task on an application, or 40900 with the reason. */
  async function taskOf(request: FastifyRequest, applyId: number): Promise<number> {
    const { site, principal } = caller(request);
    await applies(request).find(applyId);
    const tasks = (
      await sql<Row>`select t.id, t.candidate_ids from wf_task t where t.top_dept_id = ${site.id} and t.entity = 'budgetAdjustApply'
        and t.business_key = ${applyId} and t.status = ${TaskStatus.open} order by t.id`.execute(s.database.db)
    ).rows;
    const mine = tasks.find((t) => ((t.candidate_ids ?? []) as number[]).map(Number).includes(principal.userId));
    if (!mine) throw new AppError(Code.conflict, 'adjust.noTask');
    return Number(mine.id);
  }

  const auditBody = {
    type: 'object',
    properties: {
      id: { type: ['integer', 'string'] },
      ids: {},
      decision: { type: 'string', enum: ['approve', 'reject'] },
      auditStatus: { type: ['string', 'integer'] },
      comment: { type: 'string', maxLength: 500 },
    },
  };
  /** 'approve' / 'reject', also as the old screens' auditStatus (2 approved, 3 rejected). */
  const decisionOf = (b: Record<string, unknown>): 'approve' | 'reject' => {
    if (b.decision === 'approve' || b.decision === 'reject') return b.decision;
    if (String(b.auditStatus) === ApprovalStatus.approved) return 'approve';
    if (String(b.auditStatus) === ApprovalStatus.rejected) return 'reject';
    throw new AppError(Code.invalid, 'adjust.noDecision');
  };

  // The operation log names the decision (approve / reject), not a lump 'audit'.
  const decisionLogged = (request: FastifyRequest) => {
    try {
      return decisionOf((request.body ?? {}) as Record<string, unknown>);
    } catch {
      return undefined;
    }
  };
  app.post<{ Body: Record<string, unknown> }>(
    '/neikong/budgetAdjustApply/audit',
    {
      config: {
        permission: 'neikong:budgetAdjustApply:audit',
        log: { module: 'budgetAdjustApply', action: 'audit', actionOf: decisionLogged },
      },
      schema: { body: auditBody },
    },
    async (request) => {
      const body = request.body ?? {};
      const decision = decisionOf(body);
      const id = oneIdOf(request);
      const taskId = await taskOf(request, id);
      // The approval page decides an application through here (its entity's `decide`): the same answer as a task's.
      return ok(
        request,
        await flow(request).act(
          taskId,
          decision,
          typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim() : null,
        ),
        'workflow.done',
      );
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/neikong/budgetAdjustApply/auditBatch',
    {
      config: {
        permission: 'neikong:budgetAdjustApply:audit',
        log: { module: 'budgetAdjustApply', action: 'audit', actionOf: decisionLogged },
      },
      schema: { body: auditBody },
    },
    async (request) => {
      const body = request.body ?? {};
      // The list's batch action ("approve selected") sends the ids alone.
      const decision = body.decision === undefined && body.auditStatus === undefined ? 'approve' : decisionOf(body);
      const ids = idsOf(request);
      if (!ids.length || ids.length > MAX_BATCH) throw new AppError(Code.invalid, 'entity.noIds');
      const comment = typeof body.comment === 'string' && body.comment ? body.comment : null;
      // The same decision on each; one refusal does not stop the others. A result per item.
      const results = [];
      for (const id of ids) {
        try {
          const done = await flow(request).act(await taskOf(request, id), decision, comment);
          results.push({ id, ok: true, status: done.status });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, ok: false, code: err.code, msg: t(err.messageKey, request.locale, err.params) });
        }
      }
      return ok(request, results);
    },
  );

  /** The applicant, or whoever audits adjustments, cancels one in approval: its holds are released. */
  app.post<{ Body: Record<string, unknown> }>(
    '/neikong/budgetAdjustApply/cancel',
    {
      config: { permission: 'neikong:budgetAdjustApply:cancel', log: { module: 'budgetAdjustApply', action: 'other' } },
      schema: {
        body: {
          type: 'object',
          properties: { id: { type: ['integer', 'string'] }, comment: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const id = oneIdOf(request);
      const doc = applies(request).wire(await applies(request).find(id));
      if (String(doc.approvalStatus) !== ApprovalStatus.inApproval) throw new AppError(Code.conflict, 'adjust.notCancellable');
      if (Number(doc.createdBy) !== principal.userId && !s.access.can(principal, 'neikong:budgetAdjustApply:audit')) {
        throw new AppError(Code.forbidden, 'adjust.notCanceller');
      }
      const instance = (
        await sql<Row>`select id from wf_instance where top_dept_id = ${site.id} and entity = 'budgetAdjustApply'
          and business_key = ${id} and ended = false order by id desc limit 1`.execute(s.database.db)
      ).rows[0];
      if (!instance) throw new AppError(Code.conflict, 'adjust.notCancellable');
      const body = request.body ?? {};
      return ok(request, await flow(request).cancel(Number(instance.id), typeof body.comment === 'string' ? body.comment : null));
    },
  );

  /** Print data: the application, its lines with the indicators now, and the approval history. */
  app.get<{ Params: { id: string } }>(
    '/neikong/budgetAdjustApply/getPrintById/:id',
    { config: { permission: 'neikong:budgetAdjustApply:query' } },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.notFound, 'record.notFound');
      const svc = applies(request);
      const apply = svc.wire(await svc.find(id));
      const { site } = caller(request);
      const texts = s.schemas.forSite(site.key).texts;
      const lines = (
        await sql<Row>`select d.id, d.budget_id as "budgetId", b.limit_code as "limitCode", b.budget_name as "budgetName",
            d.amount, d.remark, b.adjusted_amount as "adjustedAmount", b.available_amount as "availableAmount"
          from nk_budget_adjust_detail d join nk_budget b on b.id = d.budget_id
          where d.apply_id = ${id} and d.top_dept_id = ${site.id} order by d.id`.execute(s.database.db)
      ).rows;
      const history = (
        await sql<Row>`select h.node_name, h.user_name as "userName", h.decision, h.comment, h.created_at as time,
            t.element_id, i.process_key
          from wf_history h join wf_instance i on i.id = h.instance_id left join wf_task t on t.id = h.task_id
          where i.top_dept_id = ${site.id} and i.entity = 'budgetAdjustApply' and i.business_key = ${id} order by h.id`.execute(
          s.database.db,
        )
      ).rows.map(({ node_name, element_id, process_key, ...h }) => ({
        node: historyStepIn(texts, { node_name, element_id, process_key, decision: h.decision }, request.locale),
        ...h,
      }));
      return ok(request, { apply, lines, history });
    },
  );

  /** Lines by their ids (or by their applications' ids with applyIds). */
  app.get(
    '/neikong/budgetAdjustDetails/listByIds',
    { config: { permission: 'neikong:budgetAdjustApply:query' } },
    async (request) => {
      const q = request.query as Query;
      const parse = (v: unknown) =>
        String(v ?? '')
          .split(',')
          .filter(Boolean)
          .map(Number);
      const ids = parse(q.ids);
      const applyIds = parse(q.applyIds);
      if ([...ids, ...applyIds].some((n) => !Number.isSafeInteger(n) || n < 1) || ids.length + applyIds.length > 500) {
        throw new AppError(Code.invalid, 'entity.noIds');
      }
      if (!ids.length && !applyIds.length) return ok(request, []);
      const svc = applies(request);
      const scope = sql.join(svc.conditions({}, true), sql` and `);
      const rows = await sql<Row>`select d.id, d.apply_id as "applyId", d.budget_id as "budgetId", b.limit_code as "limitCode",
        b.budget_name as "budgetName", d.amount, d.remark
      from nk_budget_adjust_detail d join nk_budget b on b.id = d.budget_id join nk_budget_adjust_apply t on t.id = d.apply_id
      where ${scope} and (${ids.length ? sql`d.id in (${sql.join(ids)})` : sql`false`} or ${
        applyIds.length ? sql`d.apply_id in (${sql.join(applyIds)})` : sql`false`
      }) order by d.id`.execute(s.database.db);
      return ok(request, rows.rows);
    },
  );
}
