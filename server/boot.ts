// Opening the database the way every start does: connect, migrate, seed.
import type { Clock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { seed, type SeedReport } from './seed/index.ts';
import { ensureGeneratedTables } from './entities/table.ts';
import { recordSchemaVersions } from './entities/versions.ts';
import { loadBaseFiles } from './schemas/files.ts';

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
      await recordSchemaVersions(trx, files);
    });
    const seeded = await seed(database.db, clock);
    return { database, migrated, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}
