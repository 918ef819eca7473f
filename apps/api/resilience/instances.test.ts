import { Redis } from 'ioredis';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coverPng, inDays } from '../src/test/projects';
import { startS3Server, type TestS3Server } from '../src/test/s3-server';
import { createScratchDatabase, type ScratchDatabase } from './support/database';
import {
  createActiveProject,
  createReward,
  eventually,
  isPaymentAcknowledged,
  moneyOf,
  saveCardInSandbox,
  pledge,
  projectForm,
  registerAndSignIn,
} from './support/fixtures';
import { HttpClient } from './support/http';
import { type Instance, startInstance, tailOfLogs } from './support/instance';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The login route's own budget (auth.routes.ts): 10 a minute per address. */
const LOGIN_LIMIT = 10;

describe('two instances on one database, one Redis and one bucket', () => {
  let database: ScratchDatabase;
  let s3: TestS3Server;
  let a: Instance;
  let b: Instance;
  /** Every visitor's address, so that only their rate-limit counters are removed from the shared Redis. */
  const visitors: HttpClient[] = [];
  const visitor = (instance: Instance) => {
    const client = new HttpClient(instance.url);
    visitors.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createScratchDatabase();
    s3 = await startS3Server();
    // Each instance has a DATA_DIR of its own (a disk they do not share); uploads go to the bucket.
    const env = { DATABASE_URL: database.url, REDIS_URL, RATE_LIMITS: 'on', ...s3.env() };
    // Both start at once on the empty database, as in a rolling deployment: each migrates or waits.
    [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([database?.drop(), s3?.close()]);
    const redis = new Redis(REDIS_URL);
    for (const { sourceAddress } of visitors) {
      // The default budget's key, and one per route with a budget of its own.
      const keys = [`fundry-rl:${sourceAddress}`, ...(await redis.keys(`fundry-rl:*-${sourceAddress}`))];
      await redis.del(...keys);
    }
    await redis.quit();
  });

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(tailOfLogs([a, b])));
  });

  it('counts rate limits across both instances', async () => {
    const onA = visitor(a);
    const onB = onA.at(b.url);
    const attempt = (client: HttpClient) =>
      client.post('/api/v1/auth/login', {
        json: { email: 'nobody@example.test', password: 'not the password' },
      });

    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i += 1) statuses.push((await attempt(i % 2 === 0 ? onA : onB)).status);
    // Each instance saw only half of them: only a shared count refuses the next one.
    expect(statuses).toEqual(Array.from({ length: LOGIN_LIMIT }, () => 401));

    for (const client of [onA, onB]) {
      const refused = await attempt(client);
      expect(refused.status).toBe(429);
      expect(refused.json().error).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('keeps a session made on one instance valid on the other, and its sign-out too', async () => {
    const onA = visitor(a);
    const onB = onA.at(b.url);
    const person = await registerAndSignIn(onA, database.db);

    const profile = await onB.withToken(person.tokens.access_token).get('/api/v1/profile');
    expect(profile.status).toBe(200);
    expect(profile.json().data.user.email).toBe(person.email);

    const refreshed = await onB.post('/api/v1/auth/refresh', {
      json: { refresh_token: person.tokens.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    const { access_token, refresh_token } = refreshed.json();
    expect((await onA.withToken(access_token).get('/api/v1/profile')).status).toBe(200);

    expect((await onA.withToken(access_token).delete('/api/v1/auth/logout')).status).toBe(200);
    const afterSignOut = await onB.post('/api/v1/auth/refresh', { json: { refresh_token } });
    expect(afterSignOut.status).toBe(401);
  });

  it('settles ended campaigns, collects and releases their pledges, and expires a lapsed reservation once, with both running the jobs', async () => {
    const { db } = database;
    const onA = visitor(a);
    const onB = onA.at(b.url);
    const admin = await registerAndSignIn(visitor(a), db, { admin: true });
    const creator = await registerAndSignIn(visitor(b), db);
    const [first, second, third, fourth] = await Promise.all([
      registerAndSignIn(visitor(a), db),
      registerAndSignIn(visitor(b), db),
      registerAndSignIn(visitor(a), db),
      registerAndSignIn(visitor(b), db),
    ]);

    // Funded: 110 of 100 in saved cards, one with a reward; a fresh and a lapsed reservation too.
    const funded = await createActiveProject(creator, admin, db, { goal_amount: '100' });
    const reward = await createReward(creator, funded, 5);
    const saved = [await pledge(first, funded, 60, reward), await pledge(second, funded, 50)];
    // The failed all-or-nothing campaign: its saved cards are released, never charged.
    const failed = await createActiveProject(creator, admin, db, { goal_amount: '1000' });
    saved.push(
      await pledge(first, failed, 20),
      await pledge(second, failed, 30),
      await pledge(third, failed, 40),
    );
    for (const [i, checkout] of saved.entries()) {
      expect(
        isPaymentAcknowledged(await saveCardInSandbox(i % 2 === 0 ? onA : onB, checkout), checkout),
      ).toBe(true);
    }
    const fresh = await pledge(third, funded, 10, reward);
    const lapsed = await pledge(fourth, funded, 10, reward);

    // Fixture: both campaigns ended two days ago; the lapsed checkout expired an hour ago.
    await db
      .updateTable('projects')
      .set({ start_date: sql`current_date - 10`, end_date: sql`current_date - 2` })
      .where('id', 'in', [funded, failed])
      .execute();
    await db
      .updateTable('donations')
      .set({ expires_at: sql`now() - interval '1 hour'` })
      .where('id', '=', lapsed.donationId)
      .execute();

    const donationStatus = async (id: number) =>
      (await db.selectFrom('donations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    // The jobs run every minute, on whichever instance takes the tick.
    await eventually(
      'both campaigns settled, the funded one collected, the failed one released, the lapsed checkout expired',
      async () =>
        (await moneyOf(db, funded)).status === 'SUCCESSFUL' &&
        (await moneyOf(db, funded)).succeeded.count === 2 &&
        (await moneyOf(db, failed)).status === 'FAILED' &&
        (await moneyOf(db, failed)).counters.cents === 0 &&
        (await donationStatus(lapsed.donationId)) === 'EXPIRED',
      100_000,
      1_000,
    );
    // Give a second, concurrent run every chance to show itself.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const results = await db
      .selectFrom('notifications')
      .select(['project_id', 'user_id', 'type'])
      .where('project_id', 'in', [funded, failed])
      .where('type', 'in', ['CAMPAIGN_RESULT', 'REFUND'])
      .orderBy('id')
      .execute();
    const notified = (projectId: number, type: string) =>
      results
        .filter((row) => row.project_id === projectId && row.type === type)
        .map((row) => row.user_id)
        .sort((x, y) => x - y);
    const ids = (...people: { id: number }[]) => people.map((person) => person.id).sort((x, y) => x - y);
    expect(notified(funded, 'CAMPAIGN_RESULT')).toEqual(ids(creator, first, second));
    expect(notified(failed, 'CAMPAIGN_RESULT')).toEqual(ids(creator, first, second, third));
    // Nothing was charged on the failed campaign, so nothing is refunded.
    expect(notified(failed, 'REFUND')).toEqual([]);
    expect(notified(funded, 'REFUND')).toEqual([]);

    const resultMails = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', creator.email)
      .where('subject', '=', 'Your campaign has ended')
      .execute();
    expect(resultMails).toHaveLength(2);

    const ledger = await db
      .selectFrom('ledger_entries')
      .select(['project_id', 'donation_id', 'kind', 'gross_cents'])
      .where('project_id', 'in', [funded, failed])
      .execute();
    const rows = (projectId: number, kind: string) =>
      ledger
        .filter((row) => row.project_id === projectId && row.kind === kind)
        .map((row) => Number(row.gross_cents))
        .sort((x, y) => x - y);
    expect(rows(funded, 'donation')).toEqual([5000, 6000]);
    expect(rows(funded, 'refund')).toEqual([]);
    expect(rows(failed, 'donation')).toEqual([]);
    expect(rows(failed, 'refund')).toEqual([]);
    const released = await db
      .selectFrom('donations')
      .select('status')
      .where('project_id', '=', failed)
      .execute();
    expect(released.map((row) => row.status)).toEqual(['RELEASED', 'RELEASED', 'RELEASED']);

    expect(await moneyOf(db, funded)).toMatchObject({
      counters: { cents: 11_000, backers: 2 },
      succeeded: { cents: 11_000, backers: 2, count: 2 },
      ledger: { gross: 11_000 },
    });
    expect(await moneyOf(db, failed)).toMatchObject({
      counters: { cents: 0, backers: 0 },
      ledger: { gross: 0 },
    });

    // One reservation released: the paid one is claimed, the fresh one still held.
    expect(await donationStatus(fresh.donationId)).toBe('PENDING');
    const stock = await db
      .selectFrom('rewards')
      .select(['quantity_claimed', 'quantity_reserved'])
      .where('id', '=', reward)
      .executeTakeFirstOrThrow();
    expect(stock).toEqual({ quantity_claimed: 1, quantity_reserved: 1 });

    // A backer's projects are rows kept by triggers in the jobs' own transactions: read through either instance,
    // the settled campaigns have moved to their new status, the released pledge left at nothing.
    const backed = async (person: { client: HttpClient }, instance: Instance, status: string) => {
      const response = await person.client
        .at(instance.url)
        .get(`/api/v1/backers/me/backed-projects?status=${status}`);
      expect(response.status).toBe(200);
      return response
        .json<{ data: { id: number; total_amount: number }[] }>()
        .data.map((project) => [project.id, project.total_amount]);
    };
    expect(await backed(first, b, 'SUCCESSFUL')).toEqual([[funded, 60]]);
    expect(await backed(first, a, 'FAILED')).toEqual([[failed, 0]]);
    expect(await backed(third, b, 'ACTIVE')).toEqual([]);
    expect(await backed(third, a, 'FAILED')).toEqual([[failed, 0]]);
  });

  it("shows a payment and a reward edit made through one instance on the other's project page within a second", async () => {
    const { db } = database;
    const onB = visitor(b);
    const admin = await registerAndSignIn(visitor(a), db, { admin: true });
    const creator = await registerAndSignIn(visitor(a), db);
    const backer = await registerAndSignIn(visitor(a), db);
    const project = await createActiveProject(creator, admin, db, { goal_amount: '500' });
    const reward = await createReward(creator, project, 20);
    const pageOnB = async () => {
      const [stats, rewards] = await Promise.all([
        onB.get(`/api/v1/backers/projects/${project}/public-stats`),
        onB.get(`/api/v1/rewards/projects/${project}/rewards`),
      ]);
      return {
        raised: stats.json<{ data: { total_amount: number } }>().data.total_amount,
        rewardTitles: rewards.json<{ data: { title: string }[] }>().data.map((item) => item.title),
      };
    };
    // B holds the page in memory, as it would for a campaign everyone is looking at.
    expect(await pageOnB()).toEqual({ raised: 0, rewardTitles: ['Early lantern'] });
    expect(await pageOnB()).toEqual({ raised: 0, rewardTitles: ['Early lantern'] });

    const checkout = await pledge(backer, project, 75, reward);
    expect(isPaymentAcknowledged(await saveCardInSandbox(backer.client, checkout), checkout)).toBe(true);
    await eventually(
      'the pledge on the page of instance B',
      async () => (await pageOnB()).raised === 75,
      1_000,
      20,
    );

    const renamed = await creator.client.put(`/api/v1/rewards/projects/${project}/rewards/${reward}`, {
      json: {
        title: 'Early brass lantern',
        description: 'One of the first lanterns off the line',
        minimum_amount: 5,
        quantity_available: 20,
        estimated_delivery_date: inDays(60),
      },
    });
    expect(renamed.status).toBe(200);
    await eventually(
      'the renamed reward on the page of instance B',
      async () => (await pageOnB()).rewardTitles[0] === 'Early brass lantern',
      1_000,
      20,
    );
  });

  it('serves an upload made through one instance from the other', async () => {
    const onA = visitor(a);
    const creator = await registerAndSignIn(onA, database.db);
    const cover = await coverPng();
    const form = await projectForm(database.db, {}, [
      { field: 'image_file', filename: 'cover.png', contentType: 'image/png', bytes: cover },
    ]);
    const created = await creator.client.post('/api/v1/projects', {
      body: form.payload,
      headers: form.headers,
    });
    expect(created.status).toBe(201);
    const imageUrl: string = created.json().data.image_url;
    expect(imageUrl).toMatch(/^\/uploads\//);

    const fromB = await onA.at(b.url).get(imageUrl);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toMatch(/^image\//);
    expect(await sharp(fromB.body).metadata()).toMatchObject({ width: 1200, height: 800 });
    const fromA = await onA.get(imageUrl);
    expect(fromA.body.equals(fromB.body)).toBe(true);
  });
});
