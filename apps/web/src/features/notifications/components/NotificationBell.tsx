import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { useUnreadCount } from '@/lib/notifications';

/** The navigation's bell: the unread count (polled every 60 s), leading to the notification centre. */
export function NotificationBell() {
  const i18n = useI18n();
  const unread = useUnreadCount().data ?? 0;
  const label =
    unread > 0
      ? i18n.t('notifications.bell.labelUnread', { count: unread })
      : i18n.t('notifications.bell.label');
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red.9"
      offset={4}
      disabled={unread === 0}
      styles={{ indicator: { fontWeight: 700, fontSize: 11 } }}
      data-testid="notification-count"
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
      >
        <IconBell size={22} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
