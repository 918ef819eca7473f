import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddOn } from '@fundry/shared';
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
