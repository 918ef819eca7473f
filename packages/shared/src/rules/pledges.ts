import { MS_PER_DAY } from '../constants';
import { campaignEnd, parseCalendarDate } from './projects';

/** Every state a donation (the pledge) can be in (DESIGN.md §10). */
export const DONATION_STATUSES = [
  'PENDING',
  'PLEDGED',
  'COLLECTING',
  'SUCCEEDED',
  'PAYMENT_FAILED',
  'CANCELED',
  'RELEASED',
  'DROPPED',
  'EXPIRED',
  'FAILED',
  'REFUNDED',
  /** A plan of instalments that ended unpaid (DESIGN.md §20): what was paid stays paid. */
  'DEFAULTED',
] as const;
export type DonationStatusName = (typeof DONATION_STATUSES)[number];

/** The pledges the counters count: a backer with one of these is a backer of the project. */
export const LIVE_PLEDGE_STATUSES = ['PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED'] as const;

/** A declined card is retried daily and dropped after this many days without a fix. */
export const PAYMENT_FIX_DAYS = 7;

/** The last stretch of a campaign in which a pledge may not take a funded project back below its goal. */
export const LAST_DAY_MS = MS_PER_DAY;

/** All-or-nothing pledges are charged on the day after the campaign's last day (YYYY-MM-DD). */
export function chargeDate(endDate: string): string {
  return new Date(parseCalendarDate(endDate) + MS_PER_DAY).toISOString().slice(0, 10);
}

/** True in the last 24 hours of a campaign that ends on `endDate`. */
export function inLastDay(endDate: string, now: number = Date.now()): boolean {
  const end = campaignEnd(endDate);
  return now <= end && end - now < LAST_DAY_MS;
}

/**
 * The rule that prices shipping to a country: the country's own rule, else the "rest of the world" rule (`*`);
 * undefined when the reward does not ship there.
 */
export function shippingRuleFor<Rule extends { country: string }>(
  rules: readonly Rule[],
  country: string,
): Rule | undefined {
  const code = country.toUpperCase();
  return rules.find((rule) => rule.country === code) ?? rules.find((rule) => rule.country === '*');
}
