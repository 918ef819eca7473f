import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { FxRates } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { RefreshedValue } from '../../lib/ttl-cache';
import { FeedError, readEcbFeed } from './ecb-feed';
import { baseRateBy, fixMissingBaseRates } from './base-rates';
import { type DailyRates, fillBaseRate, newestDailyRates, replaceDailyRates } from './fx-rates.repository';

export interface FxRatesSettings {
  /** The feed in the ECB's daily XML format; none: no rates are fetched. */
  url: string | undefined;
  timeoutMs: number;
  /** The currency platform-wide figures are counted in: what a project's `base_rate` converts to. */
  baseCurrency: string;
}

/** The outcome of one run of the rates job, for its caller to report. */
export type FxRatesRun =
  | { outcome: 'not-configured' }
  | { outcome: 'stored'; date: string; currencies: number; projectsGivenBaseRate: number };

/** The failure of a run: the feed was down, slow or malformed, and the last good rates stay. */
export class FxRatesUnavailable extends Error {}

/**
 * How long an instance answers the newest day it read before reading again: the job stores one day a day, and the
 * API lets shared caches keep the rates an hour, so every page that shows an amount need not read them.
 */
export const NEWEST_RATES_TTL_MS = 60_000;

/** DESIGN.md §15: reference rates from a daily feed, and each launched project's rate to the base currency. */
export class FxRateService {
  /** Kept per instance; the day this instance's own job stores is answered at once. */
  private readonly newestDay: RefreshedValue<DailyRates | undefined>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: FxRatesSettings,
    private readonly log: FastifyBaseLogger,
    now: () => number = Date.now,
  ) {
    this.newestDay = new RefreshedValue(NEWEST_RATES_TTL_MS, now, () => newestDailyRates(this.db));
  }

  /** The newest stored day, as the API answers it. */
  async newest(): Promise<FxRates> {
    const stored = await this.newestDay.get();
    if (!stored) throw notFound('fxRates');
    return {
      date: stored.date,
      base: stored.base,
      rates: Object.fromEntries(Object.entries(stored.rates).map(([code, rate]) => [code, Number(rate)])),
    };
  }

  /**
   * The job: stores the feed's day of rates (in place of any stored for that day) and fixes the base rate of
   * launched projects that lack one. A feed that is down, slow or malformed is logged and leaves everything as
   * it was; the run then fails with FxRatesUnavailable.
   */
  async fetchDaily(): Promise<FxRatesRun> {
    const { url, timeoutMs, baseCurrency } = this.settings;
    if (!url) {
      // A project in the base currency needs no feed: its rate is 1 (projects launched before currencies).
      await fillBaseRate(this.db, baseCurrency, '1');
      this.log.info('fx-rates: FX_RATES_URL is not set, so no rates are fetched');
      return { outcome: 'not-configured' };
    }
    let day: DailyRates;
    try {
      day = await readEcbFeed(url, timeoutMs);
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      this.log.error(`fx-rates: no rates fetched, the last good ones stay: ${error.message}`);
      throw new FxRatesUnavailable(error.message);
    }
    const projectsGivenBaseRate = await this.db.transaction().execute(async (trx) => {
      await replaceDailyRates(trx, day);
      return fixMissingBaseRates(trx, day, baseCurrency);
    });
    this.newestDay.clear();
    const currencies = Object.keys(day.rates).length;
    this.log.info({ date: day.date, currencies, projectsGivenBaseRate }, 'fx-rates: stored');
    return { outcome: 'stored', date: day.date, currencies, projectsGivenBaseRate };
  }

  /**
   * The rate from `currency` to the base currency by the newest stored day (a decimal string; 1 for the base
   * currency itself, with or without rates), or null when no rate of either is known: a project launched then gets
   * its base rate on the rates job's next run.
   */
  async baseRateOf(db: Kysely<DB>, currency: string): Promise<string | null> {
    if (currency === this.settings.baseCurrency) return '1';
    const day = await newestDailyRates(db);
    return day ? baseRateBy(day, currency, this.settings.baseCurrency) : null;
  }
}
