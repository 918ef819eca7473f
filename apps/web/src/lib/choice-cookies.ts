import { CHOICE_MAX_AGE_SECONDS, choiceCookie } from '@fundry/shared';

/**
 * Keeps a visitor's choice (language, display currency) in its cookie, resolved once the browser sends it.
 * Chromium stores a cookie written to `document.cookie` a moment later, out of step with a page load begun at
 * once: a page reloaded in the chosen language could still be asked for, and written, in the old one. The Cookie
 * Store API answers once the cookie is stored; where it is missing (an insecure origin, an older browser), the
 * cookie is written as before.
 */
export async function keepChoice(name: string, value: string): Promise<void> {
  if (typeof cookieStore !== 'undefined') {
    try {
      await cookieStore.set({
        name,
        value,
        path: '/',
        expires: Date.now() + CHOICE_MAX_AGE_SECONDS * 1000,
        sameSite: 'lax',
      });
      return;
    } catch {
      // Refused (a cookie the store deems invalid): the line below sets it as every browser can.
    }
  }
  document.cookie = choiceCookie(name, value);
}
