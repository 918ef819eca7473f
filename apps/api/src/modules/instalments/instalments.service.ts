import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { INSTALMENT_GRACE_DAYS, MS_PER_DAY, parseCalendarDate, todayUtc } from '@fundry/shared';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import {
  findRecipient,
  lockDonation,
  projectForNotice,
  transitionDonation,
} from '../payments/payments.repository';
import type { PaymentService } from '../payments/payments.service';
import { COLLECTION_LEASE_MS, inParallel } from '../pledges/collection.service';
import {
  claimInstalments,
  endPlanAtPaid,
  type InstalmentClaim,
  lockClaimed,
  settleInstalment,
  unpaidCount,
} from './instalments.repository';

const BATCH = 200;
const PARALLEL_CHARGES = 16;

export interface InstalmentReport {
  charged: number;
  declined: number;
  /** Plans that ended unpaid with this run (DESIGN.md §20). */
  defaulted: number;
  /** Attempts whose provider call failed (network): left claimed, resumed after the lease with the same key. */
  deferred: number;
}

/**
 * The later instalments of pledges paid over time (DESIGN.md §20; the first is the collection's). Instalments due on
 * or before today are claimed in batches (a lease with their attempt number, skipping rows another instance holds)
 * and each is charged off-session with the key `instalment-{id}-attempt-{n}`; the result is settled in one
 * transaction guarded by that attempt, with its ledger row, receipt, notice and mail. A crash between the charge and
 * its record leaves the instalment claimed; after the lease it is charged again with the same key, which the provider
 * answers with the first result: no instalment is charged twice, across instances, restarts and kill -9.
 */
export class InstalmentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly payments: PaymentService,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Charges every instalment due, batch after batch; `donationId` limits the run to one plan (a new card). */
  async run(donationId?: number): Promise<InstalmentReport> {
    const report: InstalmentReport = { charged: 0, declined: 0, defaulted: 0, deferred: 0 };
    for (const kind of ['resume', 'retry', 'new'] as const) {
      for (;;) {
        const now = this.clock();
        const batch = await claimInstalments(
          this.db,
          kind,
          now,
          todayUtc(now),
          new Date(now.getTime() - COLLECTION_LEASE_MS),
          BATCH,
          donationId,
        );
        if (batch.length === 0) break;
        await inParallel(batch, PARALLEL_CHARGES, async (claim) => {
          const outcome = await this.attempt(claim);
          if (outcome) report[outcome] += 1;
        });
        // The batch's receipts and notices go out while the next batch is charged.
        this.mail.kick();
        if (batch.length < BATCH) break;
      }
    }
    if (report.charged + report.declined + report.deferred > 0) this.log.info(report, 'instalments');
    return report;
  }

  private async attempt(claim: InstalmentClaim): Promise<keyof InstalmentReport | null> {
    const key = `instalment-${claim.id}-attempt-${claim.attempts}`;
    try {
      if (!claim.payment_method) throw new Error('The pledge has no saved card');
      const result = await this.payments.provider.charge({
        donationId: claim.donation_id,
        // Not the collection's attempt: the provider's webhook of this charge is not a pledge's (its answer here is).
        attempt: 0,
        customerId: claim.payment_customer,
        paymentMethod: claim.payment_method,
        amountCents: claim.amount_cents,
        currency: claim.currency,
        description: `Fundry pledge ${claim.donation_id}, instalment ${claim.number}`,
        idempotencyKey: key,
      });
      return await this.db
        .transaction()
        .execute((trx) =>
          result.outcome === 'succeeded'
            ? this.paid(trx, claim, result.paymentReference)
            : this.declined(trx, claim, result.code),
        );
    } catch (error) {
      this.log.error({ err: error, instalment: claim.id, attempt: claim.attempts }, 'instalment deferred');
      return 'deferred';
    }
  }

  /** Paid: the instalment, its ledger row and receipt; the last one makes the pledge SUCCEEDED. */
  private async paid(trx: Kysely<DB>, claim: InstalmentClaim, paymentReference: string) {
    const donation = await lockDonation(trx, { id: claim.donation_id });
    // Settled by another run of the same attempt (a resumed lease): the first record stands.
    if (!donation || !(await lockClaimed(trx, claim.id, claim.attempts))) return null;
    const now = this.clock();
    await settleInstalment(trx, claim.id, {
      status: 'paid',
      charged_at: now,
      payment_reference: paymentReference,
    });
    if ((await unpaidCount(trx, donation.id)) === 0) {
      await transitionDonation(trx, donation.id, 'COLLECTING', { status: 'SUCCEEDED', succeeded_at: now });
    }
    const project = await projectForNotice(trx, donation.project_id);
    await this.payments.recordCollected(
      trx,
      donation,
      project.title,
      await findRecipient(trx, donation.donor_id),
      { id: claim.id, number: claim.number, amountCents: claim.amount_cents },
    );
    return 'charged' as const;
  }

  /**
   * Declined: retried daily, the backer told once with a link to save another card; still unpaid
   * INSTALMENT_GRACE_DAYS after it was due, the plan ends (defaulted).
   */
  private async declined(trx: Kysely<DB>, claim: InstalmentClaim, code: string) {
    const donation = await lockDonation(trx, { id: claim.donation_id });
    if (!donation || !(await lockClaimed(trx, claim.id, claim.attempts))) return null;
    const now = this.clock();
    const fixBy = new Date(parseCalendarDate(claim.due_on) + INSTALMENT_GRACE_DAYS * MS_PER_DAY);
    await settleInstalment(trx, claim.id, {
      status: 'failed',
      error_code: code,
      failed_at: claim.failed_at ?? now,
      next_attempt_at: new Date(now.getTime() + MS_PER_DAY),
    });
    const project = await projectForNotice(trx, donation.project_id);
    const donor = await findRecipient(trx, donation.donor_id);
    const projectUrl = `${this.appUrl}/projects/${project.id}`;
    if (now.getTime() >= fixBy.getTime()) {
      // The plan ends: what was paid stays paid and counted, nothing more is charged (decision 036).
      const paid = (await endPlanAtPaid(trx, donation, now, { code })) ?? 0;
      const money = { cents: paid, currency: donation.currency };
      await insertNotifications(trx, [
        {
          userId: donation.donor_id,
          type: 'PAYMENT_FAILED',
          message: notificationMessages.planDefaulted(project.title, money),
          projectId: project.id,
        },
      ]);
      await this.mail.enqueue(trx, donor, (t) =>
        mailTemplates.planDefaulted(t, donor.email, donor.full_name, project.title, money, projectUrl),
      );
      return 'defaulted' as const;
    }
    if (claim.failed_at === null) {
      const amount = { cents: claim.amount_cents, currency: donation.currency };
      const lastDay = todayUtc(fixBy);
      await insertNotifications(trx, [
        {
          userId: donation.donor_id,
          type: 'PAYMENT_FAILED',
          message: notificationMessages.paymentDeclined(project.title, amount, lastDay, code),
          projectId: project.id,
        },
      ]);
      await this.mail.enqueue(trx, donor, (t) =>
        mailTemplates.instalmentFailed(
          t,
          donor.email,
          donor.full_name,
          project.title,
          { amount, number: claim.number, code },
          lastDay,
          `${projectUrl}?manage_pledge=1`,
        ),
      );
    }
    return 'declined' as const;
  }
}
