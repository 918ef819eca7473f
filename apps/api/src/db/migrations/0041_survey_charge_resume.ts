import { type Kysely, sql } from 'kysely';

/**
 * A survey charge (DESIGN.md §17) that did not settle — the provider could not be reached, or the process died
 * between the pending row's commit and its settlement — stays `pending` with its stock held, and the
 * `survey-charges` job charges it again with the same key once its last attempt is older than a lease (decision 026).
 * `attempted_at` is that last attempt; the partial index holds only the pending rows, so the job's scan is as small
 * as what it has to do. A refunded pledge refunds each of its survey charges on its own payment: `refund_reference`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('survey_charges')
    .addColumn('attempted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('refund_reference', 'text')
    .execute();
  await sql`create index survey_charges_pending_idx on survey_charges (attempted_at) where status = 'pending'`.execute(
    db,
  );
  // Whose refund the provider reports: a survey charge's payment, looked up by its reference.
  await sql`create index survey_charges_payment_reference_idx on survey_charges (payment_reference) where payment_reference is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index survey_charges_payment_reference_idx`.execute(db);
  await sql`drop index survey_charges_pending_idx`.execute(db);
  await db.schema
    .alterTable('survey_charges')
    .dropColumn('refund_reference')
    .dropColumn('attempted_at')
    .execute();
}
