// Mantine's base; each component's own CSS comes with its code (mantine-styles-plugin.ts, decision 032).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's own, built with the build (theme-variables-plugin.ts): after Mantine's defaults, which they override.
import 'virtual:fundry-theme-variables.css';
import '@mantine/notifications/styles.css';
import './direction.css';
import './full-width-buttons.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TIMINGS_MS, type Translator } from '@fundry/shared';
import { LocaleSync } from '@/features/settings/components/LocaleSync';
import { ApiError } from '@/lib/api-client';
import { DisplayCurrencyProvider } from '@/lib/display-currency';
import { I18nProvider } from '@/lib/i18n';
import { onToastsWanted, toastsWanted } from '@/lib/toasts-wanted';
import { SessionProvider } from '@/lib/session';
import { theme } from './theme';
import toastClasses from './toasts.module.css';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** The toasts, once the first is asked for (lib/toasts-wanted.ts). */
function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the navigation bar, never over it: the links stay reachable while a toast shows. */}
      <Notifications
        position="top-right"
        autoClose={TIMINGS_MS.toast}
        zIndex={1000}
        classNames={{ root: toastClasses.toasts }}
      />
    </Suspense>
  );
}

/**
 * Marks the document once React has taken the page over: from then on its buttons answer (a click on the server's
 * HTML before that does nothing). The journeys wait for it after each page load.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network trouble may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/**
 * The query client comes from the entry: the server fills it before rendering, the browser from that render.
 * So does the translator, in the page's locale (DESIGN.md §14), whose direction the layout follows, and the
 * visitor's chosen display currency (DESIGN.md §15), which the server keyed the page with.
 */
export function AppProviders({
  queryClient,
  translator,
  chosenCurrency,
  children,
}: {
  queryClient: QueryClient;
  translator: Translator;
  chosenCurrency: string | null;
  children: ReactNode;
}) {
  return (
    <I18nProvider translator={translator}>
      <DirectionProvider initialDirection={translator.dir} detectDirection={false}>
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <LocaleSync />
              <DisplayCurrencyProvider chosen={chosenCurrency}>{children}</DisplayCurrencyProvider>
              <InteractiveMark />
            </SessionProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
