import { type Kysely, sql } from 'kysely';

/**
 * Following before launch (DESIGN.md §19, decision 034).
 *
 * - `project_follows`: who asked to be told when a project launches ("Notify me on launch"), and `user_follows`: who
 *   follows a creator. Each keeps its counter on the followed row (`projects.followers_count`,
 *   `users.followers_count`), moved in the transaction that inserts or deletes the follow.
 * - `projects.launched_at`: when a creator launched early (the moment the launch notice's audience is counted at);
 *   null for a campaign that started on its start date.
 * - `email_launches`: the launch mail's preference, off where the person had turned saved-project reminders off
 *   (the launch mail was one of those until now).
 * - The launch notice is told once per person and project by the `sent_reminders` row of kind `launch`, as the saved
 *   project's launch mail already was: whoever was told by the old mail is not told again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_follows')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_follows_pkey', ['project_id', 'user_id'])
    .execute();
  await sql`create index project_follows_user_idx on project_follows (user_id, followed_at desc)`.execute(db);

  await db.schema
    .createTable('user_follows')
    .addColumn('followed_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('follower_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_follows_pkey', ['followed_id', 'follower_id'])
    .addCheckConstraint('user_follows_not_self', sql`followed_id <> follower_id`)
    .execute();
  await sql`create index user_follows_follower_idx on user_follows (follower_id, followed_at desc)`.execute(
    db,
  );

  await db.schema
    .alterTable('projects')
    .addColumn('followers_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('launched_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('followers_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('user_preferences')
    .addColumn('email_launches', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await sql`update user_preferences set email_launches = email_reminders where not email_reminders`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').dropColumn('email_launches').execute();
  await db.schema.alterTable('users').dropColumn('followers_count').execute();
  await db.schema.alterTable('projects').dropColumn('launched_at').dropColumn('followers_count').execute();
  await db.schema.dropTable('user_follows').execute();
  await db.schema.dropTable('project_follows').execute();
}
