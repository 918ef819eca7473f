import { type Kysely, sql } from 'kysely';

/**
 * Pledge over time (DESIGN.md §20, decision 036). A project may offer it (`pledge_over_time`); a pledge paid so
 * (`pay_over_time`) has its plan in `pledge_instalments`, one row per instalment with its amount in the pledge's
 * minor units and the day it is due. An instalment is claimed for its charge by `claimed_at` (a lease, as the
 * collection's `collecting_since`), and each attempt keys the provider's idempotency. A plan that ends unpaid leaves
 * its pledge at what was paid, `defaulted_at` set: the API reads it `DEFAULTED`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('pledge_over_time', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('donations')
    .addColumn('pay_over_time', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // A plan that ended unpaid: the pledge is what was paid, collected (SUCCEEDED in the counters' and backings'
  // terms, which count it for that), and reads DEFAULTED (decision 036).
  await db.schema.alterTable('donations').addColumn('defaulted_at', 'timestamptz').execute();

  await db.schema
    .createTable('pledge_instalments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('donation_id', 'integer', (col) =>
      col.notNull().references('donations.id').onDelete('cascade'),
    )
    .addColumn('number', 'smallint', (col) => col.notNull().check(sql`number >= 1`))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('due_on', 'date', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('scheduled')
        .check(sql`status in ('scheduled', 'paid', 'failed', 'cancelled')`),
    )
    .addColumn('charged_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('error_code', 'text')
    .addColumn('payment_reference', 'text')
    .addUniqueConstraint('pledge_instalments_number_key', ['donation_id', 'number'])
    .execute();
  // Each instalment collected is a 'donation' row of its own in the ledger, once (as a survey's charge is).
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('instalment_id', 'integer', (col) => col.references('pledge_instalments.id'))
    .execute();
  await sql`drop index ledger_entries_once_idx`.execute(db);
  await sql`create unique index ledger_entries_once_idx on ledger_entries (donation_id, kind)
            where donation_id is not null and survey_charge_id is null and instalment_id is null`.execute(db);
  await sql`create unique index ledger_entries_instalment_idx on ledger_entries (instalment_id, kind)
            where instalment_id is not null`.execute(db);
  // The job's work: instalments still to charge, by the day they are due.
  await sql`create index pledge_instalments_due_idx on pledge_instalments (due_on, id)
            where status in ('scheduled', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entries_instalment_idx`.execute(db);
  await sql`drop index ledger_entries_once_idx`.execute(db);
  await sql`create unique index ledger_entries_once_idx on ledger_entries (donation_id, kind)
            where donation_id is not null and survey_charge_id is null`.execute(db);
  await db.schema.alterTable('ledger_entries').dropColumn('instalment_id').execute();
  await db.schema.dropTable('pledge_instalments').execute();
  await db.schema.alterTable('donations').dropColumn('defaulted_at').execute();
  await db.schema.alterTable('donations').dropColumn('pay_over_time').execute();
  await db.schema.alterTable('projects').dropColumn('pledge_over_time').execute();
}
