import { sql } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';

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
                    count(*) filter (where project_status = 'REJECTED') as held_count,
                    count(*) filter (where total_cents > 0) as live_projects,
                    sum(total_cents) as live_cents
             from backings group by donor_id) b on b.donor_id = s.donor_id
  where (s.active_count, s.successful_count, s.failed_count, s.held_count, s.live_projects, s.live_cents)
        is distinct from (coalesce(b.active_count, 0), coalesce(b.successful_count, 0),
                          coalesce(b.failed_count, 0), coalesce(b.held_count, 0), coalesce(b.live_projects, 0),
                          coalesce(b.live_cents, 0))`;

/**
 * Backers whose totals per currency and rate (migration 0061) differ from their `backings` rows: none, whatever was
 * written. Run by the tests and by the bench after its load.
 */
export const backerCurrencyTotalMismatchesSql = sql<{ donor_id: number }>`
  select distinct coalesce(t.donor_id, b.donor_id) as donor_id
  from (select * from backer_currency_totals where total_cents <> 0) t
  full join (select donor_id, currency, base_rate, sum(total_cents) as total_cents from backings
             group by donor_id, currency, base_rate having sum(total_cents) <> 0) b
    on b.donor_id = t.donor_id and b.currency = t.currency and b.base_rate is not distinct from t.base_rate
  where t.total_cents is distinct from b.total_cents`;

/**
 * Backings (migration 0014) that differ from a recount of their donations: a backer's projects are their live and
 * released pledges, with the live total, the first and last pledge, and the project's status, currency and rate.
 * Run by the tests and by the bench after its load.
 */
export const backingMismatchesSql = sql<{ donor_id: number; project_id: number }>`
  select coalesce(b.donor_id, s.donor_id) as donor_id, coalesce(b.project_id, s.project_id) as project_id
  from backings b
  full join (select d.donor_id, d.project_id, p.status, p.currency, p.base_rate,
                    sum(d.amount_cents) filter (where d.status in (${sql.join(LIVE_PLEDGE_STATUSES)})) as cents,
                    min(d.pledged_at) as first_at, max(d.pledged_at) as last_at
             from donations d join projects p on p.id = d.project_id
             where d.status in (${sql.join(LIVE_PLEDGE_STATUSES)}, 'RELEASED')
                or (d.status = 'REFUNDED' and p.status in ('CANCELED', 'SUSPENDED'))
             group by d.donor_id, d.project_id, p.status, p.currency, p.base_rate) s
    on s.donor_id = b.donor_id and s.project_id = b.project_id
  where b.donor_id is null or s.donor_id is null or b.project_status <> s.status
     or (b.currency, b.base_rate) is distinct from (s.currency, s.base_rate)
     or b.total_cents <> coalesce(s.cents, 0)
     or (b.first_backed_at, b.last_backed_at) is distinct from (s.first_at, s.last_at)`;

/**
 * People whose inbox totals (migration 0042) differ from their threads: how many they are in, and the unread
 * messages on their side. Run by the message tests and by the bench.
 */
export const inboxCounterMismatchesSql = sql<{ id: number }>`
  select u.id from users u
  left join (select user_id, count(*)::integer as threads, sum(unread)::integer as unread from (
               select creator_id as user_id, creator_unread as unread from message_threads
               union all
               select person_id, person_unread from message_threads) sides
             group by user_id) c on c.user_id = u.id
  where (u.inbox_threads, u.inbox_unread) <> (coalesce(c.threads, 0), coalesce(c.unread, 0))`;
