// Segregation of duties in approvals (DOMAIN.md "Controls", 不相容岗位相互分离, 财会〔2012〕21号):
// the applicant never decides a step of their own document, and no one decides two steps of one
// document unless the step allows it (`nk:allowRepeat="true"` in the process: a site that owns its
// process may allow it for a named step). A step whose candidates are all excluded goes one level
// up — to the roles the step names for it (`nk:escalateTo`: the principal's own claim goes to the
// party secretary), else the nearest leader above the applicant's department who is not excluded,
// as the department head's step always did for a head's own application, else the site's
// administrators — and the task says why (`wf_task.escalation`), which the approval page shows.
//
// A task's candidate_ids is exactly who may decide it now: resolved with these exclusions when it
// opens, narrowed when someone decides a parallel step, checked again at the decision, and repaired
// at start for tasks opened before this rule. So the task list and the approval page, which read
// candidate_ids, never offer a decision the server would refuse.
import { sql, type Kysely, type Transaction } from 'kysely';
import { expandSettings, SETTING_ENTRY, type TaskNode } from './bpmn.ts';
import { SETTINGS_SCOPE } from '../../../validators/expression/evaluate.ts';
import type { MessageKey } from '../../platform/messages.ts';

type Db = Transaction<any> | Kysely<any>;
type Row = Record<string, any>;

/** Why a task's candidates are not those its rule names. */
export type Escalation = 'applicant' | 'decided';

/** Who may not decide a step of one document. */
export interface Excluded {
  /** Who submitted it and who made the document. */
  applicant: Set<number>;
  /** Who approved another step of this run of its approval. */
  decided: Set<number>;
}

/** The excluded people of an instance (`table`: the document's table when it records who made it). */
export async function excludedOf(db: Db, instance: Row, table: string | null, exceptTaskId?: number): Promise<Excluded> {
  const applicant = new Set<number>([Number(instance.starter_id)]);
  if (table) {
    const made = await sql<{ created_by: number | null }>`select created_by from ${sql.table(table)}
      where id = ${instance.business_key} and top_dept_id = ${instance.top_dept_id}`.execute(db);
    const by = made.rows[0]?.created_by;
    if (by !== null && by !== undefined) applicant.add(Number(by));
  }
  const done = await sql<{ completed_by: number }>`select distinct completed_by from wf_task
    where instance_id = ${instance.id} and status = '1' and decision = 'approve' and completed_by is not null
    ${exceptTaskId ? sql`and id <> ${exceptTaskId}` : sql``}`.execute(db);
  return { applicant, decided: new Set(done.rows.map((r) => Number(r.completed_by))) };
}

/** Everyone who may not decide this step. */
export function outOf(node: TaskNode | undefined, excluded: Excluded): Set<number> {
  return new Set([...excluded.applicant, ...(node?.allowRepeat ? [] : excluded.decided)]);
}

/** Why the user may not decide this step, or null when they may. */
export function refusalOf(userId: number, node: TaskNode | undefined, excluded: Excluded): MessageKey | null {
  if (excluded.applicant.has(userId)) return 'workflow.ownDocument';
  if (!node?.allowRepeat && excluded.decided.has(userId)) return 'workflow.decidedBefore';
  return null;
}

/** The leader of the nearest department from `deptId` up the tree who is not excluded. */
export async function leaderFrom(db: Db, siteId: number, deptId: number | null, out: Set<number>): Promise<number[]> {
  let current = deptId;
  for (let hops = 0; current && hops < 20; hops++) {
    const d = await db
      .selectFrom('sys_dept')
      .select(['leader_user_id', 'parent_id'])
      .where('id', '=', current)
      .where('top_dept_id', '=', siteId)
      .executeTakeFirst();
    if (!d) break;
    const leader = d.leader_user_id === null || d.leader_user_id === undefined ? null : Number(d.leader_user_id);
    if (leader !== null && !out.has(leader)) {
      const active = await db
        .selectFrom('sys_user')
        .select('id')
        .where('id', '=', leader)
        .where('status', '=', '0')
        .executeTakeFirst();
      if (active) return [leader];
    }
    current = d.parent_id === null || d.parent_id === undefined ? null : Number(d.parent_id);
  }
  return [];
}

/** The site's active users holding one of these roles (by key, or by id as the designer may store it). */
export async function holdersOf(db: Db, siteId: number, roles: string[]): Promise<number[]> {
  if (!roles.length) return [];
  const rows = await sql<{ id: number }>`select distinct u.id from sys_user u join sys_user_role ur on ur.user_id = u.id
    join sys_role r on r.id = ur.role_id where u.top_dept_id = ${siteId} and u.status = '0' and r.status = '0'
    and (r.role_key in (${sql.join(roles)}) or r.id::text in (${sql.join(roles)}))
    order by u.id`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

async function administrators(db: Db, siteId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select distinct u.id from sys_user u join sys_user_role ur on ur.user_id = u.id
    join sys_role r on r.id = ur.role_id where u.top_dept_id = ${siteId} and r.role_key = 'admin' and u.status = '0'
    order by u.id`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * The step's candidate list with each `setting:<key>` entry replaced by the list that setting held
 * when the document was submitted (the instance's variables: ./chains.ts).
 */
function candidateList(node: TaskNode, instance: Row): string[] {
  if (!node.candidates.some((c) => SETTING_ENTRY.test(c))) return node.candidates;
  let variables = instance.variables as unknown;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      variables = {};
    }
  }
  return expandSettings(node.candidates, ((variables as Row | null)?.[SETTINGS_SCOPE] ?? {}) as Row);
}

/** Who the step's rule names (DOMAIN.md: roles, users, the applicant's leader…), before the duties. */
async function byRule(db: Db, node: TaskNode | undefined, instance: Row): Promise<number[]> {
  const siteId = Number(instance.top_dept_id);
  const none = new Set<number>();
  const candidates = node ? candidateList(node, instance) : [];
  switch (node?.candidateType) {
    case 'role':
      return holdersOf(db, siteId, candidates);
    case 'user': {
      const wanted = candidates.map(Number).filter((n) => Number.isInteger(n));
      if (!wanted.length) return [];
      const rows = await db
        .selectFrom('sys_user')
        .select('id')
        .where('top_dept_id', '=', siteId)
        .where('status', '=', '0')
        .where('id', 'in', wanted)
        .orderBy('id')
        .execute();
      return rows.map((r) => Number(r.id));
    }
    case 'deptLeader':
      return leaderFrom(db, siteId, instance.starter_dept_id === null ? null : Number(instance.starter_dept_id), none);
    case 'namedDeptLeader': {
      const ids: number[] = [];
      for (const d of candidates) ids.push(...(await leaderFrom(db, siteId, Number(d), none)));
      return ids;
    }
    case 'starter':
      return [Number(instance.starter_id)];
    default:
      return [];
  }
}

/** Who may decide a step that opens now, and why they are not whom its rule names (if so). */
export async function candidatesFor(
  db: Db,
  node: TaskNode | undefined,
  instance: Row,
  excluded: Excluded,
): Promise<{ ids: number[]; escalation: Escalation | null }> {
  const siteId = Number(instance.top_dept_id);
  const out = outOf(node, excluded);
  const named = [...new Set(await byRule(db, node, instance))];
  const allowed = named.filter((id) => !out.has(id));
  if (allowed.length) return { ids: allowed, escalation: null };
  const admins = async () => (await administrators(db, siteId)).filter((id) => !out.has(id));
  const declared = (await holdersOf(db, siteId, node?.escalateTo ?? [])).filter((id) => !out.has(id));
  // Nobody fits the rule (a role no one holds, a department without a leader): the roles the step
  // escalates to, else the site's administrators, so the document never waits on no one.
  if (!named.length) return { ids: declared.length ? declared : await admins(), escalation: null };
  // Everyone the rule names is excluded: the roles the step escalates to, else one level up from
  // the applicant's department, else the administrators.
  const escalation: Escalation = named.every((id) => excluded.applicant.has(id)) ? 'applicant' : 'decided';
  if (declared.length) return { ids: declared, escalation };
  const starterDept = instance.starter_dept_id === null ? null : Number(instance.starter_dept_id);
  const up = await leaderFrom(db, siteId, starterDept, out);
  return { ids: up.length ? up : await admins(), escalation };
}
