import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createProjectRow } from '../../db/seed/factories';
import { errorHandler } from '../../errors';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inDays } from '../../test/projects';
import { pageRoutes } from './pages.routes';

const SHELL =
  '<!doctype html><html><head><title>Fundry</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
const APP_URL = 'https://fundry.example';
/** How long the slow render holds its thread, without a pause. */
const BUSY_MS = 1_000;

/**
 * A web build whose render bundle stands in for apps/web/src/entry-server.tsx, loaded by the worker threads as the
 * real one is: it reads a project page's data through the transport it is given and writes it out, so a page
 * rendered in a worker can be compared with one rendered on the main thread. `?mode=` makes it throw, report an
 * error, kill its thread, or hold its thread for BUSY_MS once its data is in, as a long React render does.
 */
function fakeWebBuild() {
  const build = mkdtempSync(path.join(tmpdir(), 'fundry-workers-'));
  const dist = path.join(build, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(build, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  // An ES module, as apps/web's package.json makes the real one.
  writeFileSync(path.join(build, 'package.json'), '{"type":"module"}');
  writeFileSync(
    path.join(build, 'dist-ssr', 'entry-server.js'),
    `import { isMainThread, threadId } from 'node:worker_threads';
    const utf8 = (text) => new TextEncoder().encode(text);
    export async function renderPage(url, transport, onError, locale, currency) {
      const mode = new URL(url, 'http://x').searchParams.get('mode');
      const thread = isMainThread ? 'main' : 'worker';
      const read = async (address) => {
        const answer = await transport.read(transport.origin + '/api/v1' + address, []);
        if (answer.status !== 200) return null;
        const body = JSON.parse(new TextDecoder().decode(answer.body));
        return body.data ?? body;
      };
      if (mode === 'throw') throw new Error('the render broke in ' + thread);
      if (mode === 'report') { onError(new Error('a part failed in ' + thread)); return null; }
      if (mode === 'crash') {
        setTimeout(() => { throw new Error('the worker broke, thread ' + threadId); });
        return new Promise(() => {});
      }
      if (mode === 'busy') {
        await read('/test/probe');
        const end = Date.now() + ${BUSY_MS};
        while (Date.now() < end);
        return { html: utf8('<main>busy ' + thread + '</main>'), stateScript: '' };
      }
      const id = /^\\/projects\\/(\\d+)/.exec(url)?.[1];
      if (!id) {
        const visitor = await read('/visitor');
        return { html: utf8('<main>' + locale + ' ' + currency + ' ' + url + ' for ' + visitor?.ip + '</main>'), stateScript: '' };
      }
      const [project, stats, rewards, updates] = await Promise.all([
        read('/projects/' + id), read('/backers/projects/' + id + '/public-stats'),
        read('/rewards/projects/' + id + '/rewards'), read('/projects/' + id + '/updates'),
      ]);
      if (!project) return null;
      const page = {
        title: project.title, raised: stats.total_amount, backers: stats.total_backers, locale, currency,
        rewards: rewards.map((reward) => reward.title), updates: updates.updates.map((update) => update.title),
      };
      return { html: utf8('<main>' + JSON.stringify(page).replace(/</g, '') + '</main>'),
               stateScript: '<script type="application/json" id="fundry-page-state">' +
                 JSON.stringify({ project }).replace(/</g, '\\\\u003c') + '</script>' };
    }`,
  );
  return dist;
}

const rootOf = (html: string) => /<div id="root">(.*)<\/div>/s.exec(html)?.[1];
const mainOf = (html: string) => /<main>(.*)<\/main>/.exec(html)?.[1];

describe.each(databaseKinds)('pages rendered in worker threads on %s', (kind) => {
  let ctx: TestContext;
  /** The same app, database and data, rendering on its main thread as before decision 027. */
  let inProcess: FastifyInstance;
  let webDist: string;
  const probes: number[] = [];

  beforeAll(async () => {
    webDist = fakeWebBuild();
    const probe = (app: FastifyInstance) => {
      app.get('/api/v1/test/probe', async () => {
        probes.push(performance.now());
        return { data: 'probed' };
      });
    };
    ctx = await createTestApp(
      kind,
      {
        WEB_DIST_DIR: webDist,
        APP_URL,
        PAYMENTS_PROVIDER: 'sandbox',
        CURRENCIES: 'USD,EUR',
        RENDER_WORKERS: '1',
      },
      probe,
    );
    expect(ctx.config.renderWorkers).toBe(1);
    inProcess = await buildApp(
      { ...ctx.config, renderWorkers: 0 },
      { db: ctx.database.db, searchDb: ctx.database.searchDb },
    );
    probe(inProcess);
    await inProcess.ready();
  });

  afterAll(async () => {
    await inProcess?.close();
    await ctx?.close();
  });

  it('renders a project page in a worker with the same HTML and data as on the main thread', async () => {
    const [creator, backer] = await Promise.all([signedInUser(ctx), signedInUser(ctx)]);
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Solar kettle' });
    const reward = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/rewards/projects/${id}/rewards`,
      headers: creator.headers,
      payload: {
        title: 'Copper kettle',
        description: 'The first batch',
        minimum_amount: 40,
        estimated_delivery_date: inDays(60),
      },
    });
    expect(reward.statusCode).toBe(201);
    await backProject(ctx, backer.headers, id, { amount: 45 });

    const headers = { 'accept-language': 'de', cookie: 'fundry_currency=EUR' };
    const inWorker = await ctx.app.inject({ url: `/projects/${id}`, headers });
    const onMain = await inProcess.inject({ url: `/projects/${id}`, headers });
    expect(inWorker.statusCode).toBe(200);
    expect(JSON.parse(mainOf(inWorker.body)!)).toEqual({
      title: 'Solar kettle',
      raised: 45,
      backers: 1,
      locale: 'de',
      currency: 'EUR',
      rewards: ['Copper kettle'],
      updates: [],
    });
    expect(inWorker.body).toContain('<title>Solar kettle · Fundry</title>');
    expect(inWorker.body).toContain('id="fundry-page-state">{"project":{');
    // Byte for byte what the main thread renders, with the same headers.
    expect(inWorker.body).toBe(onMain.body);
    for (const name of ['content-type', 'cache-control', 'vary']) {
      expect(inWorker.headers[name], name).toBe(onMain.headers[name]);
    }
  });

  it('answers the API while a page renders in a worker; on the main thread the API waits for the render', async () => {
    /** When the API answered /healthz, counted from the moment the slow render had its data. */
    const healthzBesideSlowRender = async (app: FastifyInstance, url: string) => {
      const probed = probes.length;
      let rendered = false;
      const page = app.inject(url).then((response) => {
        rendered = true;
        return response;
      });
      await vi.waitFor(() => expect(probes.length).toBe(probed + 1), { timeout: 10_000, interval: 5 });
      const health = await app.inject('/healthz');
      const answeredAfter = performance.now() - probes[probed]!;
      const renderedFirst = rendered;
      expect(health.json()).toEqual({ status: 'ok' });
      return { answeredAfter, renderedFirst, page: await page };
    };

    const worker = await healthzBesideSlowRender(ctx.app, '/about?mode=busy');
    expect(worker.renderedFirst).toBe(false);
    expect(worker.answeredAfter).toBeLessThan(BUSY_MS / 2);
    expect(rootOf(worker.page.body)).toBe('<main>busy worker</main>');

    const main = await healthzBesideSlowRender(inProcess, '/about?mode=busy');
    expect(main.answeredAfter).toBeGreaterThanOrEqual(BUSY_MS * 0.9);
    expect(rootOf(main.page.body)).toBe('<main>busy main</main>');
  });

  it.runIf(process.platform === 'linux')(
    'renders in threads of lower priority than the one answering the API',
    async () => {
      expect(rootOf((await ctx.app.inject('/faqs')).body)).toContain('/faqs');
      /** A thread's nice value, the 19th field of its stat line. */
      const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      const own = niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
      const threads = readdirSync('/proc/self/task').map((task) =>
        niceOf(readFileSync(`/proc/self/task/${task}/stat`, 'utf8')),
      );
      expect(threads).toContain(Math.min(own + 10, 19));
      expect(own).toBeLessThan(Math.min(own + 10, 19));
    },
  );
});

describe.each(databaseKinds)('render workers that fail, on %s', (kind) => {
  let ctx: TestContext;
  let server: FastifyInstance;
  const logs: Array<{ msg: string; err?: { message: string } }> = [];

  beforeAll(async () => {
    const webDist = fakeWebBuild();
    ctx = await createTestApp(kind, { WEB_DIST_DIR: webDist, APP_URL, PAYMENTS_PROVIDER: 'sandbox' });
    // The page routes alone, with a logger to read and a route that says who asked.
    server = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
    });
    server.decorate('translators', ctx.app.translators);
    server.setErrorHandler(errorHandler);
    server.get('/api/v1/visitor', async (request) => ({ ip: request.ip }));
    await server.register(pageRoutes, {
      pages: ctx.app.services.pages,
      webDistDir: webDist,
      appUrl: APP_URL,
      currencies: { offered: ['USD', 'EUR'], base: 'USD' },
      renderWorkers: 1,
    });
  });

  afterAll(async () => {
    await server?.close();
    await ctx?.close();
  });

  const visit = (url: string) => server.inject({ url, remoteAddress: '203.0.113.9' });
  const logged = (message: string) =>
    logs.filter((line) => line.msg === message).map((line) => line.err?.message);

  it('reads a page’s data as its visitor, through the main thread', async () => {
    expect(rootOf((await visit('/faqs')).body)).toBe('<main>en USD /faqs for 203.0.113.9</main>');
  });

  it('sends the shell when a render throws in its worker, or has nothing, and logs what went wrong', async () => {
    const thrown = await visit('/about?mode=throw');
    expect(thrown.statusCode).toBe(200);
    expect(thrown.body).toContain('<div id="root"></div></body>');
    expect(logged('server rendering failed')).toContain('the render broke in worker');

    // An error the render reports and survives is logged on the main thread too.
    const reported = await visit('/about?mode=report');
    expect(reported.body).toContain('<div id="root"></div></body>');
    expect(logged('server rendering failed')).toContain('a part failed in worker');
  });

  it('sends the shell when a worker dies mid-render, logs it, and renders the next page in a new worker', async () => {
    const crashed = await visit('/about?mode=crash');
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toContain('<div id="root"></div></body>');
    expect(logged('a render worker stopped')).toEqual([
      expect.stringMatching(/^the worker broke, thread \d+$/),
    ]);
    expect(logged('server rendering failed')).toContain(logged('a render worker stopped')[0]);

    expect(rootOf((await visit('/terms')).body)).toBe('<main>en USD /terms for 203.0.113.9</main>');
  });
});

/** The web app's own build (`npm run build`), which the app serves by default. */
const REAL_RENDER_BUNDLE = path.resolve(import.meta.dirname, '../../../../web/dist-ssr/entry-server.js');

// The real render bundle needs the web build; without one (a unit run before `npm run build`) this part is skipped.
describe.skipIf(!existsSync(REAL_RENDER_BUNDLE)).each(databaseKinds)(
  'the web app’s render bundle in a worker thread, on %s',
  (kind) => {
    let ctx: TestContext;
    let inProcess: FastifyInstance;

    beforeAll(async () => {
      ctx = await createTestApp(kind, { APP_URL, PAYMENTS_PROVIDER: 'sandbox', RENDER_WORKERS: '1' });
      inProcess = await buildApp(
        { ...ctx.config, renderWorkers: 0 },
        { db: ctx.database.db, searchDb: ctx.database.searchDb },
      );
      await inProcess.ready();
    });

    afterAll(async () => {
      await inProcess?.close();
      await ctx?.close();
    });

    it('renders a project page with its data and state exactly as the main thread does', async () => {
      const creator = await signedInUser(ctx);
      const id = await createProjectRow(ctx.database.db, {
        creatorId: creator.user.id,
        title: 'Harbour lamp',
      });
      const reward = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/rewards/projects/${id}/rewards`,
        headers: creator.headers,
        payload: {
          title: 'Brass harbour lamp',
          description: 'The first batch',
          minimum_amount: 40,
          estimated_delivery_date: inDays(60),
        },
      });
      expect(reward.statusCode).toBe(201);

      const inWorker = await ctx.app.inject(`/projects/${id}`);
      const onMain = await inProcess.inject(`/projects/${id}`);
      expect(inWorker.statusCode).toBe(200);
      const root = rootOf(inWorker.body)!;
      expect(root).toContain('Harbour lamp');
      expect(root).toContain('Brass harbour lamp');
      expect(inWorker.body).toContain('id="fundry-page-state"');
      // The same page and data; only when each read was made differs.
      const timeless = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
      expect(timeless(inWorker.body)).toBe(timeless(onMain.body));
    });
  },
);
