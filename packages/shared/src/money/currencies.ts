import * as isoCurrencies from 'dinero.js/currencies';

/**
 * DESIGN.md §15: a currency is an ISO 4217 code; its exponent (how many decimals its minor unit has) comes from
 * Dinero.js's ISO 4217 table, kept up to date with the standard by the library.
 */
/** What an operator may offer (`CURRENCIES`): codes Stripe charges and pays out in, Kickstarter's and Brazil's. */
export const OFFERABLE_CURRENCIES = [
  'USD',
  'GBP',
  'EUR',
  'CAD',
  'AUD',
  'NZD',
  'MXN',
  'SEK',
  'DKK',
  'NOK',
  'CHF',
  'HKD',
  'SGD',
  'JPY',
  'PLN',
  'BRL',
] as const;
export type OfferableCurrency = (typeof OFFERABLE_CURRENCIES)[number];

const table: Record<string, { code: string; exponent: number }> = isoCurrencies;

/** True for a code of ISO 4217's table (upper case, as the standard writes them). */
export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Object.hasOwn(table, code);
}

/** The number of decimals of `currency`'s minor unit: JPY 0, USD 2, KWD 3. */
export function exponent(currency: string): number {
  if (!isIsoCurrency(currency)) throw new RangeError(`Unknown currency: ${currency}`);
  return table[currency]!.exponent;
}
