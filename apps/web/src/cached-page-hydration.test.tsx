import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignEnd, MS_PER_DAY } from '@fundry/shared';
import { AppProviders, makeQueryClient } from './app/providers';
import { AppRouter, preloadPages } from './app/router';
import type { renderPage as renderPageFromSources } from './entry-server';
import { setTranslatorSource } from './lib/i18n';
import { pageTranslator } from './page-translators';
import { PAGE_STATE_ELEMENT_ID } from './page-state';
import { serverTransport } from './test/api';
import { makeProject } from './test/projects';

/**
 * The server's render as the server runs it: the built render bundle, with React of its own. Rendered from the
 * sources in this process instead, the server's and the browser's React would share their contexts, which no
 * browser ever does (a StaticRouter's location would still be in place when the browser's router starts).
 */
const RENDER_BUNDLE = path.resolve(import.meta.dirname, '../dist-ssr/entry-server.js');
type RenderPage = typeof renderPageFromSources;

const END_DATE = '2030-02-01';
/** A day and half a minute before the campaign's end: "2 days left" now, "1 day left" a minute later. */
const RENDERED_AT = campaignEnd(END_DATE) - MS_PER_DAY - 30_000;

/** The API as the server's render reads it: the home page's configuration, picks and upcoming list. */
const transport = serverTransport(async (url) => {
  const path = new URL(url).pathname;
  if (path === '/api/v1/config') {
    return Response.json({
      data: {
        test_mode: false,
        locales: ['en'],
        default_locale: 'en',
        currencies: ['USD'],
        base_currency: 'USD',
      },
    });
  }
  if (path === '/api/v1/projects/discovery') {
    const card = makeProject({ id: 41, title: 'Tide clock', start_date: '2030-01-01', end_date: END_DATE });
    return Response.json({ data: { featured: [card], trending: [] } });
  }
  if (path === '/api/v1/projects') {
    // The home page's Upcoming list (DESIGN.md §19): none waiting to launch.
    const meta = { total: 0, pages: 0, page: 1, per_page: 4 };
    return Response.json({ data: { projects: [], ...meta }, meta });
  }
  return Response.json({ message: 'Not here' }, { status: 404 });
});

// The bundle exists once the web app is built (`npm run build`, as `npm test` does before the unit tests): a
// quick `vitest run` without a build skips this, CI never does.
describe.skipIf(!existsSync(RENDER_BUNDLE) && !process.env.CI)('a kept page hydrates as a fresh one', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    vi.useRealTimers();
  });

  it('logs no mismatch when the browser reads the clock a minute after the server rendered it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(RENDERED_AT);
    const { renderPage } = (await import(/* @vite-ignore */ pathToFileURL(RENDER_BUNDLE).href)) as {
      renderPage: RenderPage;
    };
    const rendered = await renderPage('/', transport, (error) => console.error(error), 'en');
    expect(rendered).not.toBeNull();
    const html = new TextDecoder().decode(rendered!.html);
    expect(html).toContain('2 days left');

    // The page as the cache kept it, opened a minute later, hydrated as main.tsx does.
    vi.setSystemTime(RENDERED_AT + 60_000);
    document.body.innerHTML = `<div id="root">${html}</div>${rendered!.stateScript}`;
    const translator = pageTranslator('en');
    setTranslatorSource(() => translator);
    const queryClient = makeQueryClient();
    hydrate(
      queryClient,
      JSON.parse(document.getElementById(PAGE_STATE_ELEMENT_ID)!.textContent) as DehydratedState,
    );
    await preloadPages('/');
    // The code the page loads after it hydrates (the footer's language menu, the toasts), in before the page
    // hydrates: loaded later, on a slow machine, it would resolve its suspended part outside act().
    await Promise.all([
      import('@/features/settings/components/LanguageMenu'),
      import('@mantine/notifications'),
    ]);
    // What React says of the hydration, besides its onRecoverableError.
    const said: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      said.push(args.map(String).join(' '));
    });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root')!,
        <StrictMode>
          <AppProviders queryClient={queryClient} translator={translator} chosenCurrency={null}>
            <AppRouter />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(recoverable).toEqual([]);
    // The one difference allowed: CSS module class names, which the tests' build names otherwise than the bundle's.
    const differences = said.flatMap((message) =>
      [...message.matchAll(/^\s*[+-]\s+([\w-]+)=/gm)].map((match) => match[1]),
    );
    expect(
      said.filter((message) => !message.includes('some attributes of the server rendered HTML')),
    ).toEqual([]);
    expect(differences.filter((attribute) => attribute !== 'className')).toEqual([]);
    expect(document.body.textContent).toContain('Tide clock');
  });
});
