import { Avatar, Menu } from '@mantine/core';
import { Group, Text } from '@/components/primitives/primitives';
import { UnstyledButton } from '@/components/primitives/buttons';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { useCategories } from '@/features/categories/api/categories';
import { useI18n } from '@/lib/i18n';
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
  const i18n = useI18n();
  // The menu mounts already open on first use, before Mantine could note where focus was: when it closes with
  // focus inside it (Escape, a chosen item), focus goes back to its button here.
  const button = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  const returnFocus = () => {
    if (dropdown.current?.contains(document.activeElement)) button.current?.focus();
  };
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      onClose={returnFocus}
      trigger="click-hover"
      openDelay={50}
      closeDelay={150}
      position="bottom-start"
      width={220}
    >
      <Menu.Target>
        {/* Keeps focus where the button it replaces had it. Mantine closes on Escape only from inside the
            dropdown, but a menu opened by hovering keeps focus on its button when it is then clicked. */}
        <CategoriesButton
          ref={button}
          autoFocus={focusButton}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
          }}
        />
      </Menu.Target>
      <Menu.Dropdown ref={dropdown}>
        {categories.isError && <Menu.Label>{i18n.t('common.nav.categoriesUnavailable')}</Menu.Label>}
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
  const i18n = useI18n();
  const name = session.user?.full_name || session.user?.username || i18n.t('common.nav.account');
  const signOut = async () => {
    await session.signOut();
    void navigate('/');
  };
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        {/* The name it shows is in its accessible name too (WCAG 2.5.3). */}
        <UnstyledButton aria-label={i18n.t('common.nav.accountMenu', { name })} className={classes.account}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={session.user?.profile_image} alt={name} radius="xl" size={32} />
            <Text size="sm" fw={500} visibleFrom="xl" lineClamp={1}>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/dashboard">
          {i18n.t('common.account.dashboard')}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile">
          {i18n.t('common.nav.myProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/my-projects">
          {i18n.t('common.account.myProjects')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          {i18n.t('common.nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
