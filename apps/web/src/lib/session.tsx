import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { UserProfile } from '@fundry/shared';
import { api } from './api-client';
import { authStorage } from './auth-storage';

interface TokenClaims {
  sub?: string | number;
  roles?: string[];
  permissions?: string[];
}

export interface Session {
  /** A stored access token exists and the profile call succeeded (SPEC §4). */
  isSignedIn: boolean;
  /** True while a stored token is being checked against the profile call. */
  isLoading: boolean;
  user: UserProfile | null;
  userId: number | null;
  roles: string[];
  permissions: string[];
  isAdmin: boolean;
  signOut(): Promise<void>;
}

export const PROFILE_QUERY_KEY = ['profile', 'me'] as const;

function decodeClaims(token: string | null): TokenClaims {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return {};
  }
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(authStorage.subscribe, authStorage.getAccessToken, () => null);
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: [...PROFILE_QUERY_KEY, token],
    queryFn: ({ signal }) => api.get<{ data: { user: UserProfile } }>('profile/', undefined, signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    // An invalid profile or a failed profile call signs the person out (SPEC §8).
    if (token && profile.isError) authStorage.clear();
  }, [token, profile.isError]);

  const session = useMemo<Session>(() => {
    const claims = decodeClaims(token);
    const user = token && profile.data ? profile.data.data.user : null;
    const roles = claims.roles ?? user?.roles ?? [];
    return {
      isSignedIn: Boolean(user),
      isLoading: Boolean(token) && profile.isPending,
      user,
      userId: user?.id ?? (claims.sub === undefined ? null : Number(claims.sub)),
      roles,
      permissions: claims.permissions ?? [],
      isAdmin: roles.includes('Admin'),
      signOut: async () => {
        try {
          await api.delete('auth/logout');
        } catch {
          // Logout failure still clears the tokens (SPEC §8).
        }
        authStorage.clear();
        queryClient.clear();
      },
    };
  }, [token, profile.data, profile.isPending, queryClient]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The stored access token, re-read whenever it changes (sign-in, refresh, sign-out, another tab). */
export function useStoredAccessToken(): string | null {
  return useSyncExternalStore(authStorage.subscribe, authStorage.getAccessToken, () => null);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
