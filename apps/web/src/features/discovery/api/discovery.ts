import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, ListStatus, ProgressBucket, ProjectList, SortOption } from '@fundry/shared';
import { PAGE_SIZES } from '@fundry/shared';
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
  /** The column order when no `sort` is chosen (GET projects/ sorts by creation, newest first, by default). */
  sort_by?: 'start_date';
  sort_order?: 'asc';
  page?: number;
  per_page?: number;
}

/** Under 'projects', so a change to any project refreshes the lists too. */
export const discoveryKeys = {
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
};

/** A page of public projects: the search results, Explore and a category's page. */
export function useProjectList(params: ProjectListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectListQuery(params), enabled });
}

/** What `useProjectList` reads, for the server to read it before its render (apps/web/src/entry-server.tsx). */
export const projectListQuery = (params: ProjectListParams) =>
  queryOptions({
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
            sort_by: params.sort_by,
            sort_order: params.sort_order,
            page: params.page,
            per_page: params.per_page,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One category's name (GET categories/{id}), for the category page's heading. */
export function useCategory(id: number | null) {
  return useQuery({ ...categoryQuery(id ?? 0), enabled: id !== null });
}

/** What `useCategory` reads, for the server to read it before its render. */
export const categoryQuery = (id: number) =>
  queryOptions({
    queryKey: categoryKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Category }>(`categories/${id}`, undefined, signal)).data,
    retry: false,
    staleTime: 5 * 60_000,
  });

/** A category page's address read: its category (null when the id is not one) and its list, 12 a page. */
export function categoryPageQuery(categoryId: string | undefined, search: URLSearchParams) {
  const number = Number(categoryId);
  const id = Number.isInteger(number) && number > 0 ? number : null;
  const requested = Math.floor(Number(search.get('page')));
  const list: ProjectListParams = {
    category_id: id ?? undefined,
    status: 'active',
    page: Number.isFinite(requested) && requested > 1 ? requested : 1,
    per_page: PAGE_SIZES.categoryProjects,
  };
  return { id, list };
}
