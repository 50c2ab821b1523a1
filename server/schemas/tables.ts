// What the schema files need of the database, at every start and at every reload in development:
// the generated tables and their new columns (a site's added fields included), the versions of
// the files each site sees (a saved document renders with the files it was saved under), and the
// invoice register's rows for invoices stored before it (server/entities/invoices.ts).
import type { Kysely } from 'kysely';
import { ensureGeneratedTables } from '../entities/table.ts';
import { fillInvoiceRegister } from '../entities/invoices.ts';
import { compileEntity, type EntityDef } from '../entities/model.ts';
import { recordSchemaVersions } from '../entities/versions.ts';
import { loadOverrides, overrideSites, resolveForSite } from './files.ts';
import { schemaHealth } from './quarantine.ts';
import { installTrailTriggers, type TrailTable } from '../platform/db/trail.ts';

/** Per database: the entity definitions its tables were last prepared for (issue 35, reload speed). */
const prepared = new WeakMap<object, string>();

export async function prepareSchemaTables(db: Kysely<any>): Promise<void> {
  // The files serving: an area out of service has none, a failing one its last sound version.
  const files = schemaHealth().files;
  const views = overrideSites().map((site) => resolveForSite(files, loadOverrides(site)));
  // A reload where no entity definition changed (a list, form or print saved, or a bad file) has
  // nothing to prepare: no transaction, no catalogue queries.
  const entities = JSON.stringify([files, ...views].map((v) => v.filter((f) => f.kind === 'entity').map((f) => [f.rel, f.json])));
  if (prepared.get(db) === entities) return;
  await db.transaction().execute(async (trx) => {
    await ensureGeneratedTables(trx, files);
    // A field a site adds to a generated entity gets its column in the shared table (empty for the
    // other sites, whose queries never name it).
    for (const view of views) await ensureGeneratedTables(trx, view);
    await recordSchemaVersions(trx, files);
    for (const view of views) await recordSchemaVersions(trx, view);
    // Every table, a new one included, records its writes in the audit trail (issue 36).
    await installTrailTriggers(trx, trailPlan([files, ...views].flat().filter((f) => f.kind === 'entity').map((f) => compileEntity(f.json, null))));
  });
  // Invoices stored before the register (or before their line entity joined it) are entered.
  await fillInvoiceRegister(
    db,
    files.filter((f) => f.kind === 'entity' && (f.json.lineOf || f.json.lines)).map((f) => compileEntity(f.json, null)),
  );
  prepared.set(db, entities);
}

/** Which document a table's rows belong to, for the trail's readers: a line's is its `doc_id`. */
export function trailPlan(entities: EntityDef[]): Map<string, TrailTable> {
  const plan = new Map<string, TrailTable>();
  for (const e of entities) {
    if (!e.table || e.view || plan.has(e.table)) continue;
    const amount = e.byName.get(e.meetingAmount)?.column;
    plan.set(e.table, e.lineOf ? { docColumn: 'doc_id', docEntity: e.lineOf } : { docColumn: 'id', docEntity: e.name, ...(amount ? { amountColumn: amount } : {}) });
  }
  return plan;
}
