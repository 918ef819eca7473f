import { ENDED_EARLY_STATUSES, type ProjectStatus } from '@fundry/shared';
import { useSession } from '@/lib/session';

/**
 * Managing rewards takes create_reward plus being the creator or an admin (SPEC §6); a campaign ended early
 * (DESIGN.md §18) is read-only to everyone.
 */
export function useCanManageRewards(isCreator: boolean, status: ProjectStatus | undefined): boolean {
  const session = useSession();
  if (status && ENDED_EARLY_STATUSES.includes(status)) return false;
  return session.permissions.includes('create_reward') && (isCreator || session.isAdmin);
}
