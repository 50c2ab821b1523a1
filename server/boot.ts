// Opening the database the way every start does: connect, migrate, seed.
import type { Clock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { seed, type SeedReport } from './seed/index.ts';
import { seedDemoBudgets } from './seed/demo-budget.ts';
import { seedCityDemo } from './seed/demo-city.ts';
import { prepareSchemaTables } from './schemas/tables.ts';

export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<ServerConfig, 'poolSize'>>,
  clock: Clock,
): Promise<{ database: Database; migrated: string[]; seeded: SeedReport }> {
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.poolSize } : { kind: 'embedded', dataDir: config.dataDir },
  );
  try {
    const migrated = await migrate(database.db);
    await prepareSchemaTables(database.db);
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

// The start's refusal and a development reload name problems alike (server/schemas/check.ts).
export { schemaProblems } from './schemas/check.ts';
