import type { Kysely } from 'kysely';
import {
  ADD_ON_MESSAGES,
  ADD_ON_QUANTITY_MAX,
  type BackerSurvey,
  type BackerSurveyRequest,
  declineMessage,
  minorToMajor,
  PLEDGE_MESSAGES,
  shippingRuleFor,
  type ShippingAddress,
  SURVEY_MESSAGES,
} from '@fundry/shared';
import type { DB, SurveyChargeLine } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { KeyedMessage } from '../../i18n';
import { findAddOns, listAddOns, pledgeLinesOf } from '../add-ons/add-ons.repository';
import type { AccessClaims } from '../auth/tokens';
import { lockDonation } from '../payments/payments.repository';
import type { Clock } from '../../lib/clock';
import { findReward } from '../rewards/rewards.repository';
import type { SurveyChargeService } from './survey-charges.service';
import { claimAddOnStock, findResponse, findSurvey, listQuestions } from './surveys.repository';
import { applying, checkAnswers, toQuestion } from './surveys.rules';

/**
 * The backer's side of the survey (DESIGN.md §17): each collected backer answers the questions that apply to their
 * pledge, and changes them, until the creator locks it; add-ons they add are charged with the pledge's saved card.
 */
export class SurveyAnswerService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly charges: SurveyChargeService,
    private readonly clock: Clock,
  ) {}

  async backerGet(donationId: number, caller: AccessClaims): Promise<BackerSurvey> {
    const { donation } = await this.asked(donationId, caller);
    return this.backerView(donation.id);
  }

  async backerPut(donationId: number, caller: AccessClaims, input: BackerSurveyRequest) {
    await this.asked(donationId, caller);
    const now = this.clock();
    const pending = await this.db.transaction().execute(async (trx) => {
      const donation = await lockDonation(trx, { id: donationId });
      if (!donation || donation.status !== 'SUCCEEDED') throw notFound('survey');
      const survey = await findSurvey(trx, donation.project_id);
      if (!survey?.sent_at) throw notFound('survey');
      if (survey.locked_at !== null) throw new AppError('CONFLICT', SURVEY_MESSAGES.locked);
      const held = await pledgeLinesOf(trx, [donationId]);
      const questions = applying(await listQuestions(trx, donation.project_id), donation.reward_id, held);
      const answers = checkAnswers(questions, input.answers);

      const reward =
        donation.reward_id === null
          ? null
          : ((await findReward(trx, donation.project_id, donation.reward_id)) ?? null);
      const wanted = await this.addOnsWanted(trx, donation, reward?.id ?? null, held, input.add_ons);
      const heldAddOns = await findAddOns(
        trx,
        donation.project_id,
        held.map((line) => line.add_on_id),
      );
      const ships =
        (reward !== null && reward.shipping_type !== 'none') ||
        heldAddOns.some((a) => a.shipping_rules.length > 0) ||
        wanted.some((a) => a.shipping_rules.length > 0);
      const address =
        input.shipping_address === undefined ? donation.shipping_address : input.shipping_address;
      if (ships && !address) {
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.addressRequired, {
          shipping_address: [PLEDGE_MESSAGES.addressRequired],
        });
      }
      const costTo = (rules: { country: string; cost_cents: number }[]) => {
        const rule = shippingRuleFor(rules, (address as ShippingAddress).country);
        if (!rule) {
          throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notShippedThere, {
            'shipping_address.country': [PLEDGE_MESSAGES.notShippedThere],
          });
        }
        return rule.cost_cents;
      };
      if (ships) {
        if (reward && reward.shipping_type !== 'none') costTo(reward.shipping_rules);
        for (const addOn of heldAddOns) if (addOn.shipping_rules.length > 0) costTo(addOn.shipping_rules);
      }
      const lines: SurveyChargeLine[] = wanted.map((addOn) => ({
        add_on_id: addOn.id,
        quantity: addOn.quantity,
        price_cents: addOn.price_cents,
        shipping_cents: addOn.shipping_rules.length > 0 ? costTo(addOn.shipping_rules) * addOn.quantity : 0,
      }));

      await trx
        .updateTable('survey_responses')
        .set({ answers: JSON.stringify(answers), answered_at: now, updated_at: now })
        .where('donation_id', '=', donationId)
        .execute();
      if (ships)
        await trx
          .updateTable('donations')
          .set({ shipping_address: address, updated_at: now })
          .where('id', '=', donationId)
          .execute();
      if (lines.length === 0) return null;
      if (!donation.payment_method) throw new AppError('UNPROCESSABLE', SURVEY_MESSAGES.noCard);
      // Stock is claimed before the charge (in add-on id order) and given back if the card is declined.
      for (const line of [...lines].sort((a, b) => a.add_on_id - b.add_on_id)) {
        if (!(await claimAddOnStock(trx, line.add_on_id, line.quantity))) {
          const title = wanted.find((a) => a.id === line.add_on_id)?.title ?? '';
          throw new AppError('CONFLICT', ADD_ON_MESSAGES.soldOut, undefined, undefined, { title });
        }
      }
      const shipping = lines.reduce((sum, l) => sum + l.shipping_cents, 0);
      const amount = lines.reduce((sum, l) => sum + l.price_cents * l.quantity, shipping);
      const charge = await trx
        .insertInto('survey_charges')
        .values({
          donation_id: donationId,
          project_id: donation.project_id,
          amount_cents: amount,
          shipping_cents: shipping,
          currency: donation.currency,
          lines: JSON.stringify(lines),
          // The attempt below starts now: the resume job leaves it alone for a lease.
          attempted_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        chargeId: charge.id,
        amount,
        donation,
      };
    });

    const settled = pending
      ? await this.charges.charge(pending.chargeId, pending.donation, pending.amount)
      : null;
    const message: KeyedMessage =
      settled?.outcome === 'declined'
        ? {
            key: SURVEY_MESSAGES.addOnDeclined,
            values: { reason: { message: declineMessage(settled.declineCode) } },
          }
        : {
            key:
              settled?.outcome === 'succeeded'
                ? SURVEY_MESSAGES.addOnCharged
                : settled?.outcome === 'pending'
                  ? SURVEY_MESSAGES.addOnPending
                  : SURVEY_MESSAGES.saved,
          };
    return {
      data: await this.backerView(donationId),
      add_on_charge:
        pending && settled
          ? {
              status: settled.outcome,
              amount: minorToMajor(pending.amount, pending.donation.currency),
              currency: pending.donation.currency,
            }
          : null,
      message,
    };
  }

  /**
   * The caller's own collected pledge whose project's survey was sent (404 for anyone else, as every call on a
   * backer's pledge); a pledge collected after the send is asked now.
   */
  private async asked(donationId: number, caller: AccessClaims) {
    const donation = await this.db
      .selectFrom('donations')
      .selectAll()
      .where('id', '=', donationId)
      .executeTakeFirst();
    if (!donation || donation.donor_id !== caller.userId || donation.status !== 'SUCCEEDED')
      throw notFound('survey');
    const survey = await findSurvey(this.db, donation.project_id);
    if (!survey?.sent_at) throw notFound('survey');
    if (!(await findResponse(this.db, donationId))) {
      if (survey.locked_at !== null) throw notFound('survey');
      await this.db
        .insertInto('survey_responses')
        .values({ donation_id: donationId, project_id: donation.project_id, invited_at: this.clock() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return { donation, survey };
  }

  private async addOnsWanted(
    trx: Kysely<DB>,
    donation: { project_id: number },
    rewardId: number | null,
    held: { add_on_id: number; quantity: number }[],
    requested: { add_on_id: number; quantity: number }[],
  ) {
    const rows = await findAddOns(
      trx,
      donation.project_id,
      requested.map((l) => l.add_on_id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return requested.map(({ add_on_id, quantity }) => {
      const addOn = byId.get(add_on_id);
      if (!addOn) throw notFound('addOn');
      if (
        addOn.available_with.length > 0 &&
        (rewardId === null || !addOn.available_with.includes(rewardId))
      ) {
        throw new AppError(
          'VALIDATION_ERROR',
          ADD_ON_MESSAGES.notWithReward,
          { add_ons: [ADD_ON_MESSAGES.notWithReward] },
          undefined,
          {
            title: addOn.title,
          },
        );
      }
      const already = held.find((line) => line.add_on_id === add_on_id)?.quantity ?? 0;
      if (already + quantity > ADD_ON_QUANTITY_MAX) {
        throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.quantity, {
          add_ons: [ADD_ON_MESSAGES.quantity],
        });
      }
      return { ...addOn, quantity };
    });
  }

  private async backerView(donationId: number): Promise<BackerSurvey> {
    const donation = await this.db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .leftJoin('rewards as r', 'r.id', 'd.reward_id')
      .select([
        'd.id',
        'd.project_id',
        'd.currency',
        'd.reward_id',
        'd.shipping_address',
        'd.payment_method',
        'p.title as project_title',
        'r.title as reward_title',
        'r.shipping_type',
      ])
      .where('d.id', '=', donationId)
      .executeTakeFirstOrThrow();
    const [survey, response, held, questions, addOns] = await Promise.all([
      findSurvey(this.db, donation.project_id),
      findResponse(this.db, donationId),
      pledgeLinesOf(this.db, [donationId]),
      listQuestions(this.db, donation.project_id),
      listAddOns(this.db, donation.project_id),
    ]);
    const locked = survey?.locked_at != null;
    const applies = applying(questions, donation.reward_id, held);
    const heldIds = new Set(held.map((line) => line.add_on_id));
    const shipsHeld = addOns.some((a) => heldIds.has(a.id) && a.shipping_rules.length > 0);
    const canBuy = !locked && donation.payment_method !== null;
    const country = donation.shipping_address?.country ?? null;
    const offered = canBuy
      ? addOns.flatMap((a) => {
          if (
            a.available_with.length > 0 &&
            (donation.reward_id === null || !a.available_with.includes(donation.reward_id))
          )
            return [];
          const remaining =
            a.quantity_available === null
              ? null
              : Math.max(0, a.quantity_available - a.quantity_claimed - a.quantity_reserved);
          const already = held.find((line) => line.add_on_id === a.id)?.quantity ?? 0;
          const max = Math.min(ADD_ON_QUANTITY_MAX - already, remaining ?? ADD_ON_QUANTITY_MAX);
          if (max <= 0) return [];
          const ships = a.shipping_rules.length > 0;
          const rule = ships && country ? shippingRuleFor(a.shipping_rules, country) : null;
          return [
            {
              id: a.id,
              title: a.title,
              description: a.description,
              price: minorToMajor(a.price_cents, donation.currency),
              currency: donation.currency,
              remaining,
              max_quantity: max,
              ships,
              shipping: ships ? (rule ? minorToMajor(rule.cost_cents, donation.currency) : null) : 0,
            },
          ];
        })
      : [];
    const answers = response?.answers ?? {};
    return {
      donation_id: donation.id,
      project_id: donation.project_id,
      project_title: donation.project_title,
      currency: donation.currency,
      reward:
        donation.reward_id !== null && donation.reward_title !== null
          ? { id: donation.reward_id, title: donation.reward_title }
          : null,
      questions: applies.map(toQuestion),
      answers: applies.flatMap((q) => {
        const value = answers[String(q.id)];
        return value === undefined ? [] : [{ question_id: q.id, value }];
      }),
      answered_at: response?.answered_at?.toISOString() ?? null,
      locked,
      needs_address: (donation.shipping_type !== null && donation.shipping_type !== 'none') || shipsHeld,
      shipping_address: donation.shipping_address
        ? {
            name: donation.shipping_address.name,
            line1: donation.shipping_address.line1,
            line2: donation.shipping_address.line2 ?? null,
            city: donation.shipping_address.city,
            region: donation.shipping_address.region ?? null,
            postal_code: donation.shipping_address.postal_code,
            country: donation.shipping_address.country,
          }
        : null,
      add_ons: offered,
      can_buy_add_ons: canBuy,
    };
  }
}
