// Inventory counts (资产盘点, DOMAIN.md "Assets"): the rules their schema cannot say.
//
// - Scanning a card's label (POST /api/asset/inventory/scan { code, inventoryId? }, key
//   asset:inventory:edit) counts it in the open count that lists it (or in the one named): its line
//   becomes 相符 with who and when. A card no open count lists is a surplus (盘盈) of the one count open
//   (or named), added as a line; with none, or several and none named, the scan is refused naming why.
//   A code that is no card of the site is refused too.
// - A count goes for approval only once finished (every line counted); approved, its losses become a
//   disposal the keeper submits (the entity's copyTo effect).
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { ok } from '../../platform/answer.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller } from '../../platform/gate.ts';

const COUNTING = '1';
const FINISHED = '2';
const MATCH = '1';
const SURPLUS = '2';

defineHooks('assetInventory', {
  beforeSubmit(_ctx, row) {
    if (String(row.inventoryState) !== FINISHED)
      throw new AppError(Code.conflict, 'asset.finishFirst', { doc: String(row.inventoryNo) });
  },
});

export function inventoryRoutes(app: FastifyInstance, s: Services) {
  app.post(
    '/asset/inventory/scan',
    { config: { permission: 'asset:inventory:edit', log: { module: 'assetInventory', action: 'other' } } },
    async (request) => {
      const { site, principal } = caller(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      // The label holds the scan link (…/asset/cardDetail?code=ZC-…) or the bare number.
      const raw = typeof body.code === 'string' ? body.code.trim().slice(0, 300) : '';
      const linked = /[?&]code=([^&#]+)/.exec(raw)?.[1];
      let code = raw;
      try {
        code = linked ? decodeURIComponent(linked) : raw;
      } catch {
        // A broken escape (%E4%B) is no card's number: looked up as it was sent, and not found.
      }
      code = code.slice(0, 30);
      if (!code) throw new AppError(Code.invalid, 'asset.scanUnknown', { code: '' });
      const card = s.schemas.entity(site.key, 'assetCard');
      const inventory = s.schemas.entity(site.key, 'assetInventory');
      const line = s.schemas.entity(site.key, 'assetInventoryLine');
      const col = (e: typeof card, f: string) => sql.ref(e.byName.get(f)!.column);
      return (s.database.db as unknown as Kysely<any>).transaction().execute(async (trx) => {
        const found = (
          await sql<{ id: number; name: string; spec: string | null; dept: number | null; location: string | null }>`select id,
              ${col(card, 'assetName')} as name, ${col(card, 'spec')} as spec, ${col(card, 'deptId')} as dept,
              ${col(card, 'location')} as location
            from ${sql.table(card.table)} where top_dept_id = ${site.id} and ${col(card, 'assetNo')} = ${code}`.execute(trx)
        ).rows[0];
        if (!found) throw new AppError(Code.notFound, 'asset.scanUnknown', { code });
        // One count named (a count's own page), else every count in progress on the site.
        const only =
          Number.isSafeInteger(Number(body.inventoryId)) && Number(body.inventoryId) > 0 ? Number(body.inventoryId) : null;
        const open = (
          await sql<{
            id: number;
            no: string;
          }>`select id, ${col(inventory, 'inventoryNo')} as no from ${sql.table(inventory.table)}
            where top_dept_id = ${site.id} and ${col(inventory, 'inventoryState')} = ${COUNTING}
            ${only ? sql`and id = ${only}` : sql``} order by id for update`.execute(trx)
        ).rows;
        const listed = (
          await sql<{ id: number; doc: number }>`select l.id, l.doc_id as doc from ${sql.table(line.table)} l
            where l.doc_id in (${sql.join([0, ...open.map((o) => o.id)])}) and l.${col(line, 'assetId')} = ${found.id}
            order by l.id limit 1 for update`.execute(trx)
        ).rows[0];
        const now = new Date(s.clock.now());
        if (listed) {
          await sql`update ${sql.table(line.table)} set ${col(line, 'result')} = ${MATCH}, ${col(line, 'countedAt')} = ${now},
            ${col(line, 'countedBy')} = ${principal.userId} where id = ${listed.id}`.execute(trx);
          const no = open.find((o) => o.id === Number(listed.doc))!.no;
          return ok(request, { inventoryId: Number(listed.doc), assetId: found.id, result: MATCH }, 'asset.scanMatched', {
            code,
            doc: no,
          });
        }
        if (open.length !== 1) throw new AppError(Code.conflict, open.length ? 'asset.scanWhich' : 'asset.noInventory', { code });
        const next = await sql<{ n: number }>`select coalesce(max(line_no), 0) + 1 as n from ${sql.table(line.table)}
          where doc_id = ${open[0]!.id}`.execute(trx);
        await trx
          .insertInto(line.table)
          .values({
            doc_id: open[0]!.id,
            line_no: Number(next.rows[0]!.n),
            ...(line.site ? { top_dept_id: site.id } : {}),
            [line.byName.get('assetId')!.column]: found.id,
            [line.byName.get('assetName')!.column]: found.name,
            [line.byName.get('spec')!.column]: found.spec,
            [line.byName.get('expectedDeptId')!.column]: found.dept,
            [line.byName.get('expectedLocation')!.column]: found.location,
            [line.byName.get('result')!.column]: SURPLUS,
            [line.byName.get('countedAt')!.column]: now,
            [line.byName.get('countedBy')!.column]: principal.userId,
          })
          .execute();
        return ok(request, { inventoryId: open[0]!.id, assetId: found.id, result: SURPLUS }, 'asset.scanSurplus', {
          code,
          doc: open[0]!.no,
        });
      });
    },
  );
}
