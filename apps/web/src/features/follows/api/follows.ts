import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowingPage, FollowState } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/projects';
import { useStoredAccessToken } from '@/lib/session';

export const followKeys = {
  following: (page: number, token: string | null) => ['follows', 'following', page, token] as const,
};

interface FollowReply {
  data: FollowState;
}

/** Notify me on launch, and its undoing (POST|DELETE projects/{id}/follow, DESIGN.md §19). */
export function useFollowProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post<FollowReply>(`projects/${projectId}/follow`)
        : api.delete<FollowReply>(`projects/${projectId}/follow`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** Follow a creator, and its undoing (POST|DELETE users/{id}/follow). */
export function useFollowCreator(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post<FollowReply>(`users/${userId}/follow`)
        : api.delete<FollowReply>(`users/${userId}/follow`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['follows'] });
    },
  });
}

/** The creators I follow (GET users/me/following), a page of 20. */
export function useFollowing(page: number) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: followKeys.following(page, token),
    queryFn: ({ signal }) => api.get<FollowingPage>('users/me/following', { page, per_page: 20 }, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
