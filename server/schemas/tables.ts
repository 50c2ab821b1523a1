// What the schema files need of the database, at every start and at every reload in development:
// the generated tables and their new columns (a site's added fields included), and the versions of
// the files each site sees (a saved document renders with the files it was saved under).
import type { Kysely } from 'kysely';
import { ensureGeneratedTables } from '../entities/table.ts';
import { recordSchemaVersions } from '../entities/versions.ts';
import { loadBaseFiles, loadOverrides, overrideSites, resolveForSite } from './files.ts';

export async function prepareSchemaTables(db: Kysely<any>): Promise<void> {
  const files = loadBaseFiles();
  const views = overrideSites().map((site) => resolveForSite(files, loadOverrides(site)));
  await db.transaction().execute(async (trx) => {
    await ensureGeneratedTables(trx, files);
    // A field a site adds to a generated entity gets its column in the shared table (empty for the
    // other sites, whose queries never name it).
    for (const view of views) await ensureGeneratedTables(trx, view);
    await recordSchemaVersions(trx, files);
    for (const view of views) await recordSchemaVersions(trx, view);
  });
}
