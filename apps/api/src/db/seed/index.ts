import type { Kysely } from 'kysely';
import { insertCategories } from '../../modules/categories/categories.repository';
import type { DB } from '../schema';
import { DEMO_CATEGORIES } from './categories';
import { createUser } from './factories';
import { DEMO_PASSWORD, DEMO_USERS } from './users';

/** Fills an empty database with demo data; a database that already has categories is left alone. */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await insertCategories(trx, DEMO_CATEGORIES);
    for (const user of DEMO_USERS) await createUser(trx, { ...user, password: DEMO_PASSWORD });
    return true;
  });
}
