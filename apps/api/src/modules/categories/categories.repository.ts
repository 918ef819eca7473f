import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function listCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute();
}

export function findCategory(db: Kysely<DB>, id: number) {
  return db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function insertCategories(db: Kysely<DB>, names: string[]) {
  if (names.length === 0) return;
  await db
    .insertInto('categories')
    .values(names.map((name) => ({ name })))
    .execute();
}
