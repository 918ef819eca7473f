import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { percentOfMinor } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import type { SavedLanguage } from '../../i18n';
import type { Clock } from '../../lib/clock';
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
import { moveAddOnStock } from '../add-ons/add-ons.repository';
import { moveLateCounters } from '../late-pledges/late-pledges.repository';
import { releaseReservation, unclaim } from '../rewards/rewards.repository';
import {
  type DonationRow,
  findDonation,
  findRecipient,
  hasLivePledge,
  insertLedgerEntry,
  lockDonation,
  type lockProjectForMoney,
  moveProjectCounters,
  openCheckoutsOf,
  stalePendingDonations,
  transitionDonation,
} from './payments.repository';
import { type PaymentProvider, processingFeeCents } from './provider';

/** Pending checkouts older than their expiry plus this are closed by the job (their event may be lost). */
const EXPIRY_GRACE_MS = 5 * 60_000;

interface Settings {
  appUrl: string;
  platformFeePercent: number;
}

/**
 * What a pledge holds in its project, outside the provider's events (DESIGN.md §6, §10): an open checkout's
 * reservation, given back when the checkout closes without money, and a live pledge's place in the counters, the
 * creator's notices and, once its money is collected, the ledger. The pledge module and the provider's events
 * (PaymentEventService) both move a pledge in and out through here, so the counters follow one rule.
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
    return this.expire(stale);
  }

  /** A suspended account's open checkouts (DESIGN.md §18) expire as lapsed ones do, at the provider first. */
  async expireOpenCheckoutsOf(donorId: number): Promise<number> {
    return this.expire(await openCheckoutsOf(this.db, donorId));
  }

  private async expire(checkouts: { id: number; checkout_session_id: string | null }[]) {
    let expired = 0;
    for (const donation of checkouts) {
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

  /** A pledge that will not be paid: closed, and its reward reservation released. */
  async close(trx: Kysely<DB>, donation: DonationRow, status: 'FAILED' | 'EXPIRED' | 'CANCELED') {
    if (!(await transitionDonation(trx, donation.id, 'PENDING', { status }))) return false;
    if (donation.reward_id !== null) await releaseReservation(trx, donation.reward_id);
    if (donation.has_add_ons) await moveAddOnStock(trx, donation.id, 'release');
    return true;
  }

  /**
   * A pledge became live: the counters count it (a backer once, however many legacy pledges they have), the
   * creator is told, and the goal crossing is announced. Returns the donor for the caller's mail.
   */
  async goLive(
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
    const donor = await findRecipient(trx, donation.donor_id);
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
    const creator = await findRecipient(trx, project.creator_id);
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

  /**
   * Money collected: its ledger row (gross, the provider's fee, the platform's fee) and the backer's receipt. An
   * instalment of a pledge paid over time (DESIGN.md §20) is collected for its own amount, with its own receipt.
   */
  async recordCollected(
    trx: Kysely<DB>,
    donation: DonationRow,
    projectTitle: string,
    donor: SavedLanguage & { email: string; full_name: string },
    instalment?: { id: number; number: number; amountCents: number },
  ) {
    const gross = instalment?.amountCents ?? donation.amount_cents;
    const processing = processingFeeCents(gross, donation.currency);
    await insertLedgerEntry(trx, {
      project_id: donation.project_id,
      donation_id: donation.id,
      ...(instalment ? { instalment_id: instalment.id } : {}),
      currency: donation.currency,
      kind: 'donation',
      gross_cents: gross,
      processing_fee_cents: processing,
      platform_fee_cents: Math.min(
        gross - processing,
        percentOfMinor(gross, this.settings.platformFeePercent),
      ),
    });
    await this.mail.enqueue(trx, donor, (t) =>
      instalment
        ? mailTemplates.instalmentReceipt(
            t,
            donor.email,
            donor.full_name,
            projectTitle,
            { cents: gross, currency: donation.currency },
            instalment.number,
            this.receiptUrl(donation.id),
          )
        : mailTemplates.backingReceipt(
            t,
            donor.email,
            donor.full_name,
            projectTitle,
            { cents: gross, currency: donation.currency },
            this.receiptUrl(donation.id),
          ),
    );
  }

  private receiptUrl(donationId: number) {
    return `${this.settings.appUrl}/donation/success?donation_id=${donationId}`;
  }
}
