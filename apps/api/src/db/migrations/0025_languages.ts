import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §14: the language a person chose (`locale`, from the language menu or the profile) and the one they
 * last used (`last_locale`), which their mails are written in until they choose; and the language a project is
 * written in, so its story is marked with it. `project_records` (migration 0022) reads the project's columns as
 * `selectProjects` does, the language now among them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column locale text, add column last_locale text`.execute(db);
  await sql`alter table projects add column language text not null default 'en'`.execute(db);
  await sql`drop function project_records(integer[])`.execute(db);
  await sql`
    create function project_records(ids integer[])
    returns table (
      id integer, creator_id integer, category_id integer, title text, description text, description_text text,
      risks_and_challenges text, status text, funding_model text, featured boolean, featured_requested boolean,
      goal_cents bigint, current_cents bigint, backers_count integer, start_date date, end_date date,
      image_url text, image_card_url text, video_url text, revocation_reason text, revocation_date timestamptz,
      created_at timestamptz, updated_at timestamptz, language text,
      category_name text, creator_username text, creator_full_name text, creator_profile_image text)
    language plpgsql stable as $$
    begin
      return query
        select p.id, p.creator_id, p.category_id, p.title, p.description, p.description_text,
               p.risks_and_challenges, p.status, p.funding_model, p.featured, p.featured_requested,
               p.goal_cents, p.current_cents, p.backers_count, p.start_date, p.end_date,
               p.image_url, p.image_card_url, p.video_url, p.revocation_reason, p.revocation_date,
               p.created_at, p.updated_at, p.language,
               c.name, u.username, u.full_name, u.profile_image
        from projects p
        join users u on u.id = p.creator_id
        left join categories c on c.id = p.category_id
        where p.id = any(ids);
    end $$`.execute(db);
}
