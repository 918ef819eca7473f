import { type Kysely, sql } from 'kysely';
import { createProjectRecords } from './0027_currencies';

/**
 * Campaigns that end early (DESIGN.md §18): CANCELED by their creator, SUSPENDED by an admin, both final.
 *
 * - The project keeps when it ended, the creator's message (its tombstone shows it), and for a suspension the reason
 *   and the admin's message (told to the people concerned, never shown on the page).
 * - Its collected pledges are refunded by the `campaign-refunds` job (resumable, keyed, one process a project at a
 *   time by a lease in `campaign_refund_leases` that a killed process loses when it runs out); a pledge whose money could
 *   not be given back says why in `refund_blocked` (paid out and not recovered, or refused by the provider), for the
 *   admin, and stays SUCCEEDED: nothing is marked refunded that was not.
 * - A pending payout of it is CANCELED; a completed one is REVERSED when the provider takes the transfer back.
 * - A backer keeps the campaign in their own Backed Projects with the refund: a REFUNDED pledge of an ended
 *   campaign is a backing as a RELEASED one is (migration 0014's rule, widened), and each backer's summary counts
 *   ended campaigns by triggers of their own, as 0050 counts campaigns on hold.
 * - `project_records` (migration 0027) reads the new columns as `selectProjects` does.
 */
const BACKED = `('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')`;
const ENDED = `('CANCELED', 'SUSPENDED')`;
const TRIGGERS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

/** migration 0014's refresh_backings, with `backed` the condition a donation (d) of a project (p) is a backing by. */
const refreshBackings = (backed: string, stillBacked: string) => sql`
  create or replace function refresh_backings(donors integer[], projects integer[]) returns void
  language plpgsql as $$
  declare
    rest_donors integer[];
    rest_projects integer[];
  begin
    with touched as (
      select distinct donor_id, project_id from unnest(donors, projects) as u(donor_id, project_id)
    ), inserted as (
      insert into backings (donor_id, project_id, project_status, total_cents, first_backed_at, last_backed_at)
      select d.donor_id, d.project_id, p.status,
             coalesce(sum(d.amount_cents) filter (
               where d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')), 0),
             min(d.pledged_at), max(d.pledged_at)
      from donations d
      join touched t on d.donor_id = t.donor_id and d.project_id = t.project_id
      join projects p on p.id = d.project_id
      where ${sql.raw(backed)}
      group by d.donor_id, d.project_id, p.status
      on conflict (donor_id, project_id) do nothing
      returning donor_id, project_id
    )
    select array_agg(t.donor_id), array_agg(t.project_id) into rest_donors, rest_projects
    from touched t
    where not exists (select 1 from inserted i where i.donor_id = t.donor_id and i.project_id = t.project_id);
    if rest_donors is null then
      return;
    end if;
    perform 1 from backings b
    join unnest(rest_donors, rest_projects) as t(donor_id, project_id)
      on b.donor_id = t.donor_id and b.project_id = t.project_id
    order by b.donor_id, b.project_id
    for update of b;
    update backings b set
      project_status = s.project_status,
      total_cents = s.total_cents,
      first_backed_at = s.first_backed_at,
      last_backed_at = s.last_backed_at
    from (
      select d.donor_id, d.project_id, p.status as project_status,
             coalesce(sum(d.amount_cents) filter (
               where d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')), 0) as total_cents,
             min(d.pledged_at) as first_backed_at, max(d.pledged_at) as last_backed_at
      from donations d
      join unnest(rest_donors, rest_projects) as t(donor_id, project_id)
        on d.donor_id = t.donor_id and d.project_id = t.project_id
      join projects p on p.id = d.project_id
      where ${sql.raw(backed)}
      group by d.donor_id, d.project_id, p.status) s
    where b.donor_id = s.donor_id and b.project_id = s.project_id;
    delete from backings b
    using unnest(rest_donors, rest_projects) as t(donor_id, project_id)
    where b.donor_id = t.donor_id and b.project_id = t.project_id
      and not exists (
        select 1 from donations d
        where d.donor_id = b.donor_id and d.project_id = b.project_id and ${sql.raw(stillBacked)});
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects drop constraint projects_status_check`.execute(db);
  await sql`alter table projects add constraint projects_status_check check (status in
            ('DRAFT', 'PENDING', 'ACTIVE', 'SUCCESSFUL', 'FAILED', 'REJECTED', 'CANCELED', 'SUSPENDED'))`.execute(
    db,
  );
  await db.schema
    .alterTable('projects')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_message', 'text')
    .addColumn('suspension_reason', 'text', (col) =>
      col.check(sql`suspension_reason in ('fraud', 'spam', 'prohibited', 'intellectual_property', 'other')`),
    )
    .addColumn('suspension_message', 'text')
    .execute();
  await db.schema
    .createTable('campaign_refund_leases')
    .addColumn('project_id', 'integer', (col) =>
      col.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('until', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`drop function project_records(integer[])`.execute(db);
  await createProjectRecords(
    db,
    sql`, currency character(3), base_rate numeric, ended_at timestamptz, end_message text, suspension_reason text`,
    sql`, p.currency, p.base_rate, p.ended_at, p.end_message, p.suspension_reason`,
  );
  // The refunds job's work: ended campaigns, a handful among a million projects.
  await sql`create index projects_ended_idx on projects (id) where status in ${sql.raw(ENDED)}`.execute(db);

  await db.schema
    .alterTable('donations')
    .addColumn('refund_blocked', 'text', (col) =>
      col.check(sql`refund_blocked in ('paid_out', 'provider_refused')`),
    )
    .execute();

  await sql`alter table payouts drop constraint payouts_status_check`.execute(db);
  await sql`alter table payouts add constraint payouts_status_check
            check (status in ('PENDING', 'COMPLETED', 'FAILED', 'CANCELED', 'REVERSED'))`.execute(db);
  await db.schema
    .alterTable('payouts')
    .addColumn('reversal_reference', 'text')
    .addColumn('reversal_failed_at', 'timestamptz')
    .execute();

  await refreshBackings(
    `(d.status in ${BACKED} or (d.status = 'REFUNDED' and p.status in ${ENDED}))`,
    `(d.status in ${BACKED} or (d.status = 'REFUNDED' and exists (
       select 1 from projects p where p.id = d.project_id and p.status in ${ENDED})))`,
  ).execute(db);

  await db.schema
    .alterTable('backer_summaries')
    .addColumn('canceled_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('suspended_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    create function refresh_backer_ended(donors integer[]) returns void language plpgsql as $$
    begin
      perform 1 from backer_summaries s where s.donor_id = any(donors) order by s.donor_id for update;
      update backer_summaries s set
        canceled_count = (select count(*) from backings b
                          where b.donor_id = s.donor_id and b.project_status = 'CANCELED'),
        suspended_count = (select count(*) from backings b
                           where b.donor_id = s.donor_id and b.project_status = 'SUSPENDED')
      where s.donor_id = any(donors);
    end $$`.execute(db);
  await sql`
    create function backer_ended_after_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform refresh_backer_ended(array_agg(distinct donor_id)) from new_rows
        where project_status in ${sql.raw(ENDED)} having count(*) > 0;
      elsif tg_op = 'DELETE' then
        perform refresh_backer_ended(array_agg(distinct donor_id)) from old_rows
        where project_status in ${sql.raw(ENDED)} having count(*) > 0;
      else
        perform refresh_backer_ended(array_agg(distinct donor_id))
        from (select donor_id from new_rows where project_status in ${sql.raw(ENDED)}
              union select donor_id from old_rows where project_status in ${sql.raw(ENDED)}) ended
        having count(*) > 0;
      end if;
      return null;
    end $$`.execute(db);
  // Named to fire after 0018's triggers, which make the summary row.
  for (const [event, tables] of TRIGGERS)
    await sql`create trigger ${sql.id(`backings_tally_ended_${event}`)} after ${sql.raw(event)} on backings
              referencing ${sql.raw(tables)} for each statement execute function backer_ended_after_change()`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [event] of TRIGGERS)
    await sql`drop trigger ${sql.id(`backings_tally_ended_${event}`)} on backings`.execute(db);
  await sql`drop function backer_ended_after_change()`.execute(db);
  await sql`drop function refresh_backer_ended(integer[])`.execute(db);
  await db.schema
    .alterTable('backer_summaries')
    .dropColumn('canceled_count')
    .dropColumn('suspended_count')
    .execute();
  await refreshBackings(`d.status in ${BACKED}`, `d.status in ${BACKED}`).execute(db);
  await db.schema
    .alterTable('payouts')
    .dropColumn('reversal_reference')
    .dropColumn('reversal_failed_at')
    .execute();
  await sql`alter table payouts drop constraint payouts_status_check`.execute(db);
  await sql`alter table payouts add constraint payouts_status_check
            check (status in ('PENDING', 'COMPLETED', 'FAILED'))`.execute(db);
  await db.schema.alterTable('donations').dropColumn('refund_blocked').execute();
  await db.schema.dropTable('campaign_refund_leases').execute();
  await sql`drop index projects_ended_idx`.execute(db);
  await sql`drop function project_records(integer[])`.execute(db);
  await createProjectRecords(
    db,
    sql`, currency character(3), base_rate numeric`,
    sql`, p.currency, p.base_rate`,
  );
  await db.schema
    .alterTable('projects')
    .dropColumn('ended_at')
    .dropColumn('end_message')
    .dropColumn('suspension_reason')
    .dropColumn('suspension_message')
    .execute();
  await sql`alter table projects drop constraint projects_status_check`.execute(db);
  await sql`alter table projects add constraint projects_status_check check (status in
            ('DRAFT', 'PENDING', 'ACTIVE', 'SUCCESSFUL', 'FAILED', 'REJECTED'))`.execute(db);
}
