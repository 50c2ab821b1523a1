// Trees kept as a parent column (departments, menus, budget indicators by id; districts by code):
// the one check that a new parent exists in the organisation and is neither the row itself nor
// below it. Entities with `tree` get it from server/modules/system/trees.ts; the district's
// code-keyed tree calls it from its own hook.
import { sql, type Kysely } from 'kysely';
import { AppError, Code } from './errors.ts';

export interface TreeShape {
  table: string;
  /** Column a parent value names (id, district_code). */
  key: string;
  /** Column holding the parent's key. */
  parent: string;
  /** Rows belong to one organisation (top_dept_id). */
  site: boolean;
}

/** No parent: the root (0 for trees by id, empty for trees by code). */
export function isRoot(parent: unknown): boolean {
  return parent === undefined || parent === null || parent === '' || parent === 0 || parent === '0';
}

/**
 * Refuses a parent that names no row of the site (tree.parentMissing, naming `label` and the value)
 * or that is the row itself or one of its descendants (tree.cycle). `self` is the row being saved:
 * its id (null for a new row) and its key as it will be stored.
 */
export async function checkParent(
  db: Kysely<any>,
  shape: TreeShape,
  siteId: number,
  self: { id: number | null; key: unknown },
  parent: unknown,
  label: string,
): Promise<void> {
  if (isRoot(parent)) return;
  if (self.key !== undefined && self.key !== null && String(parent) === String(self.key))
    throw new AppError(Code.invalid, 'tree.cycle');
  const site = (alias: string) => (shape.site ? sql`and ${sql.ref(`${alias}.top_dept_id`)} = ${siteId}` : sql``);
  // Up from the parent: the row itself on the way means the parent is below it. `union` stops on a
  // loop the data may already have.
  const up = await sql<{ id: number }>`with recursive up(id, k, p) as (
      select t.id, ${sql.ref(`t.${shape.key}`)}, ${sql.ref(`t.${shape.parent}`)} from ${sql.table(shape.table)} t
        where ${sql.ref(`t.${shape.key}`)} = ${parent} ${site('t')}
      union
      select c.id, ${sql.ref(`c.${shape.key}`)}, ${sql.ref(`c.${shape.parent}`)} from ${sql.table(shape.table)} c
        join up on ${sql.ref(`c.${shape.key}`)} = up.p ${site('c')}
    ) select id from up limit 10000`.execute(db);
  if (!up.rows.length)
    throw new AppError(Code.invalid, 'tree.parentMissing', { field: label, value: String(parent).slice(0, 40) });
  if (self.id !== null && up.rows.some((r) => Number(r.id) === self.id)) throw new AppError(Code.invalid, 'tree.cycle');
}
