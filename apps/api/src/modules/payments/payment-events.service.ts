import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { chargeDate, MS_PER_DAY, PAYMENT_FIX_DAYS } from '@fundry/shared';
import type { DB, DonationStatus } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { dropPledgeLines, moveAddOnStock } from '../add-ons/add-ons.repository';
import { claimIfAvailable, claimReservation } from '../rewards/rewards.repository';
import { countApplied } from './payment-metrics';
import {
  type DonationRow,
  findRecipient,
  findSurveyChargeByPayment,
  hasOtherCurrentPledge,
  lockDonation,
  lockProjectForMoney,
  projectForNotice,
  recordEvent,
  setDonation,
  surveyChargesOf,
  transitionDonation,
  transitionDonationFrom,
} from './payments.repository';
import type { Clock } from '../../lib/clock';
import type { PaymentService } from './payments.service';
import type { PaymentEvent } from './provider';
import type { RefundService } from './refunds.service';
import {
  cancelUnpaid,
  firstInstalment,
  isRunningPlan,
  markFirstPaid,
  retryNow,
} from '../instalments/instalments.repository';

/**
 * The money path after checkout (DESIGN.md §6). Every provider event is recorded in the same transaction as
 * its effect, so a redelivered event changes nothing; the donation's state machine ignores stale events, so
 * their order does not matter; amounts and currency are checked against the donation.
 */
export class PaymentEventService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly payments: PaymentService,
    private readonly refunds: RefundService,
    private readonly mail: MailService,
    private readonly log: FastifyBaseLogger,
    private readonly appUrl: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Applies a provider event once. A PAYMENT_FAILED pledge whose backer fixed the card is charged at once by the
   * collection (`onCardFixed`), and a payment that lands after its campaign failed is refunded, both after this
   * transaction commits.
   */
  async applyEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    let refundAfter: number | null = null;
    let chargeNow: number | null = null;
    let chargeInstalments: number | null = null;
    let before: { id: number; status: DonationStatus } | undefined;
    const result = await this.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, this.payments.provider.name, event.kind)))
        return 'duplicate' as const;
      const donation = await this.findEventDonation(trx, event);
      // Not ours yet: refuse without recording, so the provider delivers the event again later.
      if (!donation) throw new AppError('NOT_FOUND', 'api.payments.unknownDonation');
      if ((event.kind === 'paid' || event.kind === 'card_saved') && donation.checkout_session_id === null) {
        await setDonation(trx, donation.id, { checkout_session_id: event.sessionId });
      }
      before = { id: donation.id, status: donation.status };
      switch (event.kind) {
        case 'paid': {
          this.assertAmount(donation, event.amountCents, event.currency, event.id);
          if (donation.status === 'SUCCEEDED' || donation.status === 'REFUNDED') return 'ignored' as const;
          const { owedBack } = await this.succeed(trx, donation, event.paymentReference);
          if (owedBack) refundAfter = donation.id;
          return 'applied' as const;
        }
        case 'card_saved': {
          const outcome = await this.cardSaved(trx, donation, event.paymentMethod, event.customerId);
          if (outcome === 'charge_now') chargeNow = donation.id;
          if (outcome === 'instalments_now') chargeInstalments = donation.id;
          return outcome === 'ignored' ? 'ignored' : 'applied';
        }
        case 'charge_succeeded':
          // A pledge paid over time (DESIGN.md §20) is collected for its first instalment only.
          this.assertAmount(
            donation,
            event.amountCents,
            event.currency,
            event.id,
            donation.pay_over_time
              ? ((await firstInstalment(trx, donation.id))?.amountCents ?? donation.amount_cents)
              : donation.amount_cents,
          );
          return (await this.collected(trx, donation, event.paymentReference)) ? 'applied' : 'ignored';
        case 'charge_failed':
          return (await this.chargeFailed(trx, donation, event.attempt, event.code)) ? 'applied' : 'ignored';
        case 'failed':
        case 'expired':
          return (await this.payments.close(trx, donation, event.kind === 'failed' ? 'FAILED' : 'EXPIRED'))
            ? 'applied'
            : 'ignored';
        case 'refunded': {
          // Each payment of the pledge is refunded for its own amount: the first for the pledge less its survey
          // charges, a survey charge for its own.
          const charges = await surveyChargesOf(trx, donation.id);
          const charge = await findSurveyChargeByPayment(trx, event.paymentReference);
          const payment = charge
            ? Number(charge.amount_cents)
            : donation.amount_cents -
              charges
                .filter((c) => c.status === 'succeeded')
                .reduce((sum, c) => sum + Number(c.amount_cents), 0);
          this.assertAmount(donation, event.amountCents, event.currency, event.id, payment);
          if (donation.status !== 'SUCCEEDED') return 'ignored' as const;
          if (charge || charges.length > 0) {
            // A pledge of several payments is recorded refunded by Fundry's own refund, once every payment is
            // (this event may come before that record). One of them refunded at the provider alone leaves the
            // others standing: it is not recorded as the pledge's refund (refund the pledge in Fundry).
            this.log.warn(
              { eventId: event.id, donationId: donation.id, paymentReference: event.paymentReference },
              'refund of one payment of a pledge with survey charges: recorded by the pledge refund only',
            );
            return 'ignored' as const;
          }
          return (await this.refunds.applyRefund(trx, donation, null)) ? 'applied' : 'ignored';
        }
      }
    });
    if (result === 'applied' && before) await countApplied(this.db, event.kind, before);
    this.mail.kick();
    // A payment that lands after its all-or-nothing campaign failed is given back at once.
    if (refundAfter !== null) await this.refunds.refund(refundAfter);
    if (chargeNow !== null) await this.onCardFixed?.(chargeNow);
    if (chargeInstalments !== null) await this.onPlanCardSaved?.(chargeInstalments);
    return result;
  }

  /** Set by the collection: charges a fixed pledge's new card at once. */
  onCardFixed: ((donationId: number) => Promise<unknown>) | undefined;

  /** Set by the instalments job: a running plan's declined instalments are charged to the new card at once. */
  onPlanCardSaved: ((donationId: number) => Promise<unknown>) | undefined;

  private findEventDonation(trx: Kysely<DB>, event: PaymentEvent) {
    switch (event.kind) {
      case 'refunded':
        // The pledge's first payment, or one of its survey charges (DESIGN.md §17), each refunded on its own.
        return lockDonation(trx, { paymentReference: event.paymentReference }).then(async (found) => {
          if (found) return found;
          const charge = await findSurveyChargeByPayment(trx, event.paymentReference);
          return charge ? lockDonation(trx, { id: charge.donation_id }) : undefined;
        });
      case 'charge_succeeded':
      case 'charge_failed':
        return lockDonation(trx, { id: event.donationId });
      case 'paid':
      case 'card_saved':
        return lockDonation(trx, { sessionId: event.sessionId }).then(
          (found) => found ?? (event.donationId ? lockDonation(trx, { id: event.donationId }) : undefined),
        );
      default:
        return lockDonation(trx, { sessionId: event.sessionId });
    }
  }

  private assertAmount(
    donation: DonationRow,
    amountCents: number,
    currency: string,
    eventId: string,
    /** The payment's own amount, when the pledge was paid by several (survey add-ons). */
    expectedCents = donation.amount_cents,
  ) {
    if (amountCents !== expectedCents || currency.toUpperCase() !== donation.currency) {
      this.log.error(
        {
          eventId,
          donationId: donation.id,
          expected: [expectedCents, donation.currency],
          got: [amountCents, currency],
        },
        'payment event refused: amount or currency differs from the donation',
      );
      throw new AppError('UNPROCESSABLE', 'api.payments.amountMismatch');
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
    await claimAddOns(trx, donation);
    const now = this.clock();
    await transitionDonation(trx, donation.id, donation.status, {
      status: 'SUCCEEDED',
      succeeded_at: now,
      pledged_at: now,
      payment_reference: paymentReference ?? `pay_${donation.checkout_session_id ?? donation.id}`,
      reward_id: rewardId,
    });
    const donor = await this.payments.goLive(trx, donation, project);
    await this.payments.recordCollected(trx, donation, project.title, donor);
    return { owedBack: project.status === 'FAILED' && project.funding_model === 'all_or_nothing' };
  }

  /**
   * A saved card: a new all-or-nothing pledge becomes PLEDGED (live, nothing charged); a live pledge takes the
   * new card; a PAYMENT_FAILED one takes it and is charged at once by the caller.
   */
  private async cardSaved(
    trx: Kysely<DB>,
    donation: DonationRow,
    paymentMethod: string,
    customerId: string | null,
  ): Promise<'pledged' | 'card_changed' | 'charge_now' | 'instalments_now' | 'ignored'> {
    const card = { payment_method: paymentMethod, payment_customer: customerId ?? donation.payment_customer };
    if (donation.status === 'PLEDGED') {
      await setDonation(trx, donation.id, card);
      return 'card_changed';
    }
    if (isRunningPlan(donation)) {
      // The instalments to come are charged to the new card; a declined one is tried again at once.
      await setDonation(trx, donation.id, card);
      await retryNow(trx, donation.id, this.clock());
      return 'instalments_now';
    }
    if (donation.status === 'PAYMENT_FAILED') {
      await setDonation(trx, donation.id, { ...card, next_collection_at: this.clock() });
      return 'charge_now';
    }
    if (donation.status !== 'PENDING' && donation.status !== 'EXPIRED') return 'ignored';
    // A lapsed checkout finished late is not revived over the backer's newer pledge: one live pledge each.
    if (
      donation.status === 'EXPIRED' &&
      (await hasOtherCurrentPledge(trx, donation.donor_id, donation.project_id, donation.id))
    ) {
      return 'ignored';
    }
    const project = await lockProjectForMoney(trx, donation.project_id);
    if (project.status === 'FAILED' || project.status === 'REJECTED') {
      // The campaign ended without its goal while the checkout was open: nothing to hold the card for.
      if (donation.status === 'PENDING') await this.payments.close(trx, donation, 'EXPIRED');
      return 'ignored';
    }
    let rewardId = donation.reward_id;
    if (rewardId !== null) {
      if (donation.status === 'PENDING') await claimReservation(trx, rewardId);
      else if (!(await claimIfAvailable(trx, rewardId))) rewardId = null;
    }
    await claimAddOns(trx, donation);
    await transitionDonation(trx, donation.id, donation.status, {
      ...card,
      status: 'PLEDGED',
      pledged_at: this.clock(),
      reward_id: rewardId,
    });
    const donor = await this.payments.goLive(trx, donation, project);
    await this.mail.enqueue(trx, donor, (t) =>
      mailTemplates.pledgeConfirmed(
        t,
        donor.email,
        donor.full_name,
        project.title,
        { cents: donation.amount_cents, currency: donation.currency },
        project.end_date ? chargeDate(project.end_date) : null,
        `${this.appUrl}/projects/${project.id}`,
      ),
    );
    return 'pledged';
  }

  /**
   * A collected charge: the pledge SUCCEEDED with its ledger row and a receipt (counters moved when it went live). A
   * pledge paid over time (DESIGN.md §20) stays COLLECTING, its first instalment paid, while its plan runs.
   */
  private async collected(trx: Kysely<DB>, donation: DonationRow, paymentReference: string) {
    const wasDropped = donation.status === 'DROPPED';
    const plan = donation.pay_over_time;
    // The same charge reported twice (the provider's answer, then its webhook) pays the instalment once.
    if (plan && !(await markFirstPaid(trx, donation.id, paymentReference, this.clock()))) return false;
    const done = await transitionDonationFrom(trx, donation.id, ['COLLECTING', 'PAYMENT_FAILED', 'DROPPED'], {
      status: plan ? 'COLLECTING' : 'SUCCEEDED',
      succeeded_at: plan ? null : this.clock(),
      payment_reference: paymentReference,
      collecting_since: null,
      next_collection_at: null,
      payment_error_code: null,
    });
    if (!done) return false;
    // A charge that landed after the pledge was dropped still moved money: the pledge counts again.
    if (wasDropped) {
      const project = await lockProjectForMoney(trx, donation.project_id);
      if (donation.reward_id !== null && !(await claimIfAvailable(trx, donation.reward_id))) {
        await setDonation(trx, donation.id, { reward_id: null });
      }
      await claimAddOns(trx, donation);
      await this.payments.goLive(trx, donation, project);
    }
    const project = await projectForNotice(trx, donation.project_id);
    const first = plan ? await firstInstalment(trx, donation.id) : null;
    await this.payments.recordCollected(
      trx,
      donation,
      project.title,
      await findRecipient(trx, donation.donor_id),
      first ?? undefined,
    );
    return true;
  }

  /**
   * A declined charge of the current attempt: PAYMENT_FAILED, retried daily, with a notification and a mail
   * that links to the fix; past the fix window the pledge is DROPPED, its reward released, its counters lowered.
   */
  private async chargeFailed(trx: Kysely<DB>, donation: DonationRow, attempt: number, code: string) {
    if (donation.status !== 'COLLECTING' || donation.collection_attempts !== attempt) return false;
    const now = this.clock();
    const firstFailure = donation.payment_failed_at ?? now;
    const project = await projectForNotice(trx, donation.project_id);
    const donor = await findRecipient(trx, donation.donor_id);
    const projectUrl = `${this.appUrl}/projects/${project.id}`;
    if (now.getTime() - firstFailure.getTime() >= PAYMENT_FIX_DAYS * MS_PER_DAY) {
      await transitionDonation(trx, donation.id, 'COLLECTING', {
        status: 'DROPPED',
        payment_error_code: code,
        collecting_since: null,
        next_collection_at: null,
      });
      if (donation.pay_over_time) await cancelUnpaid(trx, donation.id);
      await this.payments.leaveLive(trx, donation);
      await insertNotifications(trx, [
        {
          userId: donation.donor_id,
          type: 'PAYMENT_FAILED',
          message: notificationMessages.pledgeDropped(project.title, {
            cents: donation.amount_cents,
            currency: donation.currency,
          }),
          projectId: project.id,
        },
      ]);
      await this.mail.enqueue(trx, donor, (t) =>
        mailTemplates.pledgeDropped(
          t,
          donor.email,
          donor.full_name,
          project.title,
          { cents: donation.amount_cents, currency: donation.currency },
          projectUrl,
        ),
      );
      return true;
    }
    await transitionDonation(trx, donation.id, 'COLLECTING', {
      status: 'PAYMENT_FAILED',
      payment_error_code: code,
      payment_failed_at: firstFailure,
      collecting_since: null,
      next_collection_at: new Date(now.getTime() + MS_PER_DAY),
    });
    if (donation.payment_failed_at === null) {
      // The last day to fix it, in UTC as the collection counts it.
      const fixBy = new Date(firstFailure.getTime() + PAYMENT_FIX_DAYS * MS_PER_DAY)
        .toISOString()
        .slice(0, 10);
      await insertNotifications(trx, [
        {
          userId: donation.donor_id,
          type: 'PAYMENT_FAILED',
          message: notificationMessages.paymentDeclined(
            project.title,
            { cents: donation.amount_cents, currency: donation.currency },
            fixBy,
            code,
          ),
          projectId: project.id,
        },
      ]);
      await this.mail.enqueue(trx, donor, (t) =>
        mailTemplates.paymentFailed(
          t,
          donor.email,
          donor.full_name,
          project.title,
          { amount: { cents: donation.amount_cents, currency: donation.currency }, code },
          fixBy,
          `${projectUrl}?manage_pledge=1`,
        ),
      );
    }
    return true;
  }
}

/**
 * A pledge going live claims its add-ons: from its checkout's reservation, or — the reservation lapsed before the
 * money arrived — from what stock is left; a line none is left for is dropped, as a reward is.
 */
async function claimAddOns(trx: Kysely<DB>, donation: DonationRow) {
  if (!donation.has_add_ons) return;
  if (donation.status === 'PENDING') {
    await moveAddOnStock(trx, donation.id, 'reservedToClaimed');
    return;
  }
  await dropPledgeLines(trx, donation.id, await moveAddOnStock(trx, donation.id, 'claim'));
}
