import { Button, type ButtonProps } from '@/components/primitives/buttons';
import { IconCircleOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { hasEnded } from '@/lib/dates';
import type { Project } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';

// The dialog loads when a creator first opens it: nobody else ever needs it.
const CancelCampaignDialog = lazy(async () => ({
  default: (await import('./CancelCampaignDialog')).CancelCampaignDialog,
}));

/** A creator may cancel a running campaign before its end date (DESIGN.md §18), as the API allows. */
export function canCancelCampaign(project: Pick<Project, 'status' | 'end_date'>): boolean {
  return project.status === 'ACTIVE' && !hasEnded(project.end_date);
}

/**
 * "Cancel campaign", for the creator of a running campaign, with its dialog. `onCancelled` runs with the
 * project as the API answers it once the campaign has ended.
 */
export function CancelCampaignButton({
  project,
  onCancelled,
  ...buttonProps
}: {
  project: Pick<Project, 'id' | 'title' | 'status' | 'end_date'>;
  onCancelled?: (project: Project) => void;
} & ButtonProps) {
  const i18n = useI18n();
  const dialog = useLazyDialog();
  if (!canCancelCampaign(project)) return null;
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconCircleOff size={16} />}
        aria-label={i18n.t('projects.cancel.buttonFor', { title: project.title })}
        onClick={() => dialog.open()}
        {...buttonProps}
      >
        {i18n.t('projects.cancel.button')}
      </Button>
      {dialog.state && (
        <Suspense fallback={null}>
          <CancelCampaignDialog
            project={project}
            opened={dialog.state.opened}
            onClose={dialog.close}
            onCancelled={onCancelled}
          />
        </Suspense>
      )}
    </>
  );
}
