import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { BackgroundRun } from '../../lib/background-run';
import type { Clock } from '../../lib/clock';
import { TransferError, type PaymentProvider } from '../payments/provider';
import type { RefundService } from '../payments/refunds.service';
import {
  markReversalRefused,
  payoutsToReverse,
  projectFunds,
  recordPayoutReversal,
} from '../payouts/payouts.repository';
import { runningPlansOfEndedProjects } from '../instalments/instalments.repository';
import {
  collectedPledgesAfter,
  endedProjectsOwing,
  leaseProjectRefunds,
  markRefundBlocked,
  releaseProjectRefunds,
} from './campaign-refunds.repository';

/** Pledges refunded a batch: their provider refunds side by side, recorded in one transaction. */
const BATCH = 200;
/** How long a process holds a project's refunds without renewing: far longer than a batch takes. */
const LEASE_MS = 120_000;

export interface CampaignRefundRun {
  refunded: number;
  /** Pledges left SUCCEEDED this run, each with why (`refund_blocked`), for the admin. */
  blocked: number;
  reversedPayouts: number;
}

/**
 * The money of campaigns ended early (DESIGN.md §18) given back: each completed payout taken back from the creator's
 * connected account, then each collected pledge refunded in full through the provider, in id order, while the
 * project's balance covers it. Resumable and safe on several instances and after kill -9: every provider call is
 * keyed (`reverse-payout-{id}`, and RefundService's keys), every record is made once on the locked row, and a run
 * simply finds what is still SUCCEEDED or COMPLETED. A pledge the balance cannot cover (its money paid out and not
 * recovered) or that the provider refuses stays SUCCEEDED, marked with why, and is tried again on the next run.
 */
export class CampaignRefundService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly refunds: RefundService,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Names this process's leases. */
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly background = new BackgroundRun(
    () => this.run(),
    (error) => this.log.error({ err: error }, 'campaign refunds failed'),
  );

  /** Starts a run now in the background (a campaign just ended), or one more after the run in progress. */
  kick() {
    this.background.kick();
  }

  /** Waits for the background run, if any (tests, shutdown). */
  idle() {
    return this.background.idle();
  }

  async run(): Promise<CampaignRefundRun> {
    const run: CampaignRefundRun = { refunded: 0, blocked: 0, reversedPayouts: 0 };
    // Plans of instalments still running (DESIGN.md §20) end at what was paid, which is refunded below.
    for (const id of await runningPlansOfEndedProjects(this.db)) await this.refunds.endPlan(id);
    for (const { id } of await endedProjectsOwing(this.db)) {
      // One process gives a project's money back at a time; another takes the next project meanwhile.
      if (!(await this.lease(id))) continue;
      try {
        run.reversedPayouts += await this.takeBackPayouts(id);
        await this.refundPledges(id, run);
      } finally {
        await releaseProjectRefunds(this.db, id, this.holder);
      }
    }
    return run;
  }

  /** Takes (or renews, before each batch) this process's lease on the project's refunds. */
  private lease(projectId: number) {
    return leaseProjectRefunds(this.db, projectId, this.holder, LEASE_MS);
  }

  private async takeBackPayouts(projectId: number) {
    let reversed = 0;
    for (const payout of await payoutsToReverse(this.db, projectId)) {
      try {
        const { reversalId } = await this.provider.reverseTransfer({
          transferId: payout.transfer_reference ?? `payout-${payout.id}`,
          amountCents: payout.amount_cents,
          currency: payout.currency,
          idempotencyKey: `reverse-payout-${payout.id}`,
        });
        if (await recordPayoutReversal(this.db, payout.id, reversalId)) reversed += 1;
      } catch (error) {
        if (!(error instanceof TransferError)) throw error;
        this.log.warn({ err: error, payoutId: payout.id }, 'the provider refused to take a payout back');
        await markReversalRefused(this.db, payout.id, this.clock());
      }
    }
    return reversed;
  }

  private async refundPledges(projectId: number, run: CampaignRefundRun) {
    // What the project holds now: the pledges below are refunded in order while it covers each one's net.
    let budget = (await projectFunds(this.db, projectId)).availableCents;
    let after = 0;
    for (;;) {
      const batch = await collectedPledgesAfter(this.db, projectId, after, BATCH);
      if (batch.length === 0 || !(await this.lease(projectId))) return;
      after = batch.at(-1)!.id;
      const covered: typeof batch = [];
      for (const pledge of batch) {
        if (pledge.net_cents <= budget) {
          budget -= pledge.net_cents;
          covered.push(pledge);
        } else if (pledge.refund_blocked !== 'paid_out') {
          await markRefundBlocked(this.db, pledge.id, 'paid_out');
          run.blocked += 1;
        } else {
          run.blocked += 1;
        }
      }
      const { refunded, refused } = await this.refunds.refundMany(
        projectId,
        covered.map((pledge) => pledge.id),
      );
      run.refunded += refunded;
      for (const id of refused) {
        this.log.error({ donationId: id }, 'the provider refused a refund of a campaign ended early');
        await markRefundBlocked(this.db, id, 'provider_refused');
        run.blocked += 1;
      }
    }
  }
}
