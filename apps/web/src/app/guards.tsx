import { Navigate, Outlet, useLocation } from '@/lib/router';
import { useSyncExternalStore } from 'react';
import { authStorage } from '@/lib/auth-storage';
import { useI18n } from '@/lib/i18n';

export interface SignInRedirectState {
  from: string;
  /** Already in the page's language: the sign-in page shows it as it is. */
  notice: string;
}

/** Client-side guard (SPEC §2): a stored access token, or off to /signin keeping where the person was going. */
export function RequireAuth() {
  const location = useLocation();
  const i18n = useI18n();
  const token = useSyncExternalStore(authStorage.subscribe, authStorage.getAccessToken, () => null);
  if (!token) {
    const state: SignInRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      notice: i18n.t('common.auth.signInNotice'),
    };
    return <Navigate to="/signin" replace state={state} />;
  }
  return <Outlet />;
}
