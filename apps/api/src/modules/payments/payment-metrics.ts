import type { Kysely } from 'kysely';
import type { DB, DonationStatus } from '../../db/schema';
import { platformMetrics } from '../metrics/metrics';
import { findDonation } from './payments.repository';
import type { PaymentEvent } from './provider';

/** Counted once the event's transaction has committed, from the state it left the pledge in. */
export async function countApplied(
  db: Kysely<DB>,
  kind: PaymentEvent['kind'],
  before: { id: number; status: DonationStatus },
) {
  const after = await findDonation(db, before.id);
  if (after) countEvent(kind, before.status, after.status);
}

/** The platform's counters of what an applied event did (prom-client, read on the metrics port). */
function countEvent(kind: PaymentEvent['kind'], from: DonationStatus, to: DonationStatus) {
  if (from !== to) platformMetrics.pledgeTransitions.inc({ from, to });
  if (kind === 'charge_succeeded') platformMetrics.collections.inc({ outcome: 'succeeded' });
  if (kind === 'charge_failed') platformMetrics.collections.inc({ outcome: 'failed' });
  if (kind === 'failed' || kind === 'charge_failed') platformMetrics.paymentFailures.inc();
  if (kind === 'refunded') platformMetrics.refunds.inc();
}
