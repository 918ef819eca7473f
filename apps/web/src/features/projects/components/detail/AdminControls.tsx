import { Badge, Modal, Textarea } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconCircleCheck, IconStar, IconStarOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { Project } from '@fundry/shared';
import { StatusBadge } from '@/components/projects/StatusBadge';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type AdminAction, useAdminAction } from '@/features/projects/api/projects';

/** Moderation outcomes (SPEC §8), by action. */
const ACTION_MESSAGES: Record<AdminAction, { done: string; failed: string }> = {
  activate: { done: 'projects.admin.activated', failed: 'projects.admin.activateFailed' },
  revoke: { done: 'projects.admin.revoked', failed: 'projects.admin.revokeFailed' },
  feature: { done: 'projects.admin.featured', failed: 'projects.admin.featureFailed' },
  unfeature: { done: 'projects.admin.unfeatured', failed: 'projects.admin.unfeatureFailed' },
};

/** Green for ACTIVE, red for REJECTED, yellow for anything else (SPEC §2 Admin Controls). */
function adminStatusColor(status: string) {
  if (status === 'ACTIVE') return 'green';
  if (status === 'REJECTED') return 'red';
  return 'yellow';
}

/** Moderation for admins: activate, reject (with a reason) and feature or unfeature (SPEC §2). */
export function AdminControls({ project }: { project: Project }) {
  const i18n = useI18n();
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
          // Feature is a toggle: the project the server answers says which way it went.
          const done =
            action === 'feature' || action === 'unfeature'
              ? ACTION_MESSAGES[response.data.featured ? 'feature' : 'unfeature'].done
              : ACTION_MESSAGES[action].done;
          notify.success(i18n.t(done));
          if (action === 'revoke') {
            rejectDialog.close();
            setReason('');
          }
        },
        onError: (error) => notify.error(serverMessage(error) ?? i18n.t(ACTION_MESSAGES[action].failed)),
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
      aria-label={i18n.t('projects.admin.heading')}
      style={{ borderColor: 'var(--mantine-color-grape-3)' }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          {i18n.t('projects.admin.heading')}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {i18n.t('projects.admin.currentStatus')}
          </Text>
          {/* The status in the lists' words, in this panel's colours. */}
          <StatusBadge
            status={project.status}
            color={adminStatusColor(project.status)}
            variant="filled"
            data-testid="admin-status"
          />
          {project.featured && (
            <Badge color="grape" variant="light" leftSection={<IconStar size={12} />}>
              {i18n.t('projects.admin.featuredBadge')}
            </Badge>
          )}
        </Group>
        {project.featured_requested && !project.featured && (
          <Text size="sm" c="dimmed">
            {i18n.t('projects.admin.featureRequested')}
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
              {i18n.t('projects.admin.activate')}
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
              {i18n.t('projects.admin.reject')}
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
              {i18n.t('projects.admin.unfeature')}
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
              {i18n.t('projects.admin.feature')}
            </Button>
          )}
        </Stack>
      </Stack>

      <Modal
        opened={rejectOpened}
        onClose={() => {
          if (!busy) rejectDialog.close();
        }}
        title={<Text fw={700}>{i18n.t('projects.admin.reject')}</Text>}
        centered
        closeButtonProps={{ 'aria-label': i18n.t('projects.admin.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{i18n.t('projects.admin.rejectExplanation')}</Text>
          <Textarea
            label={i18n.t('projects.admin.reason')}
            required
            description={i18n.t('projects.admin.reasonHint')}
            placeholder={i18n.t('projects.admin.reasonPlaceholder')}
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={rejectDialog.close} disabled={busy}>
              {i18n.t('projects.admin.cancel')}
            </Button>
            <Button
              color="red"
              loading={running === 'revoke'}
              disabled={!reason.trim()}
              onClick={() => run('revoke', { reason })}
            >
              {i18n.t('projects.admin.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
