import type { Kysely } from 'kysely';
import { PUBLIC_STATUSES } from '@fundry/shared';
import type { DB } from '../../db/schema';

export async function countPublicProjects(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', PUBLIC_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One slice of the public projects in id order, with when each last changed. */
export function listPublicProjectPaths(db: Kysely<DB>, offset: number, limit: number) {
  return db
    .selectFrom('projects')
    .select(['id', 'updated_at'])
    .where('status', 'in', PUBLIC_STATUSES)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
