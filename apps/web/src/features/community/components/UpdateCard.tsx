import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconLock, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UpdateView } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { RichTextContent } from '@/components/projects/RichTextContent';
import { serverMessage } from '@/lib/api-errors';
import { formatTimestampDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useDeleteUpdate } from '../api/community';
import { COMMUNITY_TEXT } from '../messages';

// The editor is large: it loads when the creator opens the composer, not for every visitor.
const UpdateComposer = lazy(async () => ({ default: (await import('./UpdateComposer')).UpdateComposer }));

export const updatePath = (update: Pick<UpdateView, 'project_id' | 'id'>) =>
  `/projects/${update.project_id}/updates/${update.id}`;

/** "Update #3 · May 2, 2026 · by Cora" and the backers-only badge. */
export function UpdateByline({ update }: { update: UpdateView }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600} c="teal">
        Update #{update.number}
      </Text>
      <Text size="sm" c="dimmed">
        {formatTimestampDate(update.published_at)} · by {update.author.name}
        {update.edited_at ? ' · edited' : ''}
      </Text>
      {update.visibility === 'backers' && (
        <Badge size="sm" variant="light" color="grape" leftSection={<IconLock size={11} />}>
          {COMMUNITY_TEXT.backersOnly}
        </Badge>
      )}
    </Group>
  );
}

/** A backers-only update shown to someone else: its title stays, its text never arrives. */
export function LockedNotice({ projectId }: { projectId: number }) {
  return (
    <Paper bg="gray.0" radius="md" p="md" role="note">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconLock size={20} aria-hidden />
        <Stack gap={4}>
          <Text fw={600}>{COMMUNITY_TEXT.locked}</Text>
          <Text size="sm" c="dimmed">
            {COMMUNITY_TEXT.lockedHint}{' '}
            <Anchor component={Link} to={`/projects/${projectId}`} size="sm">
              See the rewards
            </Anchor>
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
          aria-label={`Edit update #${update.number}`}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirming(true)}
          aria-label={`Delete update #${update.number}`}
        >
          Delete
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
        title={`Delete update #${update.number}`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(update.id, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setConfirming(false);
              if (leaveAfterDelete) void navigate(`/projects/${update.project_id}`);
            },
            onError: (error) => notify.error(serverMessage(error) ?? 'The update could not be deleted'),
          })
        }
      >
        {COMMUNITY_TEXT.deleteUpdateQuestion}
      </ConfirmDialog>
    </>
  );
}

/** One update in the Updates tab. */
export function UpdateCard({ update, isCreator }: { update: UpdateView; isCreator: boolean }) {
  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <UpdateByline update={update} />
        <Title order={2} fz="xl">
          <Anchor component={Link} to={updatePath(update)} c="inherit">
            {update.title}
          </Anchor>
        </Title>
        {update.locked ? (
          <LockedNotice projectId={update.project_id} />
        ) : (
          <RichTextContent html={update.body} fallback="" />
        )}
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={updatePath(update)} size="sm">
            <Group gap={4} component="span">
              <IconMessageCircle size={16} aria-hidden />
              {update.comments_count === 1 ? '1 comment' : `${update.comments_count} comments`}
            </Group>
          </Anchor>
          {isCreator && <UpdateActions update={update} />}
        </Group>
      </Stack>
    </Paper>
  );
}
