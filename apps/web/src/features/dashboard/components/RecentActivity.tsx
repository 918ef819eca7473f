import { Alert, Badge, Box, Drawer, Skeleton, ThemeIcon } from '@mantine/core';
import { Anchor, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button, UnstyledButton } from '@/components/primitives/buttons';
import {
  IconBell,
  IconChecks,
  IconCoin,
  IconNews,
  IconShieldCheck,
  IconTargetArrow,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/lib/router';
import { MAX_PER_PAGE, NOTIFICATION_POLL_MS, type Notification, RECENT_ACTIVITY_LIMIT } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  notificationHref,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '@/lib/notifications';

const TYPE_ICONS: Record<string, { icon: ReactNode; color: string }> = {
  DONATION: { icon: <IconCoin size={18} />, color: 'teal' },
  BACKER_JOINED: { icon: <IconUsers size={18} />, color: 'blue' },
  GOAL_REACHED: { icon: <IconTrophy size={18} />, color: 'yellow' },
  ADMIN_REVIEW: { icon: <IconShieldCheck size={18} />, color: 'grape' },
  PROJECT_UPDATE: { icon: <IconNews size={18} />, color: 'cyan' },
  STRETCH_GOAL_REACHED: { icon: <IconTargetArrow size={18} />, color: 'teal' },
};

/** Relative times move on by themselves, a minute at a time. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function NotificationItem({
  notification,
  now,
  onRead,
}: {
  notification: Notification;
  now: number;
  onRead: (notification: Notification) => void;
}) {
  const i18n = useI18n();
  const unread = notification.read_at === null;
  const href = notificationHref(notification);
  const look = TYPE_ICONS[notification.type] ?? { icon: <IconBell size={18} />, color: 'gray' };
  return (
    <Paper
      component="li"
      radius="md"
      p="sm"
      bg={unread ? 'teal.0' : undefined}
      withBorder
      style={{ listStyle: 'none', borderColor: unread ? 'var(--mantine-color-teal-3)' : undefined }}
      data-unread={unread || undefined}
      aria-label={
        unread ? i18n.t('dashboard.activity.unread', { message: notification.message }) : notification.message
      }
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" color={look.color} radius="xl" size={34}>
          {look.icon}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <UnstyledButton
            onClick={() => unread && onRead(notification)}
            style={{ cursor: unread ? 'pointer' : 'default' }}
            title={unread ? i18n.t('dashboard.activity.markRead') : undefined}
          >
            <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
              {notification.message}
            </Text>
          </UnstyledButton>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {i18n.relativeTime(notification.created_at, now)}
            </Text>
            {href !== null && (
              // 24 px tall: a target of its own, beside the time (WCAG 2.5.8).
              <Anchor
                component={Link}
                to={href}
                size="xs"
                style={{ display: 'inline-block', lineHeight: '24px' }}
              >
                {i18n.t('dashboard.activity.viewProject')}
              </Anchor>
            )}
          </Group>
        </Stack>
        {unread && <Box w={8} h={8} mt={6} bg="teal.6" style={{ borderRadius: '50%' }} aria-hidden />}
      </Group>
    </Paper>
  );
}

function NotificationList({
  items,
  now,
  onRead,
}: {
  items: Notification[];
  now: number;
  onRead: (n: Notification) => void;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0}>
      {items.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} now={now} onRead={onRead} />
      ))}
    </Stack>
  );
}

/** The dashboard's Recent Activity panel (SPEC §2): five notifications, View All past five, polled every 60 s. */
export function RecentActivity() {
  const i18n = useI18n();
  const recent = useNotifications(RECENT_ACTIVITY_LIMIT);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const full = useNotifications(MAX_PER_PAGE, drawerOpened);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();

  useEffect(() => {
    if (recent.isError) notify.error(i18n.t('dashboard.activity.loadFailed'));
  }, [recent.isError, i18n]);

  const read = (notification: Notification) =>
    markRead.mutate(notification.id, {
      onError: () => notify.error(i18n.t('dashboard.activity.markFailed')),
    });

  const data = recent.data;
  const items = (data?.notifications ?? []).slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-labelledby="recent-activity">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <Title order={2} fz="xl" id="recent-activity">
              {i18n.t('dashboard.activity.title')}
            </Title>
            {Boolean(data?.unread_count) && (
              <Badge color="teal" variant="filled" size="sm">
                {i18n.t('dashboard.activity.newCount', { count: data?.unread_count })}
              </Badge>
            )}
          </Group>
          {Boolean(data?.unread_count) && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconChecks size={14} />}
              loading={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onError: () => notify.error(i18n.t('dashboard.activity.markFailed')),
                })
              }
            >
              {i18n.t('dashboard.activity.markAll')}
            </Button>
          )}
        </Group>
        {recent.isError ? (
          <Alert color="red" role="alert">
            {i18n.t('dashboard.activity.loadFailed')}
          </Alert>
        ) : recent.isPending ? (
          <Stack gap="xs">
            <Skeleton h={56} radius="md" />
            <Skeleton h={56} radius="md" />
            <Skeleton h={56} radius="md" />
          </Stack>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {i18n.t('dashboard.activity.empty')}
          </Text>
        ) : (
          <NotificationList items={items} now={now} onRead={read} />
        )}
        {data && data.total > RECENT_ACTIVITY_LIMIT && (
          <Button variant="light" fullWidth onClick={() => setDrawerOpened(true)}>
            {i18n.t('dashboard.activity.viewAll', { count: data.total })}
          </Button>
        )}
      </Stack>
      <Drawer
        opened={drawerOpened}
        onClose={() => setDrawerOpened(false)}
        position="right"
        title={<Text fw={700}>{i18n.t('dashboard.activity.allTitle')}</Text>}
      >
        {full.isPending ? (
          <Stack gap="xs">
            <Skeleton h={56} radius="md" />
            <Skeleton h={56} radius="md" />
          </Stack>
        ) : full.isError ? (
          <Alert color="red" role="alert">
            {i18n.t('dashboard.activity.loadFailed')}
          </Alert>
        ) : (
          <NotificationList items={full.data.notifications} now={now} onRead={read} />
        )}
      </Drawer>
    </Paper>
  );
}
