import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { type Discovery, openDiscovery } from './discovery.fixtures';

/** Searching the public list, and the suggestions typed into the search box. */
describe.each(databaseKinds)('discovery on %s', (kind) => {
  let { ctx, creatorId, tech, art, list, titles } = {} as Discovery;
  let now = new Date();

  beforeAll(async () => {
    ({ ctx, creatorId, tech, art, list, titles } = await openDiscovery(kind, () => now));
  });
  afterAll(() => ctx.close());

  it('ranks a title match above a description match', async () => {
    const ranked = await titles('search=solar');
    expect(ranked.slice(0, 2).sort()).toEqual(['Failed solar boat', 'Solar kettle']);
    expect(ranked[2]).toBe('Camping stove');
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
});
