import type { Kysely } from 'kysely';
import {
  ADD_ON_MESSAGES,
  LATE_PLEDGE_MESSAGES,
  minorToMajor,
  PLEDGE_MESSAGES,
  shippingRuleFor,
  type ShippingAddress,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { findAddOns } from '../add-ons/add-ons.repository';
import { minorUnitsIn } from '../payments/amounts';
import type { findReward } from '../rewards/rewards.repository';

export type Reward = NonNullable<Awaited<ReturnType<typeof findReward>>>;
/** An add-on a pledge asks for, with how many. */
export type ChosenAddOn = Awaited<ReturnType<typeof findAddOns>>[number] & { quantity: number };

/** A 409 naming the first add-on that had not enough left (the transaction then takes nothing). */
export function assertStock(addOns: ChosenAddOn[], short: number[]) {
  const first = addOns.find((addOn) => short.includes(addOn.id));
  if (first)
    throw new AppError('CONFLICT', ADD_ON_MESSAGES.soldOut, undefined, undefined, { title: first.title });
}

/** A pledge's amount in its project's currency: its decimals and its pledge limits. */
export const pledgeAmountIn = (amount: number, currency: string) =>
  minorUnitsIn(amount, currency, 'amount', {
    min: PLEDGE_MESSAGES.amountMin,
    max: PLEDGE_MESSAGES.amountMax,
  });

/**
 * The add-ons a pledge asks for, read from its project: each must exist there and come with the chosen reward
 * (an add-on with no rewards named comes with any pledge).
 */
export async function chosenAddOns(
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
export function priceShipping(
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
