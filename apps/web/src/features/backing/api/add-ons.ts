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

/**
 * Create (no addOnId) or update an add-on (the project's creator or an admin), then set its picture (a file) or
 * clear it ('remove'). The add-on is saved even when its picture is refused: `imageError` says why.
 */
export function useSaveAddOn(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      addOnId,
      body,
      image,
    }: {
      addOnId?: number;
      body: AddOnRequest;
      image?: File | 'remove' | null;
    }): Promise<{ data: AddOn; imageError?: unknown }> => {
      const saved =
        addOnId === undefined
          ? await api.post<{ data: AddOn }>(`projects/${projectId}/add-ons`, body)
          : await api.put<{ data: AddOn }>(`projects/${projectId}/add-ons/${addOnId}`, body);
      const imageUrl = `projects/${projectId}/add-ons/${saved.data.id}/image`;
      try {
        if (image instanceof File) {
          const form = new FormData();
          form.append('image', image);
          return await api.put<{ data: AddOn }>(imageUrl, form);
        }
        if (image === 'remove') return await api.delete<{ data: AddOn }>(imageUrl);
      } catch (imageError) {
        return { data: saved.data, imageError };
      }
      return saved;
    },
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
