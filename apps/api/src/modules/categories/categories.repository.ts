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

export function insertCategory(db: Kysely<DB>, name: string) {
  return db.insertInto('categories').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export function renameCategory(db: Kysely<DB>, id: number, name: string) {
  return db
    .updateTable('categories')
    .set({ name })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

export async function categoryInUse(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('category_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function deleteCategory(db: Kysely<DB>, id: number) {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function categoryNameTaken(db: Kysely<DB>, name: string, exceptId?: number) {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}
