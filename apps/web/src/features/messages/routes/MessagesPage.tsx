import { Alert, Badge, Skeleton } from '@mantine/core';
import { Container, Group, Paper, Stack, Text, VisuallyHidden } from '@/components/primitives/primitives';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import type { ThreadSummary } from '@fundry/shared';
import { PageHeader } from '@/components/PageHeader';
import { PageNavigation } from '@/components/PageNavigation';
import { useI18n } from '@/lib/i18n';
import { readPage, withPage } from '@/lib/pagination';
import { useSession } from '@/lib/session';
import { useThreads } from '../api/messages';
import classes from './messages.module.css';
import { personName } from '@/lib/people';

function ThreadRow({ thread, now }: { thread: ThreadSummary; now: number }) {
  const i18n = useI18n();
  const session = useSession();
  const unread = thread.unread_count > 0;
  const last = thread.last_message;
  return (
    <li className={classes.item}>
      <Paper
        component={Link}
        to={`/messages/${thread.id}`}
        withBorder
        radius="md"
        p="md"
        className={classes.row}
        data-unread={unread || undefined}
        data-testid="thread-row"
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} className={classes.grow}>
            <Text fw={unread ? 700 : 500} className={classes.wrap}>
              {unread && <VisuallyHidden>{i18n.t('messages.inbox.unread')} </VisuallyHidden>}
              {personName(thread.other.name, i18n)}
            </Text>
            <Text size="sm" c="gray.7" className={classes.wrap}>
              {i18n.t('messages.about', { title: thread.project.title })}
            </Text>
            {last && (
              <Text size="sm" lineClamp={2} className={classes.wrap} fw={unread ? 600 : 400} dir="auto">
                {last.author_id === session.userId
                  ? i18n.t('messages.inbox.you', { body: last.body })
                  : last.body}
              </Text>
            )}
          </Stack>
          <Stack gap={6} align="flex-end" className={classes.side}>
            {last && (
              <Text size="xs" c="gray.7">
                {i18n.relativeTime(last.created_at, now)}
              </Text>
            )}
            {unread && (
              <Badge color="red.9" size="sm" aria-hidden>
                {thread.unread_count}
              </Badge>
            )}
          </Stack>
        </Group>
      </Paper>
    </li>
  );
}

/** /messages: the signed-in person's conversations, newest activity first, the unread ones marked. */
export function MessagesPage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const query = useThreads(page);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const data = query.data;
  const pages = data?.meta.pages ?? 1;
  return (
    <Container size="md" py={40}>
      <Stack gap="lg">
        <PageHeader
          title={i18n.t('messages.inbox.title')}
          description={i18n.t('messages.inbox.description')}
        />
        {data && (
          <Text c="gray.7" aria-live="polite">
            {data.meta.unread === 0
              ? i18n.t('messages.inbox.caughtUp')
              : i18n.t('messages.inbox.unreadCount', { count: data.meta.unread })}
          </Text>
        )}
        {query.isError ? (
          <Alert color="red" role="alert">
            {i18n.t('messages.inbox.loadFailed')}
          </Alert>
        ) : !data ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={88} radius="md" />
            <Skeleton h={88} radius="md" />
          </Stack>
        ) : data.data.threads.length === 0 ? (
          <Text c="gray.7">{i18n.t('messages.inbox.empty')}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={i18n.t('messages.inbox.listLabel')}>
            {data.data.threads.map((thread) => (
              <ThreadRow key={thread.id} thread={thread} now={now} />
            ))}
          </Stack>
        )}
        <PageNavigation
          page={page}
          total={pages}
          onChange={(next) => {
            setParams(withPage(params, next));
            window.scrollTo({ top: 0 });
          }}
          label={i18n.t('messages.inbox.pagesLabel')}
        />
      </Stack>
    </Container>
  );
}
