import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  addressInLocale,
  currencyCookieValue,
  displayCurrency,
  INTL_WARM_UP_PATH,
  INTL_WARM_UP_WORKER,
  type Locale,
  LOCALE_QUERY_PARAM,
  PAGE_PATHS,
} from '@fundry/shared';
import { readingToKeep, readScopes } from '../../db/replicas';
import { isDatabaseUnreachable, notFound, routeNotFound } from '../../errors';
import { type PageLanguage, withPageHead } from './page-head';
import {
  type KeptPage,
  type PageBytes,
  type PageDependency,
  PageHtmlCache,
  pageEncoder,
  preferredEncoding,
  renderAddress,
} from './page-html-cache';
import type { Page, PageService } from './pages.service';
import { RenderPool, type ApiAnswer, type RenderTransport } from './render-pool';
import type { RenderedPage } from './render-worker';
import { SITEMAP_URL_LIMIT, type SitemapEntry, sitemapIndex, urlSet } from './sitemap';
import { routeStylesOf, stylesOfAddress } from './route-styles';

export interface PageRoutesOptions {
  pages: PageService;
  /** The web build (index.html and its assets); without it only the sitemap and robots.txt are served. */
  webDistDir: string;
  appUrl: string;
  /** Addresses per sitemap file; the protocol's limit unless a test needs a smaller one. */
  sitemapUrlLimit?: number;
  /** Pages rendered at once, past which a page is sent for the browser to render. */
  maxRendersInFlight?: number;
  /** Worker threads the pages render in (decision 027); 0, or none given, renders on the main thread. */
  renderWorkers?: number;
  /** Rendered pages kept for the next visitors (decision 018); without it every page renders. */
  htmlCache?: PageHtmlCache;
  /** The offered currencies and the base one, from which a visitor's display currency is chosen (DESIGN.md §15). */
  currencies: { offered: readonly string[]; base: string };
}

type Params = Record<string, string | undefined>;

/**
 * A render as the routes start it: in a worker (`RenderPool.render`), or by the web app's server bundle
 * (apps/web/src/entry-server.tsx) on this thread, which reads through the same transport.
 */
type RenderPage = (
  url: string,
  transport: RenderTransport,
  onError: (error: unknown) => void,
  locale: Locale,
  currency: string,
) => Promise<RenderedPage | null>;

/** The public pages of DESIGN.md §13: rendered with their data on the server; the others render in the browser. */
const SERVER_RENDERED = new Set([
  '/',
  '/projects',
  '/projects/explore',
  '/categories',
  '/category/:categoryId',
  '/discover',
  '/projects/:id',
  '/projects/:id/rewards',
  '/projects/:id/updates/:updateId',
  '/about',
  '/faqs',
  '/how-it-works',
  '/news/:slug',
  '/terms',
  '/privacy',
]);

const ROOT_ELEMENT = '<div id="root"></div>';
/** How apps/web/page-modules.ts names the not-found page, which every address no route names shows. */
const NOT_FOUND_PATTERN = '*';
/** What the web build calls a language's catalog (apps/web/catalogs-plugin.ts). */
const CATALOG_MODULE = 'virtual:fundry-catalog/';

/**
 * A render holds its event loop for tens of milliseconds once its data is in (one synchronous React render, since
 * the known reads come first: entry-server.tsx). Renders whose reads end together run back to back before anything
 * else: with 8 at once, an API call beside a burst of first visits waited seconds (decision 018). On the main
 * thread, two keep the processor busy (one renders while the other reads) and hold anything else back by two
 * renders at most; the pages past them go to the browser to render, and a page being rendered is waited for, not
 * rendered again.
 */
const MAX_RENDERS_IN_FLIGHT = 2;
/**
 * In worker threads (decision 027) a render holds only its worker's loop, so the same two go to each worker: one
 * renders while the other reads, and a page waits behind one other render at most.
 */
const RENDERS_PER_WORKER = 2;

/** The pages whose head comes from data; every other path of PAGE_PATHS has a fixed one. */
const DATA_PAGES: Record<string, (pages: PageService, params: Params) => Promise<Page> | Page> = {
  '/projects/:id': (pages, params) => pages.project(params.id),
  '/projects/:id/rewards': (pages, params) => pages.projectRewards(params.id),
  '/projects/:id/updates/:updateId': (pages, params) => pages.update(params.id, params.updateId),
  '/category/:categoryId': (pages, params) => pages.category(params.categoryId),
  '/news/:slug': (pages, params) => pages.news(params.slug),
};

/** Public data pages hold no one's own data: a shared cache may keep them a minute; the browser asks again. */
const SHAREABLE = new Set(['/projects/:id', '/projects/:id/updates/:updateId', '/category/:categoryId']);

/** Pages that show many projects: any project's change may change them (decision 018). */
const CATALOGUE_PAGES = new Set([
  '/',
  '/projects',
  '/projects/explore',
  '/categories',
  '/category/:categoryId',
  '/discover',
  '/about',
]);

/** Which announced changes a kept page must be forgotten on. */
function dependencyOf(pattern: string, params: Params): PageDependency {
  if (pattern.startsWith('/projects/:id')) return { project: Number(params.id) };
  return CATALOGUE_PAGES.has(pattern) ? 'catalogue' : 'none';
}

const ROBOTS_DISALLOWED = ['/api/', '/sandbox/', '/dashboard', '/admin', '/settings', '/profile'];

/**
 * The web app's pages (DESIGN.md §13): every path the router knows answers its page with the right status,
 * title, description and canonical link, whatever the Accept header; anything else a 404 page. Also the built
 * assets, /sitemap.xml, /robots.txt and the Intl warm-up's worker.
 */
async function pageRoutesImpl(app: FastifyInstance, options: PageRoutesOptions) {
  const { pages, webDistDir, appUrl, htmlCache, currencies } = options;
  const sitemapLimit = options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\n${ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${appUrl}/sitemap.xml\n`,
      ),
  );

  // The head's worker (head-script.ts): the same for every language, whose `?lang=` only the worker reads.
  app.get(INTL_WARM_UP_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(INTL_WARM_UP_WORKER),
  );

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  const { translators } = app;
  /** Each address with its alternates in every offered language, as the pages' heads give them. */
  const withAlternates = (entries: SitemapEntry[]) =>
    entries.map((entry) => ({
      ...entry,
      alternates: translators.offered.map((locale) => ({ locale, href: addressInLocale(entry.loc, locale) })),
    }));
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = await pages.sitemapFileCount(sitemapLimit);
    if (files === 1) {
      return sendXml(reply, urlSet(withAlternates(await pages.sitemapFile(appUrl, 1, sitemapLimit))));
    }
    const locations = Array.from({ length: files }, (_, index) => ({
      loc: `${appUrl}/sitemaps/${index + 1}.xml`,
    }));
    return sendXml(reply, sitemapIndex(locations));
  });
  app.get('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec((request.params as { file: string }).file);
    const file = match ? Number(match[1]) : 0;
    if (file < 1 || file > (await pages.sitemapFileCount(sitemapLimit))) {
      throw notFound('sitemap');
    }
    return sendXml(reply, urlSet(withAlternates(await pages.sitemapFile(appUrl, file, sitemapLimit))));
  });

  const indexHtml = path.join(webDistDir, 'index.html');
  const hasWebBuild = existsSync(indexHtml);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build ships .br and .gz beside each file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Their names change with their content: a browser may keep them for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const shell = hasWebBuild ? readFileSync(indexHtml, 'utf8') : '';
  const catalogChunks = hasWebBuild ? catalogChunksOf(webDistDir) : {};
  const routeStyles = hasWebBuild ? routeStylesOf(webDistDir) : {};
  const renderEntry = path.resolve(webDistDir, '../dist-ssr/entry-server.js');
  const rendersPages = hasWebBuild && existsSync(renderEntry);
  const workers = rendersPages ? (options.renderWorkers ?? 0) : 0;
  let renderPage: RenderPage | null = null;
  if (workers > 0) {
    // Each worker imports the bundle itself; the main thread never does.
    const pool = new RenderPool(renderEntry, workers, app.log);
    app.addHook('onClose', () => pool.close());
    renderPage = pool.render;
  } else if (rendersPages) {
    const bundle = (await import(pathToFileURL(renderEntry).href)) as { renderPage: RenderPage };
    renderPage = bundle.renderPage;
  }
  const maxRenders =
    options.maxRendersInFlight ?? (workers > 0 ? RENDERS_PER_WORKER * workers : MAX_RENDERS_IN_FLIGHT);

  /**
   * The page's data is read from the API in this process, as the browser would read it, without a socket: as the
   * visitor (their address, so the API's rate limits count their page, not this server) but signed out. A render in
   * a worker thread sends its reads here (render-pool.ts), so they are the same reads, in the page's read scope
   * (decision 037) wherever the worker's message comes back.
   */
  const apiReadFor = (request: FastifyRequest) => {
    const scope = readScopes.getStore();
    return async (address: string, headers: Array<[string, string]>): Promise<ApiAnswer> => {
      const url = new URL(address);
      const read = () =>
        app.inject({
          method: 'GET',
          url: url.pathname + url.search,
          headers: Object.fromEntries(headers),
          remoteAddress: request.ip,
        });
      const response = await (scope ? readScopes.run(scope, read) : read());
      return {
        status: response.statusCode,
        // A copy: a small payload may sit in Node's shared buffer pool, which must not be transferred.
        body: response.statusCode === 204 ? null : new Uint8Array(response.rawPayload).buffer,
      };
    };
  };

  let rendersInFlight = 0;

  /** How a page is sent to this visitor; `x-no-compression` asks for none, as the app's compression allows. */
  const encodingOf = (request: FastifyRequest) =>
    request.headers['x-no-compression'] === undefined
      ? preferredEncoding(request.headers['accept-encoding'])
      : 'identity';

  /**
   * The head leaves at once, so the browser fetches the stylesheet and the scripts while the page renders; the
   * page's HTML and its data follow. When the page cannot render here, the browser renders it in the same shell.
   * The page is compressed here, not by the app's compression (which would hold the head until the end): flushed
   * after the head, and as Brotli the very bytes the cache keeps, compressed once.
   */
  const streamedPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    render: RenderPage,
    html: string,
    locale: Locale,
    currency: string,
    keep?: { done(page: PageBytes | null): void },
  ): Readable => {
    const [beforeRoot, afterRoot] = html.split(ROOT_ELEMENT) as [string, string];
    const encoding = encodingOf(request);
    const { stream: encoder, flushHead } = pageEncoder(encoding);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.header('vary', 'Accept-Language, Cookie, Accept-Encoding');
    let output: Readable = encoder;
    const sent: Buffer[] = [];
    const keepsSent = encoding === 'br' && keep !== undefined;
    if (keepsSent) {
      // The Brotli sent is the Brotli kept: drained here, so it is whole even when the visitor leaves midway (the
      // reply then drops its stream, and a kept page still rendering would keep everyone after waiting for it).
      const toVisitor = new PassThrough();
      encoder.on('data', (chunk: Buffer) => {
        sent.push(chunk);
        if (!toVisitor.destroyed) toVisitor.write(chunk);
      });
      encoder.once('end', () => toVisitor.end());
      encoder.once('error', (error) => {
        toVisitor.destroy(error);
        keep.done(null);
      });
      output = toVisitor;
    }
    const head = `${beforeRoot}<div id="root">`;
    encoder.write(head);
    flushHead();
    rendersInFlight++;
    const failed = (error: unknown) => request.log.error({ err: error }, 'server rendering failed');
    // The address without a shared link's tracking parameters: the page kept is the one its key names.
    const transport = { origin: appUrl, read: apiReadFor(request) };
    void render(renderAddress(request.url), transport, failed, locale, currency)
      .catch((error: unknown) => {
        failed(error);
        return null;
      })
      .then((rendered) => {
        rendersInFlight--;
        if (!rendered) {
          // Only a whole page is kept: a failed render is the shell, which the next visitor may do better than.
          keep?.done(null);
          encoder.end(`</div>${afterRoot}`);
          return;
        }
        // The render's bytes as they came from its thread, written with the rest at once (one compression step).
        const rest = Buffer.concat([rendered.html, Buffer.from(`</div>${rendered.stateScript}${afterRoot}`)]);
        if (keepsSent) encoder.once('end', () => keep?.done({ brotli: Buffer.concat(sent) }));
        else keep?.done({ html: Buffer.concat([Buffer.from(head), rest]) });
        encoder.end(rest);
      });
    return output;
  };

  /** A page rendered before, as it was kept: compressed once, sent as it is. */
  const sendKept = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: KeptPage,
    cacheControl: string,
  ) => {
    const encoding = encodingOf(request);
    const body = await page.encoded(encoding);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', cacheControl)
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
      .header('x-page-cache', 'hit')
      .send(body);
  };

  /** The page's language (DESIGN.md §14): what its address, the cookie or the browser ask for. */
  const pageLanguage = (request: FastifyRequest, pattern?: string): PageLanguage => {
    const translator = translators.ofPageRequest(request);
    return {
      translator,
      offered: translators.offered,
      named: typeof (request.query as Record<string, unknown> | undefined)?.[LOCALE_QUERY_PARAM] === 'string',
      catalogChunk: catalogChunks[translator.locale],
      styles: pattern === undefined ? [] : stylesOfAddress(routeStyles[pattern], request.query),
    };
  };

  /**
   * The currency the page shows approximations in (DESIGN.md §15): the visitor's choice in the language menu, else
   * their language's. The browser works it out alike from the same cookie, so the page hydrates unchanged.
   */
  const pageCurrency = (request: FastifyRequest, locale: Locale) =>
    displayCurrency(currencyCookieValue(request.headers.cookie), locale, currencies.offered, currencies.base);

  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Page,
    {
      pattern,
      cacheControl = 'no-cache',
      keep,
    }: { pattern?: string; cacheControl?: string; keep?: { key: string; dependsOn: PageDependency } } = {},
  ) => {
    // Past a few renders at once, rendering would hold the event loop from every other request (or, in worker
    // threads, keep the page waiting behind the others): the browser renders it instead, as it would without this
    // server's help.
    const rendersHere =
      renderPage !== null &&
      page.status === 200 &&
      pattern !== undefined &&
      SERVER_RENDERED.has(pattern) &&
      rendersInFlight < maxRenders;
    // An address no route names shows the not-found page.
    const language = {
      ...pageLanguage(request, pattern ?? (page.status === 404 ? NOT_FOUND_PATTERN : undefined)),
      rendered: rendersHere,
    };
    const html = withPageHead(shell, page.head, appUrl, language);
    void reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', page.status === 200 ? cacheControl : 'no-cache')
      // The same address reads in the language its visitor asks for: a shared cache keeps one copy per language.
      .header('vary', 'Accept-Language, Cookie');
    if (!renderPage || !rendersHere) return reply.send(html);
    const kept = keep && htmlCache?.rendering(keep.key, keep.dependsOn);
    if (kept) void reply.header('x-page-cache', 'miss');
    const { locale } = language.translator;
    return reply.send(
      streamedPage(request, reply, renderPage, html, locale, pageCurrency(request, locale), kept),
    );
  };

  /** A page whose data cannot be read: the app's shell, which tells the visitor, with the status it deserves. */
  const sendErrorPage = (request: FastifyRequest, reply: FastifyReply, error: Error) => {
    const unreachable = isDatabaseUnreachable(error);
    request.log[unreachable ? 'warn' : 'error']({ err: error }, 'page data failed to load');
    if (unreachable) void reply.header('retry-after', '5');
    return reply
      .status(unreachable ? 503 : 500)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        withPageHead(
          shell,
          {
            title: unreachable ? 'common.meta.unavailable.title' : 'common.meta.failed.title',
            description: 'common.meta.failed.description',
            path: null,
            preview: null,
          },
          appUrl,
          pageLanguage(request),
        ),
      );
  };

  if (hasWebBuild) {
    for (const pattern of PAGE_PATHS) {
      const dataPage = DATA_PAGES[pattern];
      const cacheControl = SHAREABLE.has(pattern) ? 'public, max-age=0, s-maxage=60' : 'no-cache';
      const keepable = htmlCache !== undefined && SERVER_RENDERED.has(pattern);
      app.get(pattern, { schema: { hide: true } }, async (request, reply) => {
        try {
          // A render is anonymous, so what makes two visitors' pages differ is the address, the language and
          // the currency of the approximations.
          const locale = keepable ? pageLanguage(request).translator.locale : undefined;
          const key =
            locale === undefined
              ? undefined
              : PageHtmlCache.keyOf({
                  url: renderAddress(request.url),
                  locale,
                  currency: pageCurrency(request, locale),
                });
          const kept = key === undefined ? undefined : await htmlCache?.find(key);
          if (kept) return await sendKept(request, reply, kept, cacheControl);
          const params = request.params as Params;
          const render = async () => {
            const page = dataPage
              ? await dataPage(pages, params)
              : pages.fixed(request.url.split('?')[0]!.replace(/(.)\/$/, '$1'));
            return sendPage(request, reply, page, {
              pattern,
              cacheControl,
              keep: key === undefined ? undefined : { key, dependsOn: dependencyOf(pattern, params) },
            });
          };
          // A page that may be kept is read where every change this instance heard of is (decision 037).
          return await (key === undefined ? render() : readingToKeep(render));
        } catch (error) {
          return sendErrorPage(request, reply, error as Error);
        }
      });
    }
  }

  // Any other page address is a 404 page; the API's and the uploads' stay JSON, as do other methods.
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest =
      hasWebBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/uploads/');
    if (isPageRequest) return sendPage(request, reply, pages.notFound());
    throw routeNotFound(request);
  });
}

/**
 * The file of each language's catalog in the web build (its Vite manifest names them after the catalogs' virtual
 * modules), so a page can ask for its own at once, beside the shell, instead of after it.
 */
function catalogChunksOf(webDistDir: string): Partial<Record<string, string>> {
  const manifestFile = path.join(webDistDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return {};
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  return Object.fromEntries(
    Object.entries(manifest)
      .filter(([source]) => source.startsWith(CATALOG_MODULE))
      .map(([source, chunk]) => [source.slice(CATALOG_MODULE.length), chunk.file]),
  );
}

/** Not encapsulated: its not-found handler is the application's. */
export const pageRoutes = fp(pageRoutesImpl, { name: 'fundry-pages' });
