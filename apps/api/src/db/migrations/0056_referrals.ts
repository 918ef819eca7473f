import { type Kysely, sql } from 'kysely';

/**
 * Where backers come from (DESIGN.md §19, decision 035). `referral_tags` are the creator's named links (at most 100 a
 * project, unique in any case); `referral_visits` counts visits per project, day (UTC) and source, with nothing of
 * the visitor, and is written in batches by one upsert that adds to the count; each pledge keeps its source in
 * `donations.referral_source` (null before this migration: read as `direct`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_tags')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index referral_tags_name_idx on referral_tags (project_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('referral_visits')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('visits', 'integer', (col) => col.notNull().check(sql`visits > 0`))
    .addPrimaryKeyConstraint('referral_visits_pkey', ['project_id', 'day', 'source'])
    .execute();

  await db.schema.alterTable('donations').addColumn('referral_source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('donations').dropColumn('referral_source').execute();
  await db.schema.dropTable('referral_visits').execute();
  await db.schema.dropTable('referral_tags').execute();
}
