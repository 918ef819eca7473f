import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Full-text search: the title weighs more than the description (DESIGN.md §5).
  await sql`
    alter table projects add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(description_text, '')), 'B')
    ) stored`.execute(db);
  await sql`create index projects_search_idx on projects using gin (search_vector)`.execute(db);
  // Typeahead: trigram matching on titles.
  await sql`create index projects_title_trgm_idx on projects using gin (title gin_trgm_ops)`.execute(db);

  // The public sorts, each over the public statuses.
  await sql`create index projects_popular_idx on projects (backers_count desc, id desc) where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(
    db,
  );
  await sql`create index projects_funded_idx on projects (current_cents desc, id desc) where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(
    db,
  );
  await sql`create index projects_ending_idx on projects (end_date, id) where status = 'ACTIVE'`.execute(db);
  await sql`create index projects_featured_idx on projects (created_at desc) where status = 'ACTIVE' and featured`.execute(
    db,
  );

  await db.schema
    .createTable('saved_projects')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saved_projects_pkey', ['user_id', 'project_id'])
    .execute();
  await sql`create index saved_projects_user_idx on saved_projects (user_id, saved_at desc)`.execute(db);
  await sql`create index saved_projects_project_idx on saved_projects (project_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_projects').execute();
  for (const index of [
    'projects_featured_idx',
    'projects_ending_idx',
    'projects_funded_idx',
    'projects_popular_idx',
    'projects_title_trgm_idx',
    'projects_search_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('projects').dropColumn('search_vector').execute();
}
