import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { apiOf, sanctionsBy, type User } from '../sanctions/sanctions.fixtures';

const SHELL =
  '<!doctype html><html><head><title>Fundry</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
const APP_URL = 'https://fundry.example';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(databaseKinds)('where backers come from, on %s', (kind) => {
  let ctx: TestContext;
  let admin: User;
  let creator: User;
  let backer: User;
  let stranger: User;
  let silenced: User;
  let suspended: User;
  let projectId: number;
  const anonymous: Record<string, string> = {};
  const api = apiOf(() => ctx);
  const db = () => ctx.database.db;
  const today = () => new Date().toISOString().slice(0, 10);

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
    projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Kettle',
      start: -2,
      end: 20,
    });
    const act = sanctionsBy(
      () => ctx,
      () => admin,
    );
    await act.silence(silenced);
    await act.suspend(suspended);
  });
  afterAll(() => ctx.close());

  const visitsOf = async (id: number) => {
    await ctx.app.services.visits.flush();
    const rows = await db().selectFrom('referral_visits').selectAll().where('project_id', '=', id).execute();
    return Object.fromEntries(rows.map((row) => [row.source, row.visits]));
  };
  const openPage = (id: number, query = '', headers: Record<string, string> = { 'user-agent': BROWSER }) =>
    ctx.app.inject({ method: 'GET', url: `/projects/${id}${query}`, headers });

  it('lets only the creator make tags, and the creator and admins read them; each role checked', async () => {
    const url = `projects/${projectId}/referral-tags`;
    for (const [who, status] of [
      [anonymous, 401],
      [stranger.headers, 403],
      [backer.headers, 403],
      [admin.headers, 403],
      [silenced.headers, 403],
      [suspended.headers, 403],
    ] as const) {
      const refused = await api('POST', url, who, { name: 'nope' });
      expect(refused.statusCode, refused.body).toBe(status);
    }
    const denied = await api('POST', url, stranger.headers, { name: 'nope' });
    expect(denied.json().message).toBe(inEnglish(REFERRAL_MESSAGES.onlyCreatorTags));
    expect((await api('POST', url, suspended.headers, { name: 'nope' })).json().error).toBe(
      'ACCOUNT_SUSPENDED',
    );

    const made = await api('POST', url, creator.headers, { name: 'Newsletter' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      name: 'Newsletter',
      link: `${APP_URL}/projects/${projectId}?ref=Newsletter`,
    });

    for (const [who, status] of [
      [anonymous, 401],
      [stranger.headers, 403],
      [backer.headers, 403],
      [silenced.headers, 403],
      [suspended.headers, 403],
      [creator.headers, 200],
      [admin.headers, 200],
    ] as const) {
      const listed = await api('GET', url, who);
      expect(listed.statusCode, listed.body).toBe(status);
      if (status === 200)
        expect(listed.json().data.map((t: { name: string }) => t.name)).toEqual(['Newsletter']);
    }
    expect(await db().selectFrom('referral_tags').select('name').execute()).toHaveLength(1);
  });

  it('refuses a malformed name (400), a duplicate in any case and a 101st tag (409), naming the rule', async () => {
    const other = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Tags',
      start: -1,
      end: 9,
    });
    const url = `projects/${other}/referral-tags`;
    for (const name of ['', 'x'.repeat(41), 'has space', 'émoji', 'a.b', 42]) {
      const refused = await api('POST', url, creator.headers, { name });
      expect(refused.statusCode, String(name)).toBe(400);
      expect(refused.json().details.name).toEqual([inEnglish(REFERRAL_MESSAGES.tagName)]);
    }
    expect((await api('POST', url, creator.headers, { name: 'forum_thread' })).statusCode).toBe(201);
    const twice = await api('POST', url, creator.headers, { name: 'FORUM_thread' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This project already has a tag named FORUM_thread');
    for (let i = 1; i < 100; i++) {
      expect((await api('POST', url, creator.headers, { name: `t${i}` })).statusCode).toBe(201);
    }
    const hundredFirst = await api('POST', url, creator.headers, { name: 'one-too-many' });
    expect(hundredFirst.statusCode).toBe(409);
    expect(hundredFirst.json().message).toBe('A project has at most 100 tags');
  });

  it('counts each page by the rule: tag > internal > the other site > direct; bots and HEAD left out', async () => {
    const id = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Counted',
      start: -1,
      end: 9,
    });
    expect(
      (await api('POST', `projects/${id}/referral-tags`, creator.headers, { name: 'forum' })).statusCode,
    ).toBe(201);
    const from = (referer: string) => ({ 'user-agent': BROWSER, referer });
    const pages = [
      openPage(id, '?ref=forum', from('https://news.example.org/item')),
      openPage(id, '?ref=FORUM'),
      openPage(id, '?ref=explore', from('https://news.example.org/item')),
      openPage(id, '?ref=share-twitter'),
      openPage(id, '', from('https://www.news.example.org/item')),
      openPage(id, '?ref=nobody-made-this', from('https://blog.example.com/')),
      openPage(id, '?ref=nobody-made-this'),
      openPage(id, '?ref=%3Cscript%3E'),
      openPage(id, '', from(`${APP_URL}/projects/explore`)),
      openPage(id),
      openPage(id, '?utm_source=x&ref=forum'),
      // Not counted: robots, a request without a user agent, a HEAD.
      openPage(id, '?ref=forum', { 'user-agent': GOOGLEBOT }),
      openPage(id, '?ref=forum', {}),
      ctx.app.inject({ method: 'HEAD', url: `/projects/${id}`, headers: { 'user-agent': BROWSER } }),
    ];
    for (const page of await Promise.all(pages)) expect(page.statusCode).toBe(200);
    // A page that is not found counts nothing, and no visit makes a page fail.
    expect((await openPage(999_999, '?ref=forum')).statusCode).toBe(404);

    expect(await visitsOf(id)).toEqual({
      forum: 3,
      explore: 1,
      'share-twitter': 1,
      'news.example.org': 1,
      'blog.example.com': 1,
      direct: 4,
    });
    const rows = await db()
      .selectFrom('referral_visits')
      .select('day')
      .where('project_id', '=', id)
      .execute();
    expect(new Set(rows.map((row) => row.day))).toEqual(new Set([today()]));
    expect(await visitsOf(999_999)).toEqual({});
  });

  it('adds a later batch to the stored counts; two flushes at once write each visit once', async () => {
    const id = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Batches',
      start: -1,
      end: 9,
    });
    for (let i = 0; i < 5; i++) await openPage(id, '?ref=home');
    expect(await visitsOf(id)).toEqual({ home: 5 });
    for (let i = 0; i < 7; i++) await openPage(id, '?ref=home');
    expect(ctx.app.services.visits.pendingVisits).toBeGreaterThanOrEqual(7);
    await Promise.all([ctx.app.services.visits.flush(), ctx.app.services.visits.flush()]);
    expect(await visitsOf(id)).toEqual({ home: 12 });
  });

  it('counts the app’s own page views by the beacon, anyone’s, robots left out', async () => {
    const id = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Beacon',
      start: -1,
      end: 9,
    });
    const draft = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Draft',
      status: 'DRAFT',
    });
    const beacon = (projectId: number, headers: Record<string, string>, ref?: string | null) =>
      api('POST', `projects/${projectId}/visits`, { 'user-agent': BROWSER, ...headers }, { ref });
    for (const who of [
      anonymous,
      stranger.headers,
      backer.headers,
      creator.headers,
      admin.headers,
      silenced.headers,
    ]) {
      expect((await beacon(id, who, 'search')).statusCode).toBe(204);
    }
    // Counting asks no one who they are: a suspended person's browser is a visit like any other.
    expect((await beacon(id, suspended.headers, 'search')).statusCode).toBe(204);
    expect((await beacon(id, { 'user-agent': GOOGLEBOT }, 'search')).statusCode).toBe(204);
    expect((await beacon(id, {}, null)).statusCode).toBe(204);
    expect((await beacon(id, {}, 'unknown-ref')).statusCode).toBe(204);
    // A draft counts nothing, and is answered as any other: the beacon never fails a page nor tells of it.
    expect((await beacon(draft, {}, 'search')).statusCode).toBe(204);
    expect((await beacon(999_999, {}, 'search')).statusCode).toBe(204);
    expect((await beacon(id, {}, 'x'.repeat(300))).statusCode).toBe(400);
    expect(await visitsOf(id)).toEqual({ search: 7, direct: 2 });
    expect(await visitsOf(draft)).toEqual({});
  });

  it('stores the pledge’s source and reports visits, pledges, amount, share and conversion to the creator and admins', async () => {
    const id = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Report',
      start: -1,
      end: 9,
    });
    await api('POST', `projects/${id}/referral-tags`, creator.headers, { name: 'newsletter' });
    for (let i = 0; i < 4; i++) await openPage(id, '?ref=newsletter');
    await openPage(id, '', { 'user-agent': BROWSER, referer: 'https://forum.example.net/t/1' });
    await openPage(id);
    const first = await backProject(ctx, backer.headers, id, { amount: 30, ref: 'NewsLetter' });
    const second = await backProject(ctx, stranger.headers, id, { amount: 10, ref: 'forum.example.net' });
    const third = await backProject(ctx, silenced.headers, id, { amount: 60, ref: 'not-a-tag' });
    const sources = await db()
      .selectFrom('donations')
      .select(['id', 'referral_source'])
      .where('project_id', '=', id)
      .orderBy('id')
      .execute();
    expect(sources).toEqual([
      { id: first, referral_source: 'newsletter' },
      { id: second, referral_source: 'forum.example.net' },
      { id: third, referral_source: 'direct' },
    ]);
    await ctx.app.services.visits.flush();

    const url = `projects/${id}/referrals`;
    for (const [who, status] of [
      [anonymous, 401],
      [stranger.headers, 403],
      [backer.headers, 403],
      [silenced.headers, 403],
      [suspended.headers, 403],
    ] as const) {
      expect((await api('GET', url, who)).statusCode).toBe(status);
      expect((await api('GET', `${url}.csv`, who)).statusCode).toBe(status);
    }
    const denied = await api('GET', url, backer.headers);
    expect(denied.json().message).toBe(inEnglish(REFERRAL_MESSAGES.onlyCreatorReads));

    const report = await api('GET', url, creator.headers);
    expect(report.statusCode, report.body).toBe(200);
    const data = report.json().data;
    expect(data.currency).toBe('USD');
    expect(data.totals).toEqual({ visits: 6, pledges: 3, amount: 100 });
    expect(data.sources).toEqual([
      {
        source: 'direct',
        kind: 'direct',
        visits: 1,
        pledges: 1,
        amount: 60,
        share_of_amount: 0.6,
        conversion: 1,
      },
      {
        source: 'newsletter',
        kind: 'tag',
        visits: 4,
        pledges: 1,
        amount: 30,
        share_of_amount: 0.3,
        conversion: 0.25,
      },
      {
        source: 'forum.example.net',
        kind: 'external',
        visits: 1,
        pledges: 1,
        amount: 10,
        share_of_amount: 0.1,
        conversion: 1,
      },
    ]);
    expect(data.days).toEqual([
      { day: today(), source: 'direct', visits: 1, pledges: 1, amount: 60 },
      { day: today(), source: 'forum.example.net', visits: 1, pledges: 1, amount: 10 },
      { day: today(), source: 'newsletter', visits: 4, pledges: 1, amount: 30 },
    ]);
    expect((await api('GET', url, admin.headers)).json().data).toEqual(data);

    // A released pledge no longer counts.
    await db().updateTable('donations').set({ status: 'RELEASED' }).where('id', '=', third).execute();
    const after = (await api('GET', url, creator.headers)).json().data;
    expect(after.totals).toEqual({ visits: 6, pledges: 2, amount: 40 });
    expect(after.sources.find((row: { source: string }) => row.source === 'direct')).toMatchObject({
      pledges: 0,
      amount: 0,
      share_of_amount: 0,
      conversion: 0,
    });

    const csv = await api('GET', `${url}.csv`, admin.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="fundry-project-${id}-referrals.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Source,Kind,Visits,Pledges,Amount (USD),Share of amount,Conversion');
    expect(lines).toContain('newsletter,Your tag,4,1,30,0.7500,0.2500');
    expect(lines).toContain('direct,Direct,1,0,0,0.0000,0.0000');
  });
});
