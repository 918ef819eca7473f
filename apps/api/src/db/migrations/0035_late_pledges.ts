import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §16: late pledges. After an all-or-nothing campaign succeeded (or a flexible one ended) its creator may
 * open them, until a date or not; a late pledge is charged at checkout and counted apart from the campaign's total
 * (`late_cents`, `late_backers_count`), and rewards and add-ons may ask another price for it (`late_price_cents`,
 * null: the usual price). The project's row changing announces the project on `project_changes` (migration 0017),
 * so opening, closing and every late pledge landing reach the page caches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table projects
      add column late_pledges_open boolean not null default false,
      add column late_pledges_until date,
      add column late_cents bigint not null default 0,
      add column late_backers_count integer not null default 0,
      add constraint projects_late_counters check (late_cents >= 0 and late_backers_count >= 0)`.execute(db);
  await sql`alter table donations add column late boolean not null default false`.execute(db);
  await sql`
    alter table rewards add column late_price_cents bigint
      constraint rewards_late_price_positive check (late_price_cents > 0)`.execute(db);
  await sql`
    alter table add_ons add column late_price_cents bigint
      constraint add_ons_late_price_positive check (late_price_cents > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table add_ons drop column late_price_cents`.execute(db);
  await sql`alter table rewards drop column late_price_cents`.execute(db);
  await sql`alter table donations drop column late`.execute(db);
  await sql`
    alter table projects
      drop constraint projects_late_counters,
      drop column late_backers_count,
      drop column late_cents,
      drop column late_pledges_until,
      drop column late_pledges_open`.execute(db);
}
