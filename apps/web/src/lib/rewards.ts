import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLEDGE_CURRENCY,
  type Project,
  type Reward,
  type RewardRequest,
  type ShippingAddress,
} from '@fundry/shared';
import { api } from './api-client';
import { projectKeys, type ProjectResponse } from './projects';
import { useStoredAccessToken } from './session';

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

interface PledgeResponse {
  data: { checkout_url: string; donation_id: number };
}

/** A reward the form sends: quantity_available is null when the field was left empty (SPEC §5). */
export type RewardInput = RewardRequest;

/** Sold out: nothing remains, or the claimed count reached the quantity (SPEC §4). */
export function isSoldOut(reward: Reward): boolean {
  if (!reward.is_available) return true;
  if (reward.remaining !== null && reward.remaining <= 0) return true;
  if (reward.inventory !== null && reward.inventory - reward.backers_count <= 0) return true;
  return reward.quantity_available !== null && reward.quantity_claimed >= reward.quantity_available;
}

/** A project's rewards, cheapest first as the API lists them (GET rewards/projects/{id}/rewards). */
export function useRewards(projectId: number | null) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...rewardKeys.list(projectId ?? 0), token],
    queryFn: async ({ signal }) =>
      (await api.get<RewardListResponse>(`rewards/projects/${projectId}/rewards`, undefined, signal)).data,
    enabled: projectId !== null,
  });
}

/** One project, as the project page reads it; the same cache entry as the page's own query. */
export function useProjectSummary(id: number | null) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...projectKeys.detail(id ?? 0), token],
    queryFn: async ({ signal }): Promise<Project> =>
      (await api.get<ProjectResponse>(`projects/${id}`, undefined, signal)).data,
    enabled: id !== null,
  });
}

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

/** The pledge (POST backers/projects/{id}/back): reserves the reward and answers with the checkout address. */
export function useBackProject(projectId: number) {
  return useMutation({
    mutationFn: ({
      amount,
      rewardId,
      shippingAddress,
    }: {
      amount: number;
      rewardId: number | null;
      shippingAddress: ShippingAddress | null;
    }) =>
      api.post<PledgeResponse>(`backers/projects/${projectId}/back`, {
        amount,
        currency: PLEDGE_CURRENCY,
        ...(rewardId === null ? {} : { reward_id: rewardId }),
        ...(shippingAddress ? { shipping_address: shippingAddress } : {}),
      }),
  });
}
