import { Navigate, Outlet, useLocation } from 'react-router';
import { useSyncExternalStore } from 'react';
import { authStorage } from '@/lib/auth-storage';

export const SIGN_IN_NOTICE = 'You need to sign in to access that page';

export interface SignInRedirectState {
  from: string;
  notice: string;
}

/** Client-side guard (SPEC §2): a stored access token, or off to /signin keeping where the person was going. */
export function RequireAuth() {
  const location = useLocation();
  const token = useSyncExternalStore(authStorage.subscribe, authStorage.getAccessToken, () => null);
  if (!token) {
    const state: SignInRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      notice: SIGN_IN_NOTICE,
    };
    return <Navigate to="/signin" replace state={state} />;
  }
  return <Outlet />;
}
