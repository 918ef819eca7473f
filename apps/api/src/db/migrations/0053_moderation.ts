import { type Kysely, sql } from 'kysely';

/**
 * Moderation (DESIGN.md §18, decision 031):
 * - a report carries a category (one of the suspension reasons, `other` by default) and may name a person
 *   (`target_type = 'user'`, `reported_user_id`, no project), once per reporter and person;
 * - a comment keeps how many distinct people have open reports of it and when it was hidden while reviewed, so a
 *   list reads both from the row it already reads;
 * - declined payments are written down per account and IP address, and the admins' card-testing alert is taken
 *   once per account or address and hour, so every instance counts and alerts from the same rows.
 * `message_blocks` keeps its rows and its name: a row already meant "the blocker hears nothing from the blocked";
 * from now on that also covers comments on the blocker's projects, whose rendered pages (decision 018) are told
 * with the `c{project_id}` notification of migration 0028 when a block is made or lifted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('category', 'text', (col) =>
      col
        .notNull()
        .defaultTo('other')
        .check(sql`category in ('fraud', 'spam', 'prohibited', 'intellectual_property', 'other')`),
    )
    .addColumn('reported_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .execute();
  await sql`alter table reports alter column project_id drop not null`.execute(db);
  await sql`alter table reports drop constraint reports_target_check`.execute(db);
  await sql`alter table reports drop constraint reports_target_type_check`.execute(db);
  await sql`alter table reports add constraint reports_target_type_check
            check (target_type in ('project', 'comment', 'message', 'user'))`.execute(db);
  await sql`alter table reports add constraint reports_target_check check (
              (target_type = 'project' and project_id is not null and comment_id is null and message_id is null
                and reported_user_id is null)
              or (target_type = 'comment' and project_id is not null and comment_id is not null
                and message_id is null and reported_user_id is null)
              or (target_type = 'message' and project_id is not null and message_id is not null
                and comment_id is null and reported_user_id is null)
              or (target_type = 'user' and reported_user_id is not null and project_id is null
                and comment_id is null and message_id is null))`.execute(db);
  await sql`create unique index reports_once_user_idx on reports (reporter_id, reported_user_id)
            where target_type = 'user'`.execute(db);
  // The open reports of one comment, counted when one more arrives.
  await sql`create index reports_open_comment_idx on reports (comment_id)
            where target_type = 'comment' and status = 'open'`.execute(db);

  await db.schema
    .alterTable('comments')
    .addColumn('reporters_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_at', 'timestamptz')
    .execute();
  await sql`update comments c set reporters_count = (
              select count(*) from reports r
              where r.target_type = 'comment' and r.comment_id = c.id and r.status = 'open')
            where exists (select 1 from reports r
              where r.target_type = 'comment' and r.comment_id = c.id and r.status = 'open')`.execute(db);

  await sql`
    create function notify_block_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('project_changes', 'c' || p.id)
      from projects p where p.creator_id = coalesce(new.blocker_id, old.blocker_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger message_blocks_notify_change after insert or delete on message_blocks
            for each row execute function notify_block_change()`.execute(db);

  await db.schema
    .createTable('payment_declines')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('declined_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index payment_declines_user_idx on payment_declines (user_id, declined_at)
            where user_id is not null`.execute(db);
  await sql`create index payment_declines_ip_idx on payment_declines (ip, declined_at)
            where ip is not null`.execute(db);

  await db.schema
    .createTable('card_testing_alerts')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('hour', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('card_testing_alerts_pkey', ['subject', 'hour'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_testing_alerts').execute();
  await db.schema.dropTable('payment_declines').execute();
  await sql`drop trigger message_blocks_notify_change on message_blocks`.execute(db);
  await sql`drop function notify_block_change()`.execute(db);
  await db.schema.alterTable('comments').dropColumn('hidden_at').dropColumn('reporters_count').execute();
  await sql`drop index reports_open_comment_idx`.execute(db);
  await sql`delete from reports where target_type = 'user'`.execute(db);
  await sql`drop index reports_once_user_idx`.execute(db);
  await sql`alter table reports drop constraint reports_target_check`.execute(db);
  await sql`alter table reports drop constraint reports_target_type_check`.execute(db);
  await sql`alter table reports add constraint reports_target_type_check
            check (target_type in ('project', 'comment', 'message'))`.execute(db);
  await sql`alter table reports add constraint reports_target_check check (
              (target_type = 'project' and comment_id is null and message_id is null)
              or (target_type = 'comment' and comment_id is not null and message_id is null)
              or (target_type = 'message' and message_id is not null and comment_id is null))`.execute(db);
  await sql`alter table reports alter column project_id set not null`.execute(db);
  await db.schema.alterTable('reports').dropColumn('reported_user_id').dropColumn('category').execute();
}
