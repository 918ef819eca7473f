import { type Kysely, sql } from 'kysely';

/**
 * A backing (migration 0014) depends on a donation's amount, dates, pair, and whether it is live or only released;
 * not on which live state it is in. Collecting a campaign moves every pledge PLEDGED → COLLECTING → SUCCEEDED, and
 * each of those statements refreshed its pairs by recounting their donations for nothing: on one campaign's 10,000
 * pledges, most of a collection's database time. A status change now refreshes only when it moves a pledge into or
 * out of being live or being backed at all.
 */
const BACKED = `('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')`;
const LIVE = `('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function backings_after_update() returns trigger language plpgsql as $$
    begin
      perform refresh_backings(array_agg(n.donor_id) || array_agg(o.donor_id),
                               array_agg(n.project_id) || array_agg(o.project_id))
      from new_rows n join old_rows o on o.id = n.id
      where (n.status in ${sql.raw(LIVE)}, n.status in ${sql.raw(BACKED)},
             n.amount_cents, n.pledged_at, n.donor_id, n.project_id)
            is distinct from (o.status in ${sql.raw(LIVE)}, o.status in ${sql.raw(BACKED)},
                              o.amount_cents, o.pledged_at, o.donor_id, o.project_id)
        and (n.status in ${sql.raw(BACKED)} or o.status in ${sql.raw(BACKED)})
      having count(*) > 0;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function backings_after_update() returns trigger language plpgsql as $$
    begin
      perform refresh_backings(array_agg(n.donor_id) || array_agg(o.donor_id),
                               array_agg(n.project_id) || array_agg(o.project_id))
      from new_rows n join old_rows o on o.id = n.id
      where (n.status, n.amount_cents, n.pledged_at, n.donor_id, n.project_id)
            is distinct from (o.status, o.amount_cents, o.pledged_at, o.donor_id, o.project_id)
        and (n.status in ${sql.raw(BACKED)} or o.status in ${sql.raw(BACKED)})
      having count(*) > 0;
      return null;
    end $$`.execute(db);
}
