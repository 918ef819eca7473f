import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconCircleCheck, IconStar, IconStarOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { Project } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { useAdminAction } from '@/features/projects/api/projects';
import { ADMIN_ACTION_MESSAGES, type AdminAction } from '@/features/projects/messages';

/** Green for ACTIVE, red for REJECTED, yellow for anything else (SPEC §2 Admin Controls). */
function adminStatusColor(status: string) {
  if (status === 'ACTIVE') return 'green';
  if (status === 'REJECTED') return 'red';
  return 'yellow';
}

/** Moderation for admins: activate, reject (with a reason) and feature or unfeature (SPEC §2). */
export function AdminControls({ project }: { project: Project }) {
  const moderate = useAdminAction(project.id);
  const [running, setRunning] = useState<AdminAction | null>(null);
  const [rejectOpened, rejectDialog] = useDisclosure(false);
  const [reason, setReason] = useState('');

  const run = (action: AdminAction, extra?: { reason?: string }) => {
    setRunning(action);
    moderate.mutate(
      { action, ...extra },
      {
        onSuccess: (response) => {
          if (action === 'feature' || action === 'unfeature') {
            notify.success(
              response.data.featured ? ADMIN_ACTION_MESSAGES.feature : ADMIN_ACTION_MESSAGES.unfeature,
            );
          } else {
            notify.success(ADMIN_ACTION_MESSAGES[action]);
          }
          if (action === 'revoke') {
            rejectDialog.close();
            setReason('');
          }
        },
        onError: (error) => notify.error(serverMessage(error) ?? ADMIN_ACTION_MESSAGES.failed(action)),
        onSettled: () => setRunning(null),
      },
    );
  };
  const busy = moderate.isPending;

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      shadow="xs"
      component="section"
      aria-label="Admin Controls"
      style={{ borderColor: 'var(--mantine-color-grape-3)' }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          Admin Controls
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Current Status:
          </Text>
          <Badge color={adminStatusColor(project.status)} data-testid="admin-status">
            {project.status}
          </Badge>
          {project.featured && (
            <Badge color="grape" variant="light" leftSection={<IconStar size={12} />}>
              Featured Project
            </Badge>
          )}
        </Group>
        {project.featured_requested && !project.featured && (
          <Text size="sm" c="dimmed">
            The creator asked for this project to be featured.
          </Text>
        )}
        <Stack gap="xs">
          {project.status !== 'ACTIVE' && (
            <Button
              color="green"
              leftSection={<IconCircleCheck size={18} />}
              loading={running === 'activate'}
              disabled={busy && running !== 'activate'}
              onClick={() => run('activate')}
            >
              Activate Project
            </Button>
          )}
          {(project.status === 'ACTIVE' || project.status === 'PENDING') && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconBan size={18} />}
              disabled={busy}
              onClick={rejectDialog.open}
            >
              Reject Project
            </Button>
          )}
          {project.featured ? (
            <Button
              variant="default"
              leftSection={<IconStarOff size={18} />}
              loading={running === 'unfeature'}
              disabled={busy && running !== 'unfeature'}
              onClick={() => run('unfeature')}
            >
              Unfeature Project
            </Button>
          ) : (
            <Button
              color="grape"
              variant="light"
              leftSection={<IconStar size={18} />}
              loading={running === 'feature'}
              disabled={busy && running !== 'feature'}
              onClick={() => run('feature')}
            >
              Feature Project
            </Button>
          )}
        </Stack>
      </Stack>

      <Modal
        opened={rejectOpened}
        onClose={() => {
          if (!busy) rejectDialog.close();
        }}
        title={<Text fw={700}>Reject Project</Text>}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            The project leaves public view and its creator is told why. You can activate it again later.
          </Text>
          <Textarea
            label="Reason"
            required
            description="Shown to the creator and sent by e-mail"
            placeholder="The project does not meet the Fundry guidelines."
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={rejectDialog.close} disabled={busy}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={running === 'revoke'}
              disabled={!reason.trim()}
              onClick={() => run('revoke', { reason })}
            >
              Reject Project
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
