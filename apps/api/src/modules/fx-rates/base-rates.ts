import type { Kysely } from 'kysely';
import { crossRate } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { currenciesLackingBaseRate, type DailyRates, fillBaseRate } from './fx-rates.repository';

/**
 * The rate from `currency` to `baseCurrency` by a day's rates (a decimal string), through the day's own base
 * (the ECB's euro); null when the day lacks either currency.
 */
export function baseRateBy(day: DailyRates, currency: string, baseCurrency: string): string | null {
  if (currency === baseCurrency) return '1';
  const perDayBase = (code: string) => (code === day.base ? '1' : day.rates[code]);
  const from = perDayBase(currency);
  const to = perDayBase(baseCurrency);
  return from && to ? crossRate(from, to) : null;
}

/** Fixes the base rate of every launched project that has none yet, by `day`; how many it fixed. */
export async function fixMissingBaseRates(db: Kysely<DB>, day: DailyRates, baseCurrency: string) {
  let fixed = 0;
  for (const currency of await currenciesLackingBaseRate(db)) {
    const baseRate = baseRateBy(day, currency, baseCurrency);
    if (baseRate) fixed += await fillBaseRate(db, currency, baseRate);
  }
  return fixed;
}
