import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProjectCard } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { type Discovery, openDiscovery } from './discovery.fixtures';

/** The public list's filters, sorts and pages, the discovery page, saved projects and share links. */
describe.each(databaseKinds)('discovery on %s', (kind) => {
  let { ctx, tech, art, food, ids, list, titles } = {} as Discovery;
  let now = new Date();

  beforeAll(async () => {
    ({ ctx, tech, art, food, ids, list, titles } = await openDiscovery(kind, () => now));
  });
  afterAll(() => ctx.close());

  it('filters by categories, progress and status, alone and combined', async () => {
    expect((await titles(`category=${art}&sort=newest`)).sort()).toEqual([
      'Clay pots',
      'Finished mural',
      'Future garden',
    ]);
    expect((await titles(`category=${art}&category=${food}`)).length).toBe(4);
    expect((await titles('progress=under25')).sort()).toEqual([
      'Failed solar boat',
      'Future garden',
      'Solar kettle',
    ]);
    expect(await titles('progress=25to75')).toEqual(['Camping stove']);
    expect(await titles('progress=75to99')).toEqual(['Clay pots']);
    expect((await titles('progress=funded')).sort()).toEqual(['Finished mural', 'Street food atlas']);
    expect((await titles('status=active')).sort()).toEqual([
      'Camping stove',
      'Clay pots',
      'Solar kettle',
      'Street food atlas',
    ]);
    expect(await titles('status=upcoming')).toEqual(['Future garden']);
    expect((await titles('status=completed')).sort()).toEqual(['Failed solar boat', 'Finished mural']);
    expect(
      await titles(`search=solar&category=${tech}&category=${art}&progress=25to75&status=active`),
    ).toEqual(['Camping stove']);
  });

  it('sorts newest, popular, ending and funded', async () => {
    expect((await titles('status=active&sort=newest'))[0]).toBe('Street food atlas');
    expect((await titles('sort=popular')).slice(0, 2)).toEqual(['Finished mural', 'Street food atlas']);
    const ending = await titles('sort=ending');
    expect(ending[0]).toBe('Clay pots');
    expect(ending).not.toContain('Finished mural');
    expect(ending).not.toContain('Future garden');
    expect((await titles('sort=funded')).slice(0, 2)).toEqual(['Finished mural', 'Street food atlas']);
  });

  it('gives every sort the same order page by page as whole, in the order of its fields', async () => {
    const byField =
      (field: 'backers_count' | 'title' | 'created_at' | 'current_amount' | 'end_date', direction: 1 | -1) =>
      (a: ProjectCard, b: ProjectCard) =>
        (a[field]! < b[field]! ? -1 : a[field]! > b[field]! ? 1 : a.id - b.id) * direction;
    for (const [query, expected] of [
      ['sort=newest', undefined],
      ['sort=popular', byField('backers_count', -1)],
      ['sort=ending', undefined],
      ['sort=funded', undefined],
      ['sort_by=title&sort_order=asc', byField('title', 1)],
      ['sort_by=end_date&sort_order=asc', undefined],
      ['search=solar', undefined],
      // A search reads its page in a statement of its own (searchPage): the same orders.
      ['search=solar&sort=newest', byField('created_at', -1)],
      ['search=solar&sort=popular', byField('backers_count', -1)],
      ['search=solar&sort=ending', byField('end_date', 1)],
      ['search=solar&sort=funded', byField('current_amount', -1)],
    ] as const) {
      const whole = (await list(query)).projects;
      const paged: ProjectCard[] = [];
      for (let page = 1; ; page++) {
        const { projects } = await list(`${query}&per_page=2&page=${page}`);
        if (projects.length === 0) break;
        paged.push(...projects);
      }
      expect(
        paged.map((p) => p.id),
        query,
      ).toEqual(whole.map((p) => p.id));
      if (expected)
        expect(
          whole.map((p) => p.id),
          query,
        ).toEqual([...whole].sort(expected).map((p) => p.id));
    }
  });

  it('paginates with total and pages, past the end and over the maximum', async () => {
    const page = await list('per_page=2&page=2&sort=newest');
    expect([page.projects.length, page.total, page.pages]).toEqual([2, 7, 4]);
    const past = await list('per_page=2&page=50');
    expect([past.projects.length, past.total]).toEqual([0, 7]);
    expect((await ctx.app.inject('/api/v1/projects/?per_page=1000')).statusCode).toBe(400);
    expect((await ctx.app.inject('/api/v1/projects/?page=0')).statusCode).toBe(400);
    expect((await ctx.app.inject('/api/v1/projects/?progress=most')).statusCode).toBe(400);
  });

  it('discovers featured projects first and trending ones after, all active and public', async () => {
    const { featured, trending } = (await ctx.app.inject('/api/v1/projects/discovery')).json<{
      data: { featured: ProjectCard[]; trending: ProjectCard[] };
    }>().data;
    expect(featured.map((p) => p.title)).toEqual(['Street food atlas']);
    expect(trending.length).toBeLessThanOrEqual(5);
    expect(trending.map((p) => p.id)).not.toContain(ids.funded);
    expect(trending[0]?.title).toBe('Camping stove');
    expect([...featured, ...trending].map((p) => p.title)).not.toContain('Future garden');
    expect([...featured, ...trending].every((p) => p.status === 'ACTIVE')).toBe(true);
  });

  it('trends by backing in the last 7 days, not by all-time backers', async () => {
    const db = ctx.database.db;
    const donor = await createUser(db);
    await db
      .insertInto('donations')
      .values({
        project_id: ids.nearly!,
        donor_id: donor.id,
        amount_cents: 50_000,
        status: 'SUCCEEDED',
        funding_model: 'all_or_nothing',
        provider: 'sandbox',
        expires_at: new Date(),
        succeeded_at: new Date(),
        pledged_at: new Date(),
      })
      .execute();
    await db
      .insertInto('donations')
      .values({
        project_id: ids.descMatch!,
        donor_id: donor.id,
        amount_cents: 90_000,
        status: 'SUCCEEDED',
        funding_model: 'all_or_nothing',
        provider: 'sandbox',
        expires_at: new Date(),
        succeeded_at: new Date(Date.now() - 10 * 86_400_000),
        pledged_at: new Date(Date.now() - 10 * 86_400_000),
      })
      .execute();
    const discover = async () =>
      (await ctx.app.inject('/api/v1/projects/discovery')).json().data.trending as ProjectCard[];
    // The ranking is worked out once a minute, the old one answered while the next is worked out; the cards'
    // figures are always current.
    expect((await discover())[0]?.title).toBe('Camping stove');
    now = new Date(now.getTime() + 61_000);
    expect((await discover())[0]?.title).toBe('Camping stove');
    await vi.waitFor(async () => expect((await discover())[0]?.title).toBe('Clay pots'));
    const trending = await discover();
    expect(trending[0]?.current_amount).toBeGreaterThanOrEqual(500);
    await db.deleteFrom('donations').where('donor_id', '=', donor.id).execute();
  });

  it('never shows a private project in a public list, search, typeahead or discovery', async () => {
    const secretIds = [ids.DRAFT, ids.PENDING, ids.REJECTED];
    const everyone = await signedInUser(ctx);
    for (const query of [
      '',
      'status=draft',
      'status=pending',
      'status=revoked',
      'search=secret',
      'sort=popular',
      `category=${tech}`,
    ]) {
      for (const headers of [{}, everyone.headers]) {
        const found = (await list(query, headers)).projects.map((p) => p.id);
        expect(found.filter((id) => secretIds.includes(id))).toEqual([]);
      }
    }
    expect((await ctx.app.inject('/api/v1/projects/search?q=secret')).json().data.projects).toEqual([]);
    const discovery = JSON.stringify((await ctx.app.inject('/api/v1/projects/discovery')).json());
    expect(discovery).not.toContain('Secret');
  });

  it('saves and unsaves, lists saved projects newest first, and hides ones that became private', async () => {
    const { headers } = await signedInUser(ctx);
    const save = (id: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/save`, headers });
    expect((await save(ids.titleMatch!)).json()).toEqual({
      message: 'Project saved successfully',
      data: { saved: true },
    });
    expect((await save(ids.titleMatch!)).statusCode).toBe(200);
    await save(ids.nearly!);
    expect((await save(ids.PENDING!)).statusCode).toBe(404);
    const saved = await ctx.app.inject({ url: '/api/v1/projects/saved?page=1&per_page=10', headers });
    const body = saved.json<{ data: { projects: (ProjectCard & { saved_at: string })[]; total: number } }>()
      .data;
    expect(body.projects.map((p) => p.id)).toEqual([ids.nearly, ids.titleMatch]);
    expect(body.projects[0]?.saved_at).toBeTruthy();

    await ctx.database.db
      .updateTable('projects')
      .set({ status: 'REJECTED' })
      .where('id', '=', ids.nearly!)
      .execute();
    const after = (await ctx.app.inject({ url: '/api/v1/projects/saved', headers })).json().data;
    expect(after.projects.map((p: ProjectCard) => p.id)).toEqual([ids.titleMatch]);
    await ctx.database.db
      .updateTable('projects')
      .set({ status: 'ACTIVE' })
      .where('id', '=', ids.nearly!)
      .execute();

    const unsave = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${ids.titleMatch}/save`,
      headers,
    });
    expect(unsave.json()).toEqual({ message: 'Project removed from saved items', data: { saved: false } });
    expect((await ctx.app.inject('/api/v1/projects/saved')).statusCode).toBe(401);
  });

  it('gives share links built on the app address', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${ids.titleMatch}/share`,
    });
    const url = `https://fundry.example/projects/${ids.titleMatch}`;
    expect(response.json().data).toMatchObject({ url, title: 'Solar kettle' });
    expect(response.json().data.social_links.twitter).toContain(
      encodeURIComponent(`${url}?ref=share-twitter`),
    );
    expect(response.json().data.embed_url).toBe(`${url}/embed`);
    expect(response.json().data.social_links.facebook).toContain('facebook.com/sharer');
    expect(response.json().data.social_links.linkedin).toContain('linkedin.com');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/projects/${ids.DRAFT}/share` })).statusCode,
    ).toBe(404);
  });
});

describe.each(databaseKinds)('discovery across currencies on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { CURRENCIES: 'USD,EUR,JPY,BRL' });
    const db = ctx.database.db;
    const creatorId = (await createUser(db)).id;
    // In dollars: $5,000 raised of $4,000; ¥600,000 × 0.0066 = $3,960 of ¥1,500,000 = $9,900; €3,000 × 1.04 =
    // $3,120 of €2,000 = $2,080; R$9,000 with no rate yet (unknown, not nothing).
    await createProjectRow(db, { creatorId, title: 'Dollar lamp', raised: 5_000, goal: 4_000 });
    await createProjectRow(db, {
      creatorId,
      title: 'Yen kettle',
      currency: 'JPY',
      baseRate: '0.0066',
      raised: 600_000,
      goal: 1_500_000,
    });
    await createProjectRow(db, {
      creatorId,
      title: 'Euro bicycle',
      currency: 'EUR',
      baseRate: '1.04',
      raised: 3_000,
      goal: 2_000,
    });
    await createProjectRow(db, { creatorId, title: 'Real hammock', currency: 'BRL', raised: 9_000, goal: 1 });
  });
  afterAll(() => ctx.close());

  const titles = async (query: string) => {
    const response = await ctx.app.inject(`/api/v1/projects?per_page=100&${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { projects: ProjectCard[] } }>().data.projects.map((p) => p.title);
  };

  it('sorts most funded by the amount in the base currency, an unknown rate after every known one', async () => {
    // The yen's 600,000 is the largest number but $3,960 in the base currency.
    expect(await titles('sort=funded')).toEqual([
      'Dollar lamp',
      'Yen kettle',
      'Euro bicycle',
      'Real hammock',
    ]);
    expect(await titles('sort_by=current_amount&sort_order=asc')).toEqual([
      'Euro bicycle',
      'Yen kettle',
      'Dollar lamp',
      'Real hammock',
    ]);
    // A search orders its page in a statement of its own (searchPage): the same order.
    expect(await titles('search=project&sort=funded')).toEqual([
      'Dollar lamp',
      'Yen kettle',
      'Euro bicycle',
      'Real hammock',
    ]);
  });

  it('filters by goal and by amount raised in the base currency', async () => {
    expect(await titles('goal_min=3000&sort=funded')).toEqual(['Dollar lamp', 'Yen kettle']);
    expect(await titles('goal_max=4000&sort=funded')).toEqual(['Dollar lamp', 'Euro bicycle']);
    expect(await titles('goal_min=2080&goal_max=2080')).toEqual(['Euro bicycle']);
    expect(await titles('raised_min=3500&raised_max=4000')).toEqual(['Yen kettle']);
    const invalid = await ctx.app.inject('/api/v1/projects?goal_min=-1');
    expect(invalid.statusCode).toBe(400);
  });

  it('trends by the last 7 days of backing in the base currency', async () => {
    const db = ctx.database.db;
    const donor = await createUser(db);
    const projectId = async (title: string) =>
      (await db.selectFrom('projects').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
    const pledge = async (title: string, minor: number, currency: string) => {
      const at = new Date();
      await db
        .insertInto('donations')
        .values({
          project_id: await projectId(title),
          donor_id: donor.id,
          amount_cents: minor,
          currency,
          status: 'SUCCEEDED',
          funding_model: 'all_or_nothing',
          provider: 'sandbox',
          expires_at: at,
          succeeded_at: at,
          pledged_at: at,
        })
        .execute();
    };
    await pledge('Yen kettle', 20_000, 'JPY'); // ¥20,000 = $132
    await pledge('Dollar lamp', 15_000, 'USD'); // $150
    await pledge('Real hammock', 90_000, 'BRL'); // no rate: after the others
    const trending = (await ctx.app.inject('/api/v1/projects/discovery')).json().data
      .trending as ProjectCard[];
    expect(trending.map((p) => p.title)).toEqual([
      'Dollar lamp',
      'Yen kettle',
      'Euro bicycle',
      'Real hammock',
    ]);
  });
});
