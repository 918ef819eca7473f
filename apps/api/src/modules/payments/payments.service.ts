import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { chargeDate, MS_PER_DAY, PAYMENT_FIX_DAYS, percentOfMinor } from '@fundry/shared';
import type { DB, DonationStatus } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SavedLanguage } from '../../i18n';
import type { MailService } from '../mail/mail.service';
import type { PreferenceService } from '../preferences/preferences.service';
import type { ReachingProject, StretchGoalService } from '../stretch-goals/stretch-goals.service';
import { mailTemplates } from '../mail/mail.templates';
import { platformMetrics } from '../metrics/metrics';
import { notificationMessages } from '../notifications/notification-messages';
import {
  insertNotifications,
  type NewNotification,
  notifyBackers,
} from '../notifications/notifications.repository';
import { dropPledgeLines, moveAddOnStock } from '../add-ons/add-ons.repository';
import { moveLateCounters } from '../late-pledges/late-pledges.repository';
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
  findSurveyChargeByPayment,
  hasLivePledge,
  hasOtherCurrentPledge,
  insertLedgerEntry,
  lockDonation,
  lockProjectForMoney,
  moveProjectCounters,
  projectForNotice,
  recordEvent,
  setDonation,
  stalePendingDonations,
  surveyChargesOf,
  transitionDonation,
  transitionDonationFrom,
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
    private readonly preferences: PreferenceService,
    private readonly stretchGoals: StretchGoalService,
  ) {}

  /** The project's funded total rose in this transaction: the stretch goals it now covers are reached (once). */
  totalRose(trx: Kysely<DB>, project: ReachingProject) {
    return this.stretchGoals.reach(trx, project);
  }

  /**
   * Applies a provider event once. Returns, besides the result, the pledge whose new card should be charged at
   * once (a PAYMENT_FAILED pledge fixed by the backer): the collection does that outside this transaction.
   */
  async applyEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    let refundAfter: number | null = null;
    let chargeNow: number | null = null;
    let before: { id: number; status: DonationStatus } | undefined;
    const result = await this.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, this.provider.name, event.kind))) return 'duplicate' as const;
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
          return outcome === 'ignored' ? 'ignored' : 'applied';
        }
        case 'charge_succeeded':
          this.assertAmount(donation, event.amountCents, event.currency, event.id);
          return (await this.collected(trx, donation, event.paymentReference)) ? 'applied' : 'ignored';
        case 'charge_failed':
          return (await this.chargeFailed(trx, donation, event.attempt, event.code)) ? 'applied' : 'ignored';
        case 'failed':
        case 'expired':
          return (await this.close(trx, donation, event.kind === 'failed' ? 'FAILED' : 'EXPIRED'))
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
          return (await this.applyRefund(trx, donation, null)) ? 'applied' : 'ignored';
        }
      }
    });
    if (result === 'applied' && before) await this.countApplied(event.kind, before);
    this.mail.kick();
    // A payment that lands after its all-or-nothing campaign failed is given back at once.
    if (refundAfter !== null) await this.refund(refundAfter);
    if (chargeNow !== null) await this.onCardFixed?.(chargeNow);
    return result;
  }

  /** Set by the collection: charges a fixed pledge's new card at once. */
  onCardFixed: ((donationId: number) => Promise<unknown>) | undefined;

  /** Counted once the event's transaction has committed, from the state it left the pledge in. */
  private async countApplied(kind: PaymentEvent['kind'], before: { id: number; status: DonationStatus }) {
    const after = await findDonation(this.db, before.id);
    if (after) countEvent(kind, before.status, after.status);
  }

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

  /** A checkout that could not be opened: the pledge is closed and its reward freed. */
  async abandon(donationId: number) {
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      if (locked) await this.close(trx, locked, 'FAILED');
    });
  }

  /** Closes an open checkout inside the caller's transaction (a new checkout replaces it). */
  closeOpenCheckout(trx: Kysely<DB>, donation: DonationRow, status: 'CANCELED' | 'EXPIRED') {
    return this.close(trx, donation, status);
  }

  /** Ends a checkout at the provider, so a closed pledge's page can no longer be paid; failures are logged. */
  async expireAtProvider(sessionId: string) {
    await this.provider.expireCheckout(sessionId).catch((error: unknown) => {
      this.log.warn({ err: error, sessionId }, 'could not expire the checkout at the provider');
    });
  }

  /** The backer left the checkout: the pledge is cancelled and its reward freed. */
  async cancel(donationId: number, donorId: number) {
    const donation = await findDonation(this.db, donationId);
    if (!donation || donation.donor_id !== donorId) throw notFound('donation');
    if (donation.status !== 'PENDING') return;
    if (donation.checkout_session_id) await this.expireAtProvider(donation.checkout_session_id);
    const closed = await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      return locked ? this.close(trx, locked, 'CANCELED') : false;
    });
    if (closed) platformMetrics.pledgeTransitions.inc({ from: 'PENDING', to: 'CANCELED' });
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
      if (donation.checkout_session_id) await this.expireAtProvider(donation.checkout_session_id);
      const closed = await this.db.transaction().execute(async (trx) => {
        const locked = await lockDonation(trx, { id: donation.id });
        return locked ? this.close(trx, locked, 'EXPIRED') : false;
      });
      if (closed) expired += 1;
    }
    if (expired > 0) platformMetrics.pledgeTransitions.inc({ from: 'PENDING', to: 'EXPIRED' }, expired);
    return expired;
  }

  /**
   * Refunds a succeeded donation in full through the provider, then records it (once, whoever gets there). A pledge
   * whose backer bought add-ons in the survey was paid by several payments (DESIGN.md §17): each is refunded for its
   * own amount against its own reference — the first for the pledge less its survey charges, keyed
   * `refund-donation-{id}`, each charge keyed `refund-survey-charge-{id}` — since a provider refuses to refund more
   * than a payment. Every amount and key is the same on a retry. A survey charge still pending (its result not
   * known yet) is a 409: the `survey-charges` job settles it within minutes, then the refund can go.
   */
  async refund(donationId: number): Promise<boolean> {
    const donation = await findDonation(this.db, donationId);
    if (!donation || donation.status !== 'SUCCEEDED') return false;
    const charges = await surveyChargesOf(this.db, donation.id);
    if (charges.some((c) => c.status === 'pending')) {
      throw new AppError('CONFLICT', 'api.payments.surveyChargePending');
    }
    const firstPayment = donation.amount_cents - charges.reduce((sum, c) => sum + Number(c.amount_cents), 0);
    let refundId: string | null = null;
    if (firstPayment > 0) {
      ({ refundId } = await this.provider.refund({
        paymentReference: donation.payment_reference ?? donation.checkout_session_id ?? String(donation.id),
        amountCents: firstPayment,
        currency: donation.currency,
        idempotencyKey: `refund-donation-${donation.id}`,
      }));
    }
    const chargeRefunds = new Map<number, string>();
    for (const charge of charges) {
      const { refundId: chargeRefund } = await this.provider.refund({
        paymentReference: charge.payment_reference ?? `survey-charge-${charge.id}`,
        amountCents: Number(charge.amount_cents),
        currency: charge.currency,
        idempotencyKey: `refund-survey-charge-${charge.id}`,
      });
      chargeRefunds.set(charge.id, chargeRefund);
    }
    const applied = await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      if (!locked) return false;
      // A survey charge settled since the refunds above: not refunded at the provider yet. Refusing leaves the
      // pledge SUCCEEDED; the next call refunds it too (the keys above answer what they already did).
      const now = await surveyChargesOf(trx, donationId);
      if (locked.status === 'SUCCEEDED' && now.some((c) => !chargeRefunds.has(c.id))) {
        throw new AppError('CONFLICT', 'api.payments.surveyChargePending');
      }
      if (!(await this.applyRefund(trx, locked, refundId))) return false;
      for (const [id, reference] of chargeRefunds) {
        await trx
          .updateTable('survey_charges')
          .set({ refund_reference: reference })
          .where('id', '=', id)
          .execute();
      }
      return true;
    });
    if (applied) await this.countApplied('refunded', { id: donationId, status: 'SUCCEEDED' });
    this.mail.kick();
    return applied;
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
    const donor = await this.goLive(trx, donation, project);
    await this.recordCollected(trx, donation, project.title, donor);
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
  ): Promise<'pledged' | 'card_changed' | 'charge_now' | 'ignored'> {
    const card = { payment_method: paymentMethod, payment_customer: customerId ?? donation.payment_customer };
    if (donation.status === 'PLEDGED') {
      await setDonation(trx, donation.id, card);
      return 'card_changed';
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
      if (donation.status === 'PENDING') await this.close(trx, donation, 'EXPIRED');
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
    const donor = await this.goLive(trx, donation, project);
    await this.mail.enqueue(trx, donor, (t) =>
      mailTemplates.pledgeConfirmed(
        t,
        donor.email,
        donor.full_name,
        project.title,
        { cents: donation.amount_cents, currency: donation.currency },
        project.end_date ? chargeDate(project.end_date) : null,
        `${this.settings.appUrl}/projects/${project.id}`,
      ),
    );
    return 'pledged';
  }

  /** A collected charge: the pledge SUCCEEDED with its ledger row and a receipt (counters moved when it went live). */
  private async collected(trx: Kysely<DB>, donation: DonationRow, paymentReference: string) {
    const wasDropped = donation.status === 'DROPPED';
    const done = await transitionDonationFrom(trx, donation.id, ['COLLECTING', 'PAYMENT_FAILED', 'DROPPED'], {
      status: 'SUCCEEDED',
      succeeded_at: this.clock(),
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
      await this.goLive(trx, donation, project);
    }
    const project = await projectForNotice(trx, donation.project_id);
    await this.recordCollected(trx, donation, project.title, await this.donor(trx, donation.donor_id));
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
    const donor = await this.donor(trx, donation.donor_id);
    const projectUrl = `${this.settings.appUrl}/projects/${project.id}`;
    if (now.getTime() - firstFailure.getTime() >= PAYMENT_FIX_DAYS * MS_PER_DAY) {
      await transitionDonation(trx, donation.id, 'COLLECTING', {
        status: 'DROPPED',
        payment_error_code: code,
        collecting_since: null,
        next_collection_at: null,
      });
      await this.leaveLive(trx, donation);
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

  /**
   * A pledge became live: the counters count it (a backer once, however many legacy pledges they have), the
   * creator is told, and the goal crossing is announced. Returns the donor for the caller's mail.
   */
  private async goLive(
    trx: Kysely<DB>,
    donation: DonationRow,
    project: Awaited<ReturnType<typeof lockProjectForMoney>>,
  ) {
    const firstTime = !(await hasLivePledge(trx, donation.donor_id, project.id, donation.id));
    // A late pledge (DESIGN.md §16) is counted apart, never in the funded total, its goal or its stretch goals.
    await (donation.late ? moveLateCounters : moveProjectCounters)(
      trx,
      project.id,
      donation.amount_cents,
      firstTime ? 1 : 0,
    );
    const donor = await this.donor(trx, donation.donor_id);
    const name = donor.full_name || donor.username;
    const notifications: NewNotification[] = [
      {
        userId: project.creator_id,
        type: 'DONATION',
        message: notificationMessages.backed(name, project.title, {
          cents: donation.amount_cents,
          currency: donation.currency,
        }),
        projectId: project.id,
      },
    ];
    if (firstTime) {
      notifications.push({
        userId: project.creator_id,
        type: 'BACKER_JOINED',
        message: notificationMessages.backerJoined(name, project.title),
        projectId: project.id,
      });
    }
    await insertNotifications(trx, notifications);
    const creator = await this.donor(trx, project.creator_id);
    await this.preferences.enqueueGoverned(trx, creator, 'email_pledges', (t) =>
      mailTemplates.creatorPledge(
        t,
        creator.email,
        creator.full_name || creator.username,
        { key: 'mail.creatorPledge.newSubject', values: { title: project.title } },
        {
          key: 'mail.creatorPledge.newBody',
          values: {
            name,
            title: project.title,
            amount: { cents: donation.amount_cents, currency: donation.currency, fractionDigits: 2 },
          },
        },
        `${this.settings.appUrl}/projects/${project.id}`,
      ),
    );
    if (donation.late) return donor;
    const goal = project.goal_cents ?? Number.POSITIVE_INFINITY;
    if (project.current_cents < goal && project.current_cents + donation.amount_cents >= goal) {
      const message = notificationMessages.goalReached(project.title);
      await insertNotifications(trx, [
        { userId: project.creator_id, type: 'GOAL_REACHED', message, projectId: project.id },
      ]);
      await notifyBackers(trx, project.id, 'GOAL_REACHED', message);
    }
    await this.totalRose(trx, project);
    return donor;
  }

  /** A pledge stopped being live (cancelled, dropped): counters lowered and its reward released. */
  async leaveLive(trx: Kysely<DB>, donation: DonationRow) {
    const stillBacker = await hasLivePledge(trx, donation.donor_id, donation.project_id, donation.id);
    await (donation.late ? moveLateCounters : moveProjectCounters)(
      trx,
      donation.project_id,
      -donation.amount_cents,
      stillBacker ? 0 : -1,
    );
    if (donation.reward_id !== null) await unclaim(trx, donation.reward_id);
    if (donation.has_add_ons) await moveAddOnStock(trx, donation.id, 'unclaim');
  }

  /** Money collected: its ledger row (gross, the provider's fee, the platform's fee) and the backer's receipt. */
  private async recordCollected(
    trx: Kysely<DB>,
    donation: DonationRow,
    projectTitle: string,
    donor: SavedLanguage & { email: string; full_name: string },
  ) {
    const processing = processingFeeCents(donation.amount_cents, donation.currency);
    await insertLedgerEntry(trx, {
      project_id: donation.project_id,
      donation_id: donation.id,
      currency: donation.currency,
      kind: 'donation',
      gross_cents: donation.amount_cents,
      processing_fee_cents: processing,
      platform_fee_cents: Math.min(
        donation.amount_cents - processing,
        percentOfMinor(donation.amount_cents, this.settings.platformFeePercent),
      ),
    });
    await this.mail.enqueue(trx, donor, (t) =>
      mailTemplates.backingReceipt(
        t,
        donor.email,
        donor.full_name,
        projectTitle,
        { cents: donation.amount_cents, currency: donation.currency },
        this.receiptUrl(donation.id),
      ),
    );
  }

  private donor(trx: Kysely<DB>, donorId: number) {
    return trx
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'username', 'locale', 'last_locale'])
      .where('id', '=', donorId)
      .executeTakeFirstOrThrow();
  }

  private receiptUrl(donationId: number) {
    return `${this.settings.appUrl}/donation/success?donation_id=${donationId}`;
  }

  /** A pledge that will not be paid: closed, and its reward reservation released. */
  private async close(trx: Kysely<DB>, donation: DonationRow, status: 'FAILED' | 'EXPIRED' | 'CANCELED') {
    if (!(await transitionDonation(trx, donation.id, 'PENDING', { status }))) return false;
    if (donation.reward_id !== null) await releaseReservation(trx, donation.reward_id);
    if (donation.has_add_ons) await moveAddOnStock(trx, donation.id, 'release');
    return true;
  }

  /**
   * Reverses a succeeded donation: its counters, its reward claim, its add-ons' stock (those bought in the survey
   * joined its lines) and its ledger rows — one refund row for the whole pledge, whose fees are those of every
   * payment it was made of, so the pledge's rows net to zero.
   */
  private async applyRefund(trx: Kysely<DB>, donation: DonationRow, refundReference: string | null) {
    const refunded = await transitionDonation(trx, donation.id, 'SUCCEEDED', {
      status: 'REFUNDED',
      refunded_at: this.clock(),
      refund_reference: refundReference,
    });
    if (!refunded) return false;
    const project = await lockProjectForMoney(trx, donation.project_id);
    const stillBacker = await hasLivePledge(trx, donation.donor_id, project.id);
    // A late pledge's refund lowers the late counters, in the same transaction as its state.
    await (donation.late ? moveLateCounters : moveProjectCounters)(
      trx,
      project.id,
      -donation.amount_cents,
      stillBacker ? 0 : -1,
    );
    if (donation.reward_id !== null) await unclaim(trx, donation.reward_id);
    if (donation.has_add_ons) await moveAddOnStock(trx, donation.id, 'unclaim');
    const original = await donationLedgerEntry(trx, donation.id);
    await insertLedgerEntry(trx, {
      project_id: project.id,
      donation_id: donation.id,
      currency: donation.currency,
      kind: 'refund',
      gross_cents: -donation.amount_cents,
      processing_fee_cents: -(original?.processing_fee_cents ?? 0),
      platform_fee_cents: -(original?.platform_fee_cents ?? 0),
    });
    await insertNotifications(trx, [
      {
        userId: donation.donor_id,
        type: 'REFUND',
        message: notificationMessages.refunded(project.title, {
          cents: donation.amount_cents,
          currency: donation.currency,
        }),
        projectId: project.id,
      },
    ]);
    return true;
  }
}

/** The platform's counters of what an applied event did (prom-client, read on the metrics port). */
function countEvent(kind: PaymentEvent['kind'], from: DonationStatus, to: DonationStatus) {
  if (from !== to) platformMetrics.pledgeTransitions.inc({ from, to });
  if (kind === 'charge_succeeded') platformMetrics.collections.inc({ outcome: 'succeeded' });
  if (kind === 'charge_failed') platformMetrics.collections.inc({ outcome: 'failed' });
  if (kind === 'failed' || kind === 'charge_failed') platformMetrics.paymentFailures.inc();
  if (kind === 'refunded') platformMetrics.refunds.inc();
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
