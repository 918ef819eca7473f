import { VisuallyHidden } from '@/components/primitives/primitives';
import { ActionIcon, Badge, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { useUnreadMessages } from '../api/messages';

/**
 * The navigation's Messages link with the unread count, polled with the notifications: a word and a badge on wide
 * screens, an envelope with a dot of the count on narrow ones.
 */
export function MessagesLink({ className }: { className?: string | undefined }) {
  const i18n = useI18n();
  const unread = useUnreadMessages().data ?? 0;
  const label =
    unread > 0 ? i18n.t('messages.nav.linkUnread', { count: unread }) : i18n.t('messages.nav.link');
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    // The name comes from the content, not an aria-label, so what is seen ("Messages 3") and what is heard
    // ("Messages, 3 unread") are one link's, as WCAG 2.5.3 asks.
    <Link to="/messages" className={className} data-testid="messages-link">
      <span aria-hidden>{i18n.t('messages.nav.link')}</span>
      {unread > 0 && (
        <Badge component="span" size="sm" color="red.9" ms={6} aria-hidden data-testid="messages-count">
          {shown}
        </Badge>
      )}
      <VisuallyHidden>{label}</VisuallyHidden>
    </Link>
  );
}

/** The envelope of narrow screens, beside the bell. */
export function MessagesIcon() {
  const i18n = useI18n();
  const unread = useUnreadMessages().data ?? 0;
  const label =
    unread > 0 ? i18n.t('messages.nav.linkUnread', { count: unread }) : i18n.t('messages.nav.link');
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red.9"
      offset={4}
      disabled={unread === 0}
      styles={{ indicator: { fontWeight: 700, fontSize: 11 } }}
    >
      <ActionIcon component={Link} to="/messages" variant="subtle" color="gray" size="lg" aria-label={label}>
        <IconMail size={22} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
