import { Alert, Loader } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PUBLIC_STATUSES, type Project } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useUpdates } from '../api/community';
import { UpdateCard } from './UpdateCard';

// The editor is large: it loads when the creator opens the composer, not for every visitor.
const UpdateComposer = lazy(async () => ({ default: (await import('./UpdateComposer')).UpdateComposer }));

/** The project page's Updates tab: numbered updates, newest first; the creator posts from here. */
export function UpdatesTab({ project, isCreator }: { project: Project; isCreator: boolean }) {
  const i18n = useI18n();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const updates = useUpdates(project.id, page);
  const mayPost = isCreator && PUBLIC_STATUSES.includes(project.status);

  let list;
  if (updates.isError) {
    list = (
      <Alert color="red" role="alert">
        {serverMessage(updates.error) ?? i18n.t('community.updates.loadFailed')}
      </Alert>
    );
  } else if (!updates.data) {
    list = (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={i18n.t('community.updates.loading')} />
      </Group>
    );
  } else if (updates.data.data.updates.length === 0) {
    list = (
      <Text c="dimmed" ta="center" py="lg">
        {i18n.t('community.updates.empty')}
      </Text>
    );
  } else {
    list = (
      <Stack gap="md">
        {updates.data.data.updates.map((update) => (
          <UpdateCard key={update.id} update={update} isCreator={isCreator} lang={project.language} />
        ))}
        <PageNavigation
          page={page}
          total={updates.data.meta.pages}
          onChange={setPage}
          label={i18n.t('community.updates.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {mayPost && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
            {i18n.t('community.updates.post')}
          </Button>
          {composing && (
            <Suspense fallback={null}>
              <UpdateComposer projectId={project.id} opened onClose={() => setComposing(false)} />
            </Suspense>
          )}
        </Group>
      )}
      {list}
    </Stack>
  );
}
