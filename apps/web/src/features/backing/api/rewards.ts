import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reward, RewardRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

/** Under 'projects', so any project invalidation (a pledge, an edit) refreshes the rewards too. */
export const rewardKeys = {
  list: (projectId: number) => ['projects', 'rewards', projectId] as const,
};

interface RewardListResponse {
  data: Reward[];
}

interface RewardResponse {
  data: Reward;
  message?: string;
}

/** A reward the form sends: quantity_available is null when the field was left empty (SPEC §5). */
export type RewardInput = RewardRequest;

/** A project's rewards, cheapest first as the API lists them (GET rewards/projects/{id}/rewards). */
export function useRewards(projectId: number | null) {
  const token = useStoredAccessToken();
  return useQuery({ ...rewardsQuery(projectId ?? 0, token), enabled: projectId !== null });
}

/** What `useRewards` reads, for the server to read it before its render (apps/web/src/entry-server.tsx). */
export const rewardsQuery = (projectId: number, token: string | null) =>
  queryOptions({
    queryKey: [...rewardKeys.list(projectId), token],
    queryFn: async ({ signal }) =>
      (await api.get<RewardListResponse>(`rewards/projects/${projectId}/rewards`, undefined, signal)).data,
  });

/** Create (no rewardId) or update a reward. */
export function useSaveReward(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, body }: { rewardId?: number; body: RewardInput }) =>
      rewardId === undefined
        ? api.post<RewardResponse>(`rewards/projects/${projectId}/rewards`, body)
        : api.put<RewardResponse>(`rewards/projects/${projectId}/rewards/${rewardId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.list(projectId) }),
  });
}

export function useDeleteReward(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: number) =>
      api.delete<{ message: string }>(`rewards/projects/${projectId}/rewards/${rewardId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.list(projectId) }),
  });
}
