import {
  Avatar,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCategories } from '@/features/categories/api/categories';
import { useSession } from '@/lib/session';
import { BrandLink } from './BrandLink';
import classes from './Navbar.module.css';
import { SearchBox } from './SearchBox';

function CategoriesMenu() {
  const categories = useCategories();
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" width={220}>
      <Menu.Target>
        <UnstyledButton className={classes.link}>
          <Group gap={4} wrap="nowrap">
            Categories <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {categories.isError && <Menu.Label>Categories are unavailable</Menu.Label>}
        {(categories.data ?? []).map((category) => (
          <Menu.Item key={category.id} component={Link} to={`/category/${category.id}`}>
            {category.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function AccountMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const name = session.user?.full_name || session.user?.username || 'Account';
  const signOut = async () => {
    await session.signOut();
    void navigate('/');
  };
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" className={classes.account}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={session.user?.profile_image} alt={name} radius="xl" size={32} />
            <Text size="sm" fw={500} visibleFrom="lg" lineClamp={1}>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/dashboard">
          Dashboard
        </Menu.Item>
        <Menu.Item component={Link} to="/profile">
          My Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/my-projects">
          My Projects
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function Navbar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const session = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.bar}>
      <Group gap="lg" wrap="nowrap">
        <BrandLink />
        <SearchBox />
      </Group>
      <Group gap="md" wrap="nowrap" visibleFrom="md">
        <CategoriesMenu />
        <Link to="/about" className={classes.link}>
          About
        </Link>
        <Link to="/faqs" className={classes.link}>
          FAQs
        </Link>
        {session.isSignedIn && (
          <Link to="/dashboard" className={classes.link}>
            Dashboard
          </Link>
        )}
        <Button component={Link} to="/projects/create" variant="filled">
          Start Project
        </Button>
        {session.isSignedIn ? (
          <AccountMenu />
        ) : (
          <Button component={Link} to="/signin" variant="default">
            Sign In
          </Button>
        )}
      </Group>
      <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="md" aria-label="Open navigation" />
    </Group>
  );
}

export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const categories = useCategories();
  const navigate = useNavigate();
  const item = (to: string, label: string) => (
    <NavLink key={to} component={Link} to={to} label={label} onClick={onClose} />
  );
  return (
    <Drawer opened={opened} onClose={onClose} title="Fundry" hiddenFrom="md" size="xs" position="right">
      <ScrollArea h="calc(100vh - 80px)">
        <Stack gap={4}>
          <SearchBox onNavigated={onClose} />
          {item('/about', 'About')}
          {item('/faqs', 'FAQs')}
          {session.isSignedIn && item('/dashboard', 'Dashboard')}
          {item('/projects/create', 'Start Project')}
          {session.isSignedIn ? (
            <>
              {item('/profile', 'My Profile')}
              {item('/my-projects', 'My Projects')}
              <NavLink
                label="Sign Out"
                c="red"
                onClick={() => {
                  onClose();
                  void session.signOut().then(() => navigate('/'));
                }}
              />
            </>
          ) : (
            item('/signin', 'Sign In')
          )}
          <Divider label="Categories" labelPosition="left" my="xs" />
          {(categories.data ?? []).map((category) => item(`/category/${category.id}`, category.name))}
        </Stack>
      </ScrollArea>
    </Drawer>
  );
}
