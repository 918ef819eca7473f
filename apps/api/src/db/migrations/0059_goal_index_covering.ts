import { type Kysely, sql } from 'kysely';

/**
 * Explore's goal filter counts its matches (issue 54): the index on the goal in the base currency (migration 0030)
 * holds the expression alone, and PostgreSQL reads an expression from an index only when the columns it is made of
 * are there too, so at ten times the bench's data the count was a sequential scan of every project (1.2 s, 2 GB of
 * rows). The index now carries those columns: the count reads the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_base_goal_idx`.execute(db);
  await sql`
    create index projects_base_goal_idx on projects (base_amount(goal_cents, currency, base_rate) desc nulls last, id desc)
    include (goal_cents, currency, base_rate)
    where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_base_goal_idx`.execute(db);
  await sql`
    create index projects_base_goal_idx on projects (base_amount(goal_cents, currency, base_rate) desc nulls last, id desc)
    where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(db);
}
