import { type Kysely, sql } from 'kysely';

/**
 * Community, first half (DESIGN.md §11): a project's numbered updates (public or for backers only), comments on a
 * project or on one of its updates with one level of replies, and the project's FAQ. A deleted update and a
 * removed comment keep their row (`deleted_at`, `removed_at`): numbers are never reused and replies keep their
 * place under a tombstone. `comments_count` on an update moves in the transaction of the comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_updates')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('public', 'backers')`))
    .addColumn('comments_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('edited_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // Numbers are per project and never reused; the list is newest (highest number) first.
  await sql`create unique index project_updates_number_idx on project_updates (project_id, number)`.execute(
    db,
  );

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('update_id', 'integer', (col) => col.references('project_updates.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('edited_at', 'timestamptz')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('removed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // Threads of a project (update_id null) and of an update, newest first; replies of a page of threads.
  await sql`create index comments_project_threads_idx on comments (project_id, created_at desc, id desc)
            where parent_id is null and update_id is null`.execute(db);
  await sql`create index comments_update_threads_idx on comments (update_id, created_at desc, id desc)
            where parent_id is null`.execute(db);
  await sql`create index comments_replies_idx on comments (parent_id, created_at, id)
            where parent_id is not null`.execute(db);

  await db.schema
    .createTable('project_faqs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('project_faqs_project_idx')
    .on('project_faqs')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_faqs').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('project_updates').execute();
}
