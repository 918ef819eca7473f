import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/databases';
import { createDatabase } from './database';

describe.skipIf(!databaseKinds.includes('postgres'))('the PostgreSQL pool', () => {
  it('prepares each parameterised query once per connection, and still runs several statements at once', async () => {
    const target = await createTestDatabase('postgres', { migrate: false });
    const database = await createDatabase({ kind: 'postgres', url: target.url! }, 1);
    try {
      for (const id of [1, 2, 3]) {
        const { rows } = await sql<{ id: number }>`select ${id}::int as id`.execute(database.db);
        expect(rows).toEqual([{ id }]);
      }
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like 'select $1::int%'`.execute(
        database.db,
      );
      expect(prepared.rows).toHaveLength(1);

      const several = await database.pool.query('select 1 as one; select 2 as two');
      expect((several as unknown as { rows: unknown[] }[]).map((result) => result.rows)).toEqual([
        [{ one: 1 }],
        [{ two: 2 }],
      ]);
    } finally {
      await database.close();
      await target.close();
    }
  });

  it('runs searches on a pool of its own that keeps one generic plan per statement, and the rest as PostgreSQL chooses', async () => {
    const target = await createTestDatabase('postgres', { migrate: false });
    const database = await createDatabase({ kind: 'postgres', url: target.url! }, 4);
    try {
      const planning = sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`;
      expect((await planning.execute(database.searchDb)).rows).toEqual([{ mode: 'force_generic_plan' }]);
      expect((await planning.execute(database.db)).rows).toEqual([{ mode: 'auto' }]);
    } finally {
      await database.close();
      await target.close();
    }
  });
});
