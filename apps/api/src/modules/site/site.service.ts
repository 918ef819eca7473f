import type { Kysely } from 'kysely';
import type { SiteStats } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { TtlCache } from '../../lib/ttl-cache';
import { siteTotals } from './site.repository';

/** How long one instance reuses the figures: the About page needs no second-by-second accuracy. */
export const SITE_STATS_TTL_MS = 60_000;

/** Public facts about this installation that come from the database. */
export class SiteService {
  private readonly cache: TtlCache<SiteStats>;

  constructor(
    private readonly db: Kysely<DB>,
    /** The currency the amount raised is counted in (DESIGN.md §15). */
    private readonly baseCurrency: string,
    now: () => number = Date.now,
  ) {
    this.cache = new TtlCache<SiteStats>(SITE_STATS_TTL_MS, 1, now);
  }

  /** Funded and live campaigns, what running and funded campaigns have raised, and their pledges. */
  stats(): Promise<SiteStats> {
    return this.cache.get('stats', async () => {
      const totals = await siteTotals(this.db, this.baseCurrency);
      return {
        projects_funded: totals.funded,
        live_projects: totals.live,
        amount_raised: totals.raised.amount,
        currency: totals.raised.currency,
        approximate: totals.raised.approximate,
        pledges: totals.pledges,
      };
    });
  }
}
