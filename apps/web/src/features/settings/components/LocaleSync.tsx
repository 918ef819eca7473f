import { useEffect, useRef } from 'react';
import { isShippedLocale, localeCookieValue } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { saveProfileLocale, switchToLocale } from '../api/locale';

/**
 * Keeps the language of the browser and of the account together once the person is signed in: a choice made
 * on this browser (the cookie) is saved on an account that has none; an account's choice is taken up by a
 * browser that has made none, so the language chosen elsewhere survives a sign-in.
 */
export function LocaleSync() {
  const { user } = useSession();
  const { locale } = useI18n();
  const done = useRef(false);
  useEffect(() => {
    if (!user || done.current) return;
    done.current = true;
    const chosenHere = localeCookieValue(document.cookie);
    if (isShippedLocale(chosenHere)) {
      if (user.locale === null) void saveProfileLocale(chosenHere).catch(() => undefined);
    } else if (user.locale !== null && user.locale !== locale) {
      void switchToLocale(user.locale);
    }
  }, [user, locale]);
  return null;
}
