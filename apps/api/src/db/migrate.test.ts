import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/databases';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe('migrateToLatest', () => {
  it.skipIf(!databaseKinds.includes('postgres'))(
    'lets instances starting together on a new database migrate it once, none failing',
    async () => {
      const target = await createTestDatabase('postgres', { migrate: false });
      // Three processes' pools of one, as three instances (or CLI runs) would have.
      const instances = await Promise.all(
        [1, 2, 3].map(() => createDatabase({ kind: 'postgres', url: target.url! }, 1)),
      );
      try {
        const applied = await Promise.all(instances.map(({ db }) => migrateToLatest(db)));
        const counts = applied.map((names) => names.length).sort();
        expect(counts).toEqual([0, 0, Object.keys(migrations).length]);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await target.close();
      }
    },
  );

  it('applies nothing to a database already up to date, on a pool of one', async () => {
    const database = await createTestDatabase('pglite');
    try {
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.each(databaseKinds)(
    'keeps the full-text indexes of projects to small pending lists, which every search reads through (%s)',
    async (kind) => {
      const database = await createTestDatabase(kind);
      try {
        const { rows } = await sql<{ name: string; options: string[] | null }>`
          select relname as name, reloptions as options from pg_class
          where relname in ('projects_search_idx', 'projects_search_in_category_idx') order by relname`.execute(
          database.db,
        );
        expect(rows).toEqual([
          { name: 'projects_search_idx', options: ['gin_pending_list_limit=256'] },
          { name: 'projects_search_in_category_idx', options: ['gin_pending_list_limit=256'] },
        ]);
      } finally {
        await database.close();
      }
    },
  );
});
