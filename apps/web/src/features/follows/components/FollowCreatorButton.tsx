import { Button } from '@/components/primitives/buttons';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@/lib/router';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession, useStoredAccessToken } from '@/lib/session';
import { useFollowCreator } from '../api/follows';

/**
 * Follow a creator (DESIGN.md §19): their next project's launch is told to their followers. A toggle; signed out it
 * leads to sign-in and back; never shown on one's own card.
 */
export function FollowCreatorButton({
  creatorId,
  name,
  following,
}: {
  creatorId: number;
  name: string;
  following: boolean;
}) {
  const i18n = useI18n();
  const session = useSession();
  const token = useStoredAccessToken();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useFollowCreator(creatorId);
  if (session.userId === creatorId) return null;
  const onClick = () => {
    if (!token) {
      void navigate('/signin', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    toggle.mutate(!following, {
      onSuccess: () =>
        notify.success(
          i18n.t(following ? 'follows.creator.unfollowed' : 'follows.creator.followed', { name }),
        ),
      onError: (error) => notify.error(serverMessage(error) ?? i18n.t('follows.failed')),
    });
  };
  return (
    <Button
      variant={following ? 'light' : 'default'}
      leftSection={following ? <IconUserCheck size={16} /> : <IconUserPlus size={16} />}
      aria-pressed={following}
      aria-label={i18n.t(following ? 'follows.creator.unfollowLabel' : 'follows.creator.followLabel', {
        name,
      })}
      loading={toggle.isPending}
      onClick={onClick}
    >
      {i18n.t(following ? 'follows.creator.following' : 'follows.creator.follow')}
    </Button>
  );
}
