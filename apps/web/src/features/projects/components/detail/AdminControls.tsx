import { Alert, Badge, Modal, NativeSelect, Textarea } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconBan,
  IconCircleCheck,
  IconCircleOff,
  IconStar,
  IconStarOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  ENDED_EARLY_STATUSES,
  type Project,
  SUSPENSION_REASON_KEYS,
  SUSPENSION_REASONS,
  type SuspensionReason,
} from '@fundry/shared';
import { StatusBadge } from '@/components/projects/StatusBadge';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type AdminAction, useAdminAction, useSuspendProject } from '@/features/projects/api/project-actions';

/** Moderation outcomes (SPEC §8), by action. */
const ACTION_MESSAGES: Record<AdminAction, { done: string; failed: string }> = {
  activate: { done: 'projects.admin.activated', failed: 'projects.admin.activateFailed' },
  revoke: { done: 'projects.admin.revoked', failed: 'projects.admin.revokeFailed' },
  feature: { done: 'projects.admin.featured', failed: 'projects.admin.featureFailed' },
  unfeature: { done: 'projects.admin.unfeatured', failed: 'projects.admin.unfeatureFailed' },
};

/** Green for ACTIVE, red for REJECTED and for a campaign ended early, yellow for anything else (SPEC §2 Admin Controls). */
function adminStatusColor(status: Project['status']) {
  if (status === 'ACTIVE') return 'green';
  if (status === 'REJECTED' || ENDED_EARLY_STATUSES.includes(status)) return 'red';
  return 'yellow';
}

/** The longest message the API takes (suspendProjectRequest). */
const SUSPEND_MESSAGE_MAX = 2000;

/**
 * An admin suspends a project for a breach of the rules (DESIGN.md §18): the reason, worded, and a message to the
 * creator and the backers (required). The API's words show as a toast; a refusal shows its message in the dialog.
 */
function SuspendDialog({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const suspend = useSuspendProject(project.id);
  const [reason, setReason] = useState<SuspensionReason>('other');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (suspend.isPending) return;
    setError(null);
    suspend.reset();
    onClose();
  };
  const confirm = () => {
    if (!message.trim()) {
      setError(i18n.t('projects.admin.suspendMessageRequired'));
      return;
    }
    suspend.mutate(
      { reason, message },
      {
        onSuccess: (response) => {
          notify.success(response.message ?? i18n.t('projects.admin.suspended'));
          setMessage('');
          onClose();
        },
      },
    );
  };
  const failure = suspend.isError
    ? (serverMessage(suspend.error) ?? i18n.t('projects.admin.suspendFailed'))
    : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{i18n.t('projects.admin.suspend')}</Text>}
      centered
      closeButtonProps={{ 'aria-label': i18n.t('projects.admin.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{i18n.t('projects.admin.suspendExplanation')}</Text>
          <NativeSelect
            label={i18n.t('projects.admin.reason')}
            required
            value={reason}
            data={SUSPENSION_REASONS.map((value) => ({
              value,
              label: i18n.t(SUSPENSION_REASON_KEYS[value]),
            }))}
            onChange={(event) => setReason(event.currentTarget.value as SuspensionReason)}
          />
          <Textarea
            label={i18n.t('projects.admin.suspendMessage')}
            description={i18n.t('projects.admin.suspendMessageHint')}
            required
            autosize
            minRows={3}
            maxLength={SUSPEND_MESSAGE_MAX}
            value={message}
            error={error}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={suspend.isPending}>
              {i18n.t('projects.admin.cancel')}
            </Button>
            <Button type="submit" color="red" loading={suspend.isPending}>
              {i18n.t('projects.admin.suspend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Moderation for admins: activate, reject (with a reason) and feature or unfeature (SPEC §2). */
export function AdminControls({ project }: { project: Project }) {
  const i18n = useI18n();
  const moderate = useAdminAction(project.id);
  const [running, setRunning] = useState<AdminAction | null>(null);
  const [rejectOpened, rejectDialog] = useDisclosure(false);
  const [suspendOpened, suspendDialog] = useDisclosure(false);
  // A campaign ended early is final (DESIGN.md §18): nothing here moves it again.
  const ended = ENDED_EARLY_STATUSES.includes(project.status);
  const suspendable = project.status !== 'DRAFT' && !ended;
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
          {project.status !== 'ACTIVE' && !ended && (
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
          {suspendable && (
            <Button
              color="red"
              leftSection={<IconCircleOff size={18} />}
              disabled={busy}
              onClick={suspendDialog.open}
            >
              {i18n.t('projects.admin.suspend')}
            </Button>
          )}
          {ended ? null : project.featured ? (
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

      <SuspendDialog project={project} opened={suspendOpened} onClose={suspendDialog.close} />
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
