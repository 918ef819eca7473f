import { z } from 'zod';
import { REFERRAL_MESSAGES } from '../messages/referrals';
import { REFERRAL_SOURCE_KINDS, REFERRAL_TAG_PATTERN } from '../rules/referrals';
import { currencyCode } from './common';

/** Where backers come from (DESIGN.md §19): tags, visits and the report. */

export const referralTagRequest = z.strictObject({
  name: z
    .string({ error: REFERRAL_MESSAGES.tagName })
    .trim()
    .regex(REFERRAL_TAG_PATTERN, REFERRAL_MESSAGES.tagName),
});
export type ReferralTagRequest = z.infer<typeof referralTagRequest>;

export const referralTag = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The project's address with `?ref=NAME`, to copy. */
  link: z.string(),
  created_at: z.string(),
});
export type ReferralTag = z.infer<typeof referralTag>;

export const referralTagResponse = z.object({ data: referralTag, message: z.string().optional() });
export const referralTagsResponse = z.object({ data: z.array(referralTag) });

/** A visit the web app saw (a project page opened in the app, not from the server): its `ref`, if any. */
export const visitRequest = z.strictObject({
  ref: z.string().max(253).nullable().optional(),
});
export type VisitRequest = z.infer<typeof visitRequest>;

const counts = {
  visits: z.number().int(),
  pledges: z.number().int(),
  /** Pledged in the project's currency, as the API's other amounts. */
  amount: z.number(),
};

export const referralSourceRow = z.object({
  source: z.string(),
  kind: z.enum(REFERRAL_SOURCE_KINDS),
  ...counts,
  /** This source's part of the amount, 0–1 (0 while nothing is pledged). */
  share_of_amount: z.number(),
  /** Pledges ÷ visits; null without visits. */
  conversion: z.number().nullable(),
});
export type ReferralSourceRow = z.infer<typeof referralSourceRow>;

export const referralDayRow = z.object({ day: z.string(), source: z.string(), ...counts });
export type ReferralDayRow = z.infer<typeof referralDayRow>;

export const referralsResponse = z.object({
  data: z.object({
    currency: currencyCode,
    totals: z.object(counts),
    /** By amount, then visits. */
    sources: z.array(referralSourceRow),
    /** Each day (UTC) and source with a visit or a pledge, oldest first. */
    days: z.array(referralDayRow),
  }),
});
export type ReferralsReport = z.infer<typeof referralsResponse>['data'];

/** oEmbed 1.0 (https://oembed.com): the consumer's question. */
export const oembedQuery = z.object({
  url: z.string().max(2000),
  format: z.string().max(10).optional(),
  maxwidth: z.coerce.number().int().positive().max(10_000).optional(),
  maxheight: z.coerce.number().int().positive().max(10_000).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuery>;

export const oembedResponse = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type OembedResponse = z.infer<typeof oembedResponse>;
