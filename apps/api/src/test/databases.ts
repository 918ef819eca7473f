import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { createServerDatabase } from './server-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when one answers (see global-setup). */
export const databaseKinds: DatabaseKind[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  url: string | undefined;
}

let pgliteImage: Promise<Blob> | undefined;
/** The migrated PGlite image of global-setup, read once per worker. */
const migratedPglite = () =>
  (pgliteImage ??= readFile(inject('pgliteImagePath')).then((bytes) => new Blob([bytes])));

/**
 * A new database with no data: in-memory PGlite, or a fresh database on the PostgreSQL server. Migrated, it starts
 * from global-setup's migrated image or template; with `migrate: false` it is empty.
 */
export async function createTestDatabase(kind: DatabaseKind, { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const image = migrate ? await migratedPglite() : undefined;
    const database = await createDatabase({ kind: 'pglite', dataDir: undefined }, undefined, image);
    return { ...database, url: undefined };
  }

  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('No PostgreSQL server for this test');
  const template = migrate ? inject('postgresTemplate') : null;
  const server = await createServerDatabase(adminUrl, 'fundry_test', template ?? undefined);
  const database = await createDatabase({ kind: 'postgres', url: server.url }, 60);
  return {
    ...database,
    url: server.url,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}
