import { type Kysely, sql } from 'kysely';

/**
 * Pledges charged when an all-or-nothing campaign succeeds (DESIGN.md §10, decision 009). Donations already
 * charged stay SUCCEEDED with their refund path; a pledge becomes live at `pledged_at`, which for them is the
 * moment they were paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table donations drop constraint donations_status_check`.execute(db);
  await sql`alter table donations add constraint donations_status_check check (status in (
    'PENDING', 'PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'CANCELED', 'RELEASED', 'DROPPED',
    'EXPIRED', 'FAILED', 'REFUNDED'))`.execute(db);
  await db.schema
    .alterTable('donations')
    .addColumn('funding_model', 'text')
    .addColumn('pledged_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('shipping_cents', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`shipping_cents >= 0`),
    )
    .addColumn('shipping_address', 'jsonb')
    .addColumn('fulfilment_status', 'text', (col) => col.check(sql`fulfilment_status in ('sent')`))
    // The saved card an all-or-nothing pledge is charged with, and the provider's customer it belongs to.
    .addColumn('payment_method', 'text')
    .addColumn('payment_customer', 'text')
    // Collection: the attempt number keys the provider's idempotency, so a retried attempt never charges twice.
    .addColumn('collection_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('collecting_since', 'timestamptz')
    .addColumn('next_collection_at', 'timestamptz')
    .addColumn('payment_failed_at', 'timestamptz')
    .addColumn('payment_error', 'text')
    .execute();
  await sql`update donations d set funding_model = p.funding_model, pledged_at = d.succeeded_at
            from projects p where p.id = d.project_id`.execute(db);
  await sql`alter table donations alter column funding_model set not null`.execute(db);
  await sql`alter table donations add constraint donations_funding_model_check
            check (funding_model in ('all_or_nothing', 'flexible'))`.execute(db);

  // One open pledge per backer and project. Older charged duplicates (SUCCEEDED) stay as they were; new ones are
  // refused by the service, which also finds a SUCCEEDED pledge. Duplicate open checkouts are closed first.
  await sql`update donations d set status = 'EXPIRED', updated_at = now()
            where d.status = 'PENDING' and exists (
              select 1 from donations o where o.donor_id = d.donor_id and o.project_id = d.project_id
              and o.status = 'PENDING' and o.id > d.id)`.execute(db);
  await sql`update rewards r set quantity_reserved = (
              select count(*) from donations d where d.reward_id = r.id and d.status = 'PENDING')`.execute(
    db,
  );
  await sql`create unique index donations_one_open_idx on donations (donor_id, project_id)
            where status in ('PENDING', 'PLEDGED', 'COLLECTING', 'PAYMENT_FAILED')`.execute(db);

  // Backed projects (live pledges, and released ones of failed campaigns) and trending read pledges by the time
  // they became live.
  await sql`drop index donations_donor_idx`.execute(db);
  await sql`create index donations_donor_idx on donations (donor_id, project_id) include (amount_cents, pledged_at)
            where status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED', 'RELEASED')`.execute(db);
  await sql`drop index donations_recent_idx`.execute(db);
  await sql`create index donations_recent_idx on donations (pledged_at desc, project_id)
            where status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')`.execute(db);
  // The collection job's work: pledges to charge, attempts to resume or retry.
  await sql`create index donations_to_collect_idx on donations (project_id, id) where status = 'PLEDGED'`.execute(
    db,
  );
  await sql`create index donations_collection_due_idx on donations (next_collection_at)
            where status in ('COLLECTING', 'PAYMENT_FAILED')`.execute(db);

  // One customer at the provider per user, made on the first pledge that saves a card.
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_customers_pk', ['user_id', 'provider'])
    .execute();

  await db.schema
    .alterTable('rewards')
    .addColumn('shipping_rules', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rewards').dropColumn('shipping_rules').execute();
  await db.schema.dropTable('payment_customers').execute();
  for (const index of [
    'donations_collection_due_idx',
    'donations_to_collect_idx',
    'donations_recent_idx',
    'donations_donor_idx',
    'donations_one_open_idx',
  ]) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  await sql`create index donations_donor_idx on donations (donor_id, project_id) where status = 'SUCCEEDED'`.execute(
    db,
  );
  await sql`create index donations_recent_idx on donations (succeeded_at desc, project_id) where status = 'SUCCEEDED'`.execute(
    db,
  );
  await db.schema.alterTable('donations').dropConstraint('donations_funding_model_check').execute();
  await db.schema
    .alterTable('donations')
    .dropColumn('funding_model')
    .dropColumn('pledged_at')
    .dropColumn('canceled_at')
    .dropColumn('shipping_cents')
    .dropColumn('shipping_address')
    .dropColumn('fulfilment_status')
    .dropColumn('payment_method')
    .dropColumn('payment_customer')
    .dropColumn('collection_attempts')
    .dropColumn('collecting_since')
    .dropColumn('next_collection_at')
    .dropColumn('payment_failed_at')
    .dropColumn('payment_error')
    .execute();
}
