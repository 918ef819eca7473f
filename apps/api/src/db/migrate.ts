import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from './migrations';
import type { DB } from './schema';

/** Any fixed number, the same in every instance: the key of the lock that serialises migrations. */
const MIGRATION_LOCK = 7_310_041;

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Instances starting together on a new database would race to create the extension and Kysely's own
  // tables (a duplicate key in PostgreSQL's catalog); under a session lock the second finds the work done.
  // One connection carries the lock and the migrations, so a pool of one (PGlite, the CLI) is enough.
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      // Extensions need no migration bookkeeping; all are part of PGlite's and PostgreSQL's contrib.
      await sql`create extension if not exists pg_trgm`.execute(connection);
      await sql`create extension if not exists btree_gin`.execute(connection);
      // Migrations written side by side may land out of order (0012 before 0011): each is independent, so a
      // database that already ran a later one still takes an earlier one that arrives afterwards.
      const migrator = new Migrator({
        db: connection,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
