import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** The About page's figures in one pass over the project rows, from the counters kept on them. */
export async function siteTotals(db: Kysely<DB>) {
  const row = await db
    .selectFrom('projects')
    .select([
      sql<string>`count(*) filter (where status = 'SUCCESSFUL')`.as('funded'),
      sql<string>`count(*) filter (where status = 'ACTIVE')`.as('live'),
      sql<string>`coalesce(sum(current_cents) filter (where status in ('ACTIVE', 'SUCCESSFUL')), 0)`.as(
        'raised_cents',
      ),
      sql<string>`coalesce(sum(backers_count) filter (where status in ('ACTIVE', 'SUCCESSFUL')), 0)`.as(
        'pledges',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    funded: Number(row.funded),
    live: Number(row.live),
    raisedCents: Number(row.raised_cents),
    pledges: Number(row.pledges),
  };
}
