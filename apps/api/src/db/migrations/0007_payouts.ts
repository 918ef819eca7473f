import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A creator's account at the payment provider (Stripe Connect Express, or the sandbox's).
  await db.schema
    .createTable('bank_accounts')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull().unique())
    .addColumn('payouts_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('requirements_due', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('creator_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('fee_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('PENDING', 'COMPLETED', 'FAILED')`),
    )
    .addColumn('transfer_reference', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await sql`create index payouts_project_idx on payouts (project_id, created_at desc)`.execute(db);
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('payout_id', 'integer', (col) => col.references('payouts.id'))
    .execute();
  await sql`create unique index ledger_entries_payout_once_idx on ledger_entries (payout_id, kind) where payout_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_entries').dropColumn('payout_id').execute();
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('bank_accounts').execute();
}
