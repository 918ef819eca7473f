import { MIN_PLEDGE_DOLLARS, PLEDGE_CURRENCY, REWARD_DESCRIPTION_MAX, REWARD_TITLE_MAX } from '../constants';

export const MAX_PLEDGE_DOLLARS = 1_000_000;

export const REWARD_MESSAGES = {
  titleRequired: 'Title is required',
  titleLength: `Title must be at most ${REWARD_TITLE_MAX} characters`,
  descriptionRequired: 'Description is required',
  descriptionLength: `Description must be at most ${REWARD_DESCRIPTION_MAX} characters`,
  minimumRequired: 'Minimum pledge amount is required',
  minimumTooLow: `Minimum pledge amount must be at least $${MIN_PLEDGE_DOLLARS}`,
  decimals: 'Amounts can have at most 2 decimal places',
  quantityMin: 'Available quantity must be at least 1',
  deliveryRequired: 'Estimated delivery date is required',
  deliveryPast: 'Estimated delivery date cannot be in the past',
  soldOut: 'This reward is sold out',
  hasBackers: 'A reward with backers cannot be deleted',
  belowClaimed: 'Available quantity cannot be lower than the rewards already claimed',
  shippingRulesRequired: 'Add at least one country this reward ships to',
  domesticOneCountry: 'A domestic reward ships to one country: yours',
  shippingRuleTwice: 'Each country can have only one shipping rule',
  shippingCostRequired: 'Shipping cost is required',
  shippingCostNegative: 'Shipping cost cannot be negative',
  country: 'Choose a country',
} as const;

export const PLEDGE_MESSAGES = {
  amountRequired: 'Amount is required',
  amountMin: `Amount must be at least $${MIN_PLEDGE_DOLLARS}`,
  amountMax: `Amount can be at most $${MAX_PLEDGE_DOLLARS.toLocaleString('en-US')}`,
  decimals: 'Amount can have at most 2 decimal places',
  belowReward: 'Amount must be at least the reward’s minimum pledge',
  currency: `Pledges are in ${PLEDGE_CURRENCY}`,
  notActive: 'This project is not accepting pledges',
  notRunning: 'This campaign is not running right now',
  ownProject: 'You cannot back your own project',
  unavailable: 'Unable to process payment at this time',
  alreadyBacked: 'You have already backed this project',
  belowRewardWithShipping: 'Amount must be at least the reward’s minimum pledge plus shipping',
  addressRequired: 'This reward ships: a shipping address is required',
  notShippedThere: 'This reward does not ship to that country',
  campaignEnded: 'This campaign has ended: the pledge can no longer be changed',
  flexibleFinal: 'Flexible pledges are charged at once and cannot be changed or cancelled',
  notChangeable: 'This pledge can no longer be changed',
  lastDay:
    'In the last 24 hours of a campaign, a pledge cannot be lowered or cancelled if that would take the project back below its goal',
  noPaymentNeeded: 'This pledge has no payment to fix',
} as const;
