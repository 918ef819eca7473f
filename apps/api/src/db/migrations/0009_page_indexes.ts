import { type Kysely, sql } from 'kysely';

/** Indexes that let a page be picked without reading the wide project rows (issue 8 bench). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A backer's projects are each checked for their status by an index-only probe, so a backer of thousands of
  // campaigns costs thousands of small probes, not a hash of every public project.
  await sql`create index projects_status_by_id_idx on projects (id) include (status)`.execute(db);
  // Explore (running campaigns, newest first): the page and its count read only this index. Most of the newest
  // ACTIVE projects have not started yet, so the dates are filtered here, not in 1,000 table rows per page.
  await sql`create index projects_active_newest_idx on projects (created_at desc, id desc) include (start_date, end_date) where status = 'ACTIVE'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_active_newest_idx`.execute(db);
  await sql`drop index projects_status_by_id_idx`.execute(db);
}
