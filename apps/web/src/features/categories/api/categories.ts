import { useQuery } from '@tanstack/react-query';
import type { Category } from '@fundry/shared';
import { api } from '@/lib/api-client';

export const categoryKeys = {
  all: ['categories'] as const,
  detail: (id: number) => ['categories', id] as const,
};

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Category[] }>('categories/', undefined, signal)).data,
    staleTime: 5 * 60_000,
  });
}
