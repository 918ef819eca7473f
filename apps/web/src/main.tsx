import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { loadCatalog } from 'virtual:fundry-catalog';
import {
  type CompiledCatalog,
  createTranslator,
  currencyCookieValue,
  DEFAULT_LOCALE,
  isShippedLocale,
  type Translator,
} from '@fundry/shared';
import { PAGE_MESSAGES_ELEMENT_ID, PAGE_STATE_ELEMENT_ID, readPageJson } from './page-state';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The server chose the page's locale (DESIGN.md §14) and wrote it on <html lang>: only its catalog is loaded.
const locale = isShippedLocale(document.documentElement.lang)
  ? document.documentElement.lang
  : DEFAULT_LOCALE;
const catalog = loadCatalog(locale);

// The page's start in three tasks, each ending with a yield to the browser: React's modules, the app's (Mantine, the
// providers, the router: src/app/boot.ts, in the same chunk), then the page's data and hydration. In one task they
// held a phone's main thread for the longest task of the page's load, which no tap or scroll could interrupt.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await nextTask();
const { AppProviders, AppRouter, makeQueryClient, preloadPages, setTranslatorSource } =
  await import('./app/boot');
await nextTask();

const queryClient = makeQueryClient();
// The display currency the visitor chose, as the server read it from the same cookie for its render.
const chosenCurrency = currencyCookieValue(document.cookie);
const app = (translator: Translator) => (
  <StrictMode>
    <AppProviders queryClient={queryClient} translator={translator} chosenCurrency={chosenCurrency}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A page the server rendered (DESIGN.md §13) comes with the data it was rendered with and the messages it shows:
// the browser takes the same data, words and HTML over without waiting for the whole catalog. Any other page
// renders here once its catalog is in.
const pageState = readPageJson<DehydratedState>(PAGE_STATE_ELEMENT_ID);
const pageMessages = readPageJson<CompiledCatalog>(PAGE_MESSAGES_ELEMENT_ID);
if (pageState && pageMessages) {
  const translator = createTranslator(locale, pageMessages);
  setTranslatorSource(() => translator);
  // A page the server kept (decision 018) is as current as one it renders now, since the change feed forgets it on
  // any change: its data counts as read now, and the browser does not read it again at once.
  const servedAt = Date.now();
  for (const query of pageState.queries) query.state.dataUpdatedAt = servedAt;
  hydrate(queryClient, pageState);
  await preloadPages(window.location.pathname);
  let reactRoot!: Root;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page: a tap or a scroll on the server's HTML is answered while the page comes to life.
  startTransition(() => {
    reactRoot = hydrateRoot(root, app(translator), {
      // A difference between the server's HTML and the browser's first render is a bug: the tests fail on it.
      onRecoverableError: (error) => console.error('Hydration failed', error),
    });
  });
  // What showed before the rest of the catalog arrived and needed a message the page did not bring (a signed-in
  // visitor's menu, a page opened at once) showed its key: it renders again, in words.
  if (translator.load(await catalog)) reactRoot.render(app({ ...translator }));
} else {
  const translator = createTranslator(locale, await catalog);
  setTranslatorSource(() => translator);
  createRoot(root).render(app(translator));
}
