import { describe, expect, it } from 'vitest';
import { exponent, OFFERABLE_CURRENCIES } from '@fundry/shared';
import { stripeDecimals, toStripeAmount } from './stripe-amounts';

describe("Stripe's amounts", () => {
  it('are the ISO minor units of every offered currency; yen has no decimals', () => {
    for (const currency of OFFERABLE_CURRENCIES) {
      expect([currency, stripeDecimals(currency)]).toEqual([currency, exponent(currency)]);
      expect(toStripeAmount(123_456, currency)).toBe(123_456);
    }
    expect(stripeDecimals('JPY')).toBe(0);
    expect(stripeDecimals('jpy')).toBe(0);
    expect(stripeDecimals('EUR')).toBe(2);
    expect(stripeDecimals('KWD')).toBe(3);
  });

  it('refuse a currency Stripe counts in other units than ISO 4217', () => {
    // ISK has no minor unit in ISO 4217, but Stripe keeps two decimals for it.
    expect(exponent('ISK')).toBe(0);
    expect(() => toStripeAmount(500, 'ISK')).toThrow(RangeError);
  });
});
