import { Alert, Avatar } from '@mantine/core';
import { Container, Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { Link, useSearchParams } from '@/lib/router';
import { Button } from '@/components/primitives/buttons';
import { mediaUrl } from '@fundry/shared';
import { ListEmptyState } from '@/components/ListEmptyState';
import { PageHeader } from '@/components/PageHeader';
import { PageNavigation } from '@/components/PageNavigation';
import { useI18n } from '@/lib/i18n';
import { readPage, withPage } from '@/lib/pagination';
import { useFollowing } from '../api/follows';
import { FollowCreatorButton } from '../components/FollowCreatorButton';

/** /following (DESIGN.md §19): the creators I follow, the most recently followed first, each with Unfollow. */
export function FollowingPage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const following = useFollowing(page);
  const list = following.data;
  return (
    <Container size="md" py={40}>
      <Stack gap="lg">
        <PageHeader title={i18n.t('follows.page.title')} description={i18n.t('follows.page.description')} />
        {following.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('follows.page.loadFailed')}
          </Alert>
        ) : list && list.meta.total === 0 ? (
          <ListEmptyState
            icon={<IconUsers size={28} />}
            title={i18n.t('follows.page.emptyTitle')}
            action={
              <Button component={Link} to="/projects/explore?status=upcoming">
                {i18n.t('follows.page.explore')}
              </Button>
            }
          >
            {i18n.t('follows.page.emptyText')}
          </ListEmptyState>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0}>
            {list?.data.users.map((user) => (
              <Paper key={user.id} withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar src={mediaUrl(user.profile_image)} alt={user.name} radius="xl" />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={700} lineClamp={1}>
                        {user.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {i18n.t('follows.page.followers', { count: user.followers_count })}
                      </Text>
                    </Stack>
                  </Group>
                  <FollowCreatorButton creatorId={user.id} name={user.name} following />
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {list && list.meta.pages > 1 && (
          <PageNavigation
            page={page}
            total={list.meta.pages}
            onChange={(next) => setParams(withPage(params, next))}
          />
        )}
      </Stack>
    </Container>
  );
}
