import { type Kysely, sql } from 'kysely';

/**
 * Search with categories (issue 17). With the words in one GIN index and the category in a btree, PostgreSQL
 * ANDed two bitmaps: the category's (~18,000 projects for two of eleven) cost more than the words' few hundred.
 * With the category inside the full-text index (btree_gin), one GIN scan finds the projects of those categories
 * holding the words, skipping through the category's entries from the rarer words' (4× the searches per second).
 * The category btree keeps only the category as a key, the status riding along: it still counts a category's
 * projects from the index alone, but no longer tempts the planner to AND a "category and ACTIVE" bitmap into a
 * search that the GIN index already narrows by category.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index projects_search_category_idx on projects using gin (category_id, search_vector)`.execute(
    db,
  );
  await sql`drop index projects_search_idx`.execute(db);
  await sql`drop index projects_category_idx`.execute(db);
  await sql`create index projects_category_idx on projects (category_id) include (status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_category_idx`.execute(db);
  await sql`create index projects_category_idx on projects (category_id, status)`.execute(db);
  await sql`create index projects_search_idx on projects using gin (search_vector)`.execute(db);
  await sql`drop index projects_search_category_idx`.execute(db);
}
