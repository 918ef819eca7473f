import { Badge } from '@mantine/core';
import { Anchor, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconEdit, IconLock, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { COMMUNITY_MESSAGES, type UpdateView } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { RichTextContent } from '@/components/projects/RichTextContent';
import { serverMessage } from '@/lib/api-errors';
import { Rich, useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeleteUpdate } from '../api/community';
import { personName } from '@/lib/people';

// The editor is large: it loads when the creator opens the composer, not for every visitor.
const UpdateComposer = lazy(async () => ({ default: (await import('./UpdateComposer')).UpdateComposer }));

export const updatePath = (update: Pick<UpdateView, 'project_id' | 'id'>) =>
  `/projects/${update.project_id}/updates/${update.id}`;

/** "Update #3 · May 2, 2026 · by Cora" and the backers-only badge. */
export function UpdateByline({ update }: { update: UpdateView }) {
  const i18n = useI18n();
  const byline = {
    date: i18n.timestampDate(update.published_at),
    author: personName(update.author.name, i18n),
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600} c="teal">
        {i18n.t('community.update.number', { number: update.number })}
      </Text>
      <Text size="sm" c="dimmed">
        {i18n.t(update.edited_at ? 'community.update.bylineEdited' : 'community.update.byline', byline)}
      </Text>
      {update.visibility === 'backers' && (
        <Badge size="sm" variant="light" color="grape" leftSection={<IconLock size={11} />}>
          {i18n.t('community.update.backersOnly')}
        </Badge>
      )}
    </Group>
  );
}

/** A backers-only update shown to someone else: its title stays, its text never arrives. */
export function LockedNotice({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  return (
    <Paper bg="gray.0" radius="md" p="md" role="note">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconLock size={20} aria-hidden />
        <Stack gap={4}>
          <Text fw={600}>{i18n.t(COMMUNITY_MESSAGES.onlyBackersRead)}</Text>
          <Text size="sm" c="dimmed">
            <Rich
              id="community.update.lockedHint"
              tags={{
                link: (text) => (
                  <Anchor component={Link} to={`/projects/${projectId}`} size="sm">
                    {text}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Edit and Delete for the creator; after a delete from its own page, back to the project. */
export function UpdateActions({
  update,
  leaveAfterDelete = false,
}: {
  update: UpdateView;
  leaveAfterDelete?: boolean;
}) {
  const i18n = useI18n();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteUpdate(update.project_id);
  const navigate = useNavigate();
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEdit size={14} />}
          onClick={() => setEditing(true)}
          aria-label={i18n.t('community.update.editLabel', { number: update.number })}
        >
          {i18n.t('community.update.edit')}
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirming(true)}
          aria-label={i18n.t('community.update.deleteLabel', { number: update.number })}
        >
          {i18n.t('community.update.delete')}
        </Button>
      </Group>
      {editing && (
        <Suspense fallback={null}>
          <UpdateComposer
            projectId={update.project_id}
            update={update}
            opened
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={confirming}
        title={i18n.t('community.update.deleteLabel', { number: update.number })}
        confirmLabel={i18n.t('community.update.delete')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(update.id, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setConfirming(false);
              if (leaveAfterDelete) void navigate(`/projects/${update.project_id}`);
            },
            onError: (error) => notify.error(serverMessage(error) ?? i18n.t('community.update.deleteFailed')),
          })
        }
      >
        {i18n.t('community.update.deleteQuestion')}
      </ConfirmDialog>
    </>
  );
}

/** One update in the Updates tab. */
export function UpdateCard({
  update,
  isCreator,
  lang,
}: {
  update: UpdateView;
  isCreator: boolean;
  /** The project's language, which its updates are written in. */
  lang: string;
}) {
  const i18n = useI18n();
  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <UpdateByline update={update} />
        <Title order={2} fz="xl" lang={lang}>
          <Anchor component={Link} to={updatePath(update)} c="inherit">
            {update.title}
          </Anchor>
        </Title>
        {update.locked ? (
          <LockedNotice projectId={update.project_id} />
        ) : (
          <RichTextContent html={update.body} fallback="" lang={lang} />
        )}
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={updatePath(update)} size="sm">
            <Group gap={4} component="span">
              <IconMessageCircle size={16} aria-hidden />
              {i18n.t('community.update.comments', { count: update.comments_count })}
            </Group>
          </Anchor>
          {isCreator && <UpdateActions update={update} />}
        </Group>
      </Stack>
    </Paper>
  );
}
