import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE, PAGE_SIZES, type ProjectList } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

/** Under 'projects', so any project invalidation refreshes them too. */
export const savedKeys = {
  all: ['projects', 'saved'] as const,
  list: (page: number, perPage: number, token: string | null) =>
    ['projects', 'saved', 'list', page, perPage, token] as const,
  ids: (token: string | null) => ['projects', 'saved', 'ids', token] as const,
};

interface SavedListResponse {
  data: ProjectList;
}

export interface SaveReply {
  message: string;
  data: { saved: boolean };
}

function fetchSavedPage(page: number, perPage: number, signal?: AbortSignal) {
  return api.get<SavedListResponse>('projects/saved', { page, per_page: perPage }, signal);
}

/** One page of the signed-in person's saved projects (GET projects/saved, 10 a page by default). */
export function useSavedProjects(page: number, perPage: number = PAGE_SIZES.savedProjects) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: savedKeys.list(page, perPage, token),
    queryFn: async ({ signal }) => (await fetchSavedPage(page, perPage, signal)).data,
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/**
 * The ids of every project the signed-in person saved: the saved list's projects decide whether a project is
 * saved (SPEC §7). Read in pages of the largest size the API allows; asked only with a stored token.
 */
export function useSavedProjectIds() {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: savedKeys.ids(token),
    queryFn: async ({ signal }) => {
      const ids = new Set<number>();
      let page = 1;
      for (;;) {
        const { data } = await fetchSavedPage(page, MAX_PER_PAGE, signal);
        for (const project of data.projects) ids.add(project.id);
        if (page >= data.pages || data.projects.length === 0) return ids;
        page += 1;
      }
    },
    enabled: Boolean(token),
    retry: false,
  });
}

/** Save (POST) or unsave (DELETE) projects/{id}/save; the saved ids and lists follow. */
export function useSaveToggle() {
  const queryClient = useQueryClient();
  const token = useStoredAccessToken();
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: boolean }) =>
      save ? api.post<SaveReply>(`projects/${id}/save`) : api.delete<SaveReply>(`projects/${id}/save`),
    onSuccess: (_reply, { id, save }) => {
      queryClient.setQueryData<Set<number>>(savedKeys.ids(token), (ids) => {
        if (!ids) return ids;
        const next = new Set(ids);
        if (save) next.add(id);
        else next.delete(id);
        return next;
      });
      return queryClient.invalidateQueries({ queryKey: savedKeys.all });
    },
  });
}
