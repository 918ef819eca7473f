import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { notify } from '@/lib/notify';
import { useDownloadMyData } from '../api/data-export';

/** The person's copy of everything Fundry holds about them: account, projects, pledges, sessions and more. */
export function DownloadDataCard() {
  const download = useDownloadMyData();
  return (
    <Paper withBorder radius="md" p="lg" mt="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          Your data
        </Title>
        <Text size="sm" c="dimmed">
          Download a copy of everything Fundry holds about you: your account and profile, your projects and
          rewards, your pledges, saved projects, notifications and sign-in sessions, as a JSON file.
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => notify.success('Your data has been downloaded.'),
              onError: (error) => notify.error(error.message),
            })
          }
        >
          Download my data
        </Button>
      </Stack>
    </Paper>
  );
}
