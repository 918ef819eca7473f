import { type Kysely, sql } from 'kysely';

/**
 * One row per backer (issue 17): how many of their projects are running, successful and failed, and what they have
 * pledged in all, so that "Backed projects" counts its tabs and shows the backer's totals with one primary-key read
 * instead of counting 3,000 `backings` entries and summing their donations on every page. Triggers on `backings`
 * (itself kept by triggers, migration 0014) recompute the touched backers' rows, so every writer keeps them.
 *
 * A recount locks the backers' rows first, in backer order, and only then reads `backings`: a concurrent recount of
 * the same backer has committed by then and is seen, and two transactions always take the rows in the same order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backer_summaries')
    .addColumn('donor_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('active_count', 'integer', (col) => col.notNull())
    .addColumn('successful_count', 'integer', (col) => col.notNull())
    .addColumn('failed_count', 'integer', (col) => col.notNull())
    // Live pledges only: released ones keep their project in the list, at nothing.
    .addColumn('live_projects', 'integer', (col) => col.notNull())
    .addColumn('live_cents', 'bigint', (col) => col.notNull())
    .addColumn('first_live_at', 'timestamptz')
    .execute();

  await sql`
    create function refresh_backer_summaries(donors integer[]) returns void language plpgsql as $$
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
        live_projects = coalesce(t.live_projects, 0),
        live_cents = coalesce(t.live_cents, 0),
        first_live_at = t.first_live_at
      from unnest(donors) as u(donor_id)
      left join (
        select b.donor_id,
               count(*) filter (where b.project_status = 'ACTIVE') as active_count,
               count(*) filter (where b.project_status = 'SUCCESSFUL') as successful_count,
               count(*) filter (where b.project_status = 'FAILED') as failed_count,
               count(*) filter (where b.total_cents > 0) as live_projects,
               coalesce(sum(b.total_cents), 0) as live_cents,
               min(b.first_backed_at) filter (where b.total_cents > 0) as first_live_at
        from backings b where b.donor_id = any(donors) group by b.donor_id) t on t.donor_id = u.donor_id
      where s.donor_id = u.donor_id;
    end $$`.execute(db);
  await sql`
    create function backer_summaries_after_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform refresh_backer_summaries(array_agg(distinct donor_id)) from new_rows having count(*) > 0;
      elsif tg_op = 'DELETE' then
        perform refresh_backer_summaries(array_agg(distinct donor_id)) from old_rows having count(*) > 0;
      else
        perform refresh_backer_summaries(array_agg(distinct donor_id))
        from (select donor_id from new_rows union select donor_id from old_rows) changed having count(*) > 0;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger backings_summaries_insert after insert on backings referencing new table as new_rows
            for each statement execute function backer_summaries_after_change()`.execute(db);
  await sql`create trigger backings_summaries_update after update on backings
            referencing old table as old_rows new table as new_rows
            for each statement execute function backer_summaries_after_change()`.execute(db);
  await sql`create trigger backings_summaries_delete after delete on backings referencing old table as old_rows
            for each statement execute function backer_summaries_after_change()`.execute(db);

  await sql`select refresh_backer_summaries(array_agg(distinct donor_id)) from backings having count(*) > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'backings_summaries_insert',
    'backings_summaries_update',
    'backings_summaries_delete',
  ])
    await sql`drop trigger ${sql.id(trigger)} on backings`.execute(db);
  await sql`drop function backer_summaries_after_change()`.execute(db);
  await sql`drop function refresh_backer_summaries(integer[])`.execute(db);
  await db.schema.dropTable('backer_summaries').execute();
}
