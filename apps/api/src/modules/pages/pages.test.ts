import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEAD_SCRIPT, INTL_WARM_UP_PATH, INTL_WARM_UP_WORKER } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { errorHandler } from '../../errors';
import { createTestApp, type TestContext } from '../../test/app';
import { databaseKinds } from '../../test/databases';
import { pageRoutes } from './pages.routes';

const SHELL =
  '<!doctype html><html><head><title>Fundry</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
const APP_URL = 'https://fundry.example';
/** What the web build writes in its index.html's head: the entry and the shell it imports. */
const MODULE_SCRIPTS =
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe.each(databaseKinds)('pages on %s', (kind) => {
  let ctx: TestContext;
  let webDist: string;
  let creatorId: number;
  let categoryId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'fundry-web-'));
    writeFileSync(path.join(webDist, 'index.html'), SHELL);
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(
      path.join(webDist, '.vite/manifest.json'),
      JSON.stringify({
        'virtual:fundry-catalog/de': { file: 'assets/de-Xy12.js', isDynamicEntry: true },
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shell-1.js'] },
        '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/shell-1.css'] },
        '_card-1.js': { file: 'assets/card-1.js', imports: ['_shell-1.js'], css: ['assets/card-1.css'] },
        'src/Faq.tsx': { file: 'assets/Faq-1.js', isDynamicEntry: true, css: ['assets/Faq-1.css'] },
        'src/Project.tsx': {
          file: 'assets/Project-1.js',
          isDynamicEntry: true,
          imports: ['_shell-1.js', '_card-1.js'],
          css: ['assets/Project-1.css'],
        },
      }),
    );
    // The route modules of each page the server renders (apps/web/page-modules.ts), as the web build writes them.
    writeFileSync(
      path.join(webDist, '.vite/page-modules.json'),
      JSON.stringify({
        pages: { '/projects/:id': ['src/Project.tsx'], '/about': ['src/About.tsx'] },
        queries: { '/projects/:id': { 'tab=faq': ['src/Faq.tsx'] } },
      }),
    );
    ctx = await createTestApp(kind, {
      WEB_DIST_DIR: webDist,
      APP_URL,
      PAYMENTS_PROVIDER: 'sandbox',
    });
    const db = ctx.database.db;
    creatorId = (await createUser(db)).id;
    categoryId = (
      await db
        .insertInto('categories')
        .values({ name: 'Tools & "Kits"' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.active = await createProjectRow(db, { creatorId, title: 'Solar kettle', categoryId });
    ids.pending = await createProjectRow(db, { creatorId, title: 'Secret pending', status: 'PENDING' });
    ids.draft = await createProjectRow(db, { creatorId, title: 'Secret draft', status: 'DRAFT' });
    ids.hostile = await createProjectRow(db, {
      creatorId,
      title: '</title><script>alert("x")</script> & \'quotes\'',
    });
  });

  afterAll(async () => ctx.close());

  const page = (url: string, accept?: string) => ctx.app.inject({ url, headers: accept ? { accept } : {} });

  it('answers a public project page with its head whatever the Accept header', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/html']) {
      const response = await page(`/projects/${ids.active}`, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(titleOf(response.body)).toBe('Solar kettle · Fundry');
    }
    const response = await page(`/projects/${ids.active}`);
    expect(response.body).toContain('<meta property="og:title" content="Solar kettle" />');
    expect(response.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(response.body).toContain(`<link rel="canonical" href="${APP_URL}/projects/${ids.active}" />`);
    // No one's own data is in it: a shared cache may hold it briefly.
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
  });

  it("preloads a project page's cover from its head, unless an uploaded video's player shows instead", async () => {
    const db = ctx.database.db;
    const preloads = async (id: number) =>
      (await page(`/projects/${id}`)).body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    const cover = 'projects/cover.webp';
    const [withCover, withHostedVideo, withUploadedVideo] = await Promise.all(
      [null, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'projects/clip.mp4'].map(async (video) => {
        const id = await createProjectRow(db, { creatorId, title: 'Kiln' });
        await db
          .updateTable('projects')
          .set({ image_url: cover, video_url: video })
          .where('id', '=', id)
          .execute();
        return id;
      }),
    );
    const link = `<link rel="preload" as="image" href="/uploads/${cover}" fetchpriority="high" />`;
    expect(await preloads(withCover!)).toEqual([link]);
    expect(await preloads(withHostedVideo!)).toEqual([link]);
    expect(await preloads(withUploadedVideo!)).toEqual([]);
    expect(await preloads(ids.active!)).toEqual([]);
    expect((await page(`/projects/${withCover}/rewards`)).body).not.toContain('rel="preload"');
  });

  it("links the stylesheets of a page's route after the shell's, what they import first (decision 032)", async () => {
    const links = (html: string) => html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links((await page(`/projects/${ids.active}`)).body)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/card-1.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/Project-1.css" />',
    ]);
    // A lazy part the address asks the server to render (a tab) brings its own.
    expect(links((await page(`/projects/${ids.active}?tab=faq`)).body)).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/Faq-1.css" />',
    );
    expect(links((await page(`/projects/${ids.active}?tab=updates`)).body)).toHaveLength(2);
    // A module the build does not name, a page without a table entry, an error page: no route stylesheet.
    expect(links((await page('/about')).body)).toEqual([]);
    expect(links((await page('/terms')).body)).toEqual([]);
  });

  it("carries one inline script (the footer's early choices and the Intl warm-up), which the Content-Security-Policy allows by its hash", async () => {
    const response = await page('/about');
    const scripts = [...response.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toEqual([HEAD_SCRIPT]);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('serves the Intl warm-up worker the head script starts, from the pages’ own origin, for any language', async () => {
    for (const language of ['de', 'ar', '<x>']) {
      const worker = await page(`${INTL_WARM_UP_PATH}?lang=${encodeURIComponent(language)}`);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(worker.headers['cache-control']).toBe('public, max-age=86400');
      expect(worker.body).toBe(INTL_WARM_UP_WORKER);
    }
  });

  it('escapes a project title with markup and quotes in the title and every tag', async () => {
    const response = await page(`/projects/${ids.hostile}`);
    expect(response.body.replace(`<script>${HEAD_SCRIPT}</script>`, '')).not.toContain('<script>');
    expect(titleOf(response.body)).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; · Fundry',
    );
    expect(response.body).toContain(
      '<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;" />',
    );
  });

  it('answers 404 with the page for hidden, draft and missing projects, and unknown routes', async () => {
    for (const url of [
      `/projects/${ids.pending}`,
      `/projects/${ids.draft}`,
      '/projects/999999',
      '/projects/abc',
      `/projects/${ids.pending}/rewards`,
      `/projects/${ids.active}/updates/999999`,
      '/category/999999',
      '/news/no-such-news',
      '/no/such/page',
    ]) {
      const response = await page(url, '*/*');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(titleOf(response.body), url).toBe('Page not found · Fundry');
      expect(response.body, url).not.toContain('Secret');
      expect(response.body, url).not.toContain('rel="canonical"');
    }
    // The API's 404 and other methods stay JSON.
    const api = await page('/api/v1/no-such-thing', 'text/html');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'NOT_FOUND' });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/no/such/page?x=1',
      headers: { 'accept-language': 'de' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'NOT_FOUND', message: 'Keine Route POST /no/such/page' });
  });

  it('gives every route its own title, description and canonical link', async () => {
    const heads = await Promise.all(
      ['/', '/projects/explore', '/about', `/category/${categoryId}`, '/news/flexible-funding'].map(
        async (url) => (await page(url)).body,
      ),
    );
    expect(heads.map(titleOf)).toEqual([
      'Fundry — fund the ideas you believe in',
      'Explore projects · Fundry',
      'About Fundry · Fundry',
      'Tools &amp; &quot;Kits&quot; · Fundry',
      'Flexible funding is here · Fundry',
    ]);
    expect(heads[1]).toContain(
      '<meta name="description" content="Search and filter creative projects on Fundry by category, status and funding." />',
    );
    expect(heads[1]).toContain(`<link rel="canonical" href="${APP_URL}/projects/explore" />`);
    expect((await page('/projects/explore?page=2')).body).toContain(
      `<link rel="canonical" href="${APP_URL}/projects/explore" />`,
    );
    // A signed-in page exists (200) but makes no link preview.
    const dashboard = await page('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).not.toContain('og:title');
  });

  it('serves an update page with its preview tags, never the text of a backers-only or deleted update', async () => {
    const db = ctx.database.db;
    const values = (number: number, visibility: 'public' | 'backers', body: string) => ({
      project_id: ids.active!,
      author_id: creatorId,
      number,
      title: `Week ${number} at the forge`,
      body,
      visibility,
    });
    const [open, closed, gone] = await db
      .insertInto('project_updates')
      .values([
        values(1, 'public', '<p>The first kettles are cast.</p>'),
        values(2, 'backers', '<p>Secret copper finish.</p>'),
        { ...values(3, 'public', '<p>Deleted news.</p>'), deleted_at: new Date() },
      ])
      .returning('id')
      .execute();
    const update = (projectId: number, updateId: number) =>
      page(`/projects/${projectId}/updates/${updateId}`, '*/*');

    const shared = await update(ids.active!, open!.id);
    expect(shared.headers['content-type']).toContain('text/html');
    expect(titleOf(shared.body)).toBe('Week 1 at the forge · Update #1 of Solar kettle · Fundry');
    expect(shared.body).toContain('<meta property="og:description" content="The first kettles are cast." />');
    expect(shared.body).toContain(
      `<link rel="canonical" href="${APP_URL}/projects/${ids.active}/updates/${open!.id}" />`,
    );
    const locked = await update(ids.active!, closed!.id);
    expect(locked.body).toContain(
      '<meta property="og:title" content="Week 2 at the forge · Update #2 of Solar kettle" />',
    );
    expect(locked.body).toContain('An update for the backers of Solar kettle on Fundry.');
    expect(locked.body).not.toContain('Secret copper');
    expect((await update(ids.active!, gone!.id)).statusCode).toBe(404);
    expect((await update(ids.pending!, open!.id)).statusCode).toBe(404);
  });

  it('lists public projects, categories and fixed pages in the sitemap, and robots.txt points at it', async () => {
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(sitemap.body).toContain(
      `<url><loc>${APP_URL}/about</loc><xhtml:link rel="alternate" hreflang="en" href="${APP_URL}/about?lang=en"/>`,
    );
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="pt-BR" href="${APP_URL}/projects/${ids.active}?lang=pt-BR"/>`,
    );
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${APP_URL}/projects/${ids.active}"/></url>`,
    );
    expect(sitemap.body).toContain(`<loc>${APP_URL}/projects/${ids.active}</loc><lastmod>`);
    expect(sitemap.body).toContain(`<loc>${APP_URL}/category/${categoryId}</loc>`);
    expect(sitemap.body).toContain(`<loc>${APP_URL}/projects/explore</loc>`);
    expect(sitemap.body).not.toContain(`/projects/${ids.pending}<`);
    expect(sitemap.body).not.toContain(`/projects/${ids.draft}<`);

    const robots = await page('/robots.txt');
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');
  });

  it('writes a page in the language its address, the cookie or the browser asks for, with its alternates', async () => {
    const visit = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
    const german = await visit('/about', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(titleOf(german.body)).toBe('Über Fundry · Fundry');
    expect(german.headers.vary).toContain('Accept-Language');
    // Its catalog is asked for beside the shell, not after it.
    expect(german.body).toContain('<link rel="modulepreload" crossorigin href="/assets/de-Xy12.js" />');
    expect(german.body).toContain(`<link rel="canonical" href="${APP_URL}/about" />`);
    for (const locale of ['en', 'es', 'pt-BR', 'de', 'ar']) {
      expect(german.body).toContain(
        `<link rel="alternate" hreflang="${locale}" href="${APP_URL}/about?lang=${locale}" />`,
      );
    }
    expect(german.body).toContain(`<link rel="alternate" hreflang="x-default" href="${APP_URL}/about" />`);

    const arabic = await visit('/about?lang=ar', { cookie: 'fundry_locale=de', 'accept-language': 'es' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(`<link rel="canonical" href="${APP_URL}/about?lang=ar" />`);
    expect(arabic.body).toContain('<meta property="og:locale" content="ar" />');

    const cookie = await visit('/about', {
      cookie: 'theme=dark; fundry_locale=pt-BR',
      'accept-language': 'es',
    });
    expect(cookie.body).toContain('<html lang="pt-BR" dir="ltr">');

    // What is not offered is passed over without an error.
    const unknown = await visit('/about?lang=xx', { cookie: 'fundry_locale=zz', 'accept-language': ';;;' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
    expect(titleOf(unknown.body)).toBe('About Fundry · Fundry');

    const rewards = await visit(`/projects/${ids.active}/rewards?lang=es`);
    expect(titleOf(rewards.body)).toBe('Recompensas de Solar kettle · Fundry');

    const news = await visit('/news/flexible-funding?lang=de');
    expect(titleOf(news.body)).toBe('Flexible Finanzierung ist da · Fundry');
    expect(news.body).toContain('<meta name="description" content="Kreative können jetzt');
  });

  it('splits the sitemap into files behind an index past the limit per file', async () => {
    // The same routes and data with a limit of 5 addresses a file, instead of 50,000 projects.
    const small = Fastify();
    small.decorate('translators', ctx.app.translators);
    small.setErrorHandler(errorHandler);
    await small.register(pageRoutes, {
      pages: ctx.app.services.pages,
      webDistDir: webDist,
      appUrl: APP_URL,
      currencies: { offered: ['USD'], base: 'USD' },
      sitemapUrlLimit: 5,
    });
    const index = await small.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(files[0]).toBe(`${APP_URL}/sitemaps/1.xml`);
    const listed: string[] = [];
    for (const file of files) {
      const body = (await small.inject(new URL(file).pathname)).body;
      const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(locations.length).toBeLessThanOrEqual(5);
      listed.push(...locations);
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toContain(`${APP_URL}/projects/${ids.active}`);
    expect(listed).toContain(`${APP_URL}/projects/${ids.hostile}`);
    const missing = await small.inject({
      url: `/sitemaps/${files.length + 1}.xml`,
      headers: { 'accept-language': 'es' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'No se encontró el mapa del sitio' });
    await small.close();
  });
});

describe('pages rendered on the server', () => {
  let ctx: TestContext;
  let webDist: string;
  let server: FastifyInstance;
  let projectId: number;

  beforeAll(async () => {
    // A web build of its own whose render bundle stands in for apps/web/src/entry-server.tsx: it reads its data
    // through the transport it is given, as the real one does, and can be told to fail, to wait or to say null.
    const build = mkdtempSync(path.join(tmpdir(), 'fundry-ssr-'));
    webDist = path.join(build, 'dist');
    mkdirSync(webDist);
    mkdirSync(path.join(build, 'dist-ssr'));
    writeFileSync(path.join(webDist, 'index.html'), SHELL.replace('</head>', `${MODULE_SCRIPTS}</head>`));
    writeFileSync(
      path.join(build, 'dist-ssr', 'entry-server.js'),
      `const utf8 = (text) => new TextEncoder().encode(text);
    export async function renderPage(url, transport, onError, locale, currency) {
        const control = globalThis.fakeRender;
        control.calls.push(url);
        if (control.mode === 'throw') throw new Error('the render broke');
        if (control.mode === 'currency') return { html: utf8('<main>' + locale + ' ' + currency + '</main>'), stateScript: '' };
        if (control.mode === 'null') return null;
        if (control.mode === 'wait') await control.gate;
        const { body } = await transport.read(transport.origin + '/api/v1/visitor', []);
        const visitor = JSON.parse(new TextDecoder().decode(body));
        return { html: utf8('<main>rendered ' + url + ' for ' + visitor.ip + '</main>'),
                 stateScript: '<script type="application/json" id="fundry-page-state">{}</script>' };
      }`,
    );
    ctx = await createTestApp('pglite', { WEB_DIST_DIR: webDist, APP_URL, PAYMENTS_PROVIDER: 'sandbox' });
    projectId = await createProjectRow(ctx.database.db, {
      creatorId: (await createUser(ctx.database.db)).id,
      title: 'Solar kettle',
    });
    server = Fastify();
    server.decorate('translators', ctx.app.translators);
    server.setErrorHandler(errorHandler);
    server.get('/api/v1/visitor', async (request) => ({ ip: request.ip }));
    await server.register(pageRoutes, {
      pages: ctx.app.services.pages,
      webDistDir: webDist,
      appUrl: APP_URL,
      currencies: { offered: ['USD', 'EUR', 'JPY'], base: 'USD' },
      maxRendersInFlight: 2,
    });
  });

  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  const control = (mode: 'render' | 'throw' | 'null' | 'wait' | 'currency') => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const state = { mode, calls: [] as string[], gate };
    (globalThis as { fakeRender?: unknown }).fakeRender = state;
    return { state, open };
  };
  const visit = (url: string) => server.inject({ url, remoteAddress: '203.0.113.9' });

  it('sends the head, then the rendered page and its data inside the root, read as the visitor', async () => {
    control('render');
    const response = await visit(`/projects/${projectId}`);
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Solar kettle · Fundry');
    expect(response.body).toContain(
      `<div id="root"><main>rendered /projects/${projectId} for 203.0.113.9</main></div><script type="application/json" id="fundry-page-state">{}</script></body>`,
    );
  });

  it('asks for the scripts of a page it renders at low priority, after its styles and image; not of a page the browser renders', async () => {
    control('render');
    const rendered = (await visit(`/projects/${projectId}`)).body;
    expect(rendered).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shell-1.js">',
    );
    const left = (await visit('/dashboard')).body;
    expect(left).toContain(MODULE_SCRIPTS);
    expect(left).not.toContain('fetchpriority="low"');
  });

  it('renders in the display currency the visitor chose, else their language’s, else the base one', async () => {
    control('currency');
    const rendered = async (headers: Record<string, string>) =>
      /<main>(.*?)<\/main>/.exec((await server.inject({ url: '/about', headers })).body)?.[1];
    expect(await rendered({ cookie: 'fundry_currency=JPY', 'accept-language': 'de' })).toBe('de JPY');
    expect(await rendered({ 'accept-language': 'de' })).toBe('de EUR');
    expect(await rendered({ cookie: 'fundry_currency=BRL' })).toBe('en USD');
  });

  it('leaves the page to the browser when the render fails or has nothing, with the same status', async () => {
    for (const mode of ['throw', 'null'] as const) {
      const { state } = control(mode);
      const response = await visit('/about');
      expect(response.statusCode, mode).toBe(200);
      expect(response.body, mode).toContain('<div id="root"></div></body>');
      expect(state.calls, mode).toEqual(['/about']);
    }
  });

  it('renders only the public pages of DESIGN.md §13, and never a 404', async () => {
    const { state } = control('render');
    expect((await visit('/dashboard')).body).toContain('<div id="root"></div>');
    expect((await visit('/no/such/page')).statusCode).toBe(404);
    expect((await visit('/projects/999999')).statusCode).toBe(404);
    expect(state.calls).toEqual([]);
  });

  it('sends the head compressed at once, before the render ends, so the browser loads the page’s files meanwhile', async () => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    for (const encoding of ['br', 'gzip'] as const) {
      const { state, open } = control('wait');
      let text = '';
      const response = await new Promise<{ headers: Record<string, unknown>; done: Promise<void> }>(
        (resolve) =>
          get({ port, path: '/about', headers: { 'accept-encoding': encoding } }, (message) => {
            const decoded = message.pipe(encoding === 'br' ? createBrotliDecompress() : createGunzip());
            decoded.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            resolve({ headers: message.headers, done: new Promise((ended) => decoded.on('end', ended)) });
          }),
      );
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.headers.vary, encoding).toBe('Accept-Language, Cookie, Accept-Encoding');
      // The head has arrived whole while the render still waits.
      await vi.waitFor(() => expect(text).toContain('<div id="root">'));
      expect(titleOf(text), encoding).toBe('About Fundry · Fundry');
      expect(state.calls).toEqual(['/about']);
      expect(text).not.toContain('<main>');
      open();
      await response.done;
      expect(text, encoding).toContain('<div id="root"><main>rendered /about for 127.0.0.1</main></div>');
    }
  });

  it('past the renders allowed at once, sends the page for the browser to render', async () => {
    const { state, open } = control('wait');
    const waiting = [visit('/'), visit('/about')];
    await vi.waitFor(() => expect(state.calls).toHaveLength(2));
    const third = await visit('/faqs');
    expect(third.statusCode).toBe(200);
    expect(third.body).toContain('<div id="root"></div></body>');
    expect(state.calls).toEqual(['/', '/about']);
    open();
    for (const response of await Promise.all(waiting)) {
      expect(response.body).toContain('for 203.0.113.9</main></div>');
    }
    // Once they are done, pages render here again.
    await visit('/faqs');
    expect(state.calls).toEqual(['/', '/about', '/faqs']);
  });
});
