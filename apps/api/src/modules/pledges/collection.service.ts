import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { platformMetrics } from '../metrics/metrics';
import type { PaymentEventService } from '../payments/payment-events.service';
import type { Clock } from '../../lib/clock';
import type { PaymentService } from '../payments/payments.service';
import { type CollectionClaim, claimCollections } from './pledges.repository';

/** A COLLECTING pledge untouched for this long lost its collector (a crash): another run resumes it. */
export const COLLECTION_LEASE_MS = 2 * 60_000;
const BATCH = 200;
/** Charges in flight at once per instance: the provider's calls overlap, the database sees a few at a time. */
const PARALLEL_CHARGES = 16;

export interface CollectionReport {
  charged: number;
  declined: number;
  /** Attempts whose provider call failed (network): left COLLECTING, resumed after the lease with the same key. */
  deferred: number;
}

/**
 * The collection of all-or-nothing pledges (DESIGN.md §10). Pledges are claimed in batches (marked COLLECTING
 * with their attempt number, skipping rows another instance holds) and each is charged off-session with the key
 * `collect-donation-{id}-attempt-{n}`. The result goes through the same event handling as the provider's
 * webhooks, so a result that arrives twice (the answer and the webhook) applies once. A crash between the charge
 * and its record leaves the pledge COLLECTING; after the lease it is charged again with the same key, which the
 * provider answers with the first result: nobody is charged twice.
 */
export class CollectionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly payments: PaymentService,
    private readonly events: PaymentEventService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Charges everything due, batch after batch; `donationId` limits the run to one pledge (a fixed card). */
  async collect(donationId?: number): Promise<CollectionReport> {
    const report: CollectionReport = { charged: 0, declined: 0, deferred: 0 };
    for (const kind of ['resume', 'retry', 'new'] as const) {
      for (;;) {
        const now = this.clock();
        const batch = await claimCollections(
          this.db,
          kind,
          now,
          new Date(now.getTime() - COLLECTION_LEASE_MS),
          BATCH,
          donationId,
        );
        if (batch.length === 0) break;
        if (kind !== 'resume') {
          const from = kind === 'new' ? 'PLEDGED' : 'PAYMENT_FAILED';
          platformMetrics.pledgeTransitions.inc({ from, to: 'COLLECTING' }, batch.length);
        }
        await inParallel(batch, PARALLEL_CHARGES, async (claim) => {
          report[await this.attempt(claim)] += 1;
        });
        if (batch.length < BATCH) break;
      }
    }
    if (report.charged + report.declined + report.deferred > 0) this.log.info(report, 'pledge collection');
    return report;
  }

  private async attempt(claim: CollectionClaim): Promise<keyof CollectionReport> {
    const attempt = claim.collection_attempts;
    try {
      if (!claim.payment_method) throw new Error('The pledge has no saved card');
      const result = await this.payments.provider.charge({
        donationId: claim.id,
        attempt,
        customerId: claim.payment_customer,
        paymentMethod: claim.payment_method,
        amountCents: claim.amount_cents,
        currency: claim.currency,
        description: `Fundry pledge ${claim.id}`,
        idempotencyKey: `collect-donation-${claim.id}-attempt-${attempt}`,
      });
      const id = `collect-donation-${claim.id}-attempt-${attempt}`;
      await this.events.applyEvent(
        result.outcome === 'succeeded'
          ? {
              id,
              kind: 'charge_succeeded',
              donationId: claim.id,
              attempt,
              paymentReference: result.paymentReference,
              amountCents: claim.amount_cents,
              currency: claim.currency,
            }
          : { id, kind: 'charge_failed', donationId: claim.id, attempt, code: result.code },
      );
      return result.outcome === 'succeeded' ? 'charged' : 'declined';
    } catch (error) {
      this.log.error({ err: error, donationId: claim.id, attempt }, 'pledge charge deferred');
      return 'deferred';
    }
  }
}

export async function inParallel<T>(items: readonly T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
