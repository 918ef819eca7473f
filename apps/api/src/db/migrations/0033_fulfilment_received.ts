import { type Kysely, type RawBuilder, sql } from 'kysely';

/** A pledge the public reward counters count: live or collected, with a reward (DESIGN.md §10, §17). */
const COUNTED_SQL = `reward_id is not null and status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')`;

/**
 * Fulfilment after success (DESIGN.md §17, issue 35): a reward goes null → `sent` (with an optional tracking link)
 * → `received`, confirmed by its backer. The project page says "Rewards sent to 120 of 300 backers" from two
 * counters on the project row, `rewards_sent` (sent or received) and `rewards_total` (live or collected pledges
 * with a reward), so no page counts pledges.
 *
 * The counters are kept by statement triggers on `donations`, as `backings` is (migration 0014): every writer that
 * moves a pledge (payments, changes, cancels, collection, drops, refunds, settlement, seed) keeps them in its own
 * transaction without knowing. A statement adds each project's net change and touches a project only when that is
 * not zero, so collecting a campaign's pledges (live to live) never queues on its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table donations drop constraint donations_fulfilment_status_check`.execute(db);
  await sql`alter table donations add constraint donations_fulfilment_status_check
            check (fulfilment_status in ('sent', 'received'))`.execute(db);
  await db.schema
    .alterTable('donations')
    .addColumn('tracking_url', 'text', (col) => col.check(sql`char_length(tracking_url) <= 500`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('rewards_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rewards_total', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // Each row counted in the new state adds one, each counted in the old state takes one away; a project whose net
  // change is zero is left alone.
  const change = (rows: string) =>
    sql.raw(`
        select ${rows === 'old_rows' ? '-1' : '1'} as total,
               case when fulfilment_status is null then 0 else ${rows === 'old_rows' ? '-1' : '1'} end as sent,
               project_id
        from ${rows} where ${COUNTED_SQL}`);
  const apply = (changes: RawBuilder<unknown>) => sql`
        update projects p set rewards_total = p.rewards_total + c.total, rewards_sent = p.rewards_sent + c.sent
        from (select project_id, sum(total)::integer as total, sum(sent)::integer as sent
              from (${changes}) changed
              group by project_id having sum(total) <> 0 or sum(sent) <> 0) c
        where p.id = c.project_id;`;
  await sql`
    create function reward_counters_after_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(change('new_rows'))}
      elsif tg_op = 'DELETE' then
        ${apply(change('old_rows'))}
      else
        ${apply(sql`${change('new_rows')} union all ${change('old_rows')}`)}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger donations_reward_counters_insert after insert on donations
            referencing new table as new_rows
            for each statement execute function reward_counters_after_change()`.execute(db);
  await sql`create trigger donations_reward_counters_update after update on donations
            referencing old table as old_rows new table as new_rows
            for each statement execute function reward_counters_after_change()`.execute(db);
  await sql`create trigger donations_reward_counters_delete after delete on donations
            referencing old table as old_rows
            for each statement execute function reward_counters_after_change()`.execute(db);

  await sql`
    update projects p set rewards_total = c.total, rewards_sent = c.sent
    from (select project_id, count(*)::integer as total,
                 (count(*) filter (where fulfilment_status is not null))::integer as sent
          from donations where ${sql.raw(COUNTED_SQL)} group by project_id) c
    where p.id = c.project_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'donations_reward_counters_insert',
    'donations_reward_counters_update',
    'donations_reward_counters_delete',
  ])
    await sql`drop trigger ${sql.id(trigger)} on donations`.execute(db);
  await sql`drop function reward_counters_after_change()`.execute(db);
  await db.schema.alterTable('projects').dropColumn('rewards_sent').dropColumn('rewards_total').execute();
  await sql`alter table donations drop constraint donations_fulfilment_status_check`.execute(db);
  await sql`update donations set fulfilment_status = 'sent' where fulfilment_status = 'received'`.execute(db);
  await db.schema
    .alterTable('donations')
    .dropColumn('tracking_url')
    .dropColumn('sent_at')
    .dropColumn('received_at')
    .execute();
  await sql`alter table donations add constraint donations_fulfilment_status_check
            check (fulfilment_status in ('sent'))`.execute(db);
}
