import { Alert, Skeleton } from '@mantine/core';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconArrowLeft, IconBan, IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from '@/lib/router';
import { TOOLS_MESSAGES } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageNavigation } from '@/components/PageNavigation';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { readPage, withPage } from '@/lib/pagination';
import { useSession } from '@/lib/session';
import { useMessageActions, useThread } from '../api/messages';
import { MessageComposer } from '../components/MessageComposer';
import classes from './messages.module.css';
import { personName } from '@/lib/people';

// Few people report: the dialog loads when one does.
const ReasonDialog = lazy(async () => ({
  default: (await import('@/components/moderation/ReasonDialog')).ReasonDialog,
}));

function parseThreadId(param: string | undefined) {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /messages/{id}: a conversation, oldest first, as plain text; a reply box; block and report the other party. */
export function ThreadPage() {
  const i18n = useI18n();
  const session = useSession();
  const threadId = parseThreadId(useParams().threadId);
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const query = useThread(threadId, page);
  const { reply, block, unblock, report } = useMessageActions();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const data = query.data;
  const thread = data?.data.thread;
  const notFound = threadId === null || isApiError(query.error, 404);

  const back = (
    <Anchor component={Link} to="/messages" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} className="mirror-in-rtl" aria-hidden />
        {i18n.t('messages.thread.back')}
      </Group>
    </Anchor>
  );

  if (notFound) {
    return (
      <Container size="md" py={40}>
        <Stack gap="md">
          {back}
          <Title order={1}>{i18n.t('messages.thread.notFoundTitle')}</Title>
          <Text>{i18n.t('messages.thread.notFound')}</Text>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py={40}>
      <Stack gap="lg">
        {back}
        {query.isError ? (
          <Alert color="red" role="alert">
            {i18n.t('messages.thread.loadFailed')}
          </Alert>
        ) : !data || !thread ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={40} w="60%" />
            <Skeleton h={88} radius="md" />
            <Skeleton h={88} radius="md" />
          </Stack>
        ) : (
          <>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div className={classes.heading}>
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {i18n.t('messages.thread.title', { name: personName(thread.other.name, i18n) })}
                </Title>
                <Anchor component={Link} to={`/projects/${thread.project.id}`} c="gray.7" size="sm">
                  {i18n.t('messages.about', { title: thread.project.title })}
                </Anchor>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconFlag size={14} />}
                  onClick={() => setReporting(true)}
                >
                  {i18n.t('messages.report.action')}
                </Button>
                {thread.blocked ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconCircleCheck size={14} />}
                    loading={unblock.isPending}
                    onClick={() =>
                      unblock.mutate(thread.id, {
                        onSuccess: (response) => notify.success(response.message),
                        onError: (error) =>
                          notify.error(serverMessage(error) ?? i18n.t('messages.unblock.failed')),
                      })
                    }
                  >
                    {i18n.t('messages.unblock.action')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconBan size={14} />}
                    onClick={() => setBlocking(true)}
                  >
                    {i18n.t('messages.block.action')}
                  </Button>
                )}
              </Group>
            </Group>
            {thread.blocked && (
              <Alert color="gray" role="status">
                {i18n.t('messages.thread.blockedNote', { name: personName(thread.other.name, i18n) })}
              </Alert>
            )}
            <PageNavigation
              page={page}
              total={data.meta.pages}
              onChange={(next) => setParams(withPage(params, next))}
              label={i18n.t('messages.thread.pagesLabel')}
            />
            <Stack component="ol" gap="sm" p={0} m={0} aria-label={i18n.t('messages.thread.listLabel')}>
              {data.data.messages.map((message) => {
                const mine = message.author.id === session.userId;
                return (
                  <Paper
                    key={message.id}
                    component="li"
                    withBorder
                    radius="md"
                    p="sm"
                    className={`${classes.item} ${classes.bubble} ${mine ? classes.mine : classes.theirs}`}
                    data-testid="message"
                  >
                    <Text size="xs" c="gray.7" mb={4}>
                      {i18n.t('messages.thread.byline', {
                        name: mine ? i18n.t('messages.thread.you') : personName(message.author.name, i18n),
                        when: i18n.relativeTime(message.created_at),
                      })}
                    </Text>
                    {/* People write in their own language: the text sets its own direction. */}
                    <Text className={classes.body} dir="auto">
                      {message.body}
                    </Text>
                  </Paper>
                );
              })}
            </Stack>
            <MessageComposer
              label={i18n.t('messages.thread.replyLabel', { name: personName(thread.other.name, i18n) })}
              sendLabel={i18n.t('messages.composer.send')}
              loading={reply.isPending}
              onSend={async (body) => {
                try {
                  await reply.mutateAsync({ threadId: thread.id, body });
                  // A reply lands on the last page: go there to see it.
                  const last = Math.max(1, Math.ceil((data.meta.total + 1) / data.meta.per_page));
                  if (last !== page) setParams(withPage(params, last));
                } catch (error) {
                  notify.error(serverMessage(error) ?? i18n.t('messages.composer.failed'));
                  throw error;
                }
              }}
            />
            <ConfirmDialog
              opened={blocking}
              title={i18n.t('messages.block.title', { name: personName(thread.other.name, i18n) })}
              confirmLabel={i18n.t('messages.block.action')}
              loading={block.isPending}
              onClose={() => setBlocking(false)}
              onConfirm={() =>
                block.mutate(thread.id, {
                  onSuccess: (response) => {
                    notify.success(response.message);
                    setBlocking(false);
                  },
                  onError: (error) => notify.error(serverMessage(error) ?? i18n.t('messages.block.failed')),
                })
              }
            >
              {i18n.t('messages.block.body', { name: personName(thread.other.name, i18n) })}
            </ConfirmDialog>
            {reporting && (
              <Suspense fallback={null}>
                <ReasonDialog
                  opened={reporting}
                  title={i18n.t('messages.report.title', { name: personName(thread.other.name, i18n) })}
                  description={i18n.t('messages.report.description')}
                  audience={i18n.t('reports.dialog.audience')}
                  confirmLabel={i18n.t('reports.dialog.send')}
                  loading={report.isPending}
                  withCategory
                  onClose={() => setReporting(false)}
                  onConfirm={(reason, category) =>
                    report.mutate(
                      { threadId: thread.id, reason, category },
                      {
                        onSuccess: (response) => {
                          notify.success(response.message ?? i18n.t(TOOLS_MESSAGES.reported));
                          setReporting(false);
                        },
                        onError: (error) => {
                          notify.error(serverMessage(error) ?? i18n.t('reports.dialog.failed'));
                          setReporting(false);
                        },
                      },
                    )
                  }
                />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
