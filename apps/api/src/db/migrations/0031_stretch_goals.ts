import { type Kysely, sql } from 'kysely';

/**
 * Stretch goals (DESIGN.md §16): amounts above a project's goal, in minor units of its currency, each with a title
 * and what it unlocks. `reached_at` is set once, in the transaction that first takes the funded total to the amount,
 * by a guarded update (`reached_at is null`), so neither concurrent pledges nor a later cancellation set it again.
 * One goal per amount per project. A change announces `p{project_id}` on the project change channel (migration
 * 0017): the goals are part of the project's cached page and data, as its rewards are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stretch_goals')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('reached_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('stretch_goals_project_amount_key', ['project_id', 'amount_cents'])
    .execute();
  await sql`
    create function notify_stretch_goal_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('project_changes', 'p' || coalesce(new.project_id, old.project_id));
      return null;
    end $$`.execute(db);
  await sql`create trigger stretch_goals_notify_change after insert or update or delete on stretch_goals
            for each row execute function notify_stretch_goal_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger stretch_goals_notify_change on stretch_goals`.execute(db);
  await sql`drop function notify_stretch_goal_change()`.execute(db);
  await db.schema.dropTable('stretch_goals').execute();
}
