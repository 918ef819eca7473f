import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('creator_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (col) => col.references('categories.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('description_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('risks_and_challenges', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('DRAFT', 'PENDING', 'ACTIVE', 'SUCCESSFUL', 'FAILED', 'REJECTED')`),
    )
    .addColumn('funding_model', 'text', (col) =>
      col
        .notNull()
        .defaultTo('all_or_nothing')
        .check(sql`funding_model in ('all_or_nothing', 'flexible')`),
    )
    .addColumn('featured', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('featured_requested', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('goal_cents', 'bigint', (col) => col.check(sql`goal_cents > 0`))
    // Counters moved in the same transaction as the money that moves them (DESIGN.md §5).
    .addColumn('current_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('backers_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('image_url', 'text')
    .addColumn('image_card_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('revocation_reason', 'text')
    .addColumn('revocation_date', 'timestamptz')
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'projects_dates_order',
      sql`end_date is null or start_date is null or end_date > start_date`,
    )
    .execute();
  await sql`create index projects_creator_idx on projects (creator_id, created_at desc)`.execute(db);
  await sql`create index projects_status_created_idx on projects (status, created_at desc)`.execute(db);
  await sql`create index projects_category_idx on projects (category_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('projects').execute();
}
