import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from './migrations';
import type { DB } from './schema';

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Extensions need no migration bookkeeping; both are part of PGlite's and PostgreSQL's contrib.
  await sql`create extension if not exists pg_trgm`.execute(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
