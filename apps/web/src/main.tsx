import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadCatalog } from 'virtual:fundry-catalog';
import { createTranslator, DEFAULT_LOCALE, isShippedLocale } from '@fundry/shared';
import { setTranslatorSource } from '@/lib/i18n';
import { AppProviders, makeQueryClient } from './app/providers';
import { AppRouter, preloadPages } from './app/router';
import { PAGE_STATE_ELEMENT_ID } from './page-state';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The server chose the page's locale (DESIGN.md §14) and wrote it on <html lang>: only its catalog is loaded.
const locale = isShippedLocale(document.documentElement.lang)
  ? document.documentElement.lang
  : DEFAULT_LOCALE;
const translator = createTranslator(locale, await loadCatalog(locale));
setTranslatorSource(() => translator);

const queryClient = makeQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} translator={translator}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A page the server rendered (DESIGN.md §13) comes with the data it was rendered with: the browser takes the
// same data and the same HTML over. Any other page renders here.
const pageState = document.getElementById(PAGE_STATE_ELEMENT_ID);
if (pageState?.textContent) {
  hydrate(queryClient, JSON.parse(pageState.textContent) as DehydratedState);
  await preloadPages(window.location.pathname);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page: a tap or a scroll on the server's HTML is answered while the page comes to life.
  startTransition(() => {
    hydrateRoot(root, app, {
      // A difference between the server's HTML and the browser's first render is a bug: the tests fail on it.
      onRecoverableError: (error) => console.error('Hydration failed', error),
    });
  });
} else {
  createRoot(root).render(app);
}
