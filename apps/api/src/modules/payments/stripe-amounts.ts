import { exponent } from '@fundry/shared';

/**
 * Stripe's own decimals per currency (https://stripe.com/docs/currencies#zero-decimal): amounts go to Stripe as an
 * integer of the currency's smallest unit as Stripe counts it, which for a few currencies is not ISO 4217's.
 */
const STRIPE_ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const STRIPE_THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many decimals Stripe's amounts in `currency` have (ISK and HUF, zero-decimal in ISO 4217, keep two). */
export function stripeDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (STRIPE_ZERO_DECIMAL.has(code)) return 0;
  return STRIPE_THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * An amount in ISO minor units of `currency` as Stripe's `amount`. For every offered currency the two units are the
 * same (¥1,000 is 1000, 10.00 € is 1000); a currency where they differ is refused rather than sent a hundred times
 * too small or too large.
 */
export function toStripeAmount(minor: number, currency: string): number {
  if (stripeDecimals(currency) !== exponent(currency.toUpperCase())) {
    throw new RangeError(`Stripe counts ${currency} in other units than ISO 4217`);
  }
  return minor;
}
