import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { sanctionsBy, type User } from '../sanctions/sanctions.fixtures';

const SHELL =
  '<!doctype html><html><head><title>Fundry</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
const APP_URL = 'https://fundry.example';

describe.each(databaseKinds)('embeds and oEmbed, on %s', (kind) => {
  let ctx: TestContext;
  let admin: User;
  let creator: User;
  let backer: User;
  let stranger: User;
  let silenced: User;
  let suspended: User;
  let projectId: number;
  let draftId: number;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const oembed = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    get(`/api/oembed?${new URLSearchParams(query).toString()}`, headers);

  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'fundry-web-'));
    writeFileSync(path.join(webDist, 'index.html'), SHELL);
    ctx = await createTestApp(kind, { WEB_DIST_DIR: webDist, APP_URL, PAYMENTS_PROVIDER: 'sandbox' });
    admin = await signedInUser(ctx, { admin: true });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    backer = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    silenced = await signedInUser(ctx);
    suspended = await signedInUser(ctx);
    projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      title: 'Kettle <Forge>',
      goal: 1000,
      start: -2,
      end: 20,
    });
    draftId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, status: 'DRAFT' });
    await backProject(ctx, backer.headers, projectId, { amount: 250 });
    const act = sanctionsBy(
      () => ctx,
      () => admin,
    );
    await act.silence(silenced);
    await act.suspend(suspended);
  });
  afterAll(() => ctx.close());

  it('answers the card to anyone: no script, no cookie, framable by any site on this route only', async () => {
    for (const who of [
      {},
      stranger.headers,
      creator.headers,
      backer.headers,
      admin.headers,
      silenced.headers,
    ]) {
      expect((await get(`/projects/${projectId}/embed`, who)).statusCode).toBe(200);
    }
    const card = await get(`/projects/${projectId}/embed`, suspended.headers);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(card.headers['set-cookie']).toBeUndefined();
    expect(card.headers['x-frame-options']).toBeUndefined();
    expect(card.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(card.headers['content-security-policy']).toContain("default-src 'none'");
    expect(card.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(card.body).not.toMatch(/<script/i);
    expect(card.body).toContain('<html lang="en" dir="ltr">');
    expect(card.body).toContain('<h1>Kettle &lt;Forge&gt;</h1>');
    expect(card.body).toContain('by Cora Creator');
    expect(card.body).toContain('25% funded');
    expect(card.body).toContain('$250 raised of $1,000');
    expect(card.body).toMatch(/\d+ days left/);
    expect(card.body).toContain(`href="${APP_URL}/projects/${projectId}?ref=embed" target="_blank"`);

    // The project's own page stays unframable, and names its oEmbed answer.
    const page = await get(`/projects/${projectId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const oembedHref = `${APP_URL}/api/oembed?url=${encodeURIComponent(`${APP_URL}/projects/${projectId}`)}&amp;format=json`;
    expect(page.body).toContain(`<link rel="alternate" type="application/json+oembed" href="${oembedHref}"`);
  });

  it('speaks the language of ?lang or the request, right to left in Arabic', async () => {
    const arabic = await get(`/projects/${projectId}/embed?lang=ar`);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('بواسطة Cora Creator');
    expect(arabic.body).toContain('شاهد المشروع على Fundry');
    const german = await get(`/projects/${projectId}/embed`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain('von Cora Creator');
    expect(german.body).toMatch(/250\s\$ von 1\.000\s\$ gesammelt/);
  });

  it('has no card for a hidden or missing project', async () => {
    expect((await get(`/projects/${draftId}/embed`)).statusCode).toBe(404);
    expect((await get(`/projects/${draftId}/embed`, creator.headers)).statusCode).toBe(404);
    expect((await get('/projects/999999/embed')).statusCode).toBe(404);
  });

  it('answers oEmbed 1.0 with the card’s iframe, within maxwidth, for anyone', async () => {
    const url = `${APP_URL}/projects/${projectId}`;
    for (const who of [
      {},
      stranger.headers,
      creator.headers,
      backer.headers,
      admin.headers,
      silenced.headers,
      suspended.headers,
    ]) {
      expect((await oembed({ url, format: 'json' }, who)).statusCode).toBe(200);
    }
    const answer = await oembed({ url, format: 'json' });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'Kettle <Forge>',
      author_name: 'Cora Creator',
      provider_name: 'Fundry',
      provider_url: APP_URL,
      width: 360,
      height: 440,
    });
    expect(answer.json().html).toBe(
      `<iframe src="${APP_URL}/projects/${projectId}/embed" width="360" height="440" title="Kettle &lt;Forge&gt; on Fundry" style="border:0;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
    const narrow = (await oembed({ url: `${url}/embed?lang=es`, maxwidth: '300', maxheight: '400' })).json();
    expect([narrow.width, narrow.height]).toEqual([300, 400]);
    expect(narrow.html).toContain(`src="${APP_URL}/projects/${projectId}/embed?lang=es"`);
  });

  it('answers 404 for another site, an unknown or hidden project, too small a width; 501 for XML', async () => {
    const url = `${APP_URL}/projects/${projectId}`;
    expect((await oembed({ url, format: 'xml' })).statusCode).toBe(501);
    expect((await oembed({ url, format: 'xml' })).json().message).toBe('Only format=json is offered');
    for (const other of [
      `https://elsewhere.example/projects/${projectId}`,
      `http://fundry.example/projects/${projectId}`,
      `${APP_URL}/projects/999999`,
      `${APP_URL}/projects/${draftId}`,
      `${APP_URL}/about`,
      'not a url',
    ]) {
      expect((await oembed({ url: other }, creator.headers)).statusCode, other).toBe(404);
    }
    expect((await oembed({ url, maxwidth: '120' })).statusCode).toBe(404);
    expect((await get('/api/oembed')).statusCode).toBe(400);
  });
});
