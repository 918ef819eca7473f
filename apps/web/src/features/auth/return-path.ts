import { safeRedirectPath } from './safe-path';

/**
 * Where a person was going when they started to register: kept in this browser through the verification mail
 * (whose link opens a new page) until they sign in, so that sign-in takes them back there.
 */
const KEY = 'fundry.return-path';

export function rememberReturnPath(path: string | null | undefined) {
  const safe = safeRedirectPath(path);
  try {
    if (safe) localStorage.setItem(KEY, safe);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode): the way back is a convenience, never a blocker.
  }
}

export function recalledReturnPath(): string | undefined {
  try {
    return safeRedirectPath(localStorage.getItem(KEY));
  } catch {
    return undefined;
  }
}

export function forgetReturnPath() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
