import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
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
