import type { Project } from '@fundry/shared';
import { UpcomingAction } from '@/features/follows/components/NotifyMeButton';
import { LaunchNowButton } from '@/features/projects/components/LaunchNowButton';

/**
 * An upcoming project's funding card (DESIGN.md §19): Notify me on launch (follows), and for its creator Launch now
 * (projects). Only upcoming pages load it.
 */
export function ProjectUpcomingAction({ project, isCreator }: { project: Project; isCreator: boolean }) {
  return (
    <UpcomingAction
      project={project}
      isCreator={isCreator}
      creatorAction={<LaunchNowButton project={project} fullWidth size="md" />}
    />
  );
}
