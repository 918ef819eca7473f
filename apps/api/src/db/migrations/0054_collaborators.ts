import { type Kysely, sql } from 'kysely';

/**
 * A project's team (DESIGN.md §19, decision 033):
 * - `project_collaborators`: one row per project and invited address, pending until the invitee accepts (then it
 *   names them in `user_id`); a withdrawn or declined invitation and a removed collaborator are deleted, so a row
 *   is a membership or an invitation that still stands. The three permissions are columns, read by
 *   `ProjectAccess` with one query by project and person.
 * - a change of the team announces the project on `project_changes`, as its rewards do (its page shows the team);
 * - `comments.hidden_by`: who hid a comment (a report by the project's team hides it at once, decision 031).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_collaborators')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('can_edit', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('can_community', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('can_fulfilment', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addCheckConstraint(
      'project_collaborators_some_permission',
      sql`can_edit or can_community or can_fulfilment`,
    )
    .addCheckConstraint(
      'project_collaborators_accepted_named',
      sql`(accepted_at is null) = (user_id is null)`,
    )
    .execute();
  await sql`create unique index project_collaborators_email_idx
            on project_collaborators (project_id, lower(email))`.execute(db);
  await sql`create unique index project_collaborators_user_idx
            on project_collaborators (project_id, user_id) where user_id is not null`.execute(db);
  await sql`create index project_collaborators_invitee_idx on project_collaborators (lower(email))`.execute(
    db,
  );
  await sql`create index project_collaborators_member_idx on project_collaborators (user_id)
            where user_id is not null`.execute(db);

  // The team shows on the project page: its cached page forgets itself when the team changes (migration 0017).
  await sql`
    create function notify_collaborator_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('project_changes', 'p' || coalesce(new.project_id, old.project_id));
      return null;
    end $$`.execute(db);
  await sql`create trigger project_collaborators_notify_change
            after insert or update or delete on project_collaborators
            for each row execute function notify_collaborator_change()`.execute(db);

  await db.schema
    .alterTable('comments')
    .addColumn('hidden_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('hidden_by').execute();
  await sql`drop trigger project_collaborators_notify_change on project_collaborators`.execute(db);
  await sql`drop function notify_collaborator_change()`.execute(db);
  await db.schema.dropTable('project_collaborators').execute();
}
