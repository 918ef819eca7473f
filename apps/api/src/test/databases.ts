import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';

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
  const name = `fundry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString() }, 60);
  if (migrate) await migrateToLatest(database.db);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
