import { type Kysely, sql } from 'kysely';

/**
 * The rendered pages each instance keeps (issue 36, decision 018) show a project's updates, and with `?tab=` its
 * comments and questions; an update's page shows the update itself. None of these tables announced its changes
 * (migration 0017 covers projects, rewards and creators), so a new update would have stayed off every other
 * instance's cached page. They now send `c{project_id}` on the same `project_changes` channel: `c`, not `p`, because
 * the project's own row did not change and the project data cache (decision 016) has nothing to forget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_community_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('project_changes', 'c' || coalesce(new.project_id, old.project_id));
      return null;
    end $$`.execute(db);
  for (const table of ['project_updates', 'comments', 'project_faqs']) {
    await sql`create trigger ${sql.raw(`${table}_notify_change`)} after insert or update or delete on ${sql.table(table)}
              for each row execute function notify_community_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['project_updates', 'comments', 'project_faqs']) {
    await sql`drop trigger ${sql.raw(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function notify_community_change()`.execute(db);
}
