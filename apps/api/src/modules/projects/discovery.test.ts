import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProjectCard } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';

describe.each(databaseKinds)('discovery on %s', (kind) => {
  let ctx: TestContext;
  let creatorId: number;
  let tech: number;
  let art: number;
  let food: number;
  const ids: Record<string, number> = {};
  let now = new Date();

  beforeAll(async () => {
    ctx = await createTestApp(
      kind,
      { APP_URL: 'https://fundry.example', PAYMENTS_PROVIDER: 'sandbox' },
      undefined,
      {
        clock: () => now,
      },
    );
    const db = ctx.database.db;
    creatorId = (await createUser(db)).id;
    const categories = await db
      .insertInto('categories')
      .values([{ name: 'Tech' }, { name: 'Art' }, { name: 'Food' }])
      .returning('id')
      .execute();
    [tech, art, food] = categories.map((c) => c.id) as [number, number, number];
    const make = async (key: string, input: Parameters<typeof createProjectRow>[1]) => {
      ids[key] = await createProjectRow(db, input);
    };
    const base = { creatorId };
    await make('titleMatch', {
      ...base,
      title: 'Solar kettle',
      categoryId: tech,
      raised: 100,
      goal: 1000,
      backers: 3,
      createdAt: new Date('2026-01-01'),
    });
    await make('descMatch', {
      ...base,
      title: 'Camping stove',
      description: '<p>Boils water using solar power.</p>',
      categoryId: tech,
      raised: 500,
      goal: 1000,
      backers: 9,
      createdAt: new Date('2026-02-01'),
    });
    await make('nearly', {
      ...base,
      title: 'Clay pots',
      categoryId: art,
      raised: 800,
      goal: 1000,
      backers: 5,
      end: 3,
      createdAt: new Date('2026-03-01'),
    });
    await make('funded', {
      ...base,
      title: 'Street food atlas',
      categoryId: food,
      raised: 1500,
      goal: 1000,
      backers: 20,
      end: 60,
      featured: true,
      createdAt: new Date('2026-04-01'),
    });
    await make('upcoming', {
      ...base,
      title: 'Future garden',
      categoryId: art,
      start: 5,
      end: 40,
      createdAt: new Date('2026-05-01'),
    });
    await make('done', {
      ...base,
      title: 'Finished mural',
      categoryId: art,
      status: 'SUCCESSFUL',
      raised: 2000,
      goal: 1000,
      backers: 40,
      start: -60,
      end: -5,
    });
    await make('failed', {
      ...base,
      title: 'Failed solar boat',
      categoryId: tech,
      status: 'FAILED',
      raised: 10,
      goal: 1000,
      start: -60,
      end: -5,
    });
    for (const status of ['DRAFT', 'PENDING', 'REJECTED'] as const) {
      await make(status, {
        ...base,
        title: `Secret solar ${status.toLowerCase()} plan`,
        categoryId: tech,
        status,
        featured: true,
        backers: 999,
      });
    }
  });
  afterAll(() => ctx.close());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const paged = query.includes('per_page=') ? query : `per_page=100&${query}`;
    const response = await ctx.app.inject({ url: `/api/v1/projects/?${paged}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { projects: ProjectCard[]; total: number; pages: number } }>().data;
  };
  const titles = async (query: string) => (await list(query)).projects.map((p) => p.title);

  it('ranks a title match above a description match', async () => {
    const ranked = await titles('search=solar');
    expect(ranked.slice(0, 2).sort()).toEqual(['Failed solar boat', 'Solar kettle']);
    expect(ranked[2]).toBe('Camping stove');
  });

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

  it('searches within categories as across all of them: quotes, phrases, negation, a project that moved', async () => {
    const db = ctx.database.db;
    const quotes = (
      await db.insertInto('categories').values({ name: 'Quotes' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const title = `O'Brien's "solar" lamp`;
    const quoted = await createProjectRow(db, {
      creatorId,
      title,
      categoryId: quotes,
      raised: 100,
      goal: 1000,
    });
    try {
      for (const text of [
        'solar',
        "o'brien's solar",
        '"solar kettle"',
        'solar -kettle',
        'stove or lamp',
        'the',
      ]) {
        const across = (await list(`search=${encodeURIComponent(text)}`)).projects;
        const within = await list(`search=${encodeURIComponent(text)}&category=${tech}&category=${quotes}`);
        const expected = across.filter((p) => p.category_id === tech || p.category_id === quotes);
        expect(
          within.projects.map((p) => p.title),
          text,
        ).toEqual(expected.map((p) => p.title));
        expect(within.total, text).toBe(expected.length);
      }
      expect(await titles(`search=brien&category=${quotes}`)).toEqual([title]);
      await db.updateTable('projects').set({ category_id: art }).where('id', '=', quoted).execute();
      expect(await titles(`search=brien&category=${quotes}`)).toEqual([]);
      expect(await titles(`search=brien&category=${art}`)).toEqual([title]);

      // The progress bucket is indexed with the words (migration 0021): a pledge that moves the project moves it
      // between searches, and a project without a goal is found only when no bucket is asked for.
      const within = (progress: string) => titles(`search=brien&category=${art}&progress=${progress}`);
      expect([await within('under25'), await within('funded')]).toEqual([[title], []]);
      await db.updateTable('projects').set({ current_cents: 100_000 }).where('id', '=', quoted).execute();
      expect([await within('under25'), await within('under25&progress=funded')]).toEqual([[], [title]]);
      await db.updateTable('projects').set({ goal_cents: null }).where('id', '=', quoted).execute();
      expect([await within('funded'), await titles(`search=brien&category=${art}`)]).toEqual([[], [title]]);
    } finally {
      await db.deleteFrom('projects').where('id', '=', quoted).execute();
      await db.deleteFrom('categories').where('id', '=', quotes).execute();
    }
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

  it('answers SQL-meaningful, long and emoji search text correctly, never a 500', async () => {
    for (const text of [
      "o'brien",
      '"solar kettle"',
      '100%',
      'a_b',
      'back\\slash',
      "'; drop table projects; --",
      'solar -kettle',
      'or',
      '🔥🚀',
      '((((',
    ]) {
      const search = await ctx.app.inject(`/api/v1/projects/?search=${encodeURIComponent(text)}`);
      expect([text, search.statusCode]).toEqual([text, 200]);
      const typeahead = await ctx.app.inject(`/api/v1/projects/search?q=${encodeURIComponent(text)}`);
      expect([text, typeahead.statusCode]).toEqual([text, 200]);
    }
    expect(await titles(`search=${encodeURIComponent('solar -kettle')}`)).toEqual([
      'Failed solar boat',
      'Camping stove',
    ]);
    const pct = await ctx.app.inject(`/api/v1/projects/search?q=${encodeURIComponent('%')}`);
    expect(pct.json().data.projects).toEqual([]);
    const long = 'x'.repeat(201);
    expect((await ctx.app.inject(`/api/v1/projects/?search=${long}`)).statusCode).toBe(400);
    expect((await ctx.app.inject(`/api/v1/projects/search?q=${long}`)).statusCode).toBe(400);
    expect((await ctx.app.inject('/api/v1/projects/search?q=')).json()).toEqual({ data: { projects: [] } });
  });

  it('suggests at most five public titles with their category as you type', async () => {
    const response = await ctx.app.inject('/api/v1/projects/search?q=sola');
    const projects = response.json<{
      data: { projects: { id: number; title: string; category_name: string }[] };
    }>().data.projects;
    expect(projects.map((p) => p.title).sort()).toEqual(['Failed solar boat', 'Solar kettle']);
    expect(projects[0]).toEqual({ id: expect.any(Number), title: expect.any(String), category_name: 'Tech' });
    const typo = await ctx.app.inject('/api/v1/projects/search?q=solr%20kettle');
    expect(typo.json().data.projects[0].title).toBe('Solar kettle');
    for (let i = 0; i < 7; i++)
      await createProjectRow(ctx.database.db, { creatorId, title: `Lamp number ${i}` });
    // Written straight to the database, as another instance would: the titles are read again after 10 s.
    now = new Date(now.getTime() + 11_000);
    await vi.waitFor(async () =>
      expect((await ctx.app.inject('/api/v1/projects/search?q=lamp')).json().data.projects).toHaveLength(5),
    );
  });

  it('keeps suggestions for a moment, but forgets them when a project changes here', async () => {
    const db = ctx.database.db;
    const suggest = async (q: string) =>
      (await ctx.app.inject(`/api/v1/projects/search?q=${q}`))
        .json<{
          data: { projects: { title: string }[] };
        }>()
        .data.projects.map((p) => p.title);
    const id = await createProjectRow(db, { creatorId, title: 'Quokka kite' });
    now = new Date(now.getTime() + 11_000);
    await vi.waitFor(async () => expect(await suggest('quokka')).toEqual(['Quokka kite']));
    // A change made elsewhere (another instance) shows once the short cache time has passed.
    await db.updateTable('projects').set({ title: 'Quokka glider' }).where('id', '=', id).execute();
    expect(await suggest('quokka')).toEqual(['Quokka kite']);
    now = new Date(now.getTime() + 11_000);
    // The titles are read again in the background: the answers meanwhile come from the last ones.
    await vi.waitFor(async () => expect(await suggest('quokka')).toEqual(['Quokka glider']));
    // A revocation through this instance is reflected at once.
    const admin = await signedInUser(ctx, { admin: true });
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'Duplicate' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await suggest('quokka')).toEqual([]);
  });

  it('builds its titles again when one changes on any instance, and orders them by backers every few minutes', async () => {
    const db = ctx.database.db;
    const suggest = async (q: string) =>
      (await ctx.app.inject(`/api/v1/projects/search?q=${q}`))
        .json<{ data: { projects: { title: string; category_name: string | null }[] } }>()
        .data.projects.map((p) => `${p.title} (${p.category_name})`);
    const category = (
      await db.insertInto('categories').values({ name: 'Music' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const drum = await createProjectRow(db, { creatorId, title: 'Wombat drum', categoryId: category });
    const flute = await createProjectRow(db, { creatorId, title: 'Wombat flute', categoryId: category });
    now = new Date(now.getTime() + 11_000);
    // As many backers, the newer first.
    await vi.waitFor(async () =>
      expect(await suggest('wombat')).toEqual(['Wombat flute (Music)', 'Wombat drum (Music)']),
    );

    // Pledges made elsewhere move only the counters: the index is not built again for them...
    await db.updateTable('projects').set({ backers_count: 40 }).where('id', '=', drum).execute();
    now = new Date(now.getTime() + 11_000);
    for (let check = 0; check < 5; check++) {
      expect(await suggest('wombat')).toEqual(['Wombat flute (Music)', 'Wombat drum (Music)']);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // ...until the order is due again.
    now = new Date(now.getTime() + 5 * 60_000);
    await vi.waitFor(async () =>
      expect(await suggest('wombat')).toEqual(['Wombat drum (Music)', 'Wombat flute (Music)']),
    );

    // A category renamed, then a project rejected, written straight to the database as another instance would.
    await db.updateTable('categories').set({ name: 'Sound' }).where('id', '=', category).execute();
    now = new Date(now.getTime() + 11_000);
    await vi.waitFor(async () =>
      expect(await suggest('wombat')).toEqual(['Wombat drum (Sound)', 'Wombat flute (Sound)']),
    );
    await db.updateTable('projects').set({ status: 'REJECTED' }).where('id', '=', flute).execute();
    now = new Date(now.getTime() + 11_000);
    await vi.waitFor(async () => expect(await suggest('wombat')).toEqual(['Wombat drum (Sound)']));
    // Out of the way of the discovery tests, which rank running campaigns by their backers.
    await db.updateTable('projects').set({ status: 'REJECTED' }).where('id', '=', drum).execute();
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
    // The ranking is worked out once a minute; the cards' figures are always current.
    expect((await discover())[0]?.title).toBe('Camping stove');
    now = new Date(now.getTime() + 61_000);
    const trending = await discover();
    expect(trending[0]?.title).toBe('Clay pots');
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
    expect(response.json().data.social_links.twitter).toContain(encodeURIComponent(url));
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
