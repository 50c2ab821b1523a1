// Keeping every version of an entity's files a saved row may name: approval and print views of a
// document render it with the files it was saved under, not whatever the files say today.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Json } from '../../validators/merge-patch.ts';
import type { SchemaFile } from '../schemas/files.ts';
import { compileEntity } from './model.ts';

export interface VersionedFiles {
  entity: Record<string, Json>;
  form: Record<string, Json> | null;
  print: Record<string, Json> | null;
}

/** The version a row saved now records: a hash of its entity, form and print files together. */
export function versionOf(files: VersionedFiles): string {
  return crypto
    .createHash('sha1')
    .update(JSON.stringify([files.entity, files.form, files.print]))
    .digest('hex')
    .slice(0, 12);
}

/** The entity, form and print files of an entity, from a set of files (a site's view, or the base). */
export function filesOf(files: SchemaFile[], entity: { name: string; print?: string }): VersionedFiles {
  const byName = (kind: string, name: string) => files.find((f) => f.kind === kind && f.name === name)?.json ?? null;
  return {
    entity: byName('entity', entity.name)!,
    form: byName('form', entity.name),
    print: byName('print', entity.print ?? entity.name),
  };
}

/** Records the current version of every entity (base files); known versions are left as they are. */
export async function recordSchemaVersions(db: Kysely<any>, files: SchemaFile[]): Promise<void> {
  for (const file of files.filter((f) => f.kind === 'entity')) {
    const entity = compileEntity(file.json, null);
    const versioned = filesOf(files, entity);
    // The same version has the same content; writing it again restores the key order a jsonb
    // column had lost before migration 0007.
    await sql`insert into sys_schema_version (entity, version, files) values (${entity.name}, ${versionOf(versioned)}, ${JSON.stringify(versioned)}::json)
      on conflict (entity, version) do update set files = excluded.files`.execute(db);
  }
}

export async function loadSchemaVersion(db: Kysely<any>, entity: string, version: string): Promise<VersionedFiles | null> {
  const row = await sql<{
    files: VersionedFiles;
  }>`select files from sys_schema_version where entity = ${entity} and version = ${version}`.execute(db);
  return row.rows[0]?.files ?? null;
}
