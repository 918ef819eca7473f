import { type Kysely, sql } from 'kysely';

/**
 * The two full-text indexes of `projects` keep at most 256 kB of new entries unsorted, instead of the default 4 MB
 * (issue 17). Every update of a project's row — each pledge moves its counters — puts all of its words into both
 * indexes again, and GIN gathers them in a pending list that every search reads through from start to end until
 * the list is merged. On the bench's data, 4,000 counter updates took a search within two categories from 2.1 to
 * 5–7.5 ms (pgbench, one client); with 256 kB it stays at 2.3–2.6 ms, and the updates cost the same: the merge is
 * paid in smaller, more frequent steps.
 */
const INDEXES = ['projects_search_idx', 'projects_search_in_category_idx'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES)
    await sql`alter index ${sql.id(index)} set (gin_pending_list_limit = 256)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES)
    await sql`alter index ${sql.id(index)} reset (gin_pending_list_limit)`.execute(db);
}
