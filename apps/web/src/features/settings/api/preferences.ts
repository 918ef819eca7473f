import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MailPreference,
  Preferences,
  UnsubscribeResult,
  UpdatePreferencesRequest,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

export const preferenceKeys = {
  mine: (token: string | null) => ['preferences', token] as const,
};

/** The signed-in person's mail preferences (GET users/me/preferences). */
export function usePreferences() {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: preferenceKeys.mine(token),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { preferences: Preferences } }>('users/me/preferences', undefined, signal)).data
        .preferences,
    enabled: Boolean(token),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  const token = useStoredAccessToken();
  return useMutation({
    mutationFn: async (changes: UpdatePreferencesRequest) =>
      (await api.put<{ data: { preferences: Preferences } }>('users/me/preferences', changes)).data
        .preferences,
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.mine(token), saved),
  });
}

/** What an unsubscribe link would turn off, or the server's reason for refusing it. */
export function useUnsubscribeCheck(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { preference: MailPreference } }>('unsubscribe/check', { token }, signal)).data
        .preference,
    enabled: token !== '',
    retry: false,
  });
}

/** The one-click unsubscribe, confirmed on the page (no session needed: the token is the authority). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<UnsubscribeResult>('unsubscribe', undefined, { query: { token } }),
  });
}
