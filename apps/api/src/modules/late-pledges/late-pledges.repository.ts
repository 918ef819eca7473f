import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The project's late-pledge columns, locked: opening races neither settlement nor a late pledge landing. */
export function lockLatePledges(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('projects')
    .select([
      'id',
      'status',
      'funding_model',
      'currency',
      'late_pledges_open',
      'late_pledges_until',
      'late_cents',
      'late_backers_count',
    ])
    .where('id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
}

export function setLatePledges(db: Kysely<DB>, projectId: number, open: boolean, until: string | null) {
  return db
    .updateTable('projects')
    .set({ late_pledges_open: open, late_pledges_until: until, updated_at: new Date() })
    .where('id', '=', projectId)
    .returning([
      'late_pledges_open',
      'late_pledges_until',
      'late_cents',
      'late_backers_count',
      'currency',
      'status',
      'funding_model',
    ])
    .executeTakeFirstOrThrow();
}

/** What late pledges brought moves in the same transaction as the pledge's state (never the funded total). */
export async function moveLateCounters(db: Kysely<DB>, projectId: number, cents: number, backers: number) {
  await db
    .updateTable('projects')
    .set((eb) => ({
      late_cents: eb('late_cents', '+', cents),
      late_backers_count: eb('late_backers_count', '+', backers),
    }))
    .where('id', '=', projectId)
    .execute();
}
