import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §17: the backer survey. One survey per project (sent, locked), its questions (per reward, per add-on or
 * for every pledge), one response per collected pledge (its answers, when it was answered, when its backer was last
 * reminded), and the add-ons bought in a survey, each charged once off-session with the pledge's saved card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('surveys')
    .addColumn('project_id', 'integer', (col) =>
      col.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('sent_at', 'timestamptz')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('survey_questions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) =>
      col.notNull().references('surveys.project_id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('choice', 'text')`))
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('reward_id', 'integer', (col) => col.references('rewards.id').onDelete('cascade'))
    .addColumn('add_on_id', 'integer', (col) => col.references('add_ons.id').onDelete('cascade'))
    // A question removed once the survey was sent stays, hidden, so the answers it had stay readable (the CSV).
    .addColumn('removed_at', 'timestamptz')
    .addCheckConstraint('survey_questions_one_target', sql`reward_id is null or add_on_id is null`)
    .execute();
  await db.schema
    .createIndex('survey_questions_project_idx')
    .on('survey_questions')
    .columns(['project_id', 'position'])
    .execute();

  await db.schema
    .createTable('survey_responses')
    .addColumn('donation_id', 'integer', (col) =>
      col.primaryKey().references('donations.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'integer', (col) =>
      col.notNull().references('surveys.project_id').onDelete('cascade'),
    )
    // `{"<question id>": "value"}`: one read and one write per backer, a page of them in one query.
    .addColumn('answers', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('invited_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_reminded_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The reminder job reads the unanswered responses of a project.
  await sql`create index survey_responses_unanswered_idx on survey_responses (project_id) where answered_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('survey_charges')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('donation_id', 'integer', (col) => col.notNull().references('donations.id'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('shipping_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('currency', 'text', (col) => col.notNull())
    // `[{add_on_id, quantity, price_cents, shipping_cents}]`: what the charge buys, stock claimed while pending.
    .addColumn('lines', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'succeeded', 'declined')`),
    )
    .addColumn('payment_reference', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('survey_charges_donation_idx')
    .on('survey_charges')
    .column('donation_id')
    .execute();

  // A survey charge is a second 'donation' row of its pledge: the once-per-pledge index leaves those out, and
  // each charge has its own row once.
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('survey_charge_id', 'integer', (col) => col.references('survey_charges.id'))
    .execute();
  await sql`drop index ledger_entries_once_idx`.execute(db);
  await sql`create unique index ledger_entries_once_idx on ledger_entries (donation_id, kind) where donation_id is not null and survey_charge_id is null`.execute(
    db,
  );
  await sql`create unique index ledger_entries_survey_charge_idx on ledger_entries (survey_charge_id) where survey_charge_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entries_survey_charge_idx`.execute(db);
  await sql`delete from ledger_entries where survey_charge_id is not null`.execute(db);
  await sql`drop index ledger_entries_once_idx`.execute(db);
  await sql`create unique index ledger_entries_once_idx on ledger_entries (donation_id, kind) where donation_id is not null`.execute(
    db,
  );
  await db.schema.alterTable('ledger_entries').dropColumn('survey_charge_id').execute();
  await db.schema.dropTable('survey_charges').execute();
  await db.schema.dropTable('survey_responses').execute();
  await db.schema.dropTable('survey_questions').execute();
  await db.schema.dropTable('surveys').execute();
}
