import { type Kysely, sql } from 'kysely';

/**
 * Every instance keeps the public part of a project page in memory (issue 17, decision 016). Whatever changes it —
 * a pledge moving the counters, a reward edit or reservation, a project edit, moderation, the creator's profile —
 * announces it from the database itself, on the `project_changes` channel, when its transaction commits: triggers
 * see every writer (API, jobs, generators) without any of them knowing about the cache. A payload is `p{id}` for a
 * project (its row or its rewards) or `u{id}` for a user whose public profile changed. PostgreSQL drops the
 * duplicates of one transaction, so a statement touching a project many times sends one notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_project_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'projects' then
        perform pg_notify('project_changes', 'p' || coalesce(new.id, old.id));
      elsif tg_table_name = 'rewards' then
        perform pg_notify('project_changes', 'p' || coalesce(new.project_id, old.project_id));
        if tg_op = 'UPDATE' and new.project_id <> old.project_id then
          perform pg_notify('project_changes', 'p' || old.project_id);
        end if;
      else
        perform pg_notify('project_changes', 'u' || coalesce(new.id, old.id));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger projects_notify_change after insert or update or delete on projects
            for each row execute function notify_project_change()`.execute(db);
  await sql`create trigger rewards_notify_change after insert or update or delete on rewards
            for each row execute function notify_project_change()`.execute(db);
  // Only what a creator card shows: sign-ins and password changes touch the row without changing the card.
  await sql`create trigger users_notify_change after update on users for each row
            when ((old.username, old.full_name, old.profile_image, old.location, old.bio, old.website, old.twitter)
                  is distinct from
                  (new.username, new.full_name, new.profile_image, new.location, new.bio, new.website, new.twitter))
            execute function notify_project_change()`.execute(db);
  await sql`create trigger users_notify_delete after delete on users for each row
            execute function notify_project_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_notify_delete on users`.execute(db);
  await sql`drop trigger users_notify_change on users`.execute(db);
  await sql`drop trigger rewards_notify_change on rewards`.execute(db);
  await sql`drop trigger projects_notify_change on projects`.execute(db);
  await sql`drop function notify_project_change()`.execute(db);
}
