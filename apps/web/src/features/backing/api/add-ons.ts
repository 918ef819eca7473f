import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddOn, AddOnRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

/** Under 'projects', so any project invalidation (a pledge, an edit) refreshes the add-ons and their stock too. */
export const addOnKeys = {
  list: (projectId: number) => ['projects', 'add-ons', projectId] as const,
};

/** A project's add-ons, cheapest first as the API lists them (GET projects/{id}/add-ons, DESIGN.md §16). */
export function useAddOns(projectId: number) {
  const token = useStoredAccessToken();
  return useQuery(addOnsQuery(projectId, token));
}

export const addOnsQuery = (projectId: number, token: string | null) =>
  queryOptions({
    queryKey: [...addOnKeys.list(projectId), token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: AddOn[] }>(`projects/${projectId}/add-ons`, undefined, signal)).data,
  });

/** Create (no addOnId) or update an add-on (the project's creator or an admin). */
export function useSaveAddOn(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ addOnId, body }: { addOnId?: number; body: AddOnRequest }) =>
      addOnId === undefined
        ? api.post<{ data: AddOn }>(`projects/${projectId}/add-ons`, body)
        : api.put<{ data: AddOn }>(`projects/${projectId}/add-ons/${addOnId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addOnKeys.list(projectId) }),
  });
}

export function useDeleteAddOn(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addOnId: number) =>
      api.delete<{ message: string }>(`projects/${projectId}/add-ons/${addOnId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addOnKeys.list(projectId) }),
  });
}
