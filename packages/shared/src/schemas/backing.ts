import { z } from 'zod';
import {
  MAX_PER_PAGE,
  MIN_PLEDGE_DOLLARS,
  PAGE_SIZES,
  PLEDGE_CURRENCY,
  REWARD_DESCRIPTION_MAX,
  REWARD_TITLE_MAX,
} from '../constants';
import { hasAtMostTwoDecimals } from '../money';
import { projectCard } from './projects';

export const SHIPPING_TYPES = ['none', 'domestic', 'international'] as const;
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
} as const;

/** A dollar amount as the API accepts it: a finite number with at most 2 decimals. */
const dollars = (messages: { required: string; decimals: string }) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : 'Must be a number') })
    .finite()
    .refine(hasAtMostTwoDecimals, messages.decimals);

export const rewardRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, REWARD_MESSAGES.titleRequired)
    .max(REWARD_TITLE_MAX, REWARD_MESSAGES.titleLength),
  description: z
    .string()
    .trim()
    .min(1, REWARD_MESSAGES.descriptionRequired)
    .max(REWARD_DESCRIPTION_MAX, REWARD_MESSAGES.descriptionLength),
  minimum_amount: dollars({ required: REWARD_MESSAGES.minimumRequired, decimals: REWARD_MESSAGES.decimals })
    .min(MIN_PLEDGE_DOLLARS, REWARD_MESSAGES.minimumTooLow)
    .max(MAX_PLEDGE_DOLLARS, `Minimum pledge amount can be at most $${MAX_PLEDGE_DOLLARS}`),
  quantity_available: z
    .number()
    .int()
    .min(1, REWARD_MESSAGES.quantityMin)
    .max(1_000_000)
    .nullable()
    .optional(),
  estimated_delivery_date: z
    .string({ error: REWARD_MESSAGES.deliveryRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, REWARD_MESSAGES.deliveryRequired),
  shipping_type: z.enum(SHIPPING_TYPES).default('none'),
});
export type RewardRequest = z.infer<typeof rewardRequest>;

export const reward = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  minimum_amount: z.number(),
  quantity_available: z.number().int().nullable(),
  quantity_claimed: z.number().int(),
  estimated_delivery_date: z.string(),
  shipping_type: z.enum(SHIPPING_TYPES),
  backers_count: z.number().int(),
  /** SPEC §3 derived fields. */
  remaining: z.number().int().nullable(),
  is_available: z.boolean(),
  amount: z.number(),
  inventory: z.number().int().nullable(),
  original_inventory: z.number().int().nullable(),
  is_digital: z.boolean(),
  created_at: z.string(),
});
export type Reward = z.infer<typeof reward>;

export const rewardListResponse = z.object({ data: z.array(reward) });
export const rewardResponse = z.object({ data: reward, message: z.string().optional() });

export const pledgeRequest = z.strictObject({
  amount: dollars({ required: PLEDGE_MESSAGES.amountRequired, decimals: PLEDGE_MESSAGES.decimals })
    .min(MIN_PLEDGE_DOLLARS, PLEDGE_MESSAGES.amountMin)
    .max(MAX_PLEDGE_DOLLARS, PLEDGE_MESSAGES.amountMax),
  currency: z.literal(PLEDGE_CURRENCY, { error: PLEDGE_MESSAGES.currency }).default(PLEDGE_CURRENCY),
  reward_id: z.number().int().positive().nullable().optional(),
});
export type PledgeRequest = z.infer<typeof pledgeRequest>;

export const pledgeResponse = z.object({
  data: z.object({ checkout_url: z.string(), donation_id: z.number().int() }),
});

export const DONATION_STATUSES = [
  'PENDING',
  'SUCCEEDED',
  'CANCELED',
  'EXPIRED',
  'FAILED',
  'REFUNDED',
] as const;

export const donation = z.object({
  id: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(DONATION_STATUSES),
  project_id: z.number().int(),
  project_title: z.string(),
  reward_id: z.number().int().nullable(),
  reward_title: z.string().nullable(),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
});
export type Donation = z.infer<typeof donation>;
export const donationResponse = z.object({ data: donation });

export const publicStatsResponse = z.object({
  data: z.object({ total_backers: z.number().int(), total_amount: z.number() }),
});

export const backedProject = projectCard.extend({
  /** The signed-in backer's own contribution (null on someone else's list). */
  total_amount: z.number().nullable(),
  first_backed_at: z.string(),
});
export type BackedProject = z.infer<typeof backedProject>;

export const backedProjectsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(PAGE_SIZES.backedProjects),
  status: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['ALL', 'ACTIVE', 'SUCCESSFUL', 'FAILED']))
    .optional(),
});

export const backedProjectsResponse = z.object({
  data: z.array(backedProject),
  meta: z.object({
    total: z.number().int(),
    pages: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** The caller's own totals across every project (own list only). */
    total_amount: z.number().nullable(),
    first_backed_at: z.string().nullable(),
  }),
});

export const NOTIFICATION_TYPES = [
  'PROJECT_UPDATE',
  'DONATION',
  'BACKER_JOINED',
  'GOAL_REACHED',
  'ADMIN_REVIEW',
  'CAMPAIGN_RESULT',
  'REFUND',
  'PAYOUT',
] as const;

export const notification = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  project_id: z.number().int().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  unread_only: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(20),
});

export const notificationsResponse = z.object({
  data: z.object({
    notifications: z.array(notification),
    total: z.number().int(),
    unread_count: z.number().int(),
  }),
});
