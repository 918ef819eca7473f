import { AppShell, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NAVBAR_HEIGHT } from '../theme';
import { Footer } from './Footer';
import { MobileMenu, Navbar } from './Navbar';

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const navigation = useNavigation();
  return (
    <AppShell header={{ height: NAVBAR_HEIGHT }} padding={0}>
      <AppShell.Header withBorder>
        {navigation.state === 'loading' && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label="Loading page"
          />
        )}
        <Navbar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <div style={{ flex: 1 }}>
          <Outlet />
        </div>
        <Footer />
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
