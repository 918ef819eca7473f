import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createServerDatabase } from './server-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when one answers (see global-setup). */
export const databaseKinds: DatabaseKind[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  url: string | undefined;
}

/** A new, empty, migrated database: in-memory PGlite, or a fresh database on the PostgreSQL server. */
export async function createTestDatabase(kind: DatabaseKind, { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await createDatabase({ kind: 'pglite', dataDir: undefined });
    if (migrate) await migrateToLatest(database.db);
    return { ...database, url: undefined };
  }

  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('No PostgreSQL server for this test');
  const server = await createServerDatabase(adminUrl, 'fundry_test');
  const database = await createDatabase({ kind: 'postgres', url: server.url }, 60);
  if (migrate) await migrateToLatest(database.db);
  return {
    ...database,
    url: server.url,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}
