import { Modal } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button, type ButtonProps } from '@/components/primitives/buttons';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { isUpcoming, type Project, todayUtc } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useLaunchProject } from '../api/projects';

/**
 * "Launch now", for the creator of an upcoming campaign (DESIGN.md §19), with a confirmation: the start date becomes
 * today, the campaign keeps its length, and everyone waiting is told.
 */
export function LaunchNowButton({
  project,
  ...buttonProps
}: {
  project: Pick<Project, 'id' | 'title' | 'status' | 'start_date' | 'end_date'>;
} & ButtonProps) {
  const i18n = useI18n();
  const [opened, setOpened] = useState(false);
  const launch = useLaunchProject(project.id);
  if (!isUpcoming(project, todayUtc())) return null;
  const confirm = () =>
    launch.mutate(undefined, {
      onSuccess: (response) => {
        setOpened(false);
        notify.success(response.message ?? i18n.t('projects.launch.done'));
      },
      onError: (error) => notify.error(serverMessage(error) ?? i18n.t('projects.launch.failed')),
    });
  return (
    <>
      <Button
        color="indigo"
        leftSection={<IconRocket size={16} />}
        aria-label={i18n.t('projects.launch.buttonFor', { title: project.title })}
        onClick={() => setOpened(true)}
        {...buttonProps}
      >
        {i18n.t('projects.launch.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={i18n.t('projects.launch.title')}
        centered
      >
        <Stack gap="md">
          <Text>{i18n.t('projects.launch.explain', { title: project.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {i18n.t('projects.launch.keepWaiting')}
            </Button>
            <Button color="indigo" loading={launch.isPending} onClick={confirm}>
              {i18n.t('projects.launch.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
