import {
  chargeDate,
  formatDollars,
  hasAtMostTwoDecimals,
  MIN_PLEDGE_DOLLARS,
  PLEDGE_MESSAGES,
  type Reward,
  shippingRuleFor,
} from '@fundry/shared';
import { formatCalendarDate } from '@/lib/dates';
import { type AddressDraft, completeAddress } from './ShippingAddressFields';

/** What the backer is told before paying (DESIGN.md §10): when an all-or-nothing pledge is charged, if ever. */
export function chargeExplanation(
  project: { funding_model: 'all_or_nothing' | 'flexible'; end_date: string | null },
  amount: number | null,
): string {
  if (project.funding_model === 'flexible') {
    return 'Flexible funding: you are charged now, and this pledge cannot be changed or cancelled afterwards.';
  }
  const sum = amount === null ? 'your pledge' : formatDollars(amount, 2);
  const when = project.end_date
    ? formatCalendarDate(chargeDate(project.end_date))
    : 'the day after the campaign ends';
  return `You will be charged ${sum} on ${when} only if the project reaches its goal. Until the campaign ends you can change or cancel your pledge.`;
}

/**
 * The shipping price of a reward to a country: 0 for rewards that do not ship, null when it does not ship there
 * (or no country is chosen yet).
 */
export function shippingCost(
  reward: Pick<Reward, 'shipping_type' | 'shipping_rules'> | null,
  country: string,
) {
  if (!reward || reward.shipping_type === 'none') return 0;
  if (!country) return null;
  return shippingRuleFor(reward.shipping_rules, country)?.cost ?? null;
}

/**
 * The pledge rules of the back and manage dialogs, as the server checks them: at least $1, at least the reward's
 * minimum plus shipping to the address's country, two decimals, and a complete address a rule covers.
 */
export function checkPledge(reward: Reward | null, amount: number | string, address: AddressDraft) {
  const ships = reward !== null && reward.shipping_type !== 'none';
  const shipping = shippingCost(reward, address.country);
  const minimum = Math.max(MIN_PLEDGE_DOLLARS, (reward?.minimum_amount ?? 0) + (shipping ?? 0));
  const value = typeof amount === 'number' ? amount : Number.NaN;
  const shippingAddress = ships ? completeAddress(address) : null;
  const notShippedThere = ships && address.country !== '' && shipping === null;
  const valid =
    Number.isFinite(value) &&
    value >= minimum &&
    hasAtMostTwoDecimals(value) &&
    (!ships || (shippingAddress !== null && !notShippedThere));
  let hint: string | undefined;
  if (Number.isFinite(value) && value < minimum) {
    hint = !reward
      ? PLEDGE_MESSAGES.amountMin
      : shipping
        ? PLEDGE_MESSAGES.belowRewardWithShipping
        : PLEDGE_MESSAGES.belowReward;
  } else if (Number.isFinite(value) && !hasAtMostTwoDecimals(value)) hint = PLEDGE_MESSAGES.decimals;
  return { ships, shipping, minimum, value, shippingAddress, notShippedThere, valid, hint };
}
