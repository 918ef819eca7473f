import { Alert, Avatar, Loader } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useState } from 'react';
import { mediaUrl } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { personName } from '@/lib/people';
import { useBlockActions, useBlockedPeople } from '../api/blocks';

/**
 * The people the creator blocked from their projects, newest first, each with Unblock for the creator (admins
 * read the list in the creator tools too, but only the creator lifts a block).
 */
export function BlockedPeople({ projectId, mayUnblock }: { projectId: number; mayUnblock: boolean }) {
  const i18n = useI18n();
  const [page, setPage] = useState(1);
  const blocked = useBlockedPeople(projectId, page);
  const { unblock } = useBlockActions(projectId);

  if (blocked.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(blocked.error) ?? i18n.t('creatorTools.blocks.loadFailed')}
      </Alert>
    );
  }
  if (!blocked.data) return <Loader size="sm" aria-label={i18n.t('creatorTools.blocks.loading')} />;
  const people = blocked.data.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {i18n.t('creatorTools.blocks.explain')}
      </Text>
      {people.length === 0 ? (
        <Text c="dimmed" py="md">
          {i18n.t('creatorTools.blocks.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={i18n.t('creatorTools.blocks.title')}>
          {people.map((person) => {
            const name = personName(person.name, i18n);
            return (
              <Group component="li" key={person.id} justify="space-between" style={{ listStyle: 'none' }}>
                <Group gap="sm">
                  <Avatar src={mediaUrl(person.profile_image)} alt="" size={32} radius="xl">
                    {name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i18n.t('creatorTools.blocks.blockedOn', {
                        date: i18n.formatDate(person.blocked_at, 'numeric'),
                      })}
                    </Text>
                  </Stack>
                </Group>
                {mayUnblock && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={unblock.isPending && unblock.variables === person.id}
                    aria-label={i18n.t('creatorTools.blocks.unblockLabel', { name })}
                    onClick={() =>
                      unblock.mutate(person.id, {
                        onSuccess: (reply) => notify.success(reply.message),
                        onError: (error) =>
                          notify.error(serverMessage(error) ?? i18n.t('creatorTools.blocks.failed')),
                      })
                    }
                  >
                    {i18n.t('creatorTools.blocks.unblock')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      <PageNavigation page={page} total={blocked.data.meta.pages} onChange={setPage} />
    </Stack>
  );
}
