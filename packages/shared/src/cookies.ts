/** How long a visitor's choice (language, display currency) is kept. */
export const CHOICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The value of the cookie `name` in a Cookie header (or `document.cookie`), or null. */
export function cookieValue(cookies: string | null | undefined, name: string): string | null {
  for (const part of cookies?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

/** A cookie that keeps a visitor's choice for a year, on every page of the site. */
export const choiceCookie = (name: string, value: string) =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${CHOICE_MAX_AGE_SECONDS}; SameSite=Lax`;
