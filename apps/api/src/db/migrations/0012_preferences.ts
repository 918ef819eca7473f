import { type Kysely, sql } from 'kysely';

/**
 * Community, second half (DESIGN.md §11): mail preferences (a missing row means every preference is on),
 * extra headers on outbox mails (RFC 8058 one-click unsubscribe), a link on notifications to their cause, and
 * the reminders already sent so each goes out at most once per person, project and kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_updates', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('email_comments', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('email_pledges', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('email_reminders', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('headers', 'jsonb').execute();

  // A path inside the web app (e.g. /projects/1/updates/2); null falls back to the project page.
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();

  await db.schema
    .createTable('sent_reminders')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('launch', 'ending')`))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sent_reminders_pkey', ['user_id', 'project_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sent_reminders').execute();
  await db.schema.alterTable('notifications').dropColumn('link').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.dropTable('user_preferences').execute();
}
