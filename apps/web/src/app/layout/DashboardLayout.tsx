import {
  Avatar,
  Box,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBookmark,
  IconBuildingBank,
  IconFolder,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { NAVBAR_HEIGHT } from '../theme';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/my-projects', label: 'My Projects', icon: IconFolder },
  { to: '/saved-projects', label: 'Saved Projects', icon: IconBookmark },
  { to: '/backed-projects', label: 'Backed Projects', icon: IconHeartHandshake },
  { to: '/dashboard/creator', label: 'Payouts', icon: IconBuildingBank },
  { to: '/profile', label: 'Profile', icon: IconUser },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;

const SIDEBAR_WIDTH = 264;

function SidebarUser() {
  const session = useSession();
  if (session.isLoading) {
    return (
      <Group gap="sm" wrap="nowrap" aria-label="Loading your account">
        <Skeleton circle height={48} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="70%" />
          <Skeleton height={10} width="50%" />
        </Stack>
      </Group>
    );
  }
  const user = session.user;
  const name = user ? user.full_name || user.username : 'Guest';
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={user?.profile_image}
        alt={name}
        name={user ? name : undefined}
        color={user ? 'initials' : 'gray'}
        radius="xl"
        size={48}
      />
      <Box style={{ minWidth: 0 }}>
        <Text fw={600} lineClamp={1}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {user ? `@${user.username}` : 'Not signed in'}
        </Text>
      </Box>
    </Group>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    await session.signOut();
    setSigningOut(false);
    onNavigate?.();
    void navigate('/');
  };

  // The longest link that the path starts with: /dashboard/creator is Payouts, not Dashboard.
  const activeLink = LINKS.map((link) => link.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <Stack gap="md">
      <SidebarUser />
      <Divider />
      <Stack gap={2} component="nav" aria-label="Dashboard">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={to === activeLink}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </Stack>
      <Divider />
      {session.isSignedIn ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} />}
          loading={signingOut}
          onClick={() => void logout()}
        >
          Logout
        </Button>
      ) : (
        <Button
          component={Link}
          to="/signin"
          variant="light"
          leftSection={<IconLogin size={18} />}
          onClick={onNavigate}
        >
          Sign In
        </Button>
      )}
    </Stack>
  );
}

/** The signed-in area: a sidebar beside the page on wide screens, a drawer behind a burger on small ones. */
export function DashboardLayout() {
  const [opened, drawer] = useDisclosure(false);
  return (
    <Box bg="gray.0" mih={`calc(100vh - ${NAVBAR_HEIGHT}px)`}>
      <Group align="flex-start" gap={0} wrap="nowrap" maw={1320} mx="auto">
        <Box
          component="aside"
          visibleFrom="md"
          w={SIDEBAR_WIDTH}
          p="md"
          style={{ flexShrink: 0, position: 'sticky', top: NAVBAR_HEIGHT }}
        >
          <Paper withBorder radius="lg" p="md" shadow="xs">
            <SidebarContent />
          </Paper>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group hiddenFrom="md" px="md" pt="md" gap="xs">
            <Burger opened={opened} onClick={drawer.toggle} size="sm" aria-label="Open dashboard menu" />
            <Text fw={600} size="sm">
              My account
            </Text>
          </Group>
          <Outlet />
        </Box>
      </Group>
      <Drawer opened={opened} onClose={drawer.close} hiddenFrom="md" size="xs" title="My account">
        <SidebarContent onNavigate={drawer.close} />
      </Drawer>
    </Box>
  );
}
