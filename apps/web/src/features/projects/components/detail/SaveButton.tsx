import { ActionIcon } from '@mantine/core';
import { Button } from '@/components/primitives/buttons';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { SAVE_MESSAGES } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useStoredAccessToken } from '@/lib/session';
import { useSavedProjectIds, useSaveToggle } from '@/features/projects/api/saved-projects';

/**
 * Save / Unsave a project (SPEC §2 project detail). Whether it is saved comes from the saved list; a visitor
 * without a session is sent to sign in and comes back here afterwards. Creators are not offered it: the
 * caller leaves it out for them.
 */
export function SaveButton({
  projectId,
  variant = 'button',
}: {
  projectId: number;
  variant?: 'button' | 'icon';
}) {
  const i18n = useI18n();
  const token = useStoredAccessToken();
  const navigate = useNavigate();
  const location = useLocation();
  const savedIds = useSavedProjectIds();
  const toggle = useSaveToggle();
  const saved = savedIds.data?.has(projectId) ?? false;

  useEffect(() => {
    // The saved-status lookup fails silently (SPEC §8): logged only.
    if (savedIds.error) console.warn('Could not load the saved status of the project', savedIds.error);
  }, [savedIds.error]);

  const onClick = () => {
    if (!token) {
      void navigate('/signin', {
        state: { from: `${location.pathname}${location.search}${location.hash}` },
      });
      return;
    }
    toggle.mutate(
      { id: projectId, save: !saved },
      {
        onSuccess: () => notify.success(i18n.t(saved ? SAVE_MESSAGES.removed : SAVE_MESSAGES.saved)),
        // SPEC §8: a failed save or unsave without a message from the server.
        onError: (error) => notify.error(serverMessage(error) ?? i18n.t('projects.save.failed')),
      },
    );
  };

  const label = i18n.t(saved ? 'projects.save.unsave' : 'projects.save.save');
  const icon = saved ? <IconBookmarkFilled size={18} /> : <IconBookmark size={18} />;
  const busy = toggle.isPending || (Boolean(token) && savedIds.isPending);

  if (variant === 'icon') {
    return (
      // The browser's own hint (title) on hover, as Share's.
      <ActionIcon
        variant={saved ? 'filled' : 'default'}
        size="lg"
        radius="md"
        aria-label={i18n.t(saved ? 'projects.save.unsaveLabel' : 'projects.save.saveLabel')}
        title={i18n.t(saved ? 'projects.save.unsaveHint' : 'projects.save.saveLabel')}
        loading={busy}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    );
  }
  return (
    <Button variant={saved ? 'light' : 'default'} leftSection={icon} loading={busy} onClick={onClick}>
      {label}
    </Button>
  );
}
