import { sql } from 'kysely';

/**
 * Backers whose summary row (migration 0018) differs from what their `backings` rows say: none, whatever was
 * written. Run by the tests and by the bench after its load.
 */
export const backerSummaryMismatchesSql = sql<{ donor_id: number }>`
  select coalesce(s.donor_id, b.donor_id) as donor_id
  from backer_summaries s
  full join (select donor_id,
                    count(*) filter (where project_status = 'ACTIVE') as active_count,
                    count(*) filter (where project_status = 'SUCCESSFUL') as successful_count,
                    count(*) filter (where project_status = 'FAILED') as failed_count,
                    count(*) filter (where total_cents > 0) as live_projects,
                    sum(total_cents) as live_cents
             from backings group by donor_id) b on b.donor_id = s.donor_id
  where (s.active_count, s.successful_count, s.failed_count, s.live_projects, s.live_cents)
        is distinct from (coalesce(b.active_count, 0), coalesce(b.successful_count, 0),
                          coalesce(b.failed_count, 0), coalesce(b.live_projects, 0), coalesce(b.live_cents, 0))`;
