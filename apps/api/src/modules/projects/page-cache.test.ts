import net from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_APPLICATION_NAME } from '../../db/database';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { createTestDatabase, databaseKinds } from '../../test/databases';
import { inDays } from '../../test/projects';
import { ProjectPageCache } from './page-cache';
import { FEED_APPLICATION_NAME, ProjectChangeFeed } from './project-changes';

const silentLog = pino({ level: 'silent' });

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Issue 17: what another instance or a job commits reaches this instance's cache within this. */
const ONE_SECOND = { timeout: 1_000, interval: 20 };

// The cache listens to PostgreSQL's notifications; on PGlite every read goes to the database.
describe.skipIf(!databaseKinds.includes('postgres'))('project page cache on postgres', () => {
  let ctx: TestContext;
  let creator: User;
  let backer: User;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    [creator, backer, admin] = await Promise.all([
      signedInUser(ctx),
      signedInUser(ctx),
      signedInUser(ctx, { admin: true }),
    ]);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const page = async (id: number, headers: Record<string, string> = {}) => {
    const [project, stats, rewards] = await Promise.all([
      ctx.app.inject({ url: `/api/v1/projects/${id}`, headers }),
      ctx.app.inject({ url: `/api/v1/backers/projects/${id}/public-stats`, headers }),
      ctx.app.inject({ url: `/api/v1/rewards/projects/${id}/rewards`, headers }),
    ]);
    return {
      status: project.statusCode,
      title: project.json()?.data?.title as string | undefined,
      creatorName: project.json()?.data?.creator?.full_name as string | undefined,
      raised: stats.json()?.data?.total_amount as number | undefined,
      rewards: ((rewards.json()?.data ?? []) as Array<{ title: string }>).map((reward) => reward.title),
    };
  };
  /** A write nobody announces: what the page then shows comes from memory, not from the database. */
  const quietly = async (table: 'projects' | 'rewards' | 'users', write: () => Promise<unknown>) => {
    const trigger = sql.raw(`${table}_notify_change`);
    await sql`alter table ${sql.table(table)} disable trigger ${trigger}`.execute(db());
    try {
      await write();
    } finally {
      await sql`alter table ${sql.table(table)} enable trigger ${trigger}`.execute(db());
    }
  };
  /** Until the feed has heard of them, the test's own inserts would clear the cache behind its back. */
  const caughtUp = () => ctx.app.projectChanges!.fence();
  const setTitle = (id: number, title: string) =>
    db().updateTable('projects').set({ title }).where('id', '=', id).execute();

  it('serves a public project page from memory and forgets it when the database announces a change', async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Lantern', raised: 100 });
    await caughtUp();
    expect(await page(id)).toMatchObject({ status: 200, title: 'Lantern', raised: 100 });

    await quietly('projects', () => setTitle(id, 'Lantern, quietly renamed'));
    expect(await page(id)).toMatchObject({ title: 'Lantern', raised: 100 });

    // As a job or another instance would: a write on another connection, announced by its trigger.
    await db().updateTable('projects').set({ current_cents: 25_000 }).where('id', '=', id).execute();
    await expect
      .poll(() => page(id), ONE_SECOND)
      .toMatchObject({ title: 'Lantern, quietly renamed', raised: 250 });
  });

  it("answers visitors with one encoding of the page, kept with its parts: a stranger's answer, change for change", async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Kiln', raised: 100 });
    await caughtUp();
    const visitor = () => ctx.app.inject({ url: `/api/v1/projects/${id}` });
    const stranger = async () =>
      (await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: backer.headers })).json();
    const first = await visitor();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual(await stranger());
    // The same bytes from memory while nothing changes, even what a write nobody announced changed.
    await quietly('projects', () => setTitle(id, 'Kiln, quietly renamed'));
    expect((await visitor()).body).toBe(first.body);

    await db().updateTable('projects').set({ current_cents: 25_000 }).where('id', '=', id).execute();
    await expect
      .poll(async () => (await visitor()).json().data, ONE_SECOND)
      .toMatchObject({ title: 'Kiln, quietly renamed', current_amount: 250 });
    expect((await visitor()).json()).toEqual(await stranger());
  });

  it('shows list and discovery cards from the same memory, as fresh as the project page; a search reads the database', async () => {
    const id = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Zeppelin lamp',
      featured: true,
      raised: 100,
    });
    await caughtUp();
    const cards = async () => {
      const [list, discovery] = await Promise.all([
        ctx.app.inject({ url: '/api/v1/projects/?sort=newest' }),
        ctx.app.inject({ url: '/api/v1/projects/discovery' }),
      ]);
      const shown = (cards: Array<{ id: number; title: string; current_amount: number }>) =>
        cards
          .filter((card) => card.id === id)
          .map(({ title, current_amount }) => ({ title, current_amount }));
      return { list: shown(list.json().data.projects), featured: shown(discovery.json().data.featured) };
    };
    const seen = (title: string, raised: number) => [{ title, current_amount: raised }];
    expect(await cards()).toEqual({ list: seen('Zeppelin lamp', 100), featured: seen('Zeppelin lamp', 100) });

    // The cards come from memory until a change is announced; a search reads its page whole from the database.
    await quietly('projects', () => setTitle(id, 'Zeppelin lamp, quietly renamed'));
    expect(await cards()).toEqual({ list: seen('Zeppelin lamp', 100), featured: seen('Zeppelin lamp', 100) });
    const searched = await ctx.app.inject({ url: '/api/v1/projects/?search=zeppelin' });
    expect(searched.json().data).toMatchObject({
      total: 1,
      projects: [{ id, title: 'Zeppelin lamp, quietly renamed', current_amount: 100 }],
    });
    // On the pool of its own that keeps generic plans.
    const searchConnections = await sql<{ query: string }>`
      select query from pg_stat_activity
      where application_name = ${SEARCH_APPLICATION_NAME} and datname = current_database()`.execute(db());
    expect(searchConnections.rows.map((row) => row.query).join()).toContain('project_records');

    await db().updateTable('projects').set({ current_cents: 25_000 }).where('id', '=', id).execute();
    const renamed = seen('Zeppelin lamp, quietly renamed', 250);
    await expect.poll(cards, ONE_SECOND).toEqual({ list: renamed, featured: renamed });

    // Taken down elsewhere: gone from both within a second, whatever was picked or kept before.
    await db().updateTable('projects').set({ status: 'REJECTED' }).where('id', '=', id).execute();
    await expect.poll(cards, ONE_SECOND).toEqual({ list: [], featured: [] });
  });

  it("shows a backer's projects from the same memory, with their own pledge beside each card", async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Sundial' });
    await backProject(ctx, backer.headers, id, { amount: 30 });
    await caughtUp();
    const backed = async () => {
      const response = await ctx.app.inject({
        url: '/api/v1/backers/me/backed-projects?per_page=50',
        headers: backer.headers,
      });
      return (response.json().data as Array<{ id: number; title: string; pledge: { amount: number } }>)
        .filter((card) => card.id === id)
        .map(({ title, pledge }) => ({ title, pledged: pledge.amount }));
    };
    expect(await backed()).toEqual([{ title: 'Sundial', pledged: 30 }]);

    await quietly('projects', () => setTitle(id, 'Sundial, quietly renamed'));
    expect(await backed()).toEqual([{ title: 'Sundial', pledged: 30 }]);

    await db().updateTable('projects').set({ current_cents: 25_000 }).where('id', '=', id).execute();
    await expect.poll(backed, ONE_SECOND).toEqual([{ title: 'Sundial, quietly renamed', pledged: 30 }]);
  });

  it('finds the project of its comments, updates and questions in the same memory; a comment posted reads the database', async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Windmill' });
    await backProject(ctx, backer.headers, id, { amount: 30 });
    await caughtUp();
    const community = async () =>
      Promise.all(
        ['comments', 'updates', 'faqs'].map(
          async (list) => (await ctx.app.inject({ url: `/api/v1/projects/${id}/${list}` })).statusCode,
        ),
      );
    const postComment = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/projects/${id}/comments`,
          headers: backer.headers,
          payload: { body: 'When does it ship?' },
        })
      ).statusCode;
    expect(await community()).toEqual([200, 200, 200]);

    // Taken down without a word: the lists still answer from memory, but a comment is refused at once.
    await quietly('projects', () =>
      db().updateTable('projects').set({ status: 'REJECTED' }).where('id', '=', id).execute(),
    );
    expect(await community()).toEqual([200, 200, 200]);
    expect(await postComment()).toBe(404);

    // Announced, as a job or another instance would: hidden from every list within a second.
    await db().updateTable('projects').set({ title: 'Windmill, taken down' }).where('id', '=', id).execute();
    await expect.poll(community, ONE_SECOND).toEqual([404, 404, 404]);
  });

  it('answers every write with what it wrote: a reward, a pledge, moderation', async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Kettle' });
    expect(await page(id)).toMatchObject({ rewards: [], raised: 0 });

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
    expect((await page(id)).rewards).toEqual(['Copper kettle']);

    await backProject(ctx, backer.headers, id, { amount: 45 });
    expect((await page(id)).raised).toBe(45);

    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'Misleading claims about the kettle' },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await page(id)).status).toBe(404);
  });

  it('never keeps a project others may not see', async () => {
    const id = await createProjectRow(db(), {
      creatorId: creator.user.id,
      status: 'PENDING',
      title: 'Draft',
    });
    expect(await page(id, creator.headers)).toMatchObject({ status: 200, title: 'Draft' });
    expect((await page(id)).status).toBe(404);

    await quietly('projects', () => setTitle(id, 'Draft, renamed'));
    expect(await page(id, creator.headers)).toMatchObject({ title: 'Draft, renamed' });
    expect(await page(id, admin.headers)).toMatchObject({ title: 'Draft, renamed' });
  });

  it("shows the creator's new name on every project of theirs", async () => {
    const first = await createProjectRow(db(), { creatorId: creator.user.id });
    const second = await createProjectRow(db(), { creatorId: creator.user.id });
    await Promise.all([page(first), page(second)]);

    await db()
      .updateTable('users')
      .set({ full_name: 'Maya the Maker' })
      .where('id', '=', creator.user.id)
      .execute();
    for (const id of [first, second])
      await expect.poll(async () => (await page(id)).creatorName, ONE_SECOND).toBe('Maya the Maker');
  });

  it('reads the database while it cannot hear the changes, and trusts memory again once it listens', async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Bell' });
    await caughtUp();
    await page(id);
    const listeners = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity
                           where application_name = ${FEED_APPLICATION_NAME} and datname = current_database()`
        .execute(db())
        .then((result) => result.rows);
    expect(await listeners()).toHaveLength(1);

    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = ${FEED_APPLICATION_NAME} and datname = current_database()`.execute(
      db(),
    );
    await expect.poll(async () => (await page(id)).title, ONE_SECOND).toBe('Bell');
    await quietly('projects', () => setTitle(id, 'Bell, while deaf'));
    expect((await page(id)).title).toBe('Bell, while deaf');

    // It reconnects within a few seconds and listens again; from then on memory serves.
    await expect.poll(() => ctx.app.projectChanges!.listening, { timeout: 10_000, interval: 100 }).toBe(true);
    expect(await listeners()).toHaveLength(1);
    await page(id);
    await quietly('projects', () => setTitle(id, 'Bell, unannounced'));
    expect((await page(id)).title).toBe('Bell, while deaf');
  });
});

/**
 * A TCP hop to the database that can go silent, as a network cut looks from one side: open connections stay open
 * but nothing passes, and new ones are accepted and never answered.
 */
async function silenceableHop(target: URL) {
  let silent = false;
  const sockets: net.Socket[] = [];
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    sockets.push(client);
    if (silent) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    upstream.on('error', () => undefined);
    sockets.push(upstream);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const via = new URL(target);
  via.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: via.toString(),
    silence() {
      silent = true;
      for (const socket of sockets) socket.unpipe();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe.skipIf(!databaseKinds.includes('postgres'))('project change feed on postgres', () => {
  it('stops trusting memory within three seconds when its connection goes silent without closing', async () => {
    const database = await createTestDatabase('postgres');
    const hop = await silenceableHop(new URL(database.url!));
    const cache = new ProjectPageCache(60_000, () => Date.now());
    const feed = new ProjectChangeFeed(hop.url, [cache], silentLog);
    try {
      await feed.start();
      expect(feed.listening).toBe(true);
      hop.silence();
      await expect.poll(() => feed.listening, { timeout: 4_000, interval: 50 }).toBe(false);
    } finally {
      await feed.close();
      hop.close();
      await database.close();
    }
  });
});
