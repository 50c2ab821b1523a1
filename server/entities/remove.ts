// Removing rows (POST remove): in one transaction, each row locked and read as the caller may see
// it, refused past its editable states or while a `restrict` reference holds it, between the
// entity's beforeRemove and afterRemove hooks; a document's lines go with it.
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError, Code } from '../platform/errors.ts';
import { hooksOf } from './hooks.ts';
import { removeLines } from './lines.ts';
import type { Row } from './rows.ts';
import { afterWrite, assertEditable, hookContextOf, type SaveHost } from './save.ts';
import { forgetReads } from './transaction-memo.ts';

/** Removes the rows of these ids, all or none; answers how many. */
export async function removeRows(host: SaveHost, ids: number[]): Promise<number> {
  if (!ids.length) throw new AppError(Code.invalid, 'entity.noIds');
  const { entity } = host;
  const db = host.s.database.db as unknown as Kysely<any>;
  await db.transaction().execute(async (trx) => {
    const rows: Row[] = [];
    for (const id of ids) rows.push(await host.find(id, trx, true));
    const ctx = hookContextOf(host, trx);
    const wire = rows.map((r) => host.wire(r));
    for (const w of wire) assertEditable(entity, w);
    await assertUnreferred(host, trx, ids);
    await hooksOf(entity.name).beforeRemove?.(ctx, wire);
    forgetReads(trx, entity.table);
    await trx.deleteFrom(entity.table).where('id', 'in', ids).execute();
    if (entity.lines) await removeLines(trx, host.siteEntities, entity, ids);
    await hooksOf(entity.name).afterRemove?.(ctx, wire);
  });
  await afterWrite(host);
  return ids.length;
}

/** Refuses to remove rows that rows of another entity still refer to through a `restrict` field. */
async function assertUnreferred(host: SaveHost, trx: Transaction<any>, ids: number[]) {
  const { entity } = host;
  for (const other of host.siteEntities.values()) {
    for (const f of other.fields) {
      if (!f.restrict || f.ref !== entity.name) continue;
      const used = await sql<{ id: number }>`select t.${sql.ref(f.column)} as id from ${sql.table(other.table)} t
        where t.${sql.ref(f.column)} in (${sql.join(ids)}) limit 1`.execute(trx);
      if (!used.rows.length) continue;
      const row = await host.find(Number(used.rows[0]!.id), trx);
      const named = entity.display ? row[entity.display] : row.id;
      throw new AppError(Code.conflict, 'record.inUse', {
        record: String(named ?? row.id),
        by: host.s.schemas.texts[other.title]?.[host.request.locale] ?? other.name,
      });
    }
  }
}
