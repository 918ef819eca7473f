import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE, NOTIFICATION_POLL_MS, type Notification } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

export interface NotificationPage {
  notifications: Notification[];
  total: number;
  unread_count: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (perPage: number, token: string | null) => ['notifications', 'list', perPage, token] as const,
};

/** The newest notifications (GET notifications/), polled every 60 s (SPEC §7, §9). */
export function useNotifications(perPage: number, enabled = true) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: notificationKeys.list(perPage, token),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: NotificationPage }>(
          'notifications/',
          { unread_only: false, page: 1, per_page: Math.min(perPage, MAX_PER_PAGE) },
          signal,
        )
      ).data,
    enabled: enabled && Boolean(token),
    refetchInterval: NOTIFICATION_POLL_MS,
    retry: false,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
