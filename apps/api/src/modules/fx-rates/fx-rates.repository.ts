import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** One day's reference rates as published: units of each currency per unit of `base`. */
export interface DailyRates {
  date: string;
  base: string;
  rates: Record<string, string>;
}

/** Stores a day's rates as the feed gives them, in place of any stored for that day: running twice changes nothing. */
export async function replaceDailyRates(db: Kysely<DB>, { date, base, rates }: DailyRates) {
  await db.deleteFrom('fx_rates').where('rate_date', '=', date).execute();
  await db
    .insertInto('fx_rates')
    .values(Object.entries(rates).map(([currency, rate]) => ({ rate_date: date, base, currency, rate })))
    .execute();
}

/** The newest day's rates, or undefined when none were ever stored. */
export async function newestDailyRates(db: Kysely<DB>): Promise<DailyRates | undefined> {
  const rows = await db
    .selectFrom('fx_rates')
    .select(['rate_date', 'base', 'currency', 'rate'])
    .where('rate_date', '=', (eb) => eb.selectFrom('fx_rates').select(eb.fn.max('rate_date').as('newest')))
    .orderBy('currency')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  return {
    date: first.rate_date,
    base: first.base,
    rates: Object.fromEntries(rows.map((row) => [row.currency, row.rate])),
  };
}

/** The currencies of launched projects whose rate to the base currency is still unknown. */
export async function currenciesLackingBaseRate(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('projects')
    .select('currency')
    .distinct()
    .where('activated_at', 'is not', null)
    .where('base_rate', 'is', null)
    .execute();
  return rows.map((row) => row.currency);
}

/** Fixes the base rate of launched projects in `currency` that have none; a fixed one never changes. */
export async function fillBaseRate(db: Kysely<DB>, currency: string, baseRate: string) {
  const result = await db
    .updateTable('projects')
    .set({ base_rate: baseRate })
    .where('currency', '=', currency)
    .where('activated_at', 'is not', null)
    .where('base_rate', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
