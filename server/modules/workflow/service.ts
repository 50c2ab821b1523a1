// Approval of documents (issue 6, DOMAIN.md "Default approval chain"): deploy a model as a new
// definition version; submit a document (an instance keyed by the document's id); approve, reject
// (back to the applicant), withdraw (before the first approval), transfer, comment, cancel. Each
// step runs in one transaction with the instance row locked: the engine's state, the task rows,
// the history and the document's approval status change together or not at all, on any app node.
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { EntityService } from '../../entities/crud.ts';
import { hooksOf } from '../../entities/hooks.ts';
import { runEffects } from '../../entities/effects.ts';
import { toWire } from '../../entities/rows.ts';
import type { EntityDef } from '../../entities/model.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { documentTitle, LOCALES, titleSeparator, type Locale } from '../../../validators/locale.ts';
import { atExtensionNode, readModel, type TaskNode } from './bpmn.ts';
import { meetingRecordState } from '../../../validators/meeting-record.ts';
import { completeTask, startProcess, type Step } from './engine.ts';
import { candidatesFor, excludedOf, outOf, refusalOf } from './duties.ts';
import { chainVariables, copyStep, reasonOf, variablesOf as storedVariables } from './chains.ts';
import { isSecretSetting } from '../system/secrets.ts';

/** DOMAIN.md: approval status of every approvable document. */
export const ApprovalStatus = { draft: '0', inApproval: '1', approved: '2', rejected: '3', withdrawn: '4', cancelled: '5' };
export const TaskStatus = { open: '0', done: '1', cancelled: '2' };
export type Decision = 'submit' | 'approve' | 'reject' | 'withdraw' | 'transfer' | 'comment' | 'cancel';
type Trx = Transaction<any>;
type Row = Record<string, any>;

/** Minutes an approver attaches at the extension node (spec section 4's audit-stage upload). */
export interface MeetingMinutes {
  meetingRecordId?: number | null;
  meetingRecordFileList?: unknown[];
}

/** A wired document with its minutes as the rule reads them (the list is kept under extend). */
export function withMinutesOf(doc: Row): Row {
  const extend = (doc.extend ?? {}) as Row;
  return { ...doc, meetingRecordFileList: extend.meetingRecordFileList };
}

export function approvable(entity: EntityDef): boolean {
  return Boolean(entity.process) && entity.byName.has('approvalStatus');
}

export class Workflow {
  constructor(
    private readonly s: Services,
    private readonly request: FastifyRequest,
  ) {}

  private get ctx() {
    return caller(this.request);
  }

  private get db() {
    return this.s.database.db as unknown as import('kysely').Kysely<any>;
  }

  /** A model becomes the next version of its process (checked first; problems listed in the message). */
  async deploy(modelId: number) {
    const { site, principal } = this.ctx;
    const model = await this.db
      .selectFrom('wf_model')
      .selectAll()
      .where('id', '=', modelId)
      .where('top_dept_id', '=', site.id)
      .executeTakeFirst();
    if (!model) throw new AppError(Code.notFound, 'record.notFound');
    const { model: read, problems } = await readModel(String(model.bpmn_xml ?? ''));
    if (problems.length || !read) {
      const detail = problems
        .slice(0, 8)
        .map((p) => (p.element ? `${p.element}: ${t(p.key, this.request.locale)}` : t(p.key, this.request.locale)))
        .join('；');
      throw new AppError(Code.invalid, 'workflow.deployRefused', { detail });
    }
    if (read.processKey !== model.model_key) {
      throw new AppError(Code.invalid, 'workflow.keyMismatch', { key: read.processKey, model: model.model_key });
    }
    // The settings it reads by name are settings of this site (never a write-only secret).
    const held = await this.s.siteConfig.all(site.id);
    const unknown = read.settings.filter((k) => !held.has(k) || isSecretSetting(k));
    if (unknown.length) throw new AppError(Code.invalid, 'workflow.unknownSetting', { keys: unknown.join(', ') });
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('wf_definition')
        .select((eb) => eb.fn.max('def_version').as('v'))
        .where('top_dept_id', '=', site.id)
        .where('process_key', '=', read.processKey)
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      const now = new Date(this.s.clock.now());
      const inserted = await trx
        .insertInto('wf_definition')
        .values({
          top_dept_id: site.id,
          process_key: read.processKey,
          name: model.name,
          def_version: version,
          bpmn_xml: model.bpmn_xml,
          nodes: JSON.stringify(read.tasks),
          model_id: model.id,
          created_by: principal.userId,
          created_at: now,
          updated_by: principal.userId,
          updated_at: now,
        })
        .returning(['id', 'process_key', 'def_version'])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('wf_model')
        .set({ deployed_version: version, updated_at: now, updated_by: principal.userId })
        .where('id', '=', model.id)
        .execute();
      return { id: inserted.id, processKey: inserted.process_key, version: inserted.def_version };
    });
  }

  /** The process a document type goes through on this site: its binding, else the entity's own key. */
  async processKeyOf(db: Trx | import('kysely').Kysely<any>, entity: EntityDef): Promise<string | null> {
    const bound = await db
      .selectFrom('wf_binding')
      .select('process_key')
      .where('top_dept_id', '=', this.ctx.site.id)
      .where('entity', '=', entity.name)
      .executeTakeFirst();
    return bound?.process_key ?? entity.process ?? null;
  }

  /** Submits a draft (or a rejected or withdrawn document again): an instance on the newest version. */
  async submit(entity: EntityDef, docId: number) {
    const { site, principal } = this.ctx;
    if (!approvable(entity)) throw new AppError(Code.notFound, 'record.notFound');
    const docs = await new EntityService(this.s, entity, this.request).prepare();
    const result = await this.db.transaction().execute(async (trx) => {
      const doc = docs.wire(await docs.find(docId, trx, true));
      const current = String(doc.approvalStatus ?? '0');
      if (current === ApprovalStatus.cancelled) throw new AppError(Code.conflict, 'workflow.locked');
      if (![ApprovalStatus.draft, ApprovalStatus.rejected, ApprovalStatus.withdrawn].includes(current)) {
        throw new AppError(Code.conflict, 'workflow.alreadySubmitted');
      }
      // The minutes the application stage asks for: the settings may have changed since the save.
      if (docs.meeting) {
        const state = meetingRecordState(withMinutesOf(doc), docs.meeting);
        if (state.required && !state.provided)
          throw new AppError(Code.invalid, 'meeting.required', { threshold: docs.meeting.threshold });
      }
      // Rules of the document type (a budget decrease holds its amount here).
      const ctx = { s: this.s, trx, site, principal, entity, request: this.request };
      await hooksOf(entity.name).beforeSubmit?.(ctx, doc);
      const key = await this.processKeyOf(trx, entity);
      const definition = key
        ? await trx
            .selectFrom('wf_definition')
            .selectAll()
            .where('top_dept_id', '=', site.id)
            .where('process_key', '=', key)
            .orderBy('def_version', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
      if (!definition) throw new AppError(Code.invalid, 'workflow.noDefinition', { key: key ?? entity.name });
      if (definition.suspended === '1') throw new AppError(Code.conflict, 'workflow.suspended', { key: definition.process_key });
      // The document's fields, the applicant's roles and the site's rules the process names (./chains.ts).
      const variables = {
        ...this.variablesOf(entity, doc),
        ...(await chainVariables(trx, site.id, principal, String(definition.bpmn_xml))),
      };
      const step = await startProcess(definition.process_key, definition.bpmn_xml, variables);
      const now = new Date(this.s.clock.now());
      const title = this.titleOf(entity, doc);
      const instance = await trx
        .insertInto('wf_instance')
        .values({
          top_dept_id: site.id,
          definition_id: definition.id,
          process_key: definition.process_key,
          def_version: definition.def_version,
          entity: entity.name,
          business_key: docId,
          title,
          starter_id: principal.userId,
          starter_dept_id: principal.deptId,
          status: 'running',
          variables: JSON.stringify(variables),
          engine_state: step.state === null ? null : JSON.stringify(step.state),
          created_by: principal.userId,
          created_at: now,
          updated_by: principal.userId,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The document's earlier approvals (a rejection it is sent again after) are history now.
      await sql`update wf_instance set superseded = true where top_dept_id = ${site.id} and entity = ${entity.name}
        and business_key = ${docId} and id <> ${instance.id} and not superseded`.execute(trx);
      await this.history(trx, instance.id, null, t('workflow.submitted', this.request.locale), 'submit', null);
      await this.setDocument(trx, entity, docId, ApprovalStatus.inApproval);
      // Submitted, the document is no longer being updated: its kept show flag now decides (spec section 4).
      if (entity.meetingRecord)
        await sql`update ${sql.table(entity.table)} set extend = coalesce(extend, '{}'::jsonb) || '{"updateFlag":"0"}'::jsonb
          where id = ${docId} and top_dept_id = ${site.id}`.execute(trx);
      // What the entity declares its submission moves (a freeze of its amount), last: a freeze locks
      // its indicator's row until the commit, and every other claim on that indicator waits for it (a
      // hot indicator under load, issue 37). Before the first step only when the approval ends at
      // once, which consumes what was frozen.
      const nodes = definition.nodes as Record<string, TaskNode>;
      if (step.ended) await runEffects(ctx, 'submit', doc);
      await this.afterStep(trx, instance, nodes, step, entity);
      if (!step.ended) await runEffects(ctx, 'submit', doc);
      return { instanceId: instance.id };
    });
    return result;
  }

  /** Approve, reject, transfer or comment on a task the caller is a candidate of. */
  async act(
    taskId: number,
    decision: 'approve' | 'reject' | 'transfer' | 'comment',
    comment: string | null,
    transferTo?: number,
    minutes?: MeetingMinutes,
    /** A batch of the task list (issue 34): this task's transaction; refused at a step marked nk:batch="false" or a countersign. */
    batch?: Trx,
  ) {
    const { site, principal } = this.ctx;
    const task = await (batch ?? this.db)
      .selectFrom('wf_task')
      .select(['entity'])
      .where('id', '=', taskId)
      .where('top_dept_id', '=', site.id)
      .executeTakeFirst();
    if (!task) throw new AppError(Code.notFound, 'record.notFound');
    const entity = this.s.schemas.forSite(site.key).entities.get(task.entity);
    if (!entity) throw new AppError(Code.notFound, 'record.notFound');
    const docs = await new EntityService(this.s, entity, this.request).prepare();
    const decide = async (trx: Trx) => {
      // The task first, then its instance: two approvers acting at once queue here; the second
      // finds the task decided.
      const open = await sql<Row>`select * from wf_task where id = ${taskId} and top_dept_id = ${site.id} for update`.execute(
        trx,
      );
      const row = open.rows[0]!;
      if (row.status !== TaskStatus.open) throw new AppError(Code.conflict, 'workflow.taskDone');
      const candidates = ((row.candidate_ids ?? []) as number[]).map(Number);
      if (!candidates.includes(principal.userId)) throw new AppError(Code.forbidden, 'workflow.notCandidate');
      const locked = await sql<Row>`select * from wf_instance where id = ${row.instance_id} for update`.execute(trx);
      const instance = locked.rows[0]!;
      if (instance.ended) throw new AppError(Code.conflict, 'workflow.taskDone');
      const now = new Date(this.s.clock.now());
      // Segregation of duties (./duties.ts), whatever the task's candidates say.
      const nodes = (
        await trx.selectFrom('wf_definition').select(['nodes']).where('id', '=', instance.definition_id).executeTakeFirstOrThrow()
      ).nodes as Record<string, TaskNode>;
      const node = nodes[String(row.element_id)];
      // A countersign step is each signer's own judgement: never in a batch either (issue 34).
      if (batch && (node?.noBatch || node?.countersign))
        throw new AppError(Code.conflict, 'workflow.noBatch', { step: String(row.name) });
      const excluded = await excludedOf(trx, instance, this.madeByTable(entity), Number(row.id));
      const refused = refusalOf(principal.userId, node, excluded);
      if (refused && decision !== 'comment') throw new AppError(Code.forbidden, refused);

      if (decision === 'reject' && !comment) throw new AppError(Code.invalid, 'workflow.rejectReason');
      if (decision === 'approve' || minutes) await this.meetingAtTask(trx, docs, instance, row, decision, minutes);
      if (decision === 'comment') {
        if (!comment) throw new AppError(Code.invalid, 'workflow.commentRequired');
        await this.history(trx, instance.id, row.id, row.name, 'comment', comment);
        return { instanceId: instance.id, status: instance.status };
      }
      if (decision === 'transfer') {
        const to = await trx
          .selectFrom('sys_user')
          .select(['id', 'real_name'])
          .where('id', '=', transferTo ?? 0)
          .where('top_dept_id', '=', site.id)
          .where('status', '=', '0')
          .executeTakeFirst();
        if (!to) throw new AppError(Code.invalid, 'workflow.badTransfer');
        // Never to someone who may not decide it (the applicant, who decided an earlier step).
        if (outOf(node, excluded).has(Number(to.id)))
          throw new AppError(Code.invalid, 'workflow.transferExcluded', { name: String(to.real_name ?? '') });
        // A countersign step is one decision per person: never two of its tasks to one of them.
        if (node?.countersign) {
          const siblings = await trx
            .selectFrom('wf_task')
            .select('candidate_ids')
            .where('instance_id', '=', instance.id)
            .where('element_id', '=', row.element_id)
            .where('status', '=', TaskStatus.open)
            .where('id', '<>', row.id)
            .execute();
          if (siblings.some((x) => ((x.candidate_ids ?? []) as number[]).map(Number).includes(Number(to.id))))
            throw new AppError(Code.invalid, 'workflow.countersignHolder', { name: String(to.real_name ?? '') });
        }
        await trx
          .updateTable('wf_task')
          .set({ candidate_ids: JSON.stringify([to.id]) })
          .where('id', '=', row.id)
          .execute();
        await this.history(
          trx,
          instance.id,
          row.id,
          row.name,
          'transfer',
          `→ ${to.real_name}${comment ? `${titleSeparator(this.request.locale)}${comment}` : ''}`,
        );
        return { instanceId: instance.id, status: instance.status };
      }

      await trx
        .updateTable('wf_task')
        .set({ status: TaskStatus.done, decision, comment, completed_by: principal.userId, completed_at: now })
        .where('id', '=', row.id)
        .execute();
      await this.history(trx, instance.id, row.id, row.name, decision, comment);
      if (decision === 'reject') {
        await this.finish(trx, instance, 'rejected', entity, ApprovalStatus.rejected);
        return { instanceId: instance.id, status: 'rejected' };
      }
      // Whoever decided a step no longer decides a parallel one (unless it allows it).
      if (decision === 'approve') await this.narrowOpenTasks(trx, instance, nodes, entity, principal.userId);
      // A countersign step passes when every one of its tasks is approved; until then the engine waits.
      if (node?.countersign) {
        const waiting = await trx
          .selectFrom('wf_task')
          .select('id')
          .where('instance_id', '=', instance.id)
          .where('element_id', '=', row.element_id)
          .where('status', '=', TaskStatus.open)
          .execute();
        if (waiting.length) {
          await trx
            .updateTable('wf_instance')
            .set({ updated_at: now, updated_by: principal.userId })
            .where('id', '=', instance.id)
            .execute();
          return { instanceId: instance.id, status: 'running' };
        }
      }
      // Parallel branches: the engine moves on only when every open task of this element is done.
      const step = await completeTask(instance.process_key, instance.engine_state, row.element_id, { decision, comment });
      await trx
        .updateTable('wf_instance')
        .set({
          engine_state: step.state === null ? null : JSON.stringify(step.state),
          updated_at: now,
          updated_by: principal.userId,
        })
        .where('id', '=', instance.id)
        .execute();
      const status = await this.afterStep(trx, instance, nodes, step, entity);
      return { instanceId: instance.id, status };
    };
    return batch ? decide(batch) : this.db.transaction().execute(decide);
  }

  /** The applicant takes a document back, while nobody has approved it yet. */
  async withdraw(entity: EntityDef, docId: number) {
    const { site, principal } = this.ctx;
    const docs = await new EntityService(this.s, entity, this.request).prepare();
    return this.db.transaction().execute(async (trx) => {
      const instance = await this.runningOf(trx, entity, docId);
      if (!instance) throw new AppError(Code.conflict, 'workflow.notRunning');
      if (Number(instance.starter_id) !== principal.userId) throw new AppError(Code.forbidden, 'workflow.notStarter');
      const approved = await trx
        .selectFrom('wf_history')
        .select('id')
        .where('instance_id', '=', instance.id)
        .where('decision', '=', 'approve')
        .where('top_dept_id', '=', site.id)
        .executeTakeFirst();
      if (approved) throw new AppError(Code.conflict, 'workflow.alreadyApproved');
      await this.history(trx, instance.id, null, t('workflow.withdrawn', this.request.locale), 'withdraw', null);
      await this.finish(trx, instance, 'withdrawn', entity, ApprovalStatus.withdrawn);
      return { instanceId: instance.id, status: 'withdrawn' };
    });
  }

  /** An administrator stops a running instance (the running-instances screen). */
  async cancel(instanceId: number, comment: string | null) {
    const { site } = this.ctx;
    const found = await this.db
      .selectFrom('wf_instance')
      .select(['entity'])
      .where('id', '=', instanceId)
      .where('top_dept_id', '=', site.id)
      .executeTakeFirst();
    if (!found) throw new AppError(Code.notFound, 'record.notFound');
    const entity = this.s.schemas.forSite(site.key).entities.get(found.entity);
    if (!entity) throw new AppError(Code.notFound, 'record.notFound');
    const docs = await new EntityService(this.s, entity, this.request).prepare();
    return this.db.transaction().execute(async (trx) => {
      const instance = (await sql<Row>`select * from wf_instance where id = ${instanceId} for update`.execute(trx)).rows[0]!;
      if (instance.ended) throw new AppError(Code.conflict, 'workflow.notRunning');
      await this.history(trx, instance.id, null, t('workflow.cancelled', this.request.locale), 'cancel', comment);
      await this.finish(trx, instance, 'cancelled', entity, ApprovalStatus.cancelled);
      return { instanceId: instance.id, status: 'cancelled' };
    });
  }

  /**
   * The meeting-record rule where an approver decides (spec section 4): minutes sent with the
   * decision are attached to the document when this task is where they go, and an approval at the
   * extension node is refused while the rule asks for minutes that are not there.
   */
  private async meetingAtTask(
    trx: Trx,
    docs: EntityService,
    instance: Row,
    task: Row,
    decision: string,
    minutes: MeetingMinutes | undefined,
  ) {
    const settings = docs.meeting;
    const entity = docs.entity;
    const sent = minutes && (minutes.meetingRecordId !== undefined || minutes.meetingRecordFileList !== undefined);
    if (!settings) {
      if (sent) throw new AppError(Code.invalid, 'meeting.notAtThisStep');
      return;
    }
    const definition = await trx
      .selectFrom('wf_definition')
      .select(['nodes'])
      .where('id', '=', instance.definition_id)
      .executeTakeFirstOrThrow();
    const context = { atExtensionNode: atExtensionNode(definition.nodes as Record<string, TaskNode>, String(task.element_id)) };
    const stored = (
      await sql<Row>`select * from ${sql.table(entity.table)} where id = ${instance.business_key} and top_dept_id = ${this.ctx.site.id} for update`.execute(
        trx,
      )
    ).rows[0];
    if (!stored) throw new AppError(Code.notFound, 'record.notFound');
    let doc = withMinutesOf(docs.wire(stored));
    if (sent) {
      // Only where the section is open to this approver: the extension node of a form that shows it.
      if (!context.atExtensionNode || !meetingRecordState(doc, settings, context).show)
        throw new AppError(Code.invalid, 'meeting.notAtThisStep');
      const patch: Row = {};
      if (minutes!.meetingRecordId !== undefined) patch.meetingRecordId = minutes!.meetingRecordId;
      if (minutes!.meetingRecordFileList !== undefined) patch.meetingRecordFileList = minutes!.meetingRecordFileList;
      await docs.checkValues(trx, patch, Number(stored.id), docs.wire(stored));
      const ref = entity.byName.get('meetingRecordId');
      const files = entity.byName.get('meetingRecordFileList');
      await trx
        .updateTable(entity.table)
        .set({
          ...(ref && 'meetingRecordId' in patch ? { [ref.column]: patch.meetingRecordId ?? null } : {}),
          ...(files && 'meetingRecordFileList' in patch
            ? {
                extend: sql`coalesce(extend, '{}'::jsonb) || ${JSON.stringify({
                  meetingRecordFileList: JSON.stringify(patch.meetingRecordFileList ?? []),
                })}::jsonb`,
              }
            : {}),
        })
        .where('id', '=', Number(stored.id))
        .execute();
      doc = { ...doc, ...patch };
    }
    if (decision !== 'approve') return;
    const state = meetingRecordState(doc, settings, context);
    if (state.required && !state.provided)
      throw new AppError(Code.invalid, 'meeting.required', { threshold: settings.threshold });
  }

  async runningOf(db: Trx, entity: EntityDef, docId: number): Promise<Row | undefined> {
    const rows = await sql<Row>`select * from wf_instance where top_dept_id = ${this.ctx.site.id} and entity = ${entity.name}
      and business_key = ${docId} and ended = false order by id desc limit 1 for update`.execute(db);
    return rows.rows[0];
  }

  /** After the engine moved: open tasks for what now waits, or close the instance as approved. */
  private async afterStep(
    trx: Trx,
    instance: Row,
    nodes: Record<string, TaskNode>,
    step: Step,
    entity: EntityDef,
  ): Promise<string> {
    if (step.ended) {
      await this.finish(trx, instance, 'approved', entity, ApprovalStatus.approved);
      return 'approved';
    }
    const open = await trx
      .selectFrom('wf_task')
      .select('element_id')
      .where('instance_id', '=', instance.id)
      .where('status', '=', TaskStatus.open)
      .execute();
    const have = new Set(open.map((o) => o.element_id));
    const fresh = step.waiting.filter((w) => !have.has(w));
    const excluded = fresh.length ? await excludedOf(trx, instance, this.madeByTable(entity)) : null;
    const variables = storedVariables(instance);
    const at = new Date(this.s.clock.now());
    // The task says its document's amount (the entity's amount field as kept at submit) and the
    // applicant's department: the task list's columns and filters (issue 34).
    const kept = entity.byName.get(entity.meetingAmount)?.type === 'money' ? variables[entity.meetingAmount] : undefined;
    const amount = typeof kept === 'number' && Number.isFinite(kept) ? kept.toFixed(2) : null;
    for (const elementId of fresh) {
      const node = nodes[elementId];
      const { ids: candidates, escalation } = await candidatesFor(trx, node, instance, excluded!);
      // Why the step is there, with the values it names (the threshold, the document's amount).
      const reason = reasonOf(node, variables);
      // A countersign step: one task for each of its candidates, all to approve. Gone one level up
      // (every named one excluded by the duties), it is one task again, for whoever is left.
      const groups = node?.countersign && !escalation && candidates.length > 1 ? candidates.map((id) => [id]) : [candidates];
      for (const group of groups)
        await trx
          .insertInto('wf_task')
          .values({
            top_dept_id: instance.top_dept_id,
            instance_id: instance.id,
            element_id: elementId,
            name: node?.name ?? elementId,
            candidate_ids: JSON.stringify(group),
            escalation,
            reason: reason ? JSON.stringify(reason) : null,
            entity: instance.entity,
            business_key: instance.business_key,
            title: instance.title,
            starter_id: instance.starter_id,
            amount,
            dept_id: instance.starter_dept_id ?? null,
            created_at: at,
          })
          .execute();
      // Copies (抄送): told now, to read the document, never to decide it.
      if (node?.copyTo?.length) {
        const site = this.ctx.site;
        await copyStep(this.s, trx, site, instance, node, elementId, at, (locale) =>
          titleIn(this.s, site.key, String(instance.entity), String(instance.title ?? ''), locale),
        );
      }
    }
    await trx
      .updateTable('wf_instance')
      .set({
        current_nodes: step.waiting
          .map((w) => nodes[w]?.name ?? w)
          .filter((name, i, all) => all.indexOf(name) === i)
          .join('、')
          .slice(0, 300),
      })
      .where('id', '=', instance.id)
      .execute();
    return 'running';
  }

  /** The document's table when it records who made it (the applicant, beside who submitted it). */
  private madeByTable(entity: EntityDef): string | null {
    return entity.byName.has('createdBy') ? entity.table : null;
  }

  /**
   * After `userId` approved a step: they leave the candidates of the instance's other open steps
   * that do not allow a repeat; a step left with nobody goes one level up (./duties.ts).
   */
  private async narrowOpenTasks(trx: Trx, instance: Row, nodes: Record<string, TaskNode>, entity: EntityDef, userId: number) {
    const open = await sql<Row>`select id, element_id, candidate_ids from wf_task
      where instance_id = ${instance.id} and status = ${TaskStatus.open} for update`.execute(trx);
    let excluded: Awaited<ReturnType<typeof excludedOf>> | null = null;
    for (const task of open.rows) {
      const node = nodes[String(task.element_id)];
      const candidates = ((task.candidate_ids ?? []) as number[]).map(Number);
      if (node?.allowRepeat || !candidates.includes(userId)) continue;
      const left = candidates.filter((id) => id !== userId);
      if (left.length) {
        await trx
          .updateTable('wf_task')
          .set({ candidate_ids: JSON.stringify(left) })
          .where('id', '=', task.id)
          .execute();
        continue;
      }
      excluded ??= await excludedOf(trx, instance, this.madeByTable(entity));
      excluded.decided.add(userId);
      const { ids, escalation } = await candidatesFor(trx, node, instance, excluded);
      await trx
        .updateTable('wf_task')
        .set({ candidate_ids: JSON.stringify(ids), escalation })
        .where('id', '=', task.id)
        .execute();
    }
  }

  private async finish(trx: Trx, instance: Row, status: string, entity: EntityDef, approval: string) {
    const now = new Date(this.s.clock.now());
    await trx
      .updateTable('wf_instance')
      .set({ status, ended: true, ended_at: now, engine_state: null, current_nodes: null, updated_at: now })
      .where('id', '=', instance.id)
      .execute();
    await trx
      .updateTable('wf_task')
      .set({ status: TaskStatus.cancelled, completed_at: now })
      .where('instance_id', '=', instance.id)
      .where('status', '=', TaskStatus.open)
      .execute();
    await this.setDocument(trx, entity, Number(instance.business_key), approval);
    const { site, principal } = this.ctx;
    const doc = (
      await sql<Row>`select * from ${sql.table(entity.table)} where id = ${instance.business_key} and top_dept_id = ${site.id}`.execute(
        trx,
      )
    ).rows[0];
    // Rules of the document type (budgets freeze and release here).
    const ctx = { s: this.s, trx, site, principal, entity, request: this.request };
    await hooksOf(entity.name).afterApproval?.(ctx, doc ?? {}, status as 'approved' | 'rejected' | 'withdrawn' | 'cancelled');
    // And what the entity declares the approval's end moves (consume, release).
    if (doc) await runEffects(ctx, status, toWire(entity, doc));
  }

  private async setDocument(trx: Trx, entity: EntityDef, docId: number, approval: string) {
    const field = entity.byName.get('approvalStatus')!;
    // What was approved is what prints: the document keeps the files (its site's print override
    // included) it was approved under; until then it prints with the current ones (docs/schemas.md, "Which layout a document prints with").
    const stamp =
      approval === ApprovalStatus.approved && entity.has.schemaVersion
        ? sql`, schema_version = ${entity.schemaVersion}`
        : sql``;
    await sql`update ${sql.table(entity.table)} set ${sql.ref(field.column)} = ${approval}${stamp} where id = ${docId} and top_dept_id = ${this.ctx.site.id}`.execute(
      trx,
    );
    // A booking that becomes active (submitted) may not overlap another one (./overlap.ts).
    if (entity.noOverlap?.length) await new EntityService(this.s, entity, this.request).assertNoOverlap(trx, docId);
  }

  private async history(
    trx: Trx,
    instanceId: number,
    taskId: number | null,
    nodeName: string,
    decision: Decision,
    comment: string | null,
  ) {
    const { principal, site } = this.ctx;
    await trx
      .insertInto('wf_history')
      .values({
        top_dept_id: site.id,
        instance_id: instanceId,
        task_id: taskId,
        node_name: nodeName.slice(0, 100),
        user_id: principal.userId,
        user_name: principal.realName,
        decision,
        comment: comment?.slice(0, 500) ?? null,
        created_at: new Date(this.s.clock.now()),
      })
      .execute();
  }

  /** What gateway conditions may test: the document's fields (money as numbers), the applicant. */
  private variablesOf(entity: EntityDef, doc: Row): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of entity.fields) {
      const v = doc[f.name];
      if (v === undefined || f.type === 'files') continue;
      out[f.name] = (f.type === 'money' || f.type === 'number') && v !== null ? Number(v) : v;
    }
    const { principal } = this.ctx;
    return { ...out, id: doc.id, starterId: principal.userId, starterDeptId: principal.deptId };
  }

  private titleOf(entity: EntityDef, doc: Row): string {
    const locale = this.request.locale;
    const name = this.s.schemas.texts[entity.title]?.[locale] ?? entity.name;
    return documentTitle(name, entity.display ? doc[entity.display] : null, Number(doc.id), locale).slice(0, 200);
  }
}

/**
 * A task's title in its reader's language. Titles are stored as the submitter saw them (预算调整申请：
 * 印刷费追减); the document type they begin with is said again in the reader's language, the
 * document's own words stay as written.
 */
export function titleIn(s: Services, siteKey: string, entityName: string, stored: string, locale: Locale): string {
  const entity = s.schemas.forSite(siteKey).entities.get(entityName);
  const names = entity ? s.schemas.texts[entity.title] : undefined;
  if (!names) return stored;
  for (const l of LOCALES) {
    const name = names[l];
    if (!name || !stored.startsWith(name)) continue;
    const rest = stored.slice(name.length);
    const words = rest.replace(/^(：|: )/, '');
    return `${names[locale] ?? name}${words === rest ? rest : `${titleSeparator(locale)}${words}`}`;
  }
  return stored;
}

type Texts = Record<string, Record<string, string>>;

/**
 * A process or one of its steps in its reader's language. Names are stored as the BPMN says them
 * (Chinese in the default processes); the area's i18n.json says each in four languages under
 * `process.<process key>` and `process.<process key>.<element id>`. A step an administrator renamed
 * in the designer no longer matches those texts and keeps the name its author gave it.
 */
export function processTextIn(
  texts: Texts,
  processKey: string,
  elementId: string | null,
  stored: string,
  locale: Locale,
): string {
  const names = texts[elementId ? `process.${processKey}.${elementId}` : `process.${processKey}`];
  if (!names || !LOCALES.some((l) => names[l] === stored)) return stored;
  return names[locale] ?? stored;
}

/** What the system itself wrote into a history (submit, withdraw, cancel), said again in the reader's language. */
const SYSTEM_STEPS = { submit: 'workflow.submitted', withdraw: 'workflow.withdrawn', cancel: 'workflow.cancelled' } as const;

/** A history row's step in its reader's language (row: node_name, decision, element_id of its task, process_key). */
export function historyStepIn(texts: Texts, row: Row, locale: Locale): string {
  const stored = String(row.node_name ?? '');
  if (row.element_id) return processTextIn(texts, String(row.process_key), String(row.element_id), stored, locale);
  const key = SYSTEM_STEPS[row.decision as keyof typeof SYSTEM_STEPS];
  return key ? t(key, locale) : stored;
}

/**
 * Open tasks opened before the segregation of duties (or by a process changed since) whose
 * candidates include someone who may not decide them: those leave; a task left with nobody goes one
 * level up (./duties.ts). Run at every start, on every node (idempotent: a repaired task has nothing
 * left to repair).
 */
export async function repairOpenTasks(s: Services): Promise<number> {
  const db = s.database.db as unknown as import('kysely').Kysely<any>;
  const suspects = await sql<Row>`select t.id as task_id, t.element_id, t.candidate_ids,
      t.instance_id, i.top_dept_id, i.entity, i.business_key, i.starter_id, i.starter_dept_id, i.variables, d.nodes
    from wf_task t join wf_instance i on i.id = t.instance_id join wf_definition d on d.id = i.definition_id
    where t.status = ${TaskStatus.open} and not i.ended
      and (t.candidate_ids @> jsonb_build_array(i.starter_id)
        or exists (select 1 from wf_task o where o.instance_id = t.instance_id and o.status = ${TaskStatus.done}
          and o.decision = 'approve' and t.candidate_ids @> jsonb_build_array(o.completed_by)))`.execute(db);
  let repaired = 0;
  for (const row of suspects.rows) {
    const site = s.sites.getById(Number(row.top_dept_id));
    const entity = site ? s.schemas.forSite(site.key).entities.get(String(row.entity)) : undefined;
    const node = (row.nodes as Record<string, TaskNode>)[String(row.element_id)];
    await db.transaction().execute(async (trx) => {
      const instance = { ...row, id: Number(row.instance_id) };
      const excluded = await excludedOf(trx, instance, entity?.byName.has('createdBy') ? entity.table : null);
      const out = outOf(node, excluded);
      const candidates = ((row.candidate_ids ?? []) as number[]).map(Number);
      if (!candidates.some((id) => out.has(id))) return;
      const left = candidates.filter((id) => !out.has(id));
      const { ids, escalation } = left.length
        ? { ids: left, escalation: null }
        : await candidatesFor(trx, node, instance, excluded);
      await trx
        .updateTable('wf_task')
        .set({ candidate_ids: JSON.stringify(ids), ...(escalation ? { escalation } : {}) })
        .where('id', '=', Number(row.task_id))
        .where('status', '=', TaskStatus.open)
        .execute();
      repaired++;
    });
  }
  return repaired;
}
