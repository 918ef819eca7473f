import { describe, expect, it } from 'vitest';
import { SOURCE_CATALOGS } from './catalogs';
import { fileURLToPath } from 'node:url';
import { compileCatalog, messageArguments } from './compile';
import { keysInSource } from './keys';
import { negotiateLocale, pickLocale, SHIPPED_LOCALES } from './locales';
import { createTranslator } from './translator';

const english = SOURCE_CATALOGS.en;

describe('message catalogs', () => {
  it.each(SHIPPED_LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the keys of en', (locale) => {
    const keys = Object.keys(SOURCE_CATALOGS[locale]);
    expect(
      keys.filter((key) => !(key in english)),
      'keys en does not have',
    ).toEqual([]);
    expect(
      Object.keys(english).filter((key) => !keys.includes(key)),
      'keys missing from this catalog',
    ).toEqual([]);
  });

  it.each(SHIPPED_LOCALES)('%s compiles as ICU MessageFormat with the arguments of en', (locale) => {
    expect(() => compileCatalog(SOURCE_CATALOGS[locale])).not.toThrow();
    for (const [key, message] of Object.entries(SOURCE_CATALOGS[locale])) {
      const expected = english[key];
      if (expected === undefined) continue;
      expect(messageArguments(message), key).toEqual(messageArguments(expected));
    }
  });

  it('has every key the code names', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const missing = [...keysInSource(root)].filter(([key]) => !(key in english));
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it('orders keys alphabetically, so that merges and reviews stay readable', () => {
    for (const locale of SHIPPED_LOCALES) {
      const keys = Object.keys(SOURCE_CATALOGS[locale]);
      expect(keys, locale).toEqual([...keys].sort());
    }
  });
});

describe('translator', () => {
  const translator = (locale: (typeof SHIPPED_LOCALES)[number]) =>
    createTranslator(locale, compileCatalog(SOURCE_CATALOGS[locale]));

  it('chooses plural forms by the rules of each language', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const ago = (minutes: number) => new Date(now - minutes * 60_000);
    expect(translator('en').relativeTime(ago(1), now)).toBe('1 minute ago');
    expect(translator('en').relativeTime(ago(5), now)).toBe('5 minutes ago');
    expect(translator('de').relativeTime(ago(5), now)).toBe('vor 5 Minuten');
    expect(translator('ar').relativeTime(ago(2), now)).toBe('منذ دقيقتين');
    expect(translator('ar').relativeTime(ago(5), now)).toBe('منذ 5 دقائق');
  });

  it('shows a missing argument as its placeholder and an unknown key as itself', () => {
    const en = translator('en');
    expect(en.t('common.time.daysAgo')).toContain('{count}');
    expect(en.t('no.such.key')).toBe('no.such.key');
  });

  it('formats dates and money in the locale', () => {
    expect(translator('de').calendarDate('2026-03-05')).toBe('5. März 2026');
    expect(translator('en').calendarDate('2026-03-05')).toBe('March 5, 2026');
    expect(translator('en').calendarDate('nope')).toBe('Invalid date');
    expect(translator('en').money(1234.5)).toBe('$1,234.50');
    expect(translator('en').money(1234)).toBe('$1,234');
    expect(translator('de').money(1234.5, 'EUR')).toBe('1.234,50\u00a0€');
  });

  it('shows a moment in its named formats, the UTC ones on the day the server counts', () => {
    // 23:30 UTC on 5 March: still the 5th in UTC, whatever the test machine's zone.
    const late = '2026-03-05T23:30:00Z';
    expect(translator('de').formatDate(late, 'monthYear')).toBe('März 2026');
    expect(translator('es').formatDate(late, 'monthYearShort')).toBe('mar 2026');
    expect(translator('en').formatDate(late, 'dayMonthUtc')).toBe('Mar 5');
    expect(translator('en').formatDate(late, 'numericUtc')).toBe('3/5/2026');
    expect(translator('en').formatDate(late, 'dateTimeUtc')).toBe('Mar 5, 2026, 11:30 PM UTC');
    expect(translator('de').formatDate(late, 'dateTimeUtc')).toBe('5. März 2026, 23:30 UTC');
    expect(translator('en').formatDate('nope', 'dateTime')).toBe('Unknown date');
    expect(translator('ar').formatDate(Number.NaN, 'monthYear')).toBe(
      translator('ar').t('common.date.unknown'),
    );
  });

  it('tells which messages it read, its own formatters’ included', () => {
    const read: string[] = [];
    const recording = translator('en').recording((key) => read.push(key));
    recording.t('common.actions.save');
    recording.has('common.nav.explore');
    recording.relativeTime(new Date(Date.now() - 5 * 60_000));
    expect(read).toEqual(['common.actions.save', 'common.nav.explore', 'common.time.minutesAgo']);
  });

  it('takes the rest of its catalog later, and says whether a message was missing meanwhile', () => {
    const whole = compileCatalog(SOURCE_CATALOGS.de);
    const part = createTranslator('de', { 'common.time.justNow': whole['common.time.justNow']! });
    expect(part.relativeTime(new Date())).toBe('gerade eben');
    expect(part.load(whole)).toBe(false);

    const early = createTranslator('de', {});
    expect(early.t('common.time.minutesAgo', { count: 5 })).toBe('common.time.minutesAgo');
    expect(early.load(whole)).toBe(true);
    expect(early.t('common.time.minutesAgo', { count: 5 })).toBe('vor 5 Minuten');
    expect(early.load(whole)).toBe(false);
  });
});

describe('locale negotiation', () => {
  const offered = SHIPPED_LOCALES;
  it('matches a language to the offered locale of that language', () => {
    expect(negotiateLocale('pt-PT,pt;q=0.9', offered)).toBe('pt-BR');
    expect(negotiateLocale('de-AT', offered)).toBe('de');
    expect(negotiateLocale('fr-FR, es;q=0.5, de;q=0.7', offered)).toBe('de');
    expect(negotiateLocale('fr-FR', offered)).toBeNull();
  });

  it('ignores a malformed header', () => {
    expect(negotiateLocale(';;;,q=,,@@', offered)).toBeNull();
    expect(negotiateLocale('de;q=abc, es', offered)).toBe('de');
  });

  it('follows query > cookie > saved > header > default, passing over what is not offered', () => {
    const sources = { query: 'es', cookie: 'de', saved: 'ar', acceptLanguage: 'pt-BR' };
    expect(pickLocale(sources, offered, 'en')).toBe('es');
    expect(pickLocale({ ...sources, query: 'xx' }, offered, 'en')).toBe('de');
    expect(pickLocale({ ...sources, query: null, cookie: 'zz' }, offered, 'en')).toBe('ar');
    expect(pickLocale({ acceptLanguage: 'pt-BR' }, offered, 'en')).toBe('pt-BR');
    expect(pickLocale({}, ['en', 'de'], 'de')).toBe('de');
    expect(pickLocale({ query: 'ar' }, ['en', 'de'], 'de')).toBe('de');
  });
});
