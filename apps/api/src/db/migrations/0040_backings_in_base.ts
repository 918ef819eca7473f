import { type Kysely, sql } from 'kysely';

/**
 * A backer's total in the base currency (Backed Projects, DESIGN.md §15) summed each backing through its project's
 * currency and rate: 3,000 probes of `projects` (24 ms) on every page of a heavy backer. Each backing now carries
 * its project's currency and rate, set as it is made and copied when the project's change (as its status is), so
 * the sum is a range of the backer's index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('backings')
    .addColumn('currency', sql`char(3)`)
    .addColumn('base_rate', 'numeric')
    .execute();
  await sql`update backings b set currency = p.currency, base_rate = p.base_rate
            from projects p where p.id = b.project_id`.execute(db);
  await sql`alter table backings alter column currency set not null`.execute(db);

  await sql`
    create function backings_project_money() returns trigger language plpgsql as $$
    begin
      select currency, base_rate into new.currency, new.base_rate from projects where id = new.project_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger backings_project_money before insert on backings
            for each row execute function backings_project_money()`.execute(db);
  await sql`
    create or replace function backings_project_status() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      for changed in
        select n.id, n.status, n.currency, n.base_rate from new_rows n join old_rows o on o.id = n.id
        where (n.status, n.currency, n.base_rate) is distinct from (o.status, o.currency, o.base_rate)
      loop
        update backings set project_status = changed.status, currency = changed.currency,
                            base_rate = changed.base_rate
        where project_id = changed.id;
      end loop;
      return null;
    end $$`.execute(db);

  await sql`drop index backings_donor_recent_idx`.execute(db);
  await sql`create index backings_donor_recent_idx on backings (donor_id, last_backed_at desc, project_id desc)
            include (project_status, total_cents, first_backed_at, currency, base_rate)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index backings_donor_recent_idx`.execute(db);
  await sql`create index backings_donor_recent_idx on backings (donor_id, last_backed_at desc, project_id desc)
            include (project_status, total_cents, first_backed_at)`.execute(db);
  await sql`
    create or replace function backings_project_status() returns trigger language plpgsql as $$
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
  await sql`drop trigger backings_project_money on backings`.execute(db);
  await sql`drop function backings_project_money()`.execute(db);
  await db.schema.alterTable('backings').dropColumn('base_rate').dropColumn('currency').execute();
}
