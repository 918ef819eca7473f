import {
  IconBookmark,
  IconBuildingBank,
  IconFolder,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconSettings,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';

/**
 * The signed-in area's pages: the dashboard's sidebar, and the navigation menu on small screens. Each names its
 * link by a catalog key.
 */
export const ACCOUNT_LINKS = [
  { to: '/dashboard', labelKey: 'common.account.dashboard', icon: IconLayoutDashboard },
  { to: '/my-projects', labelKey: 'common.account.myProjects', icon: IconFolder },
  { to: '/saved-projects', labelKey: 'common.account.savedProjects', icon: IconBookmark },
  { to: '/backed-projects', labelKey: 'common.account.backedProjects', icon: IconHeartHandshake },
  { to: '/following', labelKey: 'common.account.following', icon: IconUsers },
  { to: '/dashboard/creator', labelKey: 'common.account.payouts', icon: IconBuildingBank },
  { to: '/profile', labelKey: 'common.account.profile', icon: IconUser },
  { to: '/settings', labelKey: 'common.account.settings', icon: IconSettings },
] as const;
