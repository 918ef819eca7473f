import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  campaignEnd,
  chargeDate,
  type Donation,
  inLastDay,
  LATE_PLEDGE_MESSAGES,
  minorToMajor,
  MS_PER_DAY,
  PAYMENT_FIX_DAYS,
  PLEDGE_MESSAGES,
  REWARD_MESSAGES,
  type Translator,
  type UpdatePledgeRequest,
} from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { KeyedMessage } from '../../i18n';
import type { AccessClaims } from '../auth/tokens';
import type { MailContent } from '../mail/mail.repository';
import type { MailService } from '../mail/mail.service';
import type { PreferenceService } from '../preferences/preferences.service';
import { mailTemplates } from '../mail/mail.templates';
import { platformMetrics } from '../metrics/metrics';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import type { Clock } from '../../lib/clock';
import type { PaymentService } from '../payments/payments.service';
import {
  type DonationRow,
  lockDonation,
  lockProjectForMoney,
  moveProjectCounters,
  setDonation,
  transitionDonation,
} from '../payments/payments.repository';
import { isOnHold, type ProjectAccess } from '../projects/project-access';
import { claimIfAvailable, findReward, unclaim } from '../rewards/rewards.repository';
import { moveAddOnStock, pledgeLinesOf, replacePledgeLines } from '../add-ons/add-ons.repository';
import { CHECKOUT_TTL_MS, describeCheckout, type PledgeCheckoutService } from './pledge-checkout.service';
import { assertStock, chosenAddOns, pledgeAmountIn, priceShipping } from './pledge-pricing';
import { findPledgeView, markReceived, pledgedDonationsOf, type PledgeView } from './pledges.repository';
import { type InstalmentPlans, toInstalments } from '../instalments/instalment-plans';
import {
  cancelUnpaid,
  type InstalmentRow,
  instalmentsOf,
  isRunningPlan,
} from '../instalments/instalments.repository';

/**
 * A backer's pledge once placed, to the end of the campaign (DESIGN.md §10): all-or-nothing pledges may be changed
 * or cancelled, and their card replaced, until the end date; flexible ones were charged at checkout and are final.
 * Placing one is PledgeCheckoutService.
 */
export class PledgeService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly payments: PaymentService,
    private readonly checkout: PledgeCheckoutService,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly preferences: PreferenceService,
    private readonly plans: InstalmentPlans,
  ) {}

  /** The caller's live pledge to a project (or their open checkout), or null. */
  async myPledge(projectId: number, caller: AccessClaims): Promise<Donation | null> {
    await this.access.visible(projectId, caller);
    const row = await findPledgeView(this.db, { donorId: caller.userId, projectId });
    return row ? this.view(row) : null;
  }

  /** A donation: its donor only (anyone else gets 404). */
  async donation(id: number, caller: AccessClaims): Promise<Donation> {
    return this.view(await this.ownPledge(id, caller));
  }

  private async view(row: PledgeView) {
    return this.toDonation(
      row,
      await pledgeLinesOf(this.db, [row.id]),
      row.pay_over_time ? await instalmentsOf(this.db, [row.id]) : [],
    );
  }

  /**
   * Manage pledge: a new amount, reward and address for an all-or-nothing pledge until the end date. The
   * reward's stock moves atomically; the counters move by the difference; nothing is charged.
   */
  async change(id: number, caller: AccessClaims, input: UpdatePledgeRequest): Promise<Donation> {
    const pledge = await this.ownPledge(id, caller);
    const amountCents = pledgeAmountIn(input.amount, pledge.currency);
    const before = await this.db.transaction().execute(async (trx) => {
      const project = await lockProjectForMoney(trx, pledge.project_id);
      const donation = await lockDonation(trx, { id });
      if (!donation) throw notFound('donation');
      // Asked for a plan: its own rules first, so a flexible, late or ended pledge is told why (DESIGN.md §20).
      if (input.pay_over_time === true) this.plans.assertAllowed(project, amountCents, donation.late);
      this.assertChangeable(donation, project);
      // Unsaid, the plan follows the new amount, and is dropped below the minimum.
      const onPlan =
        input.pay_over_time ?? (donation.pay_over_time && this.plans.keeps(project, amountCents));
      const reward = (input.reward_id ? await findReward(trx, project.id, input.reward_id) : null) ?? null;
      if (input.reward_id && !reward) throw notFound('reward');
      const addOns = await chosenAddOns(trx, project.id, reward, input.add_ons);
      const shipping = priceShipping(
        reward,
        addOns,
        input.shipping_address ?? (reward?.id === donation.reward_id ? donation.shipping_address : null),
        amountCents,
        donation.currency,
      );
      this.assertKeepsGoal(project, amountCents - donation.amount_cents);
      if ((reward?.id ?? null) !== donation.reward_id) {
        if (reward && !(await claimIfAvailable(trx, reward.id))) {
          throw new AppError('CONFLICT', REWARD_MESSAGES.soldOut);
        }
        if (donation.reward_id !== null) await unclaim(trx, donation.reward_id);
      }
      // The add-ons held so far are given back and the new set taken, in one transaction: never oversold.
      if (donation.has_add_ons) await moveAddOnStock(trx, id, 'unclaim');
      if (donation.has_add_ons || shipping.lines.length > 0)
        await replacePledgeLines(trx, id, shipping.lines);
      if (shipping.lines.length > 0) assertStock(addOns, await moveAddOnStock(trx, id, 'claim'));
      await transitionDonation(trx, id, 'PLEDGED', {
        has_add_ons: shipping.lines.length > 0,
        amount_cents: amountCents,
        reward_id: reward?.id ?? null,
        shipping_cents: shipping.cents,
        shipping_address: shipping.address,
        pay_over_time: onPlan,
      });
      if (onPlan) await this.plans.write(trx, id, amountCents, project.end_date!);
      else if (donation.pay_over_time) await this.plans.drop(trx, id);
      await moveProjectCounters(trx, project.id, amountCents - donation.amount_cents, 0);
      if (amountCents > donation.amount_cents) await this.payments.totalRose(trx, project);
      const rewardTitle = reward?.title ?? null;
      await this.tell(trx, donation, project, {
        creatorMessage: (name) =>
          notificationMessages.pledgeChanged(
            name,
            project.title,
            { cents: amountCents, currency: donation.currency },
            rewardTitle,
          ),
        creatorSubject: { key: 'mail.creatorPledge.changedSubject', values: { title: project.title } },
        mail: (t, donor) =>
          mailTemplates.pledgeChanged(
            t,
            donor.email,
            donor.full_name,
            project.title,
            { amount: { cents: amountCents, currency: donation.currency }, reward: rewardTitle },
            this.manageUrl(project.id),
          ),
      });
      return donation;
    });
    this.mail.kick();
    this.log.info({ donationId: id, from: before.amount_cents, to: amountCents }, 'pledge changed');
    return this.donation(id, caller);
  }

  /** Cancels an open checkout, or an all-or-nothing pledge until the end date (nothing was charged). */
  async cancel(id: number, caller: AccessClaims) {
    const pledge = await this.ownPledge(id, caller);
    if (pledge.status === 'PENDING') return this.payments.cancel(id, caller.userId);
    await this.cancelPledged(pledge.project_id, id, 'backer');
  }

  /**
   * A suspended account's all-or-nothing pledges (DESIGN.md §18), each cancelled as its backer's own cancel would
   * be: counters, reward and add-on stock, the creator told. Only the last day's rule is left out, being the
   * backer's to keep, not an admin's; a pledge no longer cancellable (its campaign ended) is left as it is.
   */
  async cancelAllOf(donorId: number): Promise<number> {
    let canceled = 0;
    for (const pledge of await pledgedDonationsOf(this.db, donorId)) {
      if (await this.cancelPledged(pledge.project_id, pledge.id, 'sanction')) canceled += 1;
    }
    return canceled;
  }

  private async cancelPledged(projectId: number, id: number, by: 'backer' | 'sanction') {
    const canceled = await this.db.transaction().execute(async (trx) => {
      const project = await lockProjectForMoney(trx, projectId);
      const donation = await lockDonation(trx, { id });
      if (!donation) throw notFound('donation');
      if (donation.status === 'CANCELED') return false;
      // A campaign on hold (DESIGN.md §18) keeps its pledges cancellable; the last-day rule is for live ones.
      const held = isOnHold(project);
      const asLive = held ? { ...project, status: 'ACTIVE' as const } : project;
      if (by === 'backer') {
        this.assertChangeable(donation, asLive);
        if (!held) this.assertKeepsGoal(project, -donation.amount_cents);
      } else if (!this.changeable(donation, asLive)) {
        return false;
      }
      await transitionDonation(trx, id, 'PLEDGED', { status: 'CANCELED', canceled_at: this.clock() });
      if (donation.pay_over_time) await cancelUnpaid(trx, id);
      await this.payments.leaveLive(trx, donation);
      await this.tell(trx, donation, project, {
        creatorMessage: (name) =>
          notificationMessages.pledgeCanceled(name, project.title, {
            cents: donation.amount_cents,
            currency: donation.currency,
          }),
        creatorSubject: { key: 'mail.creatorPledge.canceledSubject', values: { title: project.title } },
        mail: (t, donor) =>
          mailTemplates.pledgeCanceled(
            t,
            donor.email,
            donor.full_name,
            project.title,
            { cents: donation.amount_cents, currency: donation.currency },
            `${this.appUrl}/projects/${project.id}`,
          ),
      });
      return true;
    });
    if (canceled) platformMetrics.pledgeTransitions.inc({ from: 'PLEDGED', to: 'CANCELED' });
    this.mail.kick();
    return canceled;
  }

  /**
   * The backer confirms their reward arrived (DESIGN.md §17): only their own pledge (404 for anyone else, as every
   * call on a backer's pledge), only once it was sent (409). Confirming again changes nothing and answers the same.
   */
  async confirmReceived(id: number, caller: AccessClaims) {
    const pledge = await this.ownPledge(id, caller);
    if (pledge.fulfilment_status === null) throw new AppError('CONFLICT', 'api.pledges.rewardNotSent');
    if (pledge.fulfilment_status === 'sent') {
      // Guarded by its status: of two confirmations at once, one writes and the other finds it done.
      await markReceived(this.db, id, this.clock());
    }
    return this.donation(id, caller);
  }

  /**
   * A checkout that saves another card: for a live all-or-nothing pledge, or to fix a PAYMENT_FAILED one (the
   * new card is charged as soon as it is saved).
   */
  async changePaymentMethod(id: number, caller: AccessClaims, t: Translator, ip: string | null) {
    const pledge = await this.ownPledge(id, caller);
    await this.checkout.assertMayPay(caller, ip);
    const fixing = pledge.status === 'PAYMENT_FAILED';
    // A running plan's instalments to come (DESIGN.md §20) are charged to the card saved now.
    if (!fixing && !isRunningPlan(pledge)) {
      if (pledge.late) throw new AppError('UNPROCESSABLE', LATE_PLEDGE_MESSAGES.final);
      if (pledge.funding_model === 'flexible')
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.flexibleFinal);
      if (pledge.status !== 'PLEDGED') throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.noPaymentNeeded);
      if (this.ended(pledge.project_end_date))
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.campaignEnded);
    }
    const { email, customerId } = await this.checkout.checkoutIdentity(caller.userId, true);
    const now = this.clock();
    try {
      const session = await this.payments.provider.createCheckout({
        donationId: id,
        mode: 'setup',
        customerId,
        idempotencyKey: `card-donation-${id}-${now.getTime()}`,
        amountCents: pledge.amount_cents,
        currency: pledge.currency,
        description: describeCheckout(
          t,
          pledge.project_title,
          pledge.reward_title,
          { cents: pledge.amount_cents, currency: pledge.currency },
          null,
        ),
        customerEmail: email,
        successUrl: `${this.appUrl}/donation/success?donation_id=${id}`,
        cancelUrl: `${this.appUrl}/projects/${pledge.project_id}`,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
      await setDonation(this.db, id, {
        checkout_session_id: session.sessionId,
        payment_customer: customerId,
      });
      return { checkout_url: session.url };
    } catch (error) {
      this.log.error({ err: error, donationId: id }, 'could not open a card checkout');
      throw new AppError('SERVICE_UNAVAILABLE', PLEDGE_MESSAGES.unavailable);
    }
  }

  /** The donation as the API shows it, with what the backer may still do. */
  toDonation(
    row: PledgeView,
    addOns: Awaited<ReturnType<typeof pledgeLinesOf>>,
    instalments: readonly InstalmentRow[],
  ): Donation {
    const allOrNothing = row.funding_model === 'all_or_nothing' && !row.late;
    const pledged = allOrNothing && row.status === 'PLEDGED' && !this.ended(row.project_end_date);
    const open = pledged && row.project_status === 'ACTIVE';
    const held = pledged && isOnHold({ status: row.project_status, activated_at: row.project_activated_at });
    const failedAt = row.status === 'PAYMENT_FAILED' ? row.payment_failed_at : null;
    return {
      id: row.id,
      currency: row.currency,
      amount: minorToMajor(row.amount_cents, row.currency),
      // A plan that ended unpaid is collected for what was paid, and reads so (decision 036).
      status: row.defaulted_at ? 'DEFAULTED' : row.status,
      project_id: row.project_id,
      project_title: row.project_title,
      reward_id: row.reward_id,
      reward_title: row.reward_title,
      created_at: row.created_at.toISOString(),
      succeeded_at: row.succeeded_at?.toISOString() ?? null,
      funding_model: row.funding_model,
      // Nothing is charged while its campaign is on hold (DESIGN.md §18): no date is promised.
      charge_date: allOrNothing && row.project_end_date && !held ? chargeDate(row.project_end_date) : null,
      reward:
        row.reward_id !== null && row.reward_title !== null
          ? { id: row.reward_id, title: row.reward_title }
          : null,
      add_ons: addOns.map((line) => ({
        add_on_id: line.add_on_id,
        title: line.title,
        quantity: line.quantity,
        price: minorToMajor(line.price_cents, row.currency),
        currency: row.currency,
      })),
      shipping_amount: minorToMajor(row.shipping_cents, row.currency),
      shipping_address: row.shipping_address,
      fulfilment_status: row.fulfilment_status,
      tracking_url: row.tracking_url,
      late: row.late,
      can_change: open,
      can_cancel: open || held || row.status === 'PENDING',
      payment_error_code:
        row.status === 'PAYMENT_FAILED' || row.status === 'DROPPED' ? row.payment_error_code : null,
      fix_by: failedAt ? new Date(failedAt.getTime() + PAYMENT_FIX_DAYS * MS_PER_DAY).toISOString() : null,
      pay_over_time: row.pay_over_time,
      instalments: toInstalments(instalments, row.currency),
    };
  }

  private async ownPledge(id: number, caller: AccessClaims) {
    const row = await findPledgeView(this.db, { id });
    if (!row || row.donor_id !== caller.userId) throw notFound('donation');
    return row;
  }

  private assertChangeable(
    donation: DonationRow,
    project: { status: ProjectStatusValue; activated_at: Date | null; end_date: string | null },
  ) {
    if (donation.late) throw new AppError('UNPROCESSABLE', LATE_PLEDGE_MESSAGES.final);
    if (donation.funding_model === 'flexible')
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.flexibleFinal);
    if (isOnHold(project) && !this.ended(project.end_date)) {
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.onHold);
    }
    if (project.status !== 'ACTIVE' || this.ended(project.end_date)) {
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.campaignEnded);
    }
    if (donation.status !== 'PLEDGED') throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notChangeable);
  }

  private changeable(donation: DonationRow, project: Parameters<PledgeService['assertChangeable']>[1]) {
    try {
      this.assertChangeable(donation, project);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** The last-24-hours rule: a funded campaign is not taken back below its goal at the last moment. */
  private assertKeepsGoal(
    project: { end_date: string | null; goal_cents: number | null; current_cents: number },
    deltaCents: number,
  ) {
    if (deltaCents >= 0 || !project.end_date || project.goal_cents === null) return;
    const funded = project.current_cents >= project.goal_cents;
    if (
      funded &&
      project.current_cents + deltaCents < project.goal_cents &&
      inLastDay(project.end_date, this.clock().getTime())
    ) {
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.lastDay);
    }
  }

  private ended(endDate: string | null) {
    return endDate === null || this.clock().getTime() > campaignEnd(endDate);
  }

  /** The creator's notification and mail, and the backer's mail, of a change to a pledge. */
  private async tell(
    trx: Kysely<DB>,
    donation: DonationRow,
    project: { id: number; creator_id: number },
    message: {
      creatorMessage: (backerName: string) => KeyedMessage;
      /** The subject of the creator's mail (sent only if they keep email_pledges on). */
      creatorSubject: KeyedMessage;
      mail: (t: Translator, donor: { email: string; full_name: string }) => MailContent;
    },
  ) {
    const people = await trx
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'username', 'locale', 'last_locale'])
      .where('id', 'in', [donation.donor_id, project.creator_id])
      .execute();
    const donor = people.find((person) => person.id === donation.donor_id)!;
    const creator = people.find((person) => person.id === project.creator_id)!;
    const creatorMessage = message.creatorMessage(donor.full_name || donor.username);
    await insertNotifications(trx, [
      { userId: project.creator_id, type: 'PLEDGE', message: creatorMessage, projectId: project.id },
    ]);
    await this.mail.enqueue(trx, donor, (t) => message.mail(t, donor));
    await this.preferences.enqueueGoverned(trx, creator, 'email_pledges', (t) =>
      mailTemplates.creatorPledge(
        t,
        creator.email,
        creator.full_name || creator.username,
        message.creatorSubject,
        creatorMessage,
        `${this.appUrl}/projects/${project.id}`,
      ),
    );
  }

  private manageUrl(projectId: number) {
    return `${this.appUrl}/projects/${projectId}?manage_pledge=1`;
  }
}
