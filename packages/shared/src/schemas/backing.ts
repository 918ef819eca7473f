import { z } from 'zod';
import {
  ADD_ON_QUANTITY_MAX,
  ADD_ONS_PER_PLEDGE_MAX,
  LOWEST_PLEDGE_MINIMUM,
  MAX_PER_PAGE,
  PAGE_SIZES,
  REWARD_DESCRIPTION_MAX,
  REWARD_TITLE_MAX,
  TRACKING_URL_MAX,
} from '../constants';
import { hasAtMostTwoDecimals } from '../money';
import { COUNTRY_CODES, REST_OF_WORLD } from '../rules/countries';
import { DONATION_STATUSES } from '../rules/pledges';
import { INSTALMENT_STATUSES } from '../rules/instalments';
import { FUNDING_MODELS } from '../rules/projects';
import { currencyCode, pageMeta } from './common';
import { projectCard } from './projects';
import { REWARD_MESSAGES, PLEDGE_MESSAGES } from '../messages/backing';
import { ADD_ON_MESSAGES } from '../messages/add-ons';
import { LATE_PLEDGE_MESSAGES } from '../messages/late-pledges';
import { SURVEY_FILTERS } from '../messages/surveys';

export const SHIPPING_TYPES = ['none', 'domestic', 'international'] as const;

/**
 * An amount as the API accepts it: a finite number with at most 2 decimals, the most any offered currency has; the
 * service checks the project's currency's own (none on JPY).
 */
export const dollars = (messages: { required: string; decimals: string }) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : 'msg.backing.notANumber') })
    .finite()
    .refine(hasAtMostTwoDecimals, messages.decimals);

/** One shipping price: a country (ISO 3166-1 alpha-2) or `*` for the rest of the world. */
export const shippingRule = z.object({
  country: z.enum([...COUNTRY_CODES, REST_OF_WORLD], { error: REWARD_MESSAGES.country }),
  cost: dollars({ required: REWARD_MESSAGES.shippingCostRequired, decimals: REWARD_MESSAGES.decimals })
    .min(0, REWARD_MESSAGES.shippingCostNegative)
    .max(100_000),
  /** Must be the project's currency when given (a rule read and sent back names it; the service checks). */
  currency: z.string().max(3, REWARD_MESSAGES.currency).optional(),
});
export type ShippingRule = z.infer<typeof shippingRule>;

/** A shipping price as the API shows it, in its reward's currency. */
export const shippingRuleView = z.object({
  country: z.string(),
  cost: z.number(),
  currency: currencyCode,
});

/** A late price as the API accepts it (DESIGN.md §16): null or absent for the usual price. */
export const latePrice = dollars({
  required: LATE_PLEDGE_MESSAGES.priceTooLow,
  decimals: LATE_PLEDGE_MESSAGES.decimals,
})
  .min(LOWEST_PLEDGE_MINIMUM, LATE_PLEDGE_MESSAGES.priceTooLow)
  .nullable()
  .optional();

export const rewardRequest = z
  .strictObject({
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
    // The limits of the project's currency (PLEDGE_LIMITS) are checked where it is known: the reward service.
    minimum_amount: dollars({
      required: REWARD_MESSAGES.minimumRequired,
      decimals: REWARD_MESSAGES.decimals,
    }).min(LOWEST_PLEDGE_MINIMUM, REWARD_MESSAGES.minimumTooLow),
    /** The minimum of a late pledge for it (DESIGN.md §16); null or absent: the minimum. */
    late_price: latePrice,
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
    /** Must be the project's currency when given (the service knows it). */
    currency: z.string().max(3, REWARD_MESSAGES.currency).optional(),
    shipping_type: z.enum(SHIPPING_TYPES).default('none'),
    shipping_rules: z
      .array(shippingRule)
      .max(COUNTRY_CODES.length + 1)
      .default([]),
  })
  .superRefine((value, ctx) => {
    const rules = value.shipping_type === 'none' ? [] : value.shipping_rules;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['shipping_rules'], message });
    if (value.shipping_type !== 'none' && rules.length === 0) issue(REWARD_MESSAGES.shippingRulesRequired);
    if (new Set(rules.map((rule) => rule.country)).size !== rules.length)
      issue(REWARD_MESSAGES.shippingRuleTwice);
    if (
      value.shipping_type === 'domestic' &&
      (rules.length > 1 || rules.some((rule) => rule.country === REST_OF_WORLD))
    ) {
      issue(REWARD_MESSAGES.domesticOneCountry);
    }
  })
  // A reward that does not ship keeps no rules, whatever was sent with it.
  .transform((value) => (value.shipping_type === 'none' ? { ...value, shipping_rules: [] } : value));
export type RewardRequest = z.infer<typeof rewardRequest>;

export const reward = z.object({
  id: z.number().int(),
  currency: currencyCode,
  project_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  minimum_amount: z.number(),
  /** What a late pledge for it must be at least (DESIGN.md §16); null: `minimum_amount`. */
  late_price: z.number().nullable(),
  quantity_available: z.number().int().nullable(),
  quantity_claimed: z.number().int(),
  estimated_delivery_date: z.string(),
  shipping_type: z.enum(SHIPPING_TYPES),
  shipping_rules: z.array(shippingRuleView),
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

const addressLine = (max: number, message: string) => z.string().trim().min(1, message).max(max);
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

export const ADDRESS_MESSAGES = {
  name: 'msg.address.name',
  line1: 'msg.address.line1',
  city: 'msg.address.city',
  postalCode: 'msg.address.postalCode',
} as const;

/** Where a shipped reward goes. */
export const shippingAddress = z.strictObject({
  name: addressLine(100, ADDRESS_MESSAGES.name),
  line1: addressLine(200, ADDRESS_MESSAGES.line1),
  line2: optionalLine(200),
  city: addressLine(100, ADDRESS_MESSAGES.city),
  region: optionalLine(100),
  postal_code: addressLine(20, ADDRESS_MESSAGES.postalCode),
  country: z.enum(COUNTRY_CODES, { error: REWARD_MESSAGES.country }),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** The address as the API shows it back (the request schema's output, without its input rules). */
export const shippingAddressView = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
});

/** An add-on as a pledge holds it (receipts, Backed Projects, the backer list). */
export const pledgedAddOn = z.object({
  add_on_id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  currency: currencyCode,
});
export type PledgedAddOn = z.infer<typeof pledgedAddOn>;

export const pledgeRequest = z.strictObject({
  // The limits of the project's currency (PLEDGE_LIMITS) are checked where it is known: the pledge service.
  amount: dollars({ required: PLEDGE_MESSAGES.amountRequired, decimals: PLEDGE_MESSAGES.decimals }).min(
    LOWEST_PLEDGE_MINIMUM,
    PLEDGE_MESSAGES.amountMin,
  ),
  /** Must be the project's currency when given (the service knows it). */
  currency: z.string({ error: PLEDGE_MESSAGES.currency }).max(3, PLEDGE_MESSAGES.currency).optional(),
  reward_id: z.number().int().positive().nullable().optional(),
  shipping_address: shippingAddress.nullable().optional(),
  /** Items beside the reward (DESIGN.md §16), each once, with a quantity within the per-pledge limit. */
  add_ons: z
    .array(
      z.strictObject({
        add_on_id: z.number().int().positive(),
        quantity: z
          .number({ error: ADD_ON_MESSAGES.quantity })
          .int(ADD_ON_MESSAGES.quantity)
          .min(1, ADD_ON_MESSAGES.quantity)
          .max(ADD_ON_QUANTITY_MAX, ADD_ON_MESSAGES.quantity),
      }),
    )
    .max(ADD_ONS_PER_PLEDGE_MAX)
    .refine(
      (lines) => new Set(lines.map((line) => line.add_on_id)).size === lines.length,
      ADD_ON_MESSAGES.twice,
    )
    .default([]),
  /**
   * Where the backer came from (DESIGN.md §19), as the browser kept it: the `ref` of their visit or the other
   * site's host. Whatever it names, the pledge is attributed (an unknown one to `direct`), never refused.
   */
  ref: z.string().max(253).nullable().optional(),
  /** Pay in instalments (DESIGN.md §20); the plan is the server's, from the pledge's amount. */
  pay_over_time: z.boolean().optional(),
});
export type PledgeRequest = z.infer<typeof pledgeRequest>;

/** Manage pledge: the whole pledge as it should be from now on (DESIGN.md §10). */
export const updatePledgeRequest = pledgeRequest.omit({ currency: true, ref: true });
export type UpdatePledgeRequest = z.infer<typeof updatePledgeRequest>;

export const pledgeResponse = z.object({
  data: z.object({ checkout_url: z.string(), donation_id: z.number().int() }),
});

/** A reward's way to the backer (DESIGN.md §17): null until the creator sends it. */
export const FULFILMENT_STATUSES = ['sent', 'received'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** A parcel's tracking page, given by the creator and opened by the backer: https only, at most 500 characters. */
export const trackingUrl = z
  .string({ error: 'msg.tools.trackingUrlInvalid' })
  .trim()
  .max(TRACKING_URL_MAX, 'msg.tools.trackingUrlTooLong')
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'msg.tools.trackingUrlInvalid' }));

/** One instalment of a pledge paid over time (DESIGN.md §20), in the pledge's currency. */
export const instalment = z.object({
  number: z.number().int(),
  amount: z.number(),
  due_on: z.string(),
  status: z.enum(INSTALMENT_STATUSES),
  charged_at: z.string().nullable(),
});
export type Instalment = z.infer<typeof instalment>;

export const donation = z.object({
  id: z.number().int(),
  currency: currencyCode,
  amount: z.number(),
  status: z.enum(DONATION_STATUSES),
  project_id: z.number().int(),
  project_title: z.string(),
  reward_id: z.number().int().nullable(),
  reward_title: z.string().nullable(),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
  funding_model: z.enum(FUNDING_MODELS),
  /** All-or-nothing: the day the card is charged if the goal is met (the day after the end date). */
  charge_date: z.string().nullable(),
  reward: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The add-ons of the pledge, each at the price it was pledged at, in the pledge's currency. */
  add_ons: z.array(pledgedAddOn),
  shipping_amount: z.number(),
  shipping_address: shippingAddressView.nullable(),
  fulfilment_status: z.enum(FULFILMENT_STATUSES).nullable(),
  /** The creator's tracking link for the parcel, once sent with one. */
  tracking_url: z.string().nullable(),
  /** A late pledge (DESIGN.md §16): made after the campaign, charged at checkout, final. */
  late: z.boolean(),
  can_change: z.boolean(),
  can_cancel: z.boolean(),
  /**
   * A declined charge: why, as the provider's code (`insufficient_funds`; the reader's words from declineMessage, a
   * code it does not know reading as the generic decline), and the last day to fix it before the pledge is dropped.
   */
  payment_error_code: z.string().nullable(),
  fix_by: z.string().nullable(),
  /** Paid in instalments (DESIGN.md §20): the plan, first to last; empty otherwise. */
  pay_over_time: z.boolean(),
  instalments: z.array(instalment),
});
export type Donation = z.infer<typeof donation>;
export const donationResponse = z.object({ data: donation, message: z.string().optional() });
export const myPledgeResponse = z.object({ data: donation.nullable() });
export const checkoutResponse = z.object({ data: z.object({ checkout_url: z.string() }) });

export const publicStatsResponse = z.object({
  data: z.object({ total_backers: z.number().int(), total_amount: z.number(), currency: currencyCode }),
});

export const backedProject = projectCard.extend({
  /**
   * The campaign is on hold (DESIGN.md §18: a live campaign an admin rejected): nothing is collected while it lasts,
   * and the backer may still cancel. Only the backer's own list shows such a campaign.
   */
  on_hold: z.boolean(),
  /** The signed-in backer's own contribution (null on someone else's list). */
  total_amount: z.number().nullable(),
  first_backed_at: z.string(),
  /** The signed-in backer's own pledge (null on someone else's list). */
  pledge: z
    .object({
      donation_id: z.number().int(),
      currency: currencyCode,
      status: z.enum(DONATION_STATUSES),
      amount: z.number(),
      reward: z.object({ id: z.number().int(), title: z.string() }).nullable(),
      charge_date: z.string().nullable(),
      fulfilment_status: z.enum(FULFILMENT_STATUSES).nullable(),
      tracking_url: z.string().nullable(),
      add_ons: z.array(pledgedAddOn),
      /**
       * The backer survey of a collected pledge (DESIGN.md §17): answered, or sent and open to answer; null when
       * there is none to answer (not sent, or locked before an answer).
       */
      survey: z.enum(SURVEY_FILTERS).nullable(),
      /** A plan of instalments (DESIGN.md §20), first to last; empty for a pledge paid at once. */
      instalments: z.array(instalment),
    })
    .nullable(),
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
  meta: pageMeta.extend({
    /** The caller's own totals across every project (own list only), in the base currency (DESIGN.md §15). */
    total_amount: z.number().nullable(),
    currency: currencyCode,
    /** The total adds amounts of several currencies through their rates. */
    approximate: z.boolean(),
    first_backed_at: z.string().nullable(),
  }),
});
export type BackedProjectsPage = z.infer<typeof backedProjectsResponse>;

export const NOTIFICATION_TYPES = [
  'PROJECT_UPDATE',
  'DONATION',
  'BACKER_JOINED',
  'GOAL_REACHED',
  'ADMIN_REVIEW',
  'CAMPAIGN_RESULT',
  'CAMPAIGN_HOLD',
  'CAMPAIGN_ENDED',
  'REFUND',
  'PAYOUT',
  'PLEDGE',
  'PAYMENT_FAILED',
  'STRETCH_GOAL_REACHED',
  'PROJECT_LAUNCHED',
] as const;

export const notification = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  project_id: z.number().int().nullable(),
  /** Path in the web app to the cause (e.g. /projects/1/updates/2); null: the project page, if any. */
  link: z.string().nullable(),
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
