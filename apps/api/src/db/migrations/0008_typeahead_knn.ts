import { type Kysely, sql } from 'kysely';

/**
 * Typeahead by nearest neighbour, and the newest-first public list in index order: a GiST trigram index can return titles in word-similarity order and stop
 * after five, where the GIN index had to score and sort every match (hundreds of ms at 100,000 projects).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_title_trgm_idx`.execute(db);
  await sql`create index projects_title_trgm_idx on projects using gist (title gist_trgm_ops)`.execute(db);
  // The default public list (newest first) reads this index in order and stops at the page size.
  await sql`create index projects_public_newest_idx on projects (created_at desc, id desc) where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_public_newest_idx`.execute(db);
  await sql`drop index projects_title_trgm_idx`.execute(db);
  await sql`create index projects_title_trgm_idx on projects using gin (title gin_trgm_ops)`.execute(db);
}
