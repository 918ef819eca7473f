import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { centsToDollars, formatDollars, percentOfCents, todayUtc } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import {
  insertNotifications,
  type NewNotification,
  notifyBackers,
} from '../notifications/notifications.repository';
import {
  claimIfAvailable,
  claimReservation,
  releaseReservation,
  unclaim,
} from '../rewards/rewards.repository';
import {
  type DonationRow,
  donationLedgerEntry,
  findDonation,
  hasSucceededDonation,
  insertLedgerEntry,
  lockDonation,
  lockEndedCampaigns,
  lockProjectForMoney,
  moveProjectCounters,
  recordEvent,
  setDonation,
  refundsOwed,
  stalePendingDonations,
  transitionDonation,
} from './payments.repository';
import { type PaymentEvent, type PaymentProvider, processingFeeCents } from './provider';

/** Pending checkouts older than their expiry plus this are closed by the job (their event may be lost). */
const EXPIRY_GRACE_MS = 5 * 60_000;

export type Clock = () => Date;

interface Settings {
  appUrl: string;
  platformFeePercent: number;
}

/**
 * The money path after checkout (DESIGN.md §6). Every provider event is recorded in the same transaction as
 * its effect, so a redelivered event changes nothing; the donation's state machine ignores stale events, so
 * their order does not matter; amounts and currency are checked against the donation.
 */
export class PaymentService {
  constructor(
    private readonly db: Kysely<DB>,
    readonly provider: PaymentProvider,
    private readonly mail: MailService,
    private readonly log: FastifyBaseLogger,
    private readonly settings: Settings,
    private readonly clock: Clock,
  ) {}

  async applyEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    let refundAfter: number | null = null;
    const result = await this.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, this.provider.name, event.kind))) return 'duplicate' as const;
      const donation =
        event.kind === 'refunded'
          ? await lockDonation(trx, { paymentReference: event.paymentReference })
          : ((await lockDonation(trx, { sessionId: event.sessionId })) ??
            (event.kind === 'paid' && event.donationId
              ? await lockDonation(trx, { id: event.donationId })
              : undefined));
      // Not ours yet: refuse without recording, so the provider delivers the event again later.
      if (!donation) throw new AppError('NOT_FOUND', 'No donation matches this payment event yet');
      if (event.kind === 'paid' && donation.checkout_session_id === null) {
        await setDonation(trx, donation.id, { checkout_session_id: event.sessionId });
      }
      switch (event.kind) {
        case 'paid': {
          this.assertAmount(donation, event.amountCents, event.currency, event.id);
          if (donation.status === 'SUCCEEDED' || donation.status === 'REFUNDED') return 'ignored' as const;
          const { owedBack } = await this.succeed(trx, donation, event.paymentReference);
          if (owedBack) refundAfter = donation.id;
          return 'applied' as const;
        }
        case 'failed':
        case 'expired':
          return (await this.close(trx, donation, event.kind === 'failed' ? 'FAILED' : 'EXPIRED'))
            ? 'applied'
            : 'ignored';
        case 'refunded':
          this.assertAmount(donation, event.amountCents, event.currency, event.id);
          return (await this.applyRefund(trx, donation, null)) ? 'applied' : 'ignored';
      }
    });
    this.mail.kick();
    // A payment that lands after its all-or-nothing campaign failed is given back at once.
    if (refundAfter !== null) await this.refund(refundAfter);
    return result;
  }

  /** A checkout that could not be opened: the pledge is closed and its reward freed. */
  async abandon(donationId: number) {
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      if (locked) await this.close(trx, locked, 'FAILED');
    });
  }

  /** The backer left the checkout: the pledge is cancelled and its reward freed. */
  async cancel(donationId: number, donorId: number) {
    const donation = await findDonation(this.db, donationId);
    if (!donation || donation.donor_id !== donorId) throw new AppError('NOT_FOUND', 'Donation not found');
    if (donation.status !== 'PENDING') return;
    if (donation.checkout_session_id) {
      await this.provider.expireCheckout(donation.checkout_session_id).catch((error: unknown) => {
        this.log.warn({ err: error, donationId }, 'could not expire the checkout at the provider');
      });
    }
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      if (locked) await this.close(trx, locked, 'CANCELED');
    });
  }

  /** The reservation-expiry job: closes checkouts that lapsed and were never reported. */
  async expireStale(): Promise<number> {
    const stale = await stalePendingDonations(
      this.db,
      new Date(this.clock().getTime() - EXPIRY_GRACE_MS),
      200,
    );
    let expired = 0;
    for (const donation of stale) {
      if (donation.checkout_session_id) {
        await this.provider.expireCheckout(donation.checkout_session_id).catch(() => undefined);
      }
      const closed = await this.db.transaction().execute(async (trx) => {
        const locked = await lockDonation(trx, { id: donation.id });
        return locked ? this.close(trx, locked, 'EXPIRED') : false;
      });
      if (closed) expired += 1;
    }
    return expired;
  }

  /** Refunds a succeeded donation in full through the provider, then records it (once, whoever gets there). */
  async refund(donationId: number): Promise<boolean> {
    const donation = await findDonation(this.db, donationId);
    if (!donation || donation.status !== 'SUCCEEDED') return false;
    const { refundId } = await this.provider.refund({
      paymentReference: donation.payment_reference ?? donation.checkout_session_id ?? String(donation.id),
      amountCents: donation.amount_cents,
      idempotencyKey: `refund-donation-${donation.id}`,
    });
    const applied = await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      return locked ? this.applyRefund(trx, locked, refundId) : false;
    });
    this.mail.kick();
    return applied;
  }

  /**
   * The settlement job: ACTIVE campaigns past their end become SUCCESSFUL or FAILED, and every failed
   * all-or-nothing campaign gives its money back. Safe on many instances: campaigns are taken with SKIP
   * LOCKED, and a refund is keyed and recorded once.
   */
  async settle(): Promise<{ settled: number; refunded: number }> {
    const today = todayUtc(this.clock());
    const settled = await this.db.transaction().execute(async (trx) => {
      const campaigns = await lockEndedCampaigns(trx, today, 100);
      for (const campaign of campaigns) {
        const succeeded = campaign.current_cents >= campaign.goal_cents;
        await trx
          .updateTable('projects')
          .set({ status: succeeded ? 'SUCCESSFUL' : 'FAILED', updated_at: new Date() })
          .where('id', '=', campaign.id)
          .execute();
        const raised = formatDollars(centsToDollars(campaign.current_cents));
        const refunds = !succeeded && campaign.funding_model === 'all_or_nothing';
        const creatorMessage = succeeded
          ? `Congratulations! “${campaign.title}” reached its goal with ${raised} raised.`
          : refunds
            ? `“${campaign.title}” ended without reaching its goal. Every backer is being refunded.`
            : `“${campaign.title}” ended with ${raised} raised.`;
        const backerMessage = succeeded
          ? `“${campaign.title}”, a project you backed, was successfully funded.`
          : refunds
            ? `“${campaign.title}” did not reach its goal. Your pledge is being refunded in full.`
            : `“${campaign.title}”, a project you backed, has ended.`;
        await insertNotifications(trx, [
          {
            userId: campaign.creator_id,
            type: 'CAMPAIGN_RESULT',
            message: creatorMessage,
            projectId: campaign.id,
          },
        ]);
        await notifyBackers(trx, campaign.id, 'CAMPAIGN_RESULT', backerMessage);
        const creator = await trx
          .selectFrom('users')
          .select(['email', 'full_name'])
          .where('id', '=', campaign.creator_id)
          .executeTakeFirst();
        if (creator) {
          await this.mail.enqueue(
            trx,
            mailTemplates.campaignResult(
              creator.email,
              creator.full_name,
              creatorMessage,
              `${this.settings.appUrl}/projects/${campaign.id}`,
            ),
          );
        }
      }
      return campaigns.length;
    });

    let refunded = 0;
    for (const { id } of await refundsOwed(this.db, 500)) {
      try {
        if (await this.refund(id)) refunded += 1;
      } catch (error) {
        // The next run tries again: the donation is still SUCCEEDED and the refund is keyed.
        this.log.error({ err: error, donationId: id }, 'refund failed');
      }
    }
    this.mail.kick();
    return { settled, refunded };
  }

  private assertAmount(donation: DonationRow, amountCents: number, currency: string, eventId: string) {
    if (amountCents !== donation.amount_cents || currency.toUpperCase() !== donation.currency) {
      this.log.error(
        {
          eventId,
          donationId: donation.id,
          expected: [donation.amount_cents, donation.currency],
          got: [amountCents, currency],
        },
        'payment event refused: amount or currency differs from the donation',
      );
      throw new AppError('UNPROCESSABLE', 'The event’s amount or currency does not match the donation');
    }
  }

  /** One transaction: donation SUCCEEDED, reservation claimed, counters, ledger, notifications, receipt. */
  private async succeed(trx: Kysely<DB>, donation: DonationRow, paymentReference: string | null) {
    const project = await lockProjectForMoney(trx, donation.project_id);
    let rewardId = donation.reward_id;
    if (rewardId !== null) {
      if (donation.status === 'PENDING') await claimReservation(trx, rewardId);
      // The reservation lapsed before the money arrived: keep the payment, with the reward only if stock allows.
      else if (!(await claimIfAvailable(trx, rewardId))) rewardId = null;
    }
    const firstTime = !(await hasSucceededDonation(trx, donation.donor_id, project.id));
    await transitionDonation(trx, donation.id, donation.status, {
      status: 'SUCCEEDED',
      succeeded_at: this.clock(),
      payment_reference: paymentReference ?? `pay_${donation.checkout_session_id ?? donation.id}`,
      reward_id: rewardId,
    });
    await moveProjectCounters(trx, project.id, donation.amount_cents, firstTime ? 1 : 0);
    const processing = processingFeeCents(donation.amount_cents);
    await insertLedgerEntry(trx, {
      project_id: project.id,
      donation_id: donation.id,
      kind: 'donation',
      gross_cents: donation.amount_cents,
      processing_fee_cents: processing,
      platform_fee_cents: Math.min(
        donation.amount_cents - processing,
        percentOfCents(donation.amount_cents, this.settings.platformFeePercent),
      ),
    });

    const donor = await trx
      .selectFrom('users')
      .select(['email', 'full_name', 'username'])
      .where('id', '=', donation.donor_id)
      .executeTakeFirstOrThrow();
    const amount = formatDollars(centsToDollars(donation.amount_cents));
    const notifications: NewNotification[] = [
      {
        userId: project.creator_id,
        type: 'DONATION',
        message: `${donor.full_name || donor.username} backed “${project.title}” with ${amount}.`,
        projectId: project.id,
      },
    ];
    if (firstTime) {
      notifications.push({
        userId: project.creator_id,
        type: 'BACKER_JOINED',
        message: `${donor.full_name || donor.username} is a new backer of “${project.title}”.`,
        projectId: project.id,
      });
    }
    await insertNotifications(trx, notifications);
    const goal = project.goal_cents ?? Number.POSITIVE_INFINITY;
    if (project.current_cents < goal && project.current_cents + donation.amount_cents >= goal) {
      const message = `“${project.title}” reached its funding goal!`;
      await insertNotifications(trx, [
        { userId: project.creator_id, type: 'GOAL_REACHED', message, projectId: project.id },
      ]);
      await notifyBackers(trx, project.id, 'GOAL_REACHED', message);
    }
    await this.mail.enqueue(
      trx,
      mailTemplates.backingReceipt(
        donor.email,
        donor.full_name,
        project.title,
        amount,
        `${this.settings.appUrl}/projects/${project.id}`,
      ),
    );
    return { owedBack: project.status === 'FAILED' && project.funding_model === 'all_or_nothing' };
  }

  /** A pledge that will not be paid: closed, and its reward reservation released. */
  private async close(trx: Kysely<DB>, donation: DonationRow, status: 'FAILED' | 'EXPIRED' | 'CANCELED') {
    if (!(await transitionDonation(trx, donation.id, 'PENDING', { status }))) return false;
    if (donation.reward_id !== null) await releaseReservation(trx, donation.reward_id);
    return true;
  }

  /** Reverses a succeeded donation: its counters, its reward claim and its ledger row. */
  private async applyRefund(trx: Kysely<DB>, donation: DonationRow, refundReference: string | null) {
    const refunded = await transitionDonation(trx, donation.id, 'SUCCEEDED', {
      status: 'REFUNDED',
      refunded_at: this.clock(),
      refund_reference: refundReference,
    });
    if (!refunded) return false;
    const project = await lockProjectForMoney(trx, donation.project_id);
    const stillBacker = await hasSucceededDonation(trx, donation.donor_id, project.id);
    await moveProjectCounters(trx, project.id, -donation.amount_cents, stillBacker ? 0 : -1);
    if (donation.reward_id !== null) await unclaim(trx, donation.reward_id);
    const original = await donationLedgerEntry(trx, donation.id);
    await insertLedgerEntry(trx, {
      project_id: project.id,
      donation_id: donation.id,
      kind: 'refund',
      gross_cents: -donation.amount_cents,
      processing_fee_cents: -(original?.processing_fee_cents ?? 0),
      platform_fee_cents: -(original?.platform_fee_cents ?? 0),
    });
    const amount = formatDollars(centsToDollars(donation.amount_cents));
    await insertNotifications(trx, [
      {
        userId: donation.donor_id,
        type: 'REFUND',
        message: `Your ${amount} pledge to “${project.title}” was refunded.`,
        projectId: project.id,
      },
    ]);
    return true;
  }
}
