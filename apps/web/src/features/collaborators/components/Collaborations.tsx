import { Badge } from '@mantine/core';
import { Anchor, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { Link } from '@/lib/router';
import { type Collaboration, COLLABORATOR_PERMISSION_LABEL } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useAnswerInvitation, useCollaborations } from '../api/collaborators';

function Row({ item }: { item: Collaboration }) {
  const i18n = useI18n();
  const answer = useAnswerInvitation({
    onSuccess: (message) => notify.success(message),
    onError: (error) => notify.error(serverMessage(error) ?? i18n.t('collaborators.mine.failed')),
  });
  const respond = (accept: boolean) => answer.mutate({ projectId: item.project.id, accept });
  const title = item.project.title || i18n.t('projects.untitled');
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={2}>
        <Anchor component={Link} to={`/projects/${item.project.id}`} fw={600}>
          {title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {i18n.t('collaborators.mine.by', { name: item.project.creator.name })}
        </Text>
        <Group gap={6}>
          {item.permissions.map((permission) => (
            <Badge key={permission} variant="light" color="blue" size="sm">
              {i18n.t(COLLABORATOR_PERMISSION_LABEL[permission])}
            </Badge>
          ))}
        </Group>
      </Stack>
      {item.status === 'pending' ? (
        <Group gap="xs">
          <Button
            size="xs"
            loading={answer.isPending && answer.variables?.accept === true}
            aria-label={i18n.t('collaborators.mine.acceptNamed', { title })}
            onClick={() => respond(true)}
          >
            {i18n.t('collaborators.mine.accept')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={answer.isPending && answer.variables?.accept === false}
            aria-label={i18n.t('collaborators.mine.declineNamed', { title })}
            onClick={() => respond(false)}
          >
            {i18n.t('collaborators.mine.decline')}
          </Button>
        </Group>
      ) : (
        <Button size="xs" variant="default" component={Link} to={`/projects/${item.project.id}`}>
          {i18n.t('collaborators.mine.open')}
        </Button>
      )}
    </Group>
  );
}

/**
 * My invitations to projects' teams and the projects I help with (DESIGN.md §19), on the dashboard and in My
 * Projects; nothing at all when there are none.
 */
export function Collaborations() {
  const i18n = useI18n();
  const mine = useCollaborations();
  const items = mine.data?.data ?? [];
  if (items.length === 0) return null;
  const invitations = items.filter((item) => item.status === 'pending');
  const helping = items.filter((item) => item.status === 'accepted');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-labelledby="collaborations"
    >
      <Title order={2} fz="xl" id="collaborations" mb="xs">
        {i18n.t('collaborators.mine.title')}
      </Title>
      {invitations.length > 0 && (
        <Stack gap={0} mb="md">
          <Text fw={600} size="sm" c="dimmed">
            {i18n.t('collaborators.mine.invitations')}
          </Text>
          <Stack component="ul" gap={0} p={0} m={0} aria-label={i18n.t('collaborators.mine.invitations')}>
            {invitations.map((item) => (
              <Row key={item.project.id} item={item} />
            ))}
          </Stack>
        </Stack>
      )}
      {helping.length > 0 && (
        <Stack gap={0}>
          <Text fw={600} size="sm" c="dimmed">
            {i18n.t('collaborators.mine.helping')}
          </Text>
          <Stack component="ul" gap={0} p={0} m={0} aria-label={i18n.t('collaborators.mine.helping')}>
            {helping.map((item) => (
              <Row key={item.project.id} item={item} />
            ))}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
