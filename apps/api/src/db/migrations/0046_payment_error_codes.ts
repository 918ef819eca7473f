import { type Kysely, sql } from 'kysely';

/**
 * A declined charge keeps the provider's code, not its English sentence (DESIGN.md §14): `payment_error` of a
 * pledge and `reason` of a survey charge held Stripe's message ("Your card has insufficient funds."), which the
 * backer then read in English whatever their language. Both are now `payment_error_code` (Stripe's `decline_code`,
 * else its error `code`), written in the reader's language when shown. The sentences Stripe and our own code wrote
 * become their code; any other becomes the generic decline, which is all such a row could be shown as anyway.
 */
const CODE_OF_MESSAGE: Record<string, string> = {
  'Your card was declined.': 'card_declined',
  'Your card has insufficient funds.': 'insufficient_funds',
  'Your card has expired.': 'expired_card',
  "Your card's security code is incorrect.": 'incorrect_cvc',
  'Your card’s security code is incorrect.': 'incorrect_cvc',
  "Your card's security code is invalid.": 'incorrect_cvc',
  'Your card number is incorrect.': 'incorrect_number',
  'Your card number is invalid.': 'incorrect_number',
  'An error occurred while processing your card. Try again in a little bit.': 'processing_error',
  'Your bank asked to confirm this payment.': 'authentication_required',
  'Your card was declined. This transaction requires authentication.': 'authentication_required',
  'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.':
    'card_velocity_exceeded',
  'Your card does not support this type of purchase.': 'card_not_supported',
  'Your card does not support this currency.': 'currency_not_supported',
};

const GENERIC = 'card_declined';

function toCodes(db: Kysely<unknown>, table: 'donations' | 'survey_charges') {
  const cases = Object.entries(CODE_OF_MESSAGE).map(([message, code]) => sql`when ${message} then ${code}`);
  return sql`
    update ${sql.table(table)}
    set payment_error_code = case payment_error_code ${sql.join(cases, sql` `)} else ${GENERIC} end
    where payment_error_code is not null
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table donations rename column payment_error to payment_error_code`.execute(db);
  await sql`alter table survey_charges rename column reason to payment_error_code`.execute(db);
  await toCodes(db, 'donations');
  await toCodes(db, 'survey_charges');
}

/** The names only: a code stays a code, which the old code showed as it was. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table survey_charges rename column payment_error_code to reason`.execute(db);
  await sql`alter table donations rename column payment_error_code to payment_error`.execute(db);
}
