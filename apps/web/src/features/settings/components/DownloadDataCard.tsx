import { Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconDownload } from '@tabler/icons-react';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDownloadMyData } from '../api/data-export';

/** The person's copy of everything Fundry holds about them: account, projects, pledges, sessions and more. */
export function DownloadDataCard() {
  const i18n = useI18n();
  const download = useDownloadMyData();
  return (
    <Paper withBorder radius="md" p="lg" mt="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {i18n.t('settings.data.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {i18n.t('settings.data.description')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => notify.success(i18n.t('settings.data.downloaded')),
              // The server's message, or the client's own catalog key when no answer came.
              onError: (error) => notify.error(i18n.t(error.message)),
            })
          }
        >
          {i18n.t('settings.data.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
