import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inDays } from '../../test/projects';
import { KeptPage, PageHtmlCache, preferredEncoding, renderAddress } from './page-html-cache';

describe('PageHtmlCache', () => {
  let clock = 0;
  const cache = (options = {}) => {
    const made = new PageHtmlCache(60_000, () => clock, options);
    made.trust(true);
    return made;
  };
  const keep = async (
    made: PageHtmlCache,
    key: string,
    dependsOn: Parameters<PageHtmlCache['rendering']>[1],
  ) => {
    made.rendering(key, dependsOn)!.done({ html: Buffer.from(`<html>${key}</html>`) });
    await made.find(key);
  };
  const htmlOf = async (page: Promise<KeptPage | null> | undefined) =>
    (await (await page)?.encoded('identity'))?.toString('utf8');

  it('keys a page by its address, its language and (one day) its display currency', () => {
    const key = (url: string, locale: 'en' | 'de', currency?: string) =>
      PageHtmlCache.keyOf({ url, locale, currency });
    expect(
      new Set([key('/', 'en'), key('/', 'de'), key('/?lang=de', 'de'), key('/', 'en', 'EUR')]).size,
    ).toBe(4);
  });

  it('leaves the tracking parameters of a shared link out of the address, and every other parameter in', () => {
    expect(renderAddress('/projects/7?utm_source=x&fbclid=abc')).toBe('/projects/7');
    expect(renderAddress('/projects/7?tab=comments&gclid=1&lang=de')).toBe(
      '/projects/7?tab=comments&lang=de',
    );
    expect(renderAddress('/projects/explore?category=2&page=3')).toBe('/projects/explore?category=2&page=3');
  });

  it('shares one render among everyone who asks meanwhile, and keeps what it made', async () => {
    const made = cache();
    const render = made.rendering('en - /', 'catalogue')!;
    const waiting = made.find('en - /');
    expect(waiting).toBeInstanceOf(Promise);
    render.done({ html: Buffer.from('<html>home</html>') });
    expect(await htmlOf(waiting)).toBe('<html>home</html>');
    expect(await htmlOf(made.find('en - /'))).toBe('<html>home</html>');
  });

  it("forgets a project's pages and the catalogue's on its change; an update forgets only the project's", async () => {
    const made = cache({ catalogueQuietMs: 0 });
    await keep(made, 'p1', { project: 1 });
    await keep(made, 'p2', { project: 2 });
    await keep(made, 'home', 'catalogue');
    await keep(made, 'terms', 'none');
    made.forgetCommunity(1);
    expect([made.find('p1'), made.find('p2'), made.find('home')].map(Boolean)).toEqual([false, true, true]);
    made.forgetProject(2);
    expect([made.find('p2'), made.find('home'), made.find('terms')].map(Boolean)).toEqual([
      false,
      false,
      true,
    ]);
    made.forgetAll();
    expect(made.find('terms')).toBeUndefined();
  });

  it('forgets the catalogue once at once and once more at the end of its quiet time, not at every pledge', async () => {
    const made = cache({ catalogueQuietMs: 50 });
    await keep(made, 'home', 'catalogue');
    made.forgetProject(1);
    expect(made.find('home')).toBeUndefined();
    await keep(made, 'home', 'catalogue');
    made.forgetProject(2);
    made.forgetProject(3);
    // Within the quiet time the page stays; at its end it goes, with every change of the burst in it.
    expect(made.find('home')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(made.find('home')).toBeUndefined();
    made.close();
  });

  it('never keeps a render that began before a change, a failed render, or anything while it is not trusted', async () => {
    const made = cache();
    const before = made.rendering('p1', { project: 1 })!;
    made.forgetProject(1);
    before.done({ html: Buffer.from('<html>old</html>') });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made.find('p1')).toBeUndefined();

    made.rendering('p1', { project: 1 })!.done(null);
    expect(made.find('p1')).toBeUndefined();

    made.trust(false);
    expect(made.rendering('p1', { project: 1 })).toBeUndefined();
    expect(made.find('p1')).toBeUndefined();
  });

  it('ages pages out, and lets the least recently read go when its bytes run out', async () => {
    const made = cache({ maxBytes: 1 });
    await keep(made, 'a', 'none');
    expect(made.find('a')).toBeUndefined();

    const aging = cache();
    await keep(aging, 'a', 'none');
    clock += 60_000;
    expect(aging.find('a')).toBeUndefined();
  });

  it('compresses a page once, in the encoding each visitor takes', async () => {
    const page = await KeptPage.of({ html: Buffer.from('<html>hello</html>') });
    expect(brotliDecompressSync(await page.encoded('br')).toString()).toBe('<html>hello</html>');
    const gzip = await page.encoded('gzip');
    expect(gunzipSync(gzip).toString()).toBe('<html>hello</html>');
    expect(await page.encoded('gzip')).toBe(gzip);
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

/** Issue 36: what another instance commits reaches this instance's kept pages within this. */
const ONE_SECOND = { timeout: 1_000, interval: 20 };

/**
 * A web build whose render bundle stands in for apps/web/src/entry-server.tsx: it reads the project page's data
 * through the API as the real one does, and writes it out, so what a kept page shows can be compared with the data.
 */
function fakeWebBuild(name: string) {
  const build = mkdtempSync(path.join(tmpdir(), `fundry-html-${name}-`));
  const dist = path.join(build, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(build, 'dist-ssr'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Fundry</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(build, 'dist-ssr', 'entry-server.js'),
    `const utf8 = (text) => new TextEncoder().encode(text);
    export async function renderPage(url, transport, onError, locale) {
      (globalThis.htmlRenders ??= []).push(${JSON.stringify(name)} + ' ' + url);
      await globalThis.htmlRenderGate;
      const read = async (address) => {
        const { status, body } = await transport.read(transport.origin + '/api/v1' + address, []);
        return status === 200 ? JSON.parse(new TextDecoder().decode(body)).data : null;
      };
      const id = /^\\/projects\\/(\\d+)/.exec(url)?.[1];
      if (!id) return { html: utf8('<main>' + locale + ' ' + url + '</main>'), stateScript: '' };
      const [project, stats, rewards, updates] = await Promise.all([
        read('/projects/' + id), read('/backers/projects/' + id + '/public-stats'),
        read('/rewards/projects/' + id + '/rewards'), read('/projects/' + id + '/updates'),
      ]);
      if (!project) return null;
      const page = {
        title: project.title, raised: stats.total_amount, locale,
        rewards: rewards.map((reward) => reward.title), updates: updates.updates.map((update) => update.title),
      };
      return { html: utf8('<main>' + JSON.stringify(page).replace(/</g, '') + '</main>'),
               stateScript: '<script type="application/json" id="fundry-page-state">{}</script>' };
    }`,
  );
  return dist;
}

interface Shown {
  status: number;
  cache: string | undefined;
  title?: string;
  raised?: number;
  locale?: string;
  rewards?: string[];
  updates?: string[];
}

// The kept pages listen to PostgreSQL's notifications, as the project page cache does; on PGlite every page renders.
describe.skipIf(!databaseKinds.includes('postgres'))(
  'rendered pages kept on each instance, on postgres',
  () => {
    let a: TestContext;
    let b: FastifyInstance;
    let creator: Awaited<ReturnType<typeof signedInUser>>;
    let backer: Awaited<ReturnType<typeof signedInUser>>;
    let admin: Awaited<ReturnType<typeof signedInUser>>;

    beforeAll(async () => {
      a = await createTestApp('postgres', { WEB_DIST_DIR: fakeWebBuild('a'), PAYMENTS_PROVIDER: 'sandbox' });
      // Instance B: the same database, a change feed, caches and renderer of its own.
      b = await buildApp(
        { ...a.config, webDistDir: fakeWebBuild('b') },
        { db: a.database.db, searchDb: a.database.searchDb },
      );
      await b.ready();
      [creator, backer, admin] = await Promise.all([
        signedInUser(a),
        signedInUser(a),
        signedInUser(a, { admin: true }),
      ]);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const rendersOnB = () =>
      ((globalThis as { htmlRenders?: string[] }).htmlRenders ?? []).filter((r) => r.startsWith('b '));
    const onB = async (url: string, headers: Record<string, string> = {}): Promise<Shown> => {
      const response = await b.inject({ url, headers });
      const main = /<main>(.*)<\/main>/.exec(response.body)?.[1];
      return {
        status: response.statusCode,
        cache: response.headers['x-page-cache'] as string | undefined,
        ...(main?.startsWith('{') ? (JSON.parse(main) as object) : {}),
      };
    };
    /** A page B has rendered and kept, as it would for a link everyone is opening. */
    const keptOnB = async (url: string) => {
      await b.projectChanges!.fence();
      await onB(url);
      const kept = await onB(url);
      expect(kept.cache).toBe('hit');
      return kept;
    };

    it('serves a page from memory to the next visitors, compressed once, with the headers of a rendered one', async () => {
      const id = await createProjectRow(a.database.db, { creatorId: creator.user.id, title: 'Harbour lamp' });
      await b.projectChanges!.fence();
      const first = await b.inject({ url: `/projects/${id}` });
      expect(first.headers['x-page-cache']).toBe('miss');
      const renders = rendersOnB().length;
      const identity = await b.inject({ url: `/projects/${id}` });
      const br = await b.inject({ url: `/projects/${id}`, headers: { 'accept-encoding': 'gzip, br' } });
      const gzip = await b.inject({ url: `/projects/${id}`, headers: { 'accept-encoding': 'gzip' } });
      expect(rendersOnB().length).toBe(renders);
      expect(identity.body).toBe(first.body);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
      for (const response of [identity, br, gzip]) {
        expect(response.headers['x-page-cache']).toBe('hit');
        // Shared caches keep it as long as they did before (decision 015).
        expect(response.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers.vary).toContain('Accept-Language, Cookie');
      }
      // A shared link's tracking parameters make no page of their own.
      expect(
        (await b.inject({ url: `/projects/${id}?utm_source=chat&fbclid=x1` })).headers['x-page-cache'],
      ).toBe('hit');
    });

    it('keeps the Brotli its first visitor was sent, even when that visitor leaves before the end', async () => {
      const id = await createProjectRow(a.database.db, { creatorId: creator.user.id, title: 'Tide bell' });
      await b.projectChanges!.fence();
      await b.listen({ port: 0, host: '127.0.0.1' });
      const { port } = b.server.address() as AddressInfo;
      const gate = globalThis as { htmlRenderGate?: Promise<void> };
      let open = () => {};
      gate.htmlRenderGate = new Promise((resolve) => (open = resolve));
      // The visitor has the head, and leaves while the page renders.
      await new Promise<void>((resolve) => {
        const request = get(
          { port, path: `/projects/${id}`, headers: { 'accept-encoding': 'br' } },
          (response) => {
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          },
        );
      });
      open();
      delete gate.htmlRenderGate;
      const next = await b.inject({ url: `/projects/${id}`, headers: { 'accept-encoding': 'br' } });
      expect(next.headers['x-page-cache']).toBe('hit');
      const page = brotliDecompressSync(next.rawPayload).toString();
      expect(page).toContain('"title":"Tide bell"');
      expect(page).toBe((await b.inject({ url: `/projects/${id}` })).body);
    });

    it('shows a pledge, a reward change, an update and a rejection made through instance A on B within a second', async () => {
      const id = await createProjectRow(a.database.db, { creatorId: creator.user.id, title: 'Tide clock' });
      const url = `/projects/${id}`;
      expect(await keptOnB(url)).toMatchObject({ raised: 0, rewards: [], updates: [] });

      await backProject(a, backer.headers, id, { amount: 45 });
      await expect.poll(() => onB(url), ONE_SECOND).toMatchObject({ raised: 45 });

      await keptOnB(url);
      const reward = await a.app.inject({
        method: 'POST',
        url: `/api/v1/rewards/projects/${id}/rewards`,
        headers: creator.headers,
        payload: {
          title: 'Brass tide clock',
          description: 'The first batch',
          minimum_amount: 40,
          estimated_delivery_date: inDays(60),
        },
      });
      expect(reward.statusCode).toBe(201);
      await expect.poll(() => onB(url), ONE_SECOND).toMatchObject({ rewards: ['Brass tide clock'] });

      await keptOnB(url);
      const update = await a.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/updates`,
        headers: creator.headers,
        payload: { title: 'The first clocks ship', body: '<p>Packed and sent.</p>', visibility: 'public' },
      });
      expect(update.statusCode).toBe(201);
      await expect.poll(() => onB(url), ONE_SECOND).toMatchObject({ updates: ['The first clocks ship'] });

      await keptOnB(url);
      const revoked = await a.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/revoke`,
        headers: admin.headers,
        payload: { reason: 'Misleading claims about the clock' },
      });
      expect(revoked.statusCode).toBe(200);
      await expect.poll(async () => (await onB(url)).status, ONE_SECOND).toBe(404);
    });

    it('forgets the catalogue pages of B on a change of any project', async () => {
      const id = await createProjectRow(a.database.db, { creatorId: creator.user.id, title: 'Kite' });
      await keptOnB('/');
      await a.database.db
        .updateTable('projects')
        .set({ current_cents: 12_300 })
        .where('id', '=', id)
        .execute();
      await expect.poll(async () => (await onB('/')).cache, ONE_SECOND).toBe('miss');
    });

    it('never serves a kept page with a visitor’s data, a signed-in marker or another language', async () => {
      const id = await createProjectRow(a.database.db, { creatorId: creator.user.id, title: 'Quiet bell' });
      const url = `/projects/${id}`;
      await b.projectChanges!.fence();
      // The first visitor is signed in (a token, a cookie) and reads German: none of it may reach the next ones.
      const signedIn = await b.inject({
        url,
        headers: { ...backer.headers, cookie: 'fundry_locale=de; session=abc', 'accept-language': 'de' },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).not.toContain(backer.user.email);
      expect(signedIn.body).not.toContain(backer.tokens.access_token);
      expect(signedIn.body).toContain('<html lang="de"');

      const english = await onB(url, { 'accept-language': 'en' });
      expect(english).toMatchObject({ cache: 'miss', locale: 'en', title: 'Quiet bell' });
      const englishHtml = (await b.inject({ url })).body;
      expect(englishHtml).toContain('<html lang="en"');
      expect(englishHtml).not.toContain(backer.user.email);
      // German visitors share the German page, whichever way they asked for German.
      expect(await onB(url, { 'accept-language': 'de-AT, de;q=0.9' })).toMatchObject({
        cache: 'hit',
        locale: 'de',
      });
      expect(await onB(`${url}?lang=de`)).toMatchObject({ cache: 'miss', locale: 'de' });
      expect(await onB(url, { cookie: 'fundry_locale=es' })).toMatchObject({ cache: 'miss', locale: 'es' });
    });

    it('never keeps a not-found page that may appear', async () => {
      const id = await createProjectRow(a.database.db, {
        creatorId: creator.user.id,
        title: 'Not yet',
        status: 'PENDING',
      });
      await b.projectChanges!.fence();
      expect((await onB(`/projects/${id}`)).status).toBe(404);
      expect((await onB(`/projects/${id}`)).status).toBe(404);
      await a.database.db.updateTable('projects').set({ status: 'ACTIVE' }).where('id', '=', id).execute();
      await expect
        .poll(() => onB(`/projects/${id}`), ONE_SECOND)
        .toMatchObject({ status: 200, title: 'Not yet' });
    });
  },
);
