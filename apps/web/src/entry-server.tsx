import { dehydrate, type FetchQueryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from '@/lib/router';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { Locale, Translator } from '@fundry/shared';
import { AppProviders, makeQueryClient } from './app/providers';
import { setTranslatorSource } from './lib/i18n';
import { pageMessages, pageTranslator } from './page-translators';
import { AppRoutes } from './app/router';
import { type ServerTransport, setServerTransportSource } from './lib/api-client';
import { serializePageState } from './page-state';
import { addOnsQuery } from './features/backing/api/add-ons';
import { rewardsQuery } from './features/backing/api/rewards';
import { stretchGoalsQuery } from './features/stretch-goals/api/stretch-goals';
import { categoryPageQuery, categoryQuery, projectListQuery } from './features/discovery/api/discovery';
import { exploreListParams, parseExploreQuery } from './features/discovery/explore-query';
import { discoveryQuery } from './features/home/api/discovery';
import { projectQuery } from './features/projects/api/projects';
import { fxRatesQuery } from './lib/display-currency';
import { categoriesQuery } from './lib/categories';
import { siteConfigQuery } from './lib/site-config';

/**
 * Several pages render at once, each reading its data as its own visitor (their address for the rate limits):
 * a read finds its page's transport in the async context it was started from.
 */
const renders = new AsyncLocalStorage<{ transport: ServerTransport; translator: Translator }>();
setServerTransportSource(() => renders.getStore()?.transport);
setTranslatorSource(() => renders.getStore()?.translator);

/** Data a page needs may depend on data it loaded first (a project, then its rewards): a few rounds at most. */
const MAX_DATA_ROUNDS = 4;

/**
 * What the most visited pages are known to read (a shared link's project page, home), read before their first
 * render, so that render is their only one: a render that only finds out what to read costs as much as the page
 * itself (decision 018). The queries are the hooks' own, so the keys match; anything else a page asks for is still
 * found by rendering it, so a page missing here, or a read left out, costs a render and nothing else. The server's
 * render is signed out: no token in the keys.
 */
const PRELOADS: Array<
  [RegExp, (match: RegExpExecArray, search: URLSearchParams) => FetchQueryOptions<unknown>[]]
> = [
  [/^\/$/, () => [siteConfigQuery, fxRatesQuery, discoveryQuery] as FetchQueryOptions<unknown>[]],
  // A list's cards show approximations of amounts in other currencies: with the rates read first they come with
  // the cards' render instead of costing one more. The list itself is the one the page's address asks for.
  [
    /^\/projects\/explore\/?$/,
    (_, search) =>
      [
        siteConfigQuery,
        fxRatesQuery,
        categoriesQuery,
        projectListQuery(exploreListParams(parseExploreQuery(search))),
      ] as FetchQueryOptions<unknown>[],
  ],
  [
    /^\/category\/([^/]+)\/?$/,
    ([, categoryId], search) => {
      const { id, list } = categoryPageQuery(categoryId, search);
      return [
        siteConfigQuery,
        fxRatesQuery,
        ...(id === null ? [] : [categoryQuery(id), projectListQuery(list)]),
      ] as FetchQueryOptions<unknown>[];
    },
  ],
  [
    /^\/projects\/(\d+)\/?$/,
    ([, id]) =>
      [
        siteConfigQuery,
        fxRatesQuery,
        projectQuery(Number(id), null),
        rewardsQuery(Number(id), null),
        stretchGoalsQuery(Number(id), null),
        addOnsQuery(Number(id), null),
      ] as FetchQueryOptions<unknown>[],
  ],
];

function preload(url: string, queryClient: QueryClient) {
  const [path = '', query = ''] = url.split('?');
  for (const [pattern, queries] of PRELOADS) {
    const match = pattern.exec(path);
    // A failed read is left as it is: the render then finds the page without its data, as without preloading.
    if (match) {
      const reads = queries(match, new URLSearchParams(query));
      return Promise.all(reads.map((read) => queryClient.prefetchQuery(read)));
    }
  }
}

function App({
  url,
  queryClient,
  translator,
  currency,
}: {
  url: string;
  queryClient: QueryClient;
  translator: Translator;
  currency: string | null;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} translator={translator} chosenCurrency={currency}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Renders the whole page, lazy pages included, once everything it can render is ready. Larger boundaries would
 * otherwise be sent apart and put in place by an inline script, which the Content-Security-Policy forbids.
 */
function renderToHtml(
  url: string,
  queryClient: QueryClient,
  translator: Translator,
  currency: string | null,
  onError: (error: unknown) => void,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const sink = new Writable({
      write: (chunk: Uint8Array, _encoding, done) => {
        chunks.push(chunk);
        length += chunk.byteLength;
        done();
      },
      final: (done) => {
        // A buffer of its own (not a slice of Node's shared pool), so that it can be transferred between threads.
        const html = new Uint8Array(length);
        let offset = 0;
        for (const chunk of chunks) {
          html.set(chunk, offset);
          offset += chunk.byteLength;
        }
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <App url={url} queryClient={queryClient} translator={translator} currency={currency} />,
      {
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError,
      },
    );
  });
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

const waiting = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );

export interface RenderedPage {
  /**
   * The contents of #root as React wrote them, UTF-8 in a buffer of its own: a page rendered in a worker thread
   * crosses to the main thread by moving this buffer, and is compressed from it, never decoded to a string and
   * encoded again (one character outside Latin-1 makes a page's string twice its size to copy).
   */
  html: Uint8Array;
  /** The page's data and the messages it shows, as script elements, for the browser to hydrate with. */
  stateScript: string;
}

/**
 * The page at `url` as a visitor who is not signed in sees it in `locale`, with approximations in `currency` (their
 * chosen display currency, or null to follow the language), with its data, or null when some data it needs could
 * not be loaded: the browser then renders it, and shows what went wrong. Each render tells which data the page
 * asks for; once a render asks for nothing new, it is the page.
 */
export function renderPage(
  url: string,
  transport: ServerTransport,
  onError: (error: unknown) => void,
  locale: Locale,
  currency: string | null = null,
): Promise<RenderedPage | null> {
  const shown = new Set<string>();
  const translator = pageTranslator(locale).recording((key) => shown.add(key));
  return renders.run({ transport, translator }, () =>
    renderWithData(url, translator, currency, shown, onError),
  );
}

async function renderWithData(
  url: string,
  translator: Translator,
  currency: string | null,
  shown: Set<string>,
  onError: (error: unknown) => void,
): Promise<RenderedPage | null> {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  await preload(url, queryClient);
  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    // Each round renders the whole page again: the messages of the last one are the page's.
    shown.clear();
    const html = await renderToHtml(url, queryClient, translator, currency, onError);
    const queries = waiting(queryClient);
    if (queries.length === 0) {
      const failed = queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error');
      if (failed) return null;
      const messages = pageMessages(translator.locale, shown);
      return { html, stateScript: serializePageState(dehydrate(queryClient), messages) };
    }
    await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
  }
  return null;
}
