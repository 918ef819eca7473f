import { useSession } from '@/lib/session';

/** Managing rewards takes create_reward plus being the creator or an admin (SPEC §6). */
export function useCanManageRewards(isCreator: boolean): boolean {
  const session = useSession();
  return session.permissions.includes('create_reward') && (isCreator || session.isAdmin);
}
