import { Button, type ButtonProps } from '@/components/primitives/buttons';
import { IconRocket } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { isUpcoming, type Project, todayUtc } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';

// The confirmation loads when a creator first opens it: nobody else ever needs it.
const LaunchDialog = lazy(async () => ({ default: (await import('./LaunchDialog')).LaunchDialog }));

/**
 * "Launch now", for the creator of an upcoming campaign (DESIGN.md §19), with a confirmation: the start date becomes
 * today, the campaign keeps its length, and everyone waiting is told.
 */
export function LaunchNowButton({
  project,
  ...buttonProps
}: {
  project: Pick<Project, 'id' | 'title' | 'status' | 'start_date' | 'end_date'>;
} & ButtonProps) {
  const i18n = useI18n();
  const dialog = useLazyDialog();
  if (!isUpcoming(project, todayUtc())) return null;
  return (
    <>
      <Button
        color="indigo"
        leftSection={<IconRocket size={16} />}
        aria-label={i18n.t('projects.launch.buttonFor', { title: project.title })}
        onClick={() => dialog.open()}
        {...buttonProps}
      >
        {i18n.t('projects.launch.button')}
      </Button>
      {dialog.state && (
        <Suspense fallback={null}>
          <LaunchDialog project={project} opened={dialog.state.opened} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
