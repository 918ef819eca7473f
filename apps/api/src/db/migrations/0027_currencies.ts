import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * DESIGN.md §15: a project's currency (every amount before this was in US dollars), the rate from it to the base
 * currency fixed when it launches (`base_rate`; unknown until a rate is stored), and the reference rates of each
 * day as the European Central Bank publishes them, per euro. `project_records` (migration 0022) reads the
 * project's columns as `selectProjects` does, the currency and base rate now among them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table projects
      add column currency char(3) not null default 'USD' constraint projects_currency_iso check (currency ~ '^[A-Z]{3}$'),
      add column base_rate numeric constraint projects_base_rate_positive check (base_rate > 0)`.execute(db);
  await sql`
    create table fx_rates (
      rate_date date not null,
      base char(3) not null default 'EUR' constraint fx_rates_base_iso check (base ~ '^[A-Z]{3}$'),
      currency char(3) not null constraint fx_rates_currency_iso check (currency ~ '^[A-Z]{3}$'),
      rate numeric not null constraint fx_rates_rate_positive check (rate > 0),
      fetched_at timestamptz not null default now(),
      primary key (rate_date, currency)
    )`.execute(db);
  await sql`drop function project_records(integer[])`.execute(db);
  await createProjectRecords(
    db,
    sql`, currency character(3), base_rate numeric`,
    sql`, p.currency, p.base_rate`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function project_records(integer[])`.execute(db);
  await createProjectRecords(db, sql``, sql``);
  await sql`drop table fx_rates`.execute(db);
  await sql`alter table projects drop column base_rate, drop column currency`.execute(db);
}

/** `project_records` as migration 0025 made it, with more of the project's columns after its language. */
export async function createProjectRecords(
  db: Kysely<unknown>,
  moreColumnTypes: RawBuilder<unknown>,
  moreColumns: RawBuilder<unknown>,
) {
  await sql`
    create function project_records(ids integer[])
    returns table (
      id integer, creator_id integer, category_id integer, title text, description text, description_text text,
      risks_and_challenges text, status text, funding_model text, featured boolean, featured_requested boolean,
      goal_cents bigint, current_cents bigint, backers_count integer, start_date date, end_date date,
      image_url text, image_card_url text, video_url text, revocation_reason text, revocation_date timestamptz,
      created_at timestamptz, updated_at timestamptz, language text${moreColumnTypes},
      category_name text, creator_username text, creator_full_name text, creator_profile_image text)
    language plpgsql stable as $$
    begin
      return query
        select p.id, p.creator_id, p.category_id, p.title, p.description, p.description_text,
               p.risks_and_challenges, p.status, p.funding_model, p.featured, p.featured_requested,
               p.goal_cents, p.current_cents, p.backers_count, p.start_date, p.end_date,
               p.image_url, p.image_card_url, p.video_url, p.revocation_reason, p.revocation_date,
               p.created_at, p.updated_at, p.language${moreColumns},
               c.name, u.username, u.full_name, u.profile_image
        from projects p
        join users u on u.id = p.creator_id
        left join categories c on c.id = p.category_id
        where p.id = any(ids);
    end $$`.execute(db);
}
