import { type Kysely, sql } from 'kysely';

/**
 * A backer's projects are each checked for their status by an index-only probe of this index, so a backer of
 * thousands of campaigns costs thousands of small probes, not a hash of every public project (issue 8 bench).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index projects_status_by_id_idx on projects (id) include (status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_status_by_id_idx`.execute(db);
}
