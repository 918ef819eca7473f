import { type Kysely, sql } from 'kysely';

/**
 * Messages (DESIGN.md §17): one thread per project and person who writes to its creator, its messages, who
 * blocked whom, the `email_messages` preference, and reports of a message in the admin queue of §12.
 * A thread keeps each side's unread count and last mail time, so the inbox and the navigation's badge read one
 * row per thread, and a new message's mail is throttled without counting anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_threads')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('creator_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('creator_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('person_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('creator_mailed_at', 'timestamptz')
    .addColumn('person_mailed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('message_threads_project_person_key', ['project_id', 'person_id'])
    .execute();
  // The inbox of each side, newest activity first.
  await sql`create index message_threads_creator_idx on message_threads (creator_id, last_message_at desc, id desc)`.execute(
    db,
  );
  await sql`create index message_threads_person_idx on message_threads (person_id, last_message_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('thread_id', 'integer', (col) =>
      col.notNull().references('message_threads.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('messages_thread_idx').on('messages').columns(['thread_id', 'id']).execute();

  await db.schema
    .createTable('message_blocks')
    .addColumn('blocker_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_blocks_pkey', ['blocker_id', 'blocked_id'])
    .execute();

  await db.schema
    .alterTable('user_preferences')
    .addColumn('email_messages', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  // A reported message: its report names the project of its thread and the message (no foreign key, like
  // comment_id, so a deleted message leaves the resolved report readable).
  await db.schema.alterTable('reports').addColumn('message_id', 'integer').execute();
  await sql`alter table reports drop constraint reports_target_check`.execute(db);
  await sql`alter table reports drop constraint reports_target_type_check`.execute(db);
  await sql`alter table reports add constraint reports_target_type_check
            check (target_type in ('project', 'comment', 'message'))`.execute(db);
  await sql`alter table reports add constraint reports_target_check check (
              (target_type = 'project' and comment_id is null and message_id is null)
              or (target_type = 'comment' and comment_id is not null and message_id is null)
              or (target_type = 'message' and message_id is not null and comment_id is null))`.execute(db);
  await sql`create unique index reports_once_message_idx on reports (reporter_id, message_id)
            where target_type = 'message'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from reports where target_type = 'message'`.execute(db);
  await sql`drop index reports_once_message_idx`.execute(db);
  await sql`alter table reports drop constraint reports_target_check`.execute(db);
  await sql`alter table reports drop constraint reports_target_type_check`.execute(db);
  await sql`alter table reports add constraint reports_target_type_check
            check (target_type in ('project', 'comment'))`.execute(db);
  await sql`alter table reports add constraint reports_target_check check (
              (target_type = 'project' and comment_id is null) or (target_type = 'comment' and comment_id is not null))`.execute(
    db,
  );
  await db.schema.alterTable('reports').dropColumn('message_id').execute();
  await db.schema.alterTable('user_preferences').dropColumn('email_messages').execute();
  await db.schema.dropTable('message_blocks').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('message_threads').execute();
}
