// Who may read a document because of its approval (the approval page, a document's history): its
// applicant, anyone who is or was a candidate of one of its steps, and whoever a step copied (抄送).
// They read it on their site whatever their data scope; everyone else reads it as the entity's list
// does (its <permission>:query key and data scope). One rule, for every reader of a document in approval.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';
import { EntityService } from '../../entities/crud.ts';
import { permissionOf, type EntityDef } from '../../entities/model.ts';
import { approvable } from './service.ts';

/** Whether the person takes part in the document's approval (any of its instances). */
export async function involvedIn(s: Services, siteId: number, entity: EntityDef, id: number, userId: number): Promise<boolean> {
  if (!approvable(entity)) return false;
  const found = await sql`select 1 from wf_instance i where i.top_dept_id = ${siteId} and i.entity = ${entity.name}
      and i.business_key = ${id} and (i.starter_id = ${userId}
        or exists (select 1 from wf_task t, jsonb_array_elements_text(t.candidate_ids) c(uid)
                 where t.instance_id = i.id and c.uid = ${String(userId)})
        or exists (select 1 from wf_copy c where c.instance_id = i.id and c.user_id = ${userId}))
      limit 1`.execute(s.database.db);
  return found.rows.length > 0;
}

/** The document as this reader may read it, or the refusal /infoById gives (another's id reads as missing). */
export async function readDocument(s: Services, request: FastifyRequest, entity: EntityDef, id: number) {
  const { site, principal } = caller(request);
  const docs = new EntityService(s, entity, request);
  if (await involvedIn(s, site.id, entity, id, principal.userId)) return { docs, row: await docs.findOnSite(id) };
  const key = permissionOf(entity, 'query');
  if (!s.access.can(principal, key)) throw new AppError(Code.forbidden, 'auth.forbidden', { key });
  return { docs, row: await docs.find(id) };
}
