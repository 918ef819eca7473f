import { type Kysely, sql } from 'kysely';

/**
 * The typeahead answers from an index of public titles held in memory by each instance (issue 17), so the
 * trigram index on titles serves no query any more: it only cost every write of a title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_title_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index projects_title_trgm_idx on projects using gist (title gist_trgm_ops)`.execute(db);
}
