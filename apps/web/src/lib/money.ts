import { exponent, type Translator } from '@fundry/shared';

/**
 * A currency's sign as the reader's language writes it beside an amount ("€", "¥", "R$", "US$"): what
 * `money` prints with the figure left out, so an input shows the same sign the amounts around it do.
 */
export function currencySymbol(i18n: Translator, currency: string): string {
  return i18n.money(0, currency).replace(/[\p{Nd}\p{Zs}\p{Cf}]/gu, '');
}

/** A currency's name in the reader's language: "euro", "Japanese yen", "Euro", "iene japonês". */
export function currencyName(i18n: Translator, currency: string): string {
  return new Intl.DisplayNames([i18n.locale], { type: 'currency' }).of(currency) ?? currency;
}

/** The smallest step an amount of `currency` takes in an input: 0.01 for EUR, 1 for JPY. */
export function amountStep(currency: string): string {
  return (1 / 10 ** exponent(currency)).toFixed(exponent(currency));
}
