import { cookieValue } from '../cookies';
import type { Locale } from '../i18n/locales';
import { convert, crossRate, majorToMinor } from './amounts';
import { exponent } from './currencies';

/**
 * DESIGN.md §15: the currency a visitor sees approximations in, chosen in the language menu (this cookie) or
 * taken from their language. Only ever used to show "≈" beside an amount, never to charge or count.
 */
export const CURRENCY_COOKIE = 'fundry_currency';

/** The display currency cookie's value in a Cookie header (or `document.cookie`), or null. */
export const currencyCookieValue = (cookies: string | null | undefined) =>
  cookieValue(cookies, CURRENCY_COOKIE);

/** The currency a language's readers most likely think in; Arabic spans too many countries to pick one. */
const LOCALE_CURRENCIES: Partial<Record<Locale, string>> = {
  en: 'USD',
  es: 'EUR',
  de: 'EUR',
  'pt-BR': 'BRL',
};

/**
 * The visitor's display currency: their choice when it is offered, else their language's when offered, else the
 * base currency. The server's render and the browser compute it alike, so a rendered page hydrates unchanged.
 */
export function displayCurrency(
  chosen: string | null | undefined,
  locale: Locale,
  offered: readonly string[],
  base: string,
): string {
  if (chosen && offered.includes(chosen)) return chosen;
  const ofLocale = LOCALE_CURRENCIES[locale];
  return ofLocale && offered.includes(ofLocale) ? ofLocale : base;
}

/** Reference rates as `GET fx-rates` gives them: units of each currency per unit of `base`. */
export interface ReferenceRates {
  base: string;
  rates: Record<string, number>;
}

/**
 * `amount` (major units of `from`) in whole units of `to` at the reference rates, or null when a rate is missing.
 * Whole units: it is an approximation, and cents would claim a precision the day's rate does not have.
 */
export function approximateWholeUnits(
  amount: number,
  from: string,
  to: string,
  { base, rates }: ReferenceRates,
): number | null {
  const perBase = (code: string) => (code === base ? 1 : rates[code]);
  const fromPerBase = perBase(from);
  const toPerBase = perBase(to);
  if (fromPerBase === undefined || toPerBase === undefined) return null;
  const minor = convert(majorToMinor(amount, from), from, to, crossRate(fromPerBase, toPerBase));
  const unit = 10 ** exponent(to);
  return Math.round(minor / unit);
}
