import { Alert, Box, Skeleton } from '@mantine/core';
import {
  Anchor,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconChecks } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import type { Notification } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { useI18n } from '@/lib/i18n';
import {
  notificationHref,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPage,
} from '@/lib/notifications';
import { notify } from '@/lib/notify';
import { readPage, withPage } from '@/lib/pagination';

export const NOTIFICATIONS_PER_PAGE = 20;

/** Catalog keys. */
export const NOTIFICATION_MESSAGES = {
  loadFailed: 'notifications.page.loadFailed',
  markFailed: 'notifications.page.markFailed',
  empty: 'notifications.page.empty',
} as const;

/** Catalog keys of the link under a notification, by its type; other types lead to their project. */
const LINK_LABELS: Record<string, string> = {
  PROJECT_UPDATE: 'notifications.row.readUpdate',
};

function NotificationRow({ notification, now }: { notification: Notification; now: number }) {
  const i18n = useI18n();
  const markRead = useMarkNotificationRead();
  const unread = notification.read_at === null;
  const href = notificationHref(notification);
  const read = () => {
    if (unread)
      markRead.mutate(notification.id, {
        onError: () => notify.error(i18n.t(NOTIFICATION_MESSAGES.markFailed)),
      });
  };
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      bg={unread ? 'teal.0' : undefined}
      style={{ listStyle: 'none', borderColor: unread ? 'var(--mantine-color-teal-4)' : undefined }}
      data-unread={unread || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
            {unread && <VisuallyHidden>{i18n.t('notifications.row.unread')} </VisuallyHidden>}
            {notification.message}
          </Text>
          <Group gap="md">
            <Text size="sm" c="gray.7">
              {i18n.relativeTime(notification.created_at, now)}
            </Text>
            {href && (
              <Anchor component={Link} to={href} size="sm" onClick={read}>
                {i18n.t(LINK_LABELS[notification.type] ?? 'notifications.row.viewProject')}
              </Anchor>
            )}
          </Group>
        </Stack>
        {unread && (
          <Button size="compact-sm" variant="subtle" onClick={read} loading={markRead.isPending}>
            {i18n.t('notifications.row.markRead')}
          </Button>
        )}
        {unread && (
          <Box w={10} h={10} mt={8} bg="teal.7" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />
        )}
      </Group>
    </Paper>
  );
}

/** The notification centre (DESIGN.md §11): every notification, paged, each leading to its cause. */
export function NotificationsPage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const query = useNotificationPage(page, NOTIFICATIONS_PER_PAGE);
  const markAll = useMarkAllNotificationsRead();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PER_PAGE)) : 1;
  const goTo = (next: number) => {
    setParams(withPage(params, next));
    window.scrollTo({ top: 0 });
  };

  return (
    <Container size="md" py={40}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <div>
            <Title order={1}>{i18n.t('notifications.page.title')}</Title>
            {data && (
              <Text c="gray.7" aria-live="polite">
                {data.unread_count === 0
                  ? i18n.t('notifications.page.caughtUp')
                  : i18n.t('notifications.page.unreadCount', { count: data.unread_count })}
              </Text>
            )}
          </div>
          <Button
            leftSection={<IconChecks size={16} />}
            variant="light"
            disabled={!data || data.unread_count === 0}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: () => notify.error(i18n.t(NOTIFICATION_MESSAGES.markFailed)),
              })
            }
          >
            {i18n.t('notifications.page.markAllRead')}
          </Button>
        </Group>
        {query.isError ? (
          <Alert color="red" role="alert">
            {i18n.t(NOTIFICATION_MESSAGES.loadFailed)}
          </Alert>
        ) : !data ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={72} radius="md" />
            <Skeleton h={72} radius="md" />
            <Skeleton h={72} radius="md" />
          </Stack>
        ) : data.notifications.length === 0 ? (
          <Text c="gray.7">{i18n.t(NOTIFICATION_MESSAGES.empty)}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={i18n.t('notifications.page.listLabel')}>
            {data.notifications.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} now={now} />
            ))}
          </Stack>
        )}
        <PageNavigation
          page={page}
          total={pages}
          onChange={goTo}
          label={i18n.t('notifications.page.pagesLabel')}
        />
      </Stack>
    </Container>
  );
}
