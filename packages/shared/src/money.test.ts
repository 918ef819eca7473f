import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, percentOfCents } from './money';

describe('money', () => {
  it('converts dollars to cents exactly', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1)).toBe(100);
    expect(dollarsToCents(1234567.89)).toBe(123456789);
    expect(centsToDollars(1999)).toBe(19.99);
  });

  it('refuses more than two decimals, non-finite and huge amounts', () => {
    expect(() => dollarsToCents(1.005)).toThrow(/2 decimal/);
    expect(() => dollarsToCents(Number.NaN)).toThrow();
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => dollarsToCents(1e12)).toThrow(/too large/);
  });

  it('rounds percentages half-up to the cent', () => {
    expect(percentOfCents(1999, 5)).toBe(100); // 99.95 → 100
    expect(percentOfCents(1000, 2.9)).toBe(29);
    expect(percentOfCents(1010, 5)).toBe(51); // 50.5 → 51
  });
});
