import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserRecord, AdminUserSummary, SilenceRequest, SuspendRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/projects';
import { adminKeys } from './admin';

export const userKeys = {
  all: ['admin', 'users'] as const,
  search: (q: string, page: number) => ['admin', 'users', 'search', q, page] as const,
  record: (id: number) => ['admin', 'users', 'record', id] as const,
};

interface ListMeta {
  total: number;
  pages: number;
  page: number;
  per_page: number;
}

export const USERS_PAGE_SIZE = 20;

/** The admin's user directory: accounts whose name or e-mail contains `q`, newest first. */
export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: userKeys.search(q, page),
    queryFn: ({ signal }) =>
      api.get<{ data: AdminUserSummary[]; meta: ListMeta }>(
        'admin/users',
        { q: q || undefined, page, per_page: USERS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUserRecord(id: number) {
  return useQuery({
    queryKey: userKeys.record(id),
    queryFn: ({ signal }) => api.get<{ data: AdminUserRecord }>(`admin/users/${id}`, undefined, signal),
    select: (response) => response.data,
  });
}

export type SanctionAction =
  | { action: 'silence'; userId: number; body: SilenceRequest }
  | { action: 'suspend'; userId: number; body: SuspendRequest }
  | { action: 'reinstate'; userId: number };

/** A sanction or its end; the record, the directory, the audit log and project pages (a hold) read anew. */
export function useSanctionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SanctionAction) =>
      api.post<{ data: AdminUserRecord; message: string }>(
        `admin/users/${request.userId}/${request.action}`,
        request.action === 'reinstate' ? {} : request.body,
      ),
    onSuccess: (response, request) => {
      queryClient.setQueryData(userKeys.record(request.userId), { data: response.data });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
