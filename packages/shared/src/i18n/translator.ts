import { type Messages, setupI18n } from '@lingui/core';
import { exponent } from '../money/currencies';
import { type Locale, textDirection } from './locales';
import { MESSAGE_CONSTANTS } from './message-constants';

/** A catalog as the runtime reads it: each message compiled ahead from ICU MessageFormat (compile.ts). */
export type CompiledCatalog = Messages;

/**
 * The named ways a page shows a moment besides a plain date, each built once per locale. The `Utc` ones read the
 * moment's day in UTC, the day the server counts it on (a pledge's day, a funding curve's day, a queue's times).
 */
const DATE_FORMATS = {
  /** "March 2024". */
  monthYear: { month: 'long', year: 'numeric' },
  /** "Mar 2024". */
  monthYearShort: { month: 'short', year: 'numeric' },
  /** "Mar 5, 2024, 3:04 PM". */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "Mar 5, 2024, 03:04 PM UTC". */
  dateTimeUtc: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  },
  /** "3/5/2024". */
  numeric: {},
  /** "3/5/2024", the day in UTC. */
  numericUtc: { timeZone: 'UTC' },
  /** "Mar 5", the day in UTC. */
  dayMonthUtc: { month: 'short', day: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof DATE_FORMATS;
export type MessageValues = Record<string, unknown>;

export interface Translator {
  readonly locale: Locale;
  readonly dir: 'ltr' | 'rtl';
  /** The message `key` in this locale; an argument left out shows as its placeholder, a missing key as itself. */
  t: (key: string, values?: MessageValues) => string;
  has: (key: string) => boolean;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /**
   * An amount in major units of `currency`: a whole amount without decimals, any other with the currency's own
   * (JPY none, EUR two), unless `fractionDigits` says otherwise.
   */
  money: (amount: number, currency?: string, fractionDigits?: number) => string;
  /** A calendar date (`YYYY-MM-DD`) read as a local date, so no time zone moves it to the day before. */
  calendarDate: (date: string | null | undefined, style?: 'long' | 'short') => string;
  /** A timestamp's date in this locale. */
  timestampDate: (timestamp: string | Date | null | undefined, style?: 'long' | 'short') => string;
  /** A moment in one of the named formats; an invalid one reads 'Unknown date'. */
  formatDate: (value: string | number | Date, format: DateFormat) => string;
  /** SPEC §9's relative time: just now, minutes, hours, days (under 7), weeks (under 30 days), then the date. */
  relativeTime: (value: string | Date | null | undefined, now?: number) => string;
  /** "a, b and c" in this locale. */
  list: (items: readonly string[]) => string;
  /**
   * The same translator, telling `onKey` each message it reads (its own formatters' included): the server learns
   * which messages a page used, and sends only those with it.
   */
  recording: (onKey: (key: string) => void) => Translator;
  /**
   * Adds the rest of the catalog to a translator built with a page's part of it. True when a message asked for
   * before was missing (it showed its key), so what is on screen must render again.
   */
  load: (messages: CompiledCatalog) => boolean;
}

type Token = string | [string, string?, Record<string, Token[] | string>?];

/** The argument names a compiled message reads, so that a missing one can show as `{name}`. */
function argumentNames(message: unknown, names = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return names;
  for (const token of message as Token[]) {
    if (!Array.isArray(token)) continue;
    const [name, , branches] = token;
    names.add(name);
    if (branches && typeof branches === 'object') {
      for (const branch of Object.values(branches)) argumentNames(branch, names);
    }
  }
  return names;
}

/**
 * A message some of whose arguments are missing, with each missing one shown as `{name}` (a plural or select
 * on it shows its `other` form) instead of crashing or printing "NaN": a page with a bug stays readable.
 */
function withPlaceholders(message: Token[], values: MessageValues | undefined, pound?: string): string {
  return message
    .map((token) => {
      if (!Array.isArray(token)) return pound === undefined ? token : token.replaceAll('#', pound);
      const [name, type, branches] = token;
      const value = values?.[name];
      const shown =
        value === undefined
          ? `{${name}}`
          : typeof value === 'string' || typeof value === 'number'
            ? String(value)
            : JSON.stringify(value);
      if (branches && typeof branches === 'object') {
        const branch = branches[value === undefined ? 'other' : shown] ?? branches.other;
        return Array.isArray(branch)
          ? withPlaceholders(branch, values, type === 'select' ? pound : shown)
          : '';
      }
      return shown;
    })
    .join('');
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Built once per locale (formatters are costly to build and cheap to use), then shared by every request. */
export function createTranslator(locale: Locale, catalog: CompiledCatalog): Translator {
  let messages = catalog;
  const i18n = setupI18n({ locale, messages: { [locale]: catalog } });
  const argumentsOf = new Map<string, Set<string>>();
  const cached = <T>(cache: Map<string, T>, key: string, build: () => T): T => {
    let value = cache.get(key);
    if (value === undefined) {
      value = build();
      cache.set(key, value);
    }
    return value;
  };
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
    cached(numberFormats, JSON.stringify(options), () => new Intl.NumberFormat(locale, options));
  const dateFormat = (style: 'long' | 'short') =>
    cached(
      dateFormats,
      style,
      () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: style, day: 'numeric' }),
    );
  const namedDateFormats = new Map<string, Intl.DateTimeFormat>();
  // Built when a list is first written: few pages write one, and building it loads data of its own.
  let listFormat: Intl.ListFormat | undefined;

  let missed = false;

  const build = (onKey?: (key: string) => void): Translator => {
    const translator: Translator = {
      locale,
      dir: textDirection(locale),
      t(key, values) {
        onKey?.(key);
        const message = messages[key];
        if (message === undefined) {
          missed = true;
          return key;
        }
        const names = cached(argumentsOf, key, () => argumentNames(message));
        const complete: MessageValues = { ...MESSAGE_CONSTANTS, ...values };
        for (const name of names) {
          if (complete[name] === undefined) return withPlaceholders(message as Token[], complete);
        }
        return i18n._(key, complete);
      },
      has(key) {
        onKey?.(key);
        return messages[key] !== undefined;
      },
      number: (value, options) => numberFormat(options).format(value),
      money(amount, currency = 'USD', fractionDigits) {
        // The currency's decimals are ISO 4217's (the money module's), the ones amounts are kept in: Intl's own
        // data differs for a few (it would round HUF 10.50 to 11).
        const digits = fractionDigits ?? (Number.isInteger(amount) ? 0 : exponent(currency));
        return numberFormat({
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).format(amount);
      },
      calendarDate(date, style = 'long') {
        const match = date ? CALENDAR_DATE.exec(date) : null;
        if (!match) return translator.t('common.date.invalid');
        return dateFormat(style).format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      },
      timestampDate(timestamp, style = 'long') {
        const value = timestamp instanceof Date ? timestamp : new Date(timestamp ?? Number.NaN);
        return Number.isNaN(value.getTime())
          ? translator.t('common.date.unknown')
          : dateFormat(style).format(value);
      },
      formatDate(value, format) {
        const time = value instanceof Date ? value : new Date(value);
        if (Number.isNaN(time.getTime())) return translator.t('common.date.unknown');
        return cached(
          namedDateFormats,
          format,
          () => new Intl.DateTimeFormat(locale, DATE_FORMATS[format]),
        ).format(time);
      },
      relativeTime(value, now = Date.now()) {
        const time = value instanceof Date ? value.getTime() : value ? Date.parse(value) : Number.NaN;
        if (Number.isNaN(time)) return translator.t('common.date.unknown');
        const seconds = Math.max(0, Math.floor((now - time) / 1000));
        if (seconds < 60) return translator.t('common.time.justNow');
        const minutes = Math.floor(seconds / 60);
        if (minutes < 60) return translator.t('common.time.minutesAgo', { count: minutes });
        const hours = Math.floor(minutes / 60);
        if (hours < 24) return translator.t('common.time.hoursAgo', { count: hours });
        const days = Math.floor(hours / 24);
        if (days < 7) return translator.t('common.time.daysAgo', { count: days });
        if (days < 30) return translator.t('common.time.weeksAgo', { count: Math.floor(days / 7) });
        return dateFormat('short').format(new Date(time));
      },
      list: (items) => (listFormat ??= new Intl.ListFormat(locale, { type: 'conjunction' })).format(items),
      recording: (record) => build(record),
      load(more) {
        messages = { ...messages, ...more };
        i18n.load(locale, more);
        const stale = missed;
        missed = false;
        return stale;
      },
    };
    return translator;
  };
  return build();
}
