// With its extension: the web build's configuration loads this module as Node does (apps/web/catalogs-plugin.ts).
import { cookieValue } from '../cookies.ts';

/** The languages Fundry ships (DESIGN.md §14); the operator offers some or all of them (LOCALES). */
export const SHIPPED_LOCALES = ['en', 'es', 'pt-BR', 'de', 'ar'] as const;
export type Locale = (typeof SHIPPED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Set by the language menu; read on every page and API call before Accept-Language. */
export const LOCALE_COOKIE = 'fundry_locale';

/** The language cookie's value in a Cookie header (or `document.cookie`), or null. */
export const localeCookieValue = (cookies: string | null | undefined) => cookieValue(cookies, LOCALE_COOKIE);

export const LOCALE_QUERY_PARAM = 'lang';

/** Each language named in itself, as a language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  ar: 'العربية',
};

const RIGHT_TO_LEFT = new Set<string>(['ar']);

export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

export function isShippedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SHIPPED_LOCALES as readonly string[]).includes(value);
}

const LANGUAGE_TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;

/**
 * The offered locale a language tag asks for: the same tag in any case, else the first offered locale of its
 * language (`pt-PT` → `pt-BR`, `de-AT` → `de`, `en-GB` → `en`), else null.
 */
export function matchLocale(tag: string | null | undefined, offered: readonly Locale[]): Locale | null {
  if (!tag || !LANGUAGE_TAG.test(tag)) return null;
  const wanted = tag.toLowerCase();
  const exact = offered.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return offered.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/**
 * The offered locale an Accept-Language header prefers (RFC 9110 §12.5.4: by quality, then order); entries
 * that are malformed or ask for no language are passed over, so a malformed header asks for nothing.
 */
export function negotiateLocale(
  header: string | null | undefined,
  offered: readonly Locale[],
): Locale | null {
  if (!header || header.length > 1000) return null;
  const ranges = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const quality = parameters.map((part) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/i.exec(part)).find(Boolean);
      return { tag: tag.trim(), quality: quality ? Number(quality[1]) : 1, index };
    })
    .filter((range) => range.quality > 0 && range.tag !== '*')
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = matchLocale(range.tag, offered);
    if (locale) return locale;
  }
  return null;
}

export interface LocaleSources {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  saved?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}

/**
 * DESIGN.md §14's order: `?lang=` > the cookie > the signed-in user's saved locale > Accept-Language > the default.
 * A value that is not offered is passed over silently.
 */
export function pickLocale(sources: LocaleSources, offered: readonly Locale[], fallback: Locale): Locale {
  return (
    matchLocale(sources.query, offered) ??
    matchLocale(sources.cookie, offered) ??
    matchLocale(sources.saved, offered) ??
    negotiateLocale(sources.acceptLanguage, offered) ??
    fallback
  );
}

/** How a page's address names its language: `?lang=de` (DESIGN.md §14), what a shared link may carry. */
export function addressInLocale(url: string, locale: string): string {
  const address = new URL(url);
  address.searchParams.set(LOCALE_QUERY_PARAM, locale);
  return address.toString();
}
