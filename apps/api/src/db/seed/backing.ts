import type { Kysely } from 'kysely';
import { percentOfCents } from '@fundry/shared';
import { processingFeeCents } from '../../modules/payments/provider';
import { insertLedgerEntry, moveProjectCounters } from '../../modules/payments/payments.repository';
import type { DB } from '../schema';

const PLATFORM_FEE_PERCENT = 5;

/**
 * A paid pledge for the demo: the same rows a sandbox payment leaves (succeeded donation, ledger entry with
 * the same fees, counters moved), without going through a checkout at start-up.
 */
export async function seedPaidPledge(db: Kysely<DB>, projectId: number, donorId: number, cents: number) {
  const paidAt = new Date(Date.now() - Math.floor(Math.random() * 6 * 86_400_000));
  const donation = await db
    .insertInto('donations')
    .values({
      project_id: projectId,
      reward_id: null,
      donor_id: donorId,
      amount_cents: cents,
      status: 'SUCCEEDED',
      provider: 'sandbox',
      checkout_session_id: `cs_seed_${projectId}_${donorId}_${cents}_${paidAt.getTime()}`,
      payment_reference: `pi_seed_${projectId}_${donorId}_${paidAt.getTime()}`,
      expires_at: paidAt,
      succeeded_at: paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const firstTime = !(await db
    .selectFrom('donations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('donor_id', '=', donorId)
    .where('status', '=', 'SUCCEEDED')
    .where('id', '<>', donation.id)
    .executeTakeFirst());
  await moveProjectCounters(db, projectId, cents, firstTime ? 1 : 0);
  const processing = processingFeeCents(cents);
  await insertLedgerEntry(db, {
    project_id: projectId,
    donation_id: donation.id,
    kind: 'donation',
    gross_cents: cents,
    processing_fee_cents: processing,
    platform_fee_cents: Math.min(cents - processing, percentOfCents(cents, PLATFORM_FEE_PERCENT)),
  });
}
