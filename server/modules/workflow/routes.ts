// Workflow endpoints beside the generic ones of its entities (models, definitions, instances,
// bindings): deploy, my tasks, the decisions on a task, submit and withdraw for every document type
// that goes through approval, and what the approval page shows of one document.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { idsOf, oneIdOf } from '../../entities/routes.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { permissionOf } from '../../entities/model.ts';
import { countBoundOf, countUpTo, pageAnswer, pagingOf, queryText } from '../../entities/query.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t, type MessageKey } from '../../platform/messages.ts';
import { atExtensionNode, starterXml, type TaskNode } from './bpmn.ts';
import { readDocument } from './involvement.ts';
import { approvable, historyStepIn, processTextIn, TaskStatus, titleIn, Workflow, type MeetingMinutes } from './service.ts';
import { ok } from '../../platform/answer.ts';
import { documentWarnings } from '../warning/rules.ts';
import { documentBudget } from '../budget/figures.ts';
import { documentStock } from '../stock/available.ts';
import { listSeparator, titleSeparator, type Locale } from '../../../validators/locale.ts';
import { reasonText } from './chains.ts';
import { approvalRuleRoutes } from './rules.ts';

type Row = Record<string, unknown>;

export default function workflowRoutes(app: FastifyInstance, s: Services) {
  const flow = (request: FastifyRequest) => new Workflow(s, request);
  approvalRuleRoutes(app, s);

  app.post(
    '/workflow/model/deploy',
    { config: { permission: 'workflow:model:deploy', log: { module: 'workflow', action: 'other' } } },
    async (request) => {
      const deployed = await flow(request).deploy(oneIdOf(request));
      return ok(request, deployed, 'workflow.deployed', { version: deployed.version });
    },
  );

  // My tasks: to do (I am a candidate of an open task) or done (I decided it).
  app.get<{ Querystring: Record<string, string> }>(
    '/workflow/task/page',
    { config: { permission: 'login' } },
    async (request) => {
      const { site, principal } = caller(request);
      const q = request.query;
      const { pageNum, pageSize } = pagingOf(q);
      const title = queryText(q, 'title');
      const done = q.scope === 'done';
      // The document type and an amount range (issue 34): a type of the site that goes through
      // approval, amounts as decimals; anything else is refused naming the filter.
      const entities = s.schemas.forSite(site.key).entities;
      const type = queryText(q, 'entity');
      if (type !== undefined && !(entities.get(type) && approvable(entities.get(type)!)))
        throw new AppError(Code.invalid, 'request.badValue', { field: 'entity' });
      const amountOf = (name: string) => {
        const v = queryText(q, name);
        if (v === undefined) return undefined;
        if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(v)) throw new AppError(Code.invalid, 'request.badValue', { field: name });
        return v;
      };
      const amountBegin = amountOf('amountBegin');
      const amountEnd = amountOf('amountEnd');
      // The applicant and the applicant's department (issue 34): ids, as the list's pickers send them.
      const idOf = (name: string) => {
        const v = queryText(q, name);
        if (v === undefined) return undefined;
        if (!/^\d{1,12}$/.test(v) || Number(v) < 1) throw new AppError(Code.invalid, 'request.badValue', { field: name });
        return Number(v);
      };
      const starterId = idOf('starterId');
      const deptId = idOf('deptId');
      const where = sql`t.top_dept_id = ${site.id} and ${
        done
          ? sql`t.completed_by = ${principal.userId} and t.status = ${TaskStatus.done}`
          : sql`t.status = ${TaskStatus.open} and t.candidate_ids @> ${JSON.stringify([principal.userId])}::jsonb`
      } ${title ? sql`and t.title ilike ${`%${title.replace(/[\\%_]/g, (c) => `\\${c}`).slice(0, 100)}%`}` : sql``}
      ${type ? sql`and t.entity = ${type}` : sql``}
      ${amountBegin ? sql`and t.amount >= ${amountBegin}::numeric` : sql``}
      ${amountEnd ? sql`and t.amount <= ${amountEnd}::numeric` : sql``}
      ${starterId ? sql`and t.starter_id = ${starterId}` : sql``}
      ${deptId ? sql`and t.dept_id = ${deptId}` : sql``}`;
      // Counted up to a bound, as every list is (issue 37): finance's queue at a district's volume.
      const counted = await countUpTo(s.database.db, sql`wf_task t`, sql`where ${where}`, countBoundOf(q, { pageNum, pageSize }));
      const rows = await sql<Row>`select t.*, u.real_name as starter_name, i.status as instance_status, i.process_key,
        d.dept_name
      from wf_task t join wf_instance i on i.id = t.instance_id left join sys_user u on u.id = t.starter_id
        left join sys_dept d on d.id = t.dept_id
      where ${where} order by ${done ? sql`t.completed_at desc` : sql`t.created_at desc`}, t.id desc
      limit ${pageSize} offset ${(pageNum - 1) * pageSize}`.execute(s.database.db);
      const texts = s.schemas.forSite(site.key).texts;
      const entityTitle = (name: string) => {
        const e = entities.get(name);
        return (e && texts[e.title]?.[request.locale]) ?? name;
      };
      const records = rows.rows.map((r) => ({
        id: Number(r.id),
        instanceId: Number(r.instance_id),
        name: processTextIn(texts, String(r.process_key), String(r.element_id), String(r.name), request.locale),
        title: titleIn(s, site.key, String(r.entity), String(r.title ?? ''), request.locale),
        entity: r.entity,
        businessKey: Number(r.business_key),
        starterId: Number(r.starter_id),
        starterName: r.starter_name,
        starterIdLabel: r.starter_name,
        // The document's type in the reader's language, its amount, the applicant's department.
        entityLabel: entityTitle(String(r.entity)),
        amount: r.amount === null || r.amount === undefined ? null : String(r.amount),
        deptId: r.dept_id === null || r.dept_id === undefined ? null : Number(r.dept_id),
        deptIdLabel: r.dept_name ?? null,
        status: r.status,
        decision: r.decision,
        comment: r.comment,
        instanceStatus: r.instance_status,
        createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
        completedAt: r.completed_at instanceof Date ? r.completed_at.toISOString() : r.completed_at,
      }));
      return ok(request, pageAnswer(records, counted, pageNum, pageSize));
    },
  );

  // My documents (issue 34): what I submitted, by the state of its approval (status=running,rejected).
  app.get<{ Querystring: Record<string, string> }>(
    '/workflow/instance/mine',
    { config: { permission: 'login' } },
    async (request) => {
      const { site, principal } = caller(request);
      const q = request.query;
      const { pageNum, pageSize } = pagingOf(q);
      const states = (queryText(q, 'status') ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (states.some((x) => !/^[a-z]{1,12}$/.test(x))) throw new AppError(Code.invalid, 'request.badValue', { field: 'status' });
      // A rejected document sent again is the new instance's: its rejected one is history, not
      // something still waiting for the applicant.
      const where = sql`i.top_dept_id = ${site.id} and i.starter_id = ${principal.userId} and not i.superseded
        ${states.length ? sql`and i.status in (${sql.join(states)})` : sql``}`;
      const counted = await countUpTo(s.database.db, sql`wf_instance i`, sql`where ${where}`, countBoundOf(q, { pageNum, pageSize }));
      const rows = await sql<Row>`select i.* from wf_instance i where ${where} order by i.updated_at desc, i.id desc
        limit ${pageSize} offset ${(pageNum - 1) * pageSize}`.execute(s.database.db);
      const entities = s.schemas.forSite(site.key).entities;
      const texts = s.schemas.forSite(site.key).texts;
      const records = rows.rows.map((r) => {
        const e = entities.get(String(r.entity));
        return {
          id: Number(r.id),
          entity: r.entity,
          entityLabel: (e && texts[e.title]?.[request.locale]) ?? r.entity,
          businessKey: Number(r.business_key),
          title: titleIn(s, site.key, String(r.entity), String(r.title ?? ''), request.locale),
          status: r.status,
          currentNodes:
            typeof r.current_nodes === 'string' && r.current_nodes
              ? stepsIn(texts, String(r.process_key), r.current_nodes, request.locale)
              : r.current_nodes,
          updatedAt: r.updated_at instanceof Date ? r.updated_at.toISOString() : r.updated_at,
        };
      });
      return ok(request, pageAnswer(records, counted, pageNum, pageSize));
    },
  );

  const decisionBody = {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1 },
      taskId: { type: 'integer', minimum: 1 },
      comment: { type: ['string', 'null'], maxLength: 500 },
      userId: { type: 'integer', minimum: 1 },
      // Minutes attached at the extension node (spec section 4): the record, and the file list as
      // section 3 has it, a JSON string under extend.meetingRecordFileList.
      meetingRecordId: { type: ['integer', 'null'], minimum: 1 },
      extend: {
        type: 'object',
        properties: { meetingRecordFileList: { type: 'string', maxLength: 100000 } },
      },
    },
  };
  const minutesOf = (request: FastifyRequest): MeetingMinutes | undefined => {
    const b = (request.body ?? {}) as { meetingRecordId?: number | null; extend?: { meetingRecordFileList?: string } };
    const raw = b.extend?.meetingRecordFileList;
    if (b.meetingRecordId === undefined && raw === undefined) return undefined;
    let list: unknown[] | undefined;
    if (raw !== undefined) {
      try {
        list = raw ? JSON.parse(raw) : [];
      } catch {
        list = undefined;
      }
      if (!Array.isArray(list)) throw new AppError(Code.invalid, 'entity.badRef', { field: 'meetingRecordFileList' });
    }
    return {
      ...(b.meetingRecordId !== undefined ? { meetingRecordId: b.meetingRecordId } : {}),
      ...(list ? { meetingRecordFileList: list } : {}),
    };
  };
  const taskIdOf = (request: FastifyRequest) => {
    const b = (request.body ?? {}) as { id?: number; taskId?: number };
    const id = b.taskId ?? b.id ?? Number((request.query as { id?: string }).id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError(Code.invalid, 'entity.noIds');
    return id;
  };
  for (const decision of ['approve', 'reject', 'transfer', 'comment'] as const) {
    app.post(
      `/workflow/task/${decision}`,
      // Each decision under its own name in the operation log (a reject is 驳回, not 审核).
      { config: { permission: 'login', log: { module: 'workflow', action: decision } }, schema: { body: decisionBody } },
      async (request) => {
        const b = (request.body ?? {}) as { comment?: string | null; userId?: number };
        if (decision === 'transfer' && !b.userId) throw new AppError(Code.invalid, 'workflow.badTransfer');
        const minutes = decision === 'approve' ? minutesOf(request) : undefined;
        const result = await flow(request).act(taskIdOf(request), decision, b.comment?.trim() || null, b.userId, minutes);
        return ok(request, result, 'workflow.done');
      },
    );
  }
  // The same decision on several tasks; each answers for itself.
  app.post(
    '/workflow/task/approveBatch',
    {
      config: {
        permission: 'login',
        log: {
          module: 'workflow',
          action: 'approve',
          actionOf: (request) =>
            (request.body as { decision?: string } | undefined)?.decision === 'reject' ? 'reject' : undefined,
        },
      },
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'integer', minimum: 1 } },
            comment: { type: ['string', 'null'], maxLength: 500 },
            decision: { type: 'string', enum: ['approve', 'reject'] },
          },
        },
      },
    },
    async (request) => {
      const b = request.body as { ids: number[]; comment?: string | null; decision?: 'approve' | 'reject' };
      const results = [];
      for (const id of [...new Set(b.ids)]) {
        try {
          const r = await flow(request).act(id, b.decision ?? 'approve', b.comment?.trim() || null);
          results.push({ id, ok: true, status: r.status, msg: t('workflow.done', request.locale) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, ok: false, code: err.code, msg: t(err.messageKey, request.locale, err.params) });
        }
      }
      return ok(request, { results, done: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
    },
  );

  // The task list's batch approval (issue 34): each selected task approved in its own transaction
  // where its process allows it; the others are refused, each naming its document and why (not the
  // approver, segregation of duties — never one's own document —, a step marked nk:batch="false" or
  // a countersign step, minutes required…), and the rest approved. Nothing approved: a refusal.
  app.post(
    '/workflow/task/approveAll',
    {
      config: { permission: 'workflow:task:audit', log: { module: 'workflow', action: 'approve' } },
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'integer', minimum: 1 } },
            id: { type: 'integer', minimum: 1 },
            comment: { type: ['string', 'null'], maxLength: 500 },
          },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const b = request.body as { ids: number[]; comment?: string | null };
      const ids = [...new Set(b.ids)];
      const workflow = flow(request);
      // Each task's document as the refusal names it, read before anything can fail.
      const named = new Map<number, string>(
        (
          await sql<Row>`select id, entity, title from wf_task where top_dept_id = ${site.id} and id in (${sql.join(ids)})`.execute(
            s.database.db,
          )
        ).rows.map((r) => [Number(r.id), titleIn(s, site.key, String(r.entity), String(r.title ?? ''), request.locale)]),
      );
      const results: Array<Record<string, unknown>> = [];
      for (const id of ids) {
        const doc = named.get(id) ?? `#${id}`;
        try {
          const r = await s.database.db
            .transaction()
            .execute((trx) => workflow.act(id, 'approve', b.comment?.trim() || null, undefined, undefined, trx));
          results.push({ id, ok: true, title: doc, status: r.status, msg: t('workflow.done', request.locale) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, ok: false, title: doc, code: err.code, msg: String(t(err.messageKey, request.locale, err.params)) });
        }
      }
      const done = results.filter((r) => r.ok).length;
      const failed = results.length - done;
      const refusals = results
        .filter((r) => !r.ok)
        .map((r) => `${r.title}${titleSeparator(request.locale)}${r.msg}`)
        .join(request.locale.startsWith('zh') ? '；' : '; ');
      if (!done) throw new AppError(Code.conflict, 'workflow.batchNone', { refusals }, { results });
      return failed
        ? ok(request, { results, done, failed }, 'workflow.batchPartly', { count: done, failed, refusals })
        : ok(request, { results, done, failed }, 'workflow.batchDone', { count: done });
    },
  );

  app.post(
    '/workflow/instance/cancel',
    { config: { permission: 'workflow:running:cancel', log: { module: 'workflow', action: 'cancel' } } },
    async (request) => ok(request, await flow(request).cancel(oneIdOf(request), null)),
  );

  // The approval page: the document (for its applicant, its approvers, or whoever may read it), its
  // instance, open tasks with whether the caller may decide them, and the history.
  app.get<{ Querystring: { entity: string; id: string } }>(
    '/workflow/instance/business',
    {
      config: { permission: 'login' },
      schema: {
        querystring: {
          type: 'object',
          required: ['entity', 'id'],
          properties: { entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' }, id: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const { site, principal } = caller(request);
      const entity = s.schemas.forSite(site.key).entities.get(request.query.entity);
      if (!entity || !approvable(entity)) throw new AppError(Code.notFound, 'record.notFound');
      const id = Number(request.query.id);
      const { db } = s.database;
      const instances = await sql<Row>`select i.*, d.name as process_name from wf_instance i
        join wf_definition d on d.id = i.definition_id
        where i.top_dept_id = ${site.id} and i.entity = ${entity.name} and i.business_key = ${id} order by i.id desc`.execute(db);
      const ids = instances.rows.map((r) => Number(r.id));
      const tasks = ids.length
        ? (await sql<Row>`select * from wf_task where instance_id in (${sql.join(ids)}) order by id`.execute(db)).rows
        : [];
      // The current instance's tasks that are the extension node: where its approver attaches minutes —
      // only where the site asks for minutes there (meeting.stage), else the section stays read-only.
      const atExtension =
        entity.meetingRecord === true && (await s.siteConfig.meetingConfig(site.id))['meeting.stage'] === 'extension';
      const nodes = instances.rows[0]
        ? ((
            await sql<{
              nodes: Record<string, TaskNode>;
            }>`select nodes from wf_definition where id = ${instances.rows[0].definition_id}`.execute(db)
          ).rows[0]?.nodes ?? {})
        : {};
      // Whom a step copied (抄送) reads the document as its approvers do, and never decides it.
      const copies = ids.length
        ? (
            await sql<Row>`select id, element_id, user_id, read_flag from wf_copy
              where instance_id in (${sql.join(ids)}) and user_id = ${principal.userId}`.execute(db)
          ).rows
        : [];
      const read = await readDocument(s, request, entity, id);
      const doc: Row = read.docs.wire(read.row);
      if (copies.some((c) => c.read_flag !== '1'))
        await sql`update wf_copy set read_flag = '1' where user_id = ${principal.userId} and instance_id in (${sql.join(ids)})`.execute(
          db,
        );
      const history = ids.length
        ? (
            await sql<Row>`select h.*, t.element_id, t.reason, i.process_key from wf_history h join wf_instance i on i.id = h.instance_id
              left join wf_task t on t.id = h.task_id where h.instance_id in (${sql.join(ids)}) order by h.id`.execute(db)
          ).rows
        : [];
      const current = instances.rows[0];
      const texts = s.schemas.forSite(site.key).texts;
      const { locale } = request;
      const open = tasks.filter((tk) => Number(tk.instance_id) === Number(current?.id) && tk.status === TaskStatus.open);
      const stepOf = (tk: Row) =>
        processTextIn(texts, String(current!.process_key), String(tk.element_id), String(tk.name), locale);
      const approvedOnce = history.some((h) => Number(h.instance_id) === Number(current?.id) && h.decision === 'approve');
      return ok(request, {
        document: doc,
        schemaVersion: doc.schemaVersion ?? null,
        instance: current
          ? {
              id: Number(current.id),
              status: current.status,
              processKey: current.process_key,
              processName: processTextIn(texts, String(current.process_key), null, String(current.process_name), locale),
              version: current.def_version,
              // The waiting steps in the reader's language (the stored list is in the BPMN's).
              currentNodes: open.length ? open.map(stepOf).join(listSeparator(locale)) : current.current_nodes,
              starterId: Number(current.starter_id),
              createdAt: (current.created_at as Date).toISOString(),
            }
          : null,
        tasks: open.map((tk) => ({
          id: Number(tk.id),
          name: stepOf(tk),
          canAct: ((tk.candidate_ids as number[]) ?? []).map(Number).includes(principal.userId),
          // Why the step is there (nk:reason), in the reader's language: the threshold, the amount.
          reason: reasonText(texts, tk.reason, locale),
          // One of the tasks of a countersign step: each of its candidates decides.
          ...(nodes[String(tk.element_id)]?.countersign ? { countersign: true } : {}),
          // Why the step is not with whom its rule names (segregation of duties: ./duties.ts).
          ...(tk.escalation ? { escalation: texts[`workflow.escalation.${String(tk.escalation)}`]?.[locale] ?? null } : {}),
          ...(atExtension && atExtensionNode(nodes, String(tk.element_id)) ? { meetingRecord: true } : {}),
        })),
        canWithdraw: Boolean(current && !current.ended && Number(current.starter_id) === principal.userId && !approvedOnce),
        // The document was copied to the caller (抄送): to read, not to decide.
        copiedToMe: copies.length > 0,
        // What the document raised for its approvers to see (a warning word, a hotel over its ceiling).
        warnings: await documentWarnings(
          db,
          site.id,
          entity.name,
          id,
          request.locale,
          (type, locale) => s.schemas.texts[`${type}.title`]?.[locale],
        ),
        // A pending document's indicator: available now, and after this document (or before its freeze).
        budget: await documentBudget(s, site, entity, doc, locale),
        // A pending consumable request's lines: on hand, reserved by other requests, available (issue 34).
        stock: await documentStock(s, site, entity, doc),
        history: history.map((h) => ({
          id: Number(h.id),
          node: historyStepIn(texts, h, locale),
          ...(h.reason ? { reason: reasonText(texts, h.reason, locale) } : {}),
          userName: h.user_name,
          decision: h.decision,
          comment: h.comment,
          time: (h.created_at as Date).toISOString(),
        })),
      });
    },
  );

  // Document types that go through approval, and deployed processes: choices of the business screen.
  app.get('/workflow/business/entities', { config: { permission: 'login' } }, async (request) => {
    const { site } = caller(request);
    const list = [...s.schemas.forSite(site.key).entities.values()]
      .filter(approvable)
      .map((e) => ({ value: e.name, label: s.schemas.texts[e.title]?.[request.locale] ?? e.name, processKey: e.process }));
    return ok(request, list);
  });
  app.get('/workflow/definition/keys', { config: { permission: 'login' } }, async (request) => {
    const { site } = caller(request);
    const rows = await sql<{
      process_key: string;
      name: string;
      v: number;
    }>`select process_key, max(name) as name, max(def_version) as v
      from wf_definition where top_dept_id = ${site.id} group by process_key order by process_key`.execute(s.database.db);
    return ok(
      request,
      rows.rows.map((r) => ({ value: r.process_key, label: `${r.name} (${r.process_key} v${r.v})` })),
    );
  });

  // Submit and withdraw, for every document type that goes through approval.
  for (const base of s.schemas.baseEntities().filter(approvable)) {
    const entityOf = (request: FastifyRequest) => s.schemas.entity(caller(request).site.key, base.name);
    app.post(
      `${base.api}/submit`,
      { config: { permission: permissionOf(base, 'edit'), log: { module: base.name, action: 'submit' } } },
      async (request) => ok(request, await flow(request).submit(entityOf(request), oneIdOf(request))),
    );
    app.post(
      `${base.api}/withdraw`,
      { config: { permission: permissionOf(base, 'edit'), log: { module: base.name, action: 'withdraw' } } },
      async (request) => ok(request, await flow(request).withdraw(entityOf(request), oneIdOf(request))),
    );
    // A document in approval or approved is not changed or removed behind the approvers' backs.
    defineHooks(base.name, {
      beforeSave(_ctx, _row, existing) {
        if (existing && ['1', '2', '5'].includes(String(existing.approvalStatus)))
          throw new AppError(Code.conflict, 'workflow.locked');
      },
      beforeRemove(_ctx, rows) {
        if (rows.some((r) => ['1', '2', '5'].includes(String(r.approvalStatus))))
          throw new AppError(Code.conflict, 'workflow.locked');
      },
    });
  }
}

/**
 * A process instance read in its reader's language (the running and the finished lists): its title's
 * document type and its waiting steps were stored in the submitter's words (场地预约：CD-2026-0013,
 * 部门负责人审批), as the task lists already say again.
 */
const instanceInReadersLanguage = {
  inReadersLanguage({ s, site, locale }: { s: Services; site: { key: string }; locale: Locale }, row: Record<string, unknown>) {
    if (typeof row.title === 'string') row.title = titleIn(s, site.key, String(row.entity), row.title, locale);
    if (typeof row.currentNodes === 'string' && row.currentNodes)
      row.currentNodes = stepsIn(s.schemas.forSite(site.key).texts, String(row.processKey), row.currentNodes, locale);
  },
};

/** An instance's waiting steps, stored by name in the BPMN's words (部门负责人审批、财务审核), in the reader's. */
function stepsIn(texts: Record<string, Record<string, string>>, processKey: string, stored: string, locale: Locale): string {
  const prefix = `process.${processKey}.`;
  // Steps are stored by name: the step whose name this is in any language.
  const stepOf = (name: string) => {
    for (const [key, names] of Object.entries(texts))
      if (key.startsWith(prefix) && Object.values(names).includes(name)) return names[locale] ?? name;
    return name;
  };
  return stored.split('、').map(stepOf).join(listSeparator(locale));
}
defineHooks('wfInstance', instanceInReadersLanguage);
defineHooks('wfFinished', instanceInReadersLanguage);

// The "copied to me" list (抄送我的): the document's kind and the step in the reader's language.
defineHooks('wfCopy', {
  inReadersLanguage({ s, site, locale }, row) {
    if (typeof row.title === 'string') row.title = titleIn(s, site.key, String(row.entity), row.title, locale);
    if (typeof row.name === 'string' && row.processKey && row.elementId)
      row.name = processTextIn(
        s.schemas.forSite(site.key).texts,
        String(row.processKey),
        String(row.elementId),
        row.name,
        locale,
      );
  },
});

defineHooks('wfModel', {
  beforeSave(_ctx, row, existing) {
    // A new model starts as a diagram the designer can open: start → the leader approves → end.
    if (!existing && !row.bpmnXml) row.bpmnXml = starterXml(String(row.modelKey), String(row.name));
  },
});

defineHooks('wfDefinition', {
  beforeSave(_ctx, _row, existing) {
    // Definitions come from deploying a model; only their suspended flag changes.
    if (!existing) throw new AppError(Code.notFound, 'record.notFound');
  },
  async beforeRemove({ trx }, rows) {
    for (const row of rows) {
      const used = await sql`select 1 from wf_instance where definition_id = ${row.id} limit 1`.execute(trx);
      if (used.rows.length) throw new AppError(Code.conflict, 'workflow.inUse');
    }
  },
});

// The meeting-minutes screen (会议纪要设置): one row per form that goes through approval.
defineHooks('meetingSetting', {
  beforeSave({ s, site }, row) {
    const entity = row.entity === undefined ? null : s.schemas.forSite(site.key).entities.get(String(row.entity));
    if (row.entity !== undefined && (!entity || !approvable(entity) || !entity.meetingRecord)) {
      throw new AppError(Code.invalid, 'workflow.notApprovable', { entity: String(row.entity).slice(0, 64) });
    }
  },
});

defineHooks('wfBinding', {
  async beforeSave({ s, site, trx, request }, row) {
    const entity = row.entity === undefined ? null : s.schemas.forSite(site.key).entities.get(String(row.entity));
    if (row.entity !== undefined && (!entity || !approvable(entity))) {
      throw new AppError(Code.invalid, 'workflow.notApprovable', { entity: String(row.entity).slice(0, 64) });
    }
    if (row.processKey !== undefined) {
      const found =
        await sql`select 1 from wf_definition where top_dept_id = ${site.id} and process_key = ${row.processKey} limit 1`.execute(
          trx,
        );
      if (!found.rows.length)
        throw new AppError(Code.invalid, 'workflow.noDefinition', { key: String(row.processKey).slice(0, 64) });
    }
    void request;
  },
});
