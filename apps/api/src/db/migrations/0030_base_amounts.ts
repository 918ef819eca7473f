import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §15: platform-wide figures in the base currency. `base_amount` turns minor units of a project's currency
 * into major units of the base currency through the project's `base_rate` (null while the rate is unknown, so an
 * unknown project sorts and filters as unknown, never as zero). The currencies' exponents are ISO 4217's (those
 * other than 2, as Dinero.js's table has them); immutable, so "Most funded" and the goal sort and filter read from
 * indexes on it, in place of the index on `current_cents`, whose order mixed currencies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function minor_units_per_major(currency char(3)) returns numeric
    language sql immutable parallel safe
    return case
        when currency in ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND',
                          'VUV', 'XAF', 'XOF', 'XPF') then 1
        when currency in ('MGA', 'MRU') then 10
        when currency in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then 1000
        when currency in ('CLF', 'UYW') then 10000
        else 100
      end::numeric`.execute(db);
  await sql`
    create function base_amount(minor bigint, currency char(3), base_rate numeric) returns numeric
    language sql immutable parallel safe
    return minor * base_rate / minor_units_per_major(currency)`.execute(db);
  await sql`drop index projects_funded_idx`.execute(db);
  await sql`
    create index projects_base_funded_idx on projects (base_amount(current_cents, currency, base_rate) desc nulls last, id desc)
    where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(db);
  // The goal sort, and a goal filter few projects match (its statistics tell the planner how few).
  await sql`
    create index projects_base_goal_idx on projects (base_amount(goal_cents, currency, base_rate) desc nulls last, id desc)
    where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_base_goal_idx`.execute(db);
  await sql`drop index projects_base_funded_idx`.execute(db);
  await sql`create index projects_funded_idx on projects (current_cents desc, id desc) where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED')`.execute(
    db,
  );
  await sql`drop function base_amount(bigint, char(3), numeric)`.execute(db);
  await sql`drop function minor_units_per_major(char(3))`.execute(db);
}
