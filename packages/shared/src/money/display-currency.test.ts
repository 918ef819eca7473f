import { describe, expect, it } from 'vitest';
import { choiceCookie } from '../cookies';
import {
  approximateWholeUnits,
  CURRENCY_COOKIE,
  currencyCookieValue,
  displayCurrency,
} from './display-currency';

const ECB = { base: 'EUR', rates: { USD: 1.08, JPY: 162.5 } };

describe('display currency', () => {
  it('is the visitor’s choice when offered, else their language’s when offered, else the base currency', () => {
    const offered = ['USD', 'EUR', 'JPY'];
    expect(displayCurrency('JPY', 'de', offered, 'USD')).toBe('JPY');
    expect(displayCurrency('BRL', 'de', offered, 'USD')).toBe('EUR');
    expect(displayCurrency(null, 'en', offered, 'EUR')).toBe('USD');
    expect(displayCurrency(null, 'es', offered, 'USD')).toBe('EUR');
    expect(displayCurrency(null, 'pt-BR', offered, 'USD')).toBe('USD');
    expect(displayCurrency(null, 'pt-BR', [...offered, 'BRL'], 'USD')).toBe('BRL');
    expect(displayCurrency(null, 'ar', offered, 'JPY')).toBe('JPY');
  });

  it('is kept in a cookie read back from a Cookie header', () => {
    expect(choiceCookie(CURRENCY_COOKIE, 'EUR')).toMatch(
      /^fundry_currency=EUR; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
    expect(currencyCookieValue('fundry_locale=de; fundry_currency=JPY')).toBe('JPY');
    expect(currencyCookieValue('fundry_locale=de')).toBeNull();
  });
});

describe('approximateWholeUnits', () => {
  it('converts through the rates’ base currency and rounds to whole units', () => {
    // 100 € at 1.08 $ per euro.
    expect(approximateWholeUnits(100, 'EUR', 'USD', ECB)).toBe(108);
    // 5,000 ¥ at 162.5 ¥ and 1.08 $ per euro: 33.23 $.
    expect(approximateWholeUnits(5000, 'JPY', 'USD', ECB)).toBe(33);
    // 99.99 $ in yen: 15,044.79 ¥.
    expect(approximateWholeUnits(99.99, 'USD', 'JPY', ECB)).toBe(15045);
  });

  it('gives nothing when a rate is missing', () => {
    expect(approximateWholeUnits(100, 'BRL', 'USD', ECB)).toBeNull();
    expect(approximateWholeUnits(100, 'USD', 'BRL', ECB)).toBeNull();
  });
});
