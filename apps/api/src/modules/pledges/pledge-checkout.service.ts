import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  attributePledge,
  campaignEnd,
  chargeDate,
  INSTALMENT_COUNT,
  parseCalendarDate,
  PLEDGE_MESSAGES,
  type PledgeRequest,
  REWARD_MESSAGES,
  type Translator,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { amountWithCents, type Money } from '../../i18n';
import type { AccessClaims } from '../auth/tokens';
import type { Clock } from '../../lib/clock';
import type { CardTestingGuard } from '../payments/card-testing.service';
import type { PaymentService } from '../payments/payments.service';
import { insertDonation, setDonation, shareLockProject } from '../payments/payments.repository';
import { latePledgesOpenNow } from '../late-pledges/late-pledges.rules';
import { mayView } from '../projects/project-access';
import { findReward, reserveReward } from '../rewards/rewards.repository';
import { moveAddOnStock, replacePledgeLines } from '../add-ons/add-ons.repository';
import { listTags } from '../referrals/referrals.repository';
import type { InstalmentPlans } from '../instalments/instalment-plans';
import { assertStock, chosenAddOns, pledgeAmountIn, priceShipping } from './pledge-pricing';
import {
  findCheckoutIdentity,
  findCurrentPledge,
  lockBackerOfProject,
  savePaymentCustomer,
} from './pledges.repository';

export const CHECKOUT_TTL_MS = 30 * 60_000;

/**
 * The Back button (DESIGN.md §10): one live pledge per backer and project, placed as a PENDING donation with a
 * checkout that saves a card for a running all-or-nothing campaign and pays at once otherwise.
 */
export class PledgeCheckoutService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly payments: PaymentService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly cardTesting: CardTestingGuard,
    private readonly plans: InstalmentPlans,
  ) {}

  /** Every call that starts a payment asks first: 429 while the caller's account or address is card testing. */
  assertMayPay(caller: AccessClaims, ip: string | null) {
    return this.cardTesting.assertMayPay({ userId: caller.userId, ip });
  }

  /**
   * A new pledge: the rules checked, the reward reserved, a PENDING donation and a checkout (30 minutes) whose
   * description is in the backer's language `t`.
   */
  async pledge(
    projectId: number,
    caller: AccessClaims,
    input: PledgeRequest,
    t: Translator,
    ip: string | null,
  ) {
    if (!caller.permissions.includes('back_project')) throw forbidden('api.pledges.mayNotBack');
    await this.assertMayPay(caller, ip);
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
        const addOns = await chosenAddOns(trx, projectId, reward ?? null, input.add_ons);
        const shipping = priceShipping(
          reward ?? null,
          addOns,
          input.shipping_address ?? null,
          amountCents,
          project.currency,
          late,
        );
        // Pay over time (DESIGN.md §20): its rules on the amount as priced here, add-ons and shipping included.
        const payOverTime = input.pay_over_time === true;
        if (payOverTime) this.plans.assertAllowed(project, amountCents, late);
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
          // Where the backer came from (DESIGN.md §19): the browser's kept `ref`, attributed by the one rule.
          referral_source: input.ref
            ? attributePledge(
                input.ref,
                (await listTags(trx, projectId)).map((tag) => tag.name),
              ).source
            : 'direct',
          pay_over_time: payOverTime,
        });
        if (payOverTime) await this.plans.write(trx, donation.id, amountCents, project.end_date!);
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
          donation.pay_over_time,
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

  /**
   * The backer's email and, for a checkout that saves a card, their customer at the provider, made on their first
   * such checkout (null otherwise).
   */
  async checkoutIdentity(userId: number, savesCard: boolean) {
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
}

/**
 * What the payment provider's checkout page says the payment is for, in the backer's language: with the end date of an
 * all-or-nothing campaign, when the card is charged (in instalments for a plan, DESIGN.md §20).
 */
export function describeCheckout(
  t: Translator,
  project: string,
  reward: string | null,
  amount: Money,
  endDate: string | null,
  inInstalments = false,
) {
  const pledge = reward
    ? t.t('api.checkout.rewardPledge', { project, reward })
    : t.t('api.checkout.pledge', { project });
  if (!endDate) return pledge;
  const chargeRule = t.t(inInstalments ? 'api.checkout.instalmentRule' : 'api.checkout.chargeRule', {
    amount: amountWithCents(t, amount),
    date: t.calendarDate(chargeDate(endDate)),
    count: INSTALMENT_COUNT,
  });
  return t.t('api.checkout.withChargeRule', { pledge, chargeRule });
}
