import { Group } from '@/components/primitives/primitives';
import { PUBLIC_STATUSES, type ProjectStatus } from '@fundry/shared';
import { SaveButton } from './SaveButton';
import { ShareButton } from './ShareButton';

/**
 * A project's Share and Save actions (SPEC §2 project detail): Save is not offered to its creator, and a
 * project that is not public yet (draft, under review, rejected) has nothing to share or save.
 */
export function ProjectActions({
  project,
  isCreator,
  compact = false,
}: {
  project: { id: number; title: string; status: ProjectStatus };
  isCreator: boolean;
  /** Icon buttons, for the page header. */
  compact?: boolean;
}) {
  if (!PUBLIC_STATUSES.includes(project.status)) return null;
  const variant = compact ? 'icon' : 'button';
  const actions = (
    <>
      <ShareButton project={project} variant={variant} />
      {!isCreator && <SaveButton projectId={project.id} variant={variant} />}
    </>
  );
  return compact ? (
    <Group gap="xs" wrap="nowrap">
      {actions}
    </Group>
  ) : (
    actions
  );
}
