import { type Kysely, sql } from 'kysely';

/**
 * A backer's total in the base currency (Backed Projects and the profile, DESIGN.md §15) was summed over every one of
 * their backings on every page: at ten times the bench's data the heavy backer's 30,000 backings took 21 of a page's
 * 22 ms in PostgreSQL (issue 54). Their backings are now also added up per currency and rate as they change, one row
 * per backer, currency and rate, so the total converts a handful of rows.
 *
 * Triggers on `backings` add what each statement changed (new rows less old rows, per backer, currency and rate),
 * rather than counting a backer again: additions commute, so concurrent pledges of one backer need no lock beyond the
 * row each upsert takes, and the rows are taken in key order. A backer being deleted takes their backings with them:
 * nothing is added for them. A sum that comes to 0 keeps its row (a currency that held nothing counts as none).
 */
/** Adds the money `moved` names (donor_id, currency, base_rate, cents) to the backers' totals, in key order. */
const addMoved = (moved: string) =>
  sql.raw(`
    insert into backer_currency_totals as t (donor_id, currency, base_rate, total_cents)
    select m.donor_id, m.currency, m.base_rate, sum(m.cents)
    from (${moved}) as m (donor_id, currency, base_rate, cents)
    where exists (select 1 from users u where u.id = m.donor_id)
    group by m.donor_id, m.currency, m.base_rate
    having sum(m.cents) <> 0
    order by m.donor_id, m.currency, m.base_rate
    on conflict (donor_id, currency, base_rate) do update set total_cents = t.total_cents + excluded.total_cents`);

const TRIGGERS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table backer_currency_totals (
      donor_id integer not null references users (id) on delete cascade,
      currency char(3) not null,
      base_rate numeric,
      total_cents bigint not null
    )`.execute(db);
  // A project without a rate yet is a currency of its own with no rate: null is one key, not a new one each time.
  await sql`create unique index backer_currency_totals_key on backer_currency_totals (donor_id, currency, base_rate)
            nulls not distinct`.execute(db);

  await sql`
    create function backer_currency_totals_after_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${addMoved('select donor_id, currency, base_rate, total_cents as cents from new_rows')};
      elsif tg_op = 'DELETE' then
        ${addMoved('select donor_id, currency, base_rate, -total_cents from old_rows')};
      else
        -- Most updates (a project's status, the dates of a backing) move no money: they add nothing.
        ${addMoved(`
          select moved.* from new_rows n
          join old_rows o on o.donor_id = n.donor_id and o.project_id = n.project_id
          cross join lateral (values (n.donor_id, n.currency, n.base_rate, n.total_cents),
                                     (o.donor_id, o.currency, o.base_rate, -o.total_cents)) moved
          where (n.currency, n.base_rate, n.total_cents) is distinct from (o.currency, o.base_rate, o.total_cents)`)};
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, tables] of TRIGGERS)
    await sql`create trigger ${sql.id(`backings_currency_totals_${event}`)} after ${sql.raw(event)} on backings
              referencing ${sql.raw(tables)} for each statement
              execute function backer_currency_totals_after_change()`.execute(db);

  await sql`insert into backer_currency_totals (donor_id, currency, base_rate, total_cents)
            select donor_id, currency, base_rate, sum(total_cents) from backings
            group by donor_id, currency, base_rate having sum(total_cents) <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [event] of TRIGGERS)
    await sql`drop trigger ${sql.id(`backings_currency_totals_${event}`)} on backings`.execute(db);
  await sql`drop function backer_currency_totals_after_change()`.execute(db);
  await sql`drop table backer_currency_totals`.execute(db);
}
