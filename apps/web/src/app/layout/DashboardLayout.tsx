import { Avatar, Box, Divider, NavLink, Skeleton } from '@mantine/core';
import { Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { NAVBAR_HEIGHT } from '../theme';
import { ACCOUNT_LINKS as LINKS } from './account-links';

const SIDEBAR_WIDTH = 264;

function SidebarUser() {
  const session = useSession();
  const i18n = useI18n();
  if (session.isLoading) {
    return (
      <Group gap="sm" wrap="nowrap" aria-label={i18n.t('common.account.loading')}>
        <Skeleton circle height={48} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="70%" />
          <Skeleton height={10} width="50%" />
        </Stack>
      </Group>
    );
  }
  const user = session.user;
  const name = user ? user.full_name || user.username : i18n.t('common.account.guest');
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
          {user ? `@${user.username}` : i18n.t('common.account.notSignedIn')}
        </Text>
      </Box>
    </Group>
  );
}

function SidebarContent() {
  const session = useSession();
  const i18n = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    await session.signOut();
    setSigningOut(false);
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
      <Stack gap={2} component="nav" aria-label={i18n.t('common.account.dashboard')}>
        {LINKS.map(({ to, labelKey, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={i18n.t(labelKey)}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={to === activeLink}
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
          {i18n.t('common.account.logout')}
        </Button>
      ) : (
        <Button component={Link} to="/signin" variant="light" leftSection={<IconLogin size={18} />}>
          {i18n.t('common.nav.signIn')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The signed-in area: a sidebar beside the page on wide screens. Small screens have one navigation menu, the
 * bar's, which lists these pages too: no second burger.
 */
export function DashboardLayout() {
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
          <Outlet />
        </Box>
      </Group>
    </Box>
  );
}
