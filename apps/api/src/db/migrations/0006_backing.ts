import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rewards')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('minimum_cents', 'bigint', (col) => col.notNull().check(sql`minimum_cents >= 100`))
    .addColumn('quantity_available', 'integer')
    .addColumn('quantity_claimed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quantity_reserved', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('backers_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('estimated_delivery_date', 'date', (col) => col.notNull())
    .addColumn('shipping_type', 'text', (col) =>
      col
        .notNull()
        .defaultTo('none')
        .check(sql`shipping_type in ('none', 'domestic', 'international')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The database itself refuses an oversold reward, whatever the code does.
    .addCheckConstraint(
      'rewards_stock',
      sql`quantity_claimed >= 0 and quantity_reserved >= 0 and (quantity_available is null or quantity_claimed + quantity_reserved <= quantity_available)`,
    )
    .execute();
  await db.schema
    .createIndex('rewards_project_idx')
    .on('rewards')
    .columns(['project_id', 'minimum_cents'])
    .execute();

  await db.schema
    .createTable('donations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('reward_id', 'integer', (col) => col.references('rewards.id'))
    .addColumn('donor_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status in ('PENDING', 'SUCCEEDED', 'CANCELED', 'EXPIRED', 'FAILED', 'REFUNDED')`),
    )
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('checkout_session_id', 'text', (col) => col.unique())
    .addColumn('payment_reference', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('succeeded_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index donations_donor_idx on donations (donor_id, project_id) where status = 'SUCCEEDED'`.execute(
    db,
  );
  await sql`create index donations_project_idx on donations (project_id, status)`.execute(db);
  await sql`create index donations_recent_idx on donations (succeeded_at desc, project_id) where status = 'SUCCEEDED'`.execute(
    db,
  );
  await sql`create index donations_pending_idx on donations (expires_at) where status = 'PENDING'`.execute(
    db,
  );

  // Every provider event applied, recorded in the same transaction as its effect: each applies once.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Append-only money movements: one row per donation, refund or payout, all in integer cents.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('donation_id', 'integer', (col) => col.references('donations.id'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('donation', 'refund', 'payout', 'payout_reversal')`),
    )
    .addColumn('gross_cents', 'bigint', (col) => col.notNull())
    .addColumn('processing_fee_cents', 'bigint', (col) => col.notNull())
    .addColumn('platform_fee_cents', 'bigint', (col) => col.notNull())
    .addColumn('net_cents', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'ledger_entries_balanced',
      sql`net_cents = gross_cents - processing_fee_cents - platform_fee_cents`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_entries_project_idx')
    .on('ledger_entries')
    .column('project_id')
    .execute();
  await sql`create unique index ledger_entries_once_idx on ledger_entries (donation_id, kind) where donation_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('set null'))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notifications', 'ledger_entries', 'payment_events', 'donations', 'rewards']) {
    await db.schema.dropTable(table).execute();
  }
}
