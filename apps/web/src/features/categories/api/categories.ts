import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { categoryKeys } from '@/lib/categories';

export { categoryKeys, useCategories } from '@/lib/categories';

interface CategoryResponse {
  data: Category;
}

/** Category management (admins): add, rename and delete; each refreshes the shared list. */
export function useCategoryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  return {
    create: useMutation({
      mutationFn: (name: string) => api.post<CategoryResponse>('categories/', { name }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        api.put<CategoryResponse>(`categories/${id}`, { name }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<{ message: string }>(`categories/${id}`),
      onSuccess: refresh,
    }),
  };
}
