import {
  IconBookmark,
  IconBuildingBank,
  IconFolder,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';

/** The signed-in area's pages: the dashboard's sidebar, and the navigation menu on small screens. */
export const ACCOUNT_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/my-projects', label: 'My Projects', icon: IconFolder },
  { to: '/saved-projects', label: 'Saved Projects', icon: IconBookmark },
  { to: '/backed-projects', label: 'Backed Projects', icon: IconHeartHandshake },
  { to: '/dashboard/creator', label: 'Payouts', icon: IconBuildingBank },
  { to: '/profile', label: 'Profile', icon: IconUser },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;
