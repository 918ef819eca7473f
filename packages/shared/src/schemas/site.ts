import { z } from 'zod';
import { SHIPPED_LOCALES } from '../i18n/locales';
import { OFFERABLE_CURRENCIES } from '../money/currencies';

/** `GET /config`: what the web client needs to know about this installation before anything else. */
export const siteConfigResponse = z.object({
  data: z.object({
    /** The sandbox payment provider is active: checkouts charge no card and payouts pay nobody. */
    test_mode: z.boolean(),
    /** The languages this installation offers, and the one it falls back to (DESIGN.md §14). */
    locales: z.array(z.enum(SHIPPED_LOCALES)),
    default_locale: z.enum(SHIPPED_LOCALES),
    /** The currencies a project may be in, the first being a new project's default (DESIGN.md §15). */
    currencies: z.array(z.enum(OFFERABLE_CURRENCIES)),
    /** The currency platform-wide figures are counted in. */
    base_currency: z.enum(OFFERABLE_CURRENCIES),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigResponse>['data'];

/**
 * `GET /stats`: the About page's figures, read from the counters kept on the project rows (DESIGN.md §13: the
 * About page's figures come from the database). Money in major units, like every amount on the wire.
 */
export const siteStatsResponse = z.object({
  data: z.object({
    /** Campaigns that ended at or above their goal. */
    projects_funded: z.number().int(),
    /** Campaigns taking pledges now. */
    live_projects: z.number().int(),
    /** Pledged to running and funded campaigns, in the base currency (DESIGN.md §15). */
    amount_raised: z.number(),
    currency: z.string().length(3),
    /** The amount adds several currencies through their rates (or leaves out one with no rate yet). */
    approximate: z.boolean(),
    /** Live and collected pledges on running and funded campaigns. */
    pledges: z.number().int(),
  }),
});
export type SiteStats = z.infer<typeof siteStatsResponse>['data'];
