import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Category,
  ListStatus,
  ProgressBucket,
  ProjectList,
  SortOption,
  TypeaheadResult,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { categoryKeys } from '@/lib/categories';

/** A public list query of GET projects/ (SPEC §7); absent values are not sent. */
export interface ProjectListParams {
  search?: string;
  status?: ListStatus;
  category?: number[];
  category_id?: number;
  progress?: ProgressBucket[];
  sort?: SortOption;
  page?: number;
  per_page?: number;
}

/** Under 'projects', so a change to any project refreshes the lists too. */
export const discoveryKeys = {
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  typeahead: (text: string) => ['projects', 'typeahead', text] as const,
};

/** A page of public projects: the search results, Explore and a category's page. */
export function useProjectList(params: ProjectListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: discoveryKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ProjectList }>(
          'projects/',
          {
            search: params.search,
            status: params.status,
            category: params.category,
            category_id: params.category_id,
            progress: params.progress,
            sort: params.sort,
            page: params.page,
            per_page: params.per_page,
          },
          signal,
        )
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The navigation bar's typeahead (GET projects/search?q=): at most 5 matches; no call for empty text. */
export function useProjectTypeahead(text: string) {
  return useQuery({
    queryKey: discoveryKeys.typeahead(text),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { projects: TypeaheadResult[] } }>('projects/search', { q: text }, signal)).data
        .projects,
    enabled: text !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** One category's name (GET categories/{id}), for the category page's heading. */
export function useCategory(id: number | null) {
  return useQuery({
    queryKey: categoryKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Category }>(`categories/${id}`, undefined, signal)).data,
    enabled: id !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
