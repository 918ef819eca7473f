import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { projectsByIds, type ProjectRecord } from './projects.repository';

describe.each(databaseKinds)('project rows on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('reads the same rows, column for column and type for type, through project_records as through selectProjects', async () => {
    const { db } = database;
    const creator = await createUser(db, { full_name: 'Ada Maker' });
    const category = await db
      .insertInto('categories')
      .values({ name: 'Lamps' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = [
      await createProjectRow(db, {
        creatorId: creator.id,
        categoryId: category.id,
        raised: 125,
        featured: true,
      }),
      await createProjectRow(db, { creatorId: creator.id, categoryId: null, status: 'SUCCESSFUL' }),
    ];
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    const { rows } = await sql<ProjectRecord>`select * from project_records(${ids}::integer[])`.execute(db);
    const expected = (await projectsByIds(db, ids)).sort(byId);
    expect(expected).toHaveLength(2);
    expect(rows.sort(byId)).toEqual(expected);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(expected[0]!));
  });
});
