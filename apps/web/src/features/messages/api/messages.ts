import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BulkMessageFilter,
  NOTIFICATION_POLL_MS,
  type ReportRequest,
  type ThreadMessage,
  type ThreadPage,
  type ThreadsPage,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

export const THREADS_PER_PAGE = 20;
export const THREAD_MESSAGES_PER_PAGE = 50;

/** Every key starts with 'messages', so one invalidation refreshes the inbox, a thread and the badge. */
export const messageKeys = {
  all: ['messages'] as const,
  threads: (page: number, token: string | null) => ['messages', 'threads', page, token] as const,
  thread: (id: number, page: number, token: string | null) =>
    ['messages', 'thread', id, page, token] as const,
  unread: (token: string | null) => ['messages', 'unread', token] as const,
};

/** The inbox, newest activity first; polled like the notifications. */
export function useThreads(page: number) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: messageKeys.threads(page, token),
    queryFn: ({ signal }) => api.get<ThreadsPage>('messages', { page, per_page: THREADS_PER_PAGE }, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

/** The navigation's count of unread messages, polled with the notifications' bell. */
export function useUnreadMessages(enabled = true) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: messageKeys.unread(token),
    queryFn: async ({ signal }) =>
      (await api.get<ThreadsPage>('messages', { page: 1, per_page: 1 }, signal)).meta.unread,
    enabled: enabled && Boolean(token),
    refetchInterval: NOTIFICATION_POLL_MS,
    retry: false,
  });
}

/** A page of a thread, oldest first; reading it marks it read, so the inbox and badge are read again after. */
export function useThread(threadId: number | null, page: number) {
  const token = useStoredAccessToken();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(threadId ?? 0, page, token),
    queryFn: async ({ signal }) => {
      const result = await api.get<ThreadPage>(
        `messages/${threadId}`,
        { page, per_page: THREAD_MESSAGES_PER_PAGE },
        signal,
      );
      void queryClient.invalidateQueries({ queryKey: ['messages', 'unread'] });
      void queryClient.invalidateQueries({ queryKey: ['messages', 'threads'] });
      return result;
    },
    enabled: threadId !== null && Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATION_POLL_MS,
    retry: false,
  });
}

export function useMessageActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
  return {
    open: useMutation({
      mutationFn: ({ projectId, body }: { projectId: number; body: string }) =>
        api.post<{ data: { thread_id: number }; message: string }>(`projects/${projectId}/messages`, {
          body,
        }),
      onSuccess: refresh,
    }),
    reply: useMutation({
      mutationFn: ({ threadId, body }: { threadId: number; body: string }) =>
        api.post<{ data: ThreadMessage; message: string }>(`messages/${threadId}`, { body }),
      onSuccess: refresh,
    }),
    block: useMutation({
      mutationFn: (threadId: number) => api.post<{ message: string }>(`messages/${threadId}/block`),
      onSuccess: refresh,
    }),
    unblock: useMutation({
      mutationFn: (threadId: number) => api.post<{ message: string }>(`messages/${threadId}/unblock`),
      onSuccess: refresh,
    }),
    report: useMutation({
      mutationFn: ({ threadId, ...report }: { threadId: number } & ReportRequest) =>
        api.post<{ message: string }>(`messages/${threadId}/report`, report),
    }),
    bulk: useMutation({
      mutationFn: ({
        projectId,
        body,
        filter,
      }: {
        projectId: number;
        body: string;
        filter: BulkMessageFilter;
      }) =>
        api.post<{ data: { recipients: number }; message: string }>(`projects/${projectId}/messages/bulk`, {
          body,
          filter,
        }),
      onSuccess: refresh,
    }),
  };
}
