import { useDisclosure } from '@mantine/hooks';
import { type CSSProperties, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from '@/lib/router';
import { PageLoader } from '@/components/PageLoader';
import { STATIC_PAGE_META } from '@fundry/shared';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/page-meta';
import { useSiteConfig } from '@/lib/site-config';
import { NAVBAR_HEIGHT } from '../theme';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { RouteErrorBoundary } from './RouteError';
import { TestModeBanner } from './TestModeBanner';

// The drawer, its scroll area and focus trap load only when a small screen first opens the menu.
const MobileMenu = lazy(async () => ({ default: (await import('./MobileMenu')).MobileMenu }));

/** A new page starts at the top; going back or forward leaves the browser's own scroll restoration alone. */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const i18n = useI18n();
  const testMode = useSiteConfig().data?.test_mode;
  useScrollToTopOnNavigation(pathname);
  // Pages built from data set their own head once it has loaded.
  usePageMeta(STATIC_PAGE_META[pathname]);
  useEffect(() => {
    setSessionExpiredHandler(() => void navigate('/signin', { replace: true }));
  }, [navigate]);

  const toggleMenu = () => {
    setMenuWanted(true);
    menu.toggle();
  };
  // The drawer loads already open the first time, before Mantine could note where focus was: closing it gives
  // focus back to the menu button here.
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    menu.close();
    menuButton.current?.focus();
  };
  return (
    <div
      className={testMode ? classes.withTestMode : undefined}
      style={{ '--navbar-height': `${NAVBAR_HEIGHT}px` } as CSSProperties}
    >
      {/* The first stop of the keyboard: past the navigation, straight to the page (WCAG 2.4.1). */}
      <a href="#main" className={classes.skipLink}>
        {i18n.t('common.nav.skipToContent')}
      </a>
      <header className={classes.header}>
        <Navbar menuOpened={menuOpened} onToggleMenu={toggleMenu} menuButtonRef={menuButton} />
      </header>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={closeMenu} />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className={classes.main}>
        <div className={classes.page}>
          <RouteErrorBoundary page={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
        <Footer />
        <TestModeBanner />
      </main>
    </div>
  );
}
