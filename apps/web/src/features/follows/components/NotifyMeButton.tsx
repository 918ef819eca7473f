import { Badge } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconBell, IconBellRinging } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@/lib/router';
import type { Project } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useStoredAccessToken } from '@/lib/session';
import { useFollowProject } from '../api/follows';

/**
 * What an upcoming project's page offers in place of backing (DESIGN.md §19): "Upcoming", its start date, "Notify me
 * on launch" (a toggle; signed out, it leads to sign-in and back here) and, when shown, how many are waiting. The
 * creator gets `creatorAction` (Launch now) instead of the button.
 */
export function UpcomingAction({
  project,
  isCreator,
  creatorAction,
}: {
  project: Project;
  isCreator: boolean;
  creatorAction?: React.ReactNode;
}) {
  const i18n = useI18n();
  return (
    <Stack gap="sm" data-testid="upcoming-action">
      <Badge color="indigo" variant="light" size="lg" style={{ alignSelf: 'flex-start' }}>
        {i18n.t('follows.upcoming.badge')}
      </Badge>
      <Text fw={600}>
        {i18n.t('follows.upcoming.startsOn', { date: i18n.calendarDate(project.start_date) })}
      </Text>
      {isCreator ? creatorAction : <NotifyMeButton project={project} />}
      {project.followers_count !== null && (
        <Text size="sm" c="dimmed" data-testid="followers-count">
          {i18n.t('follows.upcoming.waiting', { count: project.followers_count })}
        </Text>
      )}
    </Stack>
  );
}

export function NotifyMeButton({ project }: { project: Project }) {
  const i18n = useI18n();
  const token = useStoredAccessToken();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useFollowProject(project.id);
  const following = project.following;
  const onClick = () => {
    if (!token) {
      void navigate('/signin', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    toggle.mutate(!following, {
      onSuccess: () =>
        notify.success(i18n.t(following ? 'follows.notify.stopped' : 'follows.notify.started')),
      onError: (error) => notify.error(serverMessage(error) ?? i18n.t('follows.failed')),
    });
  };
  return (
    <Button
      fullWidth
      size="md"
      variant={following ? 'light' : 'filled'}
      color="indigo"
      aria-pressed={following}
      leftSection={following ? <IconBellRinging size={18} /> : <IconBell size={18} />}
      loading={toggle.isPending}
      onClick={onClick}
    >
      {i18n.t(following ? 'follows.notify.on' : 'follows.notify.button')}
    </Button>
  );
}
