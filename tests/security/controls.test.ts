// Part of the security campaign (issue 31): the controls hold for every entity and every process,
// generated from the schemas, so an entity or process added tomorrow is attacked the day it lands.
//
// 1. Fields the server owns (server/entities/owned.ts: readOnly, derived, the state fields, the
//    applicant's department, what effects write…). For every entity that takes saves, a save built
//    from one of its stored rows and an update of the row just made send a hostile value for each
//    owned field (state "approved", another department, 99,999.00, another user…), lines included;
//    the row read back must not hold it. Goal: 0 stored as sent.
// 2. Segregation of duties (server/modules/workflow/duties.ts). For every document type that goes
//    through approval, documents filed by the holders of each role its process names (and by staff
//    and a department head) are walked through their approval: at every step the applicant, and
//    everyone who decided an earlier step, try to approve it by the task's id, then a candidate
//    decides. Goal: 0 accepted, and the task list and the approval page offer none of them a step.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, FieldDef } from '../../server/entities/model.ts';
import { ownedFields } from '../../server/entities/owned.ts';
import type { TaskNode } from '../../server/modules/workflow/bpmn.ts';
import { startServer, type Reply, type TestServer } from '../support/server.ts';
import { recordFigures } from './figures.ts';

type Row = Record<string, any>;

let server: TestServer;
let year = '';
const tokens = new Map<number, string>();
const logins = new Map<number, string>();
const dictionaries = new Map<string, string[]>();
let adminId = 0;
let adminDept = 0;
let departments: number[] = [];
let people: number[] = [];

const db = () => server.database.db as unknown as Kysely<any>;
const entities = () => server.services.schemas.forSite('demo').entities;

async function tokenOf(userId: number): Promise<string> {
  let token = tokens.get(userId);
  if (!token) {
    const login = logins.get(userId)!;
    token = await server.login(login, login === 'admin' ? 'Admin@12345' : 'Demo@12345');
    tokens.set(userId, token);
  }
  return token;
}
const call = async (userId: number, path: string, body?: unknown): Promise<Reply<any>> =>
  server.request(path, {
    token: await tokenOf(userId),
    headers: { year },
    lang: 'en-US',
    ...(body !== undefined ? { body } : { method: 'GET' }),
  });

beforeAll(async () => {
  server = await startServer();
  year = String(new Date(server.clock.now()).getFullYear());
  const users = await sql<Row>`select u.id, u.login_name, u.dept_id from sys_user u join sys_dept d on d.id = u.top_dept_id
    where d.top_dept_key = 'demo' and u.status = '0' and u.login_name <> 'newcomer' order by u.id`.execute(db());
  for (const u of users.rows) logins.set(Number(u.id), String(u.login_name));
  people = users.rows.map((u) => Number(u.id));
  const admin = users.rows.find((u) => u.login_name === 'admin')!;
  adminId = Number(admin.id);
  adminDept = Number(admin.dept_id);
  const site = server.services.sites.get('demo')!.id;
  departments = (
    await sql<{ id: number }>`select id from sys_dept where top_dept_id = ${site} and id <> ${site} order by id`.execute(db())
  ).rows.map((r) => Number(r.id));
  const types = new Set<string>();
  for (const e of entities().values()) for (const f of e.fields) if (f.dict) types.add(f.dict);
  const answer = await call(adminId, `/api/core/dictData/getDictByTypes?dictTypes=${[...types].join(',')}`);
  for (const [type, list] of Object.entries((answer.body.data ?? {}) as Record<string, Row[]>))
    dictionaries.set(
      type,
      list.map((d) => String(d.dictValue ?? d.value)),
    );
});
afterAll(async () => server?.close());

const MONEY = '99999.00';

/** A value of the field that is neither what it holds now nor what it starts at: what an attacker sends. */
function hostileValue(f: FieldDef, current: unknown): unknown {
  const differs = (v: unknown) => JSON.stringify(v) !== JSON.stringify(current ?? null) && v !== f.default;
  const first = <T>(options: T[]) => options.find(differs);
  if (f.name === 'approvalStatus') return first(['2', '1', '5']);
  switch (f.type) {
    case 'dict':
      return first([...(dictionaries.get(f.dict ?? '') ?? []), '9', 'Y']);
    case 'ref':
      if (f.ref === 'dept') return first(departments.filter((d) => d !== adminDept));
      if (f.ref === 'user') return first(people.filter((p) => p !== adminId));
      return first([987654, 987655]);
    case 'refs':
      return first([[departments[0]], [departments[1]]]);
    case 'money':
      return first([MONEY, '88888.00']);
    case 'integer':
      return first([99, 98]);
    case 'number':
      return first([99.5, 98.5]);
    case 'string':
    case 'text':
      return first(['HOSTILE-1', 'HOSTILE-2']);
    case 'date':
      return first(['2001-02-03', '2001-02-04']);
    case 'datetime':
      return first(['2001-02-03T04:05:06.000Z', '2001-02-04T04:05:06.000Z']);
    case 'boolean':
      return !current;
    default:
      return undefined; // files and json: nothing to compare a list with
  }
}

/** Where a value in a unique field of a copied row is made new (a code, an invoice, a month). */
function fresh(v: unknown, n: number): unknown {
  if (typeof v !== 'string' || !v) return v;
  if (/^\d{4}-\d{2}$/.test(v)) return `${2040 + (n % 50)}-${String((n % 12) + 1).padStart(2, '0')}`;
  if (/^\d+$/.test(v)) return String((BigInt(v) + BigInt(n * 7919)) % 10n ** BigInt(v.length)).padStart(v.length, '1');
  return `${v.slice(0, 20)}-${n}`;
}

/** A date or time moved on by some days: a copied booking that must not overlap the one it copies. */
function later(f: FieldDef, v: unknown, days: number): unknown {
  if (typeof v !== 'string' || !v) return v;
  const t = Date.parse(f.type === 'date' ? `${v}T00:00:00Z` : v);
  if (!Number.isFinite(t)) return v;
  const moved = new Date(t + days * 86_400_000).toISOString();
  return f.type === 'date' ? moved.slice(0, 10) : moved;
}

let uniqueCounter = 0;
/** A save body made of a stored row: its fields a request may set, a unique value made new. */
function saveBodyOf(e: EntityDef, row: Row): Row {
  const shift = e.noOverlap?.length ? 3 * ++uniqueCounter : 0;
  const writable = (entity: EntityDef, source: Row) => {
    const out: Row = {};
    const owned = new Set(ownedFields(entity, 'save').map((f) => f.name));
    for (const f of entity.fields) {
      if (owned.has(f.name) || f.writeOnly) continue;
      let v = source[f.name];
      if (f.type === 'files') {
        const raw = (source.extend ?? {})[f.name];
        v = typeof raw === 'string' && raw ? JSON.parse(raw) : undefined;
      }
      if (v === null || v === undefined) continue;
      if (f.unique || f.invoice) v = fresh(v, ++uniqueCounter);
      if (shift && (f.type === 'date' || f.type === 'datetime')) v = later(f, v, shift);
      out[f.name] = v;
    }
    return out;
  };
  const body = writable(e, row);
  for (const [member, decl] of Object.entries(e.lines ?? {})) {
    const line = entities().get(decl.entity)!;
    if (Array.isArray(row[member])) body[member] = (row[member] as Row[]).map((l) => writable(line, l));
  }
  return body;
}

interface Tried {
  entity: string;
  field: string;
  mode: 'save' | 'update';
  sent: unknown;
}

/** Puts a hostile value into every owned field of the body (and of its lines); answers what was tried. */
function poison(e: EntityDef, body: Row, current: Row, mode: 'save' | 'update'): Tried[] {
  const tried: Tried[] = [];
  const each = (entity: EntityDef, target: Row, now: Row, prefix: string) => {
    for (const f of ownedFields(entity, mode)) {
      // Figures worked out at every read have nothing stored to compare with; they are sent all the same.
      if (f.aggregate || f.compute) {
        target[f.name] = f.type === 'money' ? MONEY : target[f.name];
        continue;
      }
      const v = hostileValue(f, now[f.name]);
      if (v === undefined) continue;
      target[f.name] = v;
      tried.push({ entity: entity.name, field: `${prefix}${f.name}`, mode, sent: v });
    }
  };
  each(e, body, current, '');
  for (const [member, decl] of Object.entries(e.lines ?? {})) {
    const line = entities().get(decl.entity)!;
    const lines = body[member] as Row[] | undefined;
    const stored = (current[member] as Row[] | undefined) ?? [];
    lines?.forEach((l, i) => each(line, l, stored[i] ?? {}, `${member}[${i}].`));
  }
  return tried;
}

function readBack(row: Row, field: string): unknown {
  const m = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(field);
  return m ? (row[m[1]!] as Row[] | undefined)?.[Number(m[2])]?.[m[3]!] : row[field];
}
const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (a !== null && a !== undefined && String(a) === String(b));

/**
 * A stored row of the entity to copy, as the admin reads it (a row by `preferBy` when there is one);
 * for an entity the demo has no row of, one made up from its fields (./synthesized).
 */
async function templateOf(e: EntityDef, as: number, preferBy?: number): Promise<Row | null> {
  const page = await call(as, `/api${e.api}/page?pageNum=1&pageSize=50`);
  const records = (page.body.data?.records ?? []) as Row[];
  const pick = (preferBy ? records.find((r) => Number(r.createdBy) === preferBy) : undefined) ?? records[0];
  if (!pick) return synthesized(e);
  const one = await call(as, `/api${e.api}/infoById/${pick.id}`);
  return one.body.code === '0' ? (one.body.data as Row) : null;
}

const firstIds = new Map<string, number | null>();
/** A row made up from the entity's fields: what its form would need, the first of each referred entity. */
async function synthesized(e: EntityDef): Promise<Row> {
  const made = async (entity: EntityDef): Promise<Row> => {
    const out: Row = {};
    for (const f of entity.fields) {
      if (f.readOnly || f.standard || f.default !== undefined || !f.required) continue;
      const tomorrow = new Date(server.clock.now() + 86_400_000 * (7 + (++uniqueCounter % 20)));
      switch (f.type) {
        case 'string':
        case 'text':
          out[f.name] = `测试${uniqueCounter}`.slice(0, f.maxLength ?? 50);
          break;
        case 'dict':
          out[f.name] = (dictionaries.get(f.dict ?? '') ?? []).find((v) => !f.pattern || new RegExp(f.pattern).test(v));
          break;
        case 'money':
          out[f.name] = String(Math.max(Number(f.minimum ?? 0), 100).toFixed(2));
          break;
        case 'integer':
        case 'number':
          out[f.name] = Math.max(Number(f.minimum ?? 1), 1);
          break;
        case 'date':
          out[f.name] = tomorrow.toISOString().slice(0, 10);
          break;
        case 'datetime':
          out[f.name] = tomorrow.toISOString();
          break;
        case 'ref': {
          const target = entities().get(f.ref ?? '');
          if (!target) break;
          if (!firstIds.has(target.name)) {
            const r = await call(adminId, `/api${target.api}/page?pageNum=1&pageSize=1`);
            firstIds.set(target.name, Number(r.body.data?.records?.[0]?.id) || null);
          }
          out[f.name] = firstIds.get(target.name) ?? undefined;
          break;
        }
      }
    }
    return out;
  };
  const row = await made(e);
  for (const [member, decl] of Object.entries(e.lines ?? {}))
    if ((decl.minItems ?? 0) > 0) row[member] = [await made(entities().get(decl.entity)!)];
  return row;
}

const savable = () =>
  [...entities().values()].filter(
    (e) => !e.lineOf && !e.readOnly && !e.view && server.services.schemas.baseEntities().some((b) => b.name === e.name),
  );

describe('fields the server owns, for every entity', () => {
  it('stores none of them as sent, on save or on update', async () => {
    const storedAsSent: string[] = [];
    let fieldsTried = 0;
    let savesTaken = 0;
    let updatesTaken = 0;
    let entitiesTried = 0;
    const notTried: string[] = [];
    for (const e of savable()) {
      if (!ownedFields(e, 'update').some((f) => !f.standard)) continue;
      const template = await templateOf(e, adminId);
      if (!template) {
        notTried.push(`${e.name}: no row to copy`);
        continue;
      }
      entitiesTried++;
      const body = saveBodyOf(e, template);
      const tried = poison(e, body, {}, 'save');
      const saved = await call(adminId, `/api${e.api}/save`, body);
      expect(saved.body.code, `${e.name} save: ${saved.body.msg}`).not.toBe('50000');
      if (saved.body.code !== '0') {
        notTried.push(`${e.name}: save refused (${saved.body.msg})`);
        continue;
      }
      savesTaken++;
      const id = Number(saved.body.data.id);
      let row = (await call(adminId, `/api${e.api}/infoById/${id}`)).body.data as Row | null;
      if (!row) {
        notTried.push(`${e.name}: the row saved is not read back by id`);
        continue;
      }
      fieldsTried += tried.length;
      for (const t of tried) if (same(readBack(row, t.field), t.sent)) storedAsSent.push(`${e.name}.${t.field} (save)`);

      const update: Row = structuredClone(row!);
      const triedAgain = poison(e, update, row!, 'update');
      const updated = await call(adminId, `/api${e.api}/update`, update);
      expect(updated.body.code, `${e.name} update: ${updated.body.msg}`).not.toBe('50000');
      if (updated.body.code !== '0') {
        notTried.push(`${e.name}: update refused (${updated.body.msg})`);
        continue;
      }
      updatesTaken++;
      row = (await call(adminId, `/api${e.api}/infoById/${id}`)).body.data as Row;
      fieldsTried += triedAgain.length;
      for (const t of triedAgain) if (same(readBack(row, t.field), t.sent)) storedAsSent.push(`${e.name}.${t.field} (update)`);
    }
    recordFigures('owned', { entities: entitiesTried, fieldsTried, savesTaken, updatesTaken, storedAsSent: storedAsSent.length });
    console.log(
      `owned fields: ${entitiesTried} entities, ${fieldsTried} fields tried (${savesTaken} saves, ${updatesTaken} updates taken), ${storedAsSent.length} stored as sent\n  not tried: ${notTried.join('\n  ')}`,
    );
    expect(storedAsSent).toEqual([]);
    // The campaign means something only if most entities took the hostile save and update.
    expect(savesTaken).toBeGreaterThanOrEqual(Math.floor(entitiesTried * 0.7));
    expect(fieldsTried).toBeGreaterThan(300);
  });
});

describe('segregation of duties, for every process', () => {
  it('lets no applicant decide a step of their own document, and no one two steps of one', async () => {
    const accepted: string[] = [];
    const offered: string[] = [];
    let tried = 0;
    let documents = 0;
    let steps = 0;
    const processes = new Set<string>();
    const notTried: string[] = [];
    const site = server.services.sites.get('demo')!.id;
    const holders = async (roles: string[]) =>
      (
        await sql<{ id: number }>`select distinct ur.user_id as id from sys_user_role ur join sys_role r on r.id = ur.role_id
          join sys_user u on u.id = ur.user_id where u.top_dept_id = ${site} and u.status = '0' and u.login_name <> 'newcomer'
          and (r.role_key in (${sql.join(roles)}) or r.id::text in (${sql.join(roles)})) order by 1`.execute(db())
      ).rows.map((r) => Number(r.id));
    const byLogin = (name: string) => [...logins].find(([, l]) => l === name)![0];

    for (const e of savable().filter((x) => x.process && x.byName.has('approvalStatus'))) {
      const definition = (
        await sql<Row>`select nodes from wf_definition where top_dept_id = ${site} and process_key = ${e.process}
          order by def_version desc limit 1`.execute(db())
      ).rows[0];
      if (!definition) continue;
      const nodes = definition.nodes as Record<string, TaskNode>;
      // Who files: the holders of the roles its steps name (each would be the candidate of their own
      // step), a department head, and staff.
      const applicants = new Set<number>([byLogin('staff'), byLogin('head')]);
      for (const node of Object.values(nodes))
        if (node.candidateType === 'role') for (const id of (await holders(node.candidates)).slice(0, 1)) applicants.add(id);
      for (const applicant of applicants) {
        const template = await templateOf(e, adminId, applicant);
        if (!template) {
          notTried.push(`${e.name}: no row to copy`);
          break;
        }
        const saved = await call(applicant, `/api${e.api}/save`, saveBodyOf(e, template));
        if (saved.body.code !== '0') {
          notTried.push(`${e.name} by ${logins.get(applicant)}: save refused (${saved.body.msg})`);
          continue;
        }
        const id = Number(saved.body.data.id);
        const submitted = await call(applicant, `/api${e.api}/submit?id=${id}&confirmed=1`, {});
        if (submitted.body.code !== '0') {
          notTried.push(`${e.name} by ${logins.get(applicant)}: submit refused (${submitted.body.msg})`);
          continue;
        }
        documents++;
        processes.add(e.process!);
        const deciders = new Set<number>();
        for (let step = 0; step < 10; step++) {
          const open = (
            await sql<Row>`select t.id, t.element_id, t.candidate_ids from wf_task t where t.top_dept_id = ${site}
              and t.entity = ${e.name} and t.business_key = ${id} and t.status = '0' order by t.id`.execute(db())
          ).rows;
          if (!open.length) break;
          const task = open[0]!;
          steps++;
          const node = nodes[String(task.element_id)];
          const excluded = [applicant, ...(node?.allowRepeat ? [] : deciders)];
          for (const who of new Set(excluded)) {
            // Never offered: not in their task list, not actionable on the approval page.
            const list = (await call(who, '/api/workflow/task/page?scope=todo&pageSize=100')).body.data.records as Row[];
            if (list.some((t) => Number(t.id) === Number(task.id)))
              offered.push(`${e.name}#${id} step ${task.element_id} to ${logins.get(who)} (task list)`);
            const page = await call(who, `/api/workflow/instance/business?entity=${e.name}&id=${id}`);
            if (((page.body.data?.tasks ?? []) as Row[]).some((t) => t.canAct))
              offered.push(`${e.name}#${id} step ${task.element_id} to ${logins.get(who)} (approval page)`);
            // And refused when tried by the task's id.
            tried++;
            const decided = await call(who, '/api/workflow/task/approve', { taskId: Number(task.id), comment: 'own' });
            if (decided.body.code === '0') accepted.push(`${e.name}#${id} step ${task.element_id} by ${logins.get(who)}`);
          }
          const candidates = ((task.candidate_ids ?? []) as number[]).map(Number).filter((c) => logins.has(c));
          expect(candidates, `${e.name}#${id} step ${task.element_id} has someone to decide it`).not.toEqual([]);
          const decider = candidates[0]!;
          const done = await call(decider, '/api/workflow/task/approve', { taskId: Number(task.id), comment: '同意' });
          // A candidate is never refused by the duties; a business rule may stop the copy (a card lent meanwhile).
          expect(done.body.msg, `${e.name}#${id} ${task.element_id} by ${logins.get(decider)}`).not.toMatch(
            /segregation of duties/,
          );
          if (done.body.code !== '0') {
            notTried.push(`${e.name} by ${logins.get(applicant)}: stopped at ${task.element_id} (${done.body.msg})`);
            break;
          }
          deciders.add(decider);
          if (excluded.includes(decider))
            accepted.push(`${e.name}#${id} step ${task.element_id} given to ${logins.get(decider)}`);
        }
      }
    }
    recordFigures('duties', {
      processes: processes.size,
      documents,
      steps,
      selfDecisionsTried: tried,
      accepted: accepted.length,
      offered: offered.length,
    });
    console.log(
      `segregation of duties: ${processes.size} processes, ${documents} documents, ${steps} steps, ${tried} decisions by excluded people tried, ${accepted.length} accepted, ${offered.length} offered\n  not tried: ${notTried.join('\n  ')}`,
    );
    expect(accepted).toEqual([]);
    expect(offered).toEqual([]);
    expect(processes.size).toBeGreaterThanOrEqual(10);
    expect(tried).toBeGreaterThan(100);
  });
});
