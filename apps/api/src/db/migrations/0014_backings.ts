import { type Kysely, sql } from 'kysely';

/**
 * A backer's projects as rows (issue 17): one per backer and project they backed, with the backer's live total, the
 * first and last time they backed it, and the project's status. "Backed projects" is then a range of one index
 * instead of summing thousands of donations and probing each project's status on every page (10 ms for a backer
 * of 3,000 projects). Triggers keep the rows in the statement that changes a donation or a project's status, so
 * every writer (payments, refunds, collection, moderation, seed and bench generators) keeps them without knowing.
 *
 * A refresh recomputes the touched pairs from their donations rather than adding deltas: the dates cannot be
 * maintained by deltas when a pledge is canceled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backings')
    .addColumn('donor_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_status', 'text', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addColumn('first_backed_at', 'timestamptz')
    .addColumn('last_backed_at', 'timestamptz')
    .addPrimaryKeyConstraint('backings_pk', ['donor_id', 'project_id'])
    .execute();
  // The page and its count, newest backing first, read from the index alone.
  await sql`create index backings_donor_recent_idx on backings (donor_id, last_backed_at desc, project_id desc)
            include (project_status, total_cents, first_backed_at)`.execute(db);
  await sql`create index backings_project_idx on backings (project_id)`.execute(db);

  // Backed = a live pledge, or one released by a failed campaign; the total counts live pledges only.
  await sql`
    create function refresh_backings(donors integer[], projects integer[]) returns void
    language plpgsql as $$
    declare
      rest_donors integer[];
      rest_projects integer[];
    begin
      -- Pairs new to the table are inserted with their sums at once (the bulk of a generator's insert); a
      -- concurrent insert of the same pair waits for this one and then takes the path below.
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
        where d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')
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
      -- The other pairs: their rows are locked first, so the recount below runs on a snapshot taken after any
      -- other transaction refreshing them has committed.
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
        where d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')
        group by d.donor_id, d.project_id, p.status) s
      where b.donor_id = s.donor_id and b.project_id = s.project_id;
      delete from backings b
      using unnest(rest_donors, rest_projects) as t(donor_id, project_id)
      where b.donor_id = t.donor_id and b.project_id = t.project_id
        and not exists (
          select 1 from donations d
          where d.donor_id = b.donor_id and d.project_id = b.project_id
            and d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED'));
    end $$`.execute(db);

  // Only changes that can move a backing refresh it: a donation's status, amount or live date.
  await sql`
    create function backings_after_insert() returns trigger language plpgsql as $$
    begin
      perform refresh_backings(array_agg(donor_id), array_agg(project_id)) from new_rows
      where status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')
      having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function backings_after_update() returns trigger language plpgsql as $$
    begin
      perform refresh_backings(array_agg(n.donor_id) || array_agg(o.donor_id),
                               array_agg(n.project_id) || array_agg(o.project_id))
      from new_rows n join old_rows o on o.id = n.id
      where (n.status, n.amount_cents, n.pledged_at, n.donor_id, n.project_id)
            is distinct from (o.status, o.amount_cents, o.pledged_at, o.donor_id, o.project_id)
        and (n.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')
             or o.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED'))
      having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function backings_after_delete() returns trigger language plpgsql as $$
    begin
      perform refresh_backings(array_agg(donor_id), array_agg(project_id)) from old_rows having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger donations_backings_insert after insert on donations
            referencing new table as new_rows for each statement execute function backings_after_insert()`.execute(
    db,
  );
  await sql`create trigger donations_backings_update after update on donations
            referencing old table as old_rows new table as new_rows
            for each statement execute function backings_after_update()`.execute(db);
  await sql`create trigger donations_backings_delete after delete on donations
            referencing old table as old_rows for each statement execute function backings_after_delete()`.execute(
    db,
  );

  // A project's status is copied to its backings when it changes (settlement, moderation). Most updates of a
  // project move its counters only: they leave after one look at the changed rows. Each changed project's rows
  // are then found by `backings_project_idx` (a join with the transition tables would be planned blind).
  await sql`
    create function backings_project_status() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      for changed in
        select n.id, n.status from new_rows n join old_rows o on o.id = n.id where n.status <> o.status
      loop
        update backings set project_status = changed.status where project_id = changed.id;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create trigger projects_backings_status after update on projects
            referencing old table as old_rows new table as new_rows
            for each statement execute function backings_project_status()`.execute(db);

  await sql`
    insert into backings (donor_id, project_id, project_status, total_cents, first_backed_at, last_backed_at)
    select d.donor_id, d.project_id, p.status,
           coalesce(sum(d.amount_cents) filter (
             where d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')), 0),
           min(d.pledged_at), max(d.pledged_at)
    from donations d join projects p on p.id = d.project_id
    where d.status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')
    group by d.donor_id, d.project_id, p.status`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger projects_backings_status on projects`.execute(db);
  for (const trigger of [
    'donations_backings_insert',
    'donations_backings_update',
    'donations_backings_delete',
  ])
    await sql`drop trigger ${sql.id(trigger)} on donations`.execute(db);
  for (const fn of [
    'backings_project_status',
    'backings_after_delete',
    'backings_after_update',
    'backings_after_insert',
  ])
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  await sql`drop function refresh_backings(integer[], integer[])`.execute(db);
  await db.schema.dropTable('backings').execute();
}
