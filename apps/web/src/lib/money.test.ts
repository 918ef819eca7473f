import { describe, expect, it } from 'vitest';
import { testTranslator } from '@/test/i18n';
import { amountInputProps, currencyName, currencySymbol } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts in their own currency, in the reader’s language', () => {
  const en = testTranslator('en');
  const de = testTranslator('de');

  it('shows whole amounts without decimals and others with the currency’s own', () => {
    expect(en.money(1234.5, 'EUR')).toBe('€1,234.50');
    expect(plain(de.money(1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(en.money(25, 'USD')).toBe('$25');
    expect(en.money(25.1, 'USD')).toBe('$25.10');
    expect(plain(de.money(25, 'USD'))).toBe('25 $');
  });

  it('never shows decimals on yen', () => {
    expect(en.money(5000, 'JPY')).toBe('¥5,000');
    expect(plain(de.money(5000, 'JPY'))).toBe('5.000 ¥');
  });

  it('keeps a currency’s ISO decimals where the locale data would round them away', () => {
    expect(plain(en.money(10.5, 'HUF'))).toBe('HUF 10.50');
  });

  it('names a currency and its sign in the reader’s language, and what its inputs take', () => {
    expect(currencySymbol(en, 'EUR')).toBe('€');
    expect(currencySymbol(en, 'JPY')).toBe('¥');
    expect(currencySymbol(testTranslator('pt-BR'), 'USD')).toBe('US$');
    expect(currencyName(en, 'JPY')).toBe('Japanese Yen');
    expect(currencyName(de, 'EUR')).toBe('Euro');
    expect(amountInputProps(en, 'EUR')).toMatchObject({ leftSection: '€', decimalScale: 2, step: 0.01 });
    expect(amountInputProps(en, 'JPY')).toMatchObject({ leftSection: '¥', decimalScale: 0, step: 1 });
  });
});
