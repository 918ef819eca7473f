import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADD_ON_MESSAGES,
  campaignEnd,
  chargeDate,
  type Donation,
  inLastDay,
  LATE_PLEDGE_MESSAGES,
  minorToMajor,
  MS_PER_DAY,
  parseCalendarDate,
  PAYMENT_FIX_DAYS,
  PLEDGE_MESSAGES,
  type PledgeRequest,
  REWARD_MESSAGES,
  shippingRuleFor,
  type ShippingAddress,
  type Translator,
  type UpdatePledgeRequest,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { amountWithCents, type KeyedMessage, type Money } from '../../i18n';
import type { AccessClaims } from '../auth/tokens';
import type { MailContent } from '../mail/mail.repository';
import type { MailService } from '../mail/mail.service';
import type { PreferenceService } from '../preferences/preferences.service';
import { mailTemplates } from '../mail/mail.templates';
import { platformMetrics } from '../metrics/metrics';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { minorUnitsIn } from '../payments/amounts';
import type { Clock, PaymentService } from '../payments/payments.service';
import {
  type DonationRow,
  insertDonation,
  lockDonation,
  lockProjectForMoney,
  moveProjectCounters,
  setDonation,
  shareLockProject,
  transitionDonation,
} from '../payments/payments.repository';
import { latePledgesOpenNow } from '../late-pledges/late-pledges.rules';
import { mayView, type ProjectAccess } from '../projects/project-access';
import { claimIfAvailable, findReward, reserveReward, unclaim } from '../rewards/rewards.repository';
import { findAddOns, moveAddOnStock, pledgeLinesOf, replacePledgeLines } from '../add-ons/add-ons.repository';
import {
  findCheckoutIdentity,
  findCurrentPledge,
  findPledgeView,
  lockBackerOfProject,
  markReceived,
  type PledgeView,
  savePaymentCustomer,
} from './pledges.repository';

export const CHECKOUT_TTL_MS = 30 * 60_000;

type Reward = NonNullable<Awaited<ReturnType<typeof findReward>>>;
/** An add-on a pledge asks for, with how many. */
type ChosenAddOn = Awaited<ReturnType<typeof findAddOns>>[number] & { quantity: number };

/** A 409 naming the first add-on that had not enough left (the transaction then takes nothing). */
function assertStock(addOns: ChosenAddOn[], short: number[]) {
  const first = addOns.find((addOn) => short.includes(addOn.id));
  if (first)
    throw new AppError('CONFLICT', ADD_ON_MESSAGES.soldOut, undefined, undefined, { title: first.title });
}

/**
 * A backer's pledge from the Back button to the end of the campaign (DESIGN.md §10): one live pledge per
 * backer and project; all-or-nothing pledges save a card and may be changed or cancelled until the end date;
 * flexible ones are charged at checkout and are final.
 */
export class PledgeService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly payments: PaymentService,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly preferences: PreferenceService,
  ) {}

  /**
   * A new pledge: the rules checked, the reward reserved, a PENDING donation and a checkout (30 minutes) whose
   * description is in the backer's language `t`.
   */
  async pledge(projectId: number, caller: AccessClaims, input: PledgeRequest, t: Translator) {
    if (!caller.permissions.includes('back_project')) throw forbidden('api.pledges.mayNotBack');
    const now = this.clock();
    const { donation, projectTitle, rewardTitle, replacedSession, endDate, late } = await this.db
      .transaction()
      .execute(async (trx) => {
        // The share lock keeps the project's currency as read until the pledge is in (then it cannot change).
        const project = await shareLockProject(trx, projectId);
        if (!project || !mayView(caller, project)) throw notFound('project');
        if (input.currency !== undefined && input.currency !== project.currency) {
          throw new AppError(
            'VALIDATION_ERROR',
            PLEDGE_MESSAGES.currency,
            { currency: [PLEDGE_MESSAGES.currency] },
            undefined,
            { PLEDGE_CURRENCY: project.currency },
          );
        }
        const amountCents = pledgeAmountIn(input.amount, project.currency);
        // After the campaign, while its creator keeps late pledges open (DESIGN.md §16), the same call pledges late.
        const late = latePledgesOpenNow(project, now);
        if (!late) {
          if (project.status !== 'ACTIVE') throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notActive);
          const running =
            project.start_date !== null &&
            project.end_date !== null &&
            now.getTime() >= parseCalendarDate(project.start_date) &&
            now.getTime() <= campaignEnd(project.end_date);
          if (!running) throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notRunning);
        }
        if (project.creator_id === caller.userId) throw forbidden(PLEDGE_MESSAGES.ownProject);

        await lockBackerOfProject(trx, caller.userId, projectId);
        const current = await findCurrentPledge(trx, caller.userId, projectId);
        let replacedSession: string | null = null;
        if (current && current.status !== 'PENDING') {
          throw new AppError('CONFLICT', PLEDGE_MESSAGES.alreadyBacked, { donation_id: current.id });
        }
        if (current) {
          // A checkout left open in another tab is replaced by this one.
          await this.payments.closeOpenCheckout(trx, current, 'CANCELED');
          replacedSession = current.checkout_session_id;
        }

        const reward = input.reward_id ? await findReward(trx, projectId, input.reward_id) : null;
        if (input.reward_id && !reward) throw notFound('reward');
        const addOns = await this.chosenAddOns(trx, projectId, reward ?? null, input.add_ons);
        const shipping = this.priceShipping(
          reward ?? null,
          addOns,
          input.shipping_address ?? null,
          amountCents,
          project.currency,
          late,
        );
        const donation = await insertDonation(trx, {
          project_id: projectId,
          reward_id: reward?.id ?? null,
          donor_id: caller.userId,
          amount_cents: amountCents,
          currency: project.currency,
          provider: this.payments.provider.name,
          expires_at: new Date(now.getTime() + CHECKOUT_TTL_MS),
          funding_model: project.funding_model,
          shipping_cents: shipping.cents,
          shipping_address: shipping.address,
          has_add_ons: shipping.lines.length > 0,
          late,
        });
        if (shipping.lines.length > 0) await replacePledgeLines(trx, donation.id, shipping.lines);
        // The stock last, just before the commit: every pledge of a campaign takes the same reward and add-on rows,
        // and each holds them from its update to its commit (one update, not the whole pledge, at a time).
        if (reward && !(await reserveReward(trx, reward.id))) {
          throw new AppError('CONFLICT', REWARD_MESSAGES.soldOut);
        }
        if (shipping.lines.length > 0) {
          assertStock(addOns, await moveAddOnStock(trx, donation.id, 'reserve'));
        }
        return {
          donation,
          projectTitle: project.title,
          rewardTitle: reward?.title ?? null,
          replacedSession,
          endDate: project.end_date,
          late,
        };
      });
    const allOrNothing = !late && donation.funding_model === 'all_or_nothing';
    if (replacedSession) await this.payments.expireAtProvider(replacedSession);

    try {
      // Only a running all-or-nothing campaign saves a card, at the backer's customer; a late pledge is charged now.
      const { email, customerId } = await this.checkoutIdentity(caller.userId, allOrNothing);
      const session = await this.payments.provider.createCheckout({
        donationId: donation.id,
        mode: allOrNothing ? 'setup' : 'payment',
        customerId,
        idempotencyKey: `checkout-donation-${donation.id}`,
        amountCents: donation.amount_cents,
        currency: donation.currency,
        description: describeCheckout(
          t,
          projectTitle,
          rewardTitle,
          { cents: donation.amount_cents, currency: donation.currency },
          allOrNothing ? endDate : null,
        ),
        customerEmail: email,
        successUrl: `${this.appUrl}/donation/success?donation_id=${donation.id}`,
        cancelUrl: `${this.appUrl}/donation/cancel?donation_id=${donation.id}`,
        expiresAt: donation.expires_at,
      });
      await setDonation(this.db, donation.id, {
        checkout_session_id: session.sessionId,
        payment_customer: customerId,
      });
      return { checkout_url: session.url, donation_id: donation.id };
    } catch (error) {
      this.log.error({ err: error, donationId: donation.id }, 'could not open a checkout');
      await this.payments.abandon(donation.id);
      throw new AppError('SERVICE_UNAVAILABLE', PLEDGE_MESSAGES.unavailable);
    }
  }

  /** The caller's live pledge to a project (or their open checkout), or null. */
  async myPledge(projectId: number, caller: AccessClaims): Promise<Donation | null> {
    await this.access.visible(projectId, caller);
    const row = await findPledgeView(this.db, { donorId: caller.userId, projectId });
    return row ? this.toDonation(row, await pledgeLinesOf(this.db, [row.id])) : null;
  }

  /** A donation: its donor only (anyone else gets 404). */
  async donation(id: number, caller: AccessClaims): Promise<Donation> {
    return this.toDonation(await this.ownPledge(id, caller), await pledgeLinesOf(this.db, [id]));
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
      this.assertChangeable(donation, project);
      const reward = (input.reward_id ? await findReward(trx, project.id, input.reward_id) : null) ?? null;
      if (input.reward_id && !reward) throw notFound('reward');
      const addOns = await this.chosenAddOns(trx, project.id, reward, input.add_ons);
      const shipping = this.priceShipping(
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
      });
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
    const canceled = await this.db.transaction().execute(async (trx) => {
      const project = await lockProjectForMoney(trx, pledge.project_id);
      const donation = await lockDonation(trx, { id });
      if (!donation) throw notFound('donation');
      if (donation.status === 'CANCELED') return false;
      this.assertChangeable(donation, project);
      this.assertKeepsGoal(project, -donation.amount_cents);
      await transitionDonation(trx, id, 'PLEDGED', { status: 'CANCELED', canceled_at: this.clock() });
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
  async changePaymentMethod(id: number, caller: AccessClaims, t: Translator) {
    const pledge = await this.ownPledge(id, caller);
    const fixing = pledge.status === 'PAYMENT_FAILED';
    if (!fixing) {
      if (pledge.late) throw new AppError('UNPROCESSABLE', LATE_PLEDGE_MESSAGES.final);
      if (pledge.funding_model === 'flexible')
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.flexibleFinal);
      if (pledge.status !== 'PLEDGED') throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.noPaymentNeeded);
      if (this.ended(pledge.project_end_date))
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.campaignEnded);
    }
    const { email, customerId } = await this.checkoutIdentity(caller.userId, true);
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
  toDonation(row: PledgeView, addOns: Awaited<ReturnType<typeof pledgeLinesOf>>): Donation {
    const allOrNothing = row.funding_model === 'all_or_nothing' && !row.late;
    const open =
      allOrNothing &&
      row.status === 'PLEDGED' &&
      row.project_status === 'ACTIVE' &&
      !this.ended(row.project_end_date);
    const failedAt = row.status === 'PAYMENT_FAILED' ? row.payment_failed_at : null;
    return {
      id: row.id,
      currency: row.currency,
      amount: minorToMajor(row.amount_cents, row.currency),
      status: row.status,
      project_id: row.project_id,
      project_title: row.project_title,
      reward_id: row.reward_id,
      reward_title: row.reward_title,
      created_at: row.created_at.toISOString(),
      succeeded_at: row.succeeded_at?.toISOString() ?? null,
      funding_model: row.funding_model,
      charge_date: allOrNothing && row.project_end_date ? chargeDate(row.project_end_date) : null,
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
      can_cancel: open || row.status === 'PENDING',
      payment_error_code:
        row.status === 'PAYMENT_FAILED' || row.status === 'DROPPED' ? row.payment_error_code : null,
      fix_by: failedAt ? new Date(failedAt.getTime() + PAYMENT_FIX_DAYS * MS_PER_DAY).toISOString() : null,
    };
  }

  private async ownPledge(id: number, caller: AccessClaims) {
    const row = await findPledgeView(this.db, { id });
    if (!row || row.donor_id !== caller.userId) throw notFound('donation');
    return row;
  }

  /** The user's customer at the provider, made on their first all-or-nothing pledge. */
  /**
   * The backer's email and, for a checkout that saves a card, their customer at the provider, made on their first
   * such checkout (null otherwise).
   */
  private async checkoutIdentity(userId: number, savesCard: boolean) {
    const provider = this.payments.provider;
    const known = await findCheckoutIdentity(this.db, userId, provider.name);
    const email = known?.email ?? '';
    if (!savesCard) return { email, customerId: null };
    if (known?.customer_id) return { email, customerId: known.customer_id };
    const { customerId } = await provider.createCustomer({ userId, email });
    await savePaymentCustomer(this.db, userId, provider.name, customerId);
    // Two first checkouts at once: the customer recorded first is kept.
    const saved = await findCheckoutIdentity(this.db, userId, provider.name);
    return { email, customerId: saved?.customer_id ?? customerId };
  }

  /**
   * The add-ons a pledge asks for, read from its project: each must exist there and come with the chosen reward
   * (an add-on with no rewards named comes with any pledge).
   */
  private async chosenAddOns(
    trx: Kysely<DB>,
    projectId: number,
    reward: Reward | null,
    requested: { add_on_id: number; quantity: number }[],
  ): Promise<ChosenAddOn[]> {
    const rows = await findAddOns(
      trx,
      projectId,
      requested.map((line) => line.add_on_id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return requested.map(({ add_on_id, quantity }) => {
      const addOn = byId.get(add_on_id);
      if (!addOn) throw notFound('addOn');
      if (addOn.available_with.length > 0 && (!reward || !addOn.available_with.includes(reward.id))) {
        throw new AppError(
          'VALIDATION_ERROR',
          ADD_ON_MESSAGES.notWithReward,
          { add_ons: [ADD_ON_MESSAGES.notWithReward] },
          undefined,
          { title: addOn.title },
        );
      }
      return { ...addOn, quantity };
    });
  }

  /**
   * What the pledge must cover and what it ships: the reward's minimum and shipping, each add-on's price and
   * shipping per item, for the address's country. An address is required once anything ships, and a rule must
   * cover its country for everything that ships.
   */
  private priceShipping(
    reward: Reward | null,
    addOns: ChosenAddOn[],
    address: ShippingAddress | null,
    amountCents: number,
    currency: string,
    late = false,
  ) {
    const rewardShips = reward !== null && reward.shipping_type !== 'none';
    const shippedAddOns = addOns.filter((addOn) => addOn.shipping_rules.length > 0);
    if ((rewardShips || shippedAddOns.length > 0) && !address) {
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.addressRequired, {
        shipping_address: [PLEDGE_MESSAGES.addressRequired],
      });
    }
    const costTo = (rules: { country: string; cost_cents: number }[]) => {
      const rule = shippingRuleFor(rules, address!.country);
      if (!rule) {
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notShippedThere, {
          'shipping_address.country': [PLEDGE_MESSAGES.notShippedThere],
        });
      }
      return rule.cost_cents;
    };
    const rewardShipping = rewardShips ? costTo(reward.shipping_rules) : 0;
    // A late pledge pays the late prices where the creator set them (DESIGN.md §16); its lines keep them.
    const lines = addOns.map((addOn) => ({
      add_on_id: addOn.id,
      quantity: addOn.quantity,
      price_cents: late ? (addOn.late_price_cents ?? addOn.price_cents) : addOn.price_cents,
      shipping_cents: addOn.shipping_rules.length > 0 ? costTo(addOn.shipping_rules) * addOn.quantity : 0,
    }));
    const shippingCents = lines.reduce((sum, line) => sum + line.shipping_cents, rewardShipping);
    const rewardMinimum = reward
      ? late
        ? (reward.late_price_cents ?? reward.minimum_cents)
        : reward.minimum_cents
      : 0;
    const required =
      rewardMinimum + shippingCents + lines.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
    if (amountCents < required) {
      const message = late
        ? LATE_PLEDGE_MESSAGES.belowLateTotal
        : lines.length > 0
          ? ADD_ON_MESSAGES.belowTotal
          : rewardShips
            ? PLEDGE_MESSAGES.belowRewardWithShipping
            : PLEDGE_MESSAGES.belowReward;
      throw new AppError('UNPROCESSABLE', message, { amount: [message] }, undefined, {
        minimum: minorToMajor(required, currency),
        currency,
      });
    }
    return { cents: shippingCents, address: rewardShips || shippedAddOns.length > 0 ? address : null, lines };
  }

  private assertChangeable(donation: DonationRow, project: { status: string; end_date: string | null }) {
    if (donation.late) throw new AppError('UNPROCESSABLE', LATE_PLEDGE_MESSAGES.final);
    if (donation.funding_model === 'flexible')
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.flexibleFinal);
    if (project.status !== 'ACTIVE' || this.ended(project.end_date)) {
      throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.campaignEnded);
    }
    if (donation.status !== 'PLEDGED') throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notChangeable);
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

/** A pledge's amount in its project's currency: its decimals and its pledge limits. */
const pledgeAmountIn = (amount: number, currency: string) =>
  minorUnitsIn(amount, currency, 'amount', {
    min: PLEDGE_MESSAGES.amountMin,
    max: PLEDGE_MESSAGES.amountMax,
  });

/** What the payment provider's checkout page says the payment is for, in the backer's language. */
function describeCheckout(
  t: Translator,
  project: string,
  reward: string | null,
  amount: Money,
  endDate: string | null,
) {
  const pledge = reward
    ? t.t('api.checkout.rewardPledge', { project, reward })
    : t.t('api.checkout.pledge', { project });
  if (!endDate) return pledge;
  const chargeRule = t.t('api.checkout.chargeRule', {
    amount: amountWithCents(t, amount),
    date: t.calendarDate(chargeDate(endDate)),
  });
  return t.t('api.checkout.withChargeRule', { pledge, chargeRule });
}
