import { STORAGE_KEYS } from '@fundry/shared';

/** The server renders a page for no one (DESIGN.md §13): it has no storage, so no tokens. */
const stored = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));

/** The session's tokens live in localStorage under the SPEC §9 keys. */
export const authStorage = {
  getAccessToken: () => stored(STORAGE_KEYS.accessToken),
  getRefreshToken: () => stored(STORAGE_KEYS.refreshToken),
  setTokens: (accessToken: string, refreshToken?: string) => {
    localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    if (refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    notify();
  },
  clear: () => {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    notify();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.accessToken || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
