import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TypeaheadResult } from '@fundry/shared';
import { api } from '@/lib/api-client';

// Apart from the lists (discovery.ts): the navigation bar is in every page's first download, the lists are not.

/** The navigation bar's typeahead (GET projects/search?q=): at most 5 matches; no call for empty text. */
export function useProjectTypeahead(text: string) {
  return useQuery({
    // Under 'projects', as the lists: a change to any project refreshes it too.
    queryKey: ['projects', 'typeahead', text],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { projects: TypeaheadResult[] } }>('projects/search', { q: text }, signal)).data
        .projects,
    enabled: text !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
