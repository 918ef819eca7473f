import { type ComponentType, lazy, type ReactElement } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useRoutes } from '@/lib/router';
import { AppLayout } from './layout/AppLayout';
import { RequireAuth } from './guards';

/** How to load each lazy page's chunk ahead of rendering it, by the element the route renders. */
const pageLoaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/** Every page is its own chunk: a visitor downloads only the screens they open. */
function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () => (loading ??= load().then((component) => ({ default: component })));
  const Page = lazy(loadOnce);
  const element = <Page />;
  pageLoaders.set(element, loadOnce);
  return element;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        index: true,
        element: lazyPage(async () => (await import('@/features/home/routes/HomePage')).HomePage),
      },
      {
        path: 'about',
        element: lazyPage(async () => (await import('@/features/info/routes/AboutPage')).AboutPage),
      },
      {
        path: 'terms',
        element: lazyPage(async () => (await import('@/features/info/routes/TermsPage')).TermsPage),
      },
      {
        path: 'privacy',
        element: lazyPage(async () => (await import('@/features/info/routes/PrivacyPage')).PrivacyPage),
      },
      {
        path: 'faqs',
        element: lazyPage(async () => (await import('@/features/info/routes/FaqPage')).FaqPage),
      },
      {
        path: 'how-it-works',
        element: lazyPage(async () => (await import('@/features/info/routes/HowItWorksPage')).HowItWorksPage),
      },
      {
        path: 'discover',
        element: lazyPage(
          async () => (await import('@/features/categories/routes/DiscoverPage')).DiscoverPage,
        ),
      },
      {
        path: 'signin',
        element: lazyPage(async () => (await import('@/features/auth/routes/SignInPage')).SignInPage),
      },
      {
        path: 'register',
        element: lazyPage(async () => (await import('@/features/auth/routes/RegisterPage')).RegisterPage),
      },
      {
        path: 'forgot-password',
        element: lazyPage(
          async () => (await import('@/features/auth/routes/ForgotPasswordPage')).ForgotPasswordPage,
        ),
      },
      {
        path: 'password-reset-success',
        element: lazyPage(
          async () =>
            (await import('@/features/auth/routes/PasswordResetSuccessPage')).PasswordResetSuccessPage,
        ),
      },
      {
        path: 'password-reset-failed',
        element: lazyPage(
          async () =>
            (await import('@/features/auth/routes/PasswordResetFailedPage')).PasswordResetFailedPage,
        ),
      },
      {
        path: 'password-reset/:token',
        element: lazyPage(
          async () => (await import('@/features/auth/routes/ResetPasswordPage')).ResetPasswordPage,
        ),
      },
      {
        path: 'verify-email',
        element: lazyPage(
          async () => (await import('@/features/auth/routes/VerifyEmailPage')).VerifyEmailPage,
        ),
      },
      {
        path: 'auth/callback',
        element: lazyPage(
          async () => (await import('@/features/auth/routes/AuthCallbackPage')).AuthCallbackPage,
        ),
      },
      {
        // Starting a project needs a session (SPEC §2); sign-in returns here afterwards.
        element: <RequireAuth />,
        children: [
          {
            path: 'projects/create',
            element: lazyPage(
              async () => (await import('@/features/projects/routes/ProjectFormPage')).ProjectFormPage,
            ),
          },
        ],
      },
      {
        path: 'projects/drafts/edit/:id',
        element: lazyPage(
          async () => (await import('@/features/projects/routes/ProjectFormPage')).ProjectFormPage,
        ),
      },
      {
        path: 'projects/edit/:projectId',
        element: lazyPage(
          async () => (await import('@/features/projects/routes/ProjectFormPage')).ProjectFormPage,
        ),
      },
      {
        path: 'projects/:id',
        element: lazyPage(async () => (await import('./routes/ProjectPage')).ProjectPage),
      },
      {
        path: 'projects/:id/updates/:updateId',
        element: lazyPage(async () => (await import('./routes/UpdateRoute')).UpdateRoute),
      },
      {
        path: 'projects/:id/rewards',
        element: lazyPage(async () => (await import('./routes/RewardsPage')).RewardsPage),
      },
      {
        path: 'donation/success',
        element: lazyPage(
          async () => (await import('@/features/backing/routes/DonationPages')).DonationSuccessPage,
        ),
      },
      {
        path: 'donation/cancel',
        element: lazyPage(
          async () => (await import('@/features/backing/routes/DonationPages')).DonationCancelPage,
        ),
      },
      {
        path: 'projects/drafts/:id',
        element: lazyPage(async () => (await import('./routes/DraftProjectPage')).DraftProjectPage),
      },
      {
        path: 'categories',
        element: lazyPage(
          async () => (await import('@/features/categories/routes/CategoriesPage')).CategoriesPage,
        ),
      },
      {
        path: 'projects',
        element: lazyPage(
          async () => (await import('@/features/discovery/routes/ProjectsPage')).ProjectsPage,
        ),
      },
      {
        path: 'projects/explore',
        element: lazyPage(async () => (await import('@/features/discovery/routes/ExplorePage')).ExplorePage),
      },
      {
        path: 'category/:categoryId',
        element: lazyPage(
          async () => (await import('@/features/discovery/routes/CategoryPage')).CategoryPage,
        ),
      },
      {
        // The signed-in area: pages beside the account sidebar.
        element: lazyPage(async () => (await import('./layout/DashboardLayout')).DashboardLayout),
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard',
                element: lazyPage(async () => (await import('./routes/DashboardRoute')).DashboardRoute),
              },
            ],
          },
          {
            // The creator's payouts: the bank connection and each project's balance (signed-in only).
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard/creator',
                element: lazyPage(
                  async () =>
                    (await import('@/features/payouts/routes/CreatorPayoutsPage')).CreatorPayoutsPage,
                ),
              },
              { path: 'bank-account/dashboard', element: <Navigate to="/dashboard/creator" replace /> },
            ],
          },
          {
            // Saved projects are a signed-in person's own: a visitor is sent to sign in.
            element: <RequireAuth />,
            children: [
              {
                path: 'saved-projects',
                element: lazyPage(
                  async () =>
                    (await import('@/features/projects/routes/SavedProjectsPage')).SavedProjectsPage,
                ),
              },
            ],
          },
          {
            // A person's backed projects are their own: a visitor is sent to sign in.
            element: <RequireAuth />,
            children: [
              {
                path: 'backed-projects',
                element: lazyPage(
                  async () =>
                    (await import('@/features/backing/routes/BackedProjectsPage')).BackedProjectsPage,
                ),
              },
              {
                // The backer survey of one pledge (DESIGN.md §17), linked from its notification and mail.
                path: 'backed-projects/:donationId/survey',
                element: lazyPage(
                  async () => (await import('@/features/backing/routes/SurveyPage')).SurveyPage,
                ),
              },
            ],
          },
          {
            // Messages (DESIGN.md §17): a signed-in person's own conversations.
            element: <RequireAuth />,
            children: [
              {
                path: 'messages',
                element: lazyPage(
                  async () => (await import('@/features/messages/routes/MessagesPage')).MessagesPage,
                ),
              },
              {
                path: 'messages/:threadId',
                element: lazyPage(
                  async () => (await import('@/features/messages/routes/ThreadPage')).ThreadPage,
                ),
              },
            ],
          },
          {
            // The creators a signed-in person follows (DESIGN.md §19).
            element: <RequireAuth />,
            children: [
              {
                path: 'following',
                element: lazyPage(
                  async () => (await import('@/features/follows/routes/FollowingPage')).FollowingPage,
                ),
              },
            ],
          },
          {
            // The notification centre: a signed-in person's own notifications.
            element: <RequireAuth />,
            children: [
              {
                path: 'notifications',
                element: lazyPage(
                  async () =>
                    (await import('@/features/notifications/routes/NotificationsPage')).NotificationsPage,
                ),
              },
            ],
          },
          {
            path: 'my-projects',
            element: lazyPage(async () => (await import('./routes/MyProjectsRoute')).MyProjectsRoute),
          },
          {
            path: 'profile',
            element: lazyPage(
              async () => (await import('@/features/profile/routes/ProfilePage')).ProfilePage,
            ),
          },
          {
            path: 'settings',
            element: lazyPage(
              async () => (await import('@/features/settings/routes/SettingsPage')).SettingsPage,
            ),
          },
        ],
      },
      {
        // Where the bank-account onboarding returns (SPEC §2 'Bank connection result page').
        path: 'connect/callback',
        element: lazyPage(
          async () => (await import('@/features/payouts/routes/ConnectCallbackPage')).ConnectCallbackPage,
        ),
      },
      {
        // Where a mail's unsubscribe link leads: no sign-in needed (DESIGN.md §11).
        path: 'unsubscribe',
        element: lazyPage(
          async () => (await import('@/features/settings/routes/UnsubscribePage')).UnsubscribePage,
        ),
      },
      {
        // The admin area: review queue, reports, featured requests, audit log (the page and the API check the role).
        element: <RequireAuth />,
        children: [
          {
            path: 'admin',
            element: lazyPage(async () => (await import('@/features/admin/routes/AdminPage')).AdminPage),
          },
        ],
      },
      {
        path: 'news/:slug',
        element: lazyPage(async () => (await import('@/features/home/routes/NewsPage')).NewsPage),
      },
      {
        path: '*',
        element: lazyPage(async () => (await import('@/features/info/routes/NotFoundPage')).NotFoundPage),
      },
    ],
  },
];

/**
 * Loads the chunks of the pages at `pathname` before the browser takes over a page the server rendered, so that
 * hydration finds them ready rather than leaving the page inert while they download.
 */
export function preloadPages(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.flatMap((match) => pageLoaders.get(match.route.element as ReactElement)?.() ?? []),
  );
}

/** The pages, under whichever router the entry brings: the browser's, or the server's for one address. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The browser's router (lib/router.tsx): a page still loading shows the layout's loader at once, as navigations
 * are not transitions.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
