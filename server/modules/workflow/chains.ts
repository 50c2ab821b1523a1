// Approval chains (issue 33, DOMAIN.md "Default approval chain", docs/decisions.md "Approval
// chains"): what a process reads of the site and the applicant beside the document — the settings
// it names (`setting('approval.headThreshold')`, `setting:<key>` list entries), the applicant's
// roles and those of their department — and what a step says and does when it opens: why it is
// there (`nk:reason`), and who is told of it without deciding it (`nk:copyTo`, 抄送).
//
// The settings are read when the document is submitted and kept with the instance's variables: the
// chain a document goes through is the one its site's rules gave when it was submitted, so a
// change on the approval-rules screen reaches the next document, never one half-way through.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { t } from '../../platform/messages.ts';
import { format, LOCALES, type Locale } from '../../../validators/locale.ts';
import { run, SETTINGS_SCOPE } from '../../../validators/expression/evaluate.ts';
import { expandSettings, readModel, type TaskNode } from './bpmn.ts';
import { holdersOf } from './duties.ts';
import { sendSystemNotice } from '../notice/send.ts';

type Db = Transaction<any> | Kysely<any>;
type Row = Record<string, any>;
type Texts = Record<string, Record<string, string>>;

/** A step's reason as stored with its task: a text key and the values it names, worked out when it opened. */
export interface StoredReason {
  key: string;
  values: Record<string, string | number>;
}

const named = new Map<string, Promise<string[]>>();

/** The settings a deployed process reads, by name (from its XML, which a definition never changes). */
export function settingsOfProcess(xml: string): Promise<string[]> {
  let found = named.get(xml);
  if (!found) {
    found = readModel(xml).then((r) => r.model?.settings ?? []);
    if (named.size > 200) named.clear();
    named.set(xml, found);
  }
  return found;
}

/** The instance's variables as stored (jsonb, or its text on an older driver). */
export function variablesOf(instance: Row): Record<string, unknown> {
  const v = instance.variables;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return (v ?? {}) as Record<string, unknown>;
}

/** The settings an instance was submitted under (what its conditions, candidates and copies read). */
export function settingsOf(instance: Row): Record<string, string> {
  const s = variablesOf(instance)[SETTINGS_SCOPE];
  return s && typeof s === 'object' ? (s as Record<string, string>) : {};
}

/**
 * What a process may test beside the document's fields: the applicant's role keys
 * (`starterRoles`), the role keys held by anyone of the applicant's department (`starterDeptRoles`:
 * a document that comes from the owning department itself skips its review), and the settings the
 * process names, as the site holds them now (`setting('…')`).
 */
export async function chainVariables(
  db: Db,
  siteId: number,
  starter: { userId: number; deptId: number | null },
  xml: string,
): Promise<Record<string, unknown>> {
  const people = await sql<{ id: number; role_key: string }>`select u.id, r.role_key from sys_user u
      join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
      where u.top_dept_id = ${siteId} and u.status = '0' and r.status = '0'
        and (u.id = ${starter.userId} ${starter.deptId ? sql`or u.dept_id = ${starter.deptId}` : sql``})`.execute(db);
  const starterRoles = [...new Set(people.rows.filter((r) => Number(r.id) === starter.userId).map((r) => r.role_key))].sort();
  const starterDeptRoles = [...new Set(people.rows.map((r) => r.role_key))].sort();
  const names = await settingsOfProcess(xml);
  const rows = names.length
    ? await db
        .selectFrom('sys_config')
        .select(['config_key', 'config_value'])
        .where('top_dept_id', '=', siteId)
        .where('config_key', 'in', names)
        .execute()
    : [];
  const settings: Record<string, string> = {};
  for (const r of rows) settings[String(r.config_key)] = String(r.config_value ?? '').trim();
  return { starterRoles, starterDeptRoles, [SETTINGS_SCOPE]: settings };
}

/** The step's reason with its values worked out on the instance's variables, or null. */
export function reasonOf(node: TaskNode | undefined, variables: Record<string, unknown>): StoredReason | null {
  if (!node?.reason) return null;
  const values: Record<string, string | number> = {};
  for (const [name, expression] of Object.entries(node.reason.values)) {
    let v: unknown;
    try {
      v = run(expression, variables);
    } catch {
      v = '';
    }
    values[name] = typeof v === 'number' && Number.isFinite(v) ? v : v === null || v === undefined ? '' : String(v);
  }
  return { key: node.reason.key, values };
}

/** A stored reason in its reader's language (the schemas' texts; the key itself when a site dropped the text). */
export function reasonText(texts: Texts, stored: unknown, locale: Locale): string | null {
  let reason = stored as StoredReason | string | null | undefined;
  if (typeof reason === 'string') {
    try {
      reason = JSON.parse(reason) as StoredReason;
    } catch {
      return null;
    }
  }
  if (!reason || typeof reason !== 'object' || typeof reason.key !== 'string') return null;
  const words = texts[reason.key]?.[locale] ?? texts[reason.key]?.['zh-CN'];
  return words ? format(words, reason.values ?? {}, locale) : reason.key;
}

/** Whom a step copies: role holders, named users of the site, the settings' lists; never the applicant. */
export async function copyRecipients(db: Db, node: TaskNode, instance: Row): Promise<number[]> {
  const siteId = Number(instance.top_dept_id);
  const entries = expandSettings(node.copyTo ?? [], settingsOf(instance));
  const roles = entries.filter((e) => !e.startsWith('user:')).map((e) => e.replace(/^role:/, ''));
  const wanted = entries
    .filter((e) => e.startsWith('user:'))
    .map((e) => Number(e.slice(5)))
    .filter((n) => Number.isSafeInteger(n));
  const users = wanted.length
    ? (
        await db
          .selectFrom('sys_user')
          .select('id')
          .where('top_dept_id', '=', siteId)
          .where('status', '=', '0')
          .where('id', 'in', wanted)
          .execute()
      ).map((r) => Number(r.id))
    : [];
  const ids = new Set([...(await holdersOf(db, siteId, roles)), ...users]);
  ids.delete(Number(instance.starter_id));
  return [...ids].sort((a, b) => a - b);
}

/**
 * A step that copies (抄送) opened: each recipient gets a row of their "copied to me" list
 * (wf_copy: they may read the document, never decide it) and a notice in their own language.
 */
export async function copyStep(
  s: Services,
  trx: Transaction<any>,
  site: { key: string },
  instance: Row,
  node: TaskNode,
  elementId: string,
  at: Date,
  titleIn: (locale: Locale) => string,
): Promise<number[]> {
  const people = await copyRecipients(trx, node, instance);
  if (!people.length) return [];
  const already = await trx
    .selectFrom('wf_copy')
    .select('user_id')
    .where('instance_id', '=', instance.id)
    .where('element_id', '=', elementId)
    .execute();
  const had = new Set(already.map((r) => Number(r.user_id)));
  const fresh = people.filter((id) => !had.has(id));
  if (!fresh.length) return [];
  await trx
    .insertInto('wf_copy')
    .values(
      fresh.map((user) => ({
        top_dept_id: instance.top_dept_id,
        instance_id: instance.id,
        process_key: instance.process_key,
        element_id: elementId,
        name: node.name.slice(0, 100),
        user_id: user,
        entity: instance.entity,
        business_key: instance.business_key,
        title: String(instance.title ?? '').slice(0, 200),
        starter_id: instance.starter_id,
        read_flag: '0',
        created_at: at,
      })),
    )
    .execute();
  const starter = await trx.selectFrom('sys_user').select('real_name').where('id', '=', instance.starter_id).executeTakeFirst();
  const texts = s.schemas.forSite(site.key).texts;
  const stepIn = (locale: Locale) => {
    const names = texts[`process.${String(instance.process_key)}.${elementId}`];
    return names && LOCALES.some((l) => names[l] === node.name) ? (names[locale] ?? node.name) : node.name;
  };
  await sendSystemNotice(trx, Number(instance.top_dept_id), fresh, {
    at,
    text: (locale) => ({
      title: t('workflow.copyNoticeTitle', locale, { title: titleIn(locale) }),
      content: t('workflow.copyNoticeContent', locale, {
        step: stepIn(locale),
        title: titleIn(locale),
        applicant: String(starter?.real_name ?? ''),
      }),
    }),
  });
  return fresh;
}
