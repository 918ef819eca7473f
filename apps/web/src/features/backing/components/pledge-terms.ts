import {
  ADD_ON_MESSAGES,
  type AddOn,
  chargeDate,
  hasValidDecimals,
  majorToMinor,
  MIN_PLEDGE_DOLLARS,
  minorToMajor,
  PLEDGE_MESSAGES,
  type Reward,
  shippingRuleFor,
  type Translator,
} from '@fundry/shared';
import { type AddressDraft, completeAddress } from './ShippingAddressFields';

/** What the backer is told before paying (DESIGN.md §10): when an all-or-nothing pledge is charged, if ever. */
export function chargeExplanation(
  i18n: Translator,
  project: { funding_model: 'all_or_nothing' | 'flexible'; end_date: string | null; currency: string },
  amount: number | null,
): string {
  if (project.funding_model === 'flexible') return i18n.t('backing.pledge.flexibleCharge');
  const date = project.end_date ? i18n.calendarDate(chargeDate(project.end_date)) : null;
  if (amount === null) {
    return date === null
      ? i18n.t('backing.pledge.chargePledgeAfterEnd')
      : i18n.t('backing.pledge.chargePledgeOn', { date });
  }
  return date === null
    ? i18n.t('backing.pledge.chargeAmountAfterEnd', { amount: i18n.money(amount, project.currency) })
    : i18n.t('backing.pledge.chargeAmountOn', { amount: i18n.money(amount, project.currency), date });
}

/**
 * The line under the amount in the back and manage dialogs: what the reward needs, what shipping adds, the sum.
 */
export function minimumDescription(
  i18n: Translator,
  reward: Reward | null,
  {
    minimum,
    shipping,
    ships,
    currency,
    addOns = 0,
  }: { minimum: number; shipping: number | null; ships: boolean; currency: string; addOns?: number },
): string {
  if (addOns > 0) {
    return i18n.t(reward ? 'backing.pledge.minimumWithAddOns' : 'backing.pledge.minimumAddOnsOnly', {
      total: i18n.money(minimum, currency),
      title: reward?.title ?? '',
      count: addOns,
    });
  }
  if (!reward) return i18n.t('backing.pledge.minimum', { amount: i18n.money(minimum, currency) });
  if (shipping) {
    return i18n.t('backing.pledge.minimumWithShipping', {
      reward: i18n.money(reward.minimum_amount, currency),
      shipping: i18n.money(shipping, currency),
      total: i18n.money(minimum, currency),
      title: reward.title,
    });
  }
  return i18n.t(ships ? 'backing.pledge.minimumForRewardPlusShipping' : 'backing.pledge.minimumForReward', {
    amount: i18n.money(minimum, currency),
    title: reward.title,
  });
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

/** An add-on the backer chose, with how many. */
export interface AddOnChoice {
  addOn: AddOn;
  quantity: number;
}

/**
 * The pledge rules of the back and manage dialogs, as the server checks them: at least 1 unit of the project's
 * currency, at least the reward's minimum plus the chosen add-ons plus all shipping (the reward's, and each shipped
 * add-on's per item) to the address's country, no more decimals than the currency has, and a complete address that
 * every shipped item's rules cover. `hint` is the amount's problem as a message key, for the dialog to show in the
 * reader's language with `hintValues`.
 */
export function checkPledge(
  reward: Reward | null,
  amount: number | string,
  address: AddressDraft,
  currency: string,
  addOns: AddOnChoice[] = [],
) {
  const shippedAddOns = addOns.filter(({ addOn }) => addOn.shipping_rules.length > 0);
  const ships = (reward !== null && reward.shipping_type !== 'none') || shippedAddOns.length > 0;
  const rewardShipping = shippingCost(reward, address.country);
  const addOnShipping = shippedAddOns.map(({ addOn, quantity }) => {
    const rule = address.country ? shippingRuleFor(addOn.shipping_rules, address.country) : undefined;
    return rule ? majorToMinor(rule.cost, currency) * quantity : null;
  });
  const unknownShipping = rewardShipping === null || addOnShipping.some((cost) => cost === null);
  // Summed in minor units: 19.99 + 5.01 in floating point is not 25.
  const shippingMinor = unknownShipping
    ? null
    : majorToMinor(rewardShipping, currency) +
      addOnShipping.reduce<number>((sum, cost) => sum + (cost ?? 0), 0);
  const itemsMinor = addOns.reduce(
    (sum, { addOn, quantity }) => sum + majorToMinor(addOn.price, currency) * quantity,
    0,
  );
  const required = majorToMinor(reward?.minimum_amount ?? 0, currency) + itemsMinor + (shippingMinor ?? 0);
  const minimum = Math.max(MIN_PLEDGE_DOLLARS, minorToMajor(required, currency));
  const shipping = shippingMinor === null ? null : minorToMajor(shippingMinor, currency);
  const value = typeof amount === 'number' ? amount : Number.NaN;
  const shippingAddress = ships ? completeAddress(address) : null;
  const notShippedThere = ships && address.country !== '' && unknownShipping;
  const valid =
    Number.isFinite(value) &&
    value >= minimum &&
    hasValidDecimals(value, currency) &&
    (!ships || (shippingAddress !== null && !notShippedThere));
  let hint: string | undefined;
  if (Number.isFinite(value) && value < minimum) {
    hint =
      addOns.length > 0
        ? ADD_ON_MESSAGES.belowTotal
        : !reward
          ? PLEDGE_MESSAGES.amountMin
          : shipping
            ? PLEDGE_MESSAGES.belowRewardWithShipping
            : PLEDGE_MESSAGES.belowReward;
  } else if (Number.isFinite(value) && !hasValidDecimals(value, currency)) hint = PLEDGE_MESSAGES.decimals;
  const hintValues = { minimum, currency };
  return { ships, shipping, minimum, value, shippingAddress, notShippedThere, valid, hint, hintValues };
}
