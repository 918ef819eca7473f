import { type Kysely, sql } from 'kysely';

/**
 * Projects by id with their category's name and their creator's card: the rows `selectProjects` reads, as a
 * function a search calls in the statement that picks its page (issue 17). A search's cards are seldom all in the
 * page cache (the words people type reach far into the catalogue), so reading them in a second statement cost a
 * round trip on most searches; joined into the pick's statement instead, PostgreSQL planned the joins with the
 * full-text pick on every request. PL/pgSQL keeps the plan of the query inside the function, so the pick is planned
 * alone and the read by ids is not planned again. The columns are `selectProjects`' (a test holds them equal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function project_records(ids integer[])
    returns table (
      id integer, creator_id integer, category_id integer, title text, description text, description_text text,
      risks_and_challenges text, status text, funding_model text, featured boolean, featured_requested boolean,
      goal_cents bigint, current_cents bigint, backers_count integer, start_date date, end_date date,
      image_url text, image_card_url text, video_url text, revocation_reason text, revocation_date timestamptz,
      created_at timestamptz, updated_at timestamptz,
      category_name text, creator_username text, creator_full_name text, creator_profile_image text)
    language plpgsql stable as $$
    begin
      return query
        select p.id, p.creator_id, p.category_id, p.title, p.description, p.description_text,
               p.risks_and_challenges, p.status, p.funding_model, p.featured, p.featured_requested,
               p.goal_cents, p.current_cents, p.backers_count, p.start_date, p.end_date,
               p.image_url, p.image_card_url, p.video_url, p.revocation_reason, p.revocation_date,
               p.created_at, p.updated_at,
               c.name, u.username, u.full_name, u.profile_image
        from projects p
        join users u on u.id = p.creator_id
        left join categories c on c.id = p.category_id
        where p.id = any(ids);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function project_records(integer[])`.execute(db);
}
