import { z } from 'zod';

/** What every page says while the sandbox payment provider takes the pledges. */
export const TEST_MODE_MESSAGE = 'Test mode: no real money moves';

/** `GET /config`: what the web client needs to know about this installation before anything else. */
export const siteConfigResponse = z.object({
  data: z.object({
    /** The sandbox payment provider is active: checkouts charge no card and payouts pay nobody. */
    test_mode: z.boolean(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigResponse>['data'];
