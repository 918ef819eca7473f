import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedUser, BlockedUsersResponse } from '@fundry/shared';
import { api } from '@/lib/api-client';

export const BLOCKED_PAGE_SIZE = 20;

/** The creator's blocks, read from any of their projects (the block is the creator's, not the project's). */
export const blockKeys = {
  all: (projectId: number) => ['blocked-users', projectId] as const,
  page: (projectId: number, page: number) => ['blocked-users', projectId, page] as const,
};

export function useBlockedPeople(projectId: number, page: number) {
  return useQuery({
    queryKey: blockKeys.page(projectId, page),
    queryFn: ({ signal }) =>
      api.get<BlockedUsersResponse>(
        `projects/${projectId}/blocked-users`,
        { page, per_page: BLOCKED_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The community feature's queries (`['community', projectId, …]`): a block hides or shows the person's comments on
 * every project of the creator, so every discussion is read again.
 */
const COMMUNITY_QUERIES = ['community'] as const;

/** Block and unblock: the list and the discussions (the person's comments hide or show) are read again. */
export function useBlockActions(projectId: number) {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: blockKeys.all(projectId) });
    await client.invalidateQueries({ queryKey: COMMUNITY_QUERIES });
  };
  return {
    block: useMutation({
      mutationFn: (userId: number) =>
        api.post<{ data: BlockedUser; message: string }>(`projects/${projectId}/blocked-users`, {
          user_id: userId,
        }),
      onSuccess: refresh,
    }),
    unblock: useMutation({
      mutationFn: (userId: number) =>
        api.delete<{ message: string }>(`projects/${projectId}/blocked-users/${userId}`),
      onSuccess: refresh,
    }),
  };
}
