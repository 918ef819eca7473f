import { type Kysely, sql } from 'kysely';
import { sumInBase, toBaseFigure } from '../../db/base-amounts';
import type { DB } from '../../db/schema';

/**
 * The About page's figures in one pass over the project rows, from the counters kept on them; what was raised in
 * the base currency (`baseCurrency`).
 */
export async function siteTotals(db: Kysely<DB>, baseCurrency: string) {
  const counted = sql<boolean>`p.status in ('ACTIVE', 'SUCCESSFUL')`;
  const row = await db
    .selectFrom('projects as p')
    .select([
      sql<string>`count(*) filter (where p.status = 'SUCCESSFUL')`.as('funded'),
      sql<string>`count(*) filter (where p.status = 'ACTIVE')`.as('live'),
      ...sumInBase('p.current_cents', baseCurrency, counted),
      sql<string>`coalesce(sum(p.backers_count) filter (where ${counted}), 0)`.as('pledges'),
    ])
    .executeTakeFirstOrThrow();
  return {
    funded: Number(row.funded),
    live: Number(row.live),
    raised: toBaseFigure(row, baseCurrency),
    pledges: Number(row.pledges),
  };
}
