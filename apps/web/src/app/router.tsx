import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { RouteError } from './layout/RouteError';
import { AppLayout } from './layout/AppLayout';
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
        path: 'settings',
        lazy: async () => ({
          Component: (await import('@/features/settings/routes/SettingsPage')).SettingsPage,
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
