import type { FastifyRequest } from 'fastify';
import {
  createTranslator,
  exponent,
  type Locale,
  LOCALE_QUERY_PARAM,
  localeCookieValue,
  matchLocale,
  minorToMajor,
  negotiateLocale,
  pickLocale,
  type Translator,
} from '@fundry/shared';
import { SOURCE_CATALOGS } from '@fundry/shared/i18n/catalogs';
import { compileCatalog } from '@fundry/shared/i18n/compile';

/** A person's languages as saved on their account: the one they chose, and the one they last used. */
export interface SavedLanguage {
  locale: string | null;
  last_locale: string | null;
}

/**
 * An argument written in the reader's language with the message: an amount (minor units of `currency`, USD when
 * absent as in every message stored before currencies; `fractionDigits` present: every minor unit shown), a
 * calendar date, another message.
 */
export type MessageArgument =
  | string
  | number
  | { cents: number; currency?: string; fractionDigits?: number }
  | { date: string }
  | { message: string };

/**
 * A message kept as its catalog key and arguments, so it is written in the language of whoever reads it and
 * when they read it (a notification is stored once and listed in each reader's language).
 */
export interface KeyedMessage {
  key: string;
  values?: Record<string, MessageArgument>;
}

/** An amount of money that moves: integer minor units of its currency. */
export interface Money {
  cents: number;
  currency: string;
}

/** An amount always with every minor unit of its currency (cents; none on yen), as a receipt or a checkout shows it. */
export const amountWithCents = (translator: Translator, { cents, currency }: Money) =>
  translator.money(minorToMajor(cents, currency), currency, exponent(currency));

/** An amount of a message's arguments in the reader's language. */
function writtenAmount(
  translator: Translator,
  amount: { cents: number; currency?: string; fractionDigits?: number },
) {
  const currency = amount.currency ?? 'USD';
  return amount.fractionDigits === undefined
    ? translator.money(minorToMajor(amount.cents, currency), currency)
    : amountWithCents(translator, { cents: amount.cents, currency });
}

/** `message` in `translator`'s language, its amounts and dates formatted there too. */
export function writeMessage(translator: Translator, { key, values }: KeyedMessage): string {
  if (!values) return translator.t(key);
  const written: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    written[name] =
      typeof value !== 'object'
        ? value
        : 'cents' in value
          ? writtenAmount(translator, value)
          : 'date' in value
            ? translator.calendarDate(value.date)
            : translator.t(value.message);
  }
  return translator.t(key, written);
}

/** The offered languages' translators (DESIGN.md §14), each compiled once when the app starts. */
export class Translators {
  private readonly byLocale: Map<Locale, Translator>;

  constructor(
    readonly offered: readonly Locale[],
    readonly defaultLocale: Locale,
  ) {
    this.byLocale = new Map(
      offered.map((locale) => [locale, createTranslator(locale, compileCatalog(SOURCE_CATALOGS[locale]))]),
    );
  }

  /** The translator of `locale` when it is offered, else the default's. */
  for(locale: string | null | undefined): Translator {
    const offered = matchLocale(locale, this.offered);
    return this.byLocale.get(offered ?? this.defaultLocale)!;
  }

  /** The language of what is written to a person who is not asking right now (mails): chosen > last used > default. */
  ofUser(user: SavedLanguage): Translator {
    return this.for(matchLocale(user.locale, this.offered) ?? user.last_locale);
  }

  /** An API call's language: its Accept-Language, else the caller's saved locale, else the default. */
  ofApiRequest(request: FastifyRequest): Translator {
    const asked = negotiateLocale(request.headers['accept-language'], this.offered);
    return this.for(asked ?? request.auth?.locale);
  }

  /** A page's language: `?lang=` > the cookie > Accept-Language > the default (the page is rendered signed out). */
  ofPageRequest(request: FastifyRequest): Translator {
    const query = (request.query as Record<string, unknown> | undefined)?.[LOCALE_QUERY_PARAM];
    return this.for(
      pickLocale(
        {
          query: typeof query === 'string' ? query : null,
          cookie: localeCookieValue(request.headers.cookie),
          acceptLanguage: request.headers['accept-language'],
        },
        this.offered,
        this.defaultLocale,
      ),
    );
  }
}
