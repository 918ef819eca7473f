import { type Kysely, sql } from 'kysely';

/**
 * A campaign on hold (DESIGN.md §18: a live campaign an admin rejected) stays in its backers' own Backed Projects, so
 * their summary (migration 0018) counts such projects too: `held_count`, the backings whose project is REJECTED. Only
 * a project that went live takes pledges, so every REJECTED backing is one of a campaign on hold. Public views of a
 * backer never count them.
 *
 * The count is kept by triggers of its own that act only on statements touching a REJECTED backing (rare: a hold,
 * its end, a cancel while it lasts), so the writes of every other backing pay nothing for it. They are named to fire
 * after 0018's, which make the summary row.
 *
 * Settlement also takes campaigns on hold whose end date passed: a partial index finds them beside
 * `projects_ending_idx`. A live campaign rejected before `activated_at` marked the hold is found by its live pledges
 * and marked.
 */
/** The statements that fire the count, with the transition tables each passes. */
const TRIGGERS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('backer_summaries')
    .addColumn('held_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    create function refresh_backer_held(donors integer[]) returns void language plpgsql as $$
    begin
      perform 1 from backer_summaries s where s.donor_id = any(donors) order by s.donor_id for update;
      update backer_summaries s set held_count = (
        select count(*) from backings b where b.donor_id = s.donor_id and b.project_status = 'REJECTED')
      where s.donor_id = any(donors);
    end $$`.execute(db);
  await sql`
    create function backer_held_after_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform refresh_backer_held(array_agg(distinct donor_id)) from new_rows
        where project_status = 'REJECTED' having count(*) > 0;
      elsif tg_op = 'DELETE' then
        perform refresh_backer_held(array_agg(distinct donor_id)) from old_rows
        where project_status = 'REJECTED' having count(*) > 0;
      else
        perform refresh_backer_held(array_agg(distinct donor_id))
        from (select donor_id from new_rows where project_status = 'REJECTED'
              union select donor_id from old_rows where project_status = 'REJECTED') held
        having count(*) > 0;
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, tables] of TRIGGERS)
    await sql`create trigger ${sql.id(`backings_tally_held_${event}`)} after ${sql.raw(event)} on backings
              referencing ${sql.raw(tables)} for each statement execute function backer_held_after_change()`.execute(
      db,
    );

  await sql`update projects p set activated_at = coalesce(p.revocation_date, now())
            where p.status = 'REJECTED' and p.activated_at is null
              and exists (select 1 from donations d where d.project_id = p.id
                          and d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED'))`.execute(
    db,
  );
  await sql`select refresh_backer_held(array_agg(distinct donor_id)) from backings
            where project_status = 'REJECTED' having count(*) > 0`.execute(db);
  await sql`create index projects_held_ending_idx on projects (end_date, id)
            where status = 'REJECTED' and activated_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_held_ending_idx`.execute(db);
  for (const [event] of TRIGGERS)
    await sql`drop trigger ${sql.id(`backings_tally_held_${event}`)} on backings`.execute(db);
  await sql`drop function backer_held_after_change()`.execute(db);
  await sql`drop function refresh_backer_held(integer[])`.execute(db);
  await db.schema.alterTable('backer_summaries').dropColumn('held_count').execute();
}
