import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { UserProfile } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { PROFILE_QUERY_KEY } from '@/lib/session';

interface ProfileResponse {
  data: { user: UserProfile };
}

interface MessageResponse {
  message: string;
}

/** The text fields PUT profile/ takes; the photo travels as the `profile_image` file part. */
export interface ProfileFormValues {
  full_name: string;
  email: string;
  location: string;
  bio: string;
  website: string;
  twitter: string;
}

export function useStoredAccessToken() {
  return useSyncExternalStore(authStorage.subscribe, authStorage.getAccessToken, () => null);
}

/**
 * The signed-in person's profile. It is the very query the session runs (same key, same call), so the page
 * and the navigation bar share one request and one cache entry.
 */
export function useMyProfile() {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...PROFILE_QUERY_KEY, token],
    queryFn: ({ signal }) => api.get<ProfileResponse>('profile/', undefined, signal),
    select: (response) => response.data.user,
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, photo }: { values: ProfileFormValues; photo: File | null }) => {
      const body = new FormData();
      for (const [field, value] of Object.entries(values) as [string, string][]) {
        body.append(field, value.trim());
      }
      if (photo) body.append('profile_image', photo);
      return api.put<MessageResponse & ProfileResponse>('profile/', body);
    },
    // Every holder of the profile (navigation bar, sidebar, this page) refetches.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => api.delete<MessageResponse>('profile/'),
  });
}
