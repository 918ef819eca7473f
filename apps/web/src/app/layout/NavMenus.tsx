import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCategories } from '@/features/categories/api/categories';
import { useSession } from '@/lib/session';
import { CategoriesButton } from './CategoriesButton';
import classes from './Navbar.module.css';

export function CategoriesMenu({
  defaultOpened,
  focusButton,
}: {
  defaultOpened: boolean;
  focusButton: boolean;
}) {
  const categories = useCategories();
  return (
    <Menu
      defaultOpened={defaultOpened}
      trigger="click-hover"
      openDelay={50}
      closeDelay={150}
      position="bottom-start"
      width={220}
    >
      <Menu.Target>
        {/* Keeps focus where the button it replaces had it. */}
        <CategoriesButton autoFocus={focusButton} />
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

export function AccountMenu() {
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
