import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StretchGoal, StretchGoalRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

/** Under 'projects', so any project invalidation (a pledge moving the total) refreshes the goals too. */
export const stretchGoalKeys = {
  list: (projectId: number) => ['projects', 'stretch-goals', projectId] as const,
};

interface StretchGoalResponse {
  data: StretchGoal;
  message?: string;
}

/** A project's stretch goals, smallest first as the API lists them (GET projects/{id}/stretch-goals). */
export function useStretchGoals(projectId: number | null) {
  const token = useStoredAccessToken();
  return useQuery({ ...stretchGoalsQuery(projectId ?? 0, token), enabled: projectId !== null });
}

/** What `useStretchGoals` reads, for the server to read it before its render (apps/web/src/entry-server.tsx). */
export const stretchGoalsQuery = (projectId: number, token: string | null) =>
  queryOptions({
    queryKey: [...stretchGoalKeys.list(projectId), token],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { stretch_goals: StretchGoal[] } }>(
          `projects/${projectId}/stretch-goals`,
          undefined,
          signal,
        )
      ).data.stretch_goals,
  });

/** Add (no goalId) or edit a stretch goal. */
export function useSaveStretchGoal(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goalId, body }: { goalId?: number; body: StretchGoalRequest }) =>
      goalId === undefined
        ? api.post<StretchGoalResponse>(`projects/${projectId}/stretch-goals`, body)
        : api.put<StretchGoalResponse>(`projects/${projectId}/stretch-goals/${goalId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stretchGoalKeys.list(projectId) }),
  });
}

export function useDeleteStretchGoal(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goalId: number) =>
      api.delete<{ message: string }>(`projects/${projectId}/stretch-goals/${goalId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stretchGoalKeys.list(projectId) }),
  });
}
