import { Alert, List, Modal, Textarea } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { Project } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCancelProject } from '../api/project-actions';

/** What a cancel does, in the order it happens (DESIGN.md §18). */
const CONSEQUENCES = [
  'projects.cancel.released',
  'projects.cancel.refunded',
  'projects.cancel.told',
  'projects.cancel.final',
];

/** The longest message the API takes (cancelProjectRequest). */
const MESSAGE_MAX = 2000;

/**
 * The creator ends their live campaign (DESIGN.md §18): what happens, the message to the backers (required), and
 * a confirmation. On success the API's words show as a toast and `onCancelled` runs; a refusal shows the API's
 * message in the dialog.
 */
export function CancelCampaignDialog({
  project,
  opened,
  onClose,
  onCancelled,
}: {
  project: Pick<Project, 'id' | 'title'>;
  opened: boolean;
  onClose: () => void;
  onCancelled?: (project: Project) => void;
}) {
  const i18n = useI18n();
  const cancel = useCancelProject(project.id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (cancel.isPending) return;
    setError(null);
    cancel.reset();
    onClose();
  };
  const confirm = () => {
    if (!message.trim()) {
      setError(i18n.t('projects.cancel.messageRequired'));
      return;
    }
    cancel.mutate(message, {
      onSuccess: (response) => {
        notify.success(response.message ?? i18n.t('projects.cancel.done'));
        setMessage('');
        onClose();
        onCancelled?.(response.data);
      },
    });
  };
  const failure = cancel.isError ? (serverMessage(cancel.error) ?? i18n.t('projects.cancel.failed')) : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{i18n.t('projects.cancel.title')}</Text>}
      centered
      closeButtonProps={{ 'aria-label': i18n.t('common.actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <List size="sm" spacing={4}>
            {CONSEQUENCES.map((key) => (
              <List.Item key={key}>{i18n.t(key)}</List.Item>
            ))}
          </List>
          <Textarea
            label={i18n.t('projects.cancel.message')}
            description={i18n.t('projects.cancel.messageHint')}
            required
            autosize
            minRows={3}
            maxLength={MESSAGE_MAX}
            value={message}
            error={error}
            data-autofocus
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
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {i18n.t('projects.cancel.keep')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {i18n.t('projects.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
