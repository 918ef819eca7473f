import { useMutation } from '@tanstack/react-query';
import { type Locale, LOCALE_COOKIE, LOCALE_QUERY_PARAM, type UserProfile } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { keepChoice } from '@/lib/choice-cookies';

/** Saves the signed-in person's language on their profile (DESIGN.md §14). */
export const saveProfileLocale = (locale: Locale) =>
  api.put<{ data: { user: UserProfile } }>('profile/', { locale });

/**
 * Shows the site in `locale` from now on: the cookie keeps the choice on this browser, and the page is loaded
 * again without a `?lang=` that would outrank it, so that the server writes it in that language.
 */
export async function switchToLocale(locale: Locale) {
  await keepChoice(LOCALE_COOKIE, locale);
  const url = new URL(window.location.href);
  url.searchParams.delete(LOCALE_QUERY_PARAM);
  window.location.assign(url.toString());
}

/** The language menu's choice: saved on the profile when signed in, then the page in that language. */
export function useChooseLocale(signedIn: boolean) {
  return useMutation({
    mutationFn: async (locale: Locale) => {
      if (signedIn) await saveProfileLocale(locale);
      return locale;
    },
    onSuccess: switchToLocale,
  });
}
