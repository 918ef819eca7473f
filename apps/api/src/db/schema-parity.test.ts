import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/databases';
import type { Database } from './database';

async function describeSchema({ db }: Database) {
  const columns = await sql<Record<string, unknown>>`
    select table_name, column_name, ordinal_position, data_type, is_nullable, column_default, is_identity
    from information_schema.columns where table_schema = 'public'
    order by table_name, ordinal_position`.execute(db);
  const indexes = await sql<Record<string, unknown>>`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
    order by tablename, indexname`.execute(db);
  const constraints = await sql<Record<string, unknown>>`
    select c.conrelid::regclass::text as table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = 'public' and c.contype <> 'n' -- PostgreSQL 18 also lists NOT NULL here; is_nullable covers it
    order by 1, 2`.execute(db);
  const migrations = await sql<Record<string, unknown>>`
    select name from kysely_migration order by name`.execute(db);
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    migrations: migrations.rows,
  };
}

describe('schema parity', () => {
  it.skipIf(!databaseKinds.includes('postgres'))(
    'migrations give the same schema on PGlite and on the PostgreSQL server',
    async () => {
      const [embedded, server] = await Promise.all([
        createTestDatabase('pglite'),
        createTestDatabase('postgres'),
      ]);
      try {
        const [a, b] = await Promise.all([describeSchema(embedded), describeSchema(server)]);
        expect(a.columns.length).toBeGreaterThan(0);
        expect(a).toEqual(b);
      } finally {
        await Promise.all([embedded.close(), server.close()]);
      }
    },
  );
});
