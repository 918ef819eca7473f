import { type Kysely, sql } from 'kysely';

/**
 * A failed payout's reason is one of the codes the creator's history names (`PAYOUT_FAILURE_REASONS`), never free
 * text: anything else stored before reads as the transfer having failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update payouts set failure_reason = 'transfer_failed'
    where failure_reason is not null and failure_reason not in ('insufficient_funds', 'transfer_failed')
  `.execute(db);
  await sql`
    alter table payouts add constraint payouts_failure_reason_check
    check (failure_reason in ('insufficient_funds', 'transfer_failed'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payouts drop constraint payouts_failure_reason_check`.execute(db);
}
