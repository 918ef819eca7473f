import { Button, type ButtonProps } from '@/components/primitives/buttons';
import { IconHeartHandshake } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import type { ProjectStatus } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useSession } from '@/lib/session';
import type { BackableProject } from './BackProjectDialog';

// The dialog (number input, validation) loads when someone first starts backing, not with the project page.
const BackProjectDialog = lazy(async () => ({
  default: (await import('./BackProjectDialog')).BackProjectDialog,
}));

/**
 * Back Project is offered on an ACTIVE project, or an ended one taking late pledges (DESIGN.md §16), and never to
 * its creator (SPEC §4).
 */
export function canBackProject(
  project: { status: ProjectStatus; late_pledges?: { open: boolean } },
  isCreator: boolean,
): boolean {
  return (project.status === 'ACTIVE' || project.late_pledges?.open === true) && !isCreator;
}

/**
 * Starts backing: a signed-out visitor goes to sign in and comes back here; a signed-in one gets the
 * back-project dialog, with `rewardId` already chosen when given.
 */
export function useBackingStarter(project: BackableProject) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const backing = useLazyDialog<number | null>();
  const start = (rewardId: number | null = null) => {
    if (!session.isSignedIn) {
      void navigate('/signin', {
        state: { from: `${location.pathname}${location.search}${location.hash}` },
      });
      return;
    }
    backing.open(rewardId);
  };
  const dialog = backing.state && (
    <Suspense fallback={null}>
      <BackProjectDialog
        project={project}
        opened={backing.state.opened}
        initialRewardId={backing.state.value}
        onClose={backing.close}
      />
    </Suspense>
  );
  return { start, dialog };
}

/** The stats card's 'Back This Project' button (SPEC §2), with its dialog. */
export function BackProjectButton({
  project,
  isCreator,
  ...buttonProps
}: {
  project: BackableProject & { status: ProjectStatus };
  isCreator: boolean;
} & ButtonProps) {
  const i18n = useI18n();
  const backing = useBackingStarter(project);
  if (!canBackProject(project, isCreator)) return null;
  return (
    <>
      <Button
        size="md"
        fullWidth
        leftSection={<IconHeartHandshake size={20} />}
        onClick={() => backing.start()}
        {...buttonProps}
      >
        {i18n.t('backing.backButton')}
      </Button>
      {backing.dialog}
    </>
  );
}
