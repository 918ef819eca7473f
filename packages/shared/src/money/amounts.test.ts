import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  convert,
  crossRate,
  CURRENCY_DECIMALS_MESSAGE,
  currencyDecimals,
  exponent,
  hasValidDecimals,
  isIsoCurrency,
  majorToMinor,
  minorToMajor,
  OFFERABLE_CURRENCIES,
  percentOfMinor,
} from '.';

describe('currencies', () => {
  it("take their minor unit's decimals from ISO 4217", () => {
    expect(exponent('JPY')).toBe(0);
    expect(exponent('USD')).toBe(2);
    expect(exponent('EUR')).toBe(2);
    expect(exponent('BRL')).toBe(2);
    expect(exponent('KWD')).toBe(3);
    expect(exponent('BHD')).toBe(3);
  });

  it('know only ISO codes, written in capitals', () => {
    expect(isIsoCurrency('USD')).toBe(true);
    expect(isIsoCurrency('usd')).toBe(false);
    expect(isIsoCurrency('XYZ')).toBe(false);
    expect(isIsoCurrency('toString')).toBe(false);
    expect(() => exponent('XYZ')).toThrow(RangeError);
  });

  it('offer only ISO codes', () => {
    expect(OFFERABLE_CURRENCIES.filter((code) => !isIsoCurrency(code))).toEqual([]);
  });
});

describe('amounts in major units', () => {
  it('become minor units exactly, with as many decimals as the currency has', () => {
    expect(majorToMinor(19.99, 'USD')).toBe(1999);
    expect(majorToMinor(19.99, 'EUR')).toBe(1999);
    expect(majorToMinor(19.99, 'BRL')).toBe(1999);
    expect(majorToMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(majorToMinor(1999, 'JPY')).toBe(1999);
    expect(majorToMinor(1.234, 'KWD')).toBe(1234);
    expect(majorToMinor(0.1 + 0.2, 'KWD')).toBe(300);
    expect(majorToMinor(-4.5, 'USD')).toBe(-450);
    expect(majorToMinor(999_999_999.99, 'USD')).toBe(99_999_999_999);
    expect(majorToMinor(99_999_999_999, 'JPY')).toBe(99_999_999_999);
  });

  it('refuse more decimals than the currency has, and figures that are no amount', () => {
    expect(() => majorToMinor(1.5, 'JPY')).toThrow(/at most 0 decimal/);
    expect(() => majorToMinor(1.005, 'EUR')).toThrow(/at most 2 decimal/);
    expect(() => majorToMinor(1.0005, 'KWD')).toThrow(/at most 3 decimal/);
    expect(() => majorToMinor(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => majorToMinor(1e12, 'USD')).toThrow(/too large/);
    expect(() => majorToMinor(1e12, 'JPY')).toThrow(/too large/);
    expect(() => majorToMinor(1, 'XYZ')).toThrow(/Unknown currency/);
  });

  it('are checked for decimals per currency', () => {
    expect(hasValidDecimals(100, 'JPY')).toBe(true);
    expect(hasValidDecimals(100.5, 'JPY')).toBe(false);
    expect(hasValidDecimals(10.25, 'EUR')).toBe(true);
    expect(hasValidDecimals(10.255, 'EUR')).toBe(false);
    expect(hasValidDecimals(10.255, 'KWD')).toBe(true);
    expect(hasValidDecimals(0.1 + 0.2, 'USD')).toBe(true);
  });

  it('come back from minor units', () => {
    expect(minorToMajor(1999, 'USD')).toBe(19.99);
    expect(minorToMajor(1999, 'JPY')).toBe(1999);
    expect(minorToMajor(1234, 'KWD')).toBe(1.234);
  });
});

describe('arithmetic in minor units', () => {
  it('takes a percentage rounded half-up to the smallest unit', () => {
    expect(percentOfMinor(1999, 5)).toBe(100); // 99.95 → 100
    expect(percentOfMinor(1010, 5)).toBe(51); // 50.5 → 51
    expect(percentOfMinor(1000, 2.9)).toBe(29);
    expect(percentOfMinor(333, 2.75)).toBe(9); // 9.1575
    expect(percentOfMinor(99_999_999_999, 50)).toBe(50_000_000_000); // 49,999,999,999.5
  });

  it('converts at a rate, rounded half-up to the smallest unit of the target', () => {
    expect(convert(1999, 'USD', 'EUR', 0.96045)).toBe(1920); // 1919.93955
    expect(convert(1999, 'USD', 'EUR', '0.96045')).toBe(1920);
    expect(convert(1000, 'JPY', 'USD', '0.0067')).toBe(670); // ¥1,000 → $6.70
    expect(convert(1999, 'USD', 'JPY', '155.555')).toBe(3110); // 3109.54445 yen
    expect(convert(1000, 'EUR', 'KWD', '0.3201')).toBe(3201);
    expect(convert(99_999_999_999, 'USD', 'EUR', '0.9604512345')).toBe(96_045_123_449); // .04
    expect(convert(1999, 'USD', 'USD', 1)).toBe(1999);
  });

  it('derives the rate between two currencies quoted against a third', () => {
    // The ECB quotes per euro: 1 EUR = 1.0412 USD = 6.1 BRL, so 1 BRL = 1.0412 / 6.1 USD.
    expect(crossRate('6.1', '1.0412')).toBe('0.1706885246');
    expect(crossRate('1.0412', '1.0412')).toBe('1');
    expect(crossRate('1', '162.5')).toBe('162.5');
    expect(crossRate('162.5', '1')).toBe('0.0061538462');
    expect(() => crossRate('0', '1')).toThrow(RangeError);
  });
});

describe('the decimals refinement of a request schema', () => {
  const pledge = z
    .object({ amount: z.number(), currency: z.enum(['USD', 'JPY', 'KWD']) })
    .superRefine((body, ctx) => currencyDecimals(body.currency, ['amount'])(body.amount, ctx));

  it('refuses a decimal the currency does not have, naming the currency and its decimals', () => {
    const result = pledge.safeParse({ amount: 10.5, currency: 'JPY' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['amount'],
        message: CURRENCY_DECIMALS_MESSAGE,
        params: { currency: 'JPY', decimals: 0 },
      }),
    ]);
    expect(pledge.safeParse({ amount: 10.005, currency: 'USD' }).success).toBe(false);
  });

  it('accepts what the currency has', () => {
    expect(pledge.safeParse({ amount: 10, currency: 'JPY' }).success).toBe(true);
    expect(pledge.safeParse({ amount: 10.05, currency: 'USD' }).success).toBe(true);
    expect(pledge.safeParse({ amount: 10.005, currency: 'KWD' }).success).toBe(true);
    expect(z.number().superRefine(currencyDecimals('EUR')).safeParse(1.001).success).toBe(false);
  });
});
