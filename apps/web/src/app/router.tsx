import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { RouteError } from './layout/RouteError';
import { AppLayout } from './layout/AppLayout';
import { RequireAuth } from './guards';
import { PageLoader } from '@/components/PageLoader';

/** Every page is its own chunk: a visitor downloads only the screens they open. */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('@/features/home/routes/HomePage')).HomePage }),
      },
      {
        path: 'about',
        lazy: async () => ({ Component: (await import('@/features/info/routes/AboutPage')).AboutPage }),
      },
      {
        path: 'faqs',
        lazy: async () => ({ Component: (await import('@/features/info/routes/FaqPage')).FaqPage }),
      },
      {
        path: 'how-it-works',
        lazy: async () => ({
          Component: (await import('@/features/info/routes/HowItWorksPage')).HowItWorksPage,
        }),
      },
      {
        path: 'discover',
        lazy: async () => ({
          Component: (await import('@/features/categories/routes/DiscoverPage')).DiscoverPage,
        }),
      },
      {
        path: 'signin',
        lazy: async () => ({ Component: (await import('@/features/auth/routes/SignInPage')).SignInPage }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/RegisterPage')).RegisterPage,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        path: 'password-reset-success',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/PasswordResetSuccessPage'))
            .PasswordResetSuccessPage,
        }),
      },
      {
        path: 'password-reset-failed',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/PasswordResetFailedPage')).PasswordResetFailedPage,
        }),
      },
      {
        path: 'password-reset/:token',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/ResetPasswordPage')).ResetPasswordPage,
        }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/VerifyEmailPage')).VerifyEmailPage,
        }),
      },
      {
        path: 'auth/callback',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/AuthCallbackPage')).AuthCallbackPage,
        }),
      },
      {
        // Starting a project needs a session (SPEC §2); sign-in returns here afterwards.
        element: <RequireAuth />,
        children: [
          {
            path: 'projects/create',
            lazy: async () => ({
              Component: (await import('@/features/projects/routes/ProjectFormPage')).ProjectFormPage,
            }),
          },
        ],
      },
      {
        path: 'projects/drafts/edit/:id',
        lazy: async () => ({
          Component: (await import('@/features/projects/routes/ProjectFormPage')).ProjectFormPage,
        }),
      },
      {
        path: 'projects/edit/:projectId',
        lazy: async () => ({
          Component: (await import('@/features/projects/routes/ProjectFormPage')).ProjectFormPage,
        }),
      },
      {
        path: 'projects/:id',
        lazy: async () => ({
          Component: (await import('@/features/projects/routes/ProjectDetailPage')).ProjectDetailPage,
        }),
      },
      {
        path: 'projects/:id/rewards',
        lazy: async () => ({
          Component: (await import('@/features/backing/routes/AllRewardsPage')).AllRewardsPage,
        }),
      },
      {
        path: 'donation/success',
        lazy: async () => ({
          Component: (await import('@/features/backing/routes/DonationPages')).DonationSuccessPage,
        }),
      },
      {
        path: 'donation/cancel',
        lazy: async () => ({
          Component: (await import('@/features/backing/routes/DonationPages')).DonationCancelPage,
        }),
      },
      {
        path: 'projects/drafts/:id',
        lazy: async () => ({
          Component: (await import('@/features/projects/routes/ProjectDetailPage')).ProjectDetailPage,
        }),
      },
      {
        path: 'categories',
        lazy: async () => ({
          Component: (await import('@/features/categories/routes/CategoriesPage')).CategoriesPage,
        }),
      },
      {
        path: 'projects',
        lazy: async () => ({
          Component: (await import('@/features/discovery/routes/ProjectsPage')).ProjectsPage,
        }),
      },
      {
        path: 'projects/explore',
        lazy: async () => ({
          Component: (await import('@/features/discovery/routes/ExplorePage')).ExplorePage,
        }),
      },
      {
        path: 'category/:categoryId',
        lazy: async () => ({
          Component: (await import('@/features/discovery/routes/CategoryPage')).CategoryPage,
        }),
      },
      {
        // The signed-in area: pages beside the account sidebar.
        lazy: async () => ({ Component: (await import('./layout/DashboardLayout')).DashboardLayout }),
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('@/features/dashboard/routes/DashboardPage')).DashboardPage,
                }),
              },
            ],
          },
          {
            // The creator's payouts: the bank connection and each project's balance (signed-in only).
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard/creator',
                lazy: async () => ({
                  Component: (await import('@/features/payouts/routes/CreatorPayoutsPage'))
                    .CreatorPayoutsPage,
                }),
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
                lazy: async () => ({
                  Component: (await import('@/features/discovery/routes/SavedProjectsPage'))
                    .SavedProjectsPage,
                }),
              },
            ],
          },
          {
            // A person's backed projects are their own: a visitor is sent to sign in.
            element: <RequireAuth />,
            children: [
              {
                path: 'backed-projects',
                lazy: async () => ({
                  Component: (await import('@/features/backing/routes/BackedProjectsPage'))
                    .BackedProjectsPage,
                }),
              },
            ],
          },
          {
            path: 'my-projects',
            lazy: async () => ({
              Component: (await import('@/features/projects/routes/MyProjectsPage')).MyProjectsPage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('@/features/profile/routes/ProfilePage')).ProfilePage,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('@/features/settings/routes/SettingsPage')).SettingsPage,
            }),
          },
        ],
      },
      {
        // Where the bank-account onboarding returns (SPEC §2 'Bank connection result page').
        path: 'connect/callback',
        lazy: async () => ({
          Component: (await import('@/features/payouts/routes/ConnectCallbackPage')).ConnectCallbackPage,
        }),
      },
      {
        path: 'news/:slug',
        lazy: async () => ({ Component: (await import('@/features/home/routes/NewsPage')).NewsPage }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('@/features/info/routes/NotFoundPage')).NotFoundPage,
        }),
      },
    ],
  },
];

const router = createBrowserRouter(routes);

setSessionExpiredHandler(() => {
  void router.navigate('/signin', { replace: true });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
