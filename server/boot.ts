// Opening the database the way every start does: connect, migrate, seed.
import type { Clock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { seed, type SeedReport } from './seed/index.ts';
import { seedDemoBudgets } from './seed/demo-budget.ts';
import { seedCityDemo } from './seed/demo-city.ts';
import { ensureGeneratedTables } from './entities/table.ts';
import { recordSchemaVersions } from './entities/versions.ts';
import fs from 'node:fs';
import { runSchemasCheck } from './schemas/check.ts';
import { loadBaseFiles, loadOverrides, resolveForSite, SITES_DIR } from './schemas/files.ts';

function siteKeysWithOverrides(): string[] {
  return fs.existsSync(SITES_DIR)
    ? fs
        .readdirSync(SITES_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
}

export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  clock: Clock,
): Promise<{ database: Database; migrated: string[]; seeded: SeedReport }> {
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'embedded', dataDir: config.dataDir },
  );
  try {
    const migrated = await migrate(database.db);
    const files = loadBaseFiles();
    await database.db.transaction().execute(async (trx) => {
      await ensureGeneratedTables(trx, files);
      // A field a site adds to a generated entity gets its column in the shared table (empty for the
      // other sites, whose queries never name it).
      for (const site of siteKeysWithOverrides()) await ensureGeneratedTables(trx, resolveForSite(files, loadOverrides(site)));
      await recordSchemaVersions(trx, files);
      // A site with overrides saves its documents under its own versions: they are kept too, so
      // its approval and print pages render a document with the files it was saved under.
      for (const site of siteKeysWithOverrides()) await recordSchemaVersions(trx, resolveForSite(files, loadOverrides(site)));
    });
    const seeded = await seed(database.db, clock);
    // The demo organisation's budget year goes through the API itself, so only once it exists.
    if (seeded.created.includes('demo')) await seedDemoBudgets(database, clock.now(), config.dataDir);
    if (seeded.created.includes('city')) await seedCityDemo(database, clock.now(), config.dataDir);
    return { database, migrated, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * What is wrong with the schemas, one line each as `file → JSON pointer: message` (empty when
 * nothing): the server refuses to start on any, naming where, rather than serve a screen that breaks.
 */
export function schemaProblems(root?: string): string[] {
  return runSchemasCheck(root).problems.map((p) => `schemas/${p.file} → ${p.pointer || '(whole file)'}: ${p.message}`);
}
