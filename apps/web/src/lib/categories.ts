import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@fundry/shared';
import { api } from './api-client';

export const categoryKeys = {
  all: ['categories'] as const,
  detail: (id: number) => ['categories', id] as const,
};

/** The category list: the navigation bar, the project form and category management share one cache entry. */
export function useCategories() {
  return useQuery(categoriesQuery);
}

/** What `useCategories` reads, for the server to read it before its render (apps/web/src/entry-server.tsx). */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: async ({ signal }) => (await api.get<{ data: Category[] }>('categories/', undefined, signal)).data,
  staleTime: 5 * 60_000,
});
