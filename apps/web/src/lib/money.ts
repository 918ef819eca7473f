import { exponent, type Translator } from '@fundry/shared';

/**
 * A currency's sign as the reader's language writes it beside an amount ("€", "¥", "R$", "US$"): what
 * `money` prints with the figure left out, so an input shows the same sign the amounts around it do.
 */
export function currencySymbol(i18n: Translator, currency: string): string {
  return i18n.money(0, currency).replace(/[\p{Nd}\p{Zs}\p{Cf}]/gu, '');
}

/** Built once per language: building one costs far more than a look-up (the currency menu of every page). */
const currencyNames = new Map<string, Intl.DisplayNames>();

/** A currency's name in the reader's language: "euro", "Japanese yen", "Euro", "iene japonês". */
export function currencyName(i18n: Translator, currency: string): string {
  let names = currencyNames.get(i18n.locale);
  if (!names) {
    names = new Intl.DisplayNames([i18n.locale], { type: 'currency' });
    currencyNames.set(i18n.locale, names);
  }
  return names.of(currency) ?? currency;
}

/**
 * What an input of an amount in `currency` takes: the currency's sign before the figure (read with the label, so
 * hidden from screen readers), its decimals (none on yen) and its smallest step.
 */
export function amountInputProps(i18n: Translator, currency: string) {
  const symbol = currencySymbol(i18n, currency);
  const decimals = exponent(currency);
  return {
    leftSection: symbol,
    // Room for the longest signs ("US$", "JP¥").
    leftSectionWidth: 16 + symbol.length * 9,
    leftSectionProps: { 'aria-hidden': true },
    decimalScale: decimals,
    step: 1 / 10 ** decimals,
  };
}
