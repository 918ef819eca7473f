import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertCategories } from '../../modules/categories/categories.repository';
import { DEMO_CATEGORIES } from './categories';

/** Fills an empty database with demo data; a database that already has categories is left alone. */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await insertCategories(trx, DEMO_CATEGORIES);
    return true;
  });
}
