// The audit trail's triggers (issue 36, migration 0032): every table of the installation gets the
// three statement triggers that record its inserts, updates and deletes — a table added tomorrow
// (a migration's, or an entity's generated table) gets them at the next start or reload, so no
// write escapes the trail by being new. What a table's rows mean to a reader (which document they
// belong to, its amount) comes from the entity files as a plan; a table outside the plan is still
// recorded, as itself.
import { sql, type Kysely } from 'kysely';

/** How a table's rows map to documents: the column naming the document and the document's entity. */
export interface TrailTable {
  docColumn: string;
  docEntity: string;
  amountColumn?: string;
}

/**
 * Tables whose writes are not business or setting changes: the trail itself, request and job
 * bookkeeping, counters, caches, one-time codes, a reader's read flags and screen preferences.
 */
export const UNTRAILED = new Set([
  'sys_audit',
  'sys_audit_archive',
  'sys_audit_head',
  'kysely_migration',
  'kysely_migration_lock',
  'sys_oper_log',
  'sys_captcha',
  'sys_rate_window',
  'sys_login_attempt',
  'sys_job_claim',
  'sys_job_log',
  'sys_reminder_sent',
  'sys_sequence',
  'sys_schema_version',
  'sys_notice_user_rel',
  'sys_user_setting',
]);

/** Platform tables a reader finds under a document: a person's sessions under the user. */
const PLATFORM_PLAN: Record<string, TrailTable> = {
  sys_session: { docColumn: 'user_id', docEntity: 'user' },
};

/**
 * Columns whose change alone is not recorded: a session's last-seen time moves on every request, but
 * its opening (signing in) and its revocation (signing out, a password change) are recorded.
 */
export const QUIET: Record<string, string[]> = {
  sys_session: ['last_seen_at'],
};

/** A column whose value the trail never holds (recorded as changed, value masked). */
export const SECRET_COLUMN = /pass(word)?|pwd|secret|token|salt|hash|private_key|access_key|otp/i;

const OPS = [
  { name: 'nk_audit_i', event: 'insert', referencing: 'new table as new_rows' },
  { name: 'nk_audit_u', event: 'update', referencing: 'old table as old_rows new table as new_rows' },
  { name: 'nk_audit_d', event: 'delete', referencing: 'old table as old_rows' },
] as const;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Creates or replaces the triggers of every table whose arguments differ from what the plan says
 * (nothing when they match: a start with no new table issues no DDL).
 */
export async function installTrailTriggers(db: Kysely<any>, plan: Map<string, TrailTable>): Promise<number> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select cl.relname as table_name, a.attname as column_name
      from pg_index i
      join pg_class cl on cl.oid = i.indrelid
      join pg_namespace ns on ns.oid = cl.relnamespace
      join pg_attribute a on a.attrelid = cl.oid and a.attnum = any(i.indkey)
     where i.indisprimary and ns.nspname = current_schema()
     order by cl.relname, array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const existing = await sql<{ table_name: string; tgname: string; args: Uint8Array | string }>`
    select c.relname as table_name, t.tgname, t.tgargs as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and t.tgname like 'nk_audit_%'`.execute(db);

  const tables = new Map<string, string[]>();
  for (const r of columns.rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
  const keyOf = new Map<string, string[]>();
  for (const r of keys.rows) keyOf.set(r.table_name, [...(keyOf.get(r.table_name) ?? []), r.column_name]);
  const have = new Map(existing.rows.map((r) => [`${r.table_name}.${r.tgname}`, argsText(r.args)]));

  let changed = 0;
  for (const [table, cols] of tables) {
    if (UNTRAILED.has(table)) continue;
    const meaning = plan.get(table) ?? PLATFORM_PLAN[table];
    const docColumn = meaning?.docColumn ?? (cols.includes('id') ? 'id' : '');
    const args = [
      docColumn,
      meaning?.docEntity ?? table,
      cols.filter((c) => SECRET_COLUMN.test(c)).join(','),
      meaning?.amountColumn && cols.includes(meaning.amountColumn) ? meaning.amountColumn : '',
      (keyOf.get(table) ?? (cols.includes('id') ? ['id'] : cols)).join(','),
      (QUIET[table] ?? []).filter((c) => cols.includes(c)).join(','),
    ];
    for (const op of OPS) {
      if (have.get(`${table}.${op.name}`) === args.join('\u0000')) continue;
      await sql
        .raw(
          `create or replace trigger ${op.name} after ${op.event} on ${ident(table)} referencing ${op.referencing} ` +
            `for each statement execute function nk_audit(${args.map(literal).join(', ')})`,
        )
        .execute(db);
      changed++;
    }
  }
  return changed;
}

function argsText(args: Uint8Array | string): string {
  const text = typeof args === 'string' ? args : Buffer.from(args).toString('utf8');
  // Stored NUL-terminated, one after another.
  return text.replace(/\u0000$/, '');
}
