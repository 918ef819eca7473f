import { type Kysely, sql } from 'kysely';

/**
 * A campaign on hold (DESIGN.md §18: a live campaign an admin rejected) stays in its backers' own Backed Projects, so
 * their summary (migration 0018) counts such projects too: `held_count`, the backings whose project is REJECTED. Only
 * a project that went live takes pledges, so every REJECTED backing is one of a campaign on hold. Public views of a
 * backer never count them. Settlement also takes campaigns on hold whose end date passed: a partial index finds
 * them beside `projects_ending_idx`. A live campaign rejected before `activated_at` marked the hold is found by its
 * live pledges and marked.
 */
const refresh = (withHeld: boolean) => sql`
  create or replace function refresh_backer_summaries(donors integer[]) returns void language plpgsql as $$
  begin
    insert into backer_summaries (donor_id, active_count, successful_count, failed_count, live_projects, live_cents)
    select distinct d, 0, 0, 0, 0, 0 from unnest(donors) as d
    -- A backer being deleted takes their backings with them: no row for them.
    where exists (select 1 from users where id = d) order by d
    on conflict (donor_id) do nothing;
    perform 1 from backer_summaries s where s.donor_id = any(donors) order by s.donor_id for update;
    update backer_summaries s set
      active_count = coalesce(t.active_count, 0),
      successful_count = coalesce(t.successful_count, 0),
      failed_count = coalesce(t.failed_count, 0),
      ${withHeld ? sql`held_count = coalesce(t.held_count, 0),` : sql``}
      live_projects = coalesce(t.live_projects, 0),
      live_cents = coalesce(t.live_cents, 0),
      first_live_at = t.first_live_at
    from unnest(donors) as u(donor_id)
    left join (
      select b.donor_id,
             count(*) filter (where b.project_status = 'ACTIVE') as active_count,
             count(*) filter (where b.project_status = 'SUCCESSFUL') as successful_count,
             count(*) filter (where b.project_status = 'FAILED') as failed_count,
             count(*) filter (where b.project_status = 'REJECTED') as held_count,
             count(*) filter (where b.total_cents > 0) as live_projects,
             coalesce(sum(b.total_cents), 0) as live_cents,
             min(b.first_backed_at) filter (where b.total_cents > 0) as first_live_at
      from backings b where b.donor_id = any(donors) group by b.donor_id) t on t.donor_id = u.donor_id
    where s.donor_id = u.donor_id;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Live campaigns rejected before the hold was recorded by `activated_at`: those with pledges were live.
  await sql`update projects p set activated_at = coalesce(p.revocation_date, now())
            where p.status = 'REJECTED' and p.activated_at is null
              and exists (select 1 from donations d where d.project_id = p.id
                          and d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED'))`.execute(
    db,
  );
  await db.schema
    .alterTable('backer_summaries')
    .addColumn('held_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await refresh(true).execute(db);
  await sql`select refresh_backer_summaries(array_agg(distinct donor_id)) from backings
            where project_status = 'REJECTED' having count(*) > 0`.execute(db);
  await sql`create index projects_held_ending_idx on projects (end_date, id)
            where status = 'REJECTED' and activated_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_held_ending_idx`.execute(db);
  await refresh(false).execute(db);
  await db.schema.alterTable('backer_summaries').dropColumn('held_count').execute();
}
