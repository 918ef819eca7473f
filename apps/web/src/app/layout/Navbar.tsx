import { Burger } from '@mantine/core';
import { Group } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { lazy, type Ref, Suspense, type SyntheticEvent, useState } from 'react';
import { Link } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { BrandLink } from './BrandLink';
import { CategoriesButton } from './CategoriesButton';
import classes from './Navbar.module.css';
import { SearchBox } from './SearchBox';

// The dropdown menus (and the positioning library under them) load when first wanted, not with every page.
const loadMenus = () => import('./NavMenus');
const CategoriesMenu = lazy(async () => ({ default: (await loadMenus()).CategoriesMenu }));
const AccountMenu = lazy(async () => ({ default: (await loadMenus()).AccountMenu }));

// What only a signed-in person sees (their messages, the bell and their unread counts) loads once there is a
// session: the server renders every page signed out, and a visitor never needs it (decision 032).
const loadMessagesLink = () => import('@/features/messages/components/MessagesLink');
const MessagesLink = lazy(async () => ({ default: (await loadMessagesLink()).MessagesLink }));
const MessagesIcon = lazy(async () => ({ default: (await loadMessagesLink()).MessagesIcon }));
const NotificationBell = lazy(async () => ({
  default: (await import('@/features/notifications/components/NotificationBell')).NotificationBell,
}));

/** The account menu's place while its code loads: the size of its avatar, so nothing moves. */
const AVATAR_PLACE = <span className={classes.avatarPlace} aria-hidden />;

/**
 * Until the menu is wanted (pointer over it, or a click or key press), the button alone; focus only fetches
 * the menu. A keyboard user keeps focus on the menu's button when it takes the place of this one.
 */
function CategoriesEntry() {
  const [wanted, setWanted] = useState<{ focused: boolean } | null>(null);
  const want = (event: SyntheticEvent<HTMLButtonElement>) =>
    setWanted({ focused: document.activeElement === event.currentTarget });
  // Closed until the menu takes its place, and says so: Menu.Target then keeps aria-expanded up to date.
  const button = (
    <CategoriesButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={want}
      onClick={want}
      onFocus={() => void loadMenus()}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <CategoriesMenu defaultOpened focusButton={wanted.focused} />
    </Suspense>
  );
}

export function Navbar({
  menuOpened,
  onToggleMenu,
  menuButtonRef,
}: {
  menuOpened: boolean;
  onToggleMenu: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
  const session = useSession();
  const i18n = useI18n();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.bar}>
      <Group gap="md" wrap="nowrap">
        <BrandLink />
        <SearchBox />
      </Group>
      <Group gap="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" visibleFrom="lg">
          <CategoriesEntry />
          <Link to="/about" className={classes.link}>
            {i18n.t('common.nav.about')}
          </Link>
          <Link to="/faqs" className={classes.link}>
            {i18n.t('common.nav.faqs')}
          </Link>
          {session.isSignedIn && (
            <Link to="/dashboard" className={classes.link}>
              {i18n.t('common.account.dashboard')}
            </Link>
          )}
          {session.isSignedIn && (
            <Suspense fallback={null}>
              <MessagesLink className={`${classes.link} ${classes.wideOnly}`} />
            </Suspense>
          )}
          {session.isAdmin && (
            <Link to="/admin" className={classes.link}>
              {i18n.t('common.nav.admin')}
            </Link>
          )}
          <Button component={Link} to="/projects/create" variant="filled" className={classes.keepWidth}>
            {i18n.t('common.nav.startProject')}
          </Button>
          {session.isSignedIn ? (
            <Suspense fallback={AVATAR_PLACE}>
              <AccountMenu />
            </Suspense>
          ) : (
            <Button component={Link} to="/signin" variant="default">
              {i18n.t('common.nav.signIn')}
            </Button>
          )}
        </Group>
        {session.isSignedIn && (
          <Group hiddenFrom="xl" gap={0}>
            <Suspense fallback={null}>
              <MessagesIcon />
            </Suspense>
          </Group>
        )}
        {session.isSignedIn && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <Burger
          ref={menuButtonRef}
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="lg"
          aria-label={i18n.t('common.nav.openNavigation')}
          aria-expanded={menuOpened}
          aria-haspopup="dialog"
        />
      </Group>
    </Group>
  );
}
