import { type Kysely, sql } from 'kysely';

/**
 * Each instance keeps the typeahead's index of public titles in memory (migration 0016) and rebuilt it every 10 s:
 * 80,000 titles read and indexed again, about a third of a second of the app's CPU each time, though the titles
 * had rarely changed in between (issue 17). A statement that can change what the index holds — a project added,
 * removed, renamed, moved to another status or category, or a category renamed — now bumps one version number in
 * the same transaction, so it shows only once committed; an instance reads the number every 10 s (one row) and
 * rebuilds only when it moved. Updates of the counters alone do not bump it: the order they give the titles is
 * refreshed every few minutes instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table public_titles_version (
              only_row boolean primary key default true check (only_row),
              version bigint not null default 0)`.execute(db);
  await sql`insert into public_titles_version default values`.execute(db);
  await sql`
    create function bump_public_titles_version() returns trigger language plpgsql as $$
    begin
      update public_titles_version set version = version + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger projects_bump_public_titles_version
            after insert or delete or update of title, status, category_id on projects
            for each statement execute function bump_public_titles_version()`.execute(db);
  await sql`create trigger categories_bump_public_titles_version
            after delete or update of name on categories
            for each statement execute function bump_public_titles_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger categories_bump_public_titles_version on categories`.execute(db);
  await sql`drop trigger projects_bump_public_titles_version on projects`.execute(db);
  await sql`drop function bump_public_titles_version()`.execute(db);
  await sql`drop table public_titles_version`.execute(db);
}
