import { describe, expect, it } from 'vitest';
import { testTranslator } from '@/test/i18n';
import { percentFundedText, projectStatusText, revocationReasonText, timeLeftText } from './project-text';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('timeLeftText', () => {
  it('says the SPEC §4 labels in English, with the day counts of the shared rules', () => {
    const en = testTranslator('en');
    expect(timeLeftText(en, '2026-03-01', '2026-03-10', NOW)).toBe('1 day left');
    expect(timeLeftText(en, '2026-03-01', '2026-03-11', NOW)).toBe('2 days left');
    expect(timeLeftText(en, '2026-03-11', '2026-04-01', NOW)).toBe('Starts in 1 day');
    // Counts show as the lists always showed them, without a thousands separator.
    expect(timeLeftText(en, '2030-03-01', '2030-04-01', NOW)).toBe('Starts in 1452 days');
    expect(timeLeftText(en, '2026-02-01', '2026-03-01', NOW)).toBe('Ended');
    expect(timeLeftText(en, null, null, NOW)).toBe('Not scheduled');
  });

  it('uses the plural forms of each language', () => {
    const ar = testTranslator('ar');
    expect(timeLeftText(ar, '2026-03-01', '2026-03-10', NOW)).toBe('يتبقى يوم واحد');
    expect(timeLeftText(ar, '2026-03-01', '2026-03-11', NOW)).toBe('يتبقى يومان');
    expect(timeLeftText(ar, '2026-03-01', '2026-03-14', NOW)).toBe('تتبقى 5 أيام');
    expect(timeLeftText(ar, '2026-03-01', '2026-03-29', NOW)).toBe('يتبقى 20 يومًا');
    expect(timeLeftText(testTranslator('de'), '2026-03-01', '2026-03-11', NOW)).toBe('Noch 2 Tage');
  });
});

describe('percentFundedText', () => {
  it('writes the percentage as the language does, and "<1%" for a start under one percent', () => {
    expect(percentFundedText(testTranslator('en'), 2_599, 10_000)).toBe('25%');
    expect(percentFundedText(testTranslator('en'), 25, 10_000)).toBe('<1%');
    expect(percentFundedText(testTranslator('de'), 2_599, 10_000)).toBe('25\u00a0%');
    expect(percentFundedText(testTranslator('de'), 25, 10_000)).toBe('<1 %');
  });
});

describe('projectStatusText', () => {
  it('names a status in the language, and shows one it does not know as it is', () => {
    expect(projectStatusText(testTranslator('en'), 'ACTIVE')).toBe('ACTIVE');
    expect(projectStatusText(testTranslator('es'), 'DRAFT')).toBe('BORRADOR');
    expect(projectStatusText(testTranslator('de'), 'ARCHIVED')).toBe('ARCHIVED');
  });
});

describe('revocationReasonText', () => {
  const creator = { name: 'Ada' };
  it('keeps the admin’s words as written, in every language', () => {
    expect(revocationReasonText(testTranslator('de'), { revocation_reason: 'No prototype', creator })).toBe(
      'No prototype',
    );
  });

  it('says why in the reader’s language when no reason was written: the guidelines, or a closed account', () => {
    expect(revocationReasonText(testTranslator('es'), { revocation_reason: null, creator })).toBe(
      'El proyecto no cumple las pautas de Fundry.',
    );
    expect(revocationReasonText(testTranslator('en'), { revocation_reason: ' ', creator })).toBe(
      'The project does not meet the Fundry guidelines.',
    );
    expect(
      revocationReasonText(testTranslator('de'), { revocation_reason: null, creator: { name: '' } }),
    ).toBe('Der Ersteller hat sein Konto geschlossen.');
  });
});
