import { z } from 'zod';
import { LOWEST_PLEDGE_MINIMUM, REWARD_DESCRIPTION_MAX, REWARD_TITLE_MAX } from '../constants';
import { ADD_ON_MESSAGES } from '../messages/add-ons';
import { REWARD_MESSAGES } from '../messages/backing';
import { COUNTRY_CODES } from '../rules/countries';
import { dollars, latePrice, shippingRule, shippingRuleView } from './backing';
import { currencyCode } from './common';

/** DESIGN.md §16: an item sold beside the rewards, with its own price, stock and shipping. */
export const addOnRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, REWARD_MESSAGES.titleRequired)
    .max(REWARD_TITLE_MAX, REWARD_MESSAGES.titleLength),
  description: z.string().trim().max(REWARD_DESCRIPTION_MAX, REWARD_MESSAGES.descriptionLength).default(''),
  // The limits of the project's currency are checked where it is known: the add-on service.
  price: dollars({ required: ADD_ON_MESSAGES.priceRequired, decimals: ADD_ON_MESSAGES.decimals }).min(
    LOWEST_PLEDGE_MINIMUM,
    ADD_ON_MESSAGES.priceTooLow,
  ),
  /** The price of one in a late pledge (DESIGN.md §16); null or absent: the price. */
  late_price: latePrice,
  /** Must be the project's currency when given (the service knows it). */
  currency: z.string().max(3, REWARD_MESSAGES.currency).optional(),
  quantity_available: z
    .number()
    .int()
    .min(1, REWARD_MESSAGES.quantityMin)
    .max(1_000_000)
    .nullable()
    .optional(),
  /** The rewards it comes with; empty: any pledge, with or without a reward. */
  available_with: z.array(z.number().int().positive()).max(100).default([]),
  /** Empty: it does not ship. Otherwise its cost per item to each country (or `*`), as rewards'. */
  shipping_rules: z
    .array(shippingRule)
    .max(COUNTRY_CODES.length + 1)
    .refine(
      (rules) => new Set(rules.map((rule) => rule.country)).size === rules.length,
      REWARD_MESSAGES.shippingRuleTwice,
    )
    .default([]),
});
export type AddOnRequest = z.infer<typeof addOnRequest>;

export const addOn = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  currency: currencyCode,
  title: z.string(),
  description: z.string(),
  price: z.number(),
  /** The price of one in a late pledge; null: `price`. */
  late_price: z.number().nullable(),
  quantity_available: z.number().int().nullable(),
  quantity_claimed: z.number().int(),
  /** Units left (null: unlimited), reservations of open checkouts counted out. */
  remaining: z.number().int().nullable(),
  is_available: z.boolean(),
  available_with: z.array(z.number().int()),
  shipping_rules: z.array(shippingRuleView),
  /** Its picture (a square of at most 640 px), or null. */
  image_url: z.string().nullable(),
});
export type AddOn = z.infer<typeof addOn>;

export const addOnListResponse = z.object({ data: z.array(addOn) });
export const addOnResponse = z.object({ data: addOn, message: z.string().optional() });
