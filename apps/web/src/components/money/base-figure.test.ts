import { describe, expect, it } from 'vitest';
import { testTranslator } from '@/test/i18n';
import { formatBaseFigure } from './base-figure';

describe('formatBaseFigure', () => {
  it('shows a total in one currency as it is', () => {
    expect(formatBaseFigure(testTranslator(), { amount: 1234.5, currency: 'USD', approximate: false })).toBe(
      '$1,234.50',
    );
  });

  it('marks a total that mixes currencies as approximate', () => {
    expect(formatBaseFigure(testTranslator(), { amount: 1234, currency: 'EUR', approximate: true })).toBe(
      '≈ €1,234',
    );
  });
});
