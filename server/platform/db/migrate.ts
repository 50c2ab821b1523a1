// Versioned migrations: the .sql files of ./migrations in name order, applied by Kysely's Migrator
// at every start. All pending files run in one transaction under an advisory lock, so several
// app nodes starting at once apply each file exactly once; applied files are never run again.
// Migrations only add: a change of shape is a new file, never an edited or dropped one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { splitStatements } from './split-statements.ts';

export { splitStatements };

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

class SqlFileProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const statements = splitStatements(fs.readFileSync(path.join(dir, file), 'utf8'));
      migrations[file.replace(/\.sql$/, '')] = {
        async up(db: Kysely<unknown>) {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return migrations;
  }
}

export async function migrate(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
