// Which documents list a file (spec section 3 "Uploaded file": a document keeps its file list as a
// JSON string under extend.<field>). A file a document still lists is not removed — as Frappe
// refuses to delete a File attached to a document — or the document's upload list would point at
// nothing.
import { sql, type Transaction } from 'kysely';
import type { EntityDef } from '../../entities/model.ts';
import { keyOf } from '../../platform/file-urls.ts';

export interface FileUse {
  /** The storage key that is listed. */
  key: string;
  entity: EntityDef;
  id: number;
  /** The document's display value, when it has one. */
  label: string | null;
}

/** The storage keys a stored file list names (a JSON string, or the list itself). */
export function keysOfList(stored: unknown): Set<string> {
  let list = stored;
  if (typeof stored === 'string') {
    try {
      list = JSON.parse(stored);
    } catch {
      return new Set();
    }
  }
  const keys = new Set<string>();
  if (Array.isArray(list))
    for (const item of list) {
      const url = (item as { url?: unknown } | null)?.url;
      const key = typeof url === 'string' ? keyOf(url) : null;
      if (key) keys.add(key);
    }
  return keys;
}

/**
 * The first document of the site that lists one of these keys, or null. Entities that are views of
 * another's rows (read-only ones, such as a notice's copies for its readers) are asked last, so the
 * answer names the document a user edits.
 */
export async function firstUse(
  trx: Transaction<any>,
  entities: Iterable<EntityDef>,
  siteId: number,
  keys: string[],
): Promise<FileUse | null> {
  if (!keys.length) return null;
  const holders = [...entities]
    .filter((e) => e.has.extend && e.fields.some((f) => f.type === 'files'))
    .sort((a, b) => Number(a.readOnly) - Number(b.readOnly));
  const asked = new Set<string>();
  for (const entity of holders) {
    const display = entity.display ? entity.byName.get(entity.display) : undefined;
    const labelColumn =
      display && !display.through && !display.inExtend && display.type !== 'files' && display.type !== 'refs'
        ? display.column
        : null;
    for (const f of entity.fields.filter((x) => x.type === 'files')) {
      if (asked.has(`${entity.table}.${f.name}`)) continue;
      asked.add(`${entity.table}.${f.name}`);
      const list = sql`t.extend ->> ${f.name}`;
      // A cheap text search narrows the rows; the list is then read to match whole keys only.
      const named = sql.join(
        keys.map((k) => sql`strpos(${list}, ${k}) > 0`),
        sql` or `,
      );
      const found = await sql<{ id: number; label: unknown; files: string | null }>`
        select t.id, ${labelColumn ? sql.ref(`t.${labelColumn}`) : sql`null`} as label, ${list} as files
        from ${sql.table(entity.table)} t
        where (${named}) ${entity.site ? sql`and t.top_dept_id = ${siteId}` : sql``}
        order by t.id
        limit 50`.execute(trx);
      for (const row of found.rows) {
        const listed = keysOfList(row.files);
        const key = keys.find((k) => listed.has(k));
        if (key)
          return {
            key,
            entity,
            id: Number(row.id),
            label: row.label === null || row.label === undefined || row.label === '' ? null : String(row.label),
          };
      }
    }
  }
  return null;
}
