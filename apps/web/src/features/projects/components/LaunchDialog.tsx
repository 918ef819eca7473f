import { Modal } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import type { Project } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useLaunchProject } from '../api/project-actions';

/**
 * The creator confirms an early launch (DESIGN.md §19): what moves, and that it is final. On success the API's words
 * show as a toast; a refusal shows the API's message.
 */
export function LaunchDialog({
  project,
  opened,
  onClose,
}: {
  project: Pick<Project, 'id' | 'title'>;
  opened: boolean;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const launch = useLaunchProject(project.id);
  const confirm = () =>
    launch.mutate(undefined, {
      onSuccess: (response) => {
        onClose();
        notify.success(response.message ?? i18n.t('projects.launch.done'));
      },
      onError: (error) => notify.error(serverMessage(error) ?? i18n.t('projects.launch.failed')),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={i18n.t('projects.launch.title')} centered>
      <Stack gap="md">
        <Text>{i18n.t('projects.launch.explain', { title: project.title })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {i18n.t('projects.launch.keepWaiting')}
          </Button>
          <Button color="indigo" loading={launch.isPending} onClick={confirm}>
            {i18n.t('projects.launch.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
