import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE, NOTIFICATION_POLL_MS, type Notification, withReferral } from '@fundry/shared';
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
  page: (page: number, perPage: number, token: string | null) =>
    ['notifications', 'page', page, perPage, token] as const,
  unread: (token: string | null) => ['notifications', 'unread', token] as const,
};

/** Where a notification leads: its own link (an update …), else its project's page, else nowhere. */
export function notificationHref(notification: Notification): string | null {
  if (notification.link) return notification.link;
  return notification.project_id === null
    ? null
    : withReferral(`/projects/${notification.project_id}`, 'notification');
}

/** One page of the notification centre, newest first; polled like the rest (SPEC §9). */
export function useNotificationPage(page: number, perPage: number) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: notificationKeys.page(page, perPage, token),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: NotificationPage }>(
          'notifications/',
          { unread_only: false, page, per_page: perPage },
          signal,
        )
      ).data,
    enabled: Boolean(token),
    placeholderData: (previous) => previous,
    refetchInterval: NOTIFICATION_POLL_MS,
    retry: false,
  });
}

/** The unread count of the navigation's bell, polled every 60 s (SPEC §7, §9). */
export function useUnreadCount(enabled = true) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: notificationKeys.unread(token),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: NotificationPage }>(
          'notifications/',
          { unread_only: true, page: 1, per_page: 1 },
          signal,
        )
      ).data.unread_count,
    enabled: enabled && Boolean(token),
    refetchInterval: NOTIFICATION_POLL_MS,
    retry: false,
  });
}

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
