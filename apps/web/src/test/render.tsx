import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { Locale } from '@fundry/shared';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from '@/lib/router';
import { SessionProvider } from '@/lib/session';
import { TestProviders } from '@/test/i18n';

type InitialEntry = NonNullable<
  NonNullable<Parameters<typeof createMemoryRouter>[1]>['initialEntries']
>[number];

/** Stands in for every page a test does not render: shows where the router went and with what state. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </output>
  );
}

/**
 * Renders one page at `path` inside the app's providers (Mantine in test mode, notifications, a fresh query
 * client, the session) and a memory router whose other paths all show a LocationProbe. A layout passes its
 * nested routes as `children`; `locale` is the reader's language (English unless given).
 */
export function renderPage(
  element: ReactElement,
  {
    path,
    at = path,
    children,
    userEventOptions,
    locale,
  }: {
    path: string;
    at?: InitialEntry;
    children?: RouteObject[];
    userEventOptions?: UserEventOptions;
    locale?: Locale;
  },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element, children },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [at] },
  );
  const user = userEvent.setup(userEventOptions);
  const view = render(
    <TestProviders locale={locale}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </TestProviders>,
  );
  return { ...view, router, queryClient, user };
}
