import { type Kysely, sql } from 'kysely';

/**
 * A survey's declined add-ons notification now says why the card was declined (`reason`, a catalog key written in
 * the reader's language), as the payment-declined one does since 0047. Those stored before did not keep the card's
 * code, so they read as the generic decline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update notifications
    set message_values = coalesce(message_values, '{}'::jsonb)
      || '{"reason": {"message": "backing.decline.cardDeclined"}}'::jsonb
    where message = 'api.notification.surveyAddOnsDeclined' and not coalesce(message_values ? 'reason', false)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update notifications set message_values = message_values - 'reason'
    where message = 'api.notification.surveyAddOnsDeclined'
  `.execute(db);
}
